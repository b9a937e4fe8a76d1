package ods

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tdls/tablegen"
)

const checkPrelude = `include "mlir/IR/OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> tr = []> : Op<T_Dialect, m, tr>;
`

// Each case is an op mlir-tblgen 22 rejects with msg; at is the text the
// diagnostic's range must cover (the op's name when the fault has no
// narrower place).
var opDefinitionCases = []struct {
	name, src, msg, at string
}{
	{"dup-operand", `def X : T_Op<"x"> { let arguments = (ins I32:$a, I32:$a); }`,
		"op has a conflict with two operands having the same name 'a'", "I32:$a"},
	{"operand-result", `def X : T_Op<"x"> { let arguments = (ins I32:$a); let results = (outs I32:$a); }`,
		"op has a conflict with operands and results both having an entry with the name 'a'", "I32:$a"},
	{"dup-region", `def X : T_Op<"x"> { let regions = (region AnyRegion:$r, AnyRegion:$r); }`,
		"op has a conflict with two regions having the same name 'r'", "AnyRegion:$r"},
	{"accessor-overlap", `def X : T_Op<"x"> { let arguments = (ins I32:$operands, I32:$b); }`,
		"generated accessor for `operands` overlaps with a default one; please rename to avoid overlap", "I32:$operands"},
	{"accessor-attributes", `def X : T_Op<"x"> { let arguments = (ins I32:$attributes); }`,
		"generated accessor for `attributes` overlaps with a default one; please rename to avoid overlap", "I32:$attributes"},
	{"variadic-operands", `def X : T_Op<"x"> { let arguments = (ins Variadic<I32>:$a, Variadic<I32>:$b); }`,
		"op has multiple variadic operands but no specification over their sizes", "(ins Variadic<I32>:$a, Variadic<I32>:$b)"},
	{"variadic-results", `def X : T_Op<"x"> { let results = (outs Variadic<I32>:$a, Variadic<I32>:$b); }`,
		"op has multiple variadic results but no specification over their sizes", "(outs Variadic<I32>:$a, Variadic<I32>:$b)"},
	{"attr-sized-one", `def X : T_Op<"x", [AttrSizedOperandSegments]> { let arguments = (ins Variadic<I32>:$a); }`,
		"op must have at least two variadic operands to use 'AttrSizedOperandSegments' trait", "X"},
	{"attr-sized-and-same", `def X : T_Op<"x", [AttrSizedOperandSegments, SameVariadicOperandSize]> { let arguments = (ins Variadic<I32>:$a, Variadic<I32>:$b); }`,
		"op cannot have both 'AttrSizedOperandSegments' and 'SameVariadicOperandSize' traits", "X"},
	{"results-outs", `def X : T_Op<"x"> { let results = (ins I32:$a); }`,
		"'results' must have 'outs' directive", "(ins I32:$a)"},
	{"successors-directive", `def X : T_Op<"x"> { let successors = (ins AnySuccessor:$a); }`,
		"'successors' must have 'successor' directive", "(ins AnySuccessor:$a)"},
	{"regions-directive", `def X : T_Op<"x"> { let regions = (ins AnyRegion:$a); }`,
		"'regions' must have 'region' directive", "(ins AnyRegion:$a)"},
	{"undefined-argument", `def X : T_Op<"x"> { let arguments = (ins "foo":$a); }`,
		"undefined type for argument #0", `"foo":$a`},
	{"undefined-result", `def X : T_Op<"x"> { let results = (outs I32:$a, "foo":$b); }`,
		"undefined type for result #1", `"foo":$b`},
	{"unexpected-def", `def NotAConstraint; def X : T_Op<"x"> { let arguments = (ins NotAConstraint:$a); }`,
		"unexpected def type; only defs deriving from TypeConstraint or Attr or Property are allowed", "NotAConstraint:$a"},
	{"unnamed-attribute", `def X : T_Op<"x"> { let arguments = (ins I32Attr); }`,
		"attributes must be named", "I32Attr"},
	{"variadic-region-last", `def X : T_Op<"x"> { let regions = (region VariadicRegion<AnyRegion>:$a, AnyRegion:$b); }`,
		"only the last region can be variadic", "VariadicRegion<AnyRegion>:$a"},
	{"variadic-region-named", `def X : T_Op<"x"> { let regions = (region VariadicRegion<AnyRegion>); }`,
		"variadic regions must be named", "VariadicRegion<AnyRegion>"},
	{"variadic-successor-last", `def X : T_Op<"x"> { let successors = (successor VariadicSuccessor<AnySuccessor>:$a, AnySuccessor:$b); }`,
		"only the last successor can be variadic", "VariadicSuccessor<AnySuccessor>:$a"},
	{"variadic-of-variadic-result", `def X : T_Op<"x"> { let results = (outs VariadicOfVariadic<I32, "sizes">:$a); }`,
		"'VariadicOfVariadic' results are currently not supported", `VariadicOfVariadic<I32, "sizes">:$a`},
	{"no-builders", `def X : T_Op<"x"> { let skipDefaultBuilders = 1; }`,
		"default builders are skipped and no custom builders provided", "1"},
	{"builder-default-order", `def X : T_Op<"x"> { let builders = [OpBuilder<(ins CArg<"int", "42">:$a, "int":$b)>]; }`,
		"expected an argument with default value after other arguments with default values", "OpBuilder"},
	{"builder-ins", `def X : T_Op<"x"> { let builders = [OpBuilder<(outs)>]; }`,
		"expected 'ins' in builders", "OpBuilder"},
	{"trait-order", `def TA : NativeOpTrait<"TA">; def TB : NativeOpTrait<"TB", [TA]>; def X : T_Op<"x", [TB]>;`,
		"TB requires TA to precede it in traits list", "X"},
	{"field-attribute", `def X : T_Op<"x"> { Attr value = I32Attr; }`,
		"unexpected Attr where only DerivedAttr is allowed", "value"},
}

