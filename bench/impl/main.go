// Command impl scores `tdls impl` on real projects: of the members the ops
// of a project's .td files require (verify, verifyRegions, fold,
// canonicalize, getCanonicalizationPatterns, and parse/print of a custom
// assembly format), how many are found in the project's C++, and how many
// reported definitions are wrong, each checked again by a reader of its
// own (the line names Class::member, or defines member inside class Class,
// in the class's namespace as the file opens it or names it in a
// using-directive). It prints, per project,
//
//	impl: required N, found M, wrong W
//	drr-helpers: called N, found M
//
// then times the C++ index the server builds in the background (time and
// the heap it keeps) and the whole `tdls impl` process on the largest one.
//
//	go run ./bench/impl [-tdls bin/tdls] [-include DIR] [-v] [PROJECT_DIR...]
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"time"

	"tdls/analysis"
	"tdls/cpp"
)

// defaultProjects are the projects with their C++ under /work/corpus.
var defaultProjects = []string{
	"/work/corpus/circt", "/work/corpus/heir", "/work/corpus/onnx-mlir", "/work/corpus/shardy",
	"/work/corpus/torch-mlir", "/work/corpus/full/iree", "/work/corpus/full/tt-mlir",
	"/work/corpus/full/catalyst", "/work/corpus/full/stablehlo", "/work/corpus/full/Enzyme-JAX",
	"/work/corpus/full/mlir-extensions", "/work/corpus/full/buddy-mlir",
	"/work/corpus/unseen/iree-amd-aie", "/work/corpus/unseen/jax", "/work/corpus/unseen/mlir-air",
	"/work/corpus/unseen/mlir-hlo", "/work/corpus/unseen/mlir-tutorial", "/work/corpus/unseen/plaidml",
}

// scored are the members bar 1 counts.
var scored = map[string]bool{"verify": true, "verifyRegions": true, "fold": true, "canonicalize": true,
	"getCanonicalizationPatterns": true, "parse": true, "print": true}

func main() {
	tdls := flag.String("tdls", "bin/tdls", "the tdls binary, for the whole-process time")
	tblgen := flag.String("mlir-tblgen", "/usr/lib/llvm-22/bin/mlir-tblgen", "mlir-tblgen, timed on the same file (--gen-op-decls)")
	include := flag.String("include", "/usr/lib/llvm-22/include", "MLIR's include directory")
	verbose := flag.Bool("v", false, "list the members not found and the wrong definitions")
	flag.Parse()
	projects := flag.Args()
	if len(projects) == 0 {
		projects = defaultProjects
	}
	if _, err := os.Stat(filepath.Join(*include, "mlir/IR/OpBase.td")); err != nil {
		fmt.Fprintf(os.Stderr, "SKIP: %v (install LLVM 22)\n", err)
		return
	}
	var totalReq, totalFound, totalWrong, totalCalled, totalHelpers int
	largest, largestFiles := "", 0
	for _, p := range projects {
		if _, err := os.Stat(p); err != nil {
			fmt.Printf("%s: skipped (%v)\n", p, err)
			continue
		}
		s := score(p, *include, *verbose)
		fmt.Printf("%s: %d C++ files, %d .td roots (%d not evaluated)\n", filepath.Base(p), s.cppFiles, s.roots, s.failed)
		fmt.Printf("  impl: required %d, found %d, wrong %d (%.1f%%)\n", s.required, s.found, s.wrong, pct(s.found, s.required))
		fmt.Printf("  drr-helpers: called %d, found %d (%.1f%%)\n", s.called, s.helpers, pct(s.helpers, s.called))
		totalReq += s.required
		totalFound += s.found
		totalWrong += s.wrong
		totalCalled += s.called
		totalHelpers += s.helpers
		if s.cppFiles > largestFiles {
			largest, largestFiles = p, s.cppFiles
		}
	}
	fmt.Printf("all: impl: required %d, found %d, wrong %d (%.1f%%, bar 98%%, wrong 0)\n", totalReq, totalFound, totalWrong, pct(totalFound, totalReq))
	fmt.Printf("all: drr-helpers: called %d, found %d (%.1f%%, bar 95%%)\n", totalCalled, totalHelpers, pct(totalHelpers, totalCalled))
	if largest != "" {
		speed(largest, *include, *tdls, *tblgen)
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

type result struct {
	cppFiles, roots, failed int
	required, found, wrong  int
	called, helpers         int
}

// tdRoots are the .td files of a project to evaluate: every one outside
// the directories the C++ index skips, but lit tests (a RUN: line).
func tdRoots(root string) []string {
	var out []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if p != root && cpp.SkippedDir(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".td") {
			if data, err := os.ReadFile(p); err == nil && !strings.Contains(string(data), "RUN:") {
				out = append(out, p)
			}
		}
		return nil
	})
	return out
}

