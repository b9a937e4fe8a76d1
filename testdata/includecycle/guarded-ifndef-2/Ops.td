// The ops file includes the base back.
#ifndef OPS_TD
#define OPS_TD

include "Base.td"

def FromOps : Base<2> { int M = !add(N, FromBase.N); }

#endif // OPS_TD
