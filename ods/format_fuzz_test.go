package ods

import (
	"bytes"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestFormatMutations is a differential test: real assembly formats of the
// MLIR tree are mutated (a token dropped or repeated, a directive removed,
// an element wrapped in an optional group) and tdls must accept or reject
// each as mlir-tblgen 22 does, with the same first message. A few
// mutations run by default; TDLS_FORMAT_MUTATIONS=N runs N over every
// dialect (TDLS_FORMAT_SEED picks another random sequence).
func TestFormatMutations(t *testing.T) {
	needMLIR(t)
	if _, err := os.Stat(mlirTblgen); err != nil {
		t.Skip("mlir-tblgen 22 not installed (" + mlirTblgen + "); skipping the mutation test")
	}
	n, files := 12, []string{"mlir/Dialect/Arith/IR/ArithOps.td", "mlir/Dialect/SCF/IR/SCFOps.td", "mlir/Dialect/MemRef/IR/MemRefOps.td"}
	if s := os.Getenv("TDLS_FORMAT_MUTATIONS"); s != "" {
		n, _ = strconv.Atoi(s)
		files = nil
		filepath.WalkDir(filepath.Join(mlirInclude, "mlir/Dialect"), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, "Ops.td") {
				rel, _ := filepath.Rel(mlirInclude, p)
				files = append(files, rel)
			}
			return nil
		})
	}
	type target struct {
		file string
		op   *Op
		src  formatSource
	}
	var targets []target
	for _, f := range files {
		// Some dialect files only compile when included from another.
		if _, err := runTblgen(filepath.Join(mlirInclude, f), "--gen-op-decls"); err != nil {
			continue
		}
		m := loadFile(t, filepath.Join(mlirInclude, f))
		for _, op := range m.Ops {
			if !op.HasAssemblyFormat {
				continue
			}
			src := op.formatSource()
			// Only formats written in the op's own literal can be edited
			// without touching other ops.
			if src.mapped && within(src.whole, op.Def.Decl) && m.Result.Set.File(src.whole.Start).Name == filepath.Join(mlirInclude, f) {
				targets = append(targets, target{f, op, src})
			}
		}
	}
	if len(targets) == 0 {
		t.Fatal("no op with its own format literal")
	}
	seed := int64(22)
	if s := os.Getenv("TDLS_FORMAT_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	rng := rand.New(rand.NewSource(seed))
	dir := t.TempDir()
	agree := 0
	seen := map[string]int{}
	for i := 0; i < n; i++ {
		tg := targets[rng.Intn(len(targets))]
		mutated, how := mutateFormat(tg.op.AssemblyFormat, rng)
		if mutated == tg.op.AssemblyFormat || strings.Contains(mutated, "}]") {
			continue
		}
		want := tblgenOnEditedFile(t, dir, tg.file, tg.op, tg.src, mutated)
		saved := tg.op.AssemblyFormat
		tg.op.AssemblyFormat = mutated
		errs := tg.op.formatErrors()
		tg.op.AssemblyFormat = saved
		got := ""
		if len(errs) > 0 {
			got = errs[0].msg
		}
		if got != want {
			t.Errorf("%s %s (%s): format %q\n  mlir-tblgen: %q\n  tdls:        %q", tg.file, tg.op.Name, how, mutated, want, got)
			continue
		}
		agree++
		seen[want]++
	}
	t.Logf("format mutations: %d/%d agree with mlir-tblgen", agree, n)
	if testing.Verbose() {
		for msg, k := range seen {
			t.Logf("%4d %q", k, msg)
		}
	}
}

