class R<int n> { R next = R<!add(n, 1)>; }
def x { R r = R<0>; }
def after;
