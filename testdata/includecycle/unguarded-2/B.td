def FromB;
include "A.td"
