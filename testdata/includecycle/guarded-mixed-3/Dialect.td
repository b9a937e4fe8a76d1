// A -> B -> C -> A: the dialect includes its types, the types include the
// ops, the ops include the dialect. Guards of both spellings.
#ifndef DIALECT_TD
#define DIALECT_TD

class Named<string n> { string Name = n; }
def TheDialect : Named<"d">;

include "Types.td"

#endif // DIALECT_TD
