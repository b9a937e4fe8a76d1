// Ops with several side-effect interfaces, interface methods with defaults,
// builders whose parameters collide with create()'s, and generated
// builders that replace custom ones.
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/LoopLikeInterface.td"

def Mixed_Dialect : Dialect {
  let name = "mixed";
  let cppNamespace = "::mixed";
}

def Mixed_DebugEffects : EffectOpInterfaceBase<"DebugEffectOpInterface", "::mixed::DebugEffect"> {
  let cppNamespace = "::mixed";
}
class Mixed_DebugEffect<string name> :
    SideEffect<Mixed_DebugEffects, name, DefaultResource, 0, PartialEffect>;
def Mixed_Trace : Mixed_DebugEffect<"::mixed::Trace">;

def Mixed_AllocEffects : EffectOpInterfaceBase<"AllocEffectOpInterface", "::mixed::AllocEffect"> {
  let cppNamespace = "::mixed";
}
def Mixed_Grab : SideEffect<Mixed_AllocEffects, "::mixed::Grab", DefaultResource, 1, FullEffect>;

class Mixed_Op<string mnemonic, list<Trait> traits = []> :
    Op<Mixed_Dialect, mnemonic, traits>;

def Mixed_TwoEffectsOp : Mixed_Op<"two_effects", [
    SideEffectsTraitBase<Mixed_DebugEffects, [Mixed_Trace]>, MemoryEffects<[MemRead]>]> {
  let arguments = (ins Arg<AnyType, "", [Mixed_Grab, MemWrite]>:$x);
  let results = (outs Res<AnyType, "", [Mixed_Trace]>:$y);
}

def Mixed_ThreeEffectsOp : Mixed_Op<"three_effects", [
    SideEffectsTraitBase<Mixed_AllocEffects, [Mixed_Grab]>,
    SideEffectsTraitBase<Mixed_DebugEffects, []>, MemoryEffects<[]>]>;

def Mixed_LoopOp : Mixed_Op<"loop", [
    DeclareOpInterfaceMethods<LoopLikeOpInterface, ["getLoopInductionVars", "getLoopLowerBounds"]>,
    DeclareOpInterfaceMethods<RegionBranchOpInterface>,
    DeclareOpInterfaceMethods<InferTypeOpInterface, ["inferReturnTypes", "isCompatibleReturnTypes"]>,
    RecursiveMemoryEffects]> {
  let arguments = (ins Index:$lb, Index:$ub);
  let results = (outs Variadic<AnyType>:$res);
  let regions = (region SizedRegion<1>:$body);
}

def Mixed_CreateNamesOp : Mixed_Op<"create_names"> {
  let arguments = (ins AnyType:$location, AnyType:$builder);
  let results = (outs AnyType:$location_);
  let builders = [
    OpBuilder<(ins "::mlir::Value":$location, "::mlir::OpBuilder &":$other,
                   CArg<"::mlir::Type", "$_builder.getI32Type()">:$t)>,
    OpBuilder<(ins "::mlir::Type":$location_, "::mlir::Value":$location, "::mlir::Value":$builder)>
  ];
}

def Mixed_ReplacedOp : Mixed_Op<"replaced"> {
  let arguments = (ins AnyType:$in, UnitAttr:$flag);
  let results = (outs AnyType:$out);
  let builders = [
    OpBuilder<(ins "::mlir::Type":$out, "::mlir::Value":$in)>,
    OpBuilder<(ins "::mlir::Value":$in, "bool":$flag)>
  ];
}
