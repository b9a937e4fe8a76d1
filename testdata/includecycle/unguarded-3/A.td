include "B.td"
def FromA;
