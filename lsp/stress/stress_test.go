// Package stress is the differential stress suite of the language server:
// random sequences of incremental edits, as a hostile or merely busy user
// makes them, after which what the server shows must equal what a fresh
// server shows for the same text.
//
//	go test ./lsp/stress                                # the short budget of make test
//	go test ./lsp/stress -stress.sequences 2000 -timeout 3h
//	go test ./lsp/stress -run Replay -stress.replay FILE  # a divergence found before
//	go test ./lsp/stress -stress.dir DIR[,DIR] -stress.sequences 150 -timeout 60m
//
// -stress.dir DIR (repeatable, or comma-separated) adds the root .td files
// of a project as subjects: each file of DIR that no other .td file of DIR
// includes, with the include directories tdls infers for DIR when nothing
// is configured (as `tdls init` does) and MLIR's. 3 sequences in 4 then
// edit one of them; the summary counts each directory's apart.
package stress

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"maps"
	"math/rand"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap/zapcore"

	"tdls/lsp"
	"tdls/lsp/lsptest"
)

var (
	flagSequences = flag.Int("stress.sequences", 0, "edit sequences to run (0: the short budget make test runs)")
	flagSeed      = flag.Int64("stress.seed", 1, "seed of the random sequences")
	flagOut       = flag.String("stress.out", "", "directory for divergence files (default: tdls-stress in the system's temp directory)")
	flagReplay    = flag.String("stress.replay", "", "a divergence file to replay (with -run Replay)")
	flagDirs      dirList
)

func init() {
	flag.Var(&flagDirs, "stress.dir", "a project directory whose root .td files are subjects too (repeatable, or comma-separated)")
}

// dirList is a flag that may be repeated, each time a comma-separated list.
type dirList []string

func (l *dirList) String() string { return strings.Join(*l, ",") }

func (l *dirList) Set(v string) error {
	for _, d := range strings.Split(v, ",") {
		if d != "" {
			*l = append(*l, d)
		}
	}
	return nil
}

// shortBudget is what make test runs: a few of every kind of subject.
const shortBudget = 24

// sequence is one run, as written to a divergence file: replaying it
// repeats it exactly.
type sequence struct {
	Subject     subject
	OpenedFirst bool     // the edits start only once the open is checked
	Steps       []step   // didChange notifications, in order
	Restored    bool     // the last steps undo every edit
	Divergences []string `json:",omitempty"`
}

func TestIncrementalStress(t *testing.T) {
	if _, err := os.Stat(mlirInclude); err != nil {
		t.Skipf("MLIR's .td files are not installed: %v", err)
	}
	n := *flagSequences
	if n == 0 {
		n = shortBudget
	}
	var projects [][]subject
	for _, dir := range flagDirs {
		subjects, err := projectSubjects(dir)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("%s: %d root files, include directories %v\n", dir, len(subjects), subjects[0].Dirs)
		projects = append(projects, subjects)
	}
	h := newHarness(t)
	rng := rand.New(rand.NewSource(*flagSeed))
	type tally struct{ sequences, edits, divergent, panicked int }
	total, byProject := tally{}, map[string]*tally{}
	for i := 0; i < n; i++ {
		seq := generate(t, rng, i, projects)
		edits := 0
		for _, st := range seq.Steps {
			edits += len(st.Edits)
		}
		panics := h.panics.Load()
		seq.Divergences = h.run(seq)
		tallies := []*tally{&total}
		if p := seq.Subject.Project; p != "" {
			if byProject[p] == nil {
				byProject[p] = &tally{}
			}
			tallies = append(tallies, byProject[p])
		}
		for _, c := range tallies {
			c.sequences++
			c.edits += edits
			if len(seq.Divergences) > 0 {
				c.divergent++
			}
			if h.panics.Load() > panics {
				c.panicked++
			}
		}
		if len(seq.Divergences) > 0 {
			t.Errorf("sequence %d (%s): %d divergences, written to %s:\n%s", i, seq.Subject.Name, len(seq.Divergences),
				writeDivergence(t, seq, i), strings.Join(seq.Divergences, "\n"))
		}
	}
	fmt.Printf("incremental stress: %d sequences, %d edits, %d divergences, %d with a panic\n", n, total.edits, total.divergent, total.panicked)
	for _, dir := range slices.Sorted(maps.Keys(byProject)) {
		c := byProject[dir]
		fmt.Printf("  %s: %d sequences, %d edits, %d divergences, %d with a panic\n", dir, c.sequences, c.edits, c.divergent, c.panicked)
	}
}

