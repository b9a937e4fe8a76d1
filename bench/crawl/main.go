// Command crawl asks tdls every LSP request at every identifier of a real
// project, as a new user who opens the repository would: the directory as
// the only workspace folder, nothing configured, the server not trusted.
// It opens each .td file in turn (closing it after), waits for its
// diagnostics, and at the start of every K-th identifier-like token asks
// hover, definition, declaration, typeDefinition, implementation,
// references, documentHighlight, completion, signatureHelp, prepareRename
// and codeAction (the token's line, with the file's diagnostics on it);
// once per file it asks documentSymbol, foldingRange, semantic tokens
// (full and ranges), inlay hints, documentLink, codeLens, formatting and
// rangeFormatting of a few random ranges. Every preview command a code
// lens or code action offers is executed (tdls.showGenerated,
// tdls.showGeneratedRewriter, tdls.showLocation: they only answer text or
// a place; the client does not advertise window/showDocument, so no
// preview is written either); tdls.writeProjectConfig, which writes a
// file, never is. A request the server does not advertise is asked once
// per project: an editor never sends it, and "method not found" is then the
// right answer.
//
// It records as findings: an error response (a prepareRename refusal, the
// answer LSP gives for "nothing to rename here", is counted apart), an
// answer slower than -slow, no answer within -timeout, an ERROR or panic
// line in the server's log or on its stderr, the server's exit (it is
// restarted for the next file), and a formatting answer that would change
// a non-whitespace byte, or a line outside the range asked.
//
// With -diags it also prints the errors and warnings published for each
// file it opens: in a project that builds, each is a false report unless
// the file is one the build does not evaluate as the server does (a root
// that fails alone, or a file of the build tree).
//
//	go run ./bench/crawl -tdls bin/tdls [-max-files N] [-every K] [-diags] DIR...
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"tdls/lsp/lsptest"
	"tdls/tablegen"
)

// Server commands that only show something; writeProjectConfig is left out.
var showCommands = map[string]bool{
	"tdls.showGenerated":         true,
	"tdls.showGeneratedRewriter": true,
	"tdls.showLocation":          true,
}

// perToken are the requests asked at each token, in order.
var perToken = []string{
	"textDocument/hover",
	"textDocument/definition",
	"textDocument/declaration",
	"textDocument/typeDefinition",
	"textDocument/implementation",
	"textDocument/references",
	"textDocument/documentHighlight",
	"textDocument/completion",
	"textDocument/signatureHelp",
	"textDocument/prepareRename",
	"textDocument/codeAction",
}

type options struct {
	bin            string
	every, maxFile int
	slow, timeout  time.Duration
	seed           int64
	verbose        bool
	diags          bool
}

func main() {
	var o options
	flag.StringVar(&o.bin, "tdls", "bin/tdls", "tdls binary")
	flag.IntVar(&o.every, "every", 1, "ask at every K-th identifier-like token")
	flag.IntVar(&o.maxFile, "max-files", 0, "open at most N .td files per project (0: all)")
	flag.DurationVar(&o.slow, "slow", 2*time.Second, "an answer slower than this is a finding")
	flag.DurationVar(&o.timeout, "timeout", 60*time.Second, "give up on a request after this long")
	flag.Int64Var(&o.seed, "seed", 1, "seed of the random formatting ranges")
	flag.BoolVar(&o.verbose, "v", false, "print each file as it is crawled")
	flag.BoolVar(&o.diags, "diags", false, "print the errors and warnings published for each file opened")
	flag.Parse()
	if flag.NArg() == 0 || o.every < 1 {
		fmt.Fprintln(os.Stderr, "usage: crawl -tdls BIN [-max-files N] [-every K] DIR...")
		os.Exit(2)
	}
	var all []*crawler
	for _, dir := range flag.Args() {
		cr, err := crawl(o, dir)
		if err != nil {
			fmt.Fprintf(os.Stderr, "crawl %s: %v\n", dir, err)
			os.Exit(1)
		}
		fmt.Println(cr.summary())
		all = append(all, cr)
		if len(cr.found) == 0 {
			os.RemoveAll(cr.tmp) // the logs say nothing worth keeping
		}
	}
	for _, cr := range all {
		cr.printFindings()
	}
}