// includeDirs are the directories of the project that its .td files'
// includes resolve against (a file including "a/b.td" and the project
// holding x/a/b.td make x one), then MLIR's.
func includeDirs(root, mlir string) []string {
	var tds []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && p != root && cpp.SkippedDir(d.Name()) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".td") {
			tds = append(tds, p)
		}
		return nil
	})
	seen := map[string]bool{}
	out := []string{root}
	reInclude := regexp.MustCompile(`(?m)^\s*include\s+"([^"]+)"`)
	for _, td := range tds {
		data, err := os.ReadFile(td)
		if err != nil {
			continue
		}
		for _, m := range reInclude.FindAllStringSubmatch(string(data), -1) {
			inc := m[1]
			if seen[inc] {
				continue
			}
			seen[inc] = true
			for _, cand := range tds {
				if strings.HasSuffix(cand, "/"+inc) {
					dir := strings.TrimSuffix(cand, "/"+inc)
					if !seen["dir:"+dir] {
						seen["dir:"+dir] = true
						out = append(out, dir)
					}
				}
			}
		}
	}
	return append(out, mlir)
}

func score(root, mlir string, verbose bool) result {
	var r result
	files := analysis.CppFiles([]string{root})
	r.cppFiles = len(files)
	x := cpp.NewIndex()
	analysis.ScanCppFiles(context.Background(), x, files)

	w := analysis.NewWorkspace(analysis.Config{IncludeDirs: includeDirs(root, mlir), NoMLIRAutoDetect: true})
	snap := w.Snapshot()
	ctx := context.Background()
	seen := map[string]bool{}
	checker := newChecker()
	roots := tdRoots(root)
	r.roots = len(roots)
	for _, td := range roots {
		u, err := snap.Unit(ctx, td)
		if err == nil {
			_, err = u.Models(ctx)
		}
		if err != nil || len(u.FilesWithErrors()) > 0 || len(u.FilesWithEvaluationErrors()) > 0 {
			r.failed++
			continue
		}
		for _, q := range analysis.Requirements(u, x) {
			key := q.Entity + "::" + q.Member + "/" + q.Signature
			if seen[key] {
				continue
			}
			seen[key] = true
			switch {
			case q.Kind == "drr-helper":
				r.called++
				if len(q.Defs) > 0 {
					r.helpers++
				} else if verbose {
					fmt.Printf("    helper not found: %s (%s:%d)\n", q.Member, q.File, q.Line)
				}
				continue
			case q.Kind != "op" || !scored[q.Member]:
				continue
			}
			r.required++
			if len(q.Defs) > 0 {
				r.found++
			} else if verbose {
				fmt.Printf("    not found: %s::%s (%s:%d)\n", q.Entity, q.Member, q.File, q.Line)
			}
			for _, d := range q.Defs {
				if why := checker.check(d.File, d.Line, q.Entity, q.Member, q.File); why != "" {
					r.wrong++
					if verbose {
						fmt.Printf("    wrong: %s::%s at %s:%d: %s\n", q.Entity, q.Member, d.File, d.Line, why)
					}
				}
			}
		}
	}
	return r
}

// checker reads a definition's file again, with regular expressions and
// a brace count of its own, to say whether a line defines a member of a
// class in the class's namespace.
type checker struct {
	files map[string]*fileFacts
}

type fileFacts struct {
	lines []string
	// open[i] are the namespaces and classes open at the start of line i
	// (0-based), as "ns:name" and "class:name".
	open [][]string
	// usings[i] are the using-directives before line i.
	usings []usingAt
}

type usingAt struct {
	line int
	name string
}

func newChecker() *checker { return &checker{files: map[string]*fileFacts{}} }

var (
	reNamespace = regexp.MustCompile(`\bnamespace\s+([A-Za-z_][\w:]*)?\s*\{`)
	reClass     = regexp.MustCompile(`\b(?:class|struct)\s+(?:[A-Z_][A-Z0-9_]*\s+)?([A-Za-z_]\w*)(?:\s+final)?\s*(?::[^;{]*)?\{`)
	reUsing     = regexp.MustCompile(`\busing\s+namespace\s+([\w:]+)\s*;`)
	reLine      = regexp.MustCompile(`//.*$`)
	reString    = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'`)
)

