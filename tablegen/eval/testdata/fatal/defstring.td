def Foo5;
def "Foo" # 5;
def after;
