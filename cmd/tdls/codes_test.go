package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"tdls/analysis"
)

// docs/diagnostics.md is what `tdls codes --format=markdown` prints.
func TestDiagnosticsDocIsUpToDate(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runCodes([]string{"--format=markdown"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	have, err := os.ReadFile("../../docs/diagnostics.md")
	if err != nil || !bytes.Equal(have, out.Bytes()) {
		t.Fatalf("docs/diagnostics.md is not what the code registry says; run `make docs` (go run ./cmd/tdls codes --format=markdown > docs/diagnostics.md)")
	}
	for _, c := range analysis.Codes() {
		if !strings.Contains(out.String(), "\n### "+c.Code+"\n") {
			t.Errorf("no section for %s", c.Code)
		}
	}
}

func TestCodesCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runCodes(nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"tablegen:\n", "ods-summary-period", "hint", "drr-result-types"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("tdls codes lacks %q", want)
		}
	}
	if n, want := strings.Count(out.String(), "\n  "), len(analysis.Codes()); n != want {
		t.Errorf("tdls codes lists %d codes, the registry has %d", n, want)
	}

	// One code, whole: its example is a file that compiles as shown.
	out.Reset()
	if code := runCodes([]string{"ods-summary-period"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"ods-summary-period (hint)", "a style lint", "include \"mlir/IR/OpBase.td\"", "let summary = \"Adds two integers.\";"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("tdls codes ods-summary-period lacks %q:\n%s", want, out.String())
		}
	}

	// A prefix, as JSON.
	out.Reset()
	if code := runCodes([]string{"--format=json", "pattern-*"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var codes []codeJSON
	if err := json.Unmarshal(out.Bytes(), &codes); err != nil {
		t.Fatal(err)
	}
	if len(codes) != 4 || codes[0].Default != "information" || codes[3].Default != "warning" || codes[3].Proof == "" || !strings.Contains(codes[0].Example, "PatternBase.td") {
		t.Errorf("pattern-* = %+v", codes)
	}

	errOut.Reset()
	if code := runCodes([]string{"nope"}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "no code \"nope\"") {
		t.Errorf("unknown code: exit %d, %q", code, errOut.String())
	}
}
