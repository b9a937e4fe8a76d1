package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/uri"
	"go.uber.org/zap/zapcore"

	"tdls/lsp/lsptest"
)

var flagCancelRounds = flag.Int("cancel.rounds", 0, "rounds of TestCancelledRequestsNeverPanic over each of MLIR's four largest files (0: the short form, 60 rounds on NVVMOps.td)")

// cancelSubjects are MLIR's largest op files (with the most names to
// resolve and records to evaluate, so that a request is cut in the middle
// of its work).
var cancelSubjects = []string{
	"mlir/Dialect/LLVMIR/NVVMOps.td",
	"mlir/Dialect/SPIRV/IR/SPIRVOps.td",
	"mlir/Dialect/LLVMIR/LLVMOps.td",
	"mlir/Dialect/Linalg/IR/LinalgStructuredOps.td",
}

// lockedBuffer is the server's log, written by its goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Every request kind, cancelled at random moments (before its handler
// starts, while it waits for the unit, the evaluation or another request's
// name resolution, while it works) as the file is edited under it, over
// MLIR's largest files: no handler panics (nothing in the server's log
// says "panic"), and every request answers, cancelled or not. A cancelled
// request once read a name resolution another request was still doing.
func TestCancelledRequestsNeverPanic(t *testing.T) {
	if _, err := os.Stat(filepath.Join(llvmInclude, cancelSubjects[0])); err != nil {
		t.Skipf("MLIR's .td files are not installed: %v", err)
	}
	rounds, subjects := 60, cancelSubjects[:1]
	if *flagCancelRounds > 0 {
		rounds, subjects = *flagCancelRounds, cancelSubjects
	}
	var log lockedBuffer
	s := start(t, nil, Options{ExtraDirs: []string{llvmInclude}, Logger: NewLogger(zapcore.AddSync(&log), zapcore.DebugLevel)}, nil, nil)
	kinds := auditedRequests()
	sent, cancelled := map[string]int{}, map[string]int{}
	rng := rand.New(rand.NewSource(11))
	seq := 1 // initialize was request 1
	for _, subject := range subjects {
		text, err := os.ReadFile(filepath.Join(llvmInclude, subject))
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(subject)
		writeFiles(t, s.dir, map[string]string{name: string(text)})
		s.open(name)
		seq++ // open ends with the settle request
		lines := strings.Split(string(text), "\n")
		var typed []lsptest.Edit // insertions at line starts, undone last first
		u := uri.File(s.path(name))
		for round := 0; round < rounds; round++ {
			// An edit: something typed at a line start (breaking the
			// statement there for a while), or the last one undone.
			if len(typed) > 0 && rng.Intn(2) == 0 {
				e := typed[len(typed)-1]
				typed = typed[:len(typed)-1]
				lines[e.StartLine] = lines[e.StartLine][len(e.Text):]
				if err := s.client.ChangeRanges(s.ctx, s.path(name), lsptest.Edit{StartLine: e.StartLine, EndLine: e.StartLine, EndChar: len(e.Text)}); err != nil {
					t.Fatal(err)
				}
			} else {
				e := lsptest.Edit{StartLine: rng.Intn(len(lines)), Text: []string{"x", "def ", "}", "// ", "\"", "[{", "let ", "class"}[rng.Intn(8)]}
				e.EndLine = e.StartLine
				lines[e.StartLine] = e.Text + lines[e.StartLine]
				typed = append(typed, e)
				if err := s.client.ChangeRanges(s.ctx, s.path(name), e); err != nil {
					t.Fatal(err)
				}
			}
			// One to four requests on the snapshot the edit made, each
			// cancelled after 0 to 40 ms: every kind in turn, with more of
			// the same kind (as an editor asks again for what is in view
			// and cancels what it no longer shows) or others at random,
			// which may wait for its work or it for theirs.
			n := 1 + rng.Intn(4)
			var wg sync.WaitGroup
			var mu sync.Mutex
			ids := map[string]bool{}
			for k := 0; k < n; k++ {
				a := kinds[round%len(kinds)]
				if k > 0 && rng.Intn(2) == 0 {
					a = kinds[rng.Intn(len(kinds))]
				}
				line := rng.Intn(len(lines))
				params := requestParams(a, u, line, rng.Intn(len(lines[line])+1))[0]
				wg.Add(1)
				go func() {
					defer wg.Done()
					ctx, cancel := context.WithTimeout(s.ctx, hangBound)
					defer cancel()
					var res json.RawMessage
					id, err := s.client.CallID(ctx, a.method, params, &res)
					mu.Lock()
					defer mu.Unlock()
					ids[id] = true
					sent[a.String()]++
					switch {
					case ctx.Err() != nil:
						t.Errorf("%s on %s: no answer within %v", a, name, hangBound)
					case err != nil && strings.Contains(err.Error(), "cancelled"):
						cancelled[a.String()]++
					}
				}()
			}
			for k := 0; k < n; k++ {
				if d := rng.Intn(50) - 10; d > 0 { // a fifth at once
					time.Sleep(time.Duration(d) * time.Millisecond)
				}
				if err := s.client.Notify(s.ctx, "$/cancelRequest", map[string]any{"id": seq + 1 + k}); err != nil {
					t.Fatal(err)
				}
			}
			wg.Wait()
			for k := 0; k < n; k++ {
				if id := fmt.Sprint(seq + 1 + k); !ids[id] {
					t.Fatalf("round %d: cancelled request %s, the requests were %v", round, id, ids)
				}
			}
			seq += n
		}
	}
	s.settle()
	if strings.Contains(log.String(), "panic") {
		t.Fatalf("the server's log after cancelled requests:\n%s", panicLines(log.String()))
	}
	var total, totalCancelled, kindsCancelled int
	var names []string
	for k, n := range sent {
		total += n
		totalCancelled += cancelled[k]
		if cancelled[k] > 0 {
			kindsCancelled++
		}
		names = append(names, fmt.Sprintf("%s %d/%d", k, cancelled[k], n))
	}
	sort.Strings(names)
	t.Logf("cancellation: %d requests of %d kinds sent over %s; %d of them, of %d kinds, answered cancelled; 0 panics in the server's log\n%s",
		total, len(sent), strings.Join(subjects, ", "), totalCancelled, kindsCancelled, strings.Join(names, "\n"))
	if totalCancelled == 0 {
		t.Fatal("no request was cancelled: the test cancels nothing")
	}
}

// panicLines are the log's lines about panics, with a few lines of stack.
func panicLines(log string) string {
	var out []string
	lines := strings.Split(log, "\n")
	for i, l := range lines {
		if strings.Contains(l, "panic") {
			out = append(out, lines[i:min(i+12, len(lines))]...)
		}
	}
	return strings.Join(out, "\n")
}
