// Command inferencecost measures what inferring include roots costs the
// first diagnostics of an opened root. It writes a workspace of about
// -files .td files laid out as MLIR projects are (dialects under
// include/proj/Dialect/, patterns under lib/ including them as
// "proj/Dialect/...", a vendored copy under third_party/), then, in turns,
// starts the server on it with nothing configured and with the right
// include directory as a setting, opens the same root and times the
// first publishDiagnostics; it prints the medians and their ratio (bar 2).
//
//	go run ./bench/inferencecost [-tdls bin/tdls] [-files 1000] [-n 7]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"tdls/lsp/lsptest"
)

func main() {
	bin := flag.String("tdls", "bin/tdls", "tdls binary")
	files := flag.Int("files", 1050, "about how many .td files the workspace has")
	n := flag.Int("n", 7, "runs per configuration")
	flag.Parse()
	if _, err := os.Stat("/usr/lib/llvm-22/include/mlir/IR/OpBase.td"); err != nil {
		fmt.Println("SKIP: LLVM 22 MLIR headers not installed")
		return
	}
	dir, err := os.MkdirTemp("", "inferencecost")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	count := writeWorkspace(dir, *files)
	root := filepath.Join(dir, "lib", "D7", "Patterns.td")
	text, err := os.ReadFile(root)
	if err != nil {
		fail(err)
	}
	right := map[string]any{"includeDirs": []string{filepath.Join(dir, "include")}}
	var zero, flags []time.Duration
	for i := 0; i < *n; i++ {
		d, errs := firstDiagnostics(*bin, dir, root, string(text), nil)
		if errs > 0 {
			fail(fmt.Errorf("with nothing configured the root shows %d errors", errs))
		}
		zero = append(zero, d)
		d, errs = firstDiagnostics(*bin, dir, root, string(text), right)
		if errs > 0 {
			fail(fmt.Errorf("with the right include directory the root shows %d errors", errs))
		}
		flags = append(flags, d)
	}
	mz, mf := median(zero), median(flags)
	fmt.Printf("workspace: %d .td files; first diagnostics of lib/D7/Patterns.td, median of %d fresh servers\n", count, *n)
	fmt.Printf("  nothing configured (inferred): %v\n  right include directory given: %v\n", mz.Round(time.Microsecond), mf.Round(time.Microsecond))
	fmt.Printf("inference cost: inferred/right %.2f (bar 2.0)\n", float64(mz)/float64(mf))
}

// firstDiagnostics starts a server on dir with settings, opens root and
// returns the time to its first publishDiagnostics and the errors it shows.
func firstDiagnostics(bin, dir, root, text string, settings any) (time.Duration, int) {
	ctx := context.Background()
	c, err := lsptest.Start(ctx, bin)
	if err != nil {
		fail(err)
	}
	defer c.Shutdown(ctx)
	if _, err := c.Initialize(ctx, dir, settings); err != nil {
		fail(err)
	}
	ch := c.Expect(root)
	t0 := time.Now()
	if err := c.Open(ctx, root, text); err != nil {
		fail(err)
	}
	p, err := lsptest.Wait(ch, 60*time.Second)
	if err != nil {
		fail(err)
	}
	took := p.At.Sub(t0)
	errs := 0
	for _, d := range p.Params.Diagnostics {
		if d.Severity == 1 {
			errs++
		}
	}
	return took, errs
}

// writeWorkspace writes the dialects (a base, ops and interfaces each),
// their patterns and a vendored copy of the first dialects, about files
// .td files in all, and returns how many it wrote.
func writeWorkspace(dir string, files int) int {
	written := 0
	write := func(rel, text string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fail(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			fail(err)
		}
		written++
	}
	const perDialect = 20
	dialects := files / (perDialect + 1)
	for d := 0; d < dialects; d++ {
		inc := fmt.Sprintf("proj/Dialect/D%d", d)
		base := fmt.Sprintf("include \"mlir/IR/OpBase.td\"\ndef D%d_Dialect : Dialect { let name = \"d%d\"; let cppNamespace = \"::d%d\"; }\n"+
			"class D%d_Op<string m, list<Trait> traits = []> : Op<D%d_Dialect, m, traits>;\n", d, d, d, d, d)
		dir := "include/" + inc
		if d < dialects/10 {
			write("third_party/vendored/"+inc+"/Base.td", base)
		}
		write(dir+"/Base.td", base)
		for k := 1; k < perDialect-1; k++ {
			write(fmt.Sprintf("%s/Ops%d.td", dir, k), fmt.Sprintf("include \"%s/Base.td\"\n"+
				"def D%d_Op%d : D%d_Op<\"op%d\"> { let arguments = (ins I32:$a, I32:$b); let results = (outs I32:$r); }\n", inc, d, k, d, k))
		}
		var incs string
		for k := 1; k < perDialect-1; k++ {
			incs += fmt.Sprintf("include \"%s/Ops%d.td\"\n", inc, k)
		}
		write(fmt.Sprintf("lib/D%d/Patterns.td", d), "include \"mlir/IR/PatternBase.td\"\n"+incs+
			fmt.Sprintf("def : Pat<(D%d_Op1 $a, $b), (D%d_Op2 $a, $b)>;\n", d, d))
	}
	return written
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "inferencecost:", err)
	os.Exit(1)
}
