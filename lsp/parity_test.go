package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"tdls/lsp/lsptest"
	"tdls/tablegen"
)

const (
	tblgenLSP   = "/usr/lib/llvm-22/bin/tblgen-lsp-server"
	llvmInclude = "/usr/lib/llvm-22/include"
)

// parityFiles and parityPerFile fix the sample: every k-th MLIR .td file
// by name, then a seeded choice of identifiers in each.
const (
	parityFiles   = 45
	parityPerFile = 30
	paritySeed    = 22
)

// TestParityWithTblgenLSPServer asks tblgen-lsp-server and tdls, both over
// stdio with the same include directory, for definition, references and
// hover at identifiers sampled from MLIR's .td files. Wherever
// tblgen-lsp-server answers a definition, tdls must answer the same
// location; its references must include tblgen-lsp-server's; its hover must
// not be empty where tblgen-lsp-server has one.
func TestParityWithTblgenLSPServer(t *testing.T) {
	if testing.Short() {
		t.Skip("differential test against tblgen-lsp-server: not in -short mode")
	}
	if _, err := os.Stat(tblgenLSP); err != nil {
		t.Skipf("SKIP lsp parity: %s not installed (make llvm)", tblgenLSP)
	}
	mlir := filepath.Join(llvmInclude, "mlir")
	var all []string
	_ = filepath.WalkDir(mlir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".td") {
			all = append(all, p)
		}
		return nil
	})
	sort.Strings(all)
	if len(all) == 0 {
		t.Skip("SKIP lsp parity: no MLIR .td files")
	}
	bin := filepath.Join(t.TempDir(), "tdls")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/tdls").CombinedOutput(); err != nil {
		t.Fatalf("building tdls: %v\n%s", err, out)
	}
	ctx, cancel := context.WithCancel(context.Background()) // each wait has its hangBound
	defer cancel()
	extra := "--tablegen-extra-dir=" + llvmInclude
	run := &parityRun{
		ref:  startServer(t, ctx, tblgenLSP, t.TempDir(), extra),
		tdls: startServer(t, ctx, bin, t.TempDir(), "serve", extra, "--log-level=error"),
		rng:  rand.New(rand.NewSource(paritySeed)),
	}
	step := max(1, len(all)/parityFiles)
	for i := 0; i < len(all); i += step {
		run.compareFile(t, ctx, all[i], parityPerFile)
	}
	def, refs, hov, diverged := run.def, run.refs, run.hov, run.diverged
	fmt.Printf("lsp parity: definition %d/%d, references %d/%d, hover %d/%d (definition: %d documented divergences, see letInSubclass)\n",
		def.ok, def.n, refs.ok, refs.n, hov.ok, hov.n, diverged)
	for _, s := range []*score{&def, &refs, &hov} {
		for _, m := range s.misses {
			t.Log(m)
		}
	}
	if def.n+refs.n+hov.n < 1000 {
		t.Errorf("only %d answered positions compared; want 1000+", def.n+refs.n+hov.n)
	}
	if def.ok+diverged != def.n || refs.ok != refs.n || hov.ok != hov.n {
		t.Errorf("parity below 100%%: definition %d/%d, references %d/%d, hover %d/%d", def.ok, def.n, refs.ok, refs.n, hov.ok, hov.n)
	}
}

