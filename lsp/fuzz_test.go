package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"
)

// messageLoopSeeds are the protocol abuse the fuzzer starts from: each seed
// is the bytes a client sends before the harness's own probes.
func messageLoopSeeds() []string {
	init := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`) +
		frame(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	open := frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///fuzz/a.td","languageId":"tablegen","version":1,"text":"class C<int n>;\ndef A : C<1>;\n"}}}`)
	change := frame(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///fuzz/a.td","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":4},"end":{"line":1,"character":5}},"text":"B"}]}}`)
	hover := frame(`{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///fuzz/a.td"},"position":{"line":1,"character":4}}}`)
	body := `{"jsonrpc":"2.0","id":3,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///fuzz/a.td"}}}`
	return []string{
		"",
		init,
		init + open + change + hover,
		init + "{not json",
		init + frame(`{not json`),
		init + frame(`{"jsonrpc":"2.0"}`),
		init + frame(`[1,2,3]`),
		init + frame(`{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}`),
		init + fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body)-20, body),
		init + fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body)+20, body),
		init + "Content-Length: 1000000000000\r\n\r\n" + body,
		init + "Content-Length: -1\r\n\r\n",
		init + "Content-Type: x\r\n\r\n",
		init + "Content-Length: 12\r\nContent-Length: 13\r\n\r\n{}",
		init + frame(`{"jsonrpc":"2.0","id":4,"method":"no/such/method","params":{}}`),
		init + frame(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}`),
		init + open + frame(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///fuzz/a.td","version":2},"contentChanges":[{"range":{"start":{"line":99,"character":-4},"end":{"line":0,"character":0}},"text":"x"}]}}`),
		init + frame(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///fuzz/never-opened.td","version":2},"contentChanges":[{"text":"x"}]}}`),
		frame(`{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{}}`),
		init + frame(`{"jsonrpc":"2.0","id":6,"method":"shutdown"}`) + hover,
		init + frame(`{"jsonrpc":"2.0","id":6,"method":"shutdown"}`) + frame(`{"jsonrpc":"2.0","method":"exit"}`),
		init + frame(`{"jsonrpc":"2.0","method":"exit"}`),
		init + init,
		init + open + open + frame(`{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///fuzz/a.td"}}}`),
		strings.Repeat("\r\n", 10) + init,
	}
}

// probeID numbers the harness's own requests, beyond what seeds use.
const probeID = 900000000

// FuzzMessageLoop sends the server any bytes, then two well-formed
// requests. The server must not crash, and must answer one of them (the
// first may be taken as the body the input promised), or have stopped
// because the input asked it to exit; what it writes must be well framed.
func FuzzMessageLoop(f *testing.F) {
	for _, s := range messageLoopSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(checkMessageLoop)
}

func checkMessageLoop(t *testing.T, input []byte) {
	{
		srvConn, cliConn := net.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		stopped := make(chan error, 1)
		go func() { stopped <- NewServer(Options{NoMLIRAutoDetect: true}).Run(ctx, srvConn) }()
		answered := make(chan struct{}, 1)
		framing := make(chan error, 1)
		go func() {
			framing <- readAnswers(cliConn, func(id float64) {
				if id >= probeID {
					select {
					case answered <- struct{}{}:
					default:
					}
				}
			})
		}()
		go func() {
			cliConn.Write(input)
			for k := 1; k <= 2; k++ {
				cliConn.Write([]byte(frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///fuzz/probe.td"},"position":{"line":0,"character":0}}}`, probeID+k))))
			}
		}()
		timeout := time.After(hangBound)
	wait:
		for {
			select {
			case <-answered:
				break wait
			case err := <-stopped:
				if !bytes.Contains(input, []byte("exit")) {
					t.Fatalf("the server stopped (%v) though the input asked for no exit", err)
				}
				stopped <- err
				break wait
			case err := <-framing:
				if err != nil {
					t.Fatalf("the server's output is not well framed: %v", err)
				}
			case <-timeout:
				t.Fatalf("neither probe was answered within %v", hangBound)
			}
		}
		cliConn.Close()
		cancel()
		select {
		case <-stopped:
		case <-time.After(hangBound):
			t.Fatal("the server did not stop when its input closed")
		}
	}
}

// readAnswers reads the server's messages until the connection closes,
// calling answer with the id of each response; it fails on output that is
// not framed JSON.
func readAnswers(r io.Reader, answer func(id float64)) error {
	in := bufio.NewReader(r)
	for {
		n := -1
		for {
			line, err := in.ReadString('\n')
			if err != nil {
				return nil // closed
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				if n, err = strconv.Atoi(v); err != nil {
					return fmt.Errorf("bad header %q", line)
				}
			} else {
				return fmt.Errorf("unexpected header %q", line)
			}
		}
		if n < 0 {
			return fmt.Errorf("a message without Content-Length")
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(in, body); err != nil {
			return nil
		}
		var m struct {
			ID any `json:"id"`
		}
		if err := json.Unmarshal(body, &m); err != nil {
			return fmt.Errorf("a body that is not JSON: %q", body)
		}
		if id, ok := m.ID.(float64); ok {
			answer(id)
		}
	}
}
