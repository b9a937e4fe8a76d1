package codegen

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// genInput is a root file some generator accepts, with the include
// directories and options it needs.
type genInput struct {
	file     string // under the MLIR include directory, or absolute
	includes []string
	args     []string
}

// genInputs gives every generator an input: one of MLIR's own roots, or a
// fixture where MLIR has none.
func genInputs(t *testing.T) map[string]genInput {
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	const (
		amdgpu  = "mlir/Dialect/AMDGPU/IR/AMDGPU.td"
		passes  = "mlir/Conversion/Passes.td"
		spirv   = "mlir/Dialect/SPIRV/IR/SPIRVArithmeticOps.td"
		llvmEn  = "mlir/Dialect/LLVMIR/LLVMEnums.td"
		neon    = "mlir/Dialect/ArmNeon/ArmNeon.td"
		toLLVM  = "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.td"
		bytecod = "mlir/Bytecode/BytecodeOpInterface.td"
		bufType = "mlir/Dialect/Bufferization/IR/BufferizationTypeInterfaces.td"
	)
	in := map[string]genInput{
		"attr-interface-decls":          {file: toLLVM},
		"attr-interface-defs":           {file: "mlir/Dialect/GPU/IR/CompilationAttrInterfaces.td"},
		"attr-interface-docs":           {file: toLLVM},
		"avail-interface-decls":         {file: spirv},
		"avail-interface-defs":          {file: spirv},
		"bytecode":                      {file: "mlir/Dialect/LLVMIR/LLVMDialectBytecode.td"},
		"convertible-llvmir-intrinsics": {file: "mlir/Dialect/ArmSME/IR/ArmSMEIntrinsicOps.td"},
		"dialect-interface-decls":       {file: "mlir/Transforms/DialectInlinerInterface.td"},
		"directive-decl":                {file: "llvm/Frontend/OpenMP/OMP.td", args: []string{"--directives-dialect=OpenMP"}},
		"enum-from-llvmir-conversions":  {file: llvmEn},
		"enum-to-llvmir-conversions":    {file: llvmEn},
		"intr-from-llvmir-conversions":  {file: neon},
		"llvmir-conversions":            {file: neon},
		"llvmir-intrinsics": {file: "llvm/IR/Intrinsics.td",
			args: []string{"-llvmir-intrinsics-filter=ptrmask", "-dialect-opclass-base=LLVM_Op"}},
		"op-from-llvmir-conversions":   {file: "mlir/Dialect/LLVMIR/LLVMOps.td"},
		"op-interface-decls":           {file: bytecod},
		"op-interface-defs":            {file: "mlir/Dialect/Affine/IR/AffineMemoryOpInterfaces.td"},
		"op-interface-docs":            {file: "mlir/Interfaces/SideEffectInterfaces.td"},
		"openmp-clause-ops":            {file: "mlir/Dialect/OpenMP/OpenMPClauses.td"},
		"python-op-bindings":           {file: amdgpu, args: []string{"-bind-dialect=amdgpu"}},
		"rewriters":                    {file: abs("../examples/toy/ToyPatterns.td"), includes: []string{abs("../examples/toy")}},
		"spirv-avail-impls":            {file: spirv},
		"spirv-capability-implication": {file: spirv},
		"spirv-enum-avail-decls":       {file: "mlir/Dialect/SPIRV/IR/SPIRVBase.td"},
		"spirv-enum-avail-defs":        {file: "mlir/Dialect/SPIRV/IR/SPIRVBase.td"},
		"spirv-attr-utils":             {file: "mlir/Dialect/SPIRV/IR/SPIRVBase.td"},
		"spirv-serialization":          {file: spirv},
		"tosa-avail-impls":             {file: "mlir/Dialect/Tosa/IR/TosaOps.td"},
		"type-constraint-defs":         {file: "mlir/Dialect/WasmSSA/IR/WasmSSATypes.td"},
		"type-interface-decls":         {file: bufType},
		"type-interface-defs":          {file: "mlir/Dialect/OpenACC/OpenACCTypeInterfaces.td"},
		"type-interface-docs":          {file: bufType},
		"attr-constraint-decls":        {file: abs("../testdata/gen/Constraints.td")},
		"attr-constraint-defs":         {file: abs("../testdata/gen/Constraints.td")},
		"type-constraint-decls":        {file: abs("../testdata/gen/Constraints.td")},
	}
	for _, g := range Generators() {
		if _, ok := in[g.Name]; ok {
			continue
		}
		switch {
		case strings.HasPrefix(g.Name, "enum-") || strings.HasPrefix(g.Name, "pass-") || g.Name == "python-enum-bindings":
			in[g.Name] = genInput{file: passes}
		default:
			in[g.Name] = genInput{file: amdgpu}
		}
	}
	for name, i := range in {
		if !filepath.IsAbs(i.file) {
			i.file = filepath.Join(mlirInclude, i.file)
		}
		i.includes = append(i.includes, filepath.Dir(i.file), mlirInclude)
		in[name] = i
	}
	return in
}

