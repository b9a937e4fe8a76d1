// Command tdlsbench times whole tdls processes against the LLVM tools they
// stand in for, in the same run, and prints the ratios of the medians.
//
//	tdlsbench [-compare parse,op-decls,...] [-runs 15] [-tdls bin/tdls] [-llvm /usr/lib/llvm-22]
//
// Runs alternate between the two tools so that machine noise falls on both;
// each row gives the median CPU time and median peak RSS of whole processes
// and their ratios, and each comparison ends with the median and largest
// ratio over its files.
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
		name:  "check",
		about: "tdls check vs llvm-tblgen --null-backend (lex, parse, evaluate; tdls also runs the ODS and DRR checks)",
		tdls: func(include, file string) []string {
			return []string{"check", "-I", include, file}
		},
		llvm: func(llvm, include, file string) (string, []string) {
			return filepath.Join(llvm, "bin", "llvm-tblgen"), []string{"--null-backend", "-I", include, file}
		},
		files: append(slices.Clone(mlirOpsFiles),
			"mlir/Dialect/Linalg/IR/LinalgStructuredOps.td",
			"mlir/Dialect/Arith/IR/ArithOps.td"),
	},
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
		name:  "op-decls",
		about: "tdls gen op-decls (native) vs mlir-tblgen --gen-op-decls (lex, parse, evaluate, ODS model, emit)",
		tdls: func(include, file string) []string {
			return []string{"gen", "op-decls", "-I", include, file, "-o", "/dev/null"}
		},
		llvm: func(llvm, include, file string) (string, []string) {
			return filepath.Join(llvm, "bin", "mlir-tblgen"), []string{"--gen-op-decls", "-I", include, file, "-o", "/dev/null"}
		},
		files: mlirOpsFiles,
	},
	{
		name:  "fmt",
		about: "tdls fmt vs clang-format --style=LLVM (LLVM's only TableGen formatter) on MLIR's five largest .td files",
		tdls: func(include, file string) []string {
			return []string{"fmt", file}
		},
		llvm: func(llvm, include, file string) (string, []string) {
			return filepath.Join(llvm, "bin", "clang-format"), []string{"--style=LLVM", file}
		},
		files: []string{
			"mlir/Dialect/LLVMIR/NVVMOps.td",
			"mlir/Dialect/Linalg/IR/LinalgNamedStructuredOps.yamlgen.td",
			"mlir/Dialect/SPIRV/IR/SPIRVBase.td",
			"mlir/Dialect/OpenACC/OpenACCOps.td",
			"mlir/Dialect/Linalg/TransformOps/LinalgTransformOps.td",
		},
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
		fmt.Printf("%s: %s\nwhole processes, median of %d runs each, interleaved; CPU is user+system time\n\n", c.name, c.about, *runs)
		fmt.Printf("%-46s %8s %8s %9s %8s %8s %9s\n", "file", "tdls ms", "llvm ms", "CPU ratio", "tdls MB", "llvm MB", "RSS ratio")
		var cpuRatios, rssRatios []float64
		for _, rel := range c.files {
			file := resolve(include, rel)
			tool, llvmArgs := c.llvm(*llvmDir, include, file)
			t, l, err := race(*runs, append([]string{*tdlsBin}, c.tdls(include, file)...), append([]string{tool}, llvmArgs...))
			if err != nil {
				fmt.Fprintf(os.Stderr, "tdlsbench: %s %s: %v\n", c.name, rel, err)
				os.Exit(1)
			}
			cpu, rss := float64(t.cpu)/float64(l.cpu), float64(t.peakKB)/float64(l.peakKB)
			cpuRatios, rssRatios = append(cpuRatios, cpu), append(rssRatios, rss)
			exceeded = exceeded || (*maxRatio > 0 && cpu > *maxRatio)
			fmt.Printf("%-46s %8.1f %8.1f %9.2f %8.1f %8.1f %9.2f\n", rel, ms(t.cpu), ms(l.cpu), cpu, mb(t.peakKB), mb(l.peakKB), rss)
		}
		fmt.Printf("%-46s %8s %8s %9.2f %8s %8s %9.2f\n", "median of the ratios", "", "", medianOf(cpuRatios), "", "", medianOf(rssRatios))
		fmt.Printf("%-46s %8s %8s %9.2f %8s %8s %9.2f\n\n", "largest ratio", "", "", slices.Max(cpuRatios), "", "", slices.Max(rssRatios))
	}
	if exceeded {
		fmt.Fprintf(os.Stderr, "tdlsbench: a CPU ratio exceeds %.2f\n", *maxRatio)
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

// cost is what one command line costs: the medians over its runs of the
// CPU time (user and system, every thread, so a concurrent garbage collector
// counts) and of the peak resident set.
type cost struct {
	cpu    time.Duration
	peakKB int64
}

// race runs the command lines a and b once each to warm the caches, then n
// times each, alternating which goes first, and returns the cost of each.
func race(n int, a, b []string) (ca, cb cost, err error) {
	var runsA, runsB []cost
	for i := -1; i < n; i++ {
		first, second := a, b
		if i%2 != 0 {
			first, second = b, a
		}
		c1, err := timed(first)
		if err != nil {
			return cost{}, cost{}, err
		}
		c2, err := timed(second)
		if err != nil {
			return cost{}, cost{}, err
		}
		if i%2 != 0 {
			c1, c2 = c2, c1
		}
		if i >= 0 { // the first round only warms the caches
			runsA, runsB = append(runsA, c1), append(runsB, c2)
		}
	}
	return medianCost(runsA), medianCost(runsB), nil
}

func medianCost(cs []cost) cost {
	cpus := make([]float64, len(cs))
	peaks := make([]float64, len(cs))
	for i, c := range cs {
		cpus[i], peaks[i] = float64(c.cpu), float64(c.peakKB)
	}
	return cost{cpu: time.Duration(medianOf(cpus)), peakKB: int64(medianOf(peaks))}
}

// timed runs argv with stdout on /dev/null and returns its CPU time and peak
// resident set (KiB); it fails if the command exits other than 0 or 1 (1 is
// a check that found errors, still a whole run): a crashed run measures
// nothing.
func timed(argv []string) (cost, error) {
	c := exec.Command(argv[0], argv[1:]...)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	err := c.Run()
	if err != nil && c.ProcessState.ExitCode() != 1 {
		return cost{}, fmt.Errorf("%s: %v\n%s", strings.Join(c.Args, " "), err, firstLines(stderr.String(), 5))
	}
	out := cost{cpu: c.ProcessState.UserTime() + c.ProcessState.SystemTime()}
	if ru, ok := c.ProcessState.SysUsage().(*syscall.Rusage); ok {
		out.peakKB = ru.Maxrss // KiB on Linux
	}
	return out, nil
}

func mb(kb int64) float64 { return float64(kb) / 1024 }

func medianOf(xs []float64) float64 {
	s := slices.Clone(xs)
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
