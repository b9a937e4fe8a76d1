package ide_test

// Marker tests: each .td file under testdata/markers states in comments
// what the editor features answer at marked places, as gopls's marker tests
// do, and this runner checks it by calling the ide functions directly (no
// LSP). A marker is `//@name(args)`; several may share a comment. A marker
// in a comment of its own applies to the nearest line above that has code;
// one after code applies to that line. Arguments are Go string literals,
// integers and labels (bare identifiers).
//
// A place is a string literal: the first occurrence of that text on the
// marked line, the cursor at its start or at a `|` written inside it.
//
//	@loc(label, "text")             names the range of text on this line
//	                                (from the `|` on, if there is one)
//	@def("at", label...)            go-to-definition answers these places
//	@refs("at", label...)           references (with the declaration)
//	@highlight("at", label...)      document highlights
//	@rename("at", "new", label...)  the places a rename edits
//	@hover("at", "part"...)         the hover contains every part
//	@nohover("at")                  no hover
//	@complete("at", "item"...)      completion proposes every item
//	@nocomplete("at", "item"...)    completion proposes none of them
//	@token("at", "role", "mod"...)  the semantic token there (ide.TokenType)
//	@signature("at", "label", n)    signature help, parameter n active
//	@lens("at", label...)           the code lenses on the line of "at"
//	                                open these places, in this order
//	@kind("at", "kind")             what Classify finds there (Target.String:
//	                                "name:field", "op", "dialectPart:enumCase")
//	@needs(mlir)                    skip the file without MLIR's .td files
//
// Every place a position feature is asked at (@def, @refs, @highlight,
// @rename, @hover, @nohover) states its classification with a @kind, so
// that a marker file for a new kind tests the classifier as well as the
// answers; TestFeaturesAgree then checks, at every marked place, that
// definition, references, highlight and rename serve the same thing.
//
// Labels are shared by the files of one directory, so a definition in an
// included file can be named.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/scanner"

	"tdls/analysis"
	"tdls/analysis/ide"
)

const mlirIncludeDir = "/usr/lib/llvm-22/include"

// marker is one `//@name(args)` with the place it applies to.
type marker struct {
	name string
	args []markerArg
	file string
	line int    // 0-based
	code string // the code part of the marked line
	at   string // file:line, for messages
}

type markerArg struct {
	label string // a bare identifier
	str   string // a string literal
	num   int
	kind  rune // 'l', 's' or 'n'
}

// place is a range of a file as byte offsets.
type place struct {
	file       string
	start, end int
}

func (p place) String() string { return fmt.Sprintf("%s:%d-%d", filepath.Base(p.file), p.start, p.end) }

func TestMarkers(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join("testdata", "markers", "*"))
	dirs = append(dirs, filepath.Join("testdata", "markers"))
	ran := 0
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		ran += runMarkerDir(t, dir)
	}
	if ran < 60 {
		t.Errorf("only %d markers ran", ran)
	}
	t.Logf("%d markers", ran)
}

// markerDir is a directory's files, markers and labels, loaded into a
// workspace.
type markerDir struct {
	texts    map[string][]byte
	markers  []marker
	needs    map[string]bool
	haveMLIR bool
	labels   map[string]place
	snap     *analysis.Snapshot
}

