package cpp

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestScanRules reads a fixture with one of each form and checks every
// definition found, and that nothing else is.
func TestScanRules(t *testing.T) {
	src, err := os.ReadFile("testdata/rules.cpp")
	if err != nil {
		t.Fatal(err)
	}
	f := Scan("/x/rules.cpp", src)
	var got []string
	for _, d := range f.Defs {
		line := strings.Split(string(src), "\n")[d.Line-1]
		if strings.HasPrefix(line, "FOLDER(") || strings.HasPrefix(line, "VERIFIED_OPS(") {
			got = append(got, d.Kind.String()+" "+d.Qualified()+"/"+itoa(d.Params))
			continue // defined by the macro invoked here
		}
		if !strings.HasPrefix(line[d.Col-1:], strings.TrimPrefix(d.Name, "~")) && !strings.HasPrefix(d.Name, "operator") {
			t.Errorf("%s at %d:%d: the line there is %q", d.Qualified(), d.Line, d.Col, line)
		}
		if string(src[d.Offset:d.Offset+nameLen(d)]) != strings.TrimPrefix(d.Name, "~")[:nameLen(d)] {
			t.Errorf("%s: offset %d is not its name", d.Qualified(), d.Offset)
		}
		got = append(got, d.Kind.String()+" "+d.Qualified()+"/"+itoa(d.Params))
	}
	want := []string{
		"method ::mlir::foo::FooOp::verify/0",
		"method ::mlir::foo::FooOp::fold/1",
		"method ::mlir::bar::Generic::verify/0",
		"class ::mlir::bar::Helper/0",
		"constructor ::mlir::bar::Helper::Helper/1",
		"method ::mlir::bar::Helper::get/0",
		"method ::mlir::bar::Helper::operator==/1",
		"method ::mlir::bar::Helper::trailing/2",
		"function ::mlir::bar::related/2",
		"class ::FooPass/0",
		"method ::FooPass::runOnOperation/0",
		"method ::mlir::foo::FooOp::parse/2",
		"function ::helper/-1",
		"method ::mlir::foo::AbsOp::fold/1",
		"method ::mlir::foo::NegOp::fold/1",
		"method ::mlir::foo::AbsOp::verify/0",
		"method ::mlir::foo::NegOp::verify/0",
		"method ::mlir::foo::MulOp::verify/0",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("definitions:\n got %q\nwant %q", got, want)
	}
	if want := []string{"foo/FooOps.h", "vector"}; !reflect.DeepEqual(f.Includes, want) {
		t.Errorf("includes %q, want %q", f.Includes, want)
	}
	if want := [][]string{{"mlir"}}; !reflect.DeepEqual(f.Usings, want) {
		t.Errorf("usings %q, want %q", f.Usings, want)
	}
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestIndexMembersThroughUsings: an out-of-line member written at file
// scope after using-directives is the member of the class in the
// namespace they name, and of no other.
func TestIndexMembersThroughUsings(t *testing.T) {
	x := NewIndex()
	x.Update(Scan("/a.cpp", []byte(`
using namespace mlir;
using namespace foo;
LogicalResult FooOp::verify() { return success(); }
`)))
	x.Update(Scan("/b.cpp", []byte(`
namespace other { struct FooOp { void verify() {} }; }
namespace mlir { namespace foo {
void FooOp::build(OpBuilder &b, OperationState &s) {}
void foo::FooOp::print(OpAsmPrinter &p) {}
}}
`)))
	if got := x.Members("::mlir::foo::FooOp", "verify"); len(got) != 1 || got[0].File != "/a.cpp" || got[0].Line != 4 {
		t.Errorf("verify: %+v", got)
	}
	if got := x.Members("::other::FooOp", "verify"); len(got) != 1 || got[0].File != "/b.cpp" {
		t.Errorf("other verify: %+v", got)
	}
	if got := x.Members("::foo::FooOp", "verify"); len(got) != 0 {
		t.Errorf("::foo::FooOp has no verify, got %+v", got)
	}
	if got := x.Members("mlir::foo::FooOp", "build"); len(got) != 1 || got[0].Params != 2 {
		t.Errorf("build: %+v", got)
	}
	if got := x.Members("::mlir::foo::FooOp", "print"); len(got) != 1 {
		t.Errorf("print: %+v", got)
	}
	x.Remove("/a.cpp")
	if got := x.Members("::mlir::foo::FooOp", "verify"); len(got) != 0 {
		t.Errorf("after Remove: %+v", got)
	}
	if got := x.Includers("FooOps.cpp.inc"); got != nil {
		t.Errorf("includers: %q", got)
	}
}

func TestIndexLookup(t *testing.T) {
	x := NewIndex()
	x.Update(Scan("/h.cpp", []byte(`
#include "foo/FooOps.cpp.inc"
namespace mlir { namespace foo {
static bool isSmall(Value v) { return true; }
bool isSmall(Value v, int n) { return true; }
} }
namespace util { int twice(int a) { return a; } }
bool global(int a) { return a; }
`)))
	if got := x.Lookup("isSmall", []string{"mlir", "foo"}, nil); len(got) != 2 {
		t.Errorf("isSmall from mlir::foo: %+v", got)
	}
	if got := x.Lookup("isSmall", nil, nil); len(got) != 0 {
		t.Errorf("isSmall from :: found %+v", got)
	}
	if got := x.Lookup("isSmall", nil, [][]string{{"mlir", "foo"}}); len(got) != 2 {
		t.Errorf("isSmall through using: %+v", got)
	}
	if got := x.Lookup("util::twice", []string{"mlir"}, nil); len(got) != 1 {
		t.Errorf("util::twice: %+v", got)
	}
	if got := x.Lookup("global", []string{"mlir", "foo"}, nil); len(got) != 1 {
		t.Errorf("global: %+v", got)
	}
	if got := x.Includers("FooOps.cpp.inc"); len(got) != 1 || got[0] != "/h.cpp" {
		t.Errorf("includers: %q", got)
	}
	if d, ok := x.At("/h.cpp", strings.Index(`
#include "foo/FooOps.cpp.inc"
namespace mlir { namespace foo {
static bool isSmall`, "isSmall")+2); !ok || d.Name != "isSmall" {
		t.Errorf("At: %+v %v", d, ok)
	}
}

// TestIncludeScopes: an include is in the namespace written around it,
// each namespace once over the files that include it.
// TestIndexLookupOutOfLine: a free function defined out of line with a
// qualifier that a using-directive resolves ("triton::createPass" at file
// scope after "using namespace mlir;" defines ::mlir::triton::createPass)
// is found under the name it defines, and only there.
func TestIndexLookupOutOfLine(t *testing.T) {
	x := NewIndex()
	x.Update(Scan("/p.h", []byte(`
namespace mlir { namespace triton {
std::unique_ptr<Pass> createPass();
} }
`)))
	x.Update(Scan("/p.cpp", []byte(`
#include "p.h"
using namespace mlir;
std::unique_ptr<Pass> triton::createPass() { return nullptr; }
`)))
	for _, name := range []string{"mlir::triton::createPass", "::mlir::triton::createPass"} {
		if got := x.Lookup(name, nil, nil); len(got) != 1 || got[0].Line != 4 {
			t.Errorf("%s: %+v", name, got)
		}
	}
	if got := x.Lookup("triton::createPass", []string{"mlir"}, nil); len(got) != 1 {
		t.Errorf("triton::createPass from mlir: %+v", got)
	}
	if got := x.Lookup("other::createPass", nil, nil); len(got) != 0 {
		t.Errorf("other::createPass found %+v", got)
	}
}

func TestIncludeScopes(t *testing.T) {
	x := NewIndex()
	x.Update(Scan("/a.h", []byte(`
#include "Passes.h.inc"
namespace mine::passes {
#define GEN_PASS_REGISTRATION
#include "x/Passes.h.inc"
void f() {}
}
namespace other {
}
`)))
	x.Update(Scan("/b.cpp", []byte(`namespace mine { namespace passes {
#include "Passes.h.inc"
} }
#include "Other.h.inc"
`)))
	got := x.IncludeScopes("Passes.h.inc")
	if len(got) != 2 || got[0] != nil || strings.Join(got[1], "::") != "mine::passes" {
		t.Errorf("scopes of Passes.h.inc: %q", got)
	}
	if got := x.IncludeScopes("Other.h.inc"); len(got) != 1 || got[0] != nil {
		t.Errorf("scopes of Other.h.inc: %q", got)
	}
}

// TestScanFragment: a .td code block's definitions are placed in the .td
// file and in the op's scope.
func TestScanFragment(t *testing.T) {
	src := []byte("\n  ::llvm::LogicalResult $cppClass::verify() { return success(); }\n")
	ds := ScanFragment("/x/Ops.td", src, FragmentOptions{Base: 100, Line: 10, Col: 5, Scope: []string{"mlir", "foo"}, Substitute: map[string]string{"$cppClass": "FooOp"}})
	if len(ds) != 1 || ds[0].Qualified() != "::mlir::foo::FooOp::verify" || ds[0].Line != 11 || ds[0].Offset != 100+strings.Index(string(src), "verify") {
		t.Fatalf("%+v", ds)
	}
	ds = ScanFragment("/x/Ops.td", []byte("int getSize() { return 1; }\nvoid decl();"), FragmentOptions{Line: 3, Col: 7, Scope: []string{"mlir", "FooOp"}, InClass: true})
	if len(ds) != 1 || ds[0].Qualified() != "::mlir::FooOp::getSize" || ds[0].Line != 3 || ds[0].Col != 11 || ds[0].Kind != Method {
		t.Fatalf("%+v", ds)
	}
}

// FuzzScan: any bytes scan without a panic, and each definition's name
// token lies in the source.
func FuzzScan(f *testing.F) {
	seed, _ := os.ReadFile("testdata/rules.cpp")
	f.Add(seed)
	f.Add([]byte(`R"abc( )abc" '\'' "\\" }}}} {{ ( [ < template < operator ( ) ( namespace a::b { #if 0`))
	f.Fuzz(func(t *testing.T, src []byte) {
		file := Scan("/f.cpp", src)
		for _, d := range file.Defs {
			if d.Offset < 0 || d.Offset >= len(src) || d.End > len(src) || d.Line < 1 || d.Col < 1 {
				t.Fatalf("%+v out of the source (%d bytes)", d, len(src))
			}
		}
		x := NewIndex()
		x.Update(file)
		for _, d := range file.Defs {
			x.Members(strings.TrimSuffix(d.Qualified(), "::"+d.Name), d.Name)
		}
	})
}

func TestCalls(t *testing.T) {
	code := []byte(`isSmall($0, 3) && ::mlir::foo::check<int>($_self) && $_self.cast<IntegerAttr>().getInt() > 0 &&
  helpers::twice(getValue($1)) && IntegerAttr::get($_builder.getI32Type(), 1) && llvm::isa<FooOp>($0) &&
  std::max(1, 2) && static_cast<int>(x) && SmallVector<int>(3).size() && pack(args...)`)
	var got []string
	for _, c := range Calls(code) {
		got = append(got, c.Name+"/"+itoa(c.Args)+"@"+string(code[c.Offset:c.Offset+len(c.Name[strings.LastIndex(c.Name, ":")+1:])]))
	}
	want := []string{"isSmall/2@isSmall", "::mlir::foo::check/1@check", "helpers::twice/1@twice", "getValue/1@getValue", "pack/-1@pack"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("calls\n got %q\nwant %q", got, want)
	}
}

// TestParamTypes: a declaration as mlir-tblgen writes it and a definition
// as an author does spell their parameter types alike; overloads of one
// arity do not.
func TestParamTypes(t *testing.T) {
	decl := "static void build(::mlir::OpBuilder &odsBuilder, ::mlir::OperationState &odsState, Value ptr, ArrayRef<int32_t> boundaryCheck, std::optional<triton::PaddingOption> padding, bool isVolatile = false)"
	want := "OpBuilder,OperationState,Value,ArrayRef < int32_t >,optional < PaddingOption >,bool"
	if got := ParamTypes(decl); got != want {
		t.Errorf("declaration:\n got %q\nwant %q", got, want)
	}
	f := Scan("/o.cpp", []byte(`
void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   ArrayRef<int32_t> boundaryCheck,
                   std::optional<PaddingOption> padding, bool isVolatile) {}
void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other, const bool) {}
int none(void) { return 0; }
`))
	wantDefs := []string{want, "OpBuilder,OperationState,Value,Value,Value,bool", ""}
	if len(f.Defs) != len(wantDefs) {
		t.Fatalf("%d definitions, want %d", len(f.Defs), len(wantDefs))
	}
	for i, d := range f.Defs {
		if d.ParamTypes != TypesKey(wantDefs[i]) {
			t.Errorf("definition %d (%s): its key is not that of %q", i, d.Name, wantDefs[i])
		}
	}
}
