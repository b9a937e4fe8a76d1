def s { int l = !shl(1, 64); }
class C<int n> { int i = !sra(1, n); }
def t : C<-1>;
def ok { int i = !srl(-1, 63); }
def after;
