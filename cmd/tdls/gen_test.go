package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

const genOpsSource = `include "mlir/IR/OpBase.td"
def G_Dialect : Dialect { let name = "g"; let cppNamespace = "::g"; }
def G_AddOp : Op<G_Dialect, "add"> {
  let summary = "adds";
  let arguments = (ins I32:$lhs, I32:$rhs);
  let results = (outs I32:$sum);
}
def G_NegOp : Op<G_Dialect, "neg"> {
  let arguments = (ins I32:$x);
  let results = (outs I32:$y);
}
`

func genIn(t *testing.T, content string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	if _, err := os.Stat(genMLIRTblgen); err != nil {
		t.Skipf("mlir-tblgen 22 is not installed (%v); run `make llvm`", err)
	}
	return runCommandIn(t, "g.td", content, runGen, append([]string{"-I", genMLIRInclude}, args...)...)
}

func mlirTblgenOut(t *testing.T, gen string) string {
	t.Helper()
	out, err := exec.Command(genMLIRTblgen, "--gen-"+gen, "-I", genMLIRInclude, "g.td").Output()
	if err != nil {
		t.Fatalf("mlir-tblgen --gen-%s: %v", gen, err)
	}
	return string(out)
}

// Both engines print what mlir-tblgen prints; auto is native for op
// declarations and says nothing about a tool.
func TestGenEngines(t *testing.T) {
	for _, engine := range []string{"auto", "native", "mlir-tblgen"} {
		out, errOut, code := genIn(t, genOpsSource, "op-decls", "g.td", "--engine", engine)
		if code != 0 || out != mlirTblgenOut(t, "op-decls") {
			t.Errorf("--engine %s: rc %d, stderr %q, same output: %v", engine, code, errOut, out == mlirTblgenOut(t, "op-decls"))
		}
		if ran := strings.Contains(errOut, "ran "+genMLIRTblgen); ran != (engine == "mlir-tblgen") {
			t.Errorf("--engine %s: stderr %q", engine, errOut)
		}
	}
	out, _, code := genIn(t, genOpsSource, "op-doc", "g.td")
	if code != 0 || out != mlirTblgenOut(t, "op-doc") {
		t.Errorf("op-doc: rc %d:\n%s", code, out)
	}
	if _, errOut, code := genIn(t, genOpsSource, "op-doc", "g.td", "--engine=native"); code != 1 || !strings.Contains(errOut, "no native engine") {
		t.Errorf("native op-doc: rc %d, %q", code, errOut)
	}
}

// --entity cuts one op, by op name, def name or class, with either engine.
func TestGenEntity(t *testing.T) {
	for _, name := range []string{"g.add", "G_AddOp", "AddOp", "::g::AddOp"} {
		for _, engine := range []string{"native", "mlir-tblgen"} {
			out, errOut, code := genIn(t, genOpsSource, "op-decls", "g.td", "--entity", name, "--engine", engine)
			if code != 0 || !strings.Contains(out, "// ::g::AddOp declarations") || strings.Contains(out, "NegOp") {
				t.Errorf("--entity %s --engine %s: rc %d %q\n%s", name, engine, code, errOut, out)
			}
		}
	}
	out, _, code := genIn(t, genOpsSource, "op-doc", "g.td", "--entity", "g.neg")
	if code != 0 || !strings.HasPrefix(out, "### `g.neg` (::g::NegOp)") || strings.Contains(out, "g.add") {
		t.Errorf("op-doc --entity: rc %d\n%s", code, out)
	}
	if _, _, code := genIn(t, genOpsSource, "op-decls", "g.td", "--entity", "g.nope"); code != 1 {
		t.Errorf("an unknown op: rc %d", code)
	}
}

// What stops mlir-tblgen: for the whole file its errors on stderr and exit
// status 1, for one entity a comment header.
func TestGenErrors(t *testing.T) {
	bad := genOpsSource + "def G_BadOp : Op<G_Dialect, \"bad\"> { let arguments = (ins Variadic<I32>:$a, Variadic<I32>:$b); }\n"
	for _, engine := range []string{"native", "mlir-tblgen"} {
		out, errOut, code := genIn(t, bad, "op-decls", "g.td", "--engine", engine)
		if code != 1 || out != "" || !strings.Contains(errOut, "op has multiple variadic operands but no specification over their sizes") {
			t.Errorf("--engine %s: rc %d, out %q, err %q", engine, code, out, errOut)
		}
		out, _, code = genIn(t, bad, "op-decls", "g.td", "--engine", engine, "--entity", "g.bad")
		if code != 0 || !strings.HasPrefix(out, "// No C++ is generated for op g.bad: mlir-tblgen stops with") {
			t.Errorf("--entity of a broken op, --engine %s: rc %d\n%s", engine, code, out)
		}
	}
	// The native engine shows one op although another one is broken.
	out, _, code := genIn(t, bad, "op-decls", "g.td", "--entity", "g.add")
	if code != 0 || !strings.Contains(out, "class AddOp : public ::mlir::Op<") {
		t.Errorf("a sound op beside a broken one: rc %d\n%s", code, out)
	}
	for _, args := range [][]string{{"nope", "g.td"}, {"op-decls"}, {"op-decls", "g.td", "--engine"}} {
		if _, _, code := genIn(t, genOpsSource, args...); code != 2 {
			t.Errorf("%v: rc %d, want 2", args, code)
		}
	}
}

func TestGenList(t *testing.T) {
	out, _, code := genIn(t, "", "--list")
	if code != 0 || !strings.Contains(out, "op-decls") || !strings.Contains(out, "native, mlir-tblgen") ||
		!strings.Contains(out, "typedef-doc") || strings.Count(out, "\n") != 56 {
		t.Errorf("--list: rc %d\n%s", code, out)
	}
}
