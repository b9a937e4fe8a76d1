package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"go.uber.org/zap/zapcore"

	"tdls/analysis"
	"tdls/lsp"
)

func init() {
	register(&command{name: "serve", summary: "language server over stdio (the default)", usage: serveUsage, run: runServe})
}

const serveUsage = `usage: tdls [serve] [--tablegen-extra-dir DIR]... [--tablegen-compilation-database YML]...
                  [-D NAME]... [--severity CODE=LEVEL]... [--trust]
                  [--log-file FILE] [--log-level error|warn|info|debug|verbose]

The language server: LSP over stdin and stdout (an editor starts it; see
the README for VS Code, Neovim, Emacs and other clients). It takes
tblgen-lsp-server's options, so it drops into an existing configuration.

  --tablegen-extra-dir DIR, -I DIR   an extra include directory
  --tablegen-compilation-database YML
                                     a tablegen_compile_commands.yml (default:
                                     build*/ of the workspace folders)
  -D NAME                            define the preprocessor macro NAME
  --severity CODE=LEVEL              report CODE (a code, prefix* or *) at LEVEL
  --trust                            trust every workspace folder: its build
                                     tree's mlir-tblgen may run (SECURITY.md)
  --log-file FILE                    log there instead of stderr
  --log-level LEVEL                  error, warn, info (default), debug, verbose`

// stdio joins the process's stdin and stdout into one stream; only the
// protocol ever goes to stdout.
type stdio struct{}

func (stdio) Read(p []byte) (int, error)  { return os.Stdin.Read(p) }
func (stdio) Write(p []byte) (int, error) { return os.Stdout.Write(p) }
func (stdio) Close() error                { return os.Stdin.Close() }

var _ io.ReadWriteCloser = stdio{}

func runServe(args []string) int {
	var opts lsp.Options
	logFile, logLevel := "", "info"
	var prof profiles
	list := func(dst *[]string) func(string) error {
		return func(v string) error { *dst = append(*dst, v); return nil }
	}
	ignore := func(string) error { return nil }
	operands, err := parseCommandLine(args, append([]option{
		{names: []string{"tablegen-extra-dir", "I"}, value: true, joined: true, set: list(&opts.ExtraDirs)},
		{names: []string{"tablegen-compilation-database"}, value: true, set: list(&opts.CompileDatabases)},
		{names: []string{"D"}, value: true, joined: true, set: list(&opts.Defines)},
		{names: []string{"severity"}, value: true, set: func(v string) error {
			r, err := analysis.ParseSeverityRule(v, analysis.FromCommandLine)
			opts.Severity = append(opts.Severity, r)
			return err
		}},
		// The user trusts every workspace folder: a build tree's
		// mlir-tblgen may run (SECURITY.md).
		{names: []string{"trust"}, set: func(string) error { opts.Trust = true; return nil }},
		{names: []string{"log-file"}, value: true, set: func(v string) error { logFile = v; return nil }},
		{names: []string{"log-level", "log"}, value: true, set: func(v string) error { logLevel = v; return nil }},
		// Accepted for drop-in compatibility with tblgen-lsp-server and
		// clients that pass them; they change nothing here.
		{names: []string{"pretty", "lit-test", "stdio"}, set: ignore},
		{names: []string{"input-style"}, value: true, set: ignore},
	}, prof.options()...)) // for performance work: profiles of the whole session
	if err != nil {
		fmt.Fprintf(os.Stderr, "tdls serve: %v\n", err)
		return 2
	}
	if len(operands) > 0 {
		fmt.Fprintf(os.Stderr, "tdls serve: unexpected arguments %v\n", operands)
		return 2
	}
	logger, closeLog, err := newLogger(logFile, logLevel)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tdls serve: %v\n", err)
		return 2
	}
	defer closeLog()
	if err := prof.start(); err != nil {
		fmt.Fprintf(os.Stderr, "tdls serve: %v\n", err)
		return 2
	}
	stopProfiles := func() {
		if err := prof.stop(); err != nil {
			logger.Error("profile", lsp.ErrorField(err))
		}
	}
	defer stopProfiles()
	if prof.cpu != "" || prof.mem != "" {
		// Clients often end a server with a signal; keep the profiles then.
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
		go func() {
			<-sig
			stopProfiles()
			os.Exit(0)
		}()
	}
	opts.Logger = logger
	if serverHeap != nil {
		opts.ReplacingSyntax = serverHeap.replacing
	}
	opts.Version = currentBuild().ServerVersion()
	growInputPipe()
	err = lsp.Serve(context.Background(), stdio{}, opts)
	switch {
	case errors.Is(err, lsp.ErrNoShutdown):
		logger.Info("exiting with status 1", lsp.ErrorField(err))
		return 1
	case err != nil:
		logger.Error("server stopped", lsp.ErrorField(err))
		return 1
	}
	return 0
}

// newLogger logs to stderr or to a file, at a level named like zap's or
// like tblgen-lsp-server's --log (error, info, verbose).
func newLogger(file, level string) (*lsp.Logger, func(), error) {
	var lvl zapcore.Level
	switch level {
	case "verbose":
		lvl = zapcore.DebugLevel
	default:
		if err := lvl.UnmarshalText([]byte(level)); err != nil {
			return nil, nil, fmt.Errorf("unknown log level %q", level)
		}
	}
	out := zapcore.Lock(os.Stderr)
	closeFn := func() {}
	if file != "" {
		f, err := os.OpenFile(file, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return nil, nil, err
		}
		out, closeFn = zapcore.Lock(f), func() { f.Close() }
	}
	return lsp.NewLogger(out, lvl), closeFn, nil
}