// TestReplay runs a divergence file again.
func TestReplay(t *testing.T) {
	if *flagReplay == "" {
		t.Skip("no -stress.replay file")
	}
	b, err := os.ReadFile(*flagReplay)
	if err != nil {
		t.Fatal(err)
	}
	var seq sequence
	if err := json.Unmarshal(b, &seq); err != nil {
		t.Fatal(err)
	}
	if d := newHarness(t).run(seq); len(d) > 0 {
		t.Fatalf("%s:\n%s", seq.Subject.Name, strings.Join(d, "\n"))
	}
}

// generate makes sequence i: a subject, then random actions, sent fast or
// with pauses, restored or left edited.
func generate(t *testing.T, rng *rand.Rand, i int, projects [][]subject) sequence {
	var subj subject
	var err error
	switch k := rng.Intn(8); {
	case len(projects) > 0 && rng.Intn(4) > 0:
		p := projects[rng.Intn(len(projects))]
		subj = p[rng.Intn(len(p))]
	case k < 4:
		subj = synthetic(rng, i)
	case k < 6:
		subj, err = mlirSubject(mlirFiles[rng.Intn(len(mlirFiles))])
	case k < 7:
		subj, err = mlirPairSubject(mlirPairs[rng.Intn(len(mlirPairs))])
	default:
		subj, err = outOfTreeSubject(outOfTree[rng.Intn(len(outOfTree))])
	}
	if err != nil {
		t.Fatal(err)
	}
	seq := sequence{Subject: subj, OpenedFirst: rng.Intn(2) == 0, Restored: rng.Intn(2) == 0}
	e := &editor{rng: rng, text: subj.Open[subj.Edited].Text}
	paused := rng.Intn(2) == 0
	for k := 1 + rng.Intn(12); k > 0; k-- {
		for _, st := range e.next() {
			if paused && rng.Intn(3) == 0 {
				st.Pause = rng.Intn(120)
			}
			st.Hover = rng.Intn(8) == 0
			seq.Steps = append(seq.Steps, st)
		}
	}
	if seq.Restored {
		seq.Steps = append(seq.Steps, e.restore()...)
		if e.text != subj.Open[subj.Edited].Text {
			t.Fatalf("sequence %d: undoing the edits did not restore the text", i)
		}
	}
	return seq
}

func writeDivergence(t *testing.T, seq sequence, i int) string {
	dir := *flagOut
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "tdls-stress")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	b, _ := json.MarshalIndent(seq, "", "  ")
	path := filepath.Join(dir, fmt.Sprintf("divergence-seed%d-%d.json", *flagSeed, i))
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// harness holds the server that lives through every sequence, as an
// editor's server lives through a day of edits: one for the harness's
// include directories, one for each project's.
type harness struct {
	t         *testing.T
	dir       string // the workspace: one directory per sequence
	n         int
	edited    map[string]*server // by include directories
	extraDirs []string
	panics    panicLog
}

func newHarness(t *testing.T) *harness {
	toy, _ := filepath.Abs("../../examples/toy")
	return &harness{t: t, dir: t.TempDir(), edited: map[string]*server{}, extraDirs: []string{mlirInclude, toy}}
}

// dirs returns the include directories seq's servers run with.
func (h *harness) dirs(seq sequence) []string {
	if seq.Subject.Project != "" {
		return seq.Subject.Dirs
	}
	return h.extraDirs
}

// editedServer returns the long-lived server with dirs, started on first
// use.
func (h *harness) editedServer(dirs []string) *server {
	key := strings.Join(dirs, "\n")
	if s := h.edited[key]; s != nil {
		return s
	}
	s, err := startServer(h.dir, dirs, &h.panics)
	if err != nil {
		h.t.Fatal(err)
	}
	h.t.Cleanup(s.stop)
	h.edited[key] = s
	return s
}