// TestGenOnUnsavedBuffers: for every generator, the mlir-tblgen engine on
// a root whose buffer and whose included file's buffer differ from the
// disk gives what mlir-tblgen gives on the same text saved to disk.
func TestGenOnUnsavedBuffers(t *testing.T) {
	needMLIRTblgen(t)
	inputs := genInputs(t)
	same := 0
	for _, gen := range Generators() {
		in := inputs[gen.Name]
		body, err := os.ReadFile(in.file)
		if err != nil {
			t.Fatal(err)
		}
		// The root is the input, edited to include a file of the project
		// whose buffer was edited too; the stale copies on disk would not
		// even parse, so the overlay must hide both.
		root := append(append([]byte(nil), body...), "\n// edited\ninclude \"Extra.td\"\n"...)
		extra := []byte("// the included buffer, edited\n")
		stale := t.TempDir()
		writeFile(t, filepath.Join(stale, "Root.td"), "include \"Missing.td\"\n")
		writeFile(t, filepath.Join(stale, "inc", "Extra.td"), "this is stale\n")
		saved := t.TempDir()
		writeFile(t, filepath.Join(saved, "Root.td"), string(root))
		writeFile(t, filepath.Join(saved, "inc", "Extra.td"), string(extra))

		args := []string{"--gen-" + gen.Name, "-I", filepath.Join(saved, "inc")}
		for _, d := range in.includes {
			args = append(args, "-I", d)
		}
		args = append(append(args, in.args...), filepath.Join(saved, "Root.td"))
		cmd := exec.Command(mlirTblgen, args...)
		cmd.Dir = saved
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		refErr := cmd.Run()

		g, err := Generate(context.Background(), GenRequest{
			Generator: gen.Name, Engine: EngineMLIRTblgen, MLIRTblgen: machineTblgen,
			File:        filepath.Join(stale, "Root.td"),
			IncludeDirs: append([]string{filepath.Join(stale, "inc")}, in.includes...),
			ToolArgs:    in.args,
			Overlays: map[string][]byte{
				filepath.Join(stale, "Root.td"):         root,
				filepath.Join(stale, "inc", "Extra.td"): extra,
			},
		})
		if err != nil {
			t.Errorf("%s: %v", gen.Name, err)
			continue
		}
		got := strings.ReplaceAll(g.Text, stale, saved)
		if refErr != nil {
			got = strings.ReplaceAll(g.Failure, stale, saved)
			if got != stderr.String() {
				t.Errorf("%s: mlir-tblgen fails on the saved text with\n%s\nbut on the buffers with\n%s", gen.Name, stderr.String(), got)
				continue
			}
		} else if got != stdout.String() {
			t.Errorf("%s: the buffers give other output than the saved text: %s", gen.Name, firstDiff(stdout.String(), got))
			continue
		}
		if refErr == nil && len(strings.TrimSpace(stdout.String())) < 100 {
			t.Logf("%s: small output (%d bytes)", gen.Name, stdout.Len())
		}
		same++
	}
	fmt.Printf("gen on unsaved buffers: generators %d/%d\n", same, len(Generators()))
}

func writeFile(t *testing.T, path, text string) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// entityMarkers finds, for a generator whose output has per-entity
// sections, the line that opens each entity's section and its name.
var entityMarkers = map[string]*regexp.Regexp{
	"op-decls":     regexp.MustCompile(`(?m)^// (\S+) declarations$`),
	"op-defs":      regexp.MustCompile(`(?m)^// (\S+) definitions$`),
	"typeid":       regexp.MustCompile(`(?m)^MLIR_(?:DECLARE|DEFINE)_EXPLICIT_TYPE_ID\(([^)]*)\)$`),
	"enum-decls":   enumDeclStart(),
	"enum-defs":    enumDefStart(),
	"interface":    regexp.MustCompile(`(?m)^class (\w+) : public (?:::mlir::)?\w*Interface\b`),
	"pass-decls":   regexp.MustCompile(`(?m)^#ifdef GEN_PASS_DECL_(\w+)$`),
	"doc-3":        regexp.MustCompile("(?m)^### (?:`-?([^`]+)`|(\\w+))"),
	"doc-2":        regexp.MustCompile("(?m)^## (\\w+)"),
	"rewriters":    regexp.MustCompile(`(?m)^struct (\w+) : public ::mlir::RewritePattern`),
	"iface-method": regexp.MustCompile(`(?m)^[^ /#].*?(\w+)::\w+\(`),
}