func loadMarkerDir(t *testing.T, dir string) *markerDir {
	files, _ := filepath.Glob(filepath.Join(dir, "*.td"))
	sort.Strings(files)
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string][]byte{}
	var markers []marker
	needs := map[string]bool{}
	for _, f := range files {
		p := filepath.Join(abs, filepath.Base(f))
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		texts[p] = b
		ms, err := parseMarkers(p, string(b))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			if m.name == "needs" {
				needs[p] = true
				continue
			}
			markers = append(markers, m)
		}
	}
	haveMLIR := true
	if _, err := os.Stat(filepath.Join(mlirIncludeDir, "mlir", "IR", "OpBase.td")); err != nil {
		haveMLIR = false
	}
	labels := map[string]place{}
	for _, m := range markers {
		if m.name != "loc" {
			continue
		}
		if len(m.args) != 2 || m.args[0].kind != 'l' || m.args[1].kind != 's' {
			t.Fatalf("%s: @loc(label, \"text\")", m.at)
		}
		p, cursor, err := m.place(texts, m.args[1].str)
		if err != nil {
			t.Fatalf("%s: %v", m.at, err)
		}
		p.start = cursor // "Gen#|i" names the i alone
		labels[m.args[0].label] = p
	}
	w := analysis.NewWorkspace(analysis.Config{Folders: []string{abs}, IncludeDirs: []string{mlirIncludeDir}, NoMLIRAutoDetect: true})
	for p, b := range texts {
		w.SetBuffer(p, 1, b)
	}
	return &markerDir{texts: texts, markers: markers, needs: needs, haveMLIR: haveMLIR, labels: labels, snap: w.Snapshot()}
}

// view is the evaluated view of the file of m; ok is false when m is to
// be skipped.
func (d *markerDir) view(t *testing.T, ctx context.Context, m marker) (*analysis.FileView, bool) {
	if d.needs[m.file] && !d.haveMLIR {
		t.Logf("SKIP %s: MLIR's .td files are not installed", m.at)
		return nil, false
	}
	u, err := d.snap.UnitFor(ctx, m.file)
	if err != nil {
		t.Fatalf("%s: %v", m.at, err)
	}
	if _, err := u.Evaluated(ctx); err != nil {
		t.Fatal(err)
	}
	return u.View(m.file), true
}

// classifiedFeatures are the markers asked at a position whose
// classification a @kind must state.
var classifiedFeatures = map[string]bool{"def": true, "refs": true, "highlight": true, "rename": true, "hover": true, "nohover": true}

func runMarkerDir(t *testing.T, dir string) int {
	d := loadMarkerDir(t, dir)
	ctx := context.Background()
	kinded := map[string]bool{}
	for _, m := range d.markers {
		if m.name == "kind" && len(m.args) > 0 {
			kinded[m.file+":"+strconv.Itoa(m.line)+":"+m.args[0].str] = true
		}
	}
	ran := 0
	for _, m := range d.markers {
		if m.name == "loc" {
			continue
		}
		if classifiedFeatures[m.name] && len(m.args) > 0 && !kinded[m.file+":"+strconv.Itoa(m.line)+":"+m.args[0].str] {
			t.Errorf("%s: @%s(%q): state the classification there with @kind(%q, ...)", m.at, m.name, m.args[0].str, m.args[0].str)
		}
		v, ok := d.view(t, ctx, m)
		if !ok {
			continue
		}
		if err := m.check(ctx, d.snap, v, d.texts, d.labels); err != nil {
			t.Errorf("%s: @%s: %v", m.at, m.name, err)
		}
		ran++
	}
	return ran
}

// parseMarkers finds the markers of a file.
func parseMarkers(path, text string) ([]marker, error) {
	var out []marker
	lines := strings.Split(text, "\n")
	code := -1 // the last line with code
	for i, line := range lines {
		at := strings.Index(line, "//@")
		before := line
		if at >= 0 {
			before = line[:at]
		}
		if strings.TrimSpace(before) != "" {
			code = i
		}
		if at < 0 {
			continue
		}
		if code < 0 {
			code = i
		}
		ms, err := parseMarkerList(line[at+len("//@"):])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		for _, m := range ms {
			m.file, m.line, m.at = path, code, fmt.Sprintf("%s:%d", filepath.Base(path), i+1)
			m.code = lines[code]
			if k := strings.Index(m.code, "//@"); k >= 0 {
				m.code = m.code[:k]
			}
			out = append(out, m)
		}
	}
	return out, nil
}

