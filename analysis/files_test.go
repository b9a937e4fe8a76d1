package analysis

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

func TestDiskCacheFreshness(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.td")
	clock := time.Unix(1000, 0)
	c := newDiskCache()
	c.now = func() time.Time { return clock }
	read := func() string {
		b, _, err := c.read(path)
		if err != nil {
			return "error"
		}
		return string(b)
	}

	if got := read(); got != "error" {
		t.Fatalf("missing file read as %q", got)
	}
	if err := os.WriteFile(path, []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := read(); got != "error" {
		t.Fatalf("a fresh 'not found' was not trusted: %q", got)
	}
	c.forget(path) // a watched-file event
	if got := read(); got != "one" {
		t.Fatalf("after forget: %q, want one", got)
	}

	if err := os.WriteFile(path, []byte("two!"), 0o644); err != nil {
		t.Fatal(err)
	}
	clock = clock.Add(freshFor / 2)
	if got := read(); got != "one" {
		t.Fatalf("within freshFor: %q, want the cached one", got)
	}
	if changed, _ := c.revalidate(); len(changed) != 0 {
		t.Fatalf("revalidated %q, which was fresh", changed)
	}
	// Older than freshFor: handed out still, and checked by revalidate.
	clock = clock.Add(freshFor)
	if got := read(); got != "one" {
		t.Fatalf("after freshFor, before revalidating: %q, want the cached one", got)
	}
	if changed, created := c.revalidate(); len(changed) != 1 || changed[0] != path || created {
		t.Fatalf("revalidate: %q (created %v), want the changed %s", changed, created, path)
	}
	if got := read(); got != "two!" {
		t.Fatalf("after revalidating: %q, want two!", got)
	}
	if changed, _ := c.revalidate(); len(changed) != 0 {
		t.Fatalf("revalidated %q again", changed)
	}

	// Unchanged on disk: nothing to report.
	clock = clock.Add(2 * freshFor)
	read()
	if changed, created := c.revalidate(); len(changed) != 0 || created {
		t.Fatalf("unchanged file revalidated as changed: %q", changed)
	}

	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	clock = clock.Add(2 * freshFor)
	read()
	if changed, created := c.revalidate(); len(changed) != 1 || !created {
		t.Fatalf("deleted file: %q (created %v), want it, as a change of what exists", changed, created)
	}
	if got := read(); got != "error" {
		t.Fatalf("deleted file read as %q", got)
	}
}

// A file changed on disk with no watched-file event, met by an edit after a
// pause (its cached content handed out without a stat), is checked on disk
// at the end of that round, and the round after shows the change.
func TestCheckerRevalidatesTheDisk(t *testing.T) {
	dir := t.TempDir()
	inc, root := filepath.Join(dir, "inc.td"), filepath.Join(dir, "root.td")
	if err := os.WriteFile(inc, []byte("class C;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := NewWorkspace(Config{NoMLIRAutoDetect: true})
	clock := time.Now()
	w.disk.now = func() time.Time { return clock }
	var mu sync.Mutex
	var last []Diagnostic
	c := NewChecker(w, func(fd FileDiagnostics) {
		if fd.Path == root {
			mu.Lock()
			last = fd.Diagnostics
			mu.Unlock()
		}
	})
	defer c.Stop()
	text := "include \"inc.td\"\ndef X : C;\n"
	c.Changed(w.SetBuffer(root, 1, []byte(text)), []string{root})
	c.Wait()
	if len(last) != 0 {
		t.Fatalf("before the change: %v", last)
	}
	if err := os.WriteFile(inc, []byte("class D;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	clock = clock.Add(2 * freshFor)
	c.Changed(w.SetBuffer(root, 2, []byte(text+" ")), []string{root})
	c.Wait()
	mu.Lock()
	defer mu.Unlock()
	found := false
	for _, d := range last {
		found = found || d.Code == "eval-unknown-class"
	}
	if !found {
		t.Fatalf("after the disk changed: %v, want the unknown class C", last)
	}
}