// TestParityOutOfTree is the same comparison on projects of one's own
// choosing, opened as a new user opens them: tdls with the project as its
// workspace folder and nothing configured, tblgen-lsp-server given the
// include directories the project's build gives mlir-tblgen.
// TDLS_PARITY_PROJECTS is "DIR=INC[:INC]...;..." (INC relative to DIR);
// TDLS_PARITY_PER_FILE the identifiers sampled in each file (40).
// A definition tdls answers in the project's C++ instead (the C++ a .td
// names: go-to-definition on `hasVerifier`, a pass's `constructor`, a
// def's name) is counted apart, not as a miss.
func TestParityOutOfTree(t *testing.T) {
	spec := os.Getenv("TDLS_PARITY_PROJECTS")
	if spec == "" {
		t.Skip("TDLS_PARITY_PROJECTS names no project")
	}
	bin := filepath.Join(t.TempDir(), "tdls")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/tdls").CombinedOutput(); err != nil {
		t.Fatalf("building tdls: %v\n%s", err, out)
	}
	for _, project := range strings.Split(spec, ";") {
		dir, incs, _ := strings.Cut(project, "=")
		extra := []string{"--tablegen-extra-dir=" + llvmInclude}
		for _, inc := range strings.Split(incs, ":") {
			extra = append(extra, "--tablegen-extra-dir="+filepath.Join(dir, inc))
		}
		var files []string
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".td") {
				files = append(files, p)
			}
			return nil
		})
		sort.Strings(files)
		ctx, cancel := context.WithCancel(context.Background())
		run := &parityRun{
			aliases: defvarAliases(files),
			ref:     startServer(t, ctx, tblgenLSP, dir, extra...),
			tdls:    startServer(t, ctx, bin, dir, "serve", "--log-level=error"),
			rng:     rand.New(rand.NewSource(paritySeed)),
		}
		perFile := 40
		if n, err := strconv.Atoi(os.Getenv("TDLS_PARITY_PER_FILE")); err == nil && n > 0 {
			perFile = n
		}
		for _, f := range files {
			run.compareFile(t, ctx, f, perFile)
		}
		fmt.Printf("lsp parity %s: definition %d/%d (%d in the C++ the .td names, %d documented divergences), references %d/%d, hover %d/%d\n",
			filepath.Base(dir), run.def.ok, run.def.n, run.cpp, run.diverged, run.refs.ok, run.refs.n, run.hov.ok, run.hov.n)
		for _, s := range []*score{&run.def, &run.refs, &run.hov} {
			for _, m := range s.misses {
				t.Log(m)
			}
		}
		if run.def.ok+run.cpp+run.diverged != run.def.n || run.refs.ok != run.refs.n || run.hov.ok != run.hov.n {
			t.Errorf("%s: parity below 100%%", dir)
		}
		cancel()
	}
}

// parityRun asks both servers at sampled identifiers and keeps the score.
type parityRun struct {
	// aliases maps a defvar bound to a name (defvar X = Y;) to that name,
	// for the project's files (see aliasOf).
	aliases map[string]string

	ref, tdls      *lsptest.Client
	rng            *rand.Rand
	def, refs, hov score
	diverged, cpp  int
}

// compareFile opens path in both servers, compares their answers at n
// sampled identifiers and closes it.
func (r *parityRun) compareFile(t *testing.T, ctx context.Context, path string, n int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	pub := r.ref.Expect(path)
	for _, c := range []*lsptest.Client{r.ref, r.tdls} {
		if err := c.Open(ctx, path, text); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := lsptest.Wait(pub, hangBound); err != nil {
		t.Fatalf("%s: tblgen-lsp-server: %v", path, err)
	}
	f := &tablegen.File{Name: path, Base: 1, Content: data}
	for _, off := range sampleIdentifiers(f, r.rng, n) {
		line, col := f.UTF16Column(off)
		at := fmt.Sprintf("%s:%d:%d", filepath.Base(path), line+1, col+1)
		pos := map[string]any{"textDocument": map[string]any{"uri": uri.File(path)}, "position": map[string]any{"line": line, "character": col}}
		var wantDef, gotDef []protocol.Location
		call(t, ctx, r.ref, "textDocument/definition", pos, &wantDef)
		if len(wantDef) > 0 {
			call(t, ctx, r.tdls, "textDocument/definition", pos, &gotDef)
			switch {
			case containsLocation(gotDef, wantDef[0]):
				r.def.check(true, at)
			case letInSubclass(wantDef[0], gotDef), anonymousDefvar(wantDef[0], gotDef), defInMulticlass(wantDef[0], gotDef), defvarAlias(wantDef[0], gotDef):
				r.def.n++
				r.diverged++
			case inCpp(gotDef):
				r.def.n++
				r.cpp++
			default:
				r.def.check(false, at, wantDef, gotDef)
			}
		}
		rpos := map[string]any{"textDocument": pos["textDocument"], "position": pos["position"], "context": map[string]any{"includeDeclaration": true}}
		var wantRefs, gotRefs []protocol.Location
		call(t, ctx, r.ref, "textDocument/references", rpos, &wantRefs)
		if len(wantRefs) > 0 {
			call(t, ctx, r.tdls, "textDocument/references", rpos, &gotRefs)
			var missing []protocol.Location
			name := identifierAt(data, off)
			for _, m := range missingLocations(wantRefs, gotRefs) {
				if r.aliasOf(textAt(m), name) {
					continue
				}
				if !slices.ContainsFunc(gotRefs, func(g protocol.Location) bool {
					return anonymousDefvar(m, []protocol.Location{g}) || defInMulticlass(m, []protocol.Location{g})
				}) {
					missing = append(missing, m)
				}
			}
			r.refs.check(len(missing) == 0, at, missing, len(gotRefs))
		}
		var wantHover, gotHover *protocol.Hover
		call(t, ctx, r.ref, "textDocument/hover", pos, &wantHover)
		if wantHover != nil && wantHover.Contents.Value != "" {
			call(t, ctx, r.tdls, "textDocument/hover", pos, &gotHover)
			r.hov.check(gotHover != nil && strings.TrimSpace(gotHover.Contents.Value) != "", at, wantHover.Contents.Value)
		}
	}
	for _, c := range []*lsptest.Client{r.ref, r.tdls} {
		_ = c.Close(ctx, path)
	}
}

// aliasOf reports whether x and name are the same record through
// defvars bound to a name (defvar X = Y;): tblgen-lsp-server counts the
// uses of X among Y's references and the other way round (the value is
// the record); tdls's references are the places the name asked about is
// written, which a rename edits.
func (r *parityRun) aliasOf(x, name string) bool {
	root := func(n string) string {
		for i := 0; i < 16 && r.aliases[n] != ""; i++ {
			n = r.aliases[n]
		}
		return n
	}
	return x != "" && x != name && root(x) == root(name)
}

var defvarAliasRE = regexp.MustCompile(`(?m)^\s*defvar\s+(\w+)\s*=\s*(\w+)\s*;`)

// defvarAliases reads defvar X = Y; in files.
func defvarAliases(files []string) map[string]string {
	out := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, m := range defvarAliasRE.FindAllStringSubmatch(string(data), -1) {
			out[m[1]] = m[2]
		}
	}
	return out
}

