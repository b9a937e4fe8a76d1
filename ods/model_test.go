package ods

import (
	"strings"
	"testing"
)

func TestArithModel(t *testing.T) {
	needMLIR(t)
	m := loadFile(t, mlirInclude+"/mlir/Dialect/Arith/IR/ArithOps.td")
	add := m.OpByName("arith.addi")
	if add == nil || add != m.OpByDef("Arith_AddIOp") {
		t.Fatalf("arith.addi not found by name and def")
	}
	if got := add.QualifiedCppClass(); got != "::mlir::arith::AddIOp" {
		t.Errorf("class = %q", got)
	}
	if add.Dialect == nil || add.Dialect.Name != "arith" || add.Dialect.CppNamespace != "::mlir::arith" {
		t.Errorf("dialect = %+v", add.Dialect)
	}
	var kinds []string
	for _, a := range add.Args {
		kinds = append(kinds, a.Kind.String()+":"+a.Name)
	}
	if got := strings.Join(kinds, " "); got != "operand:lhs operand:rhs attribute:overflowFlags" {
		t.Errorf("args = %s", got)
	}
	if of := add.Arg("overflowFlags"); !of.DefaultValued || of.OptionalAttr {
		t.Errorf("overflowFlags flags: default %v optional %v", of.DefaultValued, of.OptionalAttr)
	}
	if ok, _ := add.CanInferResultTypes(); !ok || !add.AllResultTypesKnown() || !add.HasInferTypeInterface() {
		t.Errorf("addi: result types should be inferred (SameOperandsAndResultType)")
	}

	ext := m.OpByName("arith.addui_extended")
	if ok, why := ext.CanInferResultTypes(); ok || !strings.Contains(why, "overflow") {
		t.Errorf("addui_extended: infer = %v (%s), want false naming 'overflow'", ok, why)
	}
	if ext.HasGeneratedBuilder(BuildSeparateNoTypes) {
		t.Errorf("addui_extended has no builder without result types")
	}
	cst := m.OpByName("arith.constant")
	if it, ok := cst.InferredResultType(0); !ok || it.Arg != 0 {
		t.Errorf("arith.constant result type should come from argument 0 (AllTypesMatch), got %+v %v", it, ok)
	}
}

func TestMarkdown(t *testing.T) {
	needMLIR(t)
	m := loadFile(t, mlirInclude+"/mlir/Dialect/Arith/IR/ArithOps.td")
	md := m.OpByName("arith.addi").Markdown()
	for _, want := range []string{
		"**`arith.addi`** · `::mlir::arith::AddIOp`",
		"| `lhs` | operand | `SignlessIntegerOrIndexLike` (signless-integer-like) |",
		"| `overflowFlags` | default-valued attribute |",
		"Interfaces: ", "`InferTypeOpInterface`",
		"\n---\n\nPerforms N-bit addition",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("op markdown lacks %q:\n%s", want, md)
		}
	}
	arg := m.OpByName("arith.addi").Arg("lhs").Markdown()
	if !strings.HasPrefix(arg, "**operand** `lhs`") {
		t.Errorf("argument markdown:\n%s", arg)
	}
}
