// Formatted with \r\n line breaks (TestLineBreaks), this file is written
// with \r\n throughout: its code block and comments byte for byte.   


def  A :B {
      let body = [{
    return  x;

  }];  
/* a block
     comment */
}
#ifdef X  
def C : D<[E,F]>;
#endif