// mutateFormat applies one random edit to a format at token level.
func mutateFormat(format string, rng *rand.Rand) (string, string) {
	lx := fmtLexer{src: format}
	var toks []fmtToken
	for t := lx.next(); t.kind != ftEOF && t.kind != ftError; t = lx.next() {
		toks = append(toks, t)
	}
	if len(toks) == 0 {
		return format, ""
	}
	// pick returns a random token satisfying ok, or -1.
	pick := func(ok func(fmtToken) bool) int {
		var is []int
		for i, t := range toks {
			if ok(t) {
				is = append(is, i)
			}
		}
		if len(is) == 0 {
			return -1
		}
		return is[rng.Intn(len(is))]
	}
	// span is the element starting at token i: a variable, literal or
	// keyword with its parenthesised or angled arguments.
	span := func(i int) (int, int) {
		if !toks[i].kind.isKeyword() {
			return toks[i].start, toks[i].end
		}
		depth := 0
		for j := i + 1; j < len(toks); j++ {
			switch toks[j].kind {
			case ftLParen, ftLess:
				depth++
				continue
			case ftRParen, ftGreater:
				depth--
				if depth == 0 && toks[j].kind == ftRParen {
					return toks[i].start, toks[j].end
				}
				continue
			}
			if depth == 0 {
				break
			}
		}
		return toks[i].start, toks[i].end
	}
	element := func(t fmtToken) bool {
		return t.kind == ftVariable || t.kind == ftLiteral || t.kind.isKeyword()
	}
	switch rng.Intn(8) {
	case 0:
		i := rng.Intn(len(toks))
		return format[:toks[i].start] + format[toks[i].end:], "drop " + toks[i].text
	case 1:
		if i := pick(element); i >= 0 {
			a, b := span(i)
			return format[:b] + " " + format[a:b] + format[b:], "repeat " + format[a:b]
		}
	case 2:
		if i := pick(element); i >= 0 {
			a, b := span(i)
			return format[:a] + format[b:], "remove " + format[a:b]
		}
	case 3:
		if i := pick(element); i >= 0 {
			a, b := span(i)
			return format[:a] + "(" + format[a:b] + "^)?" + format[b:], "make optional " + format[a:b]
		}
	case 4:
		if i := pick(func(t fmtToken) bool { return t.kind == ftType || t.kind == ftFunctionalType }); i >= 0 {
			a, b := span(i)
			return format[:a] + format[b:], "remove " + format[a:b]
		}
	case 5:
		if i := pick(func(t fmtToken) bool { return t.kind == ftVariable }); i >= 0 {
			return format[:toks[i].end] + " `:`" + format[toks[i].end:], "colon after " + toks[i].text
		}
	case 6:
		if i := pick(element); i >= 0 {
			a, b := span(i)
			return format[:a] + format[b:] + " " + format[a:b], "move to the end " + format[a:b]
		}
	}
	swaps := map[string]string{"attr-dict": "attr-dict-with-keyword", "attr-dict-with-keyword": "attr-dict",
		"type": "qualified", "operands": "results", "^": "", "qualified": "type", "prop-dict": "attr-dict"}
	if i := pick(func(t fmtToken) bool { _, ok := swaps[t.text]; return ok }); i >= 0 {
		return format[:toks[i].start] + swaps[toks[i].text] + format[toks[i].end:], "replace " + toks[i].text
	}
	return format, ""
}

// tblgenOnEditedFile runs mlir-tblgen on a copy of file whose op format
// literal is replaced by format, and returns its first error ("" if none).
func tblgenOnEditedFile(t *testing.T, dir, file string, op *Op, src formatSource, format string) string {
	t.Helper()
	f := op.src.get().File(src.whole.Start)
	content := f.Content
	lit := "[{" + format + "}]"
	edited := string(content[:f.Offset(src.whole.Start)]) + lit + string(content[f.Offset(src.whole.End):])
	path := filepath.Join(dir, filepath.Base(file))
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	cmd := exec.Command(mlirTblgen, "--gen-op-decls", "-I", mlirInclude, "-I", filepath.Dir(filepath.Join(mlirInclude, file)), path)
	cmd.Stderr = &errb
	if cmd.Run() == nil {
		return ""
	}
	var msgs []string
	for _, line := range strings.Split(errb.String(), "\n") {
		if i := strings.Index(line, "error: "); i >= 0 {
			msgs = append(msgs, line[i+len("error: "):])
		}
	}
	if len(msgs) == 0 {
		return strings.TrimSpace(errb.String())
	}
	return msgs[0]
}
