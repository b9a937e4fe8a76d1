package ods

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tdls/tablegen"
)

// formatCases are ops whose assemblyFormat mlir-tblgen 22 rejects with msg
// (its first error). In src, ' stands for a backtick and «...» marks the
// range the diagnostic must have.
var formatCases = []struct{ name, src, msg string }{
	// The attribute dictionary.
	{"attr-dict-missing", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = «"$a"»; }`,
		"'attr-dict' directive not found in custom assembly format"},
	{"attr-dict-twice", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "$a attr-dict «attr-dict-with-keyword»"; }`,
		"'attr-dict' directive has already been seen"},
	{"attr-dict-in-type", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "$a attr-dict ':' type(«attr-dict»)"; }`,
		"'attr-dict' directive can only be used as a top-level directive"},
	{"prop-dict-twice", `def X : T_Op<"x"> { let assemblyFormat = "prop-dict «prop-dict» attr-dict"; }`,
		"'prop-dict' directive has already been seen"},
	{"prop-dict-in-type", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "$a type(«prop-dict») attr-dict"; }`,
		"'prop-dict' directive can only be used as a top-level directive"},

	// Variables.
	{"unknown-variable", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "$a ',' «$b» attr-dict"; }`,
		"expected variable to refer to an argument, region, result, or successor"},
	{"operand-twice", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let results = (outs I32:$r); let assemblyFormat = "$a «$a» attr-dict"; }`,
		"operand 'a' is already bound"},
	{"attribute-twice", `def X : T_Op<"x"> { let arguments = (ins I32Attr:$v); let assemblyFormat = "$v «$v» attr-dict"; }`,
		"attribute 'v' is already bound"},
	{"property-twice", `def X : T_Op<"x"> { let arguments = (ins I64Prop:$p); let assemblyFormat = "$p «$p» attr-dict"; }`,
		"property 'p' is already bound"},
	{"region-twice", `def X : T_Op<"x"> { let regions = (region AnyRegion:$body); let assemblyFormat = "$body «$body» attr-dict"; }`,
		"region 'body' is already bound"},
	{"successor-twice", `def X : T_Op<"x"> { let successors = (successor AnySuccessor:$dest); let assemblyFormat = "$dest «$dest» attr-dict"; }`,
		"successor 'dest' is already bound"},
	{"operand-after-operands", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "operands «$a» attr-dict"; }`,
		"operand 'a' is already bound"},
	{"operands-overlap", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "$a «operands» attr-dict"; }`,
		"'operands' directive creates overlap in format"},
	{"regions-overlap", `def X : T_Op<"x"> { let regions = (region AnyRegion:$body); let assemblyFormat = "$body «regions» attr-dict"; }`,
		"'regions' directive creates overlap in format"},
	{"successors-overlap", `def X : T_Op<"x"> { let successors = (successor AnySuccessor:$dest); let assemblyFormat = "$dest «successors» attr-dict"; }`,
		"'successors' directive creates overlap in format"},
	{"result-top-level", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let results = (outs I32:$r); let assemblyFormat = "$a «$r» attr-dict"; }`,
		"result variables can can only be used as a child to a 'type' directive"},
	{"results-top-level", `def X : T_Op<"x"> { let results = (outs I32:$r); let assemblyFormat = "attr-dict ':' «results»"; }`,
		"'results' directive can can only be used as a child to a 'type' directive"},
	{"attribute-in-type", `def X : T_Op<"x"> { let arguments = (ins I32Attr:$v); let assemblyFormat = "$v attr-dict ':' type(«$v»)"; }`,
		"attributes cannot be used as children to a `type` directive"},
	{"property-in-type", `def X : T_Op<"x"> { let arguments = (ins I64Prop:$p); let assemblyFormat = "$p attr-dict ':' type(«$p»)"; }`,
		"properties cannot be used as children to a `type` directive"},
	{"region-in-type", `def X : T_Op<"x"> { let regions = (region AnyRegion:$body); let assemblyFormat = "$body attr-dict-with-keyword type(«$body»)"; }`,
		"regions can only be used at the top level or in a ref directive"},
	{"successor-in-type", `def X : T_Op<"x"> { let successors = (successor AnySuccessor:$dest); let assemblyFormat = "$dest attr-dict type(«$dest»)"; }`,
		"successors can only be used at the top level or in a ref directive"},

	// Types.
	{"type-twice", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let results = (outs I32:$r); let assemblyFormat = "$a attr-dict ':' type($a) type(«$a») type($r)"; }`,
		"'type' of 'a' is already bound"},
	{"operands-type-twice", `def X : T_Op<"x"> { let arguments = (ins AnyType:$a); let assemblyFormat = "$a attr-dict ':' type($a) type(«operands»)"; }`,
		"'operands' 'type' is already bound"},
	{"results-type-twice", `def X : T_Op<"x"> { let results = (outs AnyType:$r); let assemblyFormat = "attr-dict ':' type(results) type(«results»)"; }`,
		"'results' 'type' is already bound"},
	{"type-in-type", `def X : T_Op<"x"> { let arguments = (ins AnyType:$a); let assemblyFormat = "$a attr-dict type(«type($a)»)"; }`,
		"'type' cannot be used as a child of another `type`"},
	{"regions-in-type", `def X : T_Op<"x"> { let regions = (region AnyRegion:$body); let assemblyFormat = "$body attr-dict-with-keyword type(«regions»)"; }`,
		"'regions' is only valid as a top-level directive"},
	{"successors-in-type", `def X : T_Op<"x"> { let successors = (successor AnySuccessor:$dest); let assemblyFormat = "$dest attr-dict type(«successors»)"; }`,
		"'successors' is only valid as a top-level directive"},
	{"literal-in-type", `def X : T_Op<"x"> { let arguments = (ins AnyType:$a); let assemblyFormat = "$a attr-dict type(«'x'»)"; }`,
		"literals may only be used in the top-level section of the format"},
	{"functional-type-nested", `def X : T_Op<"x"> { let arguments = (ins AnyType:$a); let results = (outs AnyType:$r); let assemblyFormat = "$a attr-dict ':' type(«functional-type(operands, results)»)"; }`,
		"'functional-type' is only valid as a top-level directive"},
	{"functional-type-comma", `def X : T_Op<"x"> { let arguments = (ins AnyType:$a); let results = (outs AnyType:$r); let assemblyFormat = "$a attr-dict ':' functional-type(operands «results»)"; }`,
		"expected ',' after inputs argument"},
	{"type-paren", `def X : T_Op<"x"> { let arguments = (ins AnyType:$a); let assemblyFormat = "$a attr-dict ':' «type»"; }`,
		"expected '(' before argument list"},
	{"type-close", `def X : T_Op<"x"> { let arguments = (ins AnyType:$a); let assemblyFormat = "$a attr-dict ':' type($a «$a»"; }`,
		"expected ')' after argument list"},
	{"unterminated-type", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "$a attr-dict ':' type«(»"; }`,
		"expected literal, variable, directive, or optional group"},
	{"result-type-unresolved", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let results = (outs AnyType:$r); let assemblyFormat = «"$a attr-dict ':' type($a)"»; }`,
		"type of result #0, named 'r', is not buildable and a buildable type cannot be inferred"},
	{"variadic-result-type-unresolved", `def X : T_Op<"x"> { let results = (outs Variadic<I32>:$r); let assemblyFormat = «"attr-dict"»; }`,
		"type of result #0, named 'r', is not buildable and a buildable type cannot be inferred"},
	{"operand-type-unresolved", `def X : T_Op<"x"> { let arguments = (ins AnyType:$a); let assemblyFormat = "«$a» attr-dict"; }`,
		"type of operand #0, named 'a', is not buildable and a buildable type cannot be inferred"},
	{"type-twice-second-operand", `def X : T_Op<"x", [SameTypeOperands]> { let arguments = (ins AnyType:$a, AnyType:$b); let assemblyFormat = "$a $b attr-dict ':' type($a) type($b) type(«$b»)"; }`,
		"'type' of 'b' is already bound"},
	{"all-types-match-other-name", `def X : T_Op<"x", [AllTypesMatch<["a", "b"]>]> { let arguments = (ins AnyType:$a, AnyType:$b, AnyType:$c); let assemblyFormat = "$a $b «$c» attr-dict ':' type($a)"; }`,
		"type of operand #2, named 'c', is not buildable and a buildable type cannot be inferred"},

	{"all-types-match-unprinted", `def X : T_Op<"x", [AllTypesMatch<["a", "r"]>]> { let arguments = (ins I32:$a); let results = (outs AnyType:$r); let assemblyFormat = «"$a attr-dict"»; }`,
		"type of result #0, named 'r', is not buildable and a buildable type cannot be inferred"},
	{"inferred-results-partly-printed", `include "mlir/Interfaces/InferTypeOpInterface.td"
def X : T_Op<"x", [DeclareOpInterfaceMethods<InferTypeOpInterface>]> { let arguments = (ins AnyType:$a); let results = (outs AnyType:$r, AnyType:$s); let assemblyFormat = «"$a attr-dict ':' type($a) type($r)"»; }`,
		"type of result #1, named 's', is not buildable and a buildable type cannot be inferred"},

	// What the format must contain.
	{"operand-missing", `def X : T_Op<"x"> { let arguments = (ins I32:$a, I32:$b); let assemblyFormat = «"$a attr-dict"»; }`,
		"operand #1, named 'b', not found"},
	{"region-missing", `def X : T_Op<"x"> { let regions = (region AnyRegion:$body); let assemblyFormat = «"attr-dict-with-keyword"»; }`,
		"region #0, named 'body', not found"},
	{"successor-missing", `def X : T_Op<"x"> { let successors = (successor AnySuccessor:$dest); let assemblyFormat = «"attr-dict"»; }`,
		"successor #0, named 'dest', not found"},

	// Literals, strings and lexing.
	{"literal-digit", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "$a «'1'» attr-dict"; }`,
		"expected valid literal but got '1': single character literal must be a letter or one of '_:,=<>()[]{}?+-*'"},
	{"literal-keyword-chars", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "$a «'a-b'» attr-dict"; }`,
		"expected valid literal but got 'a-b': keywords should contain only alphanum, '_', '$', or '.' characters"},
	{"literal-keyword-start", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "$a «'::'» attr-dict"; }`,
		"expected valid literal but got '::': valid keyword starts with a letter or '_'"},
	{"literal-unterminated", `def X : T_Op<"x"> { let assemblyFormat = "attr-dict «'foo»"; }`,
		"unexpected end of file in literal"},
	{"string-outside-custom", `def X : T_Op<"x"> { let assemblyFormat = [{ «"foo"» attr-dict }]; }`,
		"strings may only be used as 'custom' directive arguments"},
	{"string-outside-custom-escaped", `def X : T_Op<"x"> { let assemblyFormat = "«\"foo\"» attr-dict"; }`,
		"strings may only be used as 'custom' directive arguments"},
	{"string-unterminated", `def X : T_Op<"x"> { let assemblyFormat = [{ attr-dict custom<F>(«"foo) »}]; }`,
		"unexpected end of file in string"},
	{"unexpected-character", `def X : T_Op<"x"> { let assemblyFormat = "attr-dict «%»"; }`,
		"unexpected character"},
	{"variable-name", `def X : T_Op<"x"> { let assemblyFormat = "attr-dict «$»1"; }`,
		"expected variable name"},
	{"multi-line-code", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = [{
    $a
      ',' «$b» attr-dict
  }]; }`,
		"expected variable to refer to an argument, region, result, or successor"},
	{"juxtaposed-strings", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "$a "
      "«$a» attr-dict"; }`,
		"operand 'a' is already bound"},
	{"pasted-literals", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "$a " # [{«$a» attr-dict}]; }`,
		"operand 'a' is already bound"},
	{"pasted-variable", `defvar headFormat = "$a"; def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = headFormat # " «$a» attr-dict"; }`,
		"operand 'a' is already bound"},
	{"pasted-variable-fault", `defvar twiceFormat = "$a $a"; def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = «twiceFormat # " attr-dict"»; }`,
		"operand 'a' is already bound"},
	{"computed-format", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = «!strconcat("$a ", "$a attr-dict")»; }`,
		"operand 'a' is already bound"},
	{"inherited-format", `class WithFormat : T_Op<"w"> { let assemblyFormat = "$a «$a» attr-dict"; } def X : WithFormat { let arguments = (ins I32:$a); }`,
		"operand 'a' is already bound"},

	// Ambiguities.
	{"attribute-colon", `def X : T_Op<"x"> { let arguments = (ins AnyAttr:$v); let assemblyFormat = "$v «':'» attr-dict"; }`,
		"format ambiguity caused by `:` literal found after attribute `v` which does not have a buildable type"},
	{"attribute-colon-past-optional", `def X : T_Op<"x"> { let arguments = (ins AnyAttr:$v, Optional<I32>:$o); let assemblyFormat = "$v ($o^)? attr-dict «':'» type($o)"; }`,
		"format ambiguity caused by `:` literal found after attribute `v` which does not have a buildable type"},
	{"attr-dict-region", `def X : T_Op<"x"> { let regions = (region AnyRegion:$body); let assemblyFormat = "attr-dict «$body»"; }`,
		"format ambiguity caused by `attr-dict` directive followed by region `body`"},

	// Optional groups.
	{"group-no-anchor", `def X : T_Op<"x"> { let arguments = (ins Optional<I32>:$v); let assemblyFormat = "«($v)?» attr-dict"; }`,
		"optional group has no anchor element"},
	{"group-two-anchors", `def X : T_Op<"x", [AttrSizedOperandSegments]> { let arguments = (ins Optional<I32>:$a, Optional<I32>:$b); let assemblyFormat = "($a^ $b«^»)? attr-dict"; }`,
		"only one element can be marked as the anchor of an optional group"},
	{"group-required-operand", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "(«$a»^)? attr-dict"; }`,
		"only variable length operands can be used within an optional group"},
	{"group-required-result", `def X : T_Op<"x"> { let arguments = (ins Optional<I32>:$a); let results = (outs I32:$r); let assemblyFormat = "($a^ ':' type(«$r»))? attr-dict"; }`,
		"only variable length results can be used within an optional group"},
	{"group-required-attribute-anchor", `def X : T_Op<"x"> { let arguments = (ins I32Attr:$v); let assemblyFormat = "(«$v»^)? attr-dict"; }`,
		"only optional or default-valued attributes can be used to anchor an optional group"},
	{"group-property-anchor", `def X : T_Op<"x"> { let arguments = (ins I64Prop:$p); let assemblyFormat = "(«$p»^)? attr-dict"; }`,
		"only properties with default values that can be optionally parsed (have the `let optionalParser = ...` field defined) can be used to anchor an optional group"},
	{"group-literal-anchor", `def X : T_Op<"x"> { let arguments = (ins Optional<I32>:$a); let assemblyFormat = "(«'x'»^ $a)? attr-dict"; }`,
		"only variables and types can be used to anchor an optional group"},
	{"group-first-element", `def X : T_Op<"x"> { let arguments = (ins Optional<AnyType>:$operand); let assemblyFormat = "(«type($operand)» $operand^)? attr-dict"; }`,
		"first parsable element of an optional group must be a literal, variable, or custom directive"},
	{"group-type-operands", `def X : T_Op<"x"> { let arguments = (ins OptionalAttr<I32Attr>:$attr, Variadic<AnyType>:$a); let assemblyFormat = "$a (',' $attr^ type(«operands»))? attr-dict"; }`,
		"only literals, types, and variables can be used within an optional group"},
	{"group-attr-dict", `def X : T_Op<"x"> { let arguments = (ins OptionalAttr<I32Attr>:$attr); let assemblyFormat = "($attr^ «attr-dict»)?"; }`,
		"only literals, types, and variables can be used within an optional group"},
	{"group-nested-in-type", `def X : T_Op<"x"> { let arguments = (ins OptionalAttr<I32Attr>:$attr); let assemblyFormat = "type(«($attr^)?») attr-dict"; }`,
		"optional groups can only be used as top-level elements"},
	{"group-question", `def X : T_Op<"x"> { let arguments = (ins Optional<I32>:$a); let assemblyFormat = "($a^) «attr-dict»"; }`,
		"expected '?' after optional group"},
	{"group-else-paren", `def X : T_Op<"x"> { let arguments = (ins Optional<I32>:$a); let assemblyFormat = "($a^) : «attr-dict»"; }`,
		"expected '(' to start else branch of optional group"},
	{"group-empty", `def X : T_Op<"x"> { let assemblyFormat = "attr-dict («)»?"; }`,
		"expected literal, variable, directive, or optional group"},

	// custom, ref and qualified.
	{"custom-less", `def X : T_Op<"x"> { let assemblyFormat = "custom«(»foo) attr-dict"; }`,
		"expected '<' before custom directive name"},
	{"custom-name", `def X : T_Op<"x"> { let assemblyFormat = "custom<«type»>(foo) attr-dict"; }`,
		"expected custom directive name identifier"},
	{"custom-greater", `def X : T_Op<"x"> { let assemblyFormat = "custom<Foo«(»foo) attr-dict"; }`,
		"expected '>' after custom directive name"},
	{"custom-paren", `def X : T_Op<"x"> { let assemblyFormat = "custom<Foo> «attr-dict»"; }`,
		"expected '(' before custom directive parameters"},
	{"custom-close", `def X : T_Op<"x"> { let arguments = (ins I32:$a, I32:$b); let assemblyFormat = "custom<Foo>($a «$b») attr-dict"; }`,
		"expected ')' after custom directive parameters"},
	{"custom-operands", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "custom<Foo>(«operands») attr-dict"; }`,
		"only variables and types may be used as parameters to a custom directive"},
	{"custom-type-operands", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "$a custom<Foo>(«type(operands)») attr-dict"; }`,
		"type directives within a custom directive may only refer to variables"},
	{"custom-nested", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "$a attr-dict type(«custom<Foo>($a)»)"; }`,
		"`custom` can only be used at the top-level context or within a `struct` directive"},
	{"ref-unbound-type", `def X : T_Op<"x"> { let arguments = (ins AnyType:$operand); let assemblyFormat = "custom<Foo>(ref(type(«$operand»))) $operand attr-dict"; }`,
		"'ref' of 'type($operand)' is not bound by a prior 'type' directive"},
	{"ref-unbound-operand", `def X : T_Op<"x"> { let arguments = (ins I32:$operand); let assemblyFormat = "custom<Foo>(ref(«$operand»)) $operand attr-dict"; }`,
		"operand 'operand' must be bound before it is referenced"},
	{"ref-unbound-attribute", `def X : T_Op<"x"> { let arguments = (ins I32Attr:$v); let assemblyFormat = "custom<Foo>(ref(«$v»)) $v attr-dict"; }`,
		"attribute 'v' must be bound before it is referenced"},
	{"ref-unbound-operands", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "custom<Foo>(ref(«operands»)) $a attr-dict"; }`,
		"'ref' of 'operands' is not bound by a prior 'operands' directive"},
	{"ref-unbound-attr-dict", `def X : T_Op<"x"> { let assemblyFormat = "custom<Foo>(ref(«attr-dict»)) attr-dict"; }`,
		"'ref' of 'attr-dict' is not bound by a prior 'attr-dict' directive"},
	{"ref-unbound-results-type", `def X : T_Op<"x"> { let results = (outs AnyType:$r); let assemblyFormat = "custom<Foo>(ref(type(«results»))) attr-dict ':' type($r)"; }`,
		"'ref' of 'type(results)' is not bound by a prior 'type' directive"},
	{"ref-unbound-regions", `def X : T_Op<"x"> { let regions = (region AnyRegion:$body); let assemblyFormat = "custom<Foo>(ref(«regions»)) $body attr-dict-with-keyword"; }`,
		"'ref' of 'regions' is not bound by a prior 'regions' directive"},
	{"ref-unbound-successors", `def X : T_Op<"x"> { let successors = (successor AnySuccessor:$dest); let assemblyFormat = "custom<Foo>(ref(«successors»)) $dest attr-dict"; }`,
		"'ref' of 'successors' is not bound by a prior 'successors' directive"},
	{"ref-unbound-operands-type", `def X : T_Op<"x"> { let arguments = (ins AnyType:$a); let assemblyFormat = "custom<Foo>(ref(type(«operands»))) $a attr-dict ':' type($a)"; }`,
		"'ref' of 'type(operands)' is not bound by a prior 'type' directive"},
	{"ref-unbound-region", `def X : T_Op<"x"> { let regions = (region AnyRegion:$body); let assemblyFormat = "custom<Foo>(ref(«$body»)) $body attr-dict-with-keyword"; }`,
		"region 'body' must be bound before it is referenced"},
	{"ref-prop-dict", `def X : T_Op<"x"> { let assemblyFormat = "prop-dict custom<Foo>(ref(«prop-dict»)) attr-dict"; }`,
		"'ref' of 'prop-dict' unsupported"},
	{"ref-outside-custom", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "$a «ref($a)» attr-dict"; }`,
		"'ref' is only valid within a `custom` directive"},
	{"qualified-operand", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "«qualified($a)» attr-dict"; }`,
		"'qualified' directive expects an attribute or a `type` directive"},

	{"unsupported-directive", `def X : T_Op<"x"> { let assemblyFormat = "«params» attr-dict"; }`,
		"unsupported directive kind"},

	// oilist.
	{"oilist-paren", `def X : T_Op<"x"> { let assemblyFormat = "oilist «'foo'» attr-dict"; }`,
		"expected '(' before oilist argument list"},
	{"oilist-adjacent", `def X : T_Op<"x"> { let assemblyFormat = "oilist('foo' | 'bar') oilist(«'bar'» | 'buzz') attr-dict"; }`,
		"format ambiguity because bar is used in two adjacent oilist elements."},
	{"oilist-literal", `def X : T_Op<"x"> { let assemblyFormat = "oilist('foo' | 'bar') «'bar'» attr-dict"; }`,
		"format ambiguity because bar is used both in oilist element and the adjacent literal."},
	{"oilist-no-literal", `def X : T_Op<"x"> { let assemblyFormat = "oilist(«)» attr-dict"; }`,
		"expected literal, but got ')'"},
	{"oilist-successor", `def X : T_Op<"x"> { let successors = (successor AnySuccessor:$dest); let assemblyFormat = "oilist('to' «$dest») attr-dict"; }`,
		"only literals, types, and variables can be used within an oilist group"},
	{"oilist-required-attribute", `def X : T_Op<"x"> { let arguments = (ins I32Attr:$v); let assemblyFormat = "oilist('v' «$v») attr-dict"; }`,
		"only optional attributes can be used in an oilist parsing group"},
	{"oilist-required-operand", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "oilist('a' «$a») attr-dict"; }`,
		"only variable length operands can be used within an oilist parsing group"},
	{"oilist-property", `def X : T_Op<"x"> { let arguments = (ins I64Prop:$p); let assemblyFormat = "oilist('p' «$p») attr-dict"; }`,
		"only default-valued or optional properties can be used in an olist parsing group"},
}

// formatNotes are the notes mlir-tblgen adds to some of the cases above;
// tdls gives them as related information.
var formatNotes = map[string]string{
	"result-type-unresolved":  "suggest adding a type constraint to the operation or adding a 'type($r)' directive to the custom assembly format",
	"operand-type-unresolved": "suggest adding a type constraint to the operation or adding a 'type($a)' directive to the custom assembly format",
	"operand-missing":         "suggest adding a '$b' directive to the custom assembly format",
	"region-missing":          "suggest adding a '$body' directive to the custom assembly format",
	"successor-missing":       "suggest adding a '$dest' directive to the custom assembly format",
	"attr-dict-region":        "try using `attr-dict-with-keyword` instead",
}

// acceptedFormats are formats mlir-tblgen 22 accepts, for rules whose
// reach is easy to overdo.
var acceptedFormats = []struct{ name, src string }{
	{"unprinted-attributes", `def X : T_Op<"x"> { let arguments = (ins I32Attr:$v, I64Prop:$p); let assemblyFormat = "attr-dict"; }`},
	{"buildable-types", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let results = (outs I64:$r); let assemblyFormat = "$a attr-dict"; }`},
	{"same-operands-and-result", `include "mlir/Interfaces/InferTypeOpInterface.td"
def X : T_Op<"x", [SameOperandsAndResultType]> { let arguments = (ins AnyType:$a, AnyType:$b); let results = (outs AnyType:$r); let assemblyFormat = "$a ',' $b attr-dict ':' type($r)"; }`},
	{"types-match-with", `def X : T_Op<"x", [TypesMatchWith<"a from r", "r", "a", "$_self">]> { let arguments = (ins AnyType:$a); let results = (outs AnyType:$r); let assemblyFormat = "$a attr-dict ':' type($r)"; }`},
	{"inferred-results", `include "mlir/Interfaces/InferTypeOpInterface.td"
def X : T_Op<"x", [DeclareOpInterfaceMethods<InferTypeOpInterface>]> { let arguments = (ins AnyType:$a); let results = (outs AnyType:$r, AnyType:$s); let assemblyFormat = "$a attr-dict ':' type($a)"; }`},
	{"all-types-match-from-result", `def X : T_Op<"x", [AllTypesMatch<["a", "r"]>]> { let arguments = (ins AnyType:$a); let results = (outs AnyType:$r); let assemblyFormat = "$a attr-dict ':' type($r)"; }`},
	{"infer-type-adaptor", `include "mlir/Interfaces/InferTypeOpInterface.td"
def X : T_Op<"x", [InferTypeOpAdaptor]> { let arguments = (ins AnyType:$a); let results = (outs AnyType:$r); let assemblyFormat = "$a attr-dict ':' type($a)"; }`},
	{"else-anchor", `def X : T_Op<"x"> { let arguments = (ins Optional<I32>:$a); let assemblyFormat = "('x'):($a^)? attr-dict"; }`},
	{"custom-anchor-ref", `def X : T_Op<"x"> { let arguments = (ins OptionalAttr<I32Attr>:$v); let assemblyFormat = "$v (custom<F>(ref($v))^)? attr-dict"; }`},
	{"attr-dict-with-keyword-region", `def X : T_Op<"x"> { let regions = (region AnyRegion:$body); let assemblyFormat = "attr-dict-with-keyword $body"; }`},
	{"colon-after-typed-attribute", `def X : T_Op<"x"> { let arguments = (ins I32Attr:$v); let assemblyFormat = "$v ':' attr-dict"; }`},
	{"oilist-type-of-result", `def X : T_Op<"x"> { let arguments = (ins UnitAttr:$u); let results = (outs I32:$r); let assemblyFormat = "oilist('x' type($r) | 'y' $u) attr-dict"; }`},
	{"oilist-separated", `def X : T_Op<"x"> { let assemblyFormat = "oilist('x' | 'y') ' ' oilist('z' | 'x') attr-dict"; }`},
	{"custom-attr-dict", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let assemblyFormat = "custom<F>($a, attr-dict)"; }`},
	{"derived-attribute", `def X : T_Op<"x"> { let arguments = (ins I32:$a); DerivedAttr d = DerivedAttr<"int", "return 1;">; let assemblyFormat = "$a $d attr-dict"; }`},
	{"nested-groups", `def X : T_Op<"x"> { let arguments = (ins Variadic<I32>:$a, OptionalAttr<I32Attr>:$v); let assemblyFormat = "($a^ ($v^)?)? attr-dict"; }`},
}

// markedSource turns a case into TableGen source: ' becomes a backtick and
// the «» markers are removed; it returns the byte span they marked.
func markedSource(s string) (src string, start, end int) {
	s = strings.ReplaceAll(s, "'", "`")
	start = strings.Index(s, "«")
	s = strings.Replace(s, "«", "", 1)
	end = strings.Index(s, "»")
	s = strings.Replace(s, "»", "", 1)
	return s, start, end
}