// panicLog counts what the servers log of a handler that panicked, and
// prints it.
type panicLog struct{ atomic.Int64 }

func (l *panicLog) Write(b []byte) (int, error) {
	if bytes.Contains(b, []byte("panicked")) {
		l.Add(1)
		os.Stderr.Write(b)
	}
	return len(b), nil
}

func (l *panicLog) Sync() error { return nil }

func (l *panicLog) logger() *lsp.Logger { return lsp.NewLogger(zapcore.AddSync(l), zapcore.ErrorLevel) }

// run plays seq on the long-lived server and compares the result with a
// fresh server's on the final texts; it returns the differences.
func (h *harness) run(seq sequence) []string {
	h.n++
	dir := filepath.Join(h.dir, fmt.Sprintf("seq%d", h.n))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		h.t.Fatal(err)
	}
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	// The files are on disk, as an editor's are, and the server hears of
	// them as of files created: each sequence has its own directory,
	// removed at its end.
	var created []string
	for _, d := range append(append([]doc(nil), seq.Subject.Disk...), seq.Subject.Open...) {
		if filepath.IsAbs(d.Path) {
			continue
		}
		if err := os.WriteFile(abs(d.Path), []byte(d.Text), 0o644); err != nil {
			h.t.Fatal(err)
		}
		created = append(created, abs(d.Path))
	}
	s := h.editedServer(h.dirs(seq))
	s.watched(created, protocol.FileChangeTypeCreated)
	defer func() {
		os.RemoveAll(dir)
		s.watched(created, protocol.FileChangeTypeDeleted)
	}()
	final := make([]doc, len(seq.Subject.Open))
	for i, d := range seq.Subject.Open {
		final[i] = doc{Path: abs(d.Path), Text: d.Text}
	}
	edited := final[seq.Subject.Edited].Path

	var problems []string
	for _, d := range final {
		if err := s.client.Open(s.ctx, d.Path, d.Text); err != nil {
			return []string{err.Error()}
		}
	}
	if seq.OpenedFirst {
		if err := s.settle(); err != nil {
			return []string{"after opening: " + err.Error()}
		}
	}
	text := seq.Subject.Open[seq.Subject.Edited].Text
	requests := make(chan error, len(seq.Steps))
	asked := 0
	for _, st := range seq.Steps {
		if err := s.client.ChangeRanges(s.ctx, edited, st.Edits...); err != nil {
			return []string{err.Error()}
		}
		for _, e := range st.Edits {
			text = applyLSP(text, e)
		}
		if st.Hover {
			asked++
			go func(line int) {
				ctx, cancel := context.WithTimeout(s.ctx, hangBound)
				defer cancel()
				requests <- s.client.Call(ctx, "textDocument/hover", positionParams(edited, line, 0), nil)
			}(asked % 10)
		}
		time.Sleep(time.Duration(st.Pause) * time.Millisecond)
	}
	final[seq.Subject.Edited].Text = text
	for ; asked > 0; asked-- {
		if err := <-requests; err != nil && !isLSPError(err) {
			problems = append(problems, "a hover during the edits got no answer: "+err.Error())
		}
	}
	if err := s.settle(); err != nil {
		return append(problems, "settling: "+err.Error())
	}
	got, err := s.shown(final)
	if err != nil {
		return append(problems, err.Error())
	}

	fresh, err := startServer(h.dir, h.dirs(seq), &h.panics)
	if err != nil {
		h.t.Fatal(err)
	}
	defer fresh.stop()
	for _, d := range final {
		if err := fresh.client.Open(fresh.ctx, d.Path, d.Text); err != nil {
			return append(problems, err.Error())
		}
	}
	if err := fresh.settle(); err != nil {
		return append(problems, "settling the fresh server: "+err.Error())
	}
	want, err := fresh.shown(final)
	if err != nil {
		return append(problems, "fresh server: "+err.Error())
	}
	for _, d := range final {
		problems = append(problems, compareDiagnostics(d.Path, got[d.Path], want[d.Path])...)
		for _, line := range append(got[d.Path], want[d.Path]...) {
			if strings.Contains(line, "-internal ") { // a panic the analysis recovered from
				h.panics.Add(1)
			}
		}
	}
	rng := rand.New(rand.NewSource(int64(len(text))))
	for _, off := range samplePositions(rng, text) {
		line, col := lspPosition(text, off)
		for _, method := range []string{"textDocument/hover", "textDocument/definition"} {
			a, errA := s.answer(method, positionParams(edited, line, col))
			b, errB := fresh.answer(method, positionParams(edited, line, col))
			if errA != nil || errB != nil {
				if (errA == nil) != (errB == nil) {
					problems = append(problems, fmt.Sprintf("%s at %d:%d: edited %v, fresh %v", method, line, col, errA, errB))
				}
				continue
			}
			if !reflect.DeepEqual(a, b) {
				problems = append(problems, fmt.Sprintf("%s at %d:%d:\n  edited: %s\n  fresh:  %s", method, line, col, clip(a), clip(b)))
			}
		}
	}
	for i := len(final) - 1; i >= 0; i-- {
		s.client.Close(s.ctx, final[i].Path)
	}
	return problems
}

