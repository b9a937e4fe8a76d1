// Command tdindex measures the language server's background index at
// scale: with a folder (by default MLIR's include tree) as the workspace, it
// times the index of every .td file in it, then llvm-tblgen run on the same
// files one after another, and prints both with the peak RSS of the index.
//
//	go run ./bench/tdindex [-folder DIR] [-include DIR] [-llvm-tblgen BIN] [-workers N]
package main

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"tdls/analysis"
)

func main() {
	folder := flag.String("folder", "/usr/lib/llvm-22/include/mlir", "workspace folder")
	include := flag.String("include", "/usr/lib/llvm-22/include", "include directory")
	tblgen := flag.String("llvm-tblgen", "/usr/lib/llvm-22/bin/llvm-tblgen", "llvm-tblgen binary")
	workers := flag.Int("workers", 0, "index workers (0: the number of CPUs)")
	flag.Parse()
	if _, err := os.Stat(*folder); err != nil {
		fmt.Fprintf(os.Stderr, "SKIP: %v (install LLVM 22)\n", err)
		os.Exit(0)
	}
	if *workers <= 0 {
		*workers = runtime.GOMAXPROCS(0)
	}
	w := analysis.NewWorkspace(analysis.Config{Folders: []string{*folder}, IncludeDirs: []string{*include}, NoMLIRAutoDetect: true})
	t0 := time.Now()
	idx := w.Index()
	if err := idx.Build(context.Background(), w.Snapshot(), *workers, nil); err != nil {
		fail(err)
	}
	indexTime := time.Since(t0)
	decls := len(idx.Decls())
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	rss := float64(ru.Maxrss) / 1024
	fmt.Printf("index: %d files, %d declarations in %v (%d workers), peak RSS %.0f MB (bar 400)\n",
		idx.Files(), decls, indexTime.Round(time.Millisecond), *workers, rss)

	var files []string
	_ = filepath.WalkDir(*folder, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".td") {
			files = append(files, p)
		}
		return nil
	})
	if _, err := os.Stat(*tblgen); err != nil {
		fmt.Printf("llvm-tblgen: not found (%v)\n", err)
		return
	}
	t0 = time.Now()
	for _, f := range files {
		cmd := exec.Command(*tblgen, "-I", *include, "-I", filepath.Dir(f), f, "-o", os.DevNull)
		_ = cmd.Run() // a file that does not stand alone still costs its time
	}
	llvmTime := time.Since(t0)
	fmt.Printf("llvm-tblgen: %d files one after another in %v\n", len(files), llvmTime.Round(time.Millisecond))
	fmt.Printf("index scale: tdls/llvm-tblgen %.3f (bar 1.0), peak RSS %.0f MB\n", float64(indexTime)/float64(llvmTime), rss)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "tdindex:", err)
	os.Exit(1)
}