// tblgenFirstError runs mlir-tblgen on path and returns its first error
// message ("" when it accepts the file).
func tblgenFirstError(t *testing.T, path string) string {
	t.Helper()
	_, err := runTblgen(path, "--gen-op-decls")
	if err == nil {
		return ""
	}
	for _, line := range strings.Split(err.Error(), "\n") {
		// A few faults abort mlir-tblgen with an LLVM ERROR.
		for _, tag := range []string{"error: ", "LLVM ERROR: "} {
			if i := strings.Index(line, tag); i >= 0 {
				return line[i+len(tag):]
			}
		}
	}
	return err.Error()
}

// tblgenOutput is what mlir-tblgen prints on stderr for path.
func tblgenOutput(t *testing.T, path string) string {
	t.Helper()
	if _, err := runTblgen(path, "--gen-op-decls"); err != nil {
		return err.Error()
	}
	return ""
}

func liveTblgen(t *testing.T) bool {
	if _, err := os.Stat(mlirTblgen); err != nil {
		t.Log("mlir-tblgen 22 not installed (" + mlirTblgen + "): checking tdls only, not comparing live")
		return false
	}
	return true
}

func formatErrorsOf(m *Model) []tablegen.Diagnostic {
	var out []tablegen.Diagnostic
	for _, d := range Check(m, nil) {
		if d.Severity == tablegen.SeverityError {
			out = append(out, d)
		}
	}
	return out
}

