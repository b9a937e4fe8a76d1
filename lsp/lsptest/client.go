// Package lsptest drives a language server over a stream, as an editor
// would: in-process over a pipe, or an external binary over stdio. Tests
// and benchmarks use it to compare tdls with tblgen-lsp-server at the same
// positions.
package lsptest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	fastjson "github.com/segmentio/encoding/json"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// Client is the editor side of one connection.
type Client struct {
	conn   jsonrpc2.Conn
	stream *stream
	rwc    io.ReadWriteCloser
	cmd    *exec.Cmd

	mu       sync.Mutex
	diags    map[protocol.DocumentURI][]Published
	shown    []protocol.ShowMessageParams
	others   map[string][]json.RawMessage // other notifications, by method
	calls    map[string]int               // other requests answered with null, by method
	waiters  []*waiter
	versions map[protocol.DocumentURI]int32
	// Configuration answers workspace/configuration requests.
	Configuration any
	// ShowDocument, when set before Initialize, advertises
	// window/showDocument and answers it (success or not).
	ShowDocument func(uri protocol.DocumentURI) bool
	// CodeLensRefresh, when set before Initialize, advertises
	// workspace/codeLens/refresh (answered with null; Requests counts them).
	CodeLensRefresh bool
	// CompletionItemDefaults, when set before Initialize, lists the
	// completion-list item defaults the client takes (LSP 3.17; VS Code
	// sends "commitCharacters", "editRange", "insertTextFormat",
	// "insertTextMode" and "data").
	CompletionItemDefaults []string
}

// ShownMessages are the window/showMessage notifications received so far.
func (c *Client) ShownMessages() []protocol.ShowMessageParams {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]protocol.ShowMessageParams(nil), c.shown...)
}

// Notifications are the params of the notifications of method received so
// far, for those the client does not handle itself (tdls/llvm, ...).
func (c *Client) Notifications(method string) []json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]json.RawMessage(nil), c.others[method]...)
}

// Requests counts the server's requests of method that the client
// answered with null (those it has no handler of its own for).
func (c *Client) Requests(method string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.calls[method]
}

// Published is one publishDiagnostics notification and when it arrived.
type Published struct {
	Params protocol.PublishDiagnosticsParams
	At     time.Time
}

type waiter struct {
	uri   protocol.DocumentURI
	after time.Time
	ch    chan Published
}

// New connects a client to a server reachable through rwc.
func New(ctx context.Context, rwc io.ReadWriteCloser) *Client {
	c := &Client{rwc: rwc, diags: map[protocol.DocumentURI][]Published{}, versions: map[protocol.DocumentURI]int32{}}
	c.stream = &stream{Stream: jsonrpc2.NewStream(rwc), w: rwc}
	c.conn = jsonrpc2.NewConn(c.stream)
	c.conn.Go(ctx, c.handle)
	return c
}

// stream frames messages as jsonrpc2's does, and writes each whole in one
// write, under a lock that Send shares: a message encoded ahead goes out
// between the connection's own.
type stream struct {
	jsonrpc2.Stream // reads and closes
	w               io.Writer
	mu              sync.Mutex
}

func (s *stream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	body, err := fastjson.Marshal(msg)
	if err != nil {
		return 0, fmt.Errorf("marshaling message: %w", err)
	}
	return s.writeBody(body)
}

func (s *stream) writeBody(body []byte) (int64, error) {
	buf := fmt.Appendf(make([]byte, 0, len(body)+32), "Content-Length: %d\r\n\r\n", len(body))
	buf = append(buf, body...)
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.w.Write(buf)
	return int64(n), err
}

// cmdStream joins a process's stdout and stdin.
type cmdStream struct {
	io.Reader
	io.WriteCloser
}

// Start runs an external server binary and connects to its stdio.
func Start(ctx context.Context, bin string, args ...string) (*Client, error) {
	return StartCommand(ctx, exec.CommandContext(ctx, bin, args...))
}