// parseMarkerList parses `name(args) name(args) ...`.
func parseMarkerList(s string) ([]marker, error) {
	var out []marker
	var sc scanner.Scanner
	sc.Init(strings.NewReader(s))
	sc.Mode = scanner.ScanIdents | scanner.ScanStrings | scanner.ScanInts
	sc.Error = func(*scanner.Scanner, string) {}
	for tok := sc.Scan(); tok != scanner.EOF; tok = sc.Scan() {
		if tok != scanner.Ident {
			return nil, fmt.Errorf("marker name expected at %q in %q", sc.TokenText(), s)
		}
		m := marker{name: sc.TokenText()}
		if sc.Scan() != '(' {
			return nil, fmt.Errorf("( expected after %s in %q", m.name, s)
		}
		for tok := sc.Scan(); tok != ')'; tok = sc.Scan() {
			switch tok {
			case scanner.Ident:
				m.args = append(m.args, markerArg{label: sc.TokenText(), kind: 'l'})
			case scanner.String:
				v, err := strconv.Unquote(sc.TokenText())
				if err != nil {
					return nil, err
				}
				m.args = append(m.args, markerArg{str: v, kind: 's'})
			case scanner.Int:
				n, _ := strconv.Atoi(sc.TokenText())
				m.args = append(m.args, markerArg{num: n, kind: 'n'})
			case ',':
			default:
				return nil, fmt.Errorf("unexpected %q in %q", sc.TokenText(), s)
			}
		}
		out = append(out, m)
	}
	return out, nil
}

// place finds text on the marked line: its range, and the cursor (`|`).
func (m marker) place(texts map[string][]byte, text string) (place, int, error) {
	cursor := strings.Index(text, "|")
	plain := strings.Replace(text, "|", "", 1)
	col := strings.Index(m.code, plain)
	if col < 0 {
		return place{}, 0, fmt.Errorf("%q is not on line %d", plain, m.line+1)
	}
	start := lineStart(texts[m.file], m.line) + col
	if cursor < 0 {
		cursor = 0
	}
	return place{m.file, start, start + len(plain)}, start + cursor, nil
}

func lineStart(b []byte, line int) int {
	off := 0
	for ; line > 0; line-- {
		off += strings.IndexByte(string(b[off:]), '\n') + 1
	}
	return off
}

func (m marker) strs(from int) []string {
	var out []string
	for _, a := range m.args[from:] {
		out = append(out, a.str)
	}
	return out
}

func (m marker) labelPlaces(labels map[string]place, from int) ([]place, error) {
	var out []place
	for _, a := range m.args[from:] {
		p, ok := labels[a.label]
		if a.kind != 'l' || !ok {
			return nil, fmt.Errorf("unknown label %q", a.label)
		}
		out = append(out, p)
	}
	return out, nil
}

func placesOf(locs []analysis.Location) []place {
	var out []place
	for _, l := range locs {
		out = append(out, place{l.File.Name, l.File.Offset(l.Range.Start), l.File.Offset(l.Range.End)})
	}
	return out
}

// samePlaces compares as sets.
func samePlaces(got, want []place) error {
	key := func(ps []place) string {
		var s []string
		for _, p := range ps {
			s = append(s, p.String())
		}
		sort.Strings(s)
		return strings.Join(s, " ")
	}
	if key(got) != key(want) {
		return fmt.Errorf("got %s, want %s", key(got), key(want))
	}
	return nil
}

