package ods

import (
	"strings"
	"testing"
)

// The build methods of custom builders and the calls they take: DRR's
// `Op::create(rewriter, loc, value, value)` for an op with two operands.
func TestBuildersTakeCalls(t *testing.T) {
	needMLIR(t)
	src := `include "mlir/IR/OpBase.td"
def T_Dialect : Dialect { let name = "t"; let cppNamespace = "::t"; }
class T_BinaryOp<string m, list<OpBuilder> b> : Op<T_Dialect, m> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$res);
  let builders = b;
}
def None : T_BinaryOp<"none", []>;
def Plain : T_BinaryOp<"plain", [OpBuilder<(ins "Value":$lhs, "Value":$rhs), [{ }]>]>;
def Qualified : T_BinaryOp<"qualified", [OpBuilder<(ins "::mlir::Value":$lhs, "mlir::Value":$rhs)>]>;
def Defaulted : T_BinaryOp<"defaulted", [OpBuilder<(ins "Value":$lhs, "Value":$rhs, CArg<"int", "0">:$n, CArg<"Type", "$_builder.getI32Type()">:$t)>]>;
def Ranges : T_BinaryOp<"ranges", [OpBuilder<(ins "ValueRange":$lhs, "ArrayRef<Value>":$rhs)>]>;
def OneRange : T_BinaryOp<"one_range", [OpBuilder<(ins "ValueRange":$operands)>]>;
def TypeFirst : T_BinaryOp<"type_first", [OpBuilder<(ins "Type":$t, "Value":$lhs, "Value":$rhs, "bool":$b)>]>;
def TypedValue : T_BinaryOp<"typed_value", [OpBuilder<(ins "TypedValue<IntegerType>":$lhs, "Value":$rhs)>]>;
def Scalar : T_BinaryOp<"scalar", [OpBuilder<(ins "Value":$lhs, "int64_t":$rhs)>]>;
def UserType : T_BinaryOp<"user_type", [OpBuilder<(ins "Value":$lhs, "MyHandle":$rhs)>]>;
def Attr : Op<T_Dialect, "attr"> {
  let arguments = (ins AnyType:$x, I64Attr:$n);
  let results = (outs AnyType:$res);
  let builders = [OpBuilder<(ins "Value":$x, "IntegerAttr":$n)>, OpBuilder<(ins "Value":$x, "int":$n, "int":$m)>];
}
`
	m := loadSource(t, t.TempDir()+"/builders.td", []byte(src))
	two := []CallArg{{Kind: CallValue}, {Kind: CallValue}}
	for _, c := range []struct {
		op   string
		args []CallArg
		want Fit
	}{
		{"None", two, FitNo},
		{"Plain", two, FitYes},
		{"Qualified", two, FitYes},
		{"Defaulted", two, FitYes},
		{"Ranges", two, FitYes},
		{"OneRange", two, FitNo},
		{"OneRange", []CallArg{{Kind: CallValues}}, FitYes},
		{"TypeFirst", two, FitNo},
		{"TypedValue", two, FitNo},
		{"Scalar", two, FitNo},
		{"UserType", two, FitMaybe},
		{"Attr", []CallArg{{Kind: CallValue}, {Kind: CallAttribute, CppType: "::mlir::IntegerAttr"}}, FitYes},
		{"Attr", []CallArg{{Kind: CallValue}, {Kind: CallValue}}, FitNo},
		{"Attr", []CallArg{{Kind: CallValue}, {Kind: CallUnknown}}, FitMaybe},
		// The collective builder with result types every op has.
		{"None", []CallArg{{Kind: CallTypes}, {Kind: CallValues}, {Kind: CallProperties}}, FitYes},
	} {
		op := m.OpByDef(c.op)
		if op == nil {
			t.Fatalf("%s not found", c.op)
		}
		if got, _ := op.FitCall(c.args); got != c.want {
			t.Errorf("%s%v: fit %d, want %d", c.op, c.args, got, c.want)
		}
	}

	var sig []string
	for _, b := range m.OpByDef("Defaulted").BuildMethods() {
		if b.Custom != nil {
			sig = append(sig, b.Signature())
		}
	}
	if want := "(Value lhs, Value rhs, int n = 0, Type t = $_builder.getI32Type())"; len(sig) != 1 || sig[0] != want {
		t.Errorf("custom builder signature %q, want %q", sig, want)
	}
	for _, b := range m.OpByDef("TypeFirst").BuildMethods() {
		if b.Custom != nil {
			if why := b.Mismatch(two); !strings.Contains(why, "takes 4 arguments, not 2") {
				t.Errorf("mismatch: %q", why)
			}
		}
	}
}