// finding is one thing that went wrong, where it was asked.
type finding struct {
	kind, method, where, detail string
}

type crawler struct {
	o       options
	dir     string
	tmp     string
	files   int
	tokens  int
	reqs    int
	refused map[string]int // prepareRename refusals, by reason
	counts  map[string]int // findings, by kind
	found   []finding
	start   time.Time
	elapsed time.Duration

	srv      *server
	restarts int
	executed map[string]bool // preview commands run, by target
	// caps are the server's capabilities; asked, the requests it does not
	// advertise that were asked once anyway (method not found is then the
	// right answer, and an editor never sends them).
	caps  map[string]any
	asked map[string]bool
}

// server is one tdls process and what the crawler watches of it.
type server struct {
	c       *lsptest.Client
	ctx     context.Context // ends when the process exits
	stop    context.CancelFunc
	log     string
	logOff  int64
	errFile string
	errOff  int64
	dead    bool
}

func crawl(o options, dir string) (*crawler, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	files, err := tdFiles(dir)
	if err != nil {
		return nil, err
	}
	if o.maxFile > 0 && len(files) > o.maxFile {
		files = files[:o.maxFile]
	}
	tmp, err := os.MkdirTemp("", "crawl")
	if err != nil {
		return nil, err
	}
	cr := &crawler{o: o, dir: dir, tmp: tmp, refused: map[string]int{}, counts: map[string]int{}, executed: map[string]bool{}, asked: map[string]bool{}, start: time.Now()}
	defer func() { cr.elapsed = time.Since(cr.start) }()
	for _, f := range files {
		if cr.srv == nil || cr.srv.dead {
			if err := cr.startServer(); err != nil {
				return nil, err
			}
		}
		if o.verbose {
			fmt.Fprintf(os.Stderr, "%s %s\n", time.Since(cr.start).Round(time.Second), cr.rel(f))
		}
		if err := cr.file(f); err != nil {
			return nil, fmt.Errorf("%s: %v", cr.rel(f), err)
		}
		cr.files++
	}
	if cr.srv != nil && !cr.srv.dead {
		_ = cr.srv.c.Shutdown(context.Background())
		cr.srv.stop()
		cr.checkLog("shutdown", "")
	}
	return cr, nil
}

// tdFiles are the .td files under dir, in order, outside VCS directories.
func tdFiles(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == ".hg") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".td") && d.Type().IsRegular() {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

func (cr *crawler) rel(path string) string {
	if r, err := filepath.Rel(cr.dir, path); err == nil {
		return r
	}
	return path
}

// startServer runs `tdls serve` with a log file and the repository as the
// only folder, as an editor that has nothing configured starts it.
func (cr *crawler) startServer() error {
	n := cr.restarts
	cr.restarts++
	s := &server{log: filepath.Join(cr.tmp, fmt.Sprintf("tdls-%d.log", n)), errFile: filepath.Join(cr.tmp, fmt.Sprintf("tdls-%d.stderr", n))}
	stderr, err := os.Create(s.errFile)
	if err != nil {
		return err
	}
	cmd := exec.Command(cr.o.bin, "serve", "--log-file", s.log)
	cmd.Stderr = stderr
	c, err := lsptest.StartCommand(context.Background(), cmd)
	if err != nil {
		return err
	}
	s.c = c
	s.ctx, s.stop = context.WithCancel(context.Background())
	go watch(c.Pid(), s.stop)
	cr.srv = s
	ictx, cancel := context.WithTimeout(s.ctx, cr.o.timeout)
	defer cancel()
	res, err := c.Initialize(ictx, cr.dir, nil)
	if err != nil {
		return fmt.Errorf("initialize: %v", err)
	}
	var init struct {
		Capabilities map[string]any `json:"capabilities"`
	}
	if err := json.Unmarshal(res, &init); err != nil {
		return fmt.Errorf("initialize: %v", err)
	}
	cr.caps = init.Capabilities
	return nil
}

// capability is the server capability that advertises each request.
var capability = map[string]string{
	"textDocument/hover":                "hoverProvider",
	"textDocument/definition":           "definitionProvider",
	"textDocument/declaration":          "declarationProvider",
	"textDocument/typeDefinition":       "typeDefinitionProvider",
	"textDocument/implementation":       "implementationProvider",
	"textDocument/references":           "referencesProvider",
	"textDocument/documentHighlight":    "documentHighlightProvider",
	"textDocument/completion":           "completionProvider",
	"textDocument/signatureHelp":        "signatureHelpProvider",
	"textDocument/prepareRename":        "renameProvider.prepareProvider",
	"textDocument/codeAction":           "codeActionProvider",
	"textDocument/documentSymbol":       "documentSymbolProvider",
	"textDocument/foldingRange":         "foldingRangeProvider",
	"textDocument/semanticTokens/full":  "semanticTokensProvider.full",
	"textDocument/semanticTokens/range": "semanticTokensProvider.range",
	"textDocument/inlayHint":            "inlayHintProvider",
	"textDocument/documentLink":         "documentLinkProvider",
	"textDocument/codeLens":             "codeLensProvider",
	"textDocument/formatting":           "documentFormattingProvider",
	"textDocument/rangeFormatting":      "documentRangeFormattingProvider",
	"workspace/executeCommand":          "executeCommandProvider",
}

// advertised says whether the server's capabilities offer method: its
// capability is there and neither null nor false.
func (cr *crawler) advertised(method string) bool {
	key, ok := capability[method]
	if !ok {
		return true
	}
	var v any = cr.caps
	for _, k := range strings.Split(key, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return false
		}
		v = m[k]
	}
	return v != nil && v != false
}

