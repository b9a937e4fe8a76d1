package drr

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// mutant is a seed file with one mutation applied.
type mutant struct {
	seed *seedFile
	what string
	text string
}

// seedFile is a valid DRR file the mutants start from.
type seedFile struct {
	dir, path, text string
}

// mutator builds the mutants of one seed file.
type mutator struct {
	seed   *seedFile
	l      *loaded
	file   *tablegen.File
	ops    []*ods.Op
	out    []mutant
	seen   map[string]bool
	rng    *rand.Rand
	maxPer int
}

type edit struct {
	start, end tablegen.Pos
	text       string
}

func (m *mutator) add(what string, edits ...edit) {
	sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	b := []byte(m.seed.text)
	for _, e := range edits {
		s, en := m.file.Offset(e.start), m.file.Offset(e.end)
		if s < 0 || en > len(b) || s > en {
			return
		}
		b = append(b[:s:s], append([]byte(e.text), b[en:]...)...)
	}
	t := string(b)
	if m.seen[t] || t == m.seed.text {
		return
	}
	m.seen[t] = true
	m.out = append(m.out, mutant{seed: m.seed, what: what, text: t})
}

func ins(p tablegen.Pos, s string) edit         { return edit{p, p, s} }
func repl(r tablegen.Range, s string) edit      { return edit{r.Start, r.End, s} }
func (m *mutator) inRoot(r tablegen.Range) bool { return m.file.Contains(r.Start) && r.End > r.Start }
func (m *mutator) pick(xs []string) string      { return xs[m.rng.Intn(len(xs))] }
func argEnd(n *DagNode, i int) tablegen.Pos     { return n.Args[i].ArgRange().End }
func dropArg(n *DagNode, i int) edit            { e := deleteArg(n, i); return repl(e.Range, "") }
func lastPos(n *DagNode) tablegen.Pos           { return n.Range.End - 1 }
func appendArg(n *DagNode, s string) edit {
	if len(n.Args) == 0 {
		return ins(lastPos(n), " "+s)
	}
	return ins(argEnd(n, len(n.Args)-1), ", "+s)
}

func (m *mutator) opNames() []string {
	var out []string
	for _, o := range m.ops {
		out = append(out, o.Def.NameString())
	}
	return out
}

