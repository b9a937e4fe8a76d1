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
	"syscall"
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
	{
		name:  "dump-json",
		about: "tdls dump-json vs llvm-tblgen --dump-json (lex, parse, evaluate, print every record)",
		tdls: func(include, file string) []string {
			return []string{"dump-json", "-I", include, file}
		},
		llvm: func(llvm, include, file string) (string, []string) {
			return filepath.Join(llvm, "bin", "llvm-tblgen"), []string{"--dump-json", "-I", include, file}
		},
		files: append(slices.Clone(mlirOpsFiles), "mlir/Dialect/Linalg/IR/LinalgStructuredOps.td"),
	},
	{
		name:  "gen-rewriters",
		about: "tdls gen-rewriters vs mlir-tblgen --gen-rewriters on the DRR fixtures",
		tdls: func(include, file string) []string {
			return []string{"gen-rewriters", "-I", include, "-I", filepath.Dir(file), file}
		},
		llvm: func(llvm, include, file string) (string, []string) {
			return filepath.Join(llvm, "bin", "mlir-tblgen"), []string{"--gen-rewriters", "-I", include, "-I", filepath.Dir(file), file}
		},
		files: []string{"./testdata/drr/Constraints.td", "./testdata/drr/Directives.td", "./testdata/drr/ArithStyle.td"},
	},
}

// resolve places a comparison's file: "./x" is relative to the working
// directory (the repository), anything else to the LLVM include dir.
func resolve(include, rel string) string {
	if strings.HasPrefix(rel, "./") {
		return rel
	}
	return filepath.Join(include, rel)
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
		fmt.Printf("%-46s %9s %9s %9s %9s %9s\n", "file", "tdls ms", "llvm ms", "tdls/llvm", "tdls MB", "llvm MB")
		for _, rel := range c.files {
			file := resolve(include, rel)
			tool, llvmArgs := c.llvm(*llvmDir, include, file)
			t, l, err := race(*runs, append([]string{*tdlsBin}, c.tdls(include, file)...), append([]string{tool}, llvmArgs...))
			if err != nil {
				fmt.Fprintf(os.Stderr, "tdlsbench: %s %s: %v\n", c.name, rel, err)
				os.Exit(1)
			}
			ratio := float64(t.wall) / float64(l.wall)
			exceeded = exceeded || (*maxRatio > 0 && ratio > *maxRatio)
			fmt.Printf("%-46s %9.1f %9.1f %9.2f %9.1f %9.1f\n", rel, ms(t.wall), ms(l.wall), ratio, mb(t.peakKB), mb(l.peakKB))
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

// cost is what one command line costs: its median wall time and the largest
// peak resident set of its runs.
type cost struct {
	wall   time.Duration
	peakKB int64
}

// race runs the command lines a and b once each to warm the caches, then n
// times each, alternating which goes first, and returns the cost of each.
func race(n int, a, b []string) (ca, cb cost, err error) {
	var ta, tb []time.Duration
	for i := -1; i < n; i++ {
		aFirst := i%2 == 0
		first, second := a, b
		if !aFirst {
			first, second = b, a
		}
		d1, m1, err := timed(first)
		if err != nil {
			return cost{}, cost{}, err
		}
		d2, m2, err := timed(second)
		if err != nil {
			return cost{}, cost{}, err
		}
		if !aFirst {
			d1, m1, d2, m2 = d2, m2, d1, m1
		}
		if i >= 0 { // the first round only warms the caches
			ta, tb = append(ta, d1), append(tb, d2)
		}
		ca.peakKB, cb.peakKB = max(ca.peakKB, m1), max(cb.peakKB, m2)
	}
	ca.wall, cb.wall = median(ta), median(tb)
	return ca, cb, nil
}

// timed runs argv with stdout on /dev/null and returns its wall time and peak
// resident set (KiB); it fails if the command does not exit 0: a failed run
// measures nothing.
func timed(argv []string) (time.Duration, int64, error) {
	c := exec.Command(argv[0], argv[1:]...)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	start := time.Now()
	err := c.Run()
	d := time.Since(start)
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %v\n%s", strings.Join(c.Args, " "), err, firstLines(stderr.String(), 5))
	}
	var peak int64
	if ru, ok := c.ProcessState.SysUsage().(*syscall.Rusage); ok {
		peak = ru.Maxrss // KiB on Linux
	}
	return d, peak, nil
}

func mb(kb int64) float64 { return float64(kb) / 1024 }

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
