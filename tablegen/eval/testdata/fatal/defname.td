def Enc5;
def Enc # 5;
def after;
