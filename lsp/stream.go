package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
)

// maxMessage bounds one message body; larger ones are answered with an
// error and skipped.
const maxMessage = 512 << 20

// tolerantStream frames messages with Content-Length headers like
// jsonrpc2.NewStream, but a body that is not valid JSON-RPC is answered
// with the protocol's error (-32700 parse error, -32600 invalid request)
// instead of ending the connection.
type tolerantStream struct {
	conn io.ReadWriteCloser
	in   *bufio.Reader
	mu   sync.Mutex // serialises writes
	log  func(msg string, err error)
	// lifted holds the didChange texts lifted out of the message Read
	// returned last (see liftChangeTexts). The connection handles a
	// notification before it reads the next message, so they stay valid
	// while it is handled.
	lifted [][]byte
}

func newTolerantStream(conn io.ReadWriteCloser, log func(string, error)) *tolerantStream {
	return &tolerantStream{conn: conn, in: bufio.NewReaderSize(conn, 64<<10), log: log}
}

func (s *tolerantStream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		length, total, err := s.readHeader()
		if err != nil {
			return nil, total, err
		}
		if length < 0 {
			continue // a malformed header block, already reported
		}
		if length > maxMessage {
			if _, err := s.in.Discard(int(length)); err != nil {
				return nil, total, err
			}
			s.writeError(jsonrpc2.InvalidRequest, fmt.Sprintf("message of %d bytes exceeds the limit", length))
			continue
		}
		data := make([]byte, length)
		if _, err := io.ReadFull(s.in, data); err != nil {
			return nil, total, err
		}
		total += length
		data, s.lifted = liftChangeTexts(data)
		msg, err := jsonrpc2.DecodeMessage(data)
		if err != nil {
			code := jsonrpc2.ParseError
			if json.Valid(data) {
				code = jsonrpc2.InvalidRequest
			}
			s.log("malformed message", err)
			s.writeError(code, err.Error())
			continue
		}
		return msg, total, nil
	}
}

// readHeader reads one header block. It returns length -1 after a block
// without a usable Content-Length, which it reports to the peer.
func (s *tolerantStream) readHeader() (length, total int64, err error) {
	length = -1
	bad := ""
	for {
		line, err := s.in.ReadString('\n')
		total += int64(len(line))
		if err != nil {
			return 0, total, err
		}
		line = strings.TrimSpace(line)
		if line == "" {
			if total <= 2 {
				continue // stray blank line between messages
			}
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			bad = fmt.Sprintf("invalid header line %q", line)
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || n <= 0 {
				bad = fmt.Sprintf("invalid Content-Length %q", value)
				continue
			}
			length = n
		}
	}
	if length < 0 {
		if bad == "" {
			bad = "missing Content-Length header"
		}
		s.log(bad, nil)
		s.writeError(jsonrpc2.ParseError, bad)
	}
	return length, total, nil
}

func (s *tolerantStream) writeError(code jsonrpc2.Code, msg string) {
	body, _ := json.Marshal(map[string]any{
		"jsonrpc": "2.0", "id": nil,
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

func (s *tolerantStream) Close() error { return s.conn.Close() }
