// A dialect's base file: the dialect, then its ops.
#ifdef BASE_TD
#else
#define BASE_TD

class Base<int n> { int N = n; }
def FromBase : Base<1>;

include "Ops.td"

#endif // BASE_TD
