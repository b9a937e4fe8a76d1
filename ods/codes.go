package ods

import "tdls/tablegen"

// Prelude is what the ODS examples of Codes build on: MLIR's ODS and a
// dialect with an op class.
const Prelude = `include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Pass/PassBase.td"
def Test_Dialect : Dialect { let name = "test"; let cppNamespace = "::test"; }
class Test_Op<string mnemonic, list<Trait> traits = []> : Op<Test_Dialect, mnemonic, traits>;
`

// Codes are the codes of the ODS checks: what mlir-tblgen 22's ODS
// generators reject in ops, attributes, types, enums, interfaces and
// passes, assembly format errors, what it accepts but the C++ build or the
// transform dialect rejects (transform-...), and the ODS manual's
// conventions (style lints).
func Codes() []tablegen.CodeInfo {
	e := func(code, summary, example string) tablegen.CodeInfo {
		return tablegen.CodeInfo{Code: code, Severity: tablegen.SeverityError, Summary: summary, Prelude: Prelude, Example: example}
	}
	w := func(code, summary, example string) tablegen.CodeInfo {
		return tablegen.CodeInfo{Code: code, Severity: tablegen.SeverityWarning, Summary: summary, Prelude: Prelude, Example: example}
	}
	info := func(code, summary, example string) tablegen.CodeInfo {
		return tablegen.CodeInfo{Code: code, Severity: tablegen.SeverityInfo, Summary: summary, Prelude: Prelude, Example: example}
	}
	build := func(code, summary, example string) tablegen.CodeInfo {
		return tablegen.CodeInfo{Code: code, Severity: tablegen.SeverityError, BreaksBuild: true, Summary: summary, Prelude: Prelude, Example: example}
	}
	style := func(code, summary, example string) tablegen.CodeInfo {
		return tablegen.CodeInfo{Code: code, Severity: tablegen.SeverityWarning, Style: true, Summary: summary, Prelude: Prelude, Example: example}
	}
	attr := func(body string) string {
		return "def Test_BoxAttr : AttrDef<Test_Dialect, \"Box\"> {\n  let mnemonic = \"box\";\n" + body + "}\n"
	}
	return []tablegen.CodeInfo{
		// Ops: what mlir-tblgen's Operator rejects.
		e("ods-duplicate-name", "two operands, attributes, results, regions or successors of an op share a name",
			"def AddOp : Test_Op<\"add\"> { let arguments = (ins I32:$a, I32:$a); }\n"),
		e("ods-accessor-overlap", "an argument's generated accessor collides with one every op has (getOperands, getAttributes, ...)",
			"def AddOp : Test_Op<\"add\"> { let arguments = (ins I32:$operands); }\n"),
		e("ods-variadic-segments", "several variadic operands (results) without AttrSizedOperandSegments or SameVariadicOperandSize",
			"def CatOp : Test_Op<\"cat\"> { let arguments = (ins Variadic<I32>:$a, Variadic<I32>:$b); }\n"),
		e("ods-segment-traits", "AttrSizedOperandSegments (ResultSegments) with fewer than two variadic operands (results), or with SameVariadic...Size",
			"def CatOp : Test_Op<\"cat\", [AttrSizedOperandSegments]> { let arguments = (ins Variadic<I32>:$a); }\n"),
		e("ods-results-directive", "`results` is not an (outs ...) dag",
			"def AddOp : Test_Op<\"add\"> { let results = (ins I32:$sum); }\n"),
		e("ods-successors-directive", "`successors` is not a (successor ...) dag",
			"def BrOp : Test_Op<\"br\"> { let successors = (ins AnySuccessor:$dest); }\n"),
		e("ods-regions-directive", "`regions` is not a (region ...) dag",
			"def LoopOp : Test_Op<\"loop\"> { let regions = (ins AnyRegion:$body); }\n"),
		e("ods-undefined-argument", "an argument whose type is not a def (a string, an unset value)",
			"def AddOp : Test_Op<\"add\"> { let arguments = (ins \"foo\":$a); }\n"),
		e("ods-undefined-result", "a result whose type is not a def",
			"def AddOp : Test_Op<\"add\"> { let results = (outs I32:$a, \"foo\":$b); }\n"),
		e("ods-undefined-region", "a region whose kind is not a def",
			"def LoopOp : Test_Op<\"loop\"> { let regions = (region \"foo\":$body); }\n"),
		e("ods-undefined-successor", "a successor whose kind is not a def",
			"def BrOp : Test_Op<\"br\"> { let successors = (successor \"foo\":$dest); }\n"),
		e("ods-argument-kind", "an argument that is neither a type constraint, an attribute nor a property",
			"def NotAConstraint;\ndef AddOp : Test_Op<\"add\"> { let arguments = (ins NotAConstraint:$a); }\n"),
		e("ods-unnamed-attribute", "an attribute argument without a $name",
			"def ConstOp : Test_Op<\"const\"> { let arguments = (ins I32Attr); }\n"),
		e("ods-unnamed-property", "a property argument without a $name",
			"def ConstOp : Test_Op<\"const\"> { let arguments = (ins I32Prop); }\n"),
		e("ods-derived-attribute-argument", "a DerivedAttr in the argument list (derived attributes are fields)",
			"def D : DerivedAttr<\"int\", \"return 0;\">;\ndef ConstOp : Test_Op<\"const\"> { let arguments = (ins D:$d); }\n"),
		e("ods-field-attribute", "an attribute field of an op that is not a single DerivedAttr",
			"def ConstOp : Test_Op<\"const\"> { Attr value = I32Attr; }\n"),
		e("ods-variadic-region", "a variadic region that is not the last, or has no name",
			"def LoopOp : Test_Op<\"loop\"> { let regions = (region VariadicRegion<AnyRegion>:$a, AnyRegion:$b); }\n"),
		e("ods-variadic-successor", "a variadic successor that is not the last",
			"def BrOp : Test_Op<\"br\"> { let successors = (successor VariadicSuccessor<AnySuccessor>:$a, AnySuccessor:$b); }\n"),
		e("ods-variadic-of-variadic-result", "a VariadicOfVariadic result (ODS supports them only as operands)",
			"def SplitOp : Test_Op<\"split\"> { let results = (outs VariadicOfVariadic<I32, \"sizes\">:$parts); }\n"),
		e("ods-trait-order", "a trait is listed before a trait it requires to precede it",
			"def TA : NativeOpTrait<\"TA\">;\ndef TB : NativeOpTrait<\"TB\", [TA]>;\ndef AddOp : Test_Op<\"add\", [TB]>;\n"),
		e("ods-no-builders", "skipDefaultBuilders without any custom builder",
			"def AddOp : Test_Op<\"add\"> { let skipDefaultBuilders = 1; }\n"),
		e("ods-builder-ins", "a builder's parameter dag is not (ins ...)",
			"def AddOp : Test_Op<\"add\"> { let builders = [OpBuilder<(outs)>]; }\n"),
		e("ods-builder-param", "a builder parameter that is neither a C++ type string nor a CArg",
			"def AddOp : Test_Op<\"add\"> { let builders = [OpBuilder<(ins I32:$a)>]; }\n"),
		e("ods-builder-default", "a builder parameter without a default after one with a default",
			"def AddOp : Test_Op<\"add\"> { let builders = [OpBuilder<(ins CArg<\"int\", \"42\">:$a, \"int\":$b)>]; }\n"),
		e("ods-unset-field", "a field an ODS generator reads is left unset (`?`); mlir-tblgen stops on it",
			"def Test_Pass : Pass<\"test-pass\"> { let summary = ?; }\n"),

		// Attributes and types (AttrDef, TypeDef) and their builders.
		e("ods-mnemonic-format", "assemblyFormat and hasCustomAssemblyFormat together, neither with a mnemonic, or either without one",
			attr("  let parameters = (ins \"int\":$value);\n  let assemblyFormat = \"`<` $value `>`\";\n  let hasCustomAssemblyFormat = 1;\n")),
		e("ods-param-name", "an attribute or type parameter without a name, or two with the same name",
			attr("  let parameters = (ins \"int\":$value, \"unsigned\");\n  let hasCustomAssemblyFormat = 1;\n")),
		e("ods-param-cpptype", "a parameter def without a cppType",
			"def Test_Width { string summary = \"a width\"; }\n"+attr("  let parameters = (ins Test_Width:$width);\n  let hasCustomAssemblyFormat = 1;\n")),
		e("ods-param-apint", "a raw APInt parameter without a custom comparator (an assert fails on different bit widths)",
			attr("  let parameters = (ins \"::llvm::APInt\":$value);\n  let hasCustomAssemblyFormat = 1;\n")),
		e("ods-builder-param-name", "an attribute or type builder parameter without a name",
			attr("  let parameters = (ins \"int\":$value, \"int\":$scale);\n  let builders = [AttrBuilder<(ins \"int\")>];\n  let hasCustomAssemblyFormat = 1;\n")),
		e("ods-builder-conflict", "a custom builder with the same parameters as a generated one",
			attr("  let parameters = (ins \"int\":$value);\n  let builders = [AttrBuilder<(ins \"int\":$v), [{ return $_get($_ctxt, v); }]>];\n  let hasCustomAssemblyFormat = 1;\n")),
		e("ods-format-accessors", "an attribute or type assemblyFormat with genAccessors = 0",
			attr("  let parameters = (ins \"int\":$value);\n  let assemblyFormat = \"`<` $value `>`\";\n  let genAccessors = 0;\n")),

		// Enums.
		e("ods-enum-keyword", "a bit enum printed unquoted whose case strings cannot be keywords",
			"def Access : I32BitEnum<\"Access\", \"access bits\", [\n  I32BitEnumCaseBit<\"Read\", 0, \"read\">,\n  I32BitEnumCaseBit<\"ReadWrite\", 1, \"read-write\">\n]>;\n"),
		e("ods-enum-base-attr", "an EnumAttr's baseAttrClass has no predicate",
			"def Test_NoPredicate : Attr<CPred<\"true\">, \"no predicate\"> { let predicate = ?; }\ndef Kind : I32EnumAttr<\"Kind\", \"a kind\", [I32EnumAttrCase<\"A\", 0>]> {\n  let baseAttrClass = Test_NoPredicate;\n}\n"),

		// Interfaces.
		e("ods-interface-list", "an interface's methods or baseInterfaces is not a list (mlir-tblgen crashes)",
			"def WidthOpInterface : OpInterface<\"WidthOpInterface\"> { let methods = ?; }\n"),
		e("ods-interface-arg", "an interface method argument that is not a C++ type string (mlir-tblgen crashes)",
			"def WidthOpInterface : OpInterface<\"WidthOpInterface\"> {\n  let methods = [InterfaceMethod<\"sets the width\", \"void\", \"setWidth\", (ins I32:$width)>];\n}\n"),
		e("ods-interface-verify-trait", "a method named verifyTrait in an op, attribute or type interface (use the verify field)",
			"def WidthOpInterface : OpInterface<\"WidthOpInterface\"> {\n  let methods = [InterfaceMethod<\"verifies\", \"::llvm::LogicalResult\", \"verifyTrait\", (ins \"::mlir::Operation *\":$op)>];\n}\n"),

		// What mlir-tblgen accepts but the C++ build or the program rejects
		// (ods/buildproof_test.go compiles or runs each).
		w("ods-dialect-name", "a dialect name that is not a valid dialect namespace: MLIR rejects it when the dialect loads",
			"def Other_Dialect : Dialect { let name = \"test-ops\"; let cppNamespace = \"::other\"; }\n").
			Proven("a run: TestBuildProblemProofs/dialect-name loads the dialect, which MLIR's Dialect::isValidNamespace rejects"),
		build("ods-dialect-namespace", "a dialect cppNamespace that is not a C++ namespace (::a::b): the dialect class does not compile",
			"def Other_Dialect : Dialect { let name = \"other\"; let cppNamespace = \"::other::\"; }\n"),
		info("ods-dialect-asm-hooks", "an attribute or type with a mnemonic whose dialect has no parser/printer hooks for it: if the dialect class is generated, parsing it fails at run time",
			"def Test_BoxAttr : AttrDef<Test_Dialect, \"Box\"> {\n  let mnemonic = \"box\";\n  let parameters = (ins \"int\":$width);\n  let assemblyFormat = \"`<` $width `>`\";\n}\n"),
		build("ods-segment-sizes-name", "an attribute or property named as the segment sizes AttrSizedOperandSegments (ResultSegments) keeps in the op's properties: the Properties struct declares the name twice",
			"def CatOp : Test_Op<\"cat\", [AttrSizedOperandSegments]> {\n  let arguments = (ins Variadic<I32>:$a, Variadic<I32>:$b, I32Prop:$operandSegmentSizes);\n}\n"),
		build("ods-enum-attr-class", "an EnumAttr and its enum's own specialized attribute generate the same class",
			"def Test_Kind : I32EnumAttr<\"Kind\", \"a kind\", [I32EnumAttrCase<\"Fast\", 0>]> { let cppNamespace = \"::test\"; }\ndef Test_KindAttr : EnumAttr<Test_Dialect, Test_Kind, \"kind\">;\n"),
		build("ods-enum-duplicate-symbol", "two enum cases with the same symbol: the C++ enum declares it twice",
			"def Test_Kind : I32Enum<\"Kind\", \"a kind\", [I32EnumCase<\"Fast\", 0>, I32EnumCase<\"Fast\", 1, \"fast\">]> { let cppNamespace = \"::test\"; }\n"),
		build("ods-enum-duplicate-value", "two enum cases with the same value: the generated switch does not compile",
			"def Test_Kind : I32Enum<\"Kind\", \"a kind\", [I32EnumCase<\"Fast\", 0>, I32EnumCase<\"Slow\", 0>]> { let cppNamespace = \"::test\"; }\n"),
		w("ods-enum-duplicate-string", "two enum cases written the same: the second does not survive printing and parsing",
			"def Test_Kind : I32Enum<\"Kind\", \"a kind\", [I32EnumCase<\"Fast\", 0, \"quick\">, I32EnumCase<\"Slow\", 1, \"quick\">]> { let cppNamespace = \"::test\"; }\n").
			Proven("a run: TestBuildProblemProofs/enum-duplicate-string prints and parses the second case back as the first"),
		build("ods-enum-format-duplicate-case", "an op format printing a bit enum two of whose single-bit keyword cases share a value: the generated print switch has a duplicate case",
			"def Test_Read : I32BitEnumAttrCaseBit<\"Read\", 0, \"read\">;\ndef Test_Load : I32BitEnumAttrCaseBit<\"Load\", 0, \"load\">;\ndef Test_None : I32BitEnumAttrCaseNone<\"None\", \"none\">;\n"+
				"def Test_Access : I32BitEnumAttr<\"Access\", \"access kinds\", [Test_None, Test_Read, Test_Load]> { let cppNamespace = \"::test\"; }\n"+
				"def TouchOp : Test_Op<\"touch\"> {\n  let arguments = (ins Test_Access:$access);\n  let assemblyFormat = \"$access attr-dict\";\n}\n"),
		build("ods-enum-value-range", "an enum case value that does not fit the underlying type",
			"def Test_Flags : I8BitEnum<\"Flags\", \"flags\", [I8BitEnumCase<\"Read\", 1>, I8BitEnumCase<\"All\", 256>]> { let cppNamespace = \"::test\"; }\n"),
		build("ods-interface-unnamed-argument", "an interface method argument without a name: the forwarding calls do not compile",
			"def WidthOpInterface : OpInterface<\"WidthOpInterface\"> {\n  let cppNamespace = \"::test\";\n  let methods = [InterfaceMethod<\"sets the width\", \"void\", \"setWidth\", (ins \"unsigned\")>];\n}\n"),
		build("ods-interface-duplicate-method", "two interface methods with the same name and argument types",
			"def WidthOpInterface : OpInterface<\"WidthOpInterface\"> {\n  let cppNamespace = \"::test\";\n  let methods = [\n    InterfaceMethod<\"sets the width\", \"void\", \"setWidth\", (ins \"unsigned\":$width)>,\n    InterfaceMethod<\"sets the width in bits\", \"void\", \"setWidth\", (ins \"unsigned\":$bits)>\n  ];\n}\n"),
		build("ods-interface-placeholder", "a $_op, $_attr, $_type or $_self placeholder that the interface does not substitute there",
			"def RangeAttrInterface : AttrInterface<\"RangeAttrInterface\"> {\n  let cppNamespace = \"::test\";\n  let methods = [InterfaceMethod<\"the lower bound\", \"int64_t\", \"getLower\", (ins), [{}], [{ return $_op.getLowerBound(); }]>];\n}\n"),
		style("ods-declare-unknown-method", "a name in DeclareOpInterfaceMethods that is not a method of the interface: it declares nothing",
			"def WidthOpInterface : OpInterface<\"WidthOpInterface\"> {\n  let cppNamespace = \"::test\";\n  let methods = [InterfaceMethod<\"the width\", \"unsigned\", \"getWidth\", (ins), [{}], [{ return 32; }]>];\n}\ndef ConstOp : Test_Op<\"const\", [DeclareOpInterfaceMethods<WidthOpInterface, [\"getBitWidth\"]>]>;\n"),
		build("ods-pass-option-default", "a pass option default that does not convert to the option's type",
			"def TestPass : Pass<\"test-pass\"> {\n  let options = [Option<\"maxDepth\", \"max-depth\", \"unsigned\", \"\\\"4\\\"\", \"how deep to go\">];\n}\n"),
		build("ods-pass-list-default", "a list option with a default value (ListOption takes none)",
			"def Test_Sizes : ListOption<\"sizes\", \"sizes\", \"int64_t\", \"tile sizes\"> { let defaultValue = \"8\"; }\ndef TestPass : Pass<\"test-pass\"> { let options = [Test_Sizes]; }\n"),
		build("ods-pass-option-flags", "an option's additional flags (ListOption's fifth argument, Option's sixth) that are not C++: they are pasted into the generated option",
			"def TestPass : Pass<\"test-pass\"> {\n  let options = [ListOption<\"sizes\", \"sizes\", \"int64_t\", \"{32, 32}\", \"the tile sizes\">];\n}\n"),
		build("ods-pass-option-type", "an option type that misspells a C++ builtin type (unsinged, uint64, boolean)",
			"def TestPass : Pass<\"test-pass\"> {\n  let options = [Option<\"count\", \"count\", \"unsinged\", \"4\", \"how many\">];\n}\n"),
		build("ods-pass-duplicate-member", "two options or statistics of a pass with the same C++ name",
			"def TestPass : Pass<\"test-pass\"> {\n  let options = [Option<\"numVisited\", \"num-visited\", \"unsigned\", \"0\", \"a limit\">];\n  let statistics = [Statistic<\"numVisited\", \"visited\", \"ops visited\">];\n}\n"),
		w("ods-pass-duplicate-option", "two options of a pass with the same flag: creating the pass aborts",
			"def TestPass : Pass<\"test-pass\"> {\n  let options = [\n    Option<\"lower\", \"bound\", \"int\", \"0\", \"the lower bound\">,\n    Option<\"upper\", \"bound\", \"int\", \"8\", \"the upper bound\">\n  ];\n}\n").
			Proven("a run: TestBuildProblemProofs/pass-duplicate-option creates the pass, which llvm::cl aborts (\"registered more than once\")"),
		w("ods-pass-duplicate-argument", "two passes with the same argument: registering both aborts",
			"def FoldPass : Pass<\"test-fold\">;\ndef FuseOpsPass : Pass<\"test-fold\">;\n").
			Proven("a run: TestBuildProblemProofs/pass-duplicate-argument registers both passes, which MLIR's pass registry aborts"),
		w("ods-pass-dependent-dialect", "a dependent dialect that is not a dialect class name: the generated registry.insert does not compile",
			"def TestPass : Pass<\"test-pass\"> { let dependentDialects = [\"arith\"]; }\n").
			Proven("g++: TestBuildProblemProofs/pass-dependent-dialect compiles the registry.insert<...>() mlir-tblgen writes"),

		// Assembly formats of ops, attributes and types.
		e("ods-format-syntax", "an assemblyFormat that does not lex or parse (an unknown directive, a bad literal or variable)",
			"def AddOp : Test_Op<\"add\"> {\n  let arguments = (ins I32:$lhs);\n  let assemblyFormat = \"$lhs attr-dict `:` type($lhs) %\";\n}\n"),
		e("ods-format-unknown-variable", "a $name in the format that is no argument, result, region, successor or parameter",
			"def AddOp : Test_Op<\"add\"> {\n  let arguments = (ins I32:$lhs);\n  let assemblyFormat = \"$lhs $nope attr-dict `:` type($lhs)\";\n}\n"),
		e("ods-format-bound-twice", "an element or type bound twice in the format",
			"def AddOp : Test_Op<\"add\"> {\n  let arguments = (ins I32:$lhs);\n  let assemblyFormat = \"$lhs $lhs attr-dict `:` type($lhs)\";\n}\n"),
		e("ods-format-missing", "an operand, result type, attribute, region, successor or parameter the format neither prints nor can infer",
			"def AddOp : Test_Op<\"add\"> {\n  let arguments = (ins I32:$lhs, I32:$rhs);\n  let assemblyFormat = \"$lhs attr-dict `:` type($lhs)\";\n}\n"),
		e("ods-format-type-unresolved", "a type the format neither prints nor can infer from a trait",
			"def AddOp : Test_Op<\"add\"> {\n  let arguments = (ins AnyType:$lhs);\n  let assemblyFormat = \"$lhs attr-dict\";\n}\n"),
		e("ods-format-attr-dict", "the op format has no attr-dict, or has it twice",
			"def AddOp : Test_Op<\"add\"> {\n  let arguments = (ins I32:$lhs);\n  let assemblyFormat = \"$lhs `:` type($lhs)\";\n}\n"),
		e("ods-format-prop-dict", "prop-dict twice in the op format",
			"def AddOp : Test_Op<\"add\"> {\n  let arguments = (ins I32:$lhs);\n  let assemblyFormat = \"$lhs prop-dict prop-dict attr-dict `:` type($lhs)\";\n}\n"),
		e("ods-format-context", "a directive, literal or variable where the format does not allow it",
			"def AddOp : Test_Op<\"add\"> {\n  let arguments = (ins I32:$lhs);\n  let assemblyFormat = \"$lhs attr-dict `:` type(attr-dict)\";\n}\n"),
		e("ods-format-ref", "an element used (or ref'd) before it is bound",
			"def AddOp : Test_Op<\"add\"> {\n  let arguments = (ins I32:$lhs);\n  let assemblyFormat = \"custom<Lhs>(ref($lhs)) $lhs attr-dict `:` type($lhs)\";\n}\n"),
		e("ods-format-overlap", "operands, regions or successors directive together with one of its elements",
			"def AddOp : Test_Op<\"add\"> {\n  let arguments = (ins I32:$lhs);\n  let assemblyFormat = \"$lhs operands attr-dict `:` type($lhs)\";\n}\n"),
		e("ods-format-custom", "a custom directive argument that is not a variable, a type of an operand or result, a ref or a string (e.g. `operands`)",
			"def NegOp : Test_Op<\"neg\"> {\n  let arguments = (ins I32:$input);\n  let results = (outs I32:$result);\n  let assemblyFormat = \"custom<Neg>(operands) attr-dict `:` type($input) type($result)\";\n}\n"),
		e("ods-format-literal", "a literal that is neither a keyword nor punctuation the parser knows",
			"def AddOp : Test_Op<\"add\"> {\n  let arguments = (ins I32:$lhs);\n  let assemblyFormat = \"`a-b` $lhs attr-dict `:` type($lhs)\";\n}\n"),
		e("ods-format-qualified", "qualified() around something that is not an attribute or type",
			attr("  let parameters = (ins \"int\":$value);\n  let assemblyFormat = \"qualified(struct($value))\";\n")),
		e("ods-format-optional-group", "an optional group without an anchor, with two, or with an element that cannot be optional",
			"def AddOp : Test_Op<\"add\"> {\n  let arguments = (ins Optional<I32>:$lhs);\n  let assemblyFormat = \"(`lhs` $lhs)? attr-dict `:` type($lhs)\";\n}\n"),
		e("ods-format-oilist", "an oilist element that is not optional or variadic, or is ambiguous with its neighbours",
			"def AddOp : Test_Op<\"add\"> {\n  let arguments = (ins I32:$lhs);\n  let assemblyFormat = \"oilist(`lhs` $lhs) attr-dict `:` type($lhs)\";\n}\n"),
		e("ods-format-ambiguity", "elements the generated parser cannot tell apart (a `:` after an attribute without a buildable type, attr-dict before a region, ...)",
			"def ConstOp : Test_Op<\"const\"> {\n  let arguments = (ins AnyAttr:$value);\n  let assemblyFormat = \"$value `:` attr-dict\";\n}\n"),
		e("ods-format-struct", "a malformed struct() directive in an attribute or type format",
			attr("  let parameters = (ins \"int\":$value);\n  let assemblyFormat = \"$value struct(custom<Value>(ref($value)))\";\n")),
		e("ods-format-self-type", "an AttributeSelfTypeParameter printed in the attribute format",
			attr("  let parameters = (ins AttributeSelfTypeParameter<\"\", \"::mlir::IntegerType\">:$type, \"int\":$value);\n  let assemblyFormat = \"$value $type\";\n")),

		// Transform-dialect extension ops.
		w("transform-op-interface", "a transform op without TransformOpInterface or a pattern descriptor: registration asserts",
			transformExamplePrelude+"def ScaleOp : Test_TransformOp<\"scale\", [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {\n  let arguments = (ins TransformHandleTypeInterface:$target);\n}\n").
			Proven("MLIR: registerTransformOps asserts it (transform::detail::checkImplementsTransformOpInterface, TransformDialect.h), and the interpreter casts every op of a sequence to TransformOpInterface"),
		w("transform-memory-effects", "a transform op without MemoryEffectsOpInterface: registration asserts, the verifier casts",
			transformExamplePrelude+"def ScaleOp : Test_TransformOp<\"scale\", [DeclareOpInterfaceMethods<TransformOpInterface>]> {\n  let arguments = (ins TransformHandleTypeInterface:$target);\n}\n").
			Proven("MLIR: registerTransformOps asserts it (checkImplementsTransformOpInterface), and verifyTransformOpInterface casts the op to MemoryEffectsOpInterface"),
		w("transform-each-operand", "TransformEachOpTrait on an op without exactly one single operand: the build fails",
			transformExamplePrelude+"def ScaleOp : Test_TransformOp<\"scale\", [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface, TransformOpInterface, TransformEachOpTrait]> {\n  let arguments = (ins TransformHandleTypeInterface:$a, TransformHandleTypeInterface:$b);\n  let extraClassDeclaration = [{ ::mlir::DiagnosedSilenceableFailure applyToOne(::mlir::transform::TransformRewriter &rewriter, ::mlir::Operation *target, ::mlir::transform::ApplyToEachResultList &results, ::mlir::transform::TransformState &state); }];\n}\n").
			Proven("g++: TestTransformEachOpCompiles/two-operands and /variadic-operand (\"expected single-operand op\", TransformInterfaces.h)"),
		w("transform-each-interface", "TransformEachOpTrait without TransformOpInterface: its verifier fails",
			transformExamplePrelude+"def ScaleOp : Test_TransformOp<\"scale\", [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface, TransformEachOpTrait]> {\n  let arguments = (ins TransformHandleTypeInterface:$target);\n}\n").
			Proven("MLIR: TransformEachOpTrait::verifyTrait fails on an op without TransformOpInterface (TransformInterfaces.h)"),
		w("transform-each-declared-apply", "TransformEachOpTrait with DeclareOpInterfaceMethods<TransformOpInterface>, whose apply hides the trait's",
			transformExamplePrelude+"def ScaleOp : Test_TransformOp<\"scale\", [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface, DeclareOpInterfaceMethods<TransformOpInterface>, TransformEachOpTrait]> {\n  let arguments = (ins TransformHandleTypeInterface:$target);\n}\n").
			Proven("g++ and nm: TestTransformEachOpCompiles/declared-apply (the object needs a hand-written apply, and never calls applyToOne)"),
		w("transform-each-apply-to-one", "TransformEachOpTrait on an op that declares no applyToOne: the build fails",
			transformExamplePrelude+"def ScaleOp : Test_TransformOp<\"scale\", [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface, TransformOpInterface, TransformEachOpTrait]> {\n  let arguments = (ins TransformHandleTypeInterface:$target);\n}\n").
			Proven("g++: TestTransformEachOpCompiles/no-apply-to-one ('applyToOne' is not a member)"),
		w("transform-effects-interface", "a trait implementing getEffects (FunctionalStyleTransformOpTrait, ...) without MemoryEffectsOpInterface",
			transformExamplePrelude+"def ScaleOp : Test_TransformOp<\"scale\", [FunctionalStyleTransformOpTrait, DeclareOpInterfaceMethods<TransformOpInterface>]> {\n  let arguments = (ins TransformHandleTypeInterface:$target);\n}\n").
			Proven("MLIR: the getEffects traits' verifiers (FunctionalStyleTransformOpTrait, ...) require MemoryEffectsOpInterface (TransformInterfaces.h)"),
		w("transform-handle-type", "a builtin payload type (I64, a tensor, ...) as a transform op's operand or result",
			transformExamplePrelude+"def ScaleOp : Test_TransformOp<\"scale\", [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>, DeclareOpInterfaceMethods<TransformOpInterface>]> {\n  let arguments = (ins TransformHandleTypeInterface:$target, I64:$factor);\n}\n").
			Proven("MLIR: TransformState::getPayloadOps/setPayloadOps assert on a value that is no handle or parameter (TransformInterfaces.h)"),

		// Conventions of the ODS manual: hints unless configured.
		style("ods-summary-period", "an op summary ends with a period (a summary is a phrase)",
			"def AddOp : Test_Op<\"add\"> { let summary = \"Adds two integers.\"; }\n"),
		style("ods-unnamed-operand", "an operand without a $name gets no accessor",
			"def NegOp : Test_Op<\"neg\"> { let arguments = (ins I32); }\n"),
		style("ods-unnamed-result", "a result without a $name gets no accessor",
			"def NegOp : Test_Op<\"neg\"> { let results = (outs I32); }\n"),
	}
}

// transformExamplePrelude makes the transform examples' op class: an op of the
// transform dialect's extension.
const transformExamplePrelude = `include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
class Test_TransformOp<string mnemonic, list<Trait> traits = []> : Op<Transform_Dialect, "test." # mnemonic, traits>;
`
