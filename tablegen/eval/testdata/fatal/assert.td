class A<int n> { assert !gt(n, 0), "n must be positive"; int v = n; }
def x : A<0>;
assert 0, "top-level assertion";
def after : A<1>;
