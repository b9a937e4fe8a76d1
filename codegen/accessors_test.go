package codegen

import (
	"path/filepath"
	"strings"
	"testing"

	"tdls/ods"
)

// The accessors of an argument are the methods the generated class
// declares for it, written as the header writes them.
func TestOpAccessors(t *testing.T) {
	needMLIRTblgen(t)
	file, _ := filepath.Abs("../testdata/opdecls/EdgeOps.td")
	res, ok := evaluateFile(t, file, mlirInclude, filepath.Dir(file))
	if !ok {
		t.Fatal("fixture does not evaluate")
	}
	m := ods.Build(res)
	header, ok := runGenerator("--gen-op-decls", file, mlirInclude)
	if !ok {
		t.Fatal("mlir-tblgen rejects the fixture")
	}
	for _, c := range []struct {
		op, name string
		want     []string
	}{
		{"edge.props", "opt", []string{"::mlir::StringAttr getOptAttrName()", "static ::mlir::StringAttr getOptAttrName(::mlir::OperationName name)",
			"::mlir::IntegerAttr getOptAttr()", "::std::optional<uint64_t> getOpt()", "void setOptAttr(::mlir::IntegerAttr attr)",
			"void setOpt(::std::optional<uint64_t> attrValue)", "::mlir::Attribute removeOptAttr()"}},
		{"edge.props", "width", []string{"int64_t getWidth()", "void setWidth(int64_t newWidth)"}},
		{"edge.groups", "groups", []string{"::mlir::OperandRangeRange getGroups()", "::mlir::MutableOperandRangeRange getGroupsMutable()"}},
		{"edge.branch", "others", []string{"::mlir::SuccessorRange getOthers()"}},
	} {
		op := m.OpByName(c.op)
		acc, err := OpAccessors(op, c.name)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, a := range acc {
			got = append(got, a.Declaration)
			if !strings.Contains(header, "  "+a.Declaration+" {") && !strings.Contains(header, "  "+a.Declaration+";") {
				t.Errorf("%s %s: %q is not in mlir-tblgen's header", c.op, c.name, a.Declaration)
			}
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s %s:\n got %q\nwant %q", c.op, c.name, got, c.want)
		}
	}
}
