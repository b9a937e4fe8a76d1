package lsp

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"sync"
	"syscall"
	"testing"
	"time"
)

// stdinLike is a stream whose Read, like a read on os.Stdin, is not
// interrupted by Close: after the scripted input it blocks for good.
type stdinLike struct {
	in      *bytes.Reader
	mu      sync.Mutex
	out     bytes.Buffer
	forever chan struct{}
}

func (s *stdinLike) Read(p []byte) (int, error) {
	if s.in.Len() > 0 {
		return s.in.Read(p)
	}
	<-s.forever
	return 0, io.EOF
}

func (s *stdinLike) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.Write(p)
}

func (s *stdinLike) Close() error { return nil }

func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

// TestExitReturnsWithStdinOpen: on `exit` the server must end even though
// the client keeps its end of stdin open and the pending read never
// returns; otherwise editors have to kill it.
func TestExitReturnsWithStdinOpen(t *testing.T) {
	script := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`) +
		frame(`{"jsonrpc":"2.0","method":"initialized","params":{}}`) +
		frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}`) +
		frame(`{"jsonrpc":"2.0","method":"exit","params":null}`)
	stream := &stdinLike{in: bytes.NewReader([]byte(script)), forever: make(chan struct{})}
	defer close(stream.forever)
	done := make(chan error, 1)
	go func() { done <- Serve(context.Background(), stream, Options{}) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(hangBound):
		t.Fatal("the server did not return after exit while stdin stayed open")
	}
}

// brokenStdout is a stream whose writes fail (the client closed its end of
// the server's stdout) and whose input ends after the script.
type brokenStdout struct{ in *bytes.Reader }

func (b brokenStdout) Read(p []byte) (int, error) { return b.in.Read(p) }
func (b brokenStdout) Write(p []byte) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EPIPE}
}
func (b brokenStdout) Close() error { return nil }

// A reply that cannot be written, then the end of input, ends the session
// quietly: jsonrpc2 panicked when it was told of two failures of different
// error types (the fuzzer found it).
func TestFailedRepliesThenEndOfInput(t *testing.T) {
	script := frame(`{"jsonrpc":"2.0","id":1,"method":"no/such/method"}`) +
		frame(`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{}}}`) +
		frame(`{"jsonrpc":"2.0","id":3,"method":"no/such/method"}`)
	done := make(chan error, 1)
	go func() {
		done <- Serve(context.Background(), brokenStdout{bytes.NewReader([]byte(script))}, Options{NoMLIRAutoDetect: true})
	}()
	select {
	case <-done:
	case <-time.After(hangBound):
		t.Fatal("the server did not end with its input")
	}
}
