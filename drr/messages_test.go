package drr

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tdls/tablegen"
)

const mlirTblgen = "/usr/lib/llvm-22/bin/mlir-tblgen"

// messageCase is one reproducible message of drr-rules.md §2.1-2.5: a
// pattern that triggers it, the code we report and the text of the range
// we report it at.
type messageCase struct {
	id, src, code, at string
}

var messageCases = []messageCase{
	{"P1", `def : Pat<(AOp $x__1, $a), (BOp $x)>;`, "drr-indexed-argument", "$x__1"},
	{"P2", `def : Pat<(AOp $x, $a), (BOp $y)>;`, "drr-unbound-symbol", "$y"},
	{"P2-literal", `def : Pat<(BOp $x), (BOp "foo")>;`, "drr-unbound-symbol", `"foo"`},
	{"P2-ignored", `def : Pat<(BOp $_), (BOp $_)>;`, "drr-unbound-symbol", "$_"},
	{"P2-constraint", `def : Pat<(BOp $x), (BOp $x), [(C1 $nope)]>;`, "drr-unbound-symbol", "$nope"},
	{"P3", `def : Pat<(BOp $x), (BOp $x), [?]>;`, "drr-constraint-not-dag", ""},
	{"P4", `def : Pat<(AOp $x, $a), (BOp $x), [(C1 I32)]>;`, "drr-constraint-operand", "I32"},
	{"P5", `def : Pat<(AOp $x,$a),(BOp $x),[],[],(addBenefit 1, 2)>;`, "drr-benefit", "(addBenefit 1, 2)"},
	{"P5-string", `def : Pat<(AOp $x,$a),(BOp $x),[],[],(addBenefit "x")>;`, "drr-benefit", `(addBenefit "x")`},
	{"P6", `def : Pat<(AOp $x, $x), (BOp $x)>;`, "drr-bound-twice", "$x"},
	{"P6-result", `def : Pat<(COp:$x $x, $y), (BOp $x)>;`, "drr-bound-twice", "$x"},
	{"P6-variadic", `def : Pat<(AOp $x, $a), (FOp (variadic $x, $a))>;`, "drr-bound-twice", "$a"},
	{"P7", `def : Pat<(BOp (NativeMatcher:$m $v)), (BOp $v)>;`, "drr-bind-matcher", "$m"},
	{"P8", `def NonNeg : PropConstraint<CPred<"$_self >= 0">, "non-negative">;
def : Pat<(BOp (NativeMatcher NonNeg:$p)), (BOp $p)>;`, "drr-untyped-property", "NonNeg:$p"},
	{"P9", `def : Pat<(AOp $x), (BOp $x)>;`, "drr-arg-count", "(AOp $x)"},
	{"P9-result", `def : Pat<(AOp $x,$a), (BOp $x,$a)>;`, "drr-arg-count", "(BOp $x,$a)"},
	{"P9-directive", `def : Pat<(BOp $x), (BOp (returnType $x))>;`, "drr-arg-count", "(BOp (returnType $x))"},
	{"P10", `def : Pat<(BOp $x), (replaceWithValue:$v $x)>;`, "drr-bind-directive", "$v"},
	{"P10-location", `def : Pat<(BOp $x), (BOp $x, (location:$l $x))>;`, "drr-bind-directive", "$l"},
	{"P11", `def : Pat<(COp (either:$e $a, $b)), (BOp $e)>;`, "drr-unbound-symbol", "$e"},
	{"R1", `def : Pat<(BOp (replaceWithValue $x)), (BOp $x)>;`, "drr-match-directive", "(replaceWithValue $x)"},
	{"R1-location", `def : Pat<(BOp:$b $x, (location $b)), (BOp $x)>;`, "drr-match-directive", "(location $b)"},
	{"R2", `def : Pat<(BOp (NativeMatcher (either $a, $b))), (BOp $a)>;`, "drr-native-either", "(either $a, $b)"},
	{"R3", `def : Pat<(BOp (NativeMatcher (variadic $a))), (BOp $a)>;`, "drr-native-variadic", "(variadic $a)"},
	{"R4", `def NonNeg : PropConstraint<CPred<"$_self >= 0">, "non-negative">;
def : Pat<(BOp (NativeMatcher NonNeg)), (BOp $x)>;`, "drr-untyped-property", "NonNeg"},
	{"R5", `def : Pat<(BOp $a), (NativeBuild $a, (returnType "foo"))>;`, "drr-native-return-type", `(returnType "foo")`},
	{"R5-source", `def : Pat<(BOp (NativeMatcher $a, (returnType $a))), (BOp $a)>;`, "drr-native-return-type", "(returnType $a)"},
	{"R6", `def NoSelf : NativeCodeCall<"::mlir::success(foo($0))">;
def : Pat<(BOp (NoSelf $v)), (BOp $v)>;`, "drr-native-self", "NoSelf"},
	{"R7", `def : Pat<(BOp (NativeMatcher (BOp $v))), (BOp $v)>;`, "drr-native-nested", "(BOp $v)"},
	{"R8", `def : Pat<(BOp (variadic $a)), (BOp $a)>;`, "drr-variadic-slot", "(variadic $a)"},
	{"R9", `def : Pat<(FOp (BOp $a)), (BOp $a)>;`, "drr-nested-variadic", "(BOp $a)"},
	{"R11", `def : Pat<(BOp I32Attr:$a), (BOp $a)>;`, "drr-expected-operand", "I32Attr"},
	{"R12", `def : Pat<(FOp I32:$xs), (BOp $xs)>;`, "drr-constrain-variadic", "I32"},
	{"R14", `def : Pat<(Op3 (either $a, $b, $c), $d), (BOp $a)>;`, "drr-either-arity", "(either $a, $b, $c)"},
	{"R15", `def : Pat<(EOp (either (either $a, $b), $c)), (BOp $a)>;`, "drr-either-nested", "(either $a, $b)"},
	{"R16", `def : Pat<(AOp (either $a, $b)), (BOp $a)>;`, "drr-either-operand", "$b"},
	{"R17", `def : Pat<(FOp (variadic (NativeMatcher $a))), (BOp $a)>;`, "drr-variadic-element", "(NativeMatcher $a)"},
	{"R19", `def : Pat<(AOp $x, I32:$a), (BOp $x)>;`, "drr-expected-attribute", "I32"},
	{"R20", `def : Pat<(POp I32:$p, $x), (BOp $x)>;`, "drr-expected-property", "I32"},
	{"R21", `def : Pat<(AOp:$r $x, $a), (BOp $x), [(I32 $r, $x)]>;`, "drr-constraint-arity", "(I32 $r, $x)"},
	{"R22", `def : Pat<(AOp $x, $a), (BOp $x), [(I32Attr $a)]>;`, "drr-constraint-attr", "I32Attr"},
	{"R22b", `def C5 : Constraint<CPred<"true">, "five">;
def : Pat<(EOp:$r (DOp:$d $a), $b), (BOp $a), [(C5 $r, $d, $a, $b, $a)]>;`, "drr-constraint-arity", "(C5 $r, $d, $a, $b, $a)"},
	{"R22c", `def Op8 : T_Op<"op8"> {let arguments=(ins AnyI8Attr:$v); let results=(outs AnyType:$r);}
def : Pat<(AOp $x,$a), (Op8 ConstantAttr<AnyI8Attr, "1">)>;`, "drr-const-builder", `ConstantAttr<AnyI8Attr, "1">`},
	{"R24", `def : Pat<(COp $x, $y), (replaceWithValue $x, $y)>;`, "drr-replace-arity", "(replaceWithValue $x, $y)"},
	{"R25", `def : Pat<(BOp $x), (location $x)>;`, "drr-location-misplaced", "(location $x)"},
	{"R27", `def : Pat<(BOp $x), (BOp $x, (location))>;`, "drr-location-empty", "(location)"},
	{"R28", `def : Pat<(BOp $x), (BOp $x, (location "a", "b", $x))>;`, "drr-location-strings", `"b"`},
	{"R29", `def : Pat<(BOp $x), (BOp $x, (location $x), (location $x))>;`, "drr-location-twice", "(location $x)"},
	{"R30", `def : Pat<(BOp $x), (BOp (BOp $x, (returnType $x), (returnType $x)))>;`, "drr-return-type-twice", "(returnType $x)"},
	{"R31", `def : Pat<(BOp $x), (BOp (BOp $x, (returnType (BOp $x))))>;`, "drr-return-type-nested", "(BOp $x)"},
	{"R32", `def : Pat<(AOp $x, $a), (AOp $x, "foo")>;`, "drr-raw-string", `"foo"`},
	{"R33", `def : Pat<(AOp $x, $a), (AOp $x, I32Attr:$a)>;`, "drr-unhandled-argument", "I32Attr"},
	{"R34", `def : Pat<(COp $a, $b), (COp (either $a, $b))>;`, "drr-arg-count", "(COp (either $a, $b))"},
	{"R35", `def : Pat<(BOp $x), (FOp (BOp $x))>;`, "drr-variadic-operand", "(BOp $x)"},
	{"R36", `def : Pat<(BOp $x), (BOp $x, (returnType "$_builder.getI32Type()"))>;`, "drr-return-type-root", `(returnType "$_builder.getI32Type()")`},
	{"R36-partial", `def : Pattern<(BOp $x), [(DOp:$d__1 $x, (returnType $x, $x))]>;`, "drr-return-type-root", "(returnType $x, $x)"},
	{"R37", `def : Pat<(AOp $x, $a), (BOp (AOp $x, (BOp $x)))>;`, "drr-nested-attribute", "(BOp $x)"},
	{"R38", `def One : ConstantAttr<I32Attr, "1">;
def : Pat<(POp $p, $x), (BOp (POp One, $x))>;`, "drr-expected-attribute", "One"},
	{"R39", `def : Pat<(AOp $x, $a), (BOp (AOp $x, ConstantProp<I32Prop, "1">))>;`, "drr-expected-property", `ConstantProp<I32Prop, "1">`},
	{"R40", `def : Pat<(AOp $x, $a), (AOp $x, (BOp $x))>;`, "drr-nested-attribute", "(BOp $x)"},
	{"R41", `def : Pat<(POp $p, $x), (POp (BOp $x), $x)>;`, "drr-nested-attribute", "(BOp $x)"},
	{"R42", `def One : ConstantAttr<I32Attr,"1">;
def : Pat<(AOp $x, $a), (AOp One, $a)>;`, "drr-attribute-as-value", "One"},
	{"R43", `def : Pattern<(DOp $x), [(KOp:$k $x), (BOp $x)]>;`, "drr-straddle", "(KOp:$k $x)"},
	{"R44", `def : Pattern<(DOp $x), [(BOp $x)]>;`, "drr-not-enough-values", "(BOp $x)"},
	{"R44-empty", `def : Pattern<(BOp $x), []>;`, "drr-not-enough-values", ""},
	{"R44-void", `def : Pat<(BOp $x), (NativeCodeCallVoid<"foo($0)"> $x)>;`, "drr-not-enough-values", `(NativeCodeCallVoid<"foo($0)"> $x)`},
	{"X1", `def : Pat<(BOp (I32 $x)), (BOp $x)>;`, "drr-not-op", "I32"},
	{"X1-root", `def : Pat<(NativeMatcher $x), (BOp $x)>;`, "drr-not-op", "NativeMatcher"},
	{"X2", `def : Pat<(AOp $x, NativeBuild:$a), (BOp $x)>;`, "drr-not-constraint", "NativeBuild"},
	{"C1", `def : Pat<(AOp $x, "foo"), (BOp $x)>;`, "drr-source-literal", `"foo"`},
	{"C1-int", `def : Pat<(AOp $x, 5), (BOp $x)>;`, "drr-source-literal", "5"},
	{"C2", `def : Pat<(COp (either $a, $b, $c)), (BOp $a)>;`, "drr-either-arity", "(either $a, $b, $c)"},
	{"X2-constraint-list", `def : Pat<(BOp $x), (BOp $x), [(BOp $x)]>;`, "drr-not-constraint", "BOp"},
}