func (m *mutator) pattern(p *Pattern) {
	if p.Source == nil || !p.Source.Exact || !m.inRoot(p.Source.Range) {
		return
	}
	names := p.Symbols.Names()
	bound := "x"
	if len(names) > 0 {
		bound = names[m.rng.Intn(len(names))]
	}
	var nodes []*DagNode
	collect := func(n *DagNode) {
		n.Walk(func(x *DagNode) bool {
			if x.Exact && m.inRoot(x.Range) {
				nodes = append(nodes, x)
			}
			return true
		})
	}
	collect(p.Source)
	for _, r := range p.Results {
		collect(r)
	}
	for _, r := range p.Supplemental {
		collect(r)
	}
	for _, n := range nodes {
		src := n.Part == PartSource
		switch n.Kind {
		case NodeOp:
			for i := range n.Args {
				m.add("drop argument", dropArg(n, i))
			}
			if src {
				m.add("add argument", appendArg(n, "$extra"))
				m.add("location in source", appendArg(n, "(location $"+bound+")"))
			} else {
				m.add("add argument", appendArg(n, "$"+bound))
				m.add("leading location", ins(n.OperatorRange.End, " (location $"+bound+"),"))
				m.add("trailing returnType", appendArg(n, "(returnType $"+bound+")"))
				m.add("two returnTypes", appendArg(n, "(returnType $"+bound+"), (returnType $"+bound+")"))
				m.add("two locations", appendArg(n, "(location $"+bound+"), (location $"+bound+")"))
				m.add("empty location", appendArg(n, "(location)"))
				m.add("string returnType", appendArg(n, `(returnType "$_builder.getI32Type()")`))
				m.add("location strings", appendArg(n, `(location "a", "b")`))
				m.add("nested returnType op", appendArg(n, "(returnType ("+m.pick(m.opNames())+" $"+bound+"))"))
			}
			for k := 0; k < 3 && len(m.ops) > 0; k++ {
				m.add("swap op", repl(n.OperatorRange, m.pick(m.opNames())))
			}
			if n.Name == "" {
				m.add("bind op to a bound name", ins(n.OperatorRange.End, ":$"+bound))
			}
			if len(n.Args) >= 2 {
				a, b := n.Args[0].ArgRange(), n.Args[1].ArgRange()
				m.add("either", ins(a.Start, "(either "), ins(b.End, ")"))
				m.add("either of three", ins(a.Start, "(either "), ins(b.End, ", $"+bound+")"))
			}
			if len(n.Args) >= 1 {
				a := n.Args[0].ArgRange()
				m.add("variadic", ins(a.Start, "(variadic "), ins(a.End, ")"))
			}
		case NodeNativeCodeCall:
			m.add("native returnType", appendArg(n, "(returnType $"+bound+")"))
			m.add("native bound", ins(n.OperatorRange.End, ":$nv"))
			for i := range n.Args {
				m.add("drop native argument", dropArg(n, i))
			}
			m.add("native nested op", appendArg(n, "("+m.pick(m.opNames())+" $"+bound+")"))
		case NodeReplaceWithValue:
			m.add("replaceWithValue two args", appendArg(n, "$"+bound))
			m.add("named replaceWithValue", ins(n.OperatorRange.End, ":$rv"))
		case NodeEither, NodeVariadic:
			m.add("grow "+n.Kind.String(), appendArg(n, "$"+bound))
			for i := range n.Args {
				m.add("shrink "+n.Kind.String(), dropArg(n, i))
			}
			m.add("name "+n.Kind.String(), ins(n.OperatorRange.End, ":$dn"))
		case NodeLocation, NodeReturnType:
			m.add("empty "+n.Kind.String(), repl(n.Range, "("+n.OperatorName()+")"))
			m.add("name "+n.Kind.String(), ins(n.OperatorRange.End, ":$dn"))
		}
		for _, a := range n.Args {
			l, ok := a.(*DagLeaf)
			if !ok || !l.Exact || !m.inRoot(l.Range) {
				continue
			}
			if src {
				if l.Name != "" && l.Name != "_" {
					m.add("index on argument", repl(l.NameRange, "$"+l.Name+"__0"))
					m.add("bind twice", repl(l.NameRange, "$"+bound))
				}
				m.add("literal in source", repl(l.Range, `"s"`))
				m.add("constraint I32Attr", repl(l.Range, "I32Attr:$"+nonEmpty(l.Name, "c")))
				m.add("constraint I32", repl(l.Range, "I32:$"+nonEmpty(l.Name, "c")))
				m.add("native leaf", repl(l.Range, "NativeBuild:$"+nonEmpty(l.Name, "c")))
				m.add("ignore", repl(l.Range, "$_"))
				continue
			}
			if l.Name != "" {
				m.add("misspell use", repl(l.NameRange, "$"+l.Name+"_typo"))
				// An index past an op's results is undefined behaviour in
				// mlir-tblgen (a crash or garbage), so no judge.
				if sym := p.Symbols.Lookup(l.Name); sym == nil || valuesOf(sym, -1) > 1 || (sym.Kind != SymResult && sym.Kind != SymValues) {
					m.add("index on use", repl(l.NameRange, "$"+l.Name+"__1"))
				}
				m.add("wrap in op", repl(l.Range, "("+m.pick(m.opNames())+" $"+l.Name+")"))
				m.add("wrap in variadic", ins(l.Range.Start, "(variadic "), ins(l.Range.End, ")"))
			}
			m.add("$_ in result", repl(l.Range, "$_"))
			m.add("string in result", repl(l.Range, `"s"`))
			m.add("int in result", repl(l.Range, "5"))
			m.add("attr constraint in result", repl(l.Range, "I32Attr:$"+bound))
		}
	}
	for _, c := range p.Constraints {
		if !c.Exact || !m.inRoot(c.Range) {
			continue
		}
		for i := range c.Args {
			m.add("drop constraint entity", dropArg(c, i))
		}
		m.add("add constraint entity", appendArg(c, "$"+bound))
		m.add("unbound constraint entity", appendArg(c, "$nope"))
		m.add("unnamed constraint entity", appendArg(c, "I32"))
		m.add("type constraint", repl(c.OperatorRange, "I32"))
		m.add("attr constraint", repl(c.OperatorRange, "I32Attr"))
		m.add("op as constraint", repl(c.OperatorRange, m.pick(m.opNames())))
	}
	if b := p.BenefitDelta; b != nil && b.Exact && m.inRoot(b.Range) {
		for _, f := range []string{"(addBenefit 1, 2)", `(addBenefit "x")`, "(addBenefit)", "(addBenefit -3)", "(addBenefit true)", "(addBenefit 0x10)"} {
			m.add("benefit", repl(b.Range, f))
		}
	}
	for i, r := range p.Results {
		if len(p.Results) > 1 && r.Exact && m.inRoot(r.Range) {
			rr := r.Range
			if i > 0 {
				rr.Start = p.Results[i-1].Range.End
			} else {
				rr.End = p.Results[1].Range.Start
			}
			m.add("drop result", repl(rr, ""))
		}
	}
}