// facts reads a file: per line, the open namespaces and classes, by
// counting braces outside comments and strings.
func (c *checker) facts(path string) *fileFacts {
	if f, ok := c.files[path]; ok {
		return f
	}
	f := &fileFacts{}
	c.files[path] = f
	data, err := os.ReadFile(path)
	if err != nil {
		return f
	}
	f.lines = strings.Split(string(data), "\n")
	var stack []frame
	inBlock := false
	for i, raw := range f.lines {
		cur := make([]string, 0, len(stack))
		for _, s := range stack {
			if s.what != "" {
				cur = append(cur, s.what)
			}
		}
		f.open = append(f.open, cur)
		line := raw
		if inBlock {
			if e := strings.Index(line, "*/"); e >= 0 {
				line = line[e+2:]
				inBlock = false
			} else {
				continue
			}
		}
		line = reString.ReplaceAllString(line, `""`)
		for {
			s := strings.Index(line, "/*")
			if s < 0 {
				break
			}
			e := strings.Index(line[s+2:], "*/")
			if e < 0 {
				line = line[:s]
				inBlock = true
				break
			}
			line = line[:s] + " " + line[s+2+e+2:]
		}
		line = reLine.ReplaceAllString(line, "")
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		if m := reUsing.FindStringSubmatch(line); m != nil && len(stack) == countNamed(stack) {
			f.usings = append(f.usings, usingAt{i, strings.TrimPrefix(m[1], "::")})
		}
		// Each '{' opens what the text before it on the line says.
		pos := 0
		for pos < len(line) {
			o := strings.IndexAny(line[pos:], "{}")
			if o < 0 {
				break
			}
			o += pos
			if line[o] == '}' {
				if len(stack) > 0 {
					stack = stack[:len(stack)-1]
				}
				pos = o + 1
				continue
			}
			head := line[:o+1]
			what := ""
			if m := reNamespace.FindAllStringSubmatchIndex(head, -1); m != nil && m[len(m)-1][1] == o+1 {
				last := m[len(m)-1]
				if last[2] >= 0 {
					what = "ns:" + head[last[2]:last[3]]
				} else {
					what = "ns:"
				}
			} else if m := reClass.FindAllStringSubmatchIndex(head, -1); m != nil && m[len(m)-1][1] == o+1 {
				last := m[len(m)-1]
				what = "class:" + head[last[2]:last[3]]
			}
			stack = append(stack, frame{what})
			pos = o + 1
		}
	}
	return f
}

// frame is a brace the checker's reader is inside: "ns:name",
// "class:name" or "" (a block).
type frame struct{ what string }

func countNamed(stack []frame) int {
	n := 0
	for _, s := range stack {
		if strings.HasPrefix(s.what, "ns:") {
			n++
		}
	}
	return n
}

var reTDDef = regexp.MustCompile(`^\s*(def|class)\s+(\w+)`)

