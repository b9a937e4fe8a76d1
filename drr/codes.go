package drr

import (
	"tdls/ods"
	"tdls/tablegen"
)

// Prelude is what the DRR examples of Codes build on: the ODS prelude,
// MLIR's DRR classes and ops of every shape a pattern meets.
const Prelude = ods.Prelude + `include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
def AOp : Test_Op<"a"> { let arguments = (ins I32:$x, I32Attr:$attr); let results = (outs I32:$r); }
def BOp : Test_Op<"b"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def COp : Test_Op<"c", [SameOperandsAndResultType]> { let arguments = (ins AnyType:$x, AnyType:$y); let results = (outs AnyType:$r); }
def DOp : Test_Op<"d"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r1, AnyType:$r2); }
def EOp : Test_Op<"e"> { let arguments = (ins AnyType:$x, AnyType:$y); let results = (outs AnyType:$r1, AnyType:$r2); }
def FOp : Test_Op<"f"> { let arguments = (ins Variadic<AnyType>:$xs); let results = (outs AnyType:$r); }
def KOp : Test_Op<"k"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r1, AnyType:$r2, AnyType:$r3); }
def POp : Test_Op<"p"> { let arguments = (ins I32Prop:$p, AnyType:$x); let results = (outs AnyType:$r); }
def Op3 : Test_Op<"op3"> { let arguments = (ins AnyType:$a, AnyType:$b, AnyType:$c); let results = (outs AnyType:$r); }
def NativeMatcher : NativeCodeCall<"::mlir::success(nativeMatch($_self, &$0))">;
def NativeBuild : NativeCodeCall<"nativeBuild($_builder, $0)">;
def C1 : Constraint<CPred<"true">, "c1">;
`

