include "C.td"
def FromB;