// check returns why the definition at path:line is not member of entity,
// or "".
func (c *checker) check(path string, line int, entity, member, tdFile string) string {
	parts := strings.Split(strings.TrimPrefix(entity, "::"), "::")
	class, ns := parts[len(parts)-1], parts[:len(parts)-1]
	f := c.facts(path)
	if line < 1 || line > len(f.lines) {
		return "no such line"
	}
	text := f.lines[line-1]
	if strings.HasSuffix(path, ".td") {
		// a code block of the op's def: the def above names the class
		if !regexp.MustCompile(`\b` + regexp.QuoteMeta(member) + `\s*\(`).MatchString(text) {
			return "the line does not name the member"
		}
		for i := line - 1; i >= 0; i-- {
			m := reTDDef.FindStringSubmatch(f.lines[i])
			if m == nil {
				continue
			}
			if m[1] == "def" {
				if m[2] == class || strings.HasSuffix(m[2], "_"+class) {
					return ""
				}
				return "in def " + m[2]
			}
			// a class's block, which $cppClass makes the op's: the op's
			// def (in the file naming the requirement) derives from it
			if !strings.Contains(text, "$cppClass") {
				return "in class " + m[2] + " without $cppClass"
			}
			tf := c.facts(tdFile)
			reOp := regexp.MustCompile(`^\s*def\s+(?:\w+_)?` + regexp.QuoteMeta(class) + `\s*:\s*(.*)`)
			for j, l := range tf.lines {
				if om := reOp.FindStringSubmatch(l); om != nil {
					head := om[1]
					for k := j + 1; k < len(tf.lines) && k < j+4 && !strings.Contains(head, "{") && !strings.Contains(head, ";"); k++ {
						head += " " + tf.lines[k]
					}
					if regexp.MustCompile(`\b` + regexp.QuoteMeta(m[2]) + `\b`).MatchString(head) {
						return ""
					}
					return "def " + class + " does not derive from " + m[2] + " directly"
				}
			}
			return "no def of " + class + " in " + tdFile
		}
		return "no def above"
	}
	// Class::member on the line, with what qualifies the class.
	re := regexp.MustCompile(`((?:\w+\s*::\s*)*)\b` + regexp.QuoteMeta(class) + `(?:\s*<[^;{]*?>)?\s*::\s*` + regexp.QuoteMeta(member) + `\s*\(`)
	var written []string
	open := f.open[line-1]
	var nsOpen []string
	inClass := false
	for _, o := range open {
		if n, ok := strings.CutPrefix(o, "ns:"); ok {
			if n != "" {
				nsOpen = append(nsOpen, strings.Split(n, "::")...)
			}
		} else if strings.TrimPrefix(o, "class:") == class {
			inClass = true
		}
	}
	if m := re.FindStringSubmatch(text); m != nil {
		for _, w := range strings.Split(m[1], "::") {
			if w = strings.TrimSpace(w); w != "" {
				written = append(written, w)
			}
		}
	} else if q, ok := c.macroDefines(f, text, class, member); ok {
		written = q
	} else if inClass && regexp.MustCompile(`\b`+regexp.QuoteMeta(member)+`\s*\(`).MatchString(text) {
		// defined in the class body: the open namespaces must be ns
		if strings.Join(nsOpen, "::") == strings.Join(ns, "::") {
			return ""
		}
		return "in class " + class + " of namespace " + strings.Join(nsOpen, "::")
	} else {
		return "the line does not name " + class + "::" + member
	}
	// The namespace the written qualifier names from the open ones.
	full := append(append([]string(nil), nsOpen...), written...)
	if strings.Join(full, "::") == strings.Join(ns, "::") {
		return ""
	}
	for k := len(nsOpen) - 1; k >= 0 && len(written) > 0; k-- {
		if nsOpen[k] == written[0] && strings.Join(append(append([]string(nil), nsOpen[:k]...), written...), "::") == strings.Join(ns, "::") {
			return ""
		}
	}
	// Or through a using-directive before the line: the open namespaces
	// enclose ns, and a directive names ns minus the written qualifier.
	if len(nsOpen) <= len(ns) && strings.Join(nsOpen, "::") == strings.Join(ns[:len(nsOpen)], "::") && len(written) <= len(ns) &&
		strings.Join(written, "::") == strings.Join(ns[len(ns)-len(written):], "::") {
		want := ns[:len(ns)-len(written)]
		for _, u := range f.usings {
			if u.line >= line-1 {
				break
			}
			un := strings.Split(u.name, "::")
			if len(un) <= len(want) && strings.Join(un, "::") == strings.Join(want[len(want)-len(un):], "::") {
				return ""
			}
		}
	}
	return fmt.Sprintf("namespace %s with %s:: written, not %s", strings.Join(nsOpen, "::"), strings.Join(written, "::"), strings.Join(ns, "::"))
}

var (
	reInvocation = regexp.MustCompile(`^\s*(\w+)\s*\((.*)\)\s*;?\s*$`)
	reDefine     = regexp.MustCompile(`^\s*#\s*define\s+(\w+)\(([^)]*)\)(.*)$`)
)

// macroDefines reports whether text invokes a macro of the file whose
// body defines P::member with P a parameter given class (possibly
// qualified) as argument; q is that argument's qualifier. A macro whose
// body invokes others (ALL_OPS(VERIFY) with #define ALL_OPS(M) M(AddOp)
// M(SubOp)) is read through its invocations, its arguments put in.
func (c *checker) macroDefines(f *fileFacts, text, class, member string) ([]string, bool) {
	return c.macroDefinesDepth(f, text, class, member, 0)
}

var reBodyInvocation = regexp.MustCompile(`(\w+)\s*\(([^()]*)\)`)

