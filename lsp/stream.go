package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// maxMessage bounds one message body. A larger Content-Length is refused
// as clangd refuses one: reported, and the bytes that follow are skipped as
// noise up to the next header.
const maxMessage = 512 << 20

// overstatedAfter is how long a body that is already a whole JSON object
// waits for the rest its Content-Length promises.
const overstatedAfter = 2 * time.Second

// tolerantStream frames messages with Content-Length headers like
// jsonrpc2.NewStream, but recovers from every framing error instead of
// ending the connection or losing the messages after it: a body that is not
// valid JSON-RPC is answered with the protocol's error (-32700 parse error,
// -32600 invalid request); a header found where a body or a header should
// be (a Content-Length that understated or overstated its body) starts the
// next message there.
type tolerantStream struct {
	conn io.ReadWriteCloser
	in   *input
	mu   sync.Mutex // serialises writes
	log  func(msg string, err error)
	// lifted holds the didChange texts lifted out of the message Read
	// returned last (see liftChangeTexts). The connection handles a
	// notification before it reads the next message, so they stay valid
	// while it is handled.
	lifted [][]byte
}

func newTolerantStream(conn io.ReadWriteCloser, log func(string, error)) *tolerantStream {
	return &tolerantStream{conn: conn, in: newInput(conn), log: log}
}

// ended is closed when the client's input has ended.
func (s *tolerantStream) ended() <-chan struct{} { return s.in.ended }

func (s *tolerantStream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		length, err := s.readHeader()
		if err != nil {
			return nil, 0, err
		}
		if length < 0 {
			continue // no usable header, already reported
		}
		data, short, err := s.in.body(int(length), overstatedAfter)
		if err != nil {
			return nil, 0, err
		}
		if short {
			s.framingError(data, length)
			continue
		}
		data, s.lifted = liftChangeTexts(data)
		msg, err := jsonrpc2.DecodeMessage(data)
		if err != nil {
			code := jsonrpc2.ParseError
			if json.Valid(data) {
				code = jsonrpc2.InvalidRequest
			}
			s.log("malformed message", err)
			s.writeError(nil, code, err.Error())
			continue
		}
		return msg, length, nil
	}
}

// takeQueued consumes the next message and returns true when it has
// already arrived whole, is a notification of method, and accept takes
// its params (with the texts lifted out of them). It never waits: a
// handler uses it to take in one step what the client sent in a burst.
func (s *tolerantStream) takeQueued(method string, accept func(params json.RawMessage, lifted [][]byte) bool) bool {
	body, size, ok := s.in.peekMessage()
	if !ok {
		return false
	}
	data, lifted := liftChangeTexts(body)
	msg, err := jsonrpc2.DecodeMessage(data)
	if err != nil {
		return false
	}
	n, ok := msg.(*jsonrpc2.Notification)
	if !ok || n.Method() != method || !accept(n.Params(), lifted) {
		return false
	}
	s.in.discard(size)
	return true
}

// framingError answers a body that ended before its Content-Length: with
// the request's id when the bytes are a whole request, so that the client
// is not left waiting.
func (s *tolerantStream) framingError(data []byte, length int64) {
	msg := fmt.Sprintf("Content-Length %d, but the message ended after %d bytes", length, len(data))
	s.log(msg, nil)
	var id *jsonrpc2.ID
	if m, err := jsonrpc2.DecodeMessage(bytes.TrimSpace(data)); err == nil {
		if call, ok := m.(*jsonrpc2.Call); ok {
			callID := call.ID()
			id = &callID
		} else {
			return // a notification has nobody to tell
		}
	}
	s.writeError(id, jsonrpc2.ParseError, msg)
}

// readHeader reads one header block and returns its Content-Length, or -1
// after a block without a usable one, which it reports to the peer.
func (s *tolerantStream) readHeader() (length int64, err error) {
	length = -1
	bad := ""
	lines := 0
	for {
		raw, err := s.in.line()
		if err != nil {
			return 0, err
		}
		line := string(bytes.TrimSpace(raw))
		if line == "" {
			if lines == 0 {
				continue // stray blank line between messages
			}
			break
		}
		lines++
		// The end of a body cut short by its Content-Length runs into the
		// next header on the same line: start over at the header.
		if i := strings.Index(line, headerName+":"); i > 0 {
			line, length, bad = line[i:], -1, ""
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			bad = fmt.Sprintf("invalid header line %q", truncate(line, 80))
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), headerName) {
			n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			switch {
			case err != nil && !isDigits(strings.TrimSpace(value)), n < 0:
				bad = fmt.Sprintf("invalid Content-Length %q", truncate(value, 80))
			case err != nil || n > maxMessage:
				// Refused, and nothing of it read: whatever follows is
				// noise until the next header.
				msg := fmt.Sprintf("Content-Length %s exceeds the limit of %d bytes; the message is skipped", strings.TrimSpace(value), maxMessage)
				s.log(msg, nil)
				s.writeError(nil, jsonrpc2.InvalidRequest, msg)
				return -1, nil
			default:
				length = n
			}
		}
	}
	if length < 0 {
		if bad == "" {
			bad = "missing Content-Length header"
		}
		s.log(bad, nil)
		s.writeError(nil, jsonrpc2.ParseError, bad)
	}
	return length, nil
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// writeError answers with a JSON-RPC error, for the request id (null when
// the message could not be read far enough to know it).
func (s *tolerantStream) writeError(id *jsonrpc2.ID, code jsonrpc2.Code, msg string) {
	body, _ := json.Marshal(map[string]any{
		"jsonrpc": "2.0", "id": id,
		"error": map[string]any{"code": code, "message": msg},
	})
	s.writeRaw(body)
}

func (s *tolerantStream) writeRaw(body []byte) (int64, error) {
	// One write per message: a pipe then wakes the reader once, with the
	// header and the body together.
	buf := make([]byte, 0, len(body)+32)
	buf = append(buf, "Content-Length: "...)
	buf = strconv.AppendInt(buf, int64(len(body)), 10)
	buf = append(buf, "\r\n\r\n"...)
	buf = append(buf, body...)
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.conn.Write(buf)
	return int64(n), err
}

func (s *tolerantStream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	// jsonrpc2's messages marshal themselves; calling that directly saves
	// json.Marshal's second pass over the body (it compacts what a
	// Marshaler returns), which is most of the cost of a long answer.
	var body []byte
	var err error
	if m, ok := msg.(json.Marshaler); ok {
		body, err = m.MarshalJSON()
	} else {
		body, err = json.Marshal(msg)
	}
	if err != nil {
		return 0, fmt.Errorf("marshaling message: %w", err)
	}
	return s.writeRaw(body)
}

func (s *tolerantStream) Close() error {
	s.in.end(io.ErrClosedPipe)
	return s.conn.Close()
}
