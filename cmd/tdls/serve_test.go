package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestMain lets the test binary run as tdls itself when asTdls is set in
// its environment, so that tests can start real server and checker
// processes (exit status, stdin, memory) without building the binary.
func TestMain(m *testing.M) {
	if os.Getenv(asTdls) != "" {
		os.Exit(run(os.Args[1:], stdinIsTerminal()))
	}
	os.Exit(m.Run())
}

const asTdls = "TDLS_TEST_RUN_AS_TDLS"

// tdlsCommand returns a command that runs tdls with args.
func tdlsCommand(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asTdls+"=1")
	return cmd
}

func lspFrame(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

// serverProcess is `tdls serve` with its stdin at hand.
type serverProcess struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	exited chan struct{}
	status int
	out    lockedBuffer
}

// lockedBuffer collects a process's output while tests read it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func startServe(t *testing.T, dir string) *serverProcess {
	t.Helper()
	p := &serverProcess{cmd: tdlsCommand("serve", "--log-level", "error"), exited: make(chan struct{})}
	p.cmd.Dir = dir
	p.cmd.Stdout = &p.out
	var err error
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		p.cmd.Wait()
		p.status = p.cmd.ProcessState.ExitCode()
		close(p.exited)
	}()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.exited
	})
	return p
}

func (p *serverProcess) send(t *testing.T, bodies ...string) {
	t.Helper()
	for _, b := range bodies {
		if _, err := io.WriteString(p.stdin, lspFrame(b)); err != nil {
			t.Fatal(err)
		}
	}
}

// wait returns the exit status, or fails after timeout.
func (p *serverProcess) wait(t *testing.T, timeout time.Duration) int {
	t.Helper()
	select {
	case <-p.exited:
		return p.status
	case <-time.After(timeout):
		t.Fatalf("the server still runs after %v", timeout)
		return -1
	}
}

const (
	initializeMsg  = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"rootUri":null}}`
	initializedMsg = `{"jsonrpc":"2.0","method":"initialized","params":{}}`
	shutdownMsg    = `{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}`
	exitMsg        = `{"jsonrpc":"2.0","method":"exit","params":null}`
)

// LSP: the server exits with status 0 after shutdown then exit, 1 after an
// exit without shutdown.
func TestServeExitStatus(t *testing.T) {
	for _, c := range []struct {
		name string
		msgs []string
		want int
	}{
		{"shutdown then exit", []string{initializeMsg, initializedMsg, shutdownMsg, exitMsg}, 0},
		{"exit without shutdown", []string{initializeMsg, initializedMsg, exitMsg}, 1},
		{"exit before initialize", []string{exitMsg}, 1},
	} {
		p := startServe(t, t.TempDir())
		p.send(t, c.msgs...)
		if got := p.wait(t, hangBound); got != c.want {
			t.Errorf("%s: exit status %d, want %d", c.name, got, c.want)
		}
	}
}

// An orphaned server does not live on: when its input closes it ends within
// a second (see withinBar), idle or in the middle of checking a large file.
func TestServeEndsWhenInputCloses(t *testing.T) {
	dir := t.TempDir()
	var heavy strings.Builder
	heavy.WriteString("class C<int n> { int x = !add(n, 1); }\n")
	for i := 0; i < 150000; i++ {
		fmt.Fprintf(&heavy, "def R%d : C<%d>;\n", i, i)
	}
	path := filepath.Join(dir, "heavy.td")
	if err := os.WriteFile(path, []byte(heavy.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	open := fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://%s","languageId":"tablegen","version":1,"text":%q}}}`, path, heavy.String())
	for _, c := range []struct {
		name string
		msgs []string
	}{
		{"idle", []string{initializeMsg, initializedMsg}},
		{"checking", []string{initializeMsg, initializedMsg, open}},
	} {
		p := startServe(t, dir)
		p.send(t, c.msgs...)
		time.Sleep(300 * time.Millisecond)
		busy := !strings.Contains(p.out.String(), "publishDiagnostics")
		closed := time.Now()
		p.stdin.Close()
		p.wait(t, hangBound)
		withinBar(t, c.name+": the server ended after its input closed", time.Second, time.Since(closed), -1)
		if c.name == "checking" && !busy {
			t.Logf("the check had already published when the input closed")
		}
	}
}