func nonEmpty(s, d string) string {
	if s == "" || s == "_" {
		return d
	}
	return s
}

func loadSeed(t testing.TB, s *seedFile, text string) (*loaded, *tablegen.File) {
	ss := tablegen.NewSourceSet()
	root := ss.AddFile(s.path, []byte(text))
	u := tablegen.ParseUnit(ss, root, tablegen.LexOptions{Loader: &tablegen.CommandLineLoader{IncludeDirs: []string{s.dir, mlirInclude}}})
	res := eval.Evaluate(u, eval.Options{})
	return &loaded{unit: u, res: res, set: Build(u, res, ods.Build(res))}, root
}

// tdlsErrors returns the error messages tdls reports for a file.
func tdlsErrors(l *loaded) []string {
	var out []string
	all := append(append([]tablegen.Diagnostic(nil), l.unit.Diags...), l.res.Diagnostics...)
	all = append(all, Plain(Check(l.set))...)
	for _, d := range all {
		if d.Severity == tablegen.SeverityError {
			out = append(out, d.Message+" ["+d.Code+"]")
		}
	}
	return out
}

func seeds(t testing.TB) []*seedFile {
	var out []*seedFile
	addDir := func(dir string, skip ...string) {
		abs, _ := filepath.Abs(dir)
		files, _ := filepath.Glob(filepath.Join(abs, "*.td"))
	next:
		for _, f := range files {
			for _, s := range skip {
				if filepath.Base(f) == s {
					continue next
				}
			}
			b, err := os.ReadFile(f)
			if err != nil || !bytes.Contains(b, []byte("Pat")) {
				continue
			}
			out = append(out, &seedFile{dir: abs, path: f, text: string(b)})
		}
	}
	addDir("testdata", "base.td")
	addDir("../testdata/drr", "FixtureOps.td")
	abs, _ := filepath.Abs("../examples/toy/ToyPatterns.td")
	if b, err := os.ReadFile(abs); err == nil {
		out = append(out, &seedFile{dir: filepath.Dir(abs), path: abs, text: string(b)})
	}
	return out
}