// Codes are the codes of the DRR checks: what mlir-tblgen 22's
// --gen-rewriters rejects, where it emits C++ that does not compile
// (warnings proven by the compile oracle), and the pattern set's warnings
// (pattern-...).
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
	oracle := "g++: TestCompileOracle compiles mlir-tblgen's C++ of every pattern it is raised on, and each fails"
	return []tablegen.CodeInfo{
		// The pattern as a whole.
		e("drr-no-source", "a pattern without a source dag",
			"def : Pattern<?, []>;\n"),
		e("drr-result-not-dag", "a result pattern that is not a dag",
			"def : Pattern<(BOp $x), [?]>;\n"),
		e("drr-benefit", "addBenefit without exactly one int",
			"def : Pat<(AOp $x, $a), (BOp $x), [], [], (addBenefit 1, 2)>;\n"),
		e("drr-not-enough-values", "the result patterns make fewer values than the matched op has results",
			"def : Pattern<(DOp $x), [(BOp $x)]>;\n"),
		e("drr-straddle", "one multi-result op makes both auxiliary values and values that replace the matched op",
			"def : Pattern<(DOp $x), [(KOp:$k $x), (BOp $x)]>;\n"),

		// Symbols.
		e("drr-unbound-symbol", "a $name used but bound nowhere in the source pattern",
			"def : Pat<(AOp $x, $a), (BOp $y)>;\n"),
		e("drr-bound-twice", "a $name bound twice in the source pattern",
			"def : Pat<(AOp $x, $x), (BOp $x)>;\n"),
		e("drr-indexed-argument", "a $name__N index on an argument binding (only op and NativeCodeCall results have several values)",
			"def : Pat<(AOp $x__1, $a), (BOp $x)>;\n"),
		e("drr-bind-directive", "a $name on replaceWithValue or location, which make no value to bind",
			"def : Pat<(BOp $x), (replaceWithValue:$v $x)>;\n"),
		e("drr-bind-matcher", "a $name on a NativeCodeCall matcher, which makes no value",
			"def : Pat<(BOp (NativeMatcher:$m $v)), (BOp $v)>;\n"),
		e("drr-untyped-property", "a property constraint without an interface type where the pattern needs the property's C++ type",
			"def NonNeg : PropConstraint<CPred<\"$_self >= 0\">, \"non-negative\">;\ndef : Pat<(BOp (NativeMatcher NonNeg:$p)), (BOp $p)>;\n"),
		e("drr-index-range", "$name__N past the results of the op (an error), or past the values of a NativeCodeCall or variadic binding (a warning)",
			"def : Pattern<(DOp:$d $x), [(BOp $d__5), (BOp $d__0)]>;\n"),
		w("drr-index-ignored", "$name__N on a symbol that is a single value: the index is ignored",
			"def : Pat<(BOp $x), (BOp $x__1)>;\n").
			Proven("mlir-tblgen: SymbolInfoMap's use of a single-value symbol takes no index, so RewriterGen emits the value whatever N is (the C++ of both spellings is the same)"),

		// Source patterns.
		e("drr-not-op", "a dag operator in the source that is not an op (a type, a NativeCodeCall at the root, a misplaced directive)",
			"def : Pat<(BOp (I32 $x)), (BOp $x)>;\n"),
		{Code: "drr-unknown-directive", Severity: tablegen.SeverityError, Newer: true, Prelude: Prelude,
			Summary:   "a dag operator declared in PatternBase.td as its directives are (def name;) that LLVM 22 does not have: a directive of a newer MLIR",
			Situation: "a pattern using a directive that a newer MLIR's PatternBase.td declares, with that MLIR's headers on the include path"},
		e("drr-arg-count", "an op dag with a different number of arguments than the op takes",
			"def : Pat<(AOp $x), (BOp $x)>;\n"),
		e("drr-match-directive", "a directive that cannot be matched (replaceWithValue, location) in a source pattern",
			"def : Pat<(BOp (replaceWithValue $x)), (BOp $x)>;\n"),
		e("drr-source-literal", "a string or int literal as a source argument (use a constraint)",
			"def : Pat<(AOp $x, \"foo\"), (BOp $x)>;\n"),
		e("drr-not-constraint", "a source argument or additional constraint that is not a constraint",
			"def : Pat<(AOp $x, NativeBuild:$a), (BOp $x)>;\n"),
		e("drr-expected-operand", "an attribute constraint where the op takes an operand",
			"def : Pat<(BOp I32Attr:$a), (BOp $a)>;\n"),
		e("drr-expected-attribute", "a type constraint (or a value) where the op takes an attribute",
			"def : Pat<(AOp $x, I32:$a), (BOp $x)>;\n"),
		e("drr-expected-property", "a type or attribute constraint where the op takes a property",
			"def : Pat<(POp I32:$p, $x), (BOp $x)>;\n"),
		e("drr-constrain-variadic", "a constraint on a variadic operand other than its declared one",
			"def : Pat<(FOp I32:$xs), (BOp $xs)>;\n"),
		e("drr-nested-variadic", "a nested op dag matching a variadic operand",
			"def : Pat<(FOp (BOp $a)), (BOp $a)>;\n"),
		e("drr-variadic-slot", "(variadic ...) matching an operand that is not variadic",
			"def : Pat<(BOp (variadic $a)), (BOp $a)>;\n"),
		e("drr-variadic-element", "(variadic ...) with an element that is not an op dag or a binding",
			"def : Pat<(FOp (variadic (NativeMatcher $a))), (BOp $a)>;\n"),
		e("drr-either-arity", "(either ...) without exactly two arguments",
			"def : Pat<(Op3 (either $a, $b, $c), $d), (BOp $a)>;\n"),
		e("drr-either-nested", "an (either ...) inside another",
			"def : Pat<(EOp (either (either $a, $b), $c)), (BOp $a)>;\n"),
		e("drr-either-operand", "(either ...) over an argument that is not an operand",
			"def : Pat<(AOp (either $a, $b)), (BOp $a)>;\n"),
		e("drr-either-shift", "an (either ...) as the op's last argument, which shifts mlir-tblgen past the end of the dag",
			"def ShOp : Test_Op<\"sh\"> { let arguments = (ins AnyType:$x, AnyType:$y, I32Attr:$a); let results = (outs AnyType:$r); }\ndef : Pat<(ShOp (either $x, $y), $a), (BOp $x)>;\n"),
		e("drr-native-either", "(either ...) inside a NativeCodeCall matcher",
			"def : Pat<(BOp (NativeMatcher (either $a, $b))), (BOp $a)>;\n"),
		e("drr-native-variadic", "(variadic ...) inside a NativeCodeCall matcher",
			"def : Pat<(BOp (NativeMatcher (variadic $a))), (BOp $a)>;\n"),
		e("drr-native-nested", "an op dag nested inside a NativeCodeCall matcher",
			"def : Pat<(BOp (NativeMatcher (BOp $v))), (BOp $v)>;\n"),
		e("drr-native-self", "a NativeCodeCall matcher whose template does not use $_self",
			"def NoSelf : NativeCodeCall<\"::mlir::success(foo($0))\">;\ndef : Pat<(BOp (NoSelf $v)), (BOp $v)>;\n"),
		e("drr-native-return-type", "returnType given to a NativeCodeCall, or in a source pattern",
			"def : Pat<(BOp $a), (NativeBuild $a, (returnType \"foo\"))>;\n"),
		e("drr-constraint-not-dag", "an additional constraint that is not a dag",
			"def : Pat<(BOp $x), (BOp $x), [?]>;\n"),
		e("drr-constraint-operand", "an additional constraint argument that is not a $name",
			"def : Pat<(AOp $x, $a), (BOp $x), [(C1 I32)]>;\n"),
		e("drr-constraint-arity", "a type constraint applied to several values at once, or too many for the constraint's $_self/$N",
			"def : Pat<(AOp:$r $x, $a), (BOp $x), [(I32 $r, $x)]>;\n"),
		e("drr-constraint-attr", "an attribute constraint as an additional constraint (put it on the argument)",
			"def : Pat<(AOp $x, $a), (BOp $x), [(I32Attr $a)]>;\n"),
		e("drr-location-twice", "two (location ...) in one op dag",
			"def : Pat<(BOp $x), (BOp $x, (location $x), (location $x))>;\n"),
		e("drr-return-type-twice", "two (returnType ...) in one op dag",
			"def : Pat<(BOp $x), (BOp (BOp $x, (returnType $x), (returnType $x)))>;\n"),

		// Result patterns.
		e("drr-replace-arity", "replaceWithValue without exactly one argument",
			"def : Pat<(COp $x, $y), (replaceWithValue $x, $y)>;\n"),
		e("drr-location-misplaced", "(location ...) where it is not the last argument of an op dag",
			"def : Pat<(BOp $x), (location $x)>;\n"),
		e("drr-location-empty", "(location) without arguments",
			"def : Pat<(BOp $x), (BOp $x, (location))>;\n"),
		e("drr-location-strings", "(location ...) with a string after its first argument",
			"def : Pat<(BOp $x), (BOp $x, (location \"a\", \"b\", $x))>;\n"),
		e("drr-return-type-root", "returnType on an op that replaces the matched op (its types come from that op)",
			"def : Pat<(BOp $x), (BOp $x, (returnType \"$_builder.getI32Type()\"))>;\n"),
		e("drr-return-type-nested", "an op dag inside returnType",
			"def : Pat<(BOp $x), (BOp (BOp $x, (returnType (BOp $x))))>;\n"),
		e("drr-raw-string", "a raw string as a result argument (use a ConstantAttr or a NativeCodeCall)",
			"def : Pat<(AOp $x, $a), (AOp $x, \"foo\")>;\n"),
		e("drr-unhandled-argument", "a result argument that is neither a $name, a constant nor a NativeCodeCall",
			"def : Pat<(AOp $x, $a), (AOp $x, I32Attr:$a)>;\n"),
		e("drr-const-builder", "a ConstantAttr of an attribute without constBuilderCall",
			"def Op8 : Test_Op<\"op8\"> { let arguments = (ins AnyI8Attr:$v); let results = (outs AnyType:$r); }\ndef : Pat<(AOp $x, $a), (Op8 ConstantAttr<AnyI8Attr, \"1\">)>;\n"),
		e("drr-nested-attribute", "a nested op dag where the op takes an attribute or property",
			"def : Pat<(AOp $x, $a), (AOp $x, (BOp $x))>;\n"),
		e("drr-attribute-as-value", "an attribute where the op takes an operand (build a constant op)",
			"def One : ConstantAttr<I32Attr, \"1\">;\ndef : Pat<(AOp $x, $a), (AOp One, $a)>;\n"),
		e("drr-variadic-operand", "a single op dag where the op takes a variadic operand (wrap it in (variadic ...))",
			"def : Pat<(BOp $x), (FOp (BOp $x))>;\n"),
		w("drr-either-name", "a $name on (either ...), which is ignored",
			"def : Pat<(COp (either:$e $a, $b)), (BOp $a)>;\n").
			Proven("mlir-tblgen: Pattern::collectBoundSymbols binds no name on an either dag, so the name is never defined in the C++"),
		w("drr-return-type-count", "returnType with a different number of types than the op has results: the op it builds fails verification",
			"def : Pattern<(BOp $x), [(BOp (DOp $x, (returnType $x)))]>;\n").
			Proven("MLIR: the op is built with that many result types and fails its verifier (OneResult, NResults<N> or the generated result-count check); TestCompileOracle's ReturnTypeCount shows the C++ compiles"),
		w("drr-multi-value", "a multi-value op, NativeCodeCall or binding passed to an operand that takes one: the C++ does not compile",
			"def : Pat<(BOp $x), (BOp (DOp $x))>;\n").
			Proven(oracle),
		w("drr-value-into-variadic", "a single value passed to a variadic operand without (variadic ...): the C++ does not compile",
			"def : Pat<(BOp $x), (FOp $x)>;\n").
			Proven(oracle),
		w("drr-placeholder", "a NativeCodeCall's template uses $N, $_self or $_loc that mlir-tblgen cannot fill: the C++ does not compile",
			"def Twice : NativeCodeCall<\"twice($0, $1)\">;\ndef : Pat<(BOp $x), (BOp (Twice $x))>;\n").
			Proven(oracle),
		w("drr-result-types", "a nested or auxiliary op built without result types, which no build() of the op takes: the C++ does not compile",
			"def : Pat<(BOp $x), (BOp (COp $x, (DOp $x)))>;\n").
			Proven(oracle),
		w("drr-no-builder", "an op built with result types when skipDefaultBuilders leaves no build() that takes them: the C++ does not compile",
			"def NoBuildOp : Test_Op<\"nobuild\"> {\n  let arguments = (ins I32:$x);\n  let results = (outs I32:$r);\n  let skipDefaultBuilders = 1;\n  let builders = [OpBuilder<(ins \"int\":$n)>];\n}\ndef : Pat<(BOp $x), (NoBuildOp $x)>;\n").
			Proven(oracle),

		// The pattern set as populateWithGenerated adds it: what holds under a
		// greedy driver is information (the .td does not say which driver runs).
		info("pattern-self-loop", "under a greedy driver, a pattern whose result matches its own source: the driver does not converge",
			"def : Pat<(BOp $x), (BOp $x)>;\n"),
		info("pattern-ping-pong", "under a greedy driver, two patterns that turn each other's results back: the driver does not converge",
			"def NegOp : Test_Op<\"neg\"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }\ndef : Pat<(BOp $x), (NegOp $x)>;\ndef : Pat<(NegOp $x), (BOp $x)>;\n"),
		info("pattern-shadowed", "under a greedy driver, a pattern that never fires: one tried before it (higher benefit, or the same and earlier) matches everything it matches",
			"def : Pat<(COp $a, $b), (BOp $a)>;\ndef : Pat<(COp $x, $y), (BOp $y)>;\n"),
		w("pattern-duplicate", "a pattern that repeats another",
			"def : Pat<(BOp $x), (COp $x, $x)>;\ndef : Pat<(BOp $x), (COp $x, $x)>;\n").
			Proven("the .td alone: the two patterns have the same source, constraints, results and benefit, so the second adds nothing under any driver"),
	}
}
