// Only A is guarded. From A, the cycle A -> B -> C -> A ends at A's guard.
// From B, the chain B -> C -> A -> B -> C -> A is cut by A's guard only on
// its second round: B and C are read twice and llvm-tblgen redefines
// their records.
#ifndef A_TD
#define A_TD
include "B.td"
def FromA;
#endif
