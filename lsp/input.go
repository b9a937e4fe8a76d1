package lsp

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"sync"
	"time"
)

// input reads the client's stream ahead of the message loop, in a goroutine
// of its own: the end of input is seen at once even while a handler is
// busy (an orphaned server must not outlive its client), and the framing
// reader can look at bytes without consuming them.
type input struct {
	mu    sync.Mutex
	buf   []byte // received and not yet consumed
	err   error  // why reading ended; nil while it goes on
	more  chan struct{}
	ended chan struct{} // closed when err is set
}

// maxHeaderLine bounds what a header line keeps: noise between messages
// (the rest of a body whose Content-Length was refused or too short) is
// dropped as it arrives, only its end is kept to find the next header in.
const maxHeaderLine = 4 << 10

func newInput(r io.Reader) *input {
	in := &input{more: make(chan struct{}, 1), ended: make(chan struct{})}
	go in.pump(r)
	return in
}

func (in *input) pump(r io.Reader) {
	// As large as the pipe tdls serve asks for: a whole document in one
	// read.
	chunk := make([]byte, 1<<20)
	for {
		n, err := r.Read(chunk)
		if n > 0 {
			in.mu.Lock()
			in.buf = append(in.buf, chunk[:n]...)
			in.mu.Unlock()
			in.signal()
		}
		if err != nil {
			in.end(err)
			return
		}
	}
}

func (in *input) signal() {
	select {
	case in.more <- struct{}{}:
	default:
	}
}

// end records the end of input (also called by Close: a read of stdin is
// not interrupted by closing it, but the loop must stop waiting).
func (in *input) end(err error) {
	in.mu.Lock()
	if in.err == nil {
		in.err = err
		close(in.ended)
	}
	in.mu.Unlock()
	in.signal()
}

// wait blocks until more input arrives, input ends or timeout passes
// (none when 0).
func (in *input) wait(timeout time.Duration) (timedOut bool) {
	var tc <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		tc = t.C
	}
	select {
	case <-in.more:
	case <-in.ended:
	case <-tc:
		return true
	}
	return false
}

// line consumes and returns the next line, without its end. A line longer
// than maxHeaderLine keeps only its last maxHeaderLine bytes.
func (in *input) line() ([]byte, error) {
	scanned := 0
	for {
		in.mu.Lock()
		if i := bytes.IndexByte(in.buf[scanned:], '\n'); i >= 0 {
			i += scanned
			line := bytes.Clone(in.buf[:i])
			in.consume(i + 1)
			in.mu.Unlock()
			return line, nil
		}
		if len(in.buf) > maxHeaderLine {
			in.consume(len(in.buf) - maxHeaderLine)
		}
		scanned = len(in.buf)
		err := in.err
		in.mu.Unlock()
		if err != nil {
			return nil, err
		}
		in.wait(0)
	}
}

// maxReserve bounds the room reserve makes ahead of a body: a lying
// Content-Length (up to maxMessage) must not make the server allocate what
// never comes.
const maxReserve = 64 << 20

// reserve makes room in buf for n bytes, so that a large body (a 10 MB
// document) is read into one buffer instead of one regrown, and copied,
// as it arrives; the caller holds mu.
func (in *input) reserve(n int) {
	if cap(in.buf) < n {
		b := make([]byte, len(in.buf), n)
		copy(b, in.buf)
		in.buf = b
	}
}

// consume drops the first n bytes of buf; the caller holds mu.
func (in *input) consume(n int) {
	in.buf = in.buf[n:]
	if len(in.buf) == 0 {
		in.buf = nil // let a large buffer go
	}
}

