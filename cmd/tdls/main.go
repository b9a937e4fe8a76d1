// Command tdls is a language server and command-line checker for LLVM
// TableGen files, specialised for MLIR's ODS and DRR.
//
//	tdls [serve]            language server over stdio (default)
//	tdls check FILE...      print diagnostics, exit 1 on any error
//	tdls dump-json FILE     records as llvm-tblgen --dump-json prints them
//	tdls fmt [FILE...]      format, changing only whitespace (gofmt's flags)
//	tdls gen-rewriters FILE C++ as mlir-tblgen --gen-rewriters prints it
//	tdls version            version, build and modelled LLVM (also --version)
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sort"
	"strings"
	"sync"
)

// command is one subcommand. Each lives in its own file and registers itself
// in init.
type command struct {
	name    string
	summary string
	usage   string                  // what `tdls help NAME` and `tdls NAME --help` print
	run     func(args []string) int // returns the exit code
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

func main() { os.Exit(run(os.Args[1:], stdinIsTerminal())) }

// run runs the command line args: `tdls COMMAND [ARGS]`, `serve` when the
// first argument is an option or there is none. -h and --help anywhere
// before `--`, and `tdls help [COMMAND]`, print usage on stdout and exit
// 0; an unknown command prints it on stderr and exits 2, and so does each
// command on an unknown option. terminal says stdin is a terminal: a
// person, not an editor, started the server.
func run(args []string, terminal bool) int {
	name, explicit := "serve", false
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-version") {
		return runVersion(nil)
	}
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		name, args, explicit = args[0], args[1:], true
	}
	if name == "help" {
		if len(args) == 0 {
			usage(os.Stdout)
			return 0
		}
		if c, ok := commands[args[0]]; ok && len(args) == 1 {
			fmt.Fprintln(os.Stdout, strings.TrimRight(c.usage, "\n"))
			return 0
		}
		fmt.Fprintf(os.Stderr, "tdls help: no command %q\n", strings.Join(args, " "))
		usage(os.Stderr)
		return 2
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(os.Stderr, "tdls: unknown command %q\n", name)
		usage(os.Stderr)
		return 2
	}
	if asksHelp(args) {
		if !explicit {
			usage(os.Stdout) // `tdls --help`: every command
			return 0
		}
		fmt.Fprintln(os.Stdout, strings.TrimRight(c.usage, "\n"))
		return 0
	}
	noAllocationSampling()
	if name != "serve" {
		batchMemoryPolicy()
	} else {
		serverMemoryPolicy()
	}
	if name == "serve" && terminal {
		fmt.Fprintln(os.Stderr, "tdls: this is the TableGen language server, waiting for an editor's LSP messages on stdin; to check files run `tdls check FILE.td`, and `tdls --help` lists the commands")
	}
	return c.run(args)
}

// asksHelp says whether args ask for help: -h or --help before `--`.
func asksHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// stdinIsTerminal says whether stdin is a terminal (a character device).
func stdinIsTerminal() bool {
	st, err := os.Stdin.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: tdls [COMMAND] [OPTIONS] [FILES]\n\nThe TableGen language server and checker for LLVM and MLIR (ODS and DRR).\nWith no command, or options only, tdls is the language server (serve).\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-14s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\n`tdls help COMMAND` or `tdls COMMAND --help` prints a command's options.")
}

// noAllocationSampling stops the sampling of allocations for a heap
// profile unless --mem-profile asks for one (profiles.start) or $GODEBUG
// sets the rate: each sample records its call stack, and the unwinding
// reads the tables of every function on it, faulting in pages of the
// binary's .gopclntab that nothing else reads (NVVMOps.td: ~640 KB of a
// check's peak RSS, 150 page faults); in the server the records of the
// samples grow with the session (2.4 MB after 1,000 edits over MLIR's
// largest files).
func noAllocationSampling() {
	if !godebugSets("memprofilerate") {
		runtime.MemProfileRate = 0
	}
}

