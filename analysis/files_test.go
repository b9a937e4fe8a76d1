package analysis

import (
	"os"
	"path/filepath"
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
	clock = clock.Add(freshFor)
	if got := read(); got != "two!" {
		t.Fatalf("after freshFor: %q, want two!", got)
	}

	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	clock = clock.Add(2 * freshFor)
	if got := read(); got != "error" {
		t.Fatalf("deleted file read as %q", got)
	}
}