// TestMutations is the differential suite: mutants of valid DRR files, each
// judged by mlir-tblgen 22; tdls must report an error on every mutant it
// rejects or crashes on, and none on the mutants it accepts.
func TestMutations(t *testing.T) {
	if testing.Short() {
		t.Skip("mutation suite skipped in -short mode")
	}
	needMLIR(t)
	if !haveJudge() {
		t.Skip("mlir-tblgen 22 not found at " + mlirTblgen + "; the mutation suite needs it as the judge")
	}
	start := time.Now()
	rng := rand.New(rand.NewSource(6))
	var all []mutant
	for _, s := range seeds(t) {
		l, f := loadSeed(t, s, s.text)
		if errs := tdlsErrors(l); len(errs) > 0 {
			t.Fatalf("seed %s is not valid for tdls: %v", s.path, errs)
		}
		m := &mutator{seed: s, l: l, file: f, seen: map[string]bool{}, rng: rng}
		for _, o := range l.set.ODS.Ops {
			if df := l.unit.Set.File(o.Def.Decl.Start); df != nil && strings.HasPrefix(df.Name, s.dir) {
				m.ops = append(m.ops, o)
			}
		}
		used := map[*ods.Op]bool{}
		for _, o := range m.ops {
			used[o] = true
		}
		for _, p := range l.set.Patterns {
			for _, r := range append([]*DagNode{p.Source}, p.Results...) {
				r.Walk(func(x *DagNode) bool {
					if x.Op != nil && !used[x.Op] {
						used[x.Op] = true
						m.ops = append(m.ops, x.Op)
					}
					return true
				})
			}
		}
		if len(m.ops) == 0 {
			t.Fatalf("seed %s: no ops of its own dialect", s.path)
		}
		for _, p := range l.set.Patterns {
			m.pattern(p)
		}
		all = append(all, m.out...)
	}
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	const limit = 2100
	if len(all) > limit {
		all = all[:limit]
	}
	if len(all) < 2000 {
		t.Fatalf("only %d mutants", len(all))
	}
	// The judge runs in two processes while tdls checks the mutants here.
	var judged []verdict
	done := make(chan struct{})
	go func() {
		judged = judgeAll(t, all)
		close(done)
	}()
	tdls := make([][]string, len(all))
	for i, mu := range all {
		l, _ := loadSeed(t, mu.seed, mu.text)
		tdls[i] = tdlsErrors(l)
	}
	<-done
	rejected, caught, falseErrors := 0, 0, 0
	var report []string
	for i, mu := range all {
		errs := tdls[i]
		rc := judged[i].rc
		switch {
		case rc != 0:
			rejected++
			if len(errs) > 0 {
				caught++
			} else {
				report = append(report, fmt.Sprintf("MISSED (%s) in %s: mlir-tblgen rc=%d %s\n%s", mu.what, filepath.Base(mu.seed.path), rc, firstLine(judged[i].out), diffLine(mu.seed.text, mu.text)))
			}
		case len(errs) > 0:
			falseErrors++
			report = append(report, fmt.Sprintf("FALSE ERROR (%s) in %s: %s\n%s", mu.what, filepath.Base(mu.seed.path), errs[0], diffLine(mu.seed.text, mu.text)))
		}
	}
	summary := fmt.Sprintf("drr recall %d/%d, false errors %d (%d mutants, %s)", caught, rejected, falseErrors, len(all), time.Since(start).Round(time.Second))
	fmt.Fprintln(os.Stderr, summary)
	t.Log(summary)
	for i, r := range report {
		if i == 40 {
			t.Errorf("... and %d more", len(report)-40)
			break
		}
		t.Error(r)
	}
}

type verdict struct {
	rc  int
	out string
}

// judgeAll runs mlir-tblgen on every mutant, two at a time.
func judgeAll(t *testing.T, ms []mutant) []verdict {
	dir := t.TempDir()
	out := make([]verdict, len(ms))
	var wg sync.WaitGroup
	jobs := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				f := filepath.Join(dir, fmt.Sprintf("m%04d.td", i))
				if err := os.WriteFile(f, []byte(ms[i].text), 0o644); err != nil {
					out[i] = verdict{-1, err.Error()}
					continue
				}
				rc, b := judge(ms[i].seed.dir, f)
				out[i] = verdict{rc, b}
				os.Remove(f)
			}
		}()
	}
	for i := range ms {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return out
}

func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "error") || strings.Contains(l, "Expected") || strings.Contains(l, "PLEASE") {
			return strings.TrimSpace(l)
		}
	}
	return strings.TrimSpace(s)
}

// diffLine shows the mutated line.
func diffLine(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(bl); i++ {
		if i >= len(al) || al[i] != bl[i] {
			return "    " + strings.TrimSpace(bl[i])
		}
	}
	return ""
}
