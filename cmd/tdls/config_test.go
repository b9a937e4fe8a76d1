package main

import (
	"os"
	"strings"
	"testing"
)

const mlirIncludeDir = "/usr/lib/llvm-22/include"

func needMLIRHeaders(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(mlirIncludeDir + "/mlir/IR/OpBase.td"); err != nil {
		t.Skipf("SKIP: MLIR 22 headers not installed (%v)", err)
	}
}

// ops.td has a style lint (a summary ending with a period) and a warning
// that claims broken C++ (a transform op without MemoryEffectsOpInterface).
const configOps = `include "mlir/IR/OpBase.td"
include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
def Test_Dialect : Dialect { let name = "test"; }
def AddOp : Op<Test_Dialect, "add"> { let summary = "Adds."; }
def ScaleOp : Op<Transform_Dialect, "test.scale", [DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let arguments = (ins TransformHandleTypeInterface:$target);
}
`

// codesOf lists "severity code" of each line of tdls check's text output.
func codesOf(out string) []string {
	var got []string
	for _, l := range lines(out) {
		if i := strings.LastIndex(l, " ["); i >= 0 && strings.HasSuffix(l, "]") {
			f := strings.SplitN(l, ": ", 3)
			got = append(got, f[1]+" "+l[i+2:len(l)-1])
		}
	}
	return got
}

// A .tdls.yaml found above the checked file sets include directories and
// the levels of codes; --severity overrides it, --werror promotes what is
// left a warning, --hints shows the hints, and --no-config/--config choose
// another configuration.
func TestCheckProjectConfig(t *testing.T) {
	needMLIRHeaders(t)
	files := map[string]string{
		"src/dialect/ops.td": configOps,
		".tdls.yaml":         "includeDirs: [" + mlirIncludeDir + "]\nseverity:\n  transform-*: error\n",
		"strict.yaml":        "includeDirs: [" + mlirIncludeDir + "]\nseverity:\n  '*': error\n",
	}
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		// The project's file: the transform warning is an error, the style
		// lint a hint, not printed.
		{[]string{"src/dialect/ops.td"}, "error transform-memory-effects", 1},
		{[]string{"--hints", "src/dialect/ops.td"}, "hint ods-summary-period,error transform-memory-effects", 1},
		// The command line over the file, exact over prefix.
		{[]string{"--severity", "transform-memory-effects=warning", "--severity=ods-summary-period=warning", "src/dialect/ops.td"},
			"warning ods-summary-period,warning transform-memory-effects", 0},
		{[]string{"--severity", "transform-*=off", "src/dialect/ops.td"}, "", 0},
		// --werror promotes warnings, after the rules; hints stay.
		{[]string{"--severity", "transform-*=warning", "--werror", "--hints", "src/dialect/ops.td"}, "hint ods-summary-period,error transform-memory-effects", 1},
		// Another configuration, or none: then OpBase.td is not found, and
		// the classes it declares go unreported, as in the server.
		{[]string{"--config", "strict.yaml", "src/dialect/ops.td"}, "error ods-summary-period,error transform-memory-effects", 1},
		{[]string{"--no-config", "-I", mlirIncludeDir, "src/dialect/ops.td"}, "warning transform-memory-effects", 0},
		{[]string{"--no-config", "src/dialect/ops.td"}, "error include-not-found,error include-not-found,error include-not-found", 1},
	} {
		out, errOut, code := checkIn(t, files, c.args...)
		if got := strings.Join(codesOf(out), ","); got != c.want || code != c.code {
			t.Errorf("tdls check %s: exit %d with %q, want %d with %q\n%s%s", strings.Join(c.args, " "), code, got, c.code, c.want, out, errOut)
		}
	}
}

// The compile database a .tdls.yaml names gives the file its include
// directories, as in the server.
func TestCheckProjectCompileDatabase(t *testing.T) {
	needMLIRHeaders(t)
	dir := t.TempDir()
	db := "--- !FileInfo:\n  filepath: \"" + dir + "/ops.td\"\n  includes: \"" + mlirIncludeDir + "\"\n"
	files := map[string]string{"ops.td": configOps, "build/tablegen_compile_commands.yml": db,
		".tdls.yaml": "compilationDatabases:\n  - build/tablegen_compile_commands.yml\n"}
	for name, content := range files {
		p := dir + "/" + name
		os.MkdirAll(p[:strings.LastIndex(p, "/")], 0o755)
		os.WriteFile(p, []byte(content), 0o644)
	}
	t.Chdir(dir)
	out, errOut, code := checkIn(t, nil, dir+"/ops.td")
	if got := strings.Join(codesOf(out), ","); got != "warning transform-memory-effects" || code != 0 {
		t.Errorf("exit %d with %q\n%s%s", code, got, out, errOut)
	}
}

func TestCheckBadConfiguration(t *testing.T) {
	for _, c := range []struct {
		files map[string]string
		args  []string
		want  string
	}{
		{map[string]string{"a.td": cleanTd, ".tdls.yaml": "severity:\n  ods-sumary-period: off\n"}, []string{"a.td"},
			".tdls.yaml:2: \"ods-sumary-period\" is not a diagnostic code"},
		{map[string]string{"a.td": cleanTd}, []string{"--severity", "ods-summary-period=loud", "a.td"}, "unknown level \"loud\""},
		{map[string]string{"a.td": cleanTd}, []string{"--severity", "nope", "a.td"}, "want CODE=LEVEL"},
		{map[string]string{"a.td": cleanTd}, []string{"--config", "missing.yaml", "a.td"}, "missing.yaml"},
		{map[string]string{"a.td": cleanTd, ".tdls.yaml": "compilationDatabases: [nope.yml]\n"}, []string{"a.td"}, "compilationDatabases"},
	} {
		_, errOut, code := checkIn(t, c.files, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
}