// watch cancels stop when the process pid has exited: a dead server
// answers nothing, and the client would wait out every request's timeout.
func watch(pid int, stop context.CancelFunc) {
	for {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			stop()
			return
		}
		// The state follows the command name, which is in parentheses.
		if i := bytes.LastIndexByte(b, ')'); i >= 0 && i+2 < len(b) && (b[i+2] == 'Z' || b[i+2] == 'X') {
			stop()
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (cr *crawler) add(f finding) {
	cr.counts[f.kind]++
	cr.found = append(cr.found, f)
}

// call asks one request and records what is wrong with its answer: an
// error, slowness, no answer, log lines, the server's exit. It returns the
// result, nil when there is none.
func (cr *crawler) call(method string, params any, where string) json.RawMessage {
	s := cr.srv
	if s.dead {
		return nil
	}
	unadvertised := !cr.advertised(method)
	if unadvertised {
		if cr.asked[method] {
			return nil
		}
		cr.asked[method] = true
	}
	ctx, cancel := context.WithTimeout(s.ctx, cr.o.timeout)
	defer cancel()
	var res json.RawMessage
	t0 := time.Now()
	err := s.c.Call(ctx, method, params, &res)
	d := time.Since(t0)
	cr.reqs++
	if d > cr.o.slow && err == nil {
		cr.add(finding{"slow", method, where, d.Round(time.Millisecond).String()})
	}
	code, message, answered := lsptest.ResponseError(err)
	switch {
	case err == nil:
	case answered:
		if unadvertised && code == lsptest.MethodNotFound {
			break
		}
		if method == "textDocument/prepareRename" && code == lsptest.InvalidRequest {
			// LSP's way to say there is nothing to rename here.
			reason := message
			if i := strings.Index(reason, ": "); i >= 0 {
				reason = reason[i+2:]
			}
			cr.refused[reason]++
			break
		}
		cr.add(finding{"error", method, where, fmt.Sprintf("%d %s", code, message)})
	case s.ctx.Err() != nil:
		// The process exited; the log and stderr say why.
	case ctx.Err() != nil:
		cr.add(finding{"timeout", method, where, "no answer within " + cr.o.timeout.String()})
	default:
		cr.add(finding{"error", method, where, err.Error()})
	}
	cr.checkLog(method, where)
	if s.ctx.Err() != nil && !s.dead {
		s.dead = true
		cr.add(finding{"exit", method, where, "the server exited: " + lastLines(s.errFile, 3)})
		s.c.Shutdown(context.Background())
	}
	if err != nil {
		return nil
	}
	return res
}

// checkLog records the ERROR and panic lines the server has written to its
// log and stderr since the last look, against the request just answered.
func (cr *crawler) checkLog(method, where string) {
	s := cr.srv
	for _, src := range []struct {
		path string
		off  *int64
	}{{s.log, &s.logOff}, {s.errFile, &s.errOff}} {
		st, err := os.Stat(src.path)
		if err != nil || st.Size() <= *src.off {
			continue
		}
		f, err := os.Open(src.path)
		if err != nil {
			continue
		}
		buf := make([]byte, st.Size()-*src.off)
		n, _ := f.ReadAt(buf, *src.off)
		f.Close()
		// Only whole lines: the rest is read next time.
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			buf = buf[:i+1]
		} else {
			continue
		}
		*src.off += int64(len(buf))
		for _, line := range strings.Split(string(buf), "\n") {
			if isBadLogLine(line) {
				cr.add(finding{"log", method, where, clip(line, 400)})
			}
		}
	}
}

// isBadLogLine is an ERROR entry of the log (its level is the second
// tab-separated field) or a Go panic or fatal error on stderr.
func isBadLogLine(line string) bool {
	if f := strings.SplitN(line, "\t", 3); len(f) >= 2 && f[1] == "ERROR" {
		return true
	}
	return strings.HasPrefix(line, "panic:") || strings.HasPrefix(line, "fatal error:") || strings.Contains(line, "handler panicked")
}

func lastLines(path string, n int) string {
	b, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return clip(strings.Join(lines, " | "), 400)
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// file crawls one file: open, diagnostics, every K-th token, the
// whole-file requests, close.
func (cr *crawler) file(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	text := string(data)
	s := cr.srv
	ch := s.c.Expect(path)
	if err := s.c.Open(s.ctx, path, text); err != nil {
		return err
	}
	rel := cr.rel(path)
	var diags []map[string]any
	if _, err := lsptest.Wait(ch, cr.o.timeout); err != nil {
		cr.add(finding{"timeout", "textDocument/didOpen", rel, "no publishDiagnostics within " + cr.o.timeout.String()})
	} else if last, ok := s.c.Settle(path, 300*time.Millisecond, cr.o.timeout); ok {
		// The last publish is the file's full diagnostics (tdls publishes
		// the syntax's at once, then the evaluation's).
		b, _ := json.Marshal(last.Params.Diagnostics)
		_ = json.Unmarshal(b, &diags)
		if cr.o.diags {
			printDiags(rel, diags)
		}
	}
	cr.checkLog("textDocument/didOpen", rel)
	lines := newLines(text)
	doc := map[string]any{"uri": lsptest.URI(path)}
	at := func(off int) (string, map[string]any) {
		l, c := lines.position(off)
		return fmt.Sprintf("%s:%d:%d", rel, l+1, lines.byteCol(off)+1), map[string]any{"line": l, "character": c}
	}

	for i, off := range identifiers(text) {
		if i%cr.o.every != 0 {
			continue
		}
		if cr.srv.dead {
			break
		}
		cr.tokens++
		where, pos := at(off)
		for _, m := range perToken {
			p := map[string]any{"textDocument": doc, "position": pos}
			switch m {
			case "textDocument/references":
				p["context"] = map[string]any{"includeDeclaration": true}
			case "textDocument/completion":
				p["context"] = map[string]any{"triggerKind": 1}
			case "textDocument/codeAction":
				// The token's line from the token on, with the file's
				// diagnostics that touch it, as an editor asks for the
				// light bulb.
				l := pos["line"].(int)
				_, end := at(lines.lineEnd(l))
				p = map[string]any{"textDocument": doc, "range": map[string]any{"start": pos, "end": end},
					"context": map[string]any{"diagnostics": onLine(diags, l)}}
			}
			res := cr.call(m, p, where)
			if m == "textDocument/codeAction" {
				cr.runCommands(res, where)
			}
		}
	}
	if !cr.srv.dead {
		cr.wholeFile(path, rel, text, lines, doc)
	}
	if !cr.srv.dead {
		_ = cr.srv.c.Close(cr.srv.ctx, path)
	}
	return nil
}

// wholeFile asks the requests made once per file, and checks the
// formatting answers.
func (cr *crawler) wholeFile(path, rel, text string, lines *lineIndex, doc map[string]any) {
	whole := lines.rangeOf(0, len(text))
	for _, m := range []string{"textDocument/documentSymbol", "textDocument/foldingRange", "textDocument/semanticTokens/full", "textDocument/documentLink"} {
		cr.call(m, map[string]any{"textDocument": doc}, rel)
	}
	cr.call("textDocument/semanticTokens/range", map[string]any{"textDocument": doc, "range": whole}, rel)
	cr.call("textDocument/inlayHint", map[string]any{"textDocument": doc, "range": whole}, rel)
	lenses := cr.call("textDocument/codeLens", map[string]any{"textDocument": doc}, rel)
	var ls []struct {
		Command *command `json:"command"`
	}
	_ = json.Unmarshal(lenses, &ls)
	for _, l := range ls {
		if l.Command != nil {
			cr.execute(*l.Command, rel)
		}
	}

	opts := map[string]any{"tabSize": 2, "insertSpaces": true}
	edits := cr.call("textDocument/formatting", map[string]any{"textDocument": doc, "options": opts}, rel)
	cr.checkFormat("textDocument/formatting", rel, text, lines, edits, -1, -1)

	// A few random ranges, the same for a file on every run.
	h := fnv.New64a()
	h.Write([]byte(rel))
	rng := rand.New(rand.NewSource(cr.o.seed ^ int64(h.Sum64())))
	n := lines.count()
	for k := 0; k < 3; k++ {
		first := rng.Intn(n)
		last := min(n-1, first+rng.Intn(20))
		from := lines.start(first) + rng.Intn(max(1, lines.lineEnd(first)-lines.start(first)))
		r := lines.rangeOf(from, lines.lineEnd(last))
		where := fmt.Sprintf("%s:%d-%d", rel, first+1, last+1)
		cr.call("textDocument/semanticTokens/range", map[string]any{"textDocument": doc, "range": r}, where)
		edits := cr.call("textDocument/rangeFormatting", map[string]any{"textDocument": doc, "range": r, "options": opts}, where)
		cr.checkFormat("textDocument/rangeFormatting", where, text, lines, edits, first, last)
	}
}

type command struct {
	Title     string            `json:"title"`
	Command   string            `json:"command"`
	Arguments []json.RawMessage `json:"arguments"`
}

// runCommands executes the preview commands of a codeAction answer.
func (cr *crawler) runCommands(res json.RawMessage, where string) {
	var actions []struct {
		Command json.RawMessage `json:"command"`
	}
	if json.Unmarshal(res, &actions) != nil {
		return
	}
	for _, a := range actions {
		// A CodeAction's command is a Command; a bare Command has a string.
		var c command
		if json.Unmarshal(a.Command, &c) == nil && c.Command != "" {
			cr.execute(c, where)
		}
	}
}

// execute runs a command that only shows something, once per target: a
// preview is asked again at every token of its def, with the same answer.
func (cr *crawler) execute(c command, where string) {
	if !showCommands[c.Command] {
		return
	}
	key := c.Command + "\x00" + targetKey(c.Arguments)
	if cr.executed[key] {
		return
	}
	cr.executed[key] = true
	cr.call("workspace/executeCommand", map[string]any{"command": c.Command, "arguments": c.Arguments}, where+" ("+c.Command+" "+clip(string(joinArgs(c.Arguments)), 200)+")")
}

// targetKey names what a command's arguments preview: a named target
// without its position, else the arguments as they are.
func targetKey(args []json.RawMessage) string {
	if len(args) == 1 {
		var t map[string]any
		if json.Unmarshal(args[0], &t) == nil && t["name"] != nil {
			delete(t, "position")
			b, _ := json.Marshal(t)
			return string(b)
		}
	}
	return string(joinArgs(args))
}

func joinArgs(args []json.RawMessage) []byte {
	b, _ := json.Marshal(args)
	return b
}

// onLine are the diagnostics whose range touches line.
func onLine(diags []map[string]any, line int) []map[string]any {
	out := []map[string]any{}
	for _, d := range diags {
		var r struct {
			Start, End struct{ Line int }
		}
		b, _ := json.Marshal(d["range"])
		if json.Unmarshal(b, &r) == nil && r.Start.Line <= line && line <= r.End.Line {
			out = append(out, d)
		}
	}
	return out
}

// checkFormat applies a formatting answer to text and records it when the
// result differs from text in more than whitespace, when edits overlap or
// fall outside the document, or, for a range (first..last, 0-based lines),
// when an edit touches another line.
func (cr *crawler) checkFormat(method, where, text string, lines *lineIndex, res json.RawMessage, first, last int) {
	var edits []struct {
		Range struct {
			Start, End struct{ Line, Character int }
		}
		NewText string
	}
	if len(res) == 0 || json.Unmarshal(res, &edits) != nil || len(edits) == 0 {
		return
	}
	type span struct {
		from, to int
		text     string
	}
	var spans []span
	for _, e := range edits {
		from, ok1 := lines.offset(e.Range.Start.Line, e.Range.Start.Character)
		to, ok2 := lines.offset(e.Range.End.Line, e.Range.End.Character)
		if !ok1 || !ok2 || to < from {
			cr.add(finding{"format", method, where, fmt.Sprintf("edit outside the document or reversed: %+v", e.Range)})
			return
		}
		if first >= 0 {
			// The range's lines may be edited up to and including their
			// line break; no other line may change.
			if e.Range.Start.Line < first || e.Range.End.Line > last+1 || e.Range.End.Line == last+1 && e.Range.End.Character > 0 {
				cr.add(finding{"format", method, where, fmt.Sprintf("edit outside lines %d-%d: %d:%d-%d:%d %q", first+1, last+1,
					e.Range.Start.Line+1, e.Range.Start.Character+1, e.Range.End.Line+1, e.Range.End.Character+1, e.NewText)})
			}
		}
		spans = append(spans, span{from, to, e.NewText})
	}
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].from < spans[j].from })
	var b strings.Builder
	at := 0
	for _, s := range spans {
		if s.from < at {
			cr.add(finding{"format", method, where, fmt.Sprintf("edits overlap at byte %d", s.from)})
			return
		}
		b.WriteString(text[at:s.from])
		b.WriteString(s.text)
		at = s.to
	}
	b.WriteString(text[at:])
	if a, z := stripSpace(text), stripSpace(b.String()); a != z {
		i := 0
		for i < len(a) && i < len(z) && a[i] == z[i] {
			i++
		}
		cr.add(finding{"format", method, where, fmt.Sprintf("changes a non-whitespace byte: %q became %q",
			clip(a[max(0, i-20):min(len(a), i+20)], 60), clip(z[max(0, i-20):min(len(z), i+20)], 60))})
	}
}

