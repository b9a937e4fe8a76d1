class A { int i = 0; }
def x : A { let i = "not an int"; }
def y { bits<2> b = 7; }
def after : A;
