package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/uri"

	"tdls/analysis"
)

// requestBudget is what any request may take, on any input, on a loaded
// machine; most answer in milliseconds (the slowest is logged).
const requestBudget = 10 * time.Second

// hostileDocuments are files that once made requests hang or the server
// run out of memory, and plain garbage.
func hostileDocuments() map[string]string {
	var line, ifdefs, brackets strings.Builder
	for i := 0; i < 90000; i++ {
		fmt.Fprintf(&line, "def L%d;", i)
	}
	line.WriteString("\n")
	ifdefs.WriteString(strings.Repeat("#ifdef X\n", 20000) + "def A;\n" + strings.Repeat("#endif\n", 20000))
	brackets.WriteString("def A;" + strings.Repeat("}]", 32000) + "\n")
	rng := rand.New(rand.NewSource(3))
	random := make([]byte, 30000)
	rng.Read(random)
	return map[string]string{
		"line.td":     line.String(),
		"ifdefs.td":   ifdefs.String(),
		"brackets.td": brackets.String(),
		"random.td":   string(random),
		"nesting.td":  "def X { int x = " + strings.Repeat("!add(", 3000) + strings.Repeat(")", 3000) + "; }\n" + "def Y { list<int> l = " + strings.Repeat("[", 5000) + ";\n",
		"pattern.td":  "class Op<string n>;\ndef AddOp : Op<\"add\">;\nclass Pat<dag a, list<dag> b>;\ndef P : Pat<(AddOp $a, $b), [(AddOp $b, $a)]>;\n",
		"empty.td":    "",
		"crlf.td":     "def A;\r\rdef B;\r\n\r\ndef C : A;\r",
	}
}

// requestParams are the parameters to try a method with at a position:
// what a client sends, and what a broken one does.
func requestParams(method string, u any, line, char int) []any {
	doc := map[string]any{"uri": u}
	pos := map[string]any{"line": line, "character": char}
	rng := map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": pos}
	valid := map[string]any{"textDocument": doc, "position": pos}
	switch method {
	case "textDocument/references":
		valid["context"] = map[string]any{"includeDeclaration": true}
	case "textDocument/rename":
		valid["newName"] = "Renamed"
	case "textDocument/codeAction":
		valid = map[string]any{"textDocument": doc, "range": rng, "context": map[string]any{"diagnostics": []any{}}}
	case "textDocument/inlayHint":
		valid = map[string]any{"textDocument": doc, "range": rng}
	case "workspace/symbol":
		valid = map[string]any{"query": "L1"}
	case "workspace/executeCommand":
		valid = map[string]any{"command": showGeneratedRewriterCommand, "arguments": []any{map[string]any{"uri": u, "position": pos}}}
	case generatedCodeMethod:
		valid = map[string]any{"uri": u, "position": pos, "kind": "rewriters-file"}
	}
	return []any{valid, nil, []any{1, 2}, "x", map[string]any{"textDocument": map[string]any{"uri": 7}}}
}

// Every request answers, with a result or an LSP error, within its budget,
// on any document and at any position (past the end too), with any
// parameters.
func TestEveryRequestAnswersWithinBudget(t *testing.T) {
	docs := hostileDocuments()
	s := start(t, docs, Options{}, nil, nil)
	var methods []string
	for m := range requests {
		if m != "initialize" && m != "shutdown" && !strings.HasPrefix(m, "tdls/test/") {
			methods = append(methods, m)
		}
	}
	sort.Strings(methods)
	type took struct {
		what string
		d    time.Duration
	}
	var slowest []took
	names := make([]string, 0, len(docs))
	for name := range docs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		s.open(name)
		text := docs[name]
		lines := strings.Count(text, "\n")
		positions := [][2]int{{0, 0}, {0, 5}, {lines / 2, 3}, {lines, 0}, {0, len(text) / 2}, {1000000, 1000000}}
		for _, m := range methods {
			for _, p := range positions {
				for k, params := range requestParams(m, uri.File(s.path(name)), p[0], p[1]) {
					if k > 0 && p != positions[0] {
						continue // malformed parameters once per method and document
					}
					ctx, cancel := context.WithTimeout(s.ctx, requestBudget)
					start := time.Now()
					var res json.RawMessage
					err := s.client.Call(ctx, m, params, &res)
					d := time.Since(start)
					timedOut := ctx.Err() != nil
					cancel()
					if timedOut {
						t.Errorf("%s on %s at %v: no answer within %v", m, name, p, requestBudget)
						continue
					}
					_ = err // an LSP error is an answer
					slowest = append(slowest, took{fmt.Sprintf("%s %s %v #%d", m, name, p, k), d})
				}
			}
		}
	}
	sort.Slice(slowest, func(i, j int) bool { return slowest[i].d > slowest[j].d })
	for _, x := range slowest[:min(5, len(slowest))] {
		t.Logf("slowest: %s %v", x.what, x.d.Round(time.Millisecond))
	}
}

// $/cancelRequest is answered at once, also when the work does not stop
// at its context (it finishes unheard), and on a real request over a file
// whose unit is still being built.
func TestCancelAnswersAtOnce(t *testing.T) {
	started := make(chan struct{}, 1)
	release := make(chan struct{})
	defer close(release)
	handle("tdls/test/stubborn", func(context.Context, *Server, *analysis.Snapshot, json.RawMessage) (any, error) {
		started <- struct{}{}
		<-release // ignores its context
		return "late", nil
	})
	var line strings.Builder
	for i := 0; i < 90000; i++ {
		fmt.Fprintf(&line, "def L%d;", i)
	}
	s := start(t, map[string]string{"line.td": line.String()}, Options{}, nil, nil)
	cancelled := func(method string, params any, id int) {
		t.Helper()
		errc := make(chan error, 1)
		go func() { errc <- s.call(method, params, nil) }()
		if method == "tdls/test/stubborn" {
			<-started
		} else if !s.inFlight(id, errc) {
			t.Logf("%s answered before it could be cancelled", method)
			return
		}
		sent := time.Now()
		s.client.Notify(s.ctx, "$/cancelRequest", map[string]any{"id": id})
		select {
		case err := <-errc:
			if err != nil && !strings.Contains(err.Error(), "cancel") {
				t.Errorf("%s: %v", method, err)
			}
			t.Logf("%s answered %v after $/cancelRequest (%v)", method, time.Since(sent).Round(time.Millisecond), err)
		case <-time.After(time.Second):
			t.Errorf("%s: no answer within 1 s of $/cancelRequest", method)
		}
	}
	// The client numbers requests from 1: initialize was 1.
	cancelled("tdls/test/stubborn", map[string]any{}, 2)
	s.client.Open(s.ctx, s.path("line.td"), line.String())
	cancelled("textDocument/semanticTokens/full", doc(s, "line.td"), 3)
}

// inFlight waits until the server works on request id, and reports
// whether it does: false when its answer (sent to answered, and put back)
// came first.
func (s *session) inFlight(id int, answered chan error) bool {
	s.t.Helper()
	key := fmt.Sprint(id)
	for deadline := time.Now().Add(hangBound); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		s.srv.mu.Lock()
		_, ok := s.srv.inflight[key]
		s.srv.mu.Unlock()
		if ok {
			return true
		}
		select {
		case err := <-answered:
			answered <- err
			return false
		default:
		}
	}
	s.t.Fatalf("request %d neither handled nor answered within %v", id, hangBound)
	return false
}