func markerFor(gen GeneratorInfo) *regexp.Regexp {
	switch {
	case entityMarkers[gen.Name] != nil:
		return entityMarkers[gen.Name]
	case strings.HasSuffix(gen.Name, "interface-docs"):
		return entityMarkers["doc-2"]
	case gen.Language == "markdown":
		return entityMarkers["doc-3"]
	case strings.HasSuffix(gen.Name, "interface-decls"):
		return entityMarkers["interface"]
	case strings.HasSuffix(gen.Name, "interface-defs"):
		return entityMarkers["iface-method"]
	}
	return entityMarkers["typeid"]
}

// TestGenEntityCuts: for every generator with per-entity sections, the cut
// of each entity of a real output holds that entity's section and no other
// entity's, and the cuts of different entities do not overlap.
func TestGenEntityCuts(t *testing.T) {
	needMLIRTblgen(t)
	inputs := genInputs(t)
	gens, entities := 0, 0
	for _, gen := range Generators() {
		if len(gen.Entities) == 0 {
			continue
		}
		in := inputs[gen.Name]
		args := []string{"--gen-" + gen.Name}
		for _, d := range in.includes {
			args = append(args, "-I", d)
		}
		out, err := exec.Command(mlirTblgen, append(append(args, in.args...), in.file)...).Output()
		if err != nil {
			t.Errorf("%s: mlir-tblgen fails on %s: %v", gen.Name, in.file, err)
			continue
		}
		marker := markerFor(gen)
		var names []string
		seen := map[string]bool{}
		for _, m := range marker.FindAllStringSubmatch(string(out), -1) {
			name := m[1]
			if name == "" && len(m) > 2 {
				name = m[2]
			}
			if !seen[name] {
				seen[name] = true
				names = append(names, name)
			}
		}
		if len(names) == 0 {
			t.Errorf("%s: no entity sections in the output of %s", gen.Name, in.file)
			continue
		}
		gens++
		for _, name := range names {
			piece, ok := cutEntity(gen.Name, string(out), []string{name, lastComponent(name)})
			if !ok {
				t.Errorf("%s: nothing cut for %s", gen.Name, name)
				continue
			}
			var own, other int
			for _, m := range marker.FindAllStringSubmatch(piece, -1) {
				n := m[1]
				if n == "" && len(m) > 2 {
					n = m[2]
				}
				if n == name {
					own++
				} else {
					other++
				}
			}
			if own == 0 || other > 0 || (gen.Name != "op-interface-defs" && !strings.HasSuffix(gen.Name, "interface-defs") && own != 1) {
				t.Errorf("%s: the cut of %s holds %d of its own sections and %d of others:\n%.400s", gen.Name, name, own, other, piece)
				continue
			}
			if !bytes.Contains(out, []byte(piece)) && gen.Name != "op-defs" && gen.Name != "rewriters" &&
				!strings.HasSuffix(gen.Name, "interface-decls") && !strings.HasSuffix(gen.Name, "interface-defs") {
				t.Errorf("%s: the cut of %s is not a contiguous part of the output", gen.Name, name)
			}
			entities++
		}
	}
	fmt.Printf("gen --entity cuts: %d entities of %d generators\n", entities, gens)
}

// TestGenEntityCutsWhatTheDefsSay: an entity is cut from its section
// whatever the def's own fields make of the section: an enum whose
// symbolToStringFnName renames the function its definitions start with,
// an op after another whose description opens a code fence it never
// closes, an interface whose C++ name is qualified (its documentation is
// headed "## demo::Shaped (`ShapedIface`)").
func TestGenEntityCutsWhatTheDefsSay(t *testing.T) {
	needMLIRTblgen(t)
	dir := t.TempDir()
	for _, c := range []struct {
		gen, entity, want, file string
		labels                  []string // more names the server knows it by
	}{
		{"enum-defs", "ColorEnum", "ColorToString(ColorEnum val)", `include "mlir/IR/EnumAttr.td"
def Red : I32EnumAttrCase<"Red", 0>;
def ColorEnum : I32EnumAttr<"ColorEnum", "", [Red]> {
  let cppNamespace = "demo";
  let symbolToStringFnName = "ColorToString";
}
def Up : I32EnumAttrCase<"Up", 0>;
def DirEnum : I32EnumAttr<"DirEnum", "", [Up]> { let cppNamespace = "demo"; }
`, nil},
		{"op-doc", "Demo_BOp", "`demo.b`", `include "mlir/IR/OpBase.td"
def Demo_Dialect : Dialect { let name = "demo"; let cppNamespace = "::demo"; }
def Demo_AOp : Op<Demo_Dialect, "a"> {
  let description = [{
    ` + "```" + `mlir
  }];
}
def Demo_BOp : Op<Demo_Dialect, "b">;
`, []string{"demo.b", "BOp"}},
		{"op-interface-docs", "ShapedIface", "Has a shape.", `include "mlir/IR/OpBase.td"
def DirEnum : OpInterface<"demo::Other"> { let description = "Another."; }
def ShapedIface : OpInterface<"demo::Shaped"> { let description = "Has a shape."; }
`, nil},
	} {
		path := filepath.Join(dir, c.gen+".td")
		writeFile(t, path, c.file)
		out, err := exec.Command(mlirTblgen, "--gen-"+c.gen, "-I", mlirInclude, path).Output()
		if err != nil {
			t.Fatalf("%s: mlir-tblgen: %v", c.gen, err)
		}
		piece, ok := cutEntity(c.gen, string(out), append([]string{c.entity}, c.labels...))
		if !ok || !strings.Contains(piece, c.want) {
			t.Errorf("%s: the cut of %s (%v) lacks %q:\n%s", c.gen, c.entity, ok, c.want, piece)
		}
		if strings.Contains(piece, "DirEnum") || strings.Contains(piece, "demo.a") {
			t.Errorf("%s: the cut of %s holds another entity:\n%s", c.gen, c.entity, piece)
		}
	}
}

