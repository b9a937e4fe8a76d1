include "A.td"
def FromC;
