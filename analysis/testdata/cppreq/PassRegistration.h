namespace mine {
#define GEN_PASS_REGISTRATION
#include "Passes.h.inc"
} // namespace mine
