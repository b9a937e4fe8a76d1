// Package ods is the model mlir-tblgen has of MLIR's Operation Definition
// Specification: dialects and ops built from evaluated records, as
// mlir-tblgen 22's Operator, Dialect, Trait and Builder classes see them.
//
// Build(res) makes a Model of an eval.Result: Model.Dialects, Model.Ops,
// and lookups by def (OpByDef), op name (OpByName, "arith.addi"), record
// (OpByRecord) and DRR dag operator (OpOfDag).
//
// An Op has its full name, C++ class and namespace derived as mlir-tblgen
// derives them, its arguments in declaration order (Args: operands,
// attributes and properties with constraint, summary, C++ types and
// variadic/optional/default flags), Results, Regions, Successors, Traits
// (flattened, deduplicated, with the InferTypeOpInterface mlir-tblgen adds
// when it infers every result type), custom Builders and the kinds of
// builders mlir-tblgen generates, the assembly format and the hasX flags.
//
// Result types: AllResultTypesKnown and InferredResultType follow
// Operator::populateTypeInferenceInfo (buildable types, AllTypesMatch,
// TypesMatchWith, SameOperandsAndResultType); CanInferResultTypes says
// whether a builder without result types taking one value per argument
// exists, which is what DRR calls for nested and auxiliary ops, and
// CanBuildWithoutResultTypes whether the collective one exists.
//
// Builders: BuildMethods lists every build() of an op (custom OpBuilders
// with their `ins` parameters, string types and CArg defaults, then those
// mlir-tblgen generates), and FitCall says whether a call with arguments
// of given C++ kinds (Value, a vector of values, an attribute class, ...)
// resolves to one of them: yes, no, or maybe when a parameter type is not
// one the model knows the conversions of.
//
// Accessors gives the C++ methods generated for an argument, result,
// region or successor (getLhs, getLhsMutable, getXAttr, setX...).
//
// Build never fails; what mlir-tblgen rejects is kept as far as it goes.
package ods