// server is one in-process tdls server and its client.
type server struct {
	srv    *lsp.Server
	client *lsptest.Client
	ctx    context.Context
	cancel context.CancelFunc
}

func startServer(root string, extraDirs []string, panics *panicLog) (*server, error) {
	srvConn, cliConn := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	srv := lsp.NewServer(lsp.Options{NoMLIRAutoDetect: true, ExtraDirs: extraDirs, Logger: panics.logger()})
	go srv.Run(ctx, srvConn)
	c := lsptest.New(ctx, cliConn)
	if _, err := c.Initialize(ctx, root, nil); err != nil {
		cancel()
		return nil, err
	}
	return &server{srv: srv, client: c, ctx: ctx, cancel: cancel}, nil
}

// watched tells the server of files changed on disk, as a client's file
// watcher does.
func (s *server) watched(paths []string, kind protocol.FileChangeType) {
	if len(paths) == 0 {
		return
	}
	var changes []map[string]any
	for _, p := range paths {
		changes = append(changes, map[string]any{"uri": uri.File(p), "type": kind})
	}
	s.client.Notify(s.ctx, "workspace/didChangeWatchedFiles", map[string]any{"changes": changes})
}

func (s *server) stop() {
	s.client.Shutdown(context.Background())
	s.cancel()
}

// hangBound is how long the suite waits for an answer or a check before
// it calls it a hang: far past what a loaded machine takes (the suite
// shares two cores with every other package under make test).
const hangBound = 2 * time.Minute

// barrier returns once the server has handled every message sent before
// it: requests are dispatched in order, after the notifications before
// them.
func (s *server) barrier() error {
	ctx, cancel := context.WithTimeout(s.ctx, hangBound)
	defer cancel()
	err := s.client.Call(ctx, "tdls/stress/barrier", nil, nil)
	if isLSPError(err) {
		return nil // method not found: the expected answer
	}
	return err
}

// settle waits until every change sent is checked and its diagnostics
// received, and the workspace's C++ index is built: a fresh server asked
// before its index is has no C++ to show in a hover yet.
func (s *server) settle() error {
	if err := s.barrier(); err != nil {
		return err
	}
	done := make(chan struct{})
	go func() { s.srv.SettleIndex(); close(done) }()
	select {
	case <-done:
	case <-time.After(hangBound):
		return fmt.Errorf("the check did not finish within %v", hangBound)
	}
	return s.barrier() // the publishes written before its answer are read
}

// shown returns the last diagnostics published for each file, checking
// that they are those of the file's current version.
func (s *server) shown(files []doc) (map[string][]string, error) {
	out := map[string][]string{}
	for _, d := range files {
		pubs := s.client.Diagnostics(d.Path)
		if len(pubs) == 0 {
			return nil, fmt.Errorf("%s: nothing published", filepath.Base(d.Path))
		}
		last := pubs[len(pubs)-1].Params
		if v := s.client.Version(d.Path); last.Version != uint32(v) {
			return nil, fmt.Errorf("%s: the last diagnostics are of version %d, the text is at %d", filepath.Base(d.Path), last.Version, v)
		}
		out[d.Path] = diagnosticLines(last.Diagnostics)
	}
	return out, nil
}

