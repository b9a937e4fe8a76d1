// Ops exercising what --gen-op-decls emits: properties, optional and
// default-valued attributes, derived attributes, variadic-of-variadic
// operands, side effects, custom and deprecated builders, interface method
// declarations, folders, canonicalizers and formats.
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"

def Edge_Dialect : Dialect {
  let name = "edge";
  let cppNamespace = "::edge::ns";
}

class Edge_Op<string mnemonic, list<Trait> traits = []> :
    Op<Edge_Dialect, mnemonic, traits>;

def Edge_PropsOp : Edge_Op<"props"> {
  let summary = "  props with defaults  ";
  let description = [{
    First line.

      An indented line.
  }];
  let arguments = (ins I32Prop:$count, DefaultValuedProp<I64Prop, "7">:$width,
                       OptionalAttr<I64Attr>:$opt, DefaultValuedAttr<BoolAttr, "false">:$flag,
                       UnitAttr:$unit, StrAttr:$label, OptionalAttr<UnitAttr>:$maybe_unit);
  let results = (outs Variadic<AnyType>:$outs);
}

def Edge_DerivedOp : Edge_Op<"derived"> {
  let arguments = (ins AnyType:$in);
  let results = (outs AnyType:$out);
  DerivedAttr element_count = DerivedAttr<"int64_t", [{ return 1; }],
      [{ $_builder.getI64IntegerAttr($_self) }]>;
  DerivedTypeAttr element_type = DerivedTypeAttr<[{ return getOut().getType(); }]>;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Edge_GroupsOp : Edge_Op<"groups", [AttrSizedOperandSegments, AttrSizedResultSegments]> {
  let arguments = (ins VariadicOfVariadic<AnyType, "group_sizes">:$groups,
                       DenseI32ArrayAttr:$group_sizes, Variadic<I32>:$rest, Optional<I64>:$maybe);
  let results = (outs Variadic<AnyType>:$a, Optional<I32>:$b, Variadic<F32>:$c);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Edge_EffectsOp : Edge_Op<"effects", [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let arguments = (ins Arg<AnyType, "read", [MemRead]>:$src,
                       Arg<AnyType, "written", [MemWrite]>:$dst,
                       Arg<FlatSymbolRefAttr, "callee", [MemRead]>:$callee,
                       Arg<OptionalAttr<SymbolRefAttr>, "other", [MemWrite]>:$other);
  let results = (outs Res<AnyType, "alloc", [MemAlloc]>:$res);
}

def Edge_BuildersOp : Edge_Op<"builders", [SameOperandsAndResultType,
    DeclareOpInterfaceMethods<InferTypeOpInterface, ["refineReturnTypes"]>]> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs, DefaultValuedAttr<I32Attr, "3">:$k);
  let results = (outs AnyType:$res);
  let builders = [
    OpBuilder<(ins "::mlir::Value":$lhs, CArg<"int", "0">:$n), [{ build($_builder, $_state, lhs, lhs); }]>,
    OpBuilder<(ins "::mlir::Value", "::mlir::Value")>,
    DeprecatedOpBuilder<"use the other one \"please\"", (ins "float":$f)>,
    OpBuilder<(ins "::mlir::Type":$location, "::mlir::Value":$location_)>
  ];
  let hasCanonicalizeMethod = 1;
}

def Edge_OnlyCustomOp : Edge_Op<"only_custom", [FirstAttrDerivedResultType]> {
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs AnyType:$res);
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::mlir::TypedAttr":$value)>];
}

def Edge_FirstAttrOp : Edge_Op<"first_attr", [FirstAttrDerivedResultType]> {
  let arguments = (ins TypedAttrInterface:$value, OptionalAttr<F32Attr>:$scale);
  let results = (outs AnyType:$res);
  let hasFolder = 1;
}

def Edge_BranchOp : Edge_Op<"branch", [Terminator, AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<AnyType>:$a, Variadic<AnyType>:$b);
  let successors = (successor AnySuccessor:$first, VariadicSuccessor<AnySuccessor>:$others);
  let regions = (region SizedRegion<1>:$body, VariadicRegion<AnyRegion>:$more);
}

def Edge_MultiResultOp : Edge_Op<"multi", [Pure]> {
  let arguments = (ins I32:$x, I32Attr:$n);
  let results = (outs I32:$low, I32:$high);
  let assemblyFormat = "$x attr-dict";
  let extraClassDeclaration = [{
    // keeps its indentation
      int twice();
  }];
}

def Edge_PropDictOp : Edge_Op<"prop_dict"> {
  let arguments = (ins I32Prop:$p, I32Attr:$a);
  let assemblyFormat = "prop-dict attr-dict";
}

def Edge_CustomFormatOp : Edge_Op<"custom_format"> {
  let arguments = (ins I32:$x);
  let hasCustomAssemblyFormat = 1;
  let useCustomPropertiesEncoding = 1;
}

def NoNamespaceOp : Op<Edge_Dialect, "no_namespace"> {
  let cppNamespace = "";
  let arguments = (ins UnitAttr:$u);
}

def Edge_SpacedNamespaceOp : Edge_Op<"spaced"> {
  let cppNamespace = "  ::edge::spaced  ";
}
