package analysis

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestEditedFragmentKeepsOneVersion edits a file that is analysed in its
// includer's unit, as a file of a workspace folder is, many times over:
// the caches must keep its current version only, not one per keystroke
// (which grew a server's memory without bound).
func TestEditedFragmentKeepsOneVersion(t *testing.T) {
	dir := writeTree(t, map[string]string{"Root.td": "include \"Frag.td\"\ndef R : Base;\n", "Frag.td": "class Base;\n"})
	root, frag := filepath.Join(dir, "Root.td"), filepath.Join(dir, "Frag.td")
	w := NewWorkspace(Config{Folders: []string{dir}, NoMLIRAutoDetect: true})
	ctx := context.Background()
	for i := 1; i <= 30; i++ {
		snap := w.SetBuffer(frag, int32(i), []byte(fmt.Sprintf("class Base { int n = %d; }\n", i)))
		if got := snap.ContextRoot(frag); got != root {
			t.Fatalf("the fragment is analysed as %s, not in its includer's unit", got)
		}
		u, err := snap.UnitFor(ctx, frag)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := u.Evaluated(ctx); err != nil {
			t.Fatal(err)
		}
	}
	entries, lexes := 0, 0
	w.entries.mu.Lock()
	for _, e := range w.entries.entries {
		if e.path == frag {
			entries++
		}
	}
	w.entries.mu.Unlock()
	w.lexes.mu.Lock()
	for k := range w.lexes.lex {
		if k.path == frag {
			lexes++
		}
	}
	w.lexes.mu.Unlock()
	if entries > 1 || lexes > 1 {
		t.Errorf("after 30 edits the caches hold %d entries and %d lexes of the fragment, want 1 each", entries, lexes)
	}
}

// An open buffer's includes count as it says now, not as the include graph
// found them when it was built: a fragment is analysed in an includer that
// was opened, or edited to include it, after the graph was made.
func TestIncludersFollowOpenBuffers(t *testing.T) {
	dir := t.TempDir()
	frag, root := filepath.Join(dir, "Frag.td"), filepath.Join(dir, "Root.td")
	if err := os.WriteFile(frag, []byte("class Base;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := NewWorkspace(Config{Folders: []string{dir}, NoMLIRAutoDetect: true})
	if got := w.Snapshot().ContextRoot(frag); got != frag {
		t.Fatalf("with no includer the fragment is its own root, not %s", got)
	}
	if got := w.SetBuffer(root, 1, []byte("include \"Frag.td\"\ndef R : Base;\n")).ContextRoot(frag); got != root {
		t.Errorf("opened with an include of the fragment, %s is not its root: %s", root, got)
	}
	if got := w.SetBuffer(root, 2, []byte("def R;\n")).ContextRoot(frag); got != frag {
		t.Errorf("its include deleted, the fragment is still analysed in %s", got)
	}
}