// identifierAt is the identifier starting at off in data.
func identifierAt(data []byte, off int) string {
	end := off
	for end < len(data) && (data[end] == '_' || data[end] >= '0' && data[end] <= '9' || data[end]|0x20 >= 'a' && data[end]|0x20 <= 'z') {
		end++
	}
	return string(data[off:end])
}

// textAt is the text of l.
func textAt(l protocol.Location) string {
	f, data, ok := sourceOf(l)
	if !ok {
		return ""
	}
	from, to := offsetOf(f, l.Range.Start), offsetOf(f, l.Range.End)
	if from < 0 || to > len(data) || from > to {
		return ""
	}
	return string(data[from:to])
}

// sourceOf reads the file of l.
func sourceOf(l protocol.Location) (*tablegen.File, []byte, bool) {
	path, err := pathOf(l.URI)
	if err != nil {
		return nil, nil, false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, false
	}
	return &tablegen.File{Name: path, Base: 1, Content: data}, data, true
}

// lineBefore is the text of the line of off before it, without spaces.
func lineBefore(data []byte, off int) string {
	return strings.TrimSpace(string(data[strings.LastIndexByte(string(data[:off]), '\n')+1 : off]))
}

// inCpp reports whether every location is C++: in a C++ source or
// header, or in a .td file's code block (an extraClassDefinition).
func inCpp(locs []protocol.Location) bool {
	for _, l := range locs {
		switch filepath.Ext(string(l.URI)) {
		case ".cpp", ".cc", ".cxx", ".h", ".hpp":
		case ".td":
			if !inCodeBlock(l) {
				return false
			}
		default:
			return false
		}
	}
	return len(locs) > 0
}

// inCodeBlock reports whether l starts inside a [{ }] block of its file.
func inCodeBlock(l protocol.Location) bool {
	f, data, ok := sourceOf(l)
	if !ok {
		return false
	}
	set := tablegen.NewSourceSet()
	g := set.AddFile(f.Name, data)
	off := offsetOf(f, l.Range.Start)
	for _, tok := range tablegen.LexUnit(set, g, tablegen.LexOptions{Loader: &tablegen.CommandLineLoader{}}).Tokens {
		if tok.Kind == tablegen.TokCode && g.Contains(tok.Pos) && g.Offset(tok.Pos) < off && off < g.Offset(tok.End()) {
			return true
		}
	}
	return false
}

// defInMulticlass recognises where tblgen-lsp-server answers a
// multiclass's name in a defm with a def of the multiclass (def MmOp, or
// def "8Op" which LLVM places at `def`). tdls answers the multiclass.
func defInMulticlass(want protocol.Location, got []protocol.Location) bool {
	if len(got) != 1 || want.URI != got[0].URI || want.Range.Start.Line <= got[0].Range.Start.Line {
		return false
	}
	f, data, ok := sourceOf(want)
	if !ok || lineBefore(data, offsetOf(f, got[0].Range.Start)) != "multiclass" {
		return false
	}
	at := offsetOf(f, want.Range.Start)
	return strings.HasPrefix(lineBefore(data, at)+string(data[at:]), "def")
}

