// Command tdls is a language server and command-line checker for LLVM
// TableGen files, specialised for MLIR's ODS and DRR.
//
//	tdls [serve]            language server over stdio (default)
//	tdls check FILE...      print diagnostics, exit 1 on any error
//	tdls dump-json FILE     records as llvm-tblgen --dump-json prints them
//	tdls gen-rewriters FILE C++ as mlir-tblgen --gen-rewriters prints it
//	tdls version            version, build and modelled LLVM (also --version)
package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sort"
	"strings"
)

// command is one subcommand. Each lives in its own file and registers itself
// in init.
type command struct {
	name    string
	summary string
	run     func(args []string) int // returns the exit code
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

func main() { os.Exit(run(os.Args[1:])) }

func run(args []string) int {
	name := "serve"
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-version") {
		return runVersion(nil)
	}
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		name, args = args[0], args[1:]
	}
	if name == "help" || (len(args) > 0 && (args[0] == "-h" || args[0] == "--help") && commands[name] == nil) {
		usage()
		return 0
	}
	c, ok := commands[name]
	switch {
	case ok && name != "serve":
		batchMemoryPolicy()
	case ok:
		serverMemoryPolicy()
	}
	if !ok {
		fmt.Fprintf(os.Stderr, "tdls: unknown command %q\n", name)
		usage()
		return 2
	}
	return c.run(args)
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: tdls [command] [flags] [files]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(os.Stderr, "  %-14s %s\n", n, commands[n].summary)
	}
}

// batchMemoryPolicy lets one-shot commands run without garbage collection
// until the heap reaches a limit: they finish in milliseconds, and collecting
// memory that the exit frees anyway only costs time. The server keeps Go's
// default policy.
//
// Nor do they sample allocations for a heap profile unless --mem-profile
// asks for one (profiles.start): each sample records its call stack, and
// the unwinding reads the tables of every function on it, faulting in pages
// of the binary's .gopclntab that nothing else reads (NVVMOps.td: ~640 KB
// of peak RSS, 150 page faults).
func batchMemoryPolicy() {
	if !godebugSets("memprofilerate") {
		runtime.MemProfileRate = 0
	}
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
// serverHeadroom (MLIR's units, hundreds of MB) keep Go's default.
const serverHeadroom = 512 << 20

// serverMemoryPolicy sets the collection goal after each collection from
// the heap it found live (see serverHeadroom), unless $GOGC says otherwise.
func serverMemoryPolicy() {
	if os.Getenv("GOGC") != "" {
		return
	}
	percent := 100
	var watch func()
	watch = func() {
		// A finalizer runs once per collection that finds its object
		// dead; each run arms the next. The object has a pointer, so it
		// is not packed with others by the tiny allocator, whose blocks
		// may outlive it.
		runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
			if p := headroomPercent(liveHeap()); p != percent {
				percent = p
				debug.SetGCPercent(p)
			}
			watch()
		})
	}
	watch()
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