func (m marker) check(ctx context.Context, snap *analysis.Snapshot, v *analysis.FileView, texts map[string][]byte, labels map[string]place) error {
	if len(m.args) == 0 || m.args[0].kind != 's' {
		return fmt.Errorf("the first argument must be the place, a string")
	}
	_, off, err := m.place(texts, m.args[0].str)
	if err != nil {
		return err
	}
	pos := v.Pos(off)
	switch m.name {
	case "def", "refs", "highlight":
		want, err := m.labelPlaces(labels, 1)
		if err != nil {
			return err
		}
		var got []place
		switch m.name {
		case "def":
			got = placesOf(ide.Definition(ctx, v, pos))
		case "refs":
			got = placesOf(ide.References(ctx, snap, v, pos, true))
		default:
			for _, h := range ide.DocumentHighlight(ctx, v, pos) {
				got = append(got, place{v.Path, v.File.Offset(h.Range.Start), v.File.Offset(h.Range.End)})
			}
		}
		return samePlaces(got, want)
	case "rename":
		if len(m.args) < 2 || m.args[1].kind != 's' {
			return fmt.Errorf(`@rename("at", "new", label...)`)
		}
		want, err := m.labelPlaces(labels, 2)
		if err != nil {
			return err
		}
		edits, err := ide.Rename(ctx, snap, v, pos, m.args[1].str)
		if err != nil {
			return err
		}
		var locs []analysis.Location
		for _, e := range edits {
			locs = append(locs, e.Location)
		}
		return samePlaces(placesOf(locs), want)
	case "hover", "nohover":
		h, ok := ide.Hover(ctx, v, pos)
		if m.name == "nohover" {
			if ok {
				return fmt.Errorf("unexpected hover %q", h.Markdown)
			}
			return nil
		}
		if !ok {
			return fmt.Errorf("no hover")
		}
		for _, part := range m.strs(1) {
			if !strings.Contains(h.Markdown, part) {
				return fmt.Errorf("%q is not in the hover:\n%s", part, h.Markdown)
			}
		}
	case "complete", "nocomplete":
		items := map[string]bool{}
		for _, it := range ide.Completion(ctx, snap, v, v.File.Content, off) {
			items[it.Label] = true
		}
		for _, want := range m.strs(1) {
			if items[want] != (m.name == "complete") {
				return fmt.Errorf("%q: proposed %v (%d items)", want, items[want], len(items))
			}
		}
	case "kind":
		if len(m.args) != 2 || m.args[1].kind != 's' {
			return fmt.Errorf(`@kind("at", "kind")`)
		}
		if got := ide.Classify(ctx, v, pos).String(); got != m.args[1].str {
			return fmt.Errorf("classified %s, want %s", got, m.args[1].str)
		}
	case "token":
		mods := []string{"declaration", "readonly", "defaultLibrary"} // ide.ModDeclaration, ...
		toks, err := ide.SemanticTokens(context.Background(), v)
		if err != nil {
			return err
		}
		for _, tok := range toks {
			if tok.Range.Start != pos {
				continue
			}
			got := []string{tok.Type.String()}
			for i, mod := range mods {
				if tok.Mods&(1<<i) != 0 {
					got = append(got, mod)
				}
			}
			if want := m.strs(1); strings.Join(got, " ") != strings.Join(want, " ") {
				return fmt.Errorf("got %v, want %v", got, want)
			}
			return nil
		}
		return fmt.Errorf("no token")
	case "signature":
		if len(m.args) != 3 || m.args[2].kind != 'n' {
			return fmt.Errorf(`@signature("at", "label", active)`)
		}
		sig, ok := ide.SignatureHelp(ctx, v, pos)
		if !ok {
			return fmt.Errorf("no signature")
		}
		if sig.Label != m.args[1].str || sig.Active != m.args[2].num {
			return fmt.Errorf("got %q active %d, want %q active %d", sig.Label, sig.Active, m.args[1].str, m.args[2].num)
		}
	case "lens":
		want, err := m.labelPlaces(labels, 1)
		if err != nil {
			return err
		}
		line := v.File.Position(off).Line
		var got []analysis.Location
		for _, l := range ide.CodeLenses(ctx, v) {
			if v.File.Position(v.File.Offset(l.Range.Start)).Line == line {
				got = append(got, l.Target)
			}
		}
		if g, w := fmt.Sprint(placesOf(got)), fmt.Sprint(want); g != w {
			return fmt.Errorf("lenses open %s, want %s", g, w)
		}
	default:
		return fmt.Errorf("unknown marker")
	}
	return nil
}
