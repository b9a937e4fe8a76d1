def Good : B;
def Bad : B<(ins $x, >;
def Good2 : C;
#ifdef FOO
def X : Y;
#endif
/* a  block
    comment */ def Z : W;
