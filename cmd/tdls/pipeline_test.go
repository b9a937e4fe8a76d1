package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"tdls/analysis/report"
	"tdls/lsp/lsptest"
)

// pipelineTd has a problem for each stage of the check pipeline: the
// evaluator's, ODS's (an assembly format, a name clash), DRR's and the
// pattern set's.
const pipelineTd = `include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

def T_AOp : T_Op<"a"> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
}
def T_BOp : T_Op<"b"> {
  let arguments = (ins AnyType:$x, AnyType:$y);
  let results = (outs AnyType:$r);
  let assemblyFormat = "$x ` + "`,`" + ` $y attr-dict ` + "`:`" + ` type($r)";
}
def T_COp : T_Op<"c"> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$input);
}
def OneOperandTooFew : Pat<(T_AOp $x), (T_BOp $x)>;
def SelfLoop : Pat<(T_AOp $x), (T_AOp $x)>;
def Bad { int x = !add(1, "a"); }
`

// One check pipeline (ARCHITECTURE.md): what `tdls check` prints for a file
// is what the server publishes for it once its evaluation is done, problem
// for problem: range, severity, code, message and notes.
func TestCheckAndServerReportTheSame(t *testing.T) {
	const mlir = "/usr/lib/llvm-22/include"
	if _, err := os.Stat(filepath.Join(mlir, "mlir", "IR", "OpBase.td")); err != nil {
		t.Skipf("MLIR's .td files: %v", err)
	}
	out, _, code := checkIn(t, map[string]string{"p.td": pipelineTd}, "--format=json", "-I", mlir, "p.td")
	if code != 1 {
		t.Fatalf("tdls check exits %d, want 1", code)
	}
	var checked []report.Diagnostic
	if err := json.Unmarshal([]byte(out), &checked); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var fromCheck []string
	stages := map[string]bool{}
	for _, d := range checked {
		fromCheck = append(fromCheck, fmt.Sprintf("%d:%d-%d:%d %s [%s] %s (%d notes)", d.Range.Start.Line, d.Range.Start.Character,
			d.Range.End.Line, d.Range.End.Character, d.Severity, d.Code, d.Message, len(d.Related)))
		stages[d.Code] = true
	}
	for _, c := range []string{"eval-operator-type", "ods-format-type-unresolved", "ods-duplicate-name", "drr-arg-count", "pattern-self-loop"} {
		if !stages[c] {
			t.Errorf("tdls check reports no %s: the file no longer covers every stage", c)
		}
	}

	dir, _ := os.Getwd() // checkIn's directory
	path := filepath.Join(dir, "p.td")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := tdlsCommand("serve", "--log-level", "error", "--tablegen-extra-dir="+mlir)
	cmd.Dir = dir
	c, err := lsptest.StartCommand(ctx, cmd)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Shutdown(context.Background())
	if _, err := c.Initialize(ctx, dir, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.Open(ctx, path, pipelineTd); err != nil {
		t.Fatal(err)
	}
	severity := map[int]string{1: "error", 2: "warning", 3: "note", 4: "remark"}
	// tdls check prints in position order; the server publishes in the
	// pipeline's.
	sort.Strings(fromCheck)
	// The server publishes the syntax's problems first and the rest once
	// the file is evaluated, however long the machine's load makes that:
	// its last publish is compared, once it is tdls check's or at
	// hangBound.
	var fromServer []string
	for deadline := time.Now().Add(hangBound); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		pubs := c.Diagnostics(path)
		if len(pubs) == 0 {
			continue
		}
		fromServer = nil
		for _, d := range pubs[len(pubs)-1].Params.Diagnostics {
			fromServer = append(fromServer, fmt.Sprintf("%d:%d-%d:%d %s [%v] %s (%d notes)", d.Range.Start.Line, d.Range.Start.Character,
				d.Range.End.Line, d.Range.End.Character, severity[int(d.Severity)], d.Code, d.Message, len(d.RelatedInformation)))
		}
		sort.Strings(fromServer)
		if fmt.Sprint(fromCheck) == fmt.Sprint(fromServer) {
			break
		}
	}
	if fmt.Sprint(fromCheck) != fmt.Sprint(fromServer) {
		t.Errorf("tdls check and the server differ\ncheck:\n%s\nserver:\n%s", strings.Join(fromCheck, "\n"), strings.Join(fromServer, "\n"))
	}
	t.Logf("%d diagnostics, the same from both", len(fromCheck))
}
