package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"net"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// A burst of didChanges that arrives at once is taken in one step, and
// ends where applying them one by one ends: changes to another document
// in between, a whole-text change, a message that does not decode (left
// to the usual path, which reports it and drops only it) and a message
// still arriving are each handled as alone.
func TestDidChangeBurst(t *testing.T) {
	srvConn, cliConn := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	srv := NewServer(Options{NoMLIRAutoDetect: true})
	go srv.Run(ctx, srvConn)
	t.Cleanup(func() { cliConn.Close(); cancel() })
	p := &rawPeer{conn: cliConn, in: bufio.NewReader(cliConn)}

	p.send(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	if m := p.read(t); m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	p.send(t, `{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	a, b := "file:///burst/a.td", "file:///burst/b.td"
	open := func(uri, text string) string {
		return notification("textDocument/didOpen", map[string]any{
			"textDocument": map[string]any{"uri": uri, "languageId": "tablegen", "version": 1, "text": text}})
	}
	change := func(uri string, version int, changes ...map[string]any) string {
		return notification("textDocument/didChange", map[string]any{
			"textDocument": map[string]any{"uri": uri, "version": version}, "contentChanges": changes})
	}
	at := func(l1, c1, l2, c2 int, text string) map[string]any {
		return map[string]any{"range": map[string]any{
			"start": map[string]any{"line": l1, "character": c1},
			"end":   map[string]any{"line": l2, "character": c2}}, "text": text}
	}
	// Larger than the stream's lifting threshold, so that some texts are
	// lifted out of their messages and some not.
	big := strings.Repeat("def Filler;\n", 600)
	var burst strings.Builder
	for _, m := range []string{
		open(a, "def A;\ndef B;\n"),
		open(b, "def X;\n"),
		change(a, 2, at(0, 5, 0, 5, "1")),
		change(a, 3, at(1, 0, 1, 3, "class"), at(1, 7, 1, 8, " {}")),
		change(b, 2, at(0, 4, 0, 5, "Y")),
		change(a, 4, map[string]any{"text": big + "def C;\n"}, at(600, 0, 600, 3, "class")),
		`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"` + a + `","version":5},"contentChanges":"x"}}`,
		change(a, 6, at(0, 0, 0, 0, "// head\n")),
	} {
		fmt.Fprintf(&burst, "Content-Length: %d\r\n\r\n%s", len(m), m)
	}
	last := change(a, 7, at(1, 0, 1, 0, "def D;\n"))
	framed := fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(last), last)
	p.write(t, burst.String()+framed[:len(framed)/2])
	p.write(t, framed[len(framed)/2:])
	p.send(t, hoverBody(9))
	p.expectAnswer(t, 9)

	wantA := "// head\ndef D;\n" + big + "class C;\n"
	snap := srv.ws.Snapshot()
	for _, c := range []struct {
		uri, want string
		version   int32
	}{{a, wantA, 7}, {b, "def Y;\n", 2}} {
		path, _ := pathOf(protocol.DocumentURI(c.uri))
		o := snap.Overlay(path)
		if o == nil || string(o.Content) != c.want || o.Version != c.version {
			t.Errorf("%s: got %+v, want version %d %q", c.uri, o, c.version, c.want)
		}
	}
}

func notification(method string, params any) string {
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
	if err != nil {
		panic(err)
	}
	return string(b)
}

// Edits made in place in the editor's own copy equal splicing a new text
// each time, whatever the edits' sizes (growing past the room left,
// shrinking, at either end).
func TestTextEditorSplices(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for round := 0; round < 200; round++ {
		orig := []byte(strings.Repeat("abcdefghij\n", r.Intn(50)))
		keep := string(orig)
		ed := textEditor{text: orig}
		want := string(orig)
		for i := 0; i < 1+r.Intn(20); i++ {
			start := r.Intn(len(want) + 1)
			end := start + r.Intn(len(want)-start+1)
			by := strings.Repeat("xy", r.Intn(3)*r.Intn(editSlack))
			ed.replace(start, end, []byte(by))
			want = want[:start] + by + want[end:]
			if string(ed.text) != want {
				t.Fatalf("round %d edit %d: got %q, want %q", round, i, ed.text, want)
			}
		}
		if string(orig) != keep {
			t.Fatalf("round %d: the snapshot's text was written", round)
		}
	}
}
