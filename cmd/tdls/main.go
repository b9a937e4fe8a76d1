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
	"os"
	"runtime"
	"runtime/debug"
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
	if ok && name != "serve" {
		batchMemoryPolicy()
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

// godebugSets reports whether $GODEBUG sets the runtime setting name.
func godebugSets(name string) bool {
	for _, kv := range strings.Split(os.Getenv("GODEBUG"), ",") {
		if k, _, _ := strings.Cut(kv, "="); strings.TrimSpace(k) == name {
			return true
		}
	}
	return false
}