func (c *checker) macroDefinesDepth(f *fileFacts, text, class, member string, depth int) ([]string, bool) {
	m := reInvocation.FindStringSubmatch(text)
	if m == nil {
		return nil, false
	}
	for i, l := range f.lines {
		d := reDefine.FindStringSubmatch(l)
		if d == nil || d[1] != m[1] {
			continue
		}
		body := d[3]
		for j := i; strings.HasSuffix(strings.TrimSpace(f.lines[j]), "\\") && j+1 < len(f.lines); j++ {
			body += " " + f.lines[j+1]
		}
		params := strings.Split(d[2], ",")
		args := strings.Split(m[2], ",")
		for k, p := range params {
			p = strings.TrimSpace(p)
			if k >= len(args) {
				continue
			}
			bm := regexp.MustCompile(`((?:\w+\s*::\s*)*)\b` + regexp.QuoteMeta(p) + `\s*::\s*` + regexp.QuoteMeta(member) + `\s*\(`).FindStringSubmatch(body)
			if bm == nil {
				continue
			}
			arg := strings.TrimSpace(args[k])
			parts := strings.Split(arg, "::")
			if strings.TrimSpace(parts[len(parts)-1]) != class {
				continue
			}
			var q []string // the body's qualifier, then the argument's
			for _, w := range append(strings.Split(bm[1], "::"), parts[:len(parts)-1]...) {
				if w = strings.TrimSpace(w); w != "" {
					q = append(q, w)
				}
			}
			return q, true
		}
		if depth >= 4 {
			continue
		}
		// the invocations the body makes, with the arguments put in
		sub := map[string]string{}
		for k, p := range params {
			if k < len(args) {
				sub[strings.TrimSpace(p)] = strings.TrimSpace(args[k])
			}
		}
		body = regexp.MustCompile(`\w+`).ReplaceAllStringFunc(body, func(w string) string {
			if a, ok := sub[w]; ok {
				return a
			}
			return w
		})
		for _, inv := range reBodyInvocation.FindAllString(body, -1) {
			if q, ok := c.macroDefinesDepth(f, inv, class, member, depth+1); ok {
				return q, true
			}
		}
	}
	return nil, false
}

// speed times the server's background C++ index of root (its time and
// the heap it keeps) and the whole `tdls impl` process on it.
func speed(root, include, tdls, tblgen string) {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	w := analysis.NewWorkspace(analysis.Config{Folders: []string{root}, NoMLIRAutoDetect: true})
	done := make(chan struct{}, 1)
	w.OnCppIndexed(func() { done <- struct{}{} })
	t0 := time.Now()
	x := w.CppIndex()
	<-done
	took := time.Since(t0)
	runtime.GC()
	runtime.ReadMemStats(&after)
	fmt.Printf("server C++ index of %s: %d files in %v, heap kept %.1f MB (bars 3 s, 100 MB)\n",
		filepath.Base(root), x.Len(), took.Round(time.Millisecond), float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/(1<<20))
	runtime.KeepAlive(x)

	if _, err := os.Stat(tdls); err != nil {
		fmt.Printf("tdls impl: %s not built (make build)\n", tdls)
		return
	}
	roots := tdRoots(root)
	if len(roots) == 0 {
		return
	}
	// the .td file with the most ops of the project, approximately
	sort.Slice(roots, func(a, b int) bool { return size(roots[a]) > size(roots[b]) })
	args := []string{"impl", "--cpp", root, "--format=json"}
	for _, d := range includeDirs(root, include) {
		args = append(args, "-I", d)
	}
	args = append(args, roots[0])
	cmd := exec.Command(tdls, args...)
	t0 = time.Now()
	out, err := cmd.Output()
	wall := time.Since(t0)
	if err != nil {
		fmt.Printf("tdls impl: %v\n", err)
	}
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	rss := 0.0
	if ru != nil {
		rss = float64(ru.Maxrss) / 1024
	}
	n := 0
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		if strings.Contains(sc.Text(), `"entity"`) {
			n++
		}
	}
	fmt.Printf("tdls impl %s (--cpp %s, %d C++ files): %d requirements in %v whole process, peak RSS %.0f MB (bar 2 s)\n",
		filepath.Base(roots[0]), filepath.Base(root), x.Len(), n, wall.Round(time.Millisecond), rss)
	// mlir-tblgen on the same file, for scale: it only writes the
	// declarations tdls impl starts from.
	if _, err := os.Stat(tblgen); err == nil {
		targs := []string{"--gen-op-decls", "-o", os.DevNull}
		for _, d := range includeDirs(root, include) {
			targs = append(targs, "-I", d)
		}
		targs = append(targs, roots[0])
		t0 = time.Now()
		if err := exec.Command(tblgen, targs...).Run(); err == nil {
			tg := time.Since(t0)
			fmt.Printf("mlir-tblgen --gen-op-decls %s: %v (tdls impl / mlir-tblgen %.2f)\n", filepath.Base(roots[0]), tg.Round(time.Millisecond), float64(wall)/float64(tg))
		}
	}
}

func size(p string) int64 {
	st, err := os.Stat(p)
	if err != nil {
		return 0
	}
	return st.Size()
}
