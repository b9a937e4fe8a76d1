class A { int a = 1; }
def x { A r = !cast<A>("Missing"); }
def after : A;
