def Self;
include "Self.td"
