package ods

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The compile oracle for the transform rules that claim a broken build:
// mlir-tblgen's declarations and definitions of the op, compiled with g++
// against the installed MLIR headers together with what an extension's
// registration instantiates.

const registrationCpp = `#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/IR/OpImplementation.h"

#define GET_OP_CLASSES
#include "ops.h.inc"
#define GET_OP_CLASSES
#include "ops.cpp.inc"

namespace {
// registerTransformOps instantiates the registration of each op: its
// traits' verifiers and its interfaces' models.
class Extension : public ::mlir::transform::TransformDialectExtension<Extension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(Extension)
  using Base::Base;
  void init() {
    registerTransformOps<
#define GET_OP_LIST
#include "ops.cpp.inc"
        >();
  }
};
} // namespace

void registerExtension(::mlir::DialectRegistry &registry) {
  registry.addExtensions<Extension>();
}
`

// eachOp is a TransformEachOpTrait op; traits, arguments and extra replace
// the placeholders of its correct form.
func eachOp(traits, arguments, extra string) string {
	return strings.NewReplacer("TRAITS", traits, "ARGUMENTS", arguments, "EXTRA", extra).Replace(transformPrelude + `
def MyEachOp : Op<Transform_Dialect, "my.each", [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface, TRAITS]> {
  let arguments = (ins ARGUMENTS);
  let results = (outs TransformHandleTypeInterface:$transformed);
  let cppNamespace = "::my";
  EXTRA
}
`)
}

const eachArgs = "TransformHandleTypeInterface:$target"

func TestTransformEachOpCompiles(t *testing.T) {
	needMLIR(t)
	if testing.Short() {
		t.Skip("compiling against the MLIR headers takes a while; skipped with -short")
	}
	gxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("g++ not installed: the compile oracle cannot run")
	}
	if _, err := os.Stat(mlirTblgen); err != nil {
		t.Skip("mlir-tblgen 22 not installed")
	}
	cases := []struct {
		name, src, code string
		// fails is what g++ -fsyntax-only reports, "" when it compiles;
		// undefined is a symbol the object needs and must not find
		// defined by the op's declarations.
		fails, undefined string
	}{
		{"fixed", eachOp("TransformOpInterface, TransformEachOpTrait", eachArgs, applyToOne), "", "", ""},
		{"no-apply-to-one", eachOp("TransformOpInterface, TransformEachOpTrait", eachArgs, ""),
			"transform-each-apply-to-one", "'applyToOne' is not a member of 'my::MyEachOp'", ""},
		{"two-operands", eachOp("TransformOpInterface, TransformEachOpTrait", eachArgs+", TransformHandleTypeInterface:$other", applyToOne),
			"transform-each-operand", "static assertion failed: expected single-operand op", ""},
		{"variadic-operand", eachOp("TransformOpInterface, TransformEachOpTrait", "Variadic<TransformHandleTypeInterface>:$targets", applyToOne),
			"transform-each-operand", "static assertion failed: expected single-operand op", ""},
		{"declared-apply", eachOp("DeclareOpInterfaceMethods<TransformOpInterface>, TransformEachOpTrait", eachArgs, applyToOne),
			"transform-each-declared-apply", "", "my::MyEachOp::apply("},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			td := filepath.Join(dir, "ops.td")
			if err := os.WriteFile(td, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			var codes []string
			for _, d := range CheckTransformOps(loadSource(t, td, []byte(c.src))) {
				codes = append(codes, d.Code)
			}
			if strings.Join(codes, ",") != c.code {
				t.Fatalf("tdls reports %v, want %q", codes, c.code)
			}
			for gen, out := range map[string]string{"--gen-op-decls": "ops.h.inc", "--gen-op-defs": "ops.cpp.inc"} {
				text, err := runTblgen(td, gen)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, out), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cpp := filepath.Join(dir, "registration.cpp")
			if err := os.WriteFile(cpp, []byte(registrationCpp), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"-std=c++17", "-I" + mlirInclude, "-I" + dir, cpp}
			if c.undefined == "" {
				args = append([]string{"-fsyntax-only"}, args...)
			} else {
				args = append([]string{"-c", "-o", filepath.Join(dir, "registration.o")}, args...)
			}
			cmd := exec.Command(gxx, args...)
			cmd.Env = append(os.Environ(), "LC_ALL=C") // ASCII quotes in the messages
			out, err := cmd.CombinedOutput()
			switch {
			case c.fails == "" && err != nil:
				t.Fatalf("g++ rejects the op: %v\n%s", err, firstLines(string(out), 20))
			case c.fails != "" && err == nil:
				t.Fatalf("g++ compiles the op; want %q", c.fails)
			case c.fails != "" && !strings.Contains(string(out), c.fails):
				t.Fatalf("g++ fails without %q:\n%s", c.fails, firstLines(string(out), 20))
			}
			if c.undefined != "" {
				nm, err := exec.Command("nm", "-C", "-u", filepath.Join(dir, "registration.o")).Output()
				if err != nil {
					t.Fatalf("nm: %v", err)
				}
				if !strings.Contains(string(nm), c.undefined) {
					t.Errorf("the object does not need %s:\n%s", c.undefined, nm)
				}
				if strings.Contains(string(nm), "applyToOne") {
					t.Errorf("the object calls applyToOne")
				}
			}
		})
	}
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