// TestAssemblyFormatErrors checks each case against mlir-tblgen on a file
// of its own, and tdls on one file holding every case (one evaluation of
// OpBase.td rather than one per case).
func TestAssemblyFormatErrors(t *testing.T) {
	needMLIR(t)
	live := liveTblgen(t)
	dir := t.TempDir()
	type placed struct{ start, end, lo, hi int }
	var all strings.Builder
	all.WriteString(checkPrelude)
	var where []placed
	var bodies []string
	for i, c := range formatCases {
		body, start, end := markedSource(strings.Replace(c.src, "def X ", "def X"+strconv.Itoa(i)+" ", 1))
		if start < 0 || end < start {
			t.Fatalf("%s: case has no «» range", c.name)
		}
		lo := all.Len()
		all.WriteString(body + "\n")
		where = append(where, placed{lo + start, lo + end, lo, all.Len()})
		bodies = append(bodies, body)
	}
	path := filepath.Join(dir, "all.td")
	src := all.String()
	m := loadSource(t, path, []byte(src))
	errs := formatErrorsOf(m)
	f := m.Result.Set.File(m.Ops[0].Range.Start)
	for i, c := range formatCases {
		t.Run(c.name, func(t *testing.T) {
			w := where[i]
			if live {
				one := filepath.Join(dir, c.name+".td")
				if err := os.WriteFile(one, []byte(checkPrelude+bodies[i]+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				if got := tblgenFirstError(t, one); got != c.msg {
					t.Fatalf("mlir-tblgen's first error is %q, want %q", got, c.msg)
				}
			}
			var first *tablegen.Diagnostic
			for k := range errs {
				if off := f.Offset(errs[k].Range.Start); off >= w.lo && off < w.hi {
					first = &errs[k]
					break
				}
			}
			if first == nil {
				t.Fatalf("tdls accepts it; want %q", c.msg)
			}
			if first.Message != c.msg {
				t.Errorf("first error %q, want %q", first.Message, c.msg)
			}
			if f.Offset(first.Range.Start) != w.start || f.Offset(first.Range.End) != w.end {
				t.Errorf("error at %q, want at %q", rangeText(m, first.Range), src[w.start:w.end])
			}
			if !strings.HasPrefix(first.Code, "ods-format-") {
				t.Errorf("code %q", first.Code)
			}
			if note, ok := formatNotes[c.name]; ok {
				found := false
				for _, r := range first.Related {
					found = found || r.Message == note
				}
				if !found {
					t.Errorf("no note %q in %v", note, first.Related)
				}
				if live && !strings.Contains(tblgenOutput(t, filepath.Join(dir, c.name+".td")), "note: "+note) {
					t.Errorf("mlir-tblgen gives no note %q", note)
				}
			}
		})
	}
}

func TestAssemblyFormatAccepted(t *testing.T) {
	needMLIR(t)
	live := liveTblgen(t)
	dir := t.TempDir()
	for _, c := range acceptedFormats {
		t.Run(c.name, func(t *testing.T) {
			src := checkPrelude + strings.ReplaceAll(c.src, "'", "`") + "\n"
			path := filepath.Join(dir, c.name+".td")
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			if live {
				if got := tblgenFirstError(t, path); got != "" {
					t.Fatalf("mlir-tblgen rejects it: %s", got)
				}
			}
			for _, d := range formatErrorsOf(loadSource(t, path, []byte(src))) {
				t.Errorf("%s [%s]", d.Message, d.Code)
			}
		})
	}
}
