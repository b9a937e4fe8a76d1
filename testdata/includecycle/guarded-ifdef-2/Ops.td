// The ops file includes the base back.
#ifdef OPS_TD
#else
#define OPS_TD

include "Base.td"

def FromOps : Base<2> { int M = !add(N, FromBase.N); }

#endif // OPS_TD