// StartCommand runs a prepared server command and connects to its stdio.
func StartCommand(ctx context.Context, cmd *exec.Cmd) (*Client, error) {
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := New(ctx, cmdStream{Reader: out, WriteCloser: in})
	c.cmd = cmd
	return c, nil
}

// Pid is the process id of a server started by Start, 0 otherwise.
func (c *Client) Pid() int {
	if c.cmd == nil || c.cmd.Process == nil {
		return 0
	}
	return c.cmd.Process.Pid
}

func (c *Client) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	switch req.Method() {
	case "textDocument/publishDiagnostics":
		var p protocol.PublishDiagnosticsParams
		if err := json.Unmarshal(req.Params(), &p); err == nil {
			pub := Published{Params: p, At: time.Now()}
			c.mu.Lock()
			c.diags[p.URI] = append(c.diags[p.URI], pub)
			keep := c.waiters[:0]
			for _, w := range c.waiters {
				if w.uri == p.URI && !pub.At.Before(w.after) {
					w.ch <- pub
				} else {
					keep = append(keep, w)
				}
			}
			c.waiters = keep
			c.mu.Unlock()
		}
		return reply(ctx, nil, nil)
	case "window/showMessage":
		var p protocol.ShowMessageParams
		if err := json.Unmarshal(req.Params(), &p); err == nil {
			c.mu.Lock()
			c.shown = append(c.shown, p)
			c.mu.Unlock()
		}
		return reply(ctx, nil, nil)
	case "workspace/configuration":
		var p struct {
			Items []json.RawMessage `json:"items"`
		}
		_ = json.Unmarshal(req.Params(), &p)
		res := make([]any, len(p.Items))
		for i := range res {
			res[i] = c.Configuration
		}
		return reply(ctx, res, nil)
	case "window/showDocument":
		var p struct {
			URI protocol.DocumentURI `json:"uri"`
		}
		_ = json.Unmarshal(req.Params(), &p)
		return reply(ctx, map[string]bool{"success": c.ShowDocument != nil && c.ShowDocument(p.URI)}, nil)
	}
	c.mu.Lock()
	if _, isCall := req.(*jsonrpc2.Call); !isCall {
		if c.others == nil {
			c.others = map[string][]json.RawMessage{}
		}
		c.others[req.Method()] = append(c.others[req.Method()], append(json.RawMessage(nil), req.Params()...))
	} else {
		if c.calls == nil {
			c.calls = map[string]int{}
		}
		c.calls[req.Method()]++
	}
	c.mu.Unlock()
	return reply(ctx, nil, nil)
}

// Call sends a request and decodes its result into result.
func (c *Client) Call(ctx context.Context, method string, params, result any) error {
	_, err := c.conn.Call(ctx, method, params, result)
	return err
}

// CallID is Call that also returns the request's id (as JSON), which a
// $/cancelRequest names.
func (c *Client) CallID(ctx context.Context, method string, params, result any) (string, error) {
	id, err := c.conn.Call(ctx, method, params, result)
	b, _ := json.Marshal(&id)
	return string(b), err
}

// Notify sends a notification.
func (c *Client) Notify(ctx context.Context, method string, params any) error {
	return c.conn.Notify(ctx, method, params)
}

// Initialize performs the initialize handshake with rootDir as the
// workspace and returns the server's answer.
func (c *Client) Initialize(ctx context.Context, rootDir string, initOptions any) (json.RawMessage, error) {
	params := map[string]any{
		"processId": nil,
		"capabilities": map[string]any{
			"workspace": map[string]any{"configuration": c.Configuration != nil, "codeLens": map[string]any{"refreshSupport": c.CodeLensRefresh}},
			"textDocument": map[string]any{
				"publishDiagnostics": map[string]any{"relatedInformation": true},
				"completion":         map[string]any{"completionList": map[string]any{"itemDefaults": c.CompletionItemDefaults}},
			},
			"window": map[string]any{"showDocument": map[string]any{"support": c.ShowDocument != nil}},
		},
		"initializationOptions": initOptions,
	}
	if rootDir != "" {
		params["rootUri"] = uri.File(rootDir)
		params["workspaceFolders"] = []map[string]any{{"uri": uri.File(rootDir), "name": "root"}}
	}
	var res json.RawMessage
	if err := c.Call(ctx, "initialize", params, &res); err != nil {
		return nil, err
	}
	return res, c.Notify(ctx, "initialized", map[string]any{})
}