func (s *server) answer(method string, params any) (any, error) {
	ctx, cancel := context.WithTimeout(s.ctx, hangBound)
	defer cancel()
	var res any
	err := s.client.Call(ctx, method, params, &res)
	return res, err
}

func diagnosticLines(ds []protocol.Diagnostic) []string {
	out := make([]string, 0, len(ds))
	for _, d := range ds {
		line := fmt.Sprintf("%s %v %v %s", rangeString(d.Range), d.Severity, d.Code, d.Message)
		for _, r := range d.RelatedInformation {
			line += fmt.Sprintf(" | %s %s %s", filepath.Base(string(r.Location.URI)), rangeString(r.Location.Range), r.Message)
		}
		out = append(out, line)
	}
	sort.Strings(out)
	return out
}

func rangeString(r protocol.Range) string {
	return fmt.Sprintf("%d:%d-%d:%d", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character)
}

func compareDiagnostics(path string, got, want []string) []string {
	if reflect.DeepEqual(got, want) {
		return nil
	}
	var out []string
	wantSet := map[string]int{}
	for _, w := range want {
		wantSet[w]++
	}
	for _, g := range got {
		if wantSet[g] > 0 {
			wantSet[g]--
			continue
		}
		out = append(out, fmt.Sprintf("%s: shown after the edits, not by a fresh server: %s", filepath.Base(path), g))
	}
	for w, n := range wantSet {
		for ; n > 0; n-- {
			out = append(out, fmt.Sprintf("%s: shown by a fresh server, not after the edits: %s", filepath.Base(path), w))
		}
	}
	sort.Strings(out)
	return out
}

// samplePositions picks offsets to ask hover and definition at: inside
// identifiers mostly, and anywhere.
func samplePositions(rng *rand.Rand, text string) []int {
	var idents []int
	for i := 0; i < len(text); i++ {
		c := text[i]
		if (c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') && (i == 0 || !isIdent(text[i-1])) {
			idents = append(idents, i)
		}
	}
	var out []int
	for k := 0; k < 6 && len(idents) > 0; k++ {
		out = append(out, idents[rng.Intn(len(idents))]+rng.Intn(2))
	}
	for k := 0; k < 2; k++ {
		out = append(out, rng.Intn(len(text)+1))
	}
	for i, off := range out { // at a rune start, not inside a line break
		for off > 0 && off < len(text) && (text[off]&0xC0 == 0x80 || text[off] == '\n' && text[off-1] == '\r') {
			off--
		}
		out[i] = min(off, len(text))
	}
	return out
}

func isIdent(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

func positionParams(path string, line, col int) map[string]any {
	return map[string]any{
		"textDocument": map[string]any{"uri": uri.File(path)},
		"position":     map[string]any{"line": line, "character": col},
	}
}

// isLSPError tells an error the server answered from a failure to get an
// answer.
func isLSPError(err error) bool {
	var e *jsonrpc2.Error
	return errors.As(err, &e)
}

func clip(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}

// applyLSP applies one LSP edit to text with the client's own position
// conversion.
func applyLSP(text string, e lsptest.Edit) string {
	start, end := offsetOf(text, e.StartLine, e.StartChar), offsetOf(text, e.EndLine, e.EndChar)
	return text[:start] + e.Text + text[end:]
}

// offsetOf is lspPosition's inverse.
func offsetOf(text string, line, col int) int {
	off := 0
	for l := 0; l < line; l++ {
		for off < len(text) && text[off] != '\n' && text[off] != '\r' {
			off++
		}
		if off < len(text) && text[off] == '\r' && off+1 < len(text) && text[off+1] == '\n' {
			off++
		}
		off++
	}
	for c := 0; c < col && off < len(text); {
		r, size := utf8.DecodeRuneInString(text[off:])
		off += size
		c += len(utf16.Encode([]rune{r}))
	}
	return min(off, len(text))
}
