package ods

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// odsMessages are the messages mlir-tblgen 22 gives for a .td file under
// --gen-attrdef-*, --gen-typedef-*, --gen-enum-*, --gen-*-interface-*,
// --gen-pass-decls and --gen-dialect-* (% stands for the names in them),
// plus what tdls says where mlir-tblgen crashes instead. Each needs a file
// in testdata/ods/messages that triggers it.
var odsMessages = []string{
	// AttrOrTypeDef and Builder.
	"cannot specify both 'assemblyFormat' and 'hasCustomAssemblyFormat'",
	"must specify either 'assemblyFormat' or 'hasCustomAssemblyFormat' when 'mnemonic' is set",
	"'assemblyFormat' or 'hasCustomAssemblyFormat' can only be used when 'mnemonic' is set",
	"'assemblyFormat' requires 'genAccessors' to be true",
	"Missing `cppType` field in Attribute/Type parameter: %",
	"builder parameters must have a name",
	"expected 'ins' in builders",
	"Builder DAG arguments must be either strings or defs which inherit from CArg",
	"expected an argument with default value after other arguments with default values",
	// DefGen.
	"all parameters must have a name",
	"builder `%` conflicts with an existing builder.",
	"Using a raw APInt parameter without a custom comparator is not supported because an assert in the equality operator is triggered when the two APInts have different bit widths. This can lead to unexpected crashes. Use an `APIntParameter` or provide a custom comparator.",
	"two parameters are named '%'; mlir-tblgen crashes on this",
	// DefFormatParser.
	"format is missing reference to parameter: %",
	"unexpected self type parameter in assembly format",
	"`struct` directive with optional parameters cannot be followed by a comma literal",
	"parameters in an optional group must be optional",
	"`params` directive allowed in optional group only if all parameters are optional",
	"`struct` is only allowed in an optional group if all captured parameters are optional",
	"`custom` is only allowed in an optional group if all captured parameters are optional",
	"optional group anchor must be a parameter or directive",
	"`custom` directive with no bound parameters cannot be used as optional group anchor",
	"`struct` can only contain `custom` directives with a single argument",
	"a `custom` directive nested within a `struct` must be passed a parameter",
	"`qualified` argument list expected a variable",
	"% has no parameter named '%'",
	"duplicate parameter '%'",
	"parameter '%' must be bound before it is referenced",
	"unsupported directive kind",
	"`params` can only be used at the top-level context or within a `struct` directive",
	"`params` captures duplicate parameter: %",
	"`struct` can only be used at the top-level context",
	"expected '(' before `struct` argument list",
	"expected ')' at the end of an argument list",
	// FormatParser, as attribute and type formats meet it.
	"unexpected character",
	"unexpected end of file in literal",
	"expected variable name",
	"unexpected end of file in string",
	"expected literal, variable, directive, or optional group",
	"literals may only be used in the top-level section of the format",
	"expected valid literal but got '%': single character literal must be a letter or one of '_:,=<>()[]{}?+-*'",
	"expected valid literal but got '%': valid keyword starts with a letter or '_'",
	"expected valid literal but got '%': keywords should contain only alphanum, '_', '$', or '.' characters",
	"strings may only be used as 'custom' directive arguments",
	"optional groups can only be used as top-level elements",
	"only one element can be marked as the anchor of an optional group",
	"expected '(' to start else branch of optional group",
	"expected '?' after optional group",
	"optional group has no anchor element",
	"first parsable element of an optional group must be a literal, variable, or custom directive",
	"`custom` can only be used at the top-level context or within a `struct` directive",
	"expected '<' before custom directive name",
	"expected custom directive name identifier",
	"expected '>' after custom directive name",
	"expected '(' before custom directive parameters",
	"expected ')' after custom directive parameters",
	"'ref' is only valid within a `custom` directive",
	"expected '(' before argument list",
	"expected ')' after argument list",
	// EnumsGen.
	"bit enum % cannot be printed unquoted with cases that cannot be keywords",
	"ERROR: baseAttrClass for EnumAttr has no Predicate",
	// OpInterfacesGen and Interface.
	"'verifyTrait' method cannot be specified as interface method for '%'; use the 'verify' field instead",
	"argument #% of interface method '%' is not a C++ type string; mlir-tblgen crashes on this",
	"`methods` is not a list; mlir-tblgen crashes on this",
	"`baseInterfaces` is not a list; mlir-tblgen crashes on this",
	// The record reader, for the fields the generators read.
	"Record `%', field `%' exists but does not have a string value",
	"Record `%', field `%' does not have a bit initializer!",
	"Record `%', field `%' exists but does not have an int value: ?",
	"Record `%', field `%' does not have a dag initializer!",
	"Record `%', field `%' exists but does not have a list value",
}

