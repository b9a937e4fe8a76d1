// Command tdlsbench times whole tdls processes against the LLVM tools they
// stand in for, in the same run, and prints the ratio of the medians.
//
//	tdlsbench [-compare parse,...] [-runs 15] [-tdls bin/tdls] [-llvm /usr/lib/llvm-22]
//
// Runs alternate between the two tools so that machine noise falls on both.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// comparison is one benchmark: for each file, a tdls command line against
// the LLVM command line it imitates. Both read the file with -I <llvm
// include dir> and write to /dev/null.
type comparison struct {
	name  string
	about string
	tdls  func(include, file string) []string                 // arguments after the tdls binary
	llvm  func(llvm, include, file string) (string, []string) // tool path and arguments
	files []string                                            // relative to the include dir
}

var mlirOpsFiles = []string{
	"mlir/Dialect/LLVMIR/NVVMOps.td",
	"mlir/Dialect/SPIRV/IR/SPIRVOps.td",
	"mlir/Dialect/LLVMIR/LLVMOps.td",
}

var comparisons = []comparison{
	{
		name:  "parse",
		about: "tdls check --syntax-only vs llvm-tblgen --print-records (lex, parse; LLVM also evaluates)",
		tdls: func(include, file string) []string {
			return []string{"check", "--syntax-only", "-I", include, file}
		},
		llvm: func(llvm, include, file string) (string, []string) {
			return filepath.Join(llvm, "bin", "llvm-tblgen"), []string{"--print-records", "-I", include, file}
		},
		files: mlirOpsFiles,
	},
}

func main() {
	var (
		names    = flag.String("compare", "all", "comma-separated comparisons to run, or all")
		runs     = flag.Int("runs", 15, "timed runs of each command")
		tdlsBin  = flag.String("tdls", "bin/tdls", "the tdls binary")
		llvmDir  = flag.String("llvm", "/usr/lib/llvm-22", "LLVM installation")
		maxRatio = flag.Float64("max-ratio", 0, "exit 1 if any ratio exceeds this (0: never)")
	)
	flag.Parse()
	chosen, err := choose(*names)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tdlsbench:", err)
		os.Exit(2)
	}
	include := filepath.Join(*llvmDir, "include")
	exceeded := false
	for _, c := range chosen {
		fmt.Printf("%s: %s\nmedian of %d runs each, interleaved\n\n", c.name, c.about, *runs)
		fmt.Printf("%-36s %10s %10s %10s\n", "file", "tdls ms", "llvm ms", "tdls/llvm")
		for _, rel := range c.files {
			file := filepath.Join(include, rel)
			tool, llvmArgs := c.llvm(*llvmDir, include, file)
			t, l, err := race(*runs, append([]string{*tdlsBin}, c.tdls(include, file)...), append([]string{tool}, llvmArgs...))
			if err != nil {
				fmt.Fprintf(os.Stderr, "tdlsbench: %s %s: %v\n", c.name, rel, err)
				os.Exit(1)
			}
			ratio := float64(t) / float64(l)
			exceeded = exceeded || (*maxRatio > 0 && ratio > *maxRatio)
			fmt.Printf("%-36s %10.1f %10.1f %10.2f\n", rel, ms(t), ms(l), ratio)
		}
		fmt.Println()
	}
	if exceeded {
		fmt.Fprintf(os.Stderr, "tdlsbench: a ratio exceeds %.2f\n", *maxRatio)
		os.Exit(1)
	}
}

func choose(names string) ([]comparison, error) {
	if names == "all" {
		return comparisons, nil
	}
	var out []comparison
	for _, n := range strings.Split(names, ",") {
		i := slices.IndexFunc(comparisons, func(c comparison) bool { return c.name == n })
		if i < 0 {
			return nil, fmt.Errorf("unknown comparison %q", n)
		}
		out = append(out, comparisons[i])
	}
	return out, nil
}

// race runs the command lines a and b once each to warm the caches, then n
// times each, alternating which goes first, and returns the median wall time
// of each.
func race(n int, a, b []string) (medA, medB time.Duration, err error) {
	var ta, tb []time.Duration
	for i := -1; i < n; i++ {
		aFirst := i%2 == 0
		first, second := a, b
		if !aFirst {
			first, second = b, a
		}
		d1, err := timed(first)
		if err != nil {
			return 0, 0, err
		}
		d2, err := timed(second)
		if err != nil {
			return 0, 0, err
		}
		switch {
		case i < 0: // warm-up
		case aFirst:
			ta, tb = append(ta, d1), append(tb, d2)
		default:
			ta, tb = append(ta, d2), append(tb, d1)
		}
	}
	return median(ta), median(tb), nil
}

// timed runs argv with stdout on /dev/null and fails if it does not exit 0:
// a failed run measures nothing.
func timed(argv []string) (time.Duration, error) {
	c := exec.Command(argv[0], argv[1:]...)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	start := time.Now()
	err := c.Run()
	d := time.Since(start)
	if err != nil {
		return 0, fmt.Errorf("%s: %v\n%s", strings.Join(c.Args, " "), err, firstLines(stderr.String(), 5))
	}
	return d, nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}