func stripSpace(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			return -1
		}
		return r
	}, s)
}

// identifiers are the byte offsets of the identifier-like tokens of text
// outside comments: a name ([A-Za-z_][A-Za-z0-9_]*) with the $ or ! that
// starts a pattern symbol, a ODS placeholder or a bang operator. Names in
// strings and code blocks count: ODS puts C++ and placeholders there.
func identifiers(text string) []int {
	var out []int
	word := func(c byte) bool {
		return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '/' && i+1 < len(text) && text[i+1] == '/':
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				return out
			}
			i += j
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			j := strings.Index(text[i+2:], "*/")
			if j < 0 {
				return out
			}
			i += j + 4
		case word(c) && (c < '0' || c > '9'):
			start := i
			if i > 0 && (text[i-1] == '$' || text[i-1] == '!') {
				start = i - 1
			}
			out = append(out, start)
			for i < len(text) && word(text[i]) {
				i++
			}
		case word(c):
			for i < len(text) && word(text[i]) { // a number, or a name that starts with digits
				i++
			}
		default:
			i++
		}
	}
	return out
}

// lineIndex converts byte offsets to LSP positions (0-based line, UTF-16
// column) and back, with tablegen.File's LSP lines (a line ends at \n,
// \r\n or a lone \r).
type lineIndex struct{ f *tablegen.File }

