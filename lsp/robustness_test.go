package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"net"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"tdls/analysis"
)

// rawPeer speaks bytes to a server, to send what no well-behaved client
// would.
type rawPeer struct {
	conn net.Conn
	in   *bufio.Reader
}

func startRaw(t *testing.T) *rawPeer {
	srvConn, cliConn := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	go NewServer(Options{NoMLIRAutoDetect: true}).Run(ctx, srvConn)
	t.Cleanup(func() { cliConn.Close(); cancel() })
	return &rawPeer{conn: cliConn, in: bufio.NewReader(cliConn)}
}

func (p *rawPeer) send(t *testing.T, body string) {
	t.Helper()
	p.conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if _, err := fmt.Fprintf(p.conn, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		t.Fatal(err)
	}
}

func (p *rawPeer) read(t *testing.T) map[string]any {
	t.Helper()
	p.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	n := -1
	for {
		line, err := p.in.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			n, _ = strconv.Atoi(v)
		}
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(p.in, body); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func errCode(m map[string]any) float64 {
	e, _ := m["error"].(map[string]any)
	c, _ := e["code"].(float64)
	return c
}

func TestMalformedJSONRPCGetsProtocolErrors(t *testing.T) {
	p := startRaw(t)
	p.send(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	if m := p.read(t); m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	p.send(t, `{this is not json`)
	if m := p.read(t); errCode(m) != -32700 || m["id"] != nil {
		t.Fatalf("parse error: %v", m)
	}
	p.send(t, `{"jsonrpc":"2.0"}`)
	if m := p.read(t); errCode(m) != -32600 {
		t.Fatalf("invalid request: %v", m)
	}
	// A header block without Content-Length.
	fmt.Fprintf(p.conn, "Content-Type: x\r\n\r\n")
	if m := p.read(t); errCode(m) != -32700 {
		t.Fatalf("bad header: %v", m)
	}
	p.send(t, `{"jsonrpc":"2.0","id":2,"method":"no/such/method"}`)
	if m := p.read(t); errCode(m) != -32601 || m["id"].(float64) != 2 {
		t.Fatalf("unknown method: %v", m)
	}
	p.send(t, `{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":"not an object"}`)
	if m := p.read(t); errCode(m) != -32602 {
		t.Fatalf("invalid params: %v", m)
	}
	// Still alive.
	p.send(t, `{"jsonrpc":"2.0","id":4,"method":"shutdown"}`)
	if m := p.read(t); m["id"].(float64) != 4 || m["error"] != nil {
		t.Fatalf("shutdown: %v", m)
	}
}

func TestPanickingHandlerAnswersErrorAndServerContinues(t *testing.T) {
	handle("tdls/test/panic", func(context.Context, *Server, *analysis.Snapshot, json.RawMessage) (any, error) {
		panic("boom")
	})
	notify("tdls/test/panicNotification", func(context.Context, *Server, json.RawMessage) error { panic("boom") })
	s := start(t, map[string]string{"a.td": "def A;\n"}, Options{}, nil, nil)
	err := s.call("tdls/test/panic", map[string]any{}, nil)
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("panic: %v", err)
	}
	s.client.Notify(s.ctx, "tdls/test/panicNotification", map[string]any{})
	if p := s.open("a.td"); len(p.Diagnostics) != 0 {
		t.Fatalf("server unwell after a panic: %s", messages(p))
	}
}

func TestCancelRequest(t *testing.T) {
	started := make(chan struct{})
	handle("tdls/test/block", func(ctx context.Context, _ *Server, _ *analysis.Snapshot, _ json.RawMessage) (any, error) {
		close(started)
		<-ctx.Done()
		return nil, ctx.Err()
	})
	s := start(t, nil, Options{}, nil, nil)
	errc := make(chan error, 1)
	go func() { errc <- s.call("tdls/test/block", map[string]any{}, nil) }()
	<-started
	// The client library numbers requests from 1: initialize was 1, this is 2.
	s.client.Notify(s.ctx, "$/cancelRequest", map[string]any{"id": 2})
	select {
	case err := <-errc:
		if err == nil || !strings.Contains(err.Error(), "cancel") {
			t.Fatalf("cancelled request: %v", err)
		}
	case <-time.After(hangBound):
		t.Fatal("$/cancelRequest not honoured")
	}
}

// Files of any content never bring the server down or make it hang: random
// bytes, every ASCII character, deep nesting, constructs that are fatal
// errors in LLVM (B2), an unterminated code block, a huge file.
func TestAnyFileContentIsSurvived(t *testing.T) {
	const caseCPU = 20 * time.Second
	rng := rand.New(rand.NewSource(7))
	random := make([]byte, 20000)
	rng.Read(random)
	var ascii strings.Builder
	for i := 0; i < 5000; i++ {
		ascii.WriteByte(byte(rng.Intn(128)))
	}
	var huge strings.Builder
	for i := 0; i < 60000; i++ {
		fmt.Fprintf(&huge, "def R%d : C<%d, \"s\"> { let x = !add(%d, 1); }\n", i, i, i)
	}
	cases := map[string]string{
		"random":   string(random),
		"ascii":    ascii.String(),
		"nesting":  "def X { int x = " + strings.Repeat("!add(", 3000) + strings.Repeat(")", 3000) + "; }\n" + "def Y { list<int> l = " + strings.Repeat("[", 5000) + ";\n",
		"fatal":    "class A;\ndef B { A a = !cast<A>(\"Nope\"); int d = !div(1, 0); list<int> l = !listsplat(1, -1); }\nforeach i = !range(0, 100000000) in def X#i;\n",
		"code":     "def A { code c = [{ never closed\n",
		"huge":     huge.String(),
		"includes": "include \"a.td\"\ninclude \"/dev/zero/x\"\ninclude \"\"\ninclude\n#ifdef X\n#else\n#else\n",
	}
	files := map[string]string{}
	for name, text := range cases {
		files[name+".td"] = text
	}
	files["a.td"] = "include \"a.td\"\n" // includes itself
	s := start(t, files, Options{}, nil, nil)
	for name := range cases {
		start, cpu0 := time.Now(), processCPU()
		s.open(name + ".td")
		var syms []protocol.DocumentSymbol
		if err := s.call("textDocument/documentSymbol", doc(s, name+".td"), &syms); err != nil {
			t.Fatalf("%s: symbols: %v", name, err)
		}
		var tok protocol.SemanticTokens
		if err := s.call("textDocument/semanticTokens/full", doc(s, name+".td"), &tok); err != nil {
			t.Fatalf("%s: semantic tokens: %v", name, err)
		}
		var folds []protocol.FoldingRange
		if err := s.call("textDocument/foldingRange", doc(s, name+".td"), &folds); err != nil {
			t.Fatalf("%s: folding: %v", name, err)
		}
		// A hang fails at hangBound; the CPU spent is what tells a blow-up
		// apart from a loaded machine, which stretches only the wall time.
		wall, cpu := time.Since(start), processCPU()-cpu0
		t.Logf("%s: checked and answered in %v, %v of CPU", name, wall.Round(time.Millisecond), cpu.Round(time.Millisecond))
		if cpu > caseCPU {
			t.Errorf("%s took %v of CPU, more than %v (%v in all)", name, cpu, caseCPU, wall)
		}
	}
	if p := s.open("a.td"); !strings.Contains(messages(p), "include cycle") {
		t.Errorf("self include: %s", messages(p))
	}
}

// After a syntax error the rest of the file is still parsed: the outline
// keeps every other definition (navigation does not go dark, B3).
func TestSyntaxErrorKeepsTheRestOfTheFile(t *testing.T) {
	s := start(t, map[string]string{"a.td": "def A;\ndef B : <;\ndef C;\nclass D<int x> { int y = ; }\ndef E;\n"}, Options{}, nil, nil)
	p := s.open("a.td")
	if len(p.Diagnostics) < 2 {
		t.Fatalf("want both errors: %s", messages(p))
	}
	var syms []protocol.DocumentSymbol
	if err := s.call("textDocument/documentSymbol", doc(s, "a.td"), &syms); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, sy := range syms {
		names = append(names, sy.Name)
	}
	if got := strings.Join(names, ","); got != "A,C,E" {
		t.Fatalf("symbols after errors: %s", got)
	}
}

// processCPU is the CPU time this process has used: the in-process
// server's work, which a loaded machine does not inflate as it does the
// wall time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