// odsMessagesNotReported are mlir-tblgen's other messages for these
// generators, with why tdls gives no diagnostic for them.
var odsMessagesNotReported = map[string]string{
	"defs belonging to more than one dialect. Must select one via '--(attr|type)defs-dialect'": "depends on the command line: the build passes --attrdefs-dialect when a file reaches several dialects, as MLIR's own files do",
	"when more than 1 dialect is present, one must be selected via '-dialect'":                 "depends on the command line: the build passes -dialect",
	"selected dialect with '-dialect' does not exist":                                          "depends on the command line only",
	"failed to parse assembly format":                                                          "follows every format error above, which tdls reports at its element",
	"expected a parameter, custom directive or params directive in `struct` arguments list":    "unreachable: the struct parser admits nothing else",
	"expected literal, but got '%'":                                                            "unreachable: the format lexer only makes literals of backticked text",
	"Failed to generate builder %":                                                             "unreachable, as its comment in DefGen says",
}

// messageFixture is a file of testdata/ods/messages: the generators to run,
// the message, and the range («») it must be reported at.
type messageFixture struct {
	path, src  string
	gens       []string
	msg        string
	crash      bool
	start, end int
}

func readMessageFixture(t *testing.T, path string) messageFixture {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := messageFixture{path: path}
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "// gen: "):
			f.gens = strings.Fields(strings.TrimPrefix(line, "// gen: "))
		case strings.HasPrefix(line, "// error: "):
			f.msg = strings.TrimPrefix(line, "// error: ")
		case strings.HasPrefix(line, "// crash: "):
			f.msg, f.crash = strings.TrimPrefix(line, "// crash: "), true
		}
	}
	s := string(data)
	f.start = strings.Index(s, "«")
	s = strings.Replace(s, "«", "", 1)
	f.end = strings.Index(s, "»")
	f.src = strings.Replace(s, "»", "", 1)
	if len(f.gens) == 0 || f.msg == "" || f.start < 0 || f.end < f.start {
		t.Fatalf("%s: needs `// gen:`, `// error:` or `// crash:`, and a «» range", path)
	}
	return f
}

// templateMatches reports whether msg is template with each % standing for
// some text.
func templateMatches(template, msg string) bool {
	parts := strings.Split(template, "%")
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".+") + "$").MatchString(msg)
}

// tblgenVerdict runs mlir-tblgen --gen on path: its first error message,
// or whether it crashed.
func tblgenVerdict(path, gen string) (msg string, crashed bool, err error) {
	var stderr bytes.Buffer
	cmd := exec.Command(mlirTblgen, "--"+gen, "-I", mlirInclude, path)
	cmd.Stderr = &stderr
	runErr := cmd.Run()
	if runErr == nil {
		return "", false, nil
	}
	var exit *exec.ExitError
	if !errors.As(runErr, &exit) {
		return "", false, runErr
	}
	out := stderr.String()
	if !exit.Exited() || strings.Contains(out, "PLEASE submit a bug report") {
		return "", true, nil
	}
	for _, line := range strings.Split(out, "\n") {
		for _, tag := range []string{"error: ", "LLVM ERROR: "} {
			if i := strings.Index(line, tag); i >= 0 {
				return strings.TrimSpace(line[i+len(tag):]), false, nil
			}
		}
	}
	return strings.TrimSpace(out), false, nil
}

