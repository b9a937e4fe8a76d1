package drr

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A nested op built without result types is fine when a custom builder
// takes the call, and warned about, with every custom builder and why it
// does not fit, when none does.
func TestCustomBuildersDecideResultTypes(t *testing.T) {
	l := load(t, "builders.td", `include "mlir/IR/PatternBase.td"
include "oracle/OracleOps.td"
def Fits : Pat<(Oracle_SameTypeOp $a, $b), (Oracle_SameTypeOp (Oracle_ValueBuilderOp $a, $b), $b)>;
def FitsDefaulted : Pat<(Oracle_SameTypeOp $a, $b), (Oracle_SameTypeOp (Oracle_DefaultedBuilderOp $a, $b), $b)>;
def FitsAttribute : Pattern<(Oracle_AttrBuilderOp $x, $n), [(Oracle_AttrBuilderOp:$aux $x, $n), (Oracle_AttrBuilderOp $x, $n)]>;
def TypeFirst : Pat<(Oracle_SameTypeOp $a, $b), (Oracle_SameTypeOp (Oracle_TypeFirstBuilderOp $a, $b), $b)>;
def RawAttribute : Pattern<(Oracle_RawAttrBuilderOp $x, $n), [(Oracle_RawAttrBuilderOp:$aux $x, $n), (Oracle_RawAttrBuilderOp $x, $n)]>;
def SkipDefault : Pat<(Oracle_SkipDefaultOp $x), (Oracle_SkipDefaultOp $x)>;
`)
	got := map[string][]string{}
	for _, p := range l.set.Patterns {
		for _, d := range CheckPattern(p) {
			s := d.Code + ": " + d.Message
			for _, r := range d.Related {
				s += "\n  " + l.text(r.Range) + " | " + r.Message
			}
			got[p.Name] = append(got[p.Name], s)
		}
	}
	for _, name := range []string{"Fits", "FitsDefaulted", "FitsAttribute"} {
		if len(got[name]) > 0 {
			t.Errorf("%s: want no diagnostic, got %q", name, got[name])
		}
	}
	want := map[string][]string{
		"TypeFirst": {"drr-result-types: 'oracle.type_first_builder' is created as a nested op with `::oracle::TypeFirstBuilderOp::create(rewriter, loc, ::mlir::Value, ::mlir::Value)`",
			"ODS generates no builder without result types",
			"OpBuilder | custom builder (Type type, Value lhs, Value rhs, bool flag): it takes 4 arguments, not 2"},
		"RawAttribute": {"drr-result-types: 'oracle.raw_attr_builder' is created as an auxiliary op with `::oracle::RawAttrBuilderOp::create(rewriter, loc, ::mlir::Value, ::mlir::IntegerAttr)`",
			"custom builder (Value input, int64_t count): argument #1 is ::mlir::IntegerAttr, which does not convert to int64_t"},
		"SkipDefault": {"drr-no-builder: 'oracle.skip_default' is created as an op with `::oracle::SkipDefaultOp::create(rewriter, loc, ::llvm::SmallVector<::mlir::Type, 4>, ::llvm::SmallVector<::mlir::Value, 4>, Properties)`",
			"skipDefaultBuilders is set"},
	}
	for name, parts := range want {
		if len(got[name]) != 1 {
			t.Errorf("%s: want one diagnostic, got %q", name, got[name])
			continue
		}
		for _, part := range parts {
			if !strings.Contains(got[name][0], part) {
				t.Errorf("%s: %q lacks %q", name, got[name][0], part)
			}
		}
	}
}

// Real out-of-tree patterns (testdata/outoftree/onnx-mlir): onnx-mlir's ops
// carry custom builders taking their operands, and its patterns build them
// nested without result types. The C++ compiles; tdls says nothing.
func TestOutOfTreeCustomBuilders(t *testing.T) {
	needMLIR(t)
	dir, _ := filepath.Abs(filepath.Join("testdata", "outoftree", "onnx-mlir"))
	src, err := os.ReadFile(filepath.Join(dir, "Patterns.td"))
	if err != nil {
		t.Fatal(err)
	}
	l := loadIn(dir, "Patterns.td", string(src))
	for _, d := range append(append(l.unit.Diags, l.res.Diagnostics...), Plain(Check(l.set))...) {
		p := l.unit.Set.Position(d.Range.Start)
		t.Errorf("%s:%d:%d: %s [%s]", p.Filename, p.Line, p.Column, d.Message, d.Code)
	}
	if len(l.set.Patterns) != 2 {
		t.Errorf("want the 2 patterns, got %d", len(l.set.Patterns))
	}
}
