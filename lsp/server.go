package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sync"
	"time"

	fastjson "github.com/segmentio/encoding/json"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
)

// Options configure a server.
type Options struct {
	ExtraDirs        []string // --tablegen-extra-dir
	CompileDatabases []string // --tablegen-compilation-database
	Defines          []string
	// Severity are --severity's rules, above the editor's settings and
	// the project's .tdls.yaml.
	Severity []analysis.SeverityRule
	// NoMLIRAutoDetect keeps the server from adding the machine's MLIR
	// include directory (tests stay hermetic with it).
	NoMLIRAutoDetect bool
	Logger           *Logger
	// Version is reported in the initialize result's serverInfo.
	Version string
	// Trust trusts every workspace folder (tdls serve --trust): its
	// executables may run (toolchain.Trust).
	Trust bool
	// ReplacingSyntax is the process's memory policy for a large file's
	// syntax made anew (analysis.Workspace.OnReplacingSyntax); nil leaves
	// the collector alone.
	ReplacingSyntax func(tokens int) (parsed func())
}

// Server is one language server connection.
type Server struct {
	opts    Options
	log     *Logger
	conn    jsonrpc2.Conn
	ws      *analysis.Workspace
	checker *analysis.Checker
	release *idleRelease // of the memory freed by the edits' evaluations

	stream      *tolerantStream
	mu          sync.Mutex
	state       serverState
	inflight    map[string]context.CancelFunc
	generations ide.Runs // a generated-code preview cancels the one it supersedes
	folders     []string
	settings    settings
	clientCaps  protocol.ClientCapabilities
	configPull  bool // the client answers workspace/configuration
	lineFolding bool
	// defaultEditRange: the client takes a completion list's common
	// replace range once, in itemDefaults, instead of a textEdit per item.
	defaultEditRange bool
	exited           chan struct{}
	indexCancel      context.CancelFunc
	skippedShown     map[string]bool // files showing why the index skips them
	clientWait       time.Duration   // clientAnswerBudget; shorter in tests
	// llvmMu serialises reportLLVM; llvmShown are the releases whose
	// notice was shown.
	llvmMu    sync.Mutex
	llvmShown map[string]bool
	newerLLVM bool // the user's LLVM is newer than the modelled one
	// trustAll and trustedFolders are the client's workspace trust
	// (trust.go); untrustedShown the executables it kept from running
	// that the user has been told of.
	trustAll       bool
	trustedFolders []string
	untrustedShown map[string]bool
	// inferredShown: the user was told of the inferred include
	// directories (lsp/inferred.go).
	inferredShown bool
	// lensRefresh is the pending workspace/codeLens/refresh (lsp/cpp.go).
	lensRefresh *time.Timer
}

type serverState int

const (
	stateNew serverState = iota
	stateRunning
	stateShutdown
)

// requestFunc answers a request against one snapshot.
type requestFunc func(ctx context.Context, s *Server, snap *analysis.Snapshot, params json.RawMessage) (any, error)

// notificationFunc handles a notification, in the order received.
type notificationFunc func(ctx context.Context, s *Server, params json.RawMessage) error

var (
	requests      = map[string]requestFunc{}
	notifications = map[string]notificationFunc{}
)

func handle(method string, f requestFunc)      { requests[method] = f }
func notify(method string, f notificationFunc) { notifications[method] = f }

// Serve runs a server on rwc until the client exits or the stream ends.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, opts Options) error {
	s := NewServer(opts)
	return s.Run(ctx, rwc)
}

// NewServer returns a server that has not started.
func NewServer(opts Options) *Server {
	log := opts.Logger
	if log == nil {
		log = noLogger()
	}
	return &Server{opts: opts, log: log, inflight: map[string]context.CancelFunc{}, exited: make(chan struct{}), clientWait: clientAnswerBudget, llvmShown: map[string]bool{}, untrustedShown: map[string]bool{}}
}

// ErrNoShutdown is what Run returns when the session ends (exit, or the
// end of input) without a shutdown request: LSP has the server exit with
// status 1 then.
var ErrNoShutdown = errors.New("the session ended without a shutdown request")

// drainInput is how long the message loop may take, after the input ended,
// to handle what arrived before the end (an exit right behind the last
// request), before the server stops regardless.
const drainInput = 300 * time.Millisecond