// TestGenEntityOfTwoDialects: a file whose output holds two dialects'
// entities of one C++ name (a pattern file that includes another dialect's
// ops: ::a::FooOp and ::b::FooOp, the enums ::a::Color and ::b::Color) cuts
// the section of the entity asked for, by def name or op name, not the
// first of that name nor both; an enum's documentation, whose heading
// names the class alone, by its rank among the enums of that name.
func TestGenEntityOfTwoDialects(t *testing.T) {
	needMLIRTblgen(t)
	path := filepath.Join(t.TempDir(), "two.td")
	writeFile(t, path, `include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
def A_Dialect : Dialect { let name = "a"; let cppNamespace = "::a"; }
def B_Dialect : Dialect { let name = "b"; let cppNamespace = "::b"; }
def A_FooOp : Op<A_Dialect, "foo">;
def B_FooOp : Op<B_Dialect, "foo">;
def B_Blue : I32EnumAttrCase<"Blue", 0>;
def B_Color : I32EnumAttr<"Color", "", [B_Blue]> { let cppNamespace = "::b"; }
def A_Red : I32EnumAttrCase<"Red", 0>;
def A_Color : I32EnumAttr<"Color", "", [A_Red]> { let cppNamespace = "::a"; }
`)
	res, ok := evaluateFile(t, path, mlirInclude)
	if !ok {
		t.Fatal("the fixture has errors")
	}
	for _, c := range []struct {
		gen, entity, want, other string
	}{
		{"op-decls", "b.foo", "// ::b::FooOp declarations", "::a::FooOp"},
		{"op-decls", "B_FooOp", "// ::b::FooOp declarations", "::a::FooOp"},
		{"op-decls", "a.foo", "// ::a::FooOp declarations", "::b::FooOp"},
		{"op-defs", "b.foo", "// ::b::FooOp definitions", "::a::FooOp"},
		{"op-defs", "A_FooOp", "// ::a::FooOp definitions", "::b::FooOp"},
		{"enum-decls", "B_Color", "Blue = 0", "Red = 0"},
		{"enum-decls", "A_Color", "Red = 0", "Blue = 0"},
		{"enum-defs", "B_Color", "Color::Blue", "Color::Red"},
		{"enum-defs", "A_Color", "Color::Red", "Color::Blue"},
		{"op-doc", "b.foo", "`b.foo`", "`a.foo`"},
		{"op-doc", "B_FooOp", "`b.foo`", "`a.foo`"},
		{"op-doc", "a.foo", "`a.foo`", "`b.foo`"},
		// The documentation of both is headed "### Color", in the order
		// of their def names, not of the file.
		{"enum-doc", "B_Color", "| Blue |", "| Red |"},
		{"enum-doc", "A_Color", "| Red |", "| Blue |"},
	} {
		g, err := Generate(context.Background(), GenRequest{Generator: c.gen, Entity: c.entity, Engine: EngineMLIRTblgen,
			Result: res, File: path, IncludeDirs: []string{mlirInclude}, MLIRTblgen: machineTblgen})
		if err != nil {
			t.Errorf("%s --entity %s: %v", c.gen, c.entity, err)
			continue
		}
		if !strings.Contains(g.Text, c.want) || strings.Contains(g.Text, c.other) {
			t.Errorf("%s --entity %s: want %q and no %q, got:\n%.600s", c.gen, c.entity, c.want, c.other, g.Text)
		}
	}
}
