package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tdls/lsp/lsptest"
)

// startClient runs `tdls serve` in dir and initializes it.
func startClient(t *testing.T, dir string) *lsptest.Client {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := tdlsCommand("serve", "--log-level", "error")
	cmd.Dir = dir
	c, err := lsptest.StartCommand(ctx, cmd)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Shutdown(context.Background())
		cancel()
	})
	if _, err := c.Initialize(ctx, dir, nil); err != nil {
		t.Fatal(err)
	}
	return c
}

// firstPublished returns the first diagnostics published for path, whether
// they came before this call (the index's word on a workspace file can come
// before initialize's answer is read) or come within limit.
func firstPublished(t *testing.T, c *lsptest.Client, path string, limit time.Duration) lsptest.Published {
	t.Helper()
	ch := c.Expect(path)
	if pubs := c.Diagnostics(path); len(pubs) > 0 {
		return pubs[0]
	}
	pub, err := lsptest.Wait(ch, limit)
	if err != nil {
		t.Fatalf("%s: %v", filepath.Base(path), err)
	}
	return pub
}

func codes(pub lsptest.Published) []string {
	var out []string
	for _, d := range pub.Params.Diagnostics {
		out = append(out, d.Code.(string))
	}
	return out
}

// A name in an include is never read as TableGen unless it is a regular
// file: not the server's own stdin (its LSP stream), a named pipe (which
// would block), a directory, nor a device that reads without end. Each is
// a diagnostic within a second (see withinBar), and the session goes on
// answering. A named pipe in the workspace does not stall the background
// index either.
func TestServeRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.td")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if err := os.Mkdir(filepath.Join(dir, "adir.td"), 0o755); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	workspace := time.Now()
	c := startClient(t, dir)
	pub := firstPublished(t, c, fifo, waitMargin*time.Second)
	if cs := codes(pub); len(cs) != 1 || cs[0] != "file-not-indexed" {
		t.Errorf("the named pipe in the workspace: %v", cs)
	}
	withinBar(t, "named pipe in the workspace reported", time.Second, pub.At.Sub(workspace), -1)

	for i, name := range []string{"/dev/stdin", fifo, filepath.Join(dir, "adir.td"), "adir.td", "/dev/zero", "/dev/urandom"} {
		path := filepath.Join(dir, "hostile"+string(rune('a'+i))+".td")
		text := "include \"" + name + "\"\ndef A;\n"
		ch := c.Expect(path)
		opened := time.Now()
		if err := c.Open(ctx, path, text); err != nil {
			t.Fatal(err)
		}
		pub, err := lsptest.Wait(ch, waitMargin*time.Second)
		if err != nil {
			t.Errorf("include %q: %v", name, err)
			continue
		}
		if cs := codes(pub); len(cs) != 1 || cs[0] != "include-not-file" {
			t.Errorf("include %q: %v", name, cs)
		}
		var h map[string]any
		hctx, cancel := context.WithTimeout(ctx, waitMargin*time.Second)
		err = c.Call(hctx, "textDocument/hover", lsptest.DocumentAt(path, 1, 4), &h)
		cancel()
		if err != nil || h == nil {
			t.Errorf("include %q: hover after it: %v %v", name, h, err)
		}
		withinBar(t, fmt.Sprintf("include %q: from didOpen to the hover's answer", name), time.Second, time.Since(opened), -1)
	}
}

// tdls check refuses the same includes, and one past the size limit,
// without reading them.
func TestCheckRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.td")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	big := filepath.Join(dir, "big.td")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(65 << 20) // sparse: nothing is written
	f.Close()
	cases := map[string]string{
		"/dev/zero": "include-not-file", "/dev/urandom": "include-not-file", "/dev/stdin": "include-not-file",
		fifo: "include-not-file", dir: "include-not-file", big: "include-too-large",
	}
	for name, code := range cases {
		start := time.Now()
		out, _, status := checkIn(t, map[string]string{"a.td": "include \"" + name + "\"\ndef A;\n"}, "a.td")
		if status != 1 || !strings.Contains(out, "["+code+"]") {
			t.Errorf("include %q: status %d, %q; want %s", name, status, out, code)
		}
		withinBar(t, fmt.Sprintf("tdls check: include %q", name), time.Second, time.Since(start), -1)
	}
}