func newLines(text string) *lineIndex { return &lineIndex{&tablegen.File{Content: []byte(text)}} }

func (l *lineIndex) count() int { return l.f.LineCount() }

func (l *lineIndex) start(line int) int { return l.f.LineStart(line) }

// lineEnd is the offset of line's line break (or of the text's end).
func (l *lineIndex) lineEnd(line int) int { return l.f.LineEnd(line) }

func (l *lineIndex) byteCol(off int) int {
	line, _ := l.f.UTF16Column(off)
	return off - l.f.LineStart(line)
}

func (l *lineIndex) position(off int) (line, col int) { return l.f.UTF16Column(off) }

func (l *lineIndex) rangeOf(from, to int) map[string]any {
	fl, fc := l.position(from)
	tl, tc := l.position(to)
	return map[string]any{"start": map[string]any{"line": fl, "character": fc}, "end": map[string]any{"line": tl, "character": tc}}
}

// offset converts an LSP position; false when it is not in the text (a
// column past the line's end, or inside a surrogate pair, is not):
// OffsetOfUTF16 clamps, so a position is in the text when the offset it
// gives converts back to it.
func (l *lineIndex) offset(line, col int) (int, bool) {
	if line == l.count() && col == 0 {
		return len(l.f.Content), true
	}
	if line < 0 || line >= l.count() || col < 0 {
		return 0, false
	}
	off := l.f.OffsetOfUTF16(line, col)
	l2, c2 := l.f.UTF16Column(off)
	return off, l2 == line && c2 == col
}

