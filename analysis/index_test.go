package analysis

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// A build leaves out a file that is open (its buffer's unit answers for
// it, and parsing it again doubled the memory of opening a large file as
// the server starts); once the file is closed it is indexed from disk.
func TestIndexSkipsOpenFilesUntilClosed(t *testing.T) {
	dir := writeTree(t, map[string]string{"Open.td": "def OnDisk;\n", "Closed.td": "def Other;\n"})
	open := filepath.Join(dir, "Open.td")
	w := NewWorkspace(Config{Folders: []string{dir}, NoMLIRAutoDetect: true})
	w.SetBuffer(open, 1, []byte("def InBuffer;\n"))
	ctx := context.Background()
	if err := w.Index().Build(ctx, w.Snapshot(), 1, nil); err != nil {
		t.Fatal(err)
	}
	names := func() map[string]bool {
		m := map[string]bool{}
		for _, d := range w.Index().Decls() {
			m[d.Name] = true
		}
		return m
	}
	if got := names(); !got["Other"] || got["OnDisk"] || got["InBuffer"] {
		t.Errorf("with Open.td open, the index holds %v; want Other only", got)
	}
	w.Index().Closed(ctx, w.CloseBuffer(open), open)
	if got := names(); !got["Other"] || !got["OnDisk"] || got["InBuffer"] {
		t.Errorf("once Open.td is closed, the index holds %v; want Other and OnDisk", got)
	}
	// Closing a file the index holds costs no parse: the index is
	// brought up to date by saves and builds, as before.
	if err := os.WriteFile(open, []byte("def Saved;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w.SetBuffer(open, 2, []byte("def Saved;\n"))
	w.Index().Closed(ctx, w.CloseBuffer(open), open)
	if got := names(); !got["OnDisk"] || got["Saved"] {
		t.Errorf("after a second open and close, the index holds %v; want OnDisk still", got)
	}
}
