#ifndef OPS_TD
#define OPS_TD

include "Dialect.td"
include "Types.td"

def TheOp : Named<!strconcat(TheType.Name, ".op")> {
  list<string> Seen = [TheDialect.Name, TheType.Name];
}

#endif // OPS_TD
