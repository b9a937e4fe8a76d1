package codegen

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// bigBuffer is a DRR file of n patterns of varied shapes over the fixture
// dialect, some sharing sub-dags (static matchers) and constraints.
func bigBuffer(n int, mark string) string {
	shapes := []string{
		"def P%d : Pat<(Fx_UOp (Fx_BinOp $a, $b)), (Fx_BinOp $b, (Fx_UOp $a)), [(SameType $a, $b)], [], (addBenefit %d)>;",
		"def P%d : Pat<(Fx_AOp I32:$x, PosAttr:$a), (Fx_AOp $x, (MakeI32Attr $a)), [], [], (addBenefit %d)>;",
		"def P%d : Pattern<(Fx_DOp $x), [(Fx_DOp:$d $x), (replaceWithValue $d__1), (Fx_UOp $x, (location \"l\"))], [], [], (addBenefit %d)>;",
		"def P%d : Pat<(Fx_BinOp (either (Fx_UOp $x), $y)), (Fx_FOp (variadic $x, $y)), [], [], (addBenefit %d)>;",
		"def P%d : Pat<(Fx_IOp $x, PosAttr:$o, $d), (Fx_UOp (Fx_IOp $x, $o, $d, (returnType $x))), [], [], (addBenefit %d)>;",
	}
	var sb strings.Builder
	sb.WriteString("include \"FixtureOps.td\"\n// " + mark + "\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, shapes[i%len(shapes)]+"\n", i, i%7)
	}
	return sb.String()
}

// medianOf runs f b.N times and reports the median duration in ms.
func medianOf(b *testing.B, f func()) {
	durations := make([]time.Duration, 0, b.N)
	for i := 0; i < b.N; i++ {
		start := time.Now()
		f()
		durations = append(durations, time.Since(start))
	}
	sort.Slice(durations, func(i, j int) bool { return durations[i] < durations[j] })
	b.ReportMetric(float64(durations[len(durations)/2].Microseconds())/1000, "ms-median")
}

// BenchmarkPreviewNative: the preview of one pattern of a 500-pattern file
// from the evaluated buffer (what the server does once analysis has
// re-evaluated the edited file).
func BenchmarkPreviewNative(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.td")
	_, res, _ := loadBuffer(b, path, bigBuffer(500, "v0"))
	b.ResetTimer()
	medianOf(b, func() {
		if _, err := RewriterFor(res, Options{InputName: path}, "P250"); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkPreviewAfterEdit: the same preview including parsing and
// evaluating the edited buffer from scratch (no incremental analysis).
func BenchmarkPreviewAfterEdit(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.td")
	i := 0
	medianOf(b, func() {
		i++
		_, res, _ := loadBuffer(b, path, bigBuffer(500, fmt.Sprint("edit ", i)))
		if _, err := RewriterFor(res, Options{InputName: path}, "P250"); err != nil {
			b.Fatal(err)
		}
	})
}