// Run serves rwc until exit, the end of input or ctx's cancellation. It
// returns without waiting for work in progress: nobody is left to answer.
func (s *Server) Run(ctx context.Context, rwc io.ReadWriteCloser) error {
	s.stream = newTolerantStream(rwc, func(msg string, err error) { s.log.Warn(msg, ErrorField(err)) })
	s.conn = jsonrpc2.NewConn(s.stream)
	s.conn.Go(ctx, s.dispatch)
	var err error
	select {
	case <-s.exited:
	case <-s.conn.Done():
	case <-ctx.Done():
	case <-s.stream.ended():
		// The loop may still hold messages that came before the end; a
		// handler that runs long must not keep an orphan alive, though.
		select {
		case <-s.exited:
		case <-s.conn.Done():
		case <-ctx.Done():
		case <-time.After(drainInput):
		}
	}
	if e := s.conn.Err(); e != nil && !errors.Is(e, io.EOF) && !errors.Is(e, io.ErrClosedPipe) && ctx.Err() == nil {
		err = e
	}
	s.stopWork()
	s.conn.Close()
	select {
	case <-s.conn.Done():
	case <-time.After(100 * time.Millisecond):
	}
	s.mu.Lock()
	shutdown := s.state == stateShutdown
	s.mu.Unlock()
	if err == nil && !shutdown && ctx.Err() == nil {
		err = ErrNoShutdown
	}
	return err
}

// Settle blocks until the diagnostics of every change the server has
// handled are published, evaluation included (for tests and tools that
// compare what it shows; a request answered after the changes were sent
// tells that they were handled).
func (s *Server) Settle() {
	s.mu.Lock()
	checker := s.checker
	s.mu.Unlock()
	if checker != nil {
		checker.Wait()
	}
}

// SettleIndex blocks, after Settle, until the workspace's C++ index is
// built (at most a minute), so that answers which read it (hover's C++
// section, definitions in C++) are an idle server's: for tests and tools
// that compare two servers. It reports whether the index was built.
func (s *Server) SettleIndex() bool {
	s.Settle()
	s.ws.CppIndex()
	for deadline := time.Now().Add(time.Minute); !s.ws.CppIndexBuilt(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			return false
		}
	}
	return true
}

// stopWork cancels what runs in the background: requests, the check of open
// files and the index build.
func (s *Server) stopWork() {
	s.mu.Lock()
	for _, cancel := range s.inflight {
		cancel()
	}
	if s.indexCancel != nil {
		s.indexCancel()
	}
	checker, release := s.checker, s.release
	s.mu.Unlock()
	if checker != nil {
		checker.Stop()
	}
	if release != nil {
		release.stop()
	}
}

// dispatch is called by the connection for each incoming message, in order.
// Notifications run here, so edits apply in order; requests run on their own
// goroutine against the snapshot current when they arrived.
//
// It never returns an error: jsonrpc2 would take one as the connection's
// failure, and a second failure of another error type (the end of input
// after a failed reply) panics in its atomic.Value.
func (s *Server) dispatch(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	method := req.Method()
	answer := func(err *jsonrpc2.Error) error {
		if werr := reply(ctx, nil, err); werr != nil {
			s.log.Debug("reply failed", stringField("method", method), ErrorField(werr))
		}
		return nil
	}
	params := req.Params() // owned by this message; never reused by the stream
	call, isCall := req.(*jsonrpc2.Call)
	if !isCall {
		s.runNotification(ctx, method, params)
		return nil
	}
	s.mu.Lock()
	state := s.state
	s.mu.Unlock()
	switch {
	case method == "initialize":
		if state != stateNew {
			return answer(jsonrpc2.NewError(jsonrpc2.InvalidRequest, "initialize sent twice"))
		}
	case state == stateNew:
		return answer(jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "server not initialized"))
	case state == stateShutdown:
		return answer(jsonrpc2.NewError(jsonrpc2.InvalidRequest, "server is shutting down"))
	}
	h, ok := requests[method]
	if !ok {
		return answer(jsonrpc2.NewError(jsonrpc2.MethodNotFound, fmt.Sprintf("method not found: %s", method)))
	}
	var snap *analysis.Snapshot
	if s.ws != nil {
		snap = s.ws.Snapshot()
	}
	id := fmt.Sprint(call.ID())
	rctx, cancel := context.WithCancel(ctx)
	s.mu.Lock()
	s.inflight[id] = cancel
	s.mu.Unlock()
	run := func() {
		defer func() {
			s.mu.Lock()
			delete(s.inflight, id)
			s.mu.Unlock()
			cancel()
		}()
		type outcome struct {
			res any
			err error
		}
		done := make(chan outcome, 1)
		go func() {
			res, err := s.runRequest(rctx, method, h, snap, params)
			done <- outcome{res, err}
		}()
		var o outcome
		select {
		case o = <-done:
		case <-rctx.Done():
			// Answered at once: work that does not stop at its context
			// finishes unheard.
		}
		if rctx.Err() != nil && ctx.Err() == nil {
			o = outcome{nil, jsonrpc2.NewError(protocol.CodeRequestCancelled, "request cancelled")}
		}
		if err := reply(ctx, o.res, o.err); err != nil {
			s.log.Debug("reply failed", stringField("method", method), ErrorField(err))
		}
	}
	if method == "initialize" || method == "shutdown" {
		run() // state changes must happen before the next message
	} else {
		go run()
	}
	return nil
}

