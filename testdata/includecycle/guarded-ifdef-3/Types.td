#ifdef TYPES_TD
#else
#define TYPES_TD

include "Dialect.td"

def TheType : Named<!strconcat(TheDialect.Name, ".t")>;

include "Ops.td"

#endif // TYPES_TD