// batchMemoryPolicy lets one-shot commands run without garbage collection
// until the heap reaches a limit: they finish in milliseconds, and collecting
// memory that the exit frees anyway only costs time. The server keeps Go's
// default policy.
func batchMemoryPolicy() {
	if os.Getenv("GOGC") != "" {
		return // an explicit setting wins
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(3 << 30)
}

// The server's heap may grow past what its last collection found live by
// a quarter of it, and at least by serverHeadroom: Go's default lets it
// double, which on a large file is what the peak is made of (a 50 MB file
// of 1.2 million defs keeps 2.6 GB of syntax and records; the next
// version built beside it took the process past 8 GB). Heaps up to
// serverHeadroom (MLIR's units, a few hundred MB) keep Go's default. On
// that file, 384 MB against 512 MB: a peak after opening of 1.86-1.93x
// llvm-tblgen's against 1.91-1.99x, after twenty edits 2.12-2.19x against
// 2.26-2.32x, and no slower (256 MB: 1.86-1.91x, 2.15-2.17x).
const serverHeadroom = 384 << 20

// serverHeap is the server's memory policy, nil until serverMemoryPolicy
// sets it (not when $GOGC is set).
var serverHeap *heapPolicy

// serverMemoryPolicy sets the collection goal after each collection from
// the heap it found live (see serverHeadroom), unless $GOGC says otherwise.
func serverMemoryPolicy() {
	if os.Getenv("GOGC") != "" {
		return
	}
	serverHeap = &heapPolicy{percent: 100}
	var watch func()
	watch = func() {
		// A finalizer runs once per collection that finds its object
		// dead; each run arms the next. The object has a pointer, so it
		// is not packed with others by the tiny allocator, whose blocks
		// may outlive it.
		runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
			serverHeap.collected()
			watch()
		})
	}
	watch()
}

// heapPolicy sets the server's collection goal (GOGC).
type heapPolicy struct {
	mu       sync.Mutex
	percent  int
	building int // whole parses under way (replacing)
}

// collected sets the goal from the heap the collection found live, unless
// a large syntax is being built.
func (h *heapPolicy) collected() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.building > 0 {
		return
	}
	if p := headroomPercent(liveHeap()); p != h.percent {
		h.percent = p
		debug.SetGCPercent(p)
	}
}

// syntaxBytesPerToken is about what a whole parse allocates per token (a
// 50 MB file of 18 million tokens: 1.1 GB, most of it kept).
const syntaxBytesPerToken = 64

// replacing is told that a large file's previous syntax was just let go
// and its new syntax, of tokens tokens, is about to be parsed whole. It
// collects first, so that the memory of the version let go is what the
// new one is built on (not fresh pages, and not both at once), then
// moves the goal past what the parse will make: that syntax stays live,
// and each collection while it grows would only mark it again (a 50 MB
// file: 2.0 s to parse with the collector running, 1.2 s without). The
// goal stays there until the next collection, which sets it from the
// heap it finds live.
func (h *heapPolicy) replacing(tokens int) (parsed func()) {
	runtime.GC()
	live := max(liveHeap(), 1)
	grow := uint64(tokens) * syntaxBytesPerToken
	h.mu.Lock()
	defer h.mu.Unlock()
	h.building++
	h.percent = int((grow + max(live/4, serverHeadroom)) * 100 / live)
	debug.SetGCPercent(h.percent)
	return func() {
		h.mu.Lock()
		h.building--
		h.mu.Unlock()
	}
}

type gcSentinel struct{ _ *byte }

// headroomPercent is the GOGC that lets a heap of live bytes grow by a
// quarter of it, at least by serverHeadroom, at most double.
func headroomPercent(live uint64) int {
	if live == 0 {
		return 100
	}
	head := max(live/4, serverHeadroom)
	return int(min(100, head*100/live))
}

// liveHeap is the heap the last collection found reachable.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// godebugSets reports whether $GODEBUG sets the runtime setting name.
func godebugSets(name string) bool {
	for _, kv := range strings.Split(os.Getenv("GODEBUG"), ",") {
		if k, _, _ := strings.Cut(kv, "="); strings.TrimSpace(k) == name {
			return true
		}
	}
	return false
}