// URI is path's file URI, as requests name documents.
func URI(path string) string { return string(uri.File(path)) }

// JSON-RPC error codes an answer may carry, for tools outside lsp/ that
// tell them apart.
const (
	MethodNotFound = int(jsonrpc2.MethodNotFound)
	InvalidRequest = int(jsonrpc2.InvalidRequest)
)

// ResponseError is the code and message of err when it is an error
// answer; ok is false for any other error.
func ResponseError(err error) (code int, message string, ok bool) {
	var je *jsonrpc2.Error
	if !errors.As(err, &je) {
		return 0, "", false
	}
	return int(je.Code), je.Message, true
}

// Document is the parameters of a request about the whole of path, as
// textDocument/semanticTokens/full takes them.
func Document(path string) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri.File(path)}}
}

// DocumentAt is the parameters of a request at a position of path
// (0-based line, UTF-16 character), as textDocument/hover takes them.
func DocumentAt(path string, line, char int) map[string]any {
	return map[string]any{
		"textDocument": map[string]any{"uri": uri.File(path)},
		"position":     map[string]any{"line": line, "character": char},
	}
}

// Open sends didOpen for path with text.
func (c *Client) Open(ctx context.Context, path, text string) error {
	u := uri.File(path)
	c.mu.Lock()
	c.versions[u] = 1
	c.mu.Unlock()
	return c.Notify(ctx, "textDocument/didOpen", map[string]any{
		"textDocument": map[string]any{"uri": u, "languageId": "tablegen", "version": 1, "text": text},
	})
}

// Change sends a full-document didChange for path.
func (c *Client) Change(ctx context.Context, path, text string) error {
	return c.Notify(ctx, "textDocument/didChange", c.changeParams(path, text))
}

// changeParams are the parameters of a didChange of path to text, as a
// whole, for its next version.
func (c *Client) changeParams(path, text string) map[string]any {
	u := uri.File(path)
	c.mu.Lock()
	c.versions[u]++
	v := c.versions[u]
	c.mu.Unlock()
	return map[string]any{
		"textDocument":   map[string]any{"uri": u, "version": v},
		"contentChanges": []map[string]any{{"text": text}},
	}
}

// Encoded is a message encoded ahead of sending.
type Encoded []byte

// EncodeChange encodes the didChange that Change sends, for Send: a
// benchmark then times the server from the moment the message is written,
// not the client's encoding of a large document.
func (c *Client) EncodeChange(path, text string) (Encoded, error) {
	n, err := jsonrpc2.NewNotification("textDocument/didChange", c.changeParams(path, text))
	if err != nil {
		return nil, err
	}
	return fastjson.Marshal(n)
}

// Send writes a message encoded ahead.
func (c *Client) Send(m Encoded) error {
	_, err := c.stream.writeBody(m)
	return err
}

// Edit is one incremental change: the text that replaces a range given in
// LSP positions (0-based lines, UTF-16 characters).
type Edit struct {
	StartLine, StartChar, EndLine, EndChar int
	Text                                   string
}

// ChangeRanges sends one didChange for path with incremental edits, applied
// in order as LSP specifies.
func (c *Client) ChangeRanges(ctx context.Context, path string, edits ...Edit) error {
	u := uri.File(path)
	c.mu.Lock()
	c.versions[u]++
	v := c.versions[u]
	c.mu.Unlock()
	changes := make([]map[string]any, len(edits))
	for i, e := range edits {
		changes[i] = map[string]any{
			"range": map[string]any{
				"start": map[string]any{"line": e.StartLine, "character": e.StartChar},
				"end":   map[string]any{"line": e.EndLine, "character": e.EndChar},
			},
			"text": e.Text,
		}
	}
	return c.Notify(ctx, "textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": u, "version": v},
		"contentChanges": changes,
	})
}

