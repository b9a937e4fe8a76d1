// Ops with custom builders of every shape the compile oracle checks DRR's
// build() calls against; their C++ declarations come from
// mlir-tblgen --gen-op-decls of this file.
#ifndef ORACLE_OPS
#define ORACLE_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Oracle_Dialect : Dialect {
  let name = "oracle";
  let cppNamespace = "::oracle";
}

class Oracle_Op<string mnemonic, list<Trait> traits = []> :
    Op<Oracle_Dialect, mnemonic, traits>;

// Two operands and a result whose type no trait gives: only a custom
// builder lets DRR create it without result types.
class BinaryOp<string mnemonic, list<OpBuilder> b> : Oracle_Op<mnemonic> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$res);
  let builders = b;
}

def Oracle_NoBuilderOp : BinaryOp<"no_builder", []>;
def Oracle_ValueBuilderOp : BinaryOp<"value_builder", [
  OpBuilder<(ins "Value":$lhs, "Value":$rhs), [{
    build($_builder, $_state, lhs.getType(), lhs, rhs);
  }]>]>;
def Oracle_QualifiedBuilderOp : BinaryOp<"qualified_builder", [
  OpBuilder<(ins "::mlir::Value":$lhs, "mlir::Value":$rhs)>]>;
def Oracle_DefaultedBuilderOp : BinaryOp<"defaulted_builder", [
  OpBuilder<(ins "Value":$lhs, "Value":$rhs, CArg<"int", "0">:$extra,
                 CArg<"::mlir::Type", "{}">:$type)>]>;
def Oracle_RangeBuilderOp : BinaryOp<"range_builder", [
  OpBuilder<(ins "ValueRange":$lhs, "::mlir::ValueRange":$rhs)>]>;
def Oracle_FoldResultBuilderOp : BinaryOp<"fold_result_builder", [
  OpBuilder<(ins "OpFoldResult":$lhs, "Value":$rhs)>]>;
// Builders that cannot take two values.
def Oracle_OneRangeBuilderOp : BinaryOp<"one_range_builder", [
  OpBuilder<(ins "ValueRange":$operands)>]>;
def Oracle_TypeFirstBuilderOp : BinaryOp<"type_first_builder", [
  OpBuilder<(ins "Type":$type, "Value":$lhs, "Value":$rhs, "bool":$flag)>]>;
def Oracle_WrongKindBuilderOp : BinaryOp<"wrong_kind_builder", [
  OpBuilder<(ins "Value":$lhs, "::mlir::Type":$rhs)>]>;
def Oracle_TypedValueBuilderOp : BinaryOp<"typed_value_builder", [
  OpBuilder<(ins "TypedValue<IntegerType>":$lhs, "Value":$rhs)>]>;
def Oracle_ThreeBuilderOp : BinaryOp<"three_builder", [
  OpBuilder<(ins "Value":$lhs, "Value":$rhs, "Value":$more)>]>;
def Oracle_ScalarBuilderOp : BinaryOp<"scalar_builder", [
  OpBuilder<(ins "Value":$lhs, "int64_t":$rhs)>]>;

// An attribute argument.
class AttrOp<string mnemonic, list<OpBuilder> b> : Oracle_Op<mnemonic> {
  let arguments = (ins AnyType:$input, I64Attr:$count);
  let results = (outs AnyType:$res);
  let builders = b;
}
def Oracle_AttrBuilderOp : AttrOp<"attr_builder", [
  OpBuilder<(ins "Value":$input, "IntegerAttr":$count)>]>;
def Oracle_AnyAttrBuilderOp : AttrOp<"any_attr_builder", [
  OpBuilder<(ins "Value":$input, "::mlir::Attribute":$count)>]>;
def Oracle_RawAttrBuilderOp : AttrOp<"raw_attr_builder", [
  OpBuilder<(ins "Value":$input, "int64_t":$count)>]>;
def Oracle_ValueForAttrBuilderOp : AttrOp<"value_for_attr_builder", [
  OpBuilder<(ins "Value":$input, "Value":$count)>]>;

// A variadic operand.
class VariadicOp<string mnemonic, list<OpBuilder> b> : Oracle_Op<mnemonic> {
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs AnyType:$res);
  let builders = b;
}
def Oracle_RangeVariadicOp : VariadicOp<"range_variadic", [
  OpBuilder<(ins "ValueRange":$inputs)>]>;
def Oracle_ArrayRefVariadicOp : VariadicOp<"array_ref_variadic", [
  OpBuilder<(ins "ArrayRef<Value>":$inputs)>]>;
def Oracle_ValueVariadicOp : VariadicOp<"value_variadic", [
  OpBuilder<(ins "Value":$inputs)>]>;

// A property argument.
class PropOp<string mnemonic, list<OpBuilder> b> : Oracle_Op<mnemonic> {
  let arguments = (ins AnyType:$input, I64Prop:$count);
  let results = (outs AnyType:$res);
  let builders = b;
}
def Oracle_PropBuilderOp : PropOp<"prop_builder", [
  OpBuilder<(ins "Value":$input, "int64_t":$count)>]>;
def Oracle_AttrForPropBuilderOp : PropOp<"attr_for_prop_builder", [
  OpBuilder<(ins "Value":$input, "::mlir::Attribute":$count)>]>;

// Two results, one built from a custom builder.
def Oracle_PairOp : Oracle_Op<"pair"> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$first, AnyType:$second);
  let builders = [OpBuilder<(ins "Value":$input), [{
    build($_builder, $_state, input.getType(), input.getType(), input);
  }]>];
}

// Only custom builders.
def Oracle_SkipDefaultOp : Oracle_Op<"skip_default"> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$res);
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "Value":$input), [{
    build($_builder, $_state, input.getType(), input);
  }]>];
}
def Oracle_SkipDefaultTypedOp : Oracle_Op<"skip_default_typed"> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$res);
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "TypeRange":$types, "ValueRange":$operands,
                                 "const Properties &":$properties)>];
}

// Result types ODS infers.
def Oracle_SameTypeOp : Oracle_Op<"same_type", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$res);
}
def Oracle_I32Op : Oracle_Op<"i32"> {
  let arguments = (ins AnyType:$input);
  let results = (outs I32:$res);
}
def Oracle_VariadicResultOp : Oracle_Op<"variadic_result", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$input);
  let results = (outs Variadic<AnyType>:$res);
}

#endif // ORACLE_OPS