func (cr *crawler) summary() string {
	var skipped []string
	for m := range cr.asked {
		skipped = append(skipped, strings.TrimPrefix(m, "textDocument/"))
	}
	sort.Strings(skipped)
	note := ""
	if len(skipped) > 0 {
		note = "; not advertised, asked once: " + strings.Join(skipped, " ")
	}
	return fmt.Sprintf("%s: files %d, tokens %d (every %d), requests %d, errors %d, slow %d, timeouts %d, panics/log errors %d, exits %d, format %d, prepareRename refusals %d, time %s%s",
		filepath.Base(cr.dir), cr.files, cr.tokens, cr.o.every, cr.reqs, cr.counts["error"], cr.counts["slow"], cr.counts["timeout"],
		cr.counts["log"], cr.counts["exit"], cr.counts["format"], sum(cr.refused), cr.elapsed.Round(time.Second), note)
}

// quoted matches the names a message quotes.
var quoted = regexp.MustCompile(`'[^']*'`)

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// printFindings prints the findings grouped by kind, request and detail:
// the same error at many tokens is one line with its count and first
// places.
func (cr *crawler) printFindings() {
	if len(cr.found) == 0 {
		return
	}
	fmt.Printf("\n%s findings (logs in %s):\n", filepath.Base(cr.dir), cr.tmp)
	type group struct {
		f      finding
		n      int
		wheres []string
	}
	var order []string
	groups := map[string]*group{}
	for _, f := range cr.found {
		// The same message about other names is one group; slow answers
		// group by request, each time printed with its place.
		detail := quoted.ReplaceAllString(f.detail, "'…'")
		if f.kind == "slow" {
			detail = ""
		}
		k := f.kind + "\x00" + f.method + "\x00" + detail
		g := groups[k]
		if g == nil {
			g = &group{f: f}
			groups[k] = g
			order = append(order, k)
		}
		g.n++
		if len(g.wheres) < 5 {
			w := f.where
			if f.kind == "slow" {
				w += " " + f.detail
			}
			g.wheres = append(g.wheres, w)
		}
	}
	for _, k := range order {
		g := groups[k]
		d := g.f.detail
		if g.n > 1 {
			d = quoted.ReplaceAllString(d, "'…'")
		}
		if g.f.kind == "slow" {
			d = "slower than " + cr.o.slow.String()
		}
		fmt.Printf("  [%s] %s x%d: %s\n", g.f.kind, g.f.method, g.n, d)
		for _, w := range g.wheres {
			fmt.Printf("      at %s\n", w)
		}
	}
	if len(cr.refused) > 0 && cr.o.verbose {
		fmt.Printf("  prepareRename refusals:\n")
		for r, n := range cr.refused {
			fmt.Printf("      %d× %s\n", n, r)
		}
	}
}

// printDiags prints the errors and warnings of a publish, one a line.
func printDiags(rel string, diags []map[string]any) {
	for _, d := range diags {
		sev, _ := d["severity"].(float64)
		if sev == 0 || sev > 2 {
			continue
		}
		kind := "error"
		if sev == 2 {
			kind = "warning"
		}
		line, col := 0.0, 0.0
		if r, ok := d["range"].(map[string]any); ok {
			if st, ok := r["start"].(map[string]any); ok {
				line, _ = st["line"].(float64)
				col, _ = st["character"].(float64)
			}
		}
		fmt.Printf("  %s:%d:%d: %s: %v [%v]\n", rel, int(line)+1, int(col)+1, kind, d["message"], d["code"])
	}
}
