include "toy/LayeredBase.td"

def Layered_NopOp : Layered_Op<"nop"> {
  let summary = "Does nothing";
}