// TestMessages checks that each message has its trigger reported with the
// same verdict as mlir-tblgen, at the sub-dag or leaf at fault.
func TestMessages(t *testing.T) {
	judge := haveJudge()
	for _, mc := range messageCases {
		t.Run(mc.id, func(t *testing.T) {
			src := "include \"base.td\"\n" + mc.src + "\n"
			l := load(t, "msg.td", src)
			diags := append(Plain(Check(l.set)), l.res.Diagnostics...)
			diags = append(diags, l.unit.Diags...)
			var found *tablegen.Diagnostic
			for i, d := range diags {
				if d.Code == mc.code && d.Severity == tablegen.SeverityError {
					found = &diags[i]
					break
				}
			}
			if found == nil {
				t.Fatalf("no %s error; got %s", mc.code, describe(l, diags))
			}
			if mc.at != "" {
				if got := l.text(found.Range); got != mc.at {
					t.Errorf("%s reported at %q, want %q", mc.code, got, mc.at)
				}
			}
			if judge {
				if rc, out := runJudge(t, src); rc == 0 {
					t.Errorf("mlir-tblgen accepts this pattern, tdls reports: %s\n%s", found.Message, out)
				}
			}
		})
	}
}

func describe(l *loaded, diags []tablegen.Diagnostic) string {
	var sb strings.Builder
	for _, d := range diags {
		fmt.Fprintf(&sb, "\n  %s [%s] at %q", d.Message, d.Code, l.text(d.Range))
	}
	if sb.Len() == 0 {
		return "nothing"
	}
	return sb.String()
}

func haveJudge() bool {
	_, err := os.Stat(mlirTblgen)
	return err == nil
}

// runJudge runs mlir-tblgen --gen-rewriters on src placed in a temp
// directory next to base.td.
func runJudge(t testing.TB, src string) (int, string) {
	t.Helper()
	dir := t.TempDir()
	abs, _ := filepath.Abs("testdata")
	f := filepath.Join(dir, "in.td")
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return judge(abs, f)
}

// judgeTimeout bounds one mlir-tblgen run. Some inputs it crashes on
// (e.g. C2, `either` of three on a two-operand op) read past an array and
// may spin instead of faulting; killed, they count as the crash they are.
const judgeTimeout = 2 * time.Minute

// judge runs mlir-tblgen --gen-rewriters on file with dir and MLIR's
// include directory on the include path, and returns its exit code (-1
// for a crash, a hang past judgeTimeout included) and its output.
func judge(dir, file string) (int, string) {
	ctx, cancel := context.WithTimeout(context.Background(), judgeTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, mlirTblgen, "--gen-rewriters", "-I", dir, "-I", mlirInclude, file, "-o", os.DevNull).CombinedOutput()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), string(out)
		}
		return -1, string(out)
	}
	return 0, string(out)
}
