package lsp

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// stubDialect requires of its author a dialect's initialize and an op's
// verify, fold, canonicalization patterns, parse, print, a builder and
// an interface method it declares.
const stubDialect = `include "mlir/IR/OpBase.td"
include "mlir/IR/OpAsmInterface.td"

def Geo_Dialect : Dialect {
  let name = "geo";
  let cppNamespace = "::geo::ops";
}

def Geo_ScaleOp : Op<Geo_Dialect, "scale", [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let arguments = (ins F32:$factor);
  let results = (outs F32:$res);
  let builders = [OpBuilder<(ins "float":$f)>];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasCustomAssemblyFormat = 1;
}
`

// stubCpp includes the generated code, as a dialect's .cpp does, and
// defines nothing yet.
const stubCpp = `#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "GeoDialect.h.inc"
#define GET_OP_CLASSES
#include "Geo.h.inc"

using namespace mlir;
using namespace geo;

#include "GeoDialect.cpp.inc"
#define GET_OP_CLASSES
#include "Geo.cpp.inc"
`

// TestCppStubsCompile applies every "Add a C++ stub" action the op and
// the dialect offer to a .cpp that includes mlir-tblgen's output, and
// compiles the result with g++: the stubs are the generated
// declarations' definitions, qualified as their place needs.
func TestCppStubsCompile(t *testing.T) {
	needMLIR(t)
	if testing.Short() {
		t.Skip("-short: g++ takes a while")
	}
	gxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("g++ not installed")
	}
	tblgen := "/usr/lib/llvm-22/bin/mlir-tblgen"
	if _, err := os.Stat(tblgen); err != nil {
		t.Skip("mlir-tblgen 22 not installed")
	}
	s := start(t, map[string]string{"Geo.td": stubDialect, "Geo.cpp": stubCpp}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("Geo.td")
	s.srv.ws.CppIndex()
	for !s.srv.ws.CppIndexBuilt() {
		select {
		case <-s.ctx.Done():
			t.Fatal("cancelled")
		default:
		}
	}
	s.evaluated(s.at("Geo.td", "hasVerifier", 0, 0))
	var edits []protocol.TextEdit
	var titles []string
	for _, needle := range []string{"def Geo_Dialect", "def Geo_ScaleOp"} {
		line := s.lineOf("Geo.td", needle, 0)
		for _, a := range s.codeActions("Geo.td", protocol.Range{Start: protocol.Position{Line: line, Character: 5}, End: protocol.Position{Line: line, Character: 5}}) {
			if strings.HasPrefix(a.Title, "Add a C++ stub for") && a.Edit != nil {
				titles = append(titles, a.Title)
				edits = append(edits, a.Edit.Changes[uri.File(s.path("Geo.cpp"))]...)
			}
		}
	}
	// initialize, verify, fold, getCanonicalizationPatterns, parse, print,
	// build, getAsmResultNames.
	if len(titles) != 8 {
		t.Fatalf("stub actions: %q", titles)
	}
	text := applyEdits(stubCpp, edits)
	dir := s.dir
	if err := os.WriteFile(filepath.Join(dir, "Geo.cpp"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for gen, out := range map[string]string{"--gen-dialect-decls": "GeoDialect.h.inc", "--gen-dialect-defs": "GeoDialect.cpp.inc", "--gen-op-decls": "Geo.h.inc", "--gen-op-defs": "Geo.cpp.inc"} {
		cmd := exec.Command(tblgen, gen, "-I", llvmInclude, filepath.Join(dir, "Geo.td"), "-o", filepath.Join(dir, out))
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("mlir-tblgen %s: %v\n%s", gen, err, b)
		}
	}
	var stderr bytes.Buffer
	cc := exec.Command(gxx, "-std=c++17", "-fsyntax-only", "-I"+llvmInclude, "-I"+dir, filepath.Join(dir, "Geo.cpp"))
	cc.Stderr = &stderr
	if err := cc.Run(); err != nil {
		t.Errorf("the stubs do not compile: %v\n%s\n--- Geo.cpp with the stubs:\n%s", err, firstLines(stderr.String(), 20), text)
	}
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