func TestOpDefinitionErrors(t *testing.T) {
	needMLIR(t)
	_, err := os.Stat(mlirTblgen)
	live := err == nil
	if !live {
		t.Log("mlir-tblgen 22 not installed: checking tdls only, not comparing live")
	}
	dir := t.TempDir()
	for _, c := range opDefinitionCases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name+".td")
			src := checkPrelude + c.src + "\n"
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			if live {
				_, err := runTblgen(path, "--gen-op-decls")
				if err == nil || !strings.Contains(err.Error(), "error: "+c.msg) {
					t.Fatalf("mlir-tblgen does not reject with %q: %v", c.msg, err)
				}
			}
			m := loadSource(t, path, []byte(src))
			var found []string
			for _, d := range Check(m, nil) {
				if d.Severity != tablegen.SeverityError {
					continue
				}
				at := rangeText(m, d.Range)
				found = append(found, d.Message+" @ "+at)
				if d.Message == c.msg && at == c.at && strings.HasPrefix(d.Code, "ods") {
					return
				}
			}
			t.Errorf("want %q at %q, got %q", c.msg, c.at, found)
		})
	}
}

func rangeText(m *Model, r tablegen.Range) string {
	f := m.Result.Set.File(r.Start)
	if f == nil {
		return ""
	}
	return string(f.Content[f.Offset(r.Start):f.Offset(r.End)])
}

func TestBestPracticeWarnings(t *testing.T) {
	needMLIR(t)
	src := checkPrelude + `def X : T_Op<"x"> {
  let summary = "does x.";
  let arguments = (ins I32:$a, I32);
  let results = (outs I32);
}
def Y : T_Op<"y"> { let summary = "does y"; let arguments = (ins I32:$a); let results = (outs I32:$r); }
`
	m := loadSource(t, "warn.td", []byte(src))
	want := map[string]string{
		"ods-summary-period":  `"does x."`,
		"ods-unnamed-operand": "I32",
		"ods-unnamed-result":  "I32",
	}
	got := map[string]string{}
	for _, d := range Check(m, nil) {
		if d.Severity == tablegen.SeverityError {
			t.Errorf("unexpected error %s", d.Message)
		}
		got[d.Code] = rangeText(m, d.Range)
	}
	for code, at := range want {
		if got[code] != at {
			t.Errorf("%s at %q, want at %q", code, got[code], at)
		}
	}
	if len(got) != len(want) {
		t.Errorf("warnings %v, want exactly %v", got, want)
	}
}

// TestMLIRTreeHasNoODSErrors: mlir-tblgen accepts every definition of the
// MLIR tree and MLIR builds, so no file may get an ODS error, nor a
// warning that claims a broken build or a run-time failure for its own
// definitions.
func TestMLIRTreeHasNoODSErrors(t *testing.T) {
	needMLIR(t)
	var files []string
	filepath.WalkDir(filepath.Join(mlirInclude, "mlir"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".td") {
			files = append(files, p)
		}
		return nil
	})
	var ops, defs, enums, ifaces, passes, errs, warns int
	for _, f := range files {
		m := loadFile(t, f)
		ops += len(m.Ops)
		defs += len(m.AttrOrTypeDefs)
		enums += len(m.Enums)
		ifaces += len(m.Interfaces)
		passes += len(m.Passes)
		root := m.Result.Set.File(1) // loadFile adds the root first
		for _, d := range Check(m, root) {
			if d.Severity == tablegen.SeverityError || (d.Severity == tablegen.SeverityWarning && !IsStyle(d.Code)) {
				if d.Severity == tablegen.SeverityError {
					errs++
				} else {
					warns++
				}
				pos := m.Result.Set.Position(d.Range.Start)
				t.Errorf("%s: %v: %s [%s]", f, pos, d.Message, d.Code)
			}
		}
	}
	fmt.Printf("MLIR tree: %d files (%d ops, %d attributes and types, %d enums, %d interfaces, %d passes reached): %d ODS errors, %d non-style warnings\n",
		len(files), ops, defs, enums, ifaces, passes, errs, warns)
	if ops < 2500 {
		t.Errorf("only %d ops reached from %d files", ops, len(files))
	}
}