// TestODSFamilyMessages checks each message fixture against mlir-tblgen 22
// (it rejects the file with that first message, or crashes) and tdls (it
// reports the message as an error at the marked range), and that every
// message of the catalog has a fixture.
func TestODSFamilyMessages(t *testing.T) {
	needMLIR(t)
	live := liveTblgen(t)
	paths, _ := filepath.Glob("../testdata/ods/messages/*.td")
	if len(paths) == 0 {
		t.Fatal("no fixtures in testdata/ods/messages")
	}
	dir := t.TempDir()
	covered := map[string]bool{}
	for _, path := range paths {
		f := readMessageFixture(t, path)
		name := strings.TrimSuffix(filepath.Base(path), ".td")
		t.Run(name, func(t *testing.T) {
			var template string
			for _, tm := range odsMessages {
				if templateMatches(tm, f.msg) {
					template = tm
				}
			}
			if template == "" {
				t.Fatalf("message %q is not in the catalog", f.msg)
			}
			clean := filepath.Join(dir, name+".td")
			if err := os.WriteFile(clean, []byte(f.src), 0o644); err != nil {
				t.Fatal(err)
			}
			if live {
				for _, gen := range f.gens {
					msg, crashed, err := tblgenVerdict(clean, gen)
					switch {
					case err != nil:
						t.Fatal(err)
					case f.crash && !crashed:
						t.Errorf("--%s: mlir-tblgen does not crash (first error %q)", gen, msg)
					case !f.crash && msg != f.msg:
						t.Errorf("--%s: mlir-tblgen's first error is %q, want %q", gen, msg, f.msg)
					}
				}
			}
			diags, file := checkFile(t, clean, []byte(f.src))
			var found *tablegen.Diagnostic
			for k := range diags {
				if diags[k].Message == f.msg && diags[k].Severity == tablegen.SeverityError {
					found = &diags[k]
					break
				}
			}
			if found == nil {
				var got []string
				for _, d := range diags {
					got = append(got, d.Message)
				}
				t.Fatalf("tdls does not report %q; it reports %q", f.msg, got)
			}
			if got, want := spanText(file, found.Range), f.src[f.start:f.end]; got != want {
				t.Errorf("reported at %q, want at %q", got, want)
			}
			if live {
				covered[template] = true
			}
		})
	}
	if !live {
		return
	}
	var missing []string
	for _, tm := range odsMessages {
		if !covered[tm] {
			missing = append(missing, tm)
		}
	}
	fmt.Printf("ods-family messages: %d/%d (%d more not reported, each with its reason)\n", len(odsMessages)-len(missing), len(odsMessages), len(odsMessagesNotReported))
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no passing fixture for %q", m)
	}
}

// checkFile evaluates src (at path) and returns the parse's, the
// evaluation's and the ODS checks' diagnostics, and the root file.
func checkFile(t *testing.T, path string, src []byte) ([]tablegen.Diagnostic, *tablegen.File) {
	t.Helper()
	set := tablegen.NewSourceSet()
	root := set.AddFile(path, src)
	u := tablegen.ParseUnit(set, root, tablegen.LexOptions{
		Loader: &tablegen.CommandLineLoader{IncludeDirs: []string{filepath.Dir(path), mlirInclude}},
	})
	res := eval.Evaluate(u, eval.Options{})
	out := append(tablegen.Diagnostics{}, u.Diags...)
	out = append(out, res.Diagnostics...)
	return append(out, Check(Build(res), root)...), root
}

// spanText is the text of r when it lies in f.
func spanText(f *tablegen.File, r tablegen.Range) string {
	if !f.Contains(r.Start) || !f.Contains(r.End) {
		return fmt.Sprintf("<outside %s>", f.Name)
	}
	return string(f.Content[f.Offset(r.Start):f.Offset(r.End)])
}
