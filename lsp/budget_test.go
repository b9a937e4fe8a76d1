package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.lsp.dev/uri"

	"tdls/analysis"
	"tdls/analysis/ide"
)

// requestBudget is what any request may take, on any input, on a loaded
// machine. Most answer in milliseconds; the slowest, documentSymbol on a
// 1 MB line, took 1.4 to 4.5 s under loads of 12 to 20 on two cores (the
// slowest are logged). Past this it is a hang or a blow-up, not the load:
// semantic tokens on that line once gave no answer in 30 s.
const requestBudget = 30 * time.Second

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
		"pattern.td":  myDialect + "def P : Pat<(My_AddOp $a, $b), (My_AddOp $b, $a)>;\n",
		"empty.td":    "",
		"crlf.td":     "def A;\r\rdef B;\r\n\r\ndef C : A;\r",
	}
}

// audited is one request the audit sends: a method the server handles,
// and for the methods that do several things (a command to execute, a kind
// of generated code) which one.
type audited struct{ method, variant string }

func (a audited) String() string {
	if a.variant == "" {
		return a.method
	}
	return a.method + " " + a.variant
}

// auditedRequests are every request handler the server registers (but the
// lifecycle's and the tests' own), each command it advertises, each kind
// of generated code: a handler added later is audited too.
func auditedRequests() []audited {
	var out []audited
	for m := range requests {
		switch {
		case m == "initialize" || m == "shutdown" || strings.HasPrefix(m, "tdls/test/"):
		case m == "workspace/executeCommand":
			for _, c := range commands {
				out = append(out, audited{m, c})
			}
		case m == generatedCodeMethod:
			// The kinds of old, and each view of an entity's code.
			out = append(out, audited{m, kindRewriter}, audited{m, kindRewritersFile})
			for _, v := range []string{ide.ViewDecls, ide.ViewDefs, ide.ViewDoc, ide.ViewRewriter} {
				out = append(out, audited{m, "generator=" + v})
			}
		default:
			out = append(out, audited{m, ""})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// requestParams are the parameters to try a request with at a position:
// what a client sends, and what a broken one does.
func requestParams(a audited, u any, line, char int) []any {
	doc := map[string]any{"uri": u}
	pos := map[string]any{"line": line, "character": char}
	rng := map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": pos}
	valid := map[string]any{"textDocument": doc, "position": pos}
	switch a.method {
	case "textDocument/documentSymbol", "textDocument/semanticTokens/full", "textDocument/foldingRange",
		"textDocument/codeLens", "textDocument/documentLink":
		valid = map[string]any{"textDocument": doc}
	case "textDocument/references":
		valid["context"] = map[string]any{"includeDeclaration": true}
	case "textDocument/rename":
		valid["newName"] = "Renamed"
	case "textDocument/codeAction":
		valid = map[string]any{"textDocument": doc, "range": rng, "context": map[string]any{"diagnostics": []any{}}}
	case "textDocument/inlayHint":
		valid = map[string]any{"textDocument": doc, "range": rng}
	case "textDocument/formatting":
		valid = map[string]any{"textDocument": doc, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}
	case "textDocument/rangeFormatting":
		valid = map[string]any{"textDocument": doc, "range": rng, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}
	case "textDocument/rangesFormatting":
		valid = map[string]any{"textDocument": doc, "ranges": []any{rng, rng}, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}
	case "workspace/symbol":
		valid = map[string]any{"query": "L1"}
	case "workspace/executeCommand":
		switch a.variant {
		case showGeneratedRewriterCommand:
			valid = map[string]any{"command": a.variant, "arguments": []any{map[string]any{"uri": u, "kind": kindRewritersFile}}}
		case showGeneratedCommand:
			valid = map[string]any{"command": a.variant, "arguments": []any{map[string]any{"uri": u, "name": "My_AddOp"}}}
		case showLocationCommand:
			valid = map[string]any{"command": a.variant, "arguments": []any{u, rng}}
		case writeProjectConfigCommand:
			valid = map[string]any{"command": a.variant}
		}
	case generatedCodeMethod:
		if g, ok := strings.CutPrefix(a.variant, "generator="); ok {
			valid = map[string]any{"uri": u, "generator": g, "name": "My_AddOp"} // pattern.td's op
			if g == ide.ViewRewriter {
				valid["name"] = "P"
			}
			break
		}
		valid = map[string]any{"uri": u, "position": pos, "kind": a.variant}
		if a.variant == kindRewriter {
			valid["name"] = "P" // pattern.td's; elsewhere an error
		}
	}
	return []any{valid, nil, []any{1, 2}, "x", map[string]any{"textDocument": map[string]any{"uri": 7}}}
}

// dependsOnPosition tells whether a's parameters carry a position: the
// others are asked once per document.
func dependsOnPosition(a audited, u any) bool {
	x, _ := json.Marshal(requestParams(a, u, 0, 0)[0])
	y, _ := json.Marshal(requestParams(a, u, 1, 1)[0])
	return string(x) != string(y)
}

// Every request answers, with a result or an LSP error, within its budget,
// on any document and at any position (past the end too), with any
// parameters. Each audited request must also give a result (not an error)
// to its valid parameters somewhere: the audit reaches the handler's work,
// not only its parameter check.
func TestEveryRequestAnswersWithinBudget(t *testing.T) {
	docs := hostileDocuments()
	s := start(t, docs, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	reqs := auditedRequests()
	type took struct {
		what string
		d    time.Duration
	}
	var slowest []took
	worked := map[audited]bool{}
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
		u := uri.File(s.path(name))
		for _, a := range reqs {
			for i, p := range positions {
				if i > 0 && !dependsOnPosition(a, u) {
					break
				}
				for k, params := range requestParams(a, u, p[0], p[1]) {
					if k > 0 && i > 0 {
						continue // malformed parameters once per method and document
					}
					ctx, cancel := context.WithTimeout(s.ctx, requestBudget)
					start := time.Now()
					var res json.RawMessage
					err := s.client.Call(ctx, a.method, params, &res)
					d := time.Since(start)
					timedOut := ctx.Err() != nil
					cancel()
					if timedOut {
						t.Errorf("%s on %s at %v: no answer within %v", a, name, p, requestBudget)
						continue
					}
					// An LSP error is an answer too.
					if k == 0 && err == nil {
						worked[a] = true
					}
					slowest = append(slowest, took{fmt.Sprintf("%s %s %v #%d", a, name, p, k), d})
				}
			}
		}
	}
	if _, err := os.Stat(mlirFile("IR/PatternBase.td")); err != nil {
		worked[audited{generatedCodeMethod, kindRewriter}] = true // no pattern without MLIR's PatternBase.td
	}
	for _, a := range reqs {
		if !worked[a] {
			t.Errorf("%s answered only errors: give it parameters it works on in requestParams", a)
		}
	}
	sort.Slice(slowest, func(i, j int) bool { return slowest[i].d > slowest[j].d })
	for _, x := range slowest[:min(5, len(slowest))] {
		t.Logf("slowest: %s %v", x.what, x.d.Round(time.Millisecond))
	}
	t.Logf("%d requests audited (%d calls)", len(reqs), len(slowest))
}

// cancelBound is when an answer to $/cancelRequest is late: it comes in
// milliseconds (logged), and a loaded machine delays a goroutine by a
// fraction of this; an answer that waited for the work would never come
// for the stubborn request below, whose work never ends.
const cancelBound = 10 * time.Second

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
		case <-time.After(cancelBound):
			t.Errorf("%s: no answer within %v of $/cancelRequest", method, cancelBound)
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

// notificationParams are, for each notification the server handles, what
// a client sends and what a broken or hostile one does: names of pipes,
// devices and directories where files are expected, documents never
// opened, positions past the end, parameters of the wrong shape. A
// notification without an entry fails the audit.
func notificationParams(dir, fifo string) map[string][]any {
	u := func(p string) string { return string(uri.File(p)) }
	open := func(p, text string) any {
		return map[string]any{"textDocument": map[string]any{"uri": u(p), "languageId": "tablegen", "version": 1, "text": text}}
	}
	change := func(p string, version int, line, char int) any {
		return map[string]any{"textDocument": map[string]any{"uri": u(p), "version": version}, "contentChanges": []any{
			map[string]any{"range": map[string]any{"start": map[string]any{"line": line, "character": char}, "end": map[string]any{"line": 0, "character": 0}}, "text": "x"},
		}}
	}
	doc := func(p string) any { return map[string]any{"textDocument": map[string]any{"uri": u(p)}} }
	watched := func(kind int, paths ...string) any {
		var cs []any
		for _, p := range paths {
			cs = append(cs, map[string]any{"uri": u(p), "type": kind})
		}
		return map[string]any{"changes": cs}
	}
	folders := func(added, removed []string) any {
		list := func(ps []string) []any {
			out := []any{}
			for _, p := range ps {
				out = append(out, map[string]any{"uri": u(p), "name": filepath.Base(p)})
			}
			return out
		}
		return map[string]any{"event": map[string]any{"added": list(added), "removed": list(removed)}}
	}
	hostile := []string{fifo, "/dev/stdin", "/dev/zero", "/dev/urandom", dir}
	settings := func(dirs, dbs []string) any {
		return map[string]any{"settings": map[string]any{"tdls": map[string]any{"includeDirs": dirs, "compilationDatabases": dbs}}}
	}
	broken := []any{nil, []any{1}, "x", map[string]any{"textDocument": 7}}
	return map[string][]any{
		"initialized": append([]any{map[string]any{}}, broken...),
		"textDocument/didOpen": append([]any{
			open("/dev/stdin", "include \"a.td\"\ndef S;\n"), open(fifo, "def F;\n"), open(dir, "def D;\n"),
			open(filepath.Join(dir, "big.td"), strings.Repeat("def B : B;\n", 50000)),
		}, broken...),
		"textDocument/didChange": append([]any{
			change(filepath.Join(dir, "never-opened.td"), 2, 0, 0), change("/dev/stdin", 1, 99, -4),
			change(filepath.Join(dir, "big.td"), 0, 1<<30, 1<<30),
		}, broken...),
		"textDocument/didSave":  append([]any{doc(fifo), doc("/dev/zero"), doc(filepath.Join(dir, "never-opened.td"))}, broken...),
		"textDocument/didClose": append([]any{doc(filepath.Join(dir, "never-opened.td")), doc("/dev/stdin"), doc(fifo), doc(dir)}, broken...),
		"workspace/didChangeWatchedFiles": append([]any{
			watched(1, hostile...), watched(2, hostile...), watched(3, hostile...), watched(7, fifo),
		}, broken...),
		"workspace/didChangeConfiguration": append([]any{
			settings(hostile, hostile), settings([]string{"/dev", "/proc/self"}, []string{fifo}), settings(nil, nil),
			map[string]any{"settings": map[string]any{"tdls": map[string]any{"mlirTblgen": fifo, "preview": 7}}},
		}, broken...),
		didChangeTrustMethod: append([]any{
			map[string]any{"workspaceTrusted": true}, map[string]any{"workspaceTrusted": false, "trustedFolders": append(hostile, "relative", "file:///%zz")},
			map[string]any{"trustedFolders": []any{7, nil}}, map[string]any{"workspaceTrusted": "yes"},
		}, broken...),
		"workspace/didChangeWorkspaceFolders": append([]any{
			folders([]string{fifo, "/dev/stdin", filepath.Join(dir, "loop")}, nil), folders(nil, []string{"/nowhere", dir}),
			folders([]string{dir}, nil),
		}, broken...),
	}
}

// Notifications run in the order they come, on the message loop, so one
// that blocks stops the whole session: after each notification the server
// handles, sent with hostile parameters, a request is answered within its
// budget, and a file opened at the end is still checked. (exit ends the
// session: TestServeExitStatus.)
func TestEveryNotificationKeepsTheLoopGoing(t *testing.T) {
	s := start(t, map[string]string{"a.td": "class A;\ndef X : A;\n"}, Options{}, nil, nil)
	fifo := s.path("fifo.td")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if err := os.Symlink(s.dir, s.path("loop")); err != nil {
		t.Fatal(err)
	}
	s.open("a.td")
	params := notificationParams(s.dir, fifo)
	var methods []string
	for m := range notifications {
		if m == "exit" {
			continue
		}
		if _, ok := params[m]; !ok {
			t.Errorf("%s is not audited: give it hostile parameters in notificationParams", m)
		}
		methods = append(methods, m)
	}
	sort.Strings(methods)
	var slowest time.Duration
	for _, m := range methods {
		for k, p := range params[m] {
			if err := s.client.Notify(s.ctx, m, p); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(s.ctx, requestBudget)
			sent := time.Now()
			var h json.RawMessage
			err := s.client.Call(ctx, "textDocument/hover", docAt(s, "a.td", 1, 9), &h)
			cancel()
			d := time.Since(sent)
			slowest = max(slowest, d)
			if err != nil {
				t.Errorf("%s #%d: the next request: %v after %v", m, k, err, d.Round(time.Millisecond))
			}
		}
	}
	t.Logf("%d notifications audited; the slowest request after one answered in %v", len(methods), slowest.Round(time.Millisecond))
	if p := s.open("last.td", "def L : Missing;\n"); !strings.Contains(messages(p), "Missing") {
		t.Errorf("a file opened after the notifications: %q", messages(p))
	}
}

// A client that advertises window/showDocument, work-done progress and
// workspace/configuration but never answers the server's requests holds
// nothing up: a command that shows a location answers, the workspace is
// indexed, a file is checked, each within the budget.
func TestSilentClientHoldsNothing(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.td": "def Findable;\n"})
	srvConn, cliConn := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	srv := NewServer(Options{NoMLIRAutoDetect: true})
	srv.clientWait = 300 * time.Millisecond
	go srv.Run(ctx, srvConn)
	t.Cleanup(func() { cliConn.Close(); cancel() })
	p := &rawPeer{conn: cliConn, in: bufio.NewReader(cliConn)}
	caps := `{"window":{"showDocument":{"support":true},"workDoneProgress":true},"workspace":{"configuration":true}}`
	p.send(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":%q,"capabilities":%s}}`, uri.File(dir), caps))
	p.expectAnswer(t, 1)
	p.send(t, `{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	start := time.Now()
	p.send(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"workspace/executeCommand","params":{"command":%q,"arguments":[%q,{"start":{"line":0,"character":0},"end":{"line":0,"character":3}}]}}`,
		showLocationCommand, uri.File(filepath.Join(dir, "a.td"))))
	m, asked := p.expectAnswer(t, 2)
	t.Logf("%s answered after %v: %v", showLocationCommand, time.Since(start).Round(time.Millisecond), m["error"])
	if !strings.Contains(fmt.Sprint(asked), "window/showDocument") {
		t.Errorf("the server did not ask the client to show the location: %v", asked)
	}
	for id := 3; ; id++ {
		if time.Since(start) > requestBudget {
			t.Fatalf("the workspace was not indexed within %v", requestBudget)
		}
		p.send(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"workspace/symbol","params":{"query":"Findable"}}`, id))
		if m, _ := p.expectAnswer(t, float64(id)); fmt.Sprint(m["result"]) != "[]" && m["result"] != nil {
			t.Logf("indexed after %v", time.Since(start).Round(time.Millisecond))
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
}
