package analysis

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"weak"

	"tdls/bench/manydefs"
	"tdls/tablegen"
	"tdls/tablegen/eval"
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

// TestEditsKeepNoOldTexts edits a large MLIR file many times over, each
// edit a little further on, as the server does: the statements an edit
// parses and the ops built from them are taken over by every later
// version, and must not keep the whole text (and File) of the version they
// were made in. What may stay: the opened text (the statements never
// reparsed are made from it) and the versions the evaluation caches hold.
func TestEditsKeepNoOldTexts(t *testing.T) {
	path := filepath.Join(mlirInclude, "mlir/Dialect/LLVMIR/NVVMOps.td")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skip(err)
	}
	text := string(data)
	w := NewWorkspace(Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true})
	c := NewChecker(w, func(FileDiagnostics) {})
	defer c.Stop()
	const edits = 60
	var texts []weak.Pointer[byte]
	var files []weak.Pointer[tablegen.File]
	for i := 0; i < edits; i++ {
		off := (i * 7919) % len(text)
		off = strings.LastIndexByte(text[:off], '\n') + 1
		b := []byte(text[:off] + fmt.Sprintf("assert 0, \"edit-%d\";\n", i) + text[off:])
		texts = append(texts, weak.Make(&b[0]))
		snap := w.SetBuffer(path, int32(i+1), b)
		c.Changed(snap, []string{path})
		c.Wait()
		u, err := snap.UnitFor(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, weak.Make(u.Files[path]))
	}
	runtime.GC()
	runtime.GC()
	// The caches hold the results of the last evalCacheSize versions and
	// the models of as many.
	recent := edits - evalCacheSize - modelCacheSize
	var kept []int
	for i := 2; i < recent; i++ {
		if texts[i].Value() != nil || files[i].Value() != nil {
			kept = append(kept, i)
		}
	}
	if len(kept) > 0 {
		t.Errorf("after %d edits, versions %v of %d older than the cached ones are still reachable", edits, kept, recent)
	}
}

// A key the cache evicts is released: the array behind its order of keys
// kept every key evicted since the array last grew (the models cache is
// keyed by evaluation result, and kept a 90,000-def evaluation alive for
// several edits).
func TestFIFOCacheReleasesEvictedKeys(t *testing.T) {
	c := newFIFOCache[*[64]byte, int](2)
	var evicted []weak.Pointer[[64]byte]
	for i := 0; i < 10; i++ {
		k := new([64]byte)
		if i < 8 {
			evicted = append(evicted, weak.Make(k))
		}
		c.add(k, i)
	}
	runtime.GC()
	for i, p := range evicted {
		if p.Value() != nil {
			t.Errorf("key %d of 10 is still reachable after its eviction", i)
		}
	}
	runtime.KeepAlive(c)
}

// A key removed is released too, wherever it stood in the order of keys:
// removing the last one copied the keys before it into the same array, and
// the removed key stayed in it (the models of a superseded evaluation of a
// 50 MB file, and with them its 390 MB of records, while the next version
// was evaluated).
func TestFIFOCacheReleasesRemovedKeys(t *testing.T) {
	for _, at := range []int{0, 1, 2} {
		c := newFIFOCache[*[64]byte, int](4)
		keys := []*[64]byte{new([64]byte), new([64]byte), new([64]byte)}
		for i, k := range keys {
			c.add(k, i)
		}
		removed := weak.Make(keys[at])
		c.remove(keys[at])
		keys[at] = nil
		runtime.GC()
		if removed.Value() != nil {
			t.Errorf("key %d of 3 is still reachable after its removal", at)
		}
		for i, k := range keys {
			if v, ok := c.get(k); k != nil && (!ok || v != i) {
				t.Errorf("after removing key %d, key %d holds %d, %v", at, i, v, ok)
			}
		}
		runtime.KeepAlive(c)
	}
}

// An evaluation too large for the caches to keep beside another is let go
// of when the next version of its root is built (evalCaches.superseded):
// nothing of the workspace holds its records while the next one is
// evaluated. The models cache held them twice: by the key it had removed,
// and by the last model built, whose ops point into them.
func TestSupersededLargeEvaluationIsReleased(t *testing.T) {
	text, defs := manydefs.Text(2 << 20)
	if defs <= evalCacheRecords {
		t.Fatalf("%d defs: not past the %d records the caches keep", defs, evalCacheRecords)
	}
	path := filepath.Join(t.TempDir(), "Large.td")
	w := NewWorkspace(Config{NoMLIRAutoDetect: true})
	ctx := context.Background()
	cur := []byte(text)
	first := func() weak.Pointer[eval.Record] {
		u, err := w.SetBuffer(path, 1, cur).Unit(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		m, err := u.Models(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return weak.Make(m.Records.Defs[len(m.Records.Defs)/2])
	}()
	line := bytes.IndexByte(cur, '\n') + 1
	next := append(append(append([]byte(nil), cur[:line]...), "def Edited : C<1, \"e\">;\n"...), cur[line:]...)
	u, err := w.SetBuffer(path, 2, next).Unit(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	if first.Value() != nil {
		t.Error("a record of the superseded evaluation is still reachable once the next version is built")
	}
	runtime.KeepAlive(u)
}