func (s *Server) runRequest(ctx context.Context, method string, h requestFunc, snap *analysis.Snapshot, params json.RawMessage) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("handler panicked", stringField("method", method), anyField("panic", r), bytesField("stack", debug.Stack()))
			res, err = nil, jsonrpc2.NewError(jsonrpc2.InternalError, fmt.Sprintf("internal error in %s: %v", method, r))
		}
	}()
	return h(ctx, s, snap, params)
}

func (s *Server) runNotification(ctx context.Context, method string, params json.RawMessage) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("notification handler panicked", stringField("method", method), anyField("panic", r), bytesField("stack", debug.Stack()))
		}
	}()
	if method == "$/cancelRequest" {
		var p struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(params, &p) == nil {
			var id jsonrpc2.ID
			if json.Unmarshal(p.ID, &id) == nil {
				s.mu.Lock()
				cancel := s.inflight[fmt.Sprint(id)]
				s.mu.Unlock()
				if cancel != nil {
					cancel()
				}
			}
		}
		return
	}
	s.mu.Lock()
	state := s.state
	s.mu.Unlock()
	if state == stateNew && method != "exit" {
		return // only exit is allowed before initialize
	}
	h, ok := notifications[method]
	if !ok {
		return
	}
	if err := h(ctx, s, params); err != nil {
		s.log.Warn("notification failed", stringField("method", method), ErrorField(err))
	}
}

// decode unmarshals params, as an invalid-params error. It uses segmentio's
// decoder: a didChange carries the whole document, and the standard
// library's decoder was the largest cost of a keystroke on big files.
func decode(params json.RawMessage, v any) error {
	if err := fastjson.Unmarshal(params, v); err != nil {
		return jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
	}
	return nil
}

// clientAnswerBudget is how long the server waits for the client to answer
// a request of its own (window/showDocument, workspace/configuration,
// window/workDoneProgress/create). They are answered at once by a working
// client; one that advertises them and never answers must hold neither a
// request, nor the settings, nor the index.
const clientAnswerBudget = 5 * time.Second

// callClient sends a request to the client and waits for its answer, no
// longer than the budget.
func (s *Server) callClient(ctx context.Context, method string, params, result any) error {
	ctx, cancel := context.WithTimeout(ctx, s.clientWait)
	defer cancel()
	_, err := s.conn.Call(ctx, method, params, result)
	if err != nil && ctx.Err() == context.DeadlineExceeded {
		err = jsonrpc2.NewError(jsonrpc2.InternalError, fmt.Sprintf("the client did not answer %s within %v", method, s.clientWait))
	}
	return err
}

// notifyClient sends a notification to the client.
func (s *Server) notifyClient(ctx context.Context, method string, params any) {
	if err := s.conn.Notify(ctx, method, params); err != nil {
		s.log.Debug("notify failed", stringField("method", method), ErrorField(err))
	}
}
