class A<int d> { int q = !div(10, d); }
def x : A<0>;
def after : A<2>;
