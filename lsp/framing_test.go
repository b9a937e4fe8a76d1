package lsp

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// write sends bytes as they are, framing errors included.
func (p *rawPeer) write(t *testing.T, raw string) {
	t.Helper()
	p.conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if _, err := p.conn.Write([]byte(raw)); err != nil {
		t.Fatal(err)
	}
}

// expectAnswer reads until the response to id and returns it; other
// messages (error responses without an id, which report framing errors,
// and the server's own requests, whose ids it numbers from 1 too) are
// collected.
func (p *rawPeer) expectAnswer(t *testing.T, id float64) (answer map[string]any, others []map[string]any) {
	t.Helper()
	for {
		m := p.read(t)
		if got, ok := m["id"].(float64); ok && got == id && m["method"] == nil {
			return m, others
		}
		others = append(others, m)
	}
}

func hoverBody(id int) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere.td"},"position":{"line":0,"character":0}}}`, id)
}

// After each framing error the next well-formed message is answered: a
// Content-Length that understates or overstates its body, one beyond any
// limit (refused, as clangd refuses it), one that is not a number, noise
// between messages, a header block without Content-Length.
func TestFramingErrorsRecover(t *testing.T) {
	p := startRaw(t)
	p.send(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	if m := p.read(t); m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	good := hoverBody(0)
	cases := []struct {
		name string
		bad  string
		// wantReport: the framing error is reported (an error without the
		// next request's id) before the next answer.
		wantReport bool
	}{
		{"understated by 30", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(good)-30, good), true},
		{"understated, then a newline in the rest", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(good)-30, good[:len(good)-30]+"\n"+good[len(good)-30:]), true},
		{"overstated by 30", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(good)+30, good), true},
		{"huge", "Content-Length: 1000000000000\r\n\r\n" + good, true},
		{"beyond int64", "Content-Length: 99999999999999999999999\r\n\r\n" + good, true},
		{"not a number", "Content-Length: twelve\r\n\r\n" + good, true},
		{"negative", "Content-Length: -5\r\n\r\n" + good, true},
		{"no Content-Length", "Content-Type: x\r\n\r\n", true},
		{"noise without line ends", strings.Repeat("garbage{", 20000), false},
		{"noise lines", "hello\r\nworld\r\n", false},
	}
	for i, c := range cases {
		id := 100 + i
		p.write(t, c.bad)
		p.send(t, hoverBody(id))
		answer, reports := p.expectAnswer(t, float64(id))
		if answer["error"] != nil {
			t.Errorf("%s: the next message got an error: %v", c.name, answer)
		}
		if c.wantReport && len(reports) == 0 {
			t.Errorf("%s: the framing error was not reported", c.name)
		}
		for _, r := range reports {
			if errCode(r) == 0 {
				t.Errorf("%s: unexpected message %v", c.name, r)
			}
		}
	}
}

// A request whose Content-Length overstates its body is answered, with its
// id, even when the client sends nothing more while it waits.
func TestOverstatedRequestIsAnsweredAlone(t *testing.T) {
	p := startRaw(t)
	p.send(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	p.read(t)
	body := hoverBody(7)
	p.write(t, fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body)+10, body))
	m := p.read(t)
	if m["id"] != float64(7) || errCode(m) != -32700 || !strings.Contains(fmt.Sprint(m), "Content-Length") {
		t.Fatalf("want a parse error for request 7 naming the Content-Length, got %v", m)
	}
	p.send(t, hoverBody(8))
	if m, _ := p.expectAnswer(t, 8); m["error"] != nil {
		t.Fatalf("next request: %v", m)
	}
}