// body consumes and returns the next n bytes, the body of a message. It
// stops early when what arrived shows that the header lied (see
// embeddedHeader): then it returns the bytes before the next header,
// short. It also stops when nothing arrives for idle after the bytes
// already form a complete JSON value: a Content-Length that overstates its
// body must not leave the client waiting for an answer forever.
func (in *input) body(n int, idle time.Duration) (data []byte, short bool, err error) {
	scanned := 0
	for {
		in.mu.Lock()
		avail := min(n, len(in.buf))
		if at := embeddedHeader(in.buf[:avail], scanned); at >= 0 {
			data = bytes.Clone(in.buf[:at])
			in.consume(at)
			in.mu.Unlock()
			return data, true, nil
		}
		if avail == n {
			// The body is handed out, not copied: the pump only ever
			// writes past what buf holds, so these bytes are the
			// caller's alone once consumed.
			data = in.buf[:n:n]
			in.consume(n)
			in.mu.Unlock()
			return data, false, nil
		}
		in.reserve(min(n, maxReserve))
		scanned = max(0, avail-len(headerName)-64)
		err := in.err
		in.mu.Unlock()
		if err != nil {
			return nil, false, err
		}
		if in.wait(idle) {
			in.mu.Lock()
			avail := min(n, len(in.buf))
			if !completeJSON(in.buf[:avail]) {
				in.mu.Unlock()
				continue
			}
			data = bytes.Clone(in.buf[:avail])
			in.consume(avail)
			in.mu.Unlock()
			return data, true, nil
		}
	}
}

const headerName = "Content-Length"

// embeddedHeader returns the offset in b (searching from `from`) of a
// Content-Length header line, or -1. Valid JSON never holds one: raw line
// ends may not appear inside a string, and the name may not appear outside
// one. A header cut off at the end of b is not reported until it is whole.
func embeddedHeader(b []byte, from int) int {
	for from < len(b) {
		i := bytes.Index(b[from:], []byte(headerName))
		if i < 0 {
			return -1
		}
		at := from + i
		rest := b[at+len(headerName):]
		j := 0
		for j < len(rest) && rest[j] == ' ' {
			j++
		}
		if j < len(rest) && rest[j] == ':' {
			j++
			for j < len(rest) && rest[j] == ' ' {
				j++
			}
			digits := j
			for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
				j++
			}
			if j > digits && j < len(rest) && (rest[j] == '\r' || rest[j] == '\n') {
				return at
			}
		}
		from = at + 1
	}
	return -1
}

// completeJSON reports whether b, trimmed, is one whole JSON object.
func completeJSON(b []byte) bool {
	b = bytes.TrimSpace(b)
	return len(b) > 0 && b[0] == '{' && b[len(b)-1] == '}' && json.Valid(b)
}

// peekMessage returns the next message's body when a whole message, with
// a plain header block (`Content-Length: N` and other `Name: value` lines,
// then a blank line), has already arrived; with the bytes to consume to
// pass it. It never waits and consumes nothing. Anything unusual returns
// false and is left to the framing reader, which recovers from it.
func (in *input) peekMessage() (body []byte, size int, ok bool) {
	in.mu.Lock()
	defer in.mu.Unlock()
	b, at, length := in.buf, 0, -1
	for {
		i := bytes.IndexByte(b[at:], '\n')
		if i < 0 || i > maxHeaderLine {
			return nil, 0, false
		}
		line := bytes.TrimSpace(b[at : at+i])
		at += i + 1
		if len(line) == 0 {
			break
		}
		name, value, found := bytes.Cut(line, []byte(":"))
		if !found {
			return nil, 0, false
		}
		if bytes.EqualFold(bytes.TrimSpace(name), []byte(headerName)) {
			n, err := strconv.Atoi(string(bytes.TrimSpace(value)))
			if err != nil || n < 0 || n > maxMessage || length >= 0 {
				return nil, 0, false
			}
			length = n
		}
	}
	if length < 0 || len(b)-at < length || embeddedHeader(b[at:at+length], 0) >= 0 {
		return nil, 0, false
	}
	// Bytes below len(buf) are never written again (see body).
	return b[at : at+length : at+length], at + length, true
}

// discard consumes n bytes that peekMessage saw.
func (in *input) discard(n int) {
	in.mu.Lock()
	in.consume(n)
	in.mu.Unlock()
}
