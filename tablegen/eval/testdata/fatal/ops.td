def op;
def a { int h = !head(!tail([1])); }
def b { int l = !logtwo(0); }
def c { int c = !cond(0: 1); }
def op3;
def d { dag g = !con((op3 1), (op 2)); }
def e { string s = !substr("abc", 5); }
def f { int g = !getdagarg<int>((op 1), 3); }
def after;