// Close sends didClose.
func (c *Client) Close(ctx context.Context, path string) error {
	return c.Notify(ctx, "textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri.File(path)}})
}

// Expect registers interest in the next publishDiagnostics for path that
// arrives from now on; call it before the change that triggers it.
func (c *Client) Expect(path string) <-chan Published {
	w := &waiter{uri: uri.File(path), after: time.Now(), ch: make(chan Published, 1)}
	c.mu.Lock()
	c.waiters = append(c.waiters, w)
	c.mu.Unlock()
	return w.ch
}

// Wait receives from an Expect channel with a timeout.
func Wait(ch <-chan Published, timeout time.Duration) (Published, error) {
	select {
	case p := <-ch:
		return p, nil
	case <-time.After(timeout):
		return Published{}, fmt.Errorf("no publishDiagnostics within %v", timeout)
	}
}

// Diagnostics returns every publishDiagnostics received for path so far.
func (c *Client) Diagnostics(path string) []Published {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Published(nil), c.diags[uri.File(path)]...)
}

// Shutdown sends shutdown and exit and closes the connection.
func (c *Client) Shutdown(ctx context.Context) error {
	sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	err := c.Call(sctx, "shutdown", nil, nil)
	_ = c.Notify(sctx, "exit", nil)
	if c.cmd != nil {
		done := make(chan error, 1)
		go func() { done <- c.cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			_ = c.cmd.Process.Kill()
			<-done
		}
	}
	c.conn.Close()
	return err
}

// Process returns the server process Start ran, or nil for an in-process
// server.
func (c *Client) Process() *os.Process {
	if c.cmd == nil {
		return nil
	}
	return c.cmd.Process
}

// CPUTime is the CPU time the server process has used so far, summed
// over its threads (/proc/PID/task/*/schedstat, in nanoseconds): unlike a
// latency, it hardly moves with the machine's load. 0 without /proc or a
// process.
func (c *Client) CPUTime() time.Duration {
	pid := c.Pid()
	if pid == 0 {
		return 0
	}
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	var total time.Duration
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue
		}
		if f := strings.Fields(string(b)); len(f) > 0 {
			ns, _ := strconv.ParseInt(f[0], 10, 64)
			total += time.Duration(ns)
		}
	}
	return total
}

// Raw writes bytes straight to the server, for malformed-input tests.
func (c *Client) Raw(b []byte) error {
	_, err := c.rwc.Write(b)
	return err
}

// Version returns the version of the last didOpen or didChange sent for
// path.
func (c *Client) Version(path string) int32 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.versions[uri.File(path)]
}

// SettleVersion waits until a publishDiagnostics for version (or a later
// one) of path has arrived and no other has followed for quiet, and returns
// the last one; false when none came within timeout.
func (c *Client) SettleVersion(path string, version int32, quiet, timeout time.Duration) (Published, bool) {
	deadline := time.Now().Add(timeout)
	for {
		pubs := c.Diagnostics(path)
		if n := len(pubs); n > 0 && pubs[n-1].Params.Version >= uint32(version) && time.Since(pubs[n-1].At) >= quiet {
			return pubs[n-1], true
		}
		if time.Now().After(deadline) {
			return Published{}, false
		}
		time.Sleep(quiet / 4)
	}
}

// Settle waits until no publishDiagnostics for path has arrived for quiet
// (or timeout passes) and returns the last one received, if any. Servers
// that publish syntax and evaluation diagnostics separately answer one
// change with several publishes; Settle gives the final state.
func (c *Client) Settle(path string, quiet, timeout time.Duration) (Published, bool) {
	deadline := time.Now().Add(timeout)
	for {
		pubs := c.Diagnostics(path)
		if len(pubs) > 0 && time.Since(pubs[len(pubs)-1].At) >= quiet || time.Now().After(deadline) {
			if len(pubs) == 0 {
				return Published{}, false
			}
			return pubs[len(pubs)-1], true
		}
		time.Sleep(quiet / 4)
	}
}
