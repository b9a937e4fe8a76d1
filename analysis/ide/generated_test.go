package ide

import (
	"context"
	"testing"
)

// A generation of the same target cancels the one it supersedes and no
// other.
func TestRunsCancelTheSupersededGeneration(t *testing.T) {
	var rs Runs
	bg := context.Background()
	first, doneFirst := rs.start(bg, "a.td\x00op-decls\x00X")
	other, doneOther := rs.start(bg, "a.td\x00op-decls\x00Y")
	second, doneSecond := rs.start(bg, "a.td\x00op-decls\x00X")
	if first.Err() == nil {
		t.Fatal("the superseded generation still runs")
	}
	if other.Err() != nil || second.Err() != nil {
		t.Fatal("a generation of another target, or the new one, was cancelled")
	}
	doneFirst() // late: must not unregister the second one
	third, doneThird := rs.start(bg, "a.td\x00op-decls\x00X")
	if second.Err() == nil {
		t.Fatal("the second generation was unregistered by the first's end")
	}
	doneSecond()
	doneThird()
	doneOther()
	if third.Err() == nil || len(rs.running) != 0 {
		t.Fatalf("finished generations left behind: %d", len(rs.running))
	}
}