// defvarAlias recognises where tblgen-lsp-server answers a use of a
// defvar bound to a def's name (defvar X = Y) with Y's definition, the
// value it inlines. tdls answers the defvar.
func defvarAlias(want protocol.Location, got []protocol.Location) bool {
	if len(got) != 1 {
		return false
	}
	gf, gdata, ok := sourceOf(got[0])
	if !ok {
		return false
	}
	start := offsetOf(gf, got[0].Range.Start)
	line, _, _ := strings.Cut(string(gdata[start:]), "\n")
	_, value, ok := strings.Cut(line, "=")
	return ok && lineBefore(gdata, start) == "defvar" && strings.TrimSuffix(strings.TrimSpace(value), ";") == textAt(want)
}

// anonymousDefvar recognises where tblgen-lsp-server takes a defvar bound
// to a class instance (defvar X = C<...>) for the anonymous record it
// makes: the definition of X is then the instance, `C<`, on the defvar's
// line. tdls answers the defvar.
func anonymousDefvar(want protocol.Location, got []protocol.Location) bool {
	if len(got) != 1 || want.URI != got[0].URI || want.Range.Start.Line != got[0].Range.Start.Line {
		return false
	}
	f, data, ok := sourceOf(want)
	return ok && lineBefore(data, offsetOf(f, got[0].Range.Start)) == "defvar" && want.Range.Start.Character > got[0].Range.End.Character &&
		strings.HasPrefix(string(data[offsetOf(f, want.Range.End):]), "<")
}

type score struct {
	ok, n  int
	misses []string
}

func (s *score) check(ok bool, at string, detail ...any) {
	s.n++
	if ok {
		s.ok++
	} else if len(s.misses) < 15 {
		b, _ := json.Marshal(detail)
		s.misses = append(s.misses, at+": "+string(b))
	}
}

func startServer(t *testing.T, ctx context.Context, bin, root string, args ...string) *lsptest.Client {
	t.Helper()
	c, err := lsptest.Start(ctx, bin, args...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Shutdown(context.Background()) })
	if _, err := c.Initialize(ctx, root, nil); err != nil {
		t.Fatal(err)
	}
	return c
}

func call(t *testing.T, ctx context.Context, c *lsptest.Client, method string, params, result any) {
	t.Helper()
	cctx, cancel := context.WithTimeout(ctx, hangBound)
	defer cancel()
	if err := c.Call(cctx, method, params, result); err != nil {
		t.Fatalf("%s: %v", method, err)
	}
}

// sampleIdentifiers picks up to n identifier tokens of f (outside comments,
// strings and code) with rng, returning their offsets in order.
func sampleIdentifiers(f *tablegen.File, rng *rand.Rand, n int) []int {
	set := tablegen.NewSourceSet()
	g := set.AddFile(f.Name, f.Content)
	lx := tablegen.LexUnit(set, g, tablegen.LexOptions{Loader: &tablegen.CommandLineLoader{}})
	var offs []int
	for _, tok := range lx.Tokens {
		if tok.Kind == tablegen.TokIdent && g.Contains(tok.Pos) {
			offs = append(offs, g.Offset(tok.Pos))
		}
	}
	rng.Shuffle(len(offs), func(i, j int) { offs[i], offs[j] = offs[j], offs[i] })
	if len(offs) > n {
		offs = offs[:n]
	}
	sort.Ints(offs)
	return offs
}

// letInSubclass recognises a tblgen-lsp-server bug we do not reproduce: a
// class copies its fields' reference locations into every later subclass,
// so `p.f` may be answered with a `let f` of an unrelated class defined
// further down. tdls answers f's declaration (and the lets on the path of
// p's class).
func letInSubclass(want protocol.Location, got []protocol.Location) bool {
	if len(got) == 0 || want.URI != got[0].URI {
		return false
	}
	f, data, ok := sourceOf(want)
	if !ok {
		return false
	}
	text := func(r protocol.Range) string {
		return string(data[offsetOf(f, r.Start):offsetOf(f, r.End)])
	}
	return lineBefore(data, offsetOf(f, want.Range.Start)) == "let" && text(want.Range) == text(got[0].Range)
}

// containsLocation: tdls answers a field with its declaration followed by
// the lets overriding it on the way; tblgen-lsp-server answers one of them.
func containsLocation(got []protocol.Location, want protocol.Location) bool {
	for _, l := range got {
		if l.URI == want.URI && l.Range == want.Range {
			return true
		}
	}
	return false
}

func missingLocations(want, got []protocol.Location) []protocol.Location {
	have := map[string]bool{}
	for _, l := range got {
		have[fmt.Sprint(l.URI, l.Range.Start)] = true
	}
	var out []protocol.Location
	for _, l := range want {
		if !have[fmt.Sprint(l.URI, l.Range.Start)] {
			out = append(out, l)
		}
	}
	return out
}
