package analysis

import (
	"bytes"
	"context"
	"io/fs"
	"iter"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"tdls/tablegen"
)

// includeGraph is who-includes-whom among the .td files of the workspace
// folders, found by a line scan (no lexing) and resolved with each file's
// include path. It finds the includer of a fragment file.
type includeGraph struct {
	includers map[string][]string // included path -> including paths, sorted
	includes  map[string][]string // path -> resolved include paths
}

// maxGraphFiles bounds the scan of huge folders.
const maxGraphFiles = 20000

// scanIncludeNames returns the names of `include "..."` lines.
func scanIncludeNames(src []byte) []string {
	var out []string
	for name := range includeNames(src) {
		out = append(out, name)
	}
	return out
}

// hasIncludeLine reports whether src has an `include "..."` line; it stops
// at the first (ContextRoot asks at every edit of a file).
func hasIncludeLine(src []byte) bool {
	for range includeNames(src) {
		return true
	}
	return false
}

var includeKeyword = []byte("include")

// includeNames yields the names of src's `include "..."` lines in order:
// the keyword first on its line after blanks, then blanks and a quoted
// name. It looks only at the places where the keyword occurs.
func includeNames(src []byte) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := 0; i < len(src); {
			j := bytes.Index(src[i:], includeKeyword)
			if j < 0 {
				return
			}
			at := i + j
			i = at + len(includeKeyword)
			lineStart := bytes.LastIndexByte(src[:at], '\n') + 1
			if !blank(src[lineStart:at]) {
				continue
			}
			rest := src[i:]
			if end := bytes.IndexByte(rest, '\n'); end >= 0 {
				rest = rest[:end]
			}
			rest = bytes.TrimLeft(rest, " \t")
			if len(rest) < 2 || rest[0] != '"' {
				continue
			}
			if k := bytes.IndexByte(rest[1:], '"'); k >= 0 && !yield(string(rest[1:1+k])) {
				return
			}
		}
	}
}

// blank reports whether b holds only spaces and tabs.
func blank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

func (s *Snapshot) buildIncludeGraph() *includeGraph {
	g := &includeGraph{includers: map[string][]string{}, includes: map[string][]string{}}
	files := workspaceFiles(context.Background(), s.cfg.Folders)
	for p := range s.overlays {
		files = append(files, p)
	}
	sort.Strings(files)
	seen := map[string]bool{}
	for _, f := range files {
		if seen[f] {
			continue
		}
		seen[f] = true
		if s.indexable(f) != nil {
			continue
		}
		content, _, err := s.readFile(f)
		if err != nil {
			continue
		}
		names := scanIncludeNames(content)
		if len(names) == 0 {
			continue
		}
		loader := &tablegen.EditorLoader{IncludeDirs: s.includeDirs(f), ReadFile: statOnly}
		for _, n := range names {
			if rp, _, err := s.resolveInferring(loader, f, n, f); err == nil {
				rp = filepath.Clean(rp)
				g.includes[f] = append(g.includes[f], rp)
				g.includers[rp] = append(g.includers[rp], f)
			}
		}
	}
	return g
}

// workspaceFiles lists the .td files under folders, skipping hidden
// directories, at most maxGraphFiles, looking at no more than
// maxWalkEntries entries (a folder such as / or a home directory is not
// walked to its end), and stopping when ctx is done.
func workspaceFiles(ctx context.Context, folders []string) []string {
	var files []string
	seen := 0
	for _, root := range folders {
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			seen++
			if ctx.Err() != nil || seen > maxWalkEntries || len(files) >= maxGraphFiles {
				return filepath.SkipAll
			}
			if err != nil {
				return filepath.SkipDir
			}
			if d.IsDir() && p != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(p, ".td") {
				files = append(files, filepath.Clean(p))
			}
			return nil
		})
	}
	sort.Strings(files)
	return files
}

// maxWalkEntries bounds the directory entries a workspace walk looks at, so
// that a workspace opened at / or a home directory costs a bounded time.
const maxWalkEntries = 400000

// statOnly resolves includes without reading them.
func statOnly(p string) ([]byte, error) {
	_, err := tablegen.StatSourceFile(p)
	return nil, err
}

// includeGraph returns the workspace include graph, scanning on first use.
func (s *Snapshot) includeGraph() *includeGraph {
	s.w.graphMu.Lock()
	defer s.w.graphMu.Unlock()
	s.w.mu.Lock()
	g := s.w.graph
	s.w.mu.Unlock()
	if g != nil {
		return g
	}
	g = s.buildIncludeGraph()
	s.w.mu.Lock()
	s.w.graph = g
	s.w.mu.Unlock()
	return g
}

// Includers returns the workspace files that include path directly. An
// open file counts as its buffer says now: the graph holds what the disk
// said when it was built. A file is not its own includer (its buffer, the
// one being edited, is not read for that at each edit).
func (s *Snapshot) Includers(path string) []string {
	path = filepath.Clean(path)
	var out []string
	for _, f := range s.includeGraph().includers[path] {
		if s.overlays[f] == nil && f != path {
			out = append(out, f)
		}
	}
	for f := range s.overlays {
		if f != path && slices.Contains(s.bufferIncludes(f), path) {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// bufferIncludes returns the files the open buffer of f includes, resolved
// without reading them; computed once per snapshot.
func (s *Snapshot) bufferIncludes(f string) []string {
	s.mu.Lock()
	incs, ok := s.bufferIncs[f]
	s.mu.Unlock()
	if ok {
		return incs
	}
	loader := &tablegen.EditorLoader{IncludeDirs: s.includeDirs(f), ReadFile: statOnly}
	for _, n := range scanIncludeNames(s.overlays[f].Content) {
		if rp, _, err := s.resolveInferring(loader, f, n, f); err == nil {
			incs = append(incs, filepath.Clean(rp))
		}
	}
	s.mu.Lock()
	if s.bufferIncs == nil {
		s.bufferIncs = map[string][]string{}
	}
	s.bufferIncs[f] = incs
	s.mu.Unlock()
	return incs
}

// ContextRoot returns the file whose unit path is analysed in. A fragment
// (a file with no include of its own that another file includes, as LLVM
// backends split their .td files, or one whose includes do not bring in
// what it uses: needsIncluder) is analysed inside its includer; open
// includers are preferred, then the one listed in a compile database, then
// the first by name. The chain is followed upwards while the includer is a
// fragment too.
func (s *Snapshot) ContextRoot(path string) string {
	path = filepath.Clean(path)
	cur := path
	visited := map[string]bool{}
	for !visited[cur] {
		visited[cur] = true
		content, _, err := s.readFile(cur)
		if err != nil || hasIncludeLine(content) && !s.needsIncluder(cur) {
			return cur
		}
		if s.listedInDatabase(cur) {
			return cur
		}
		incs := s.Includers(cur)
		if len(incs) == 0 {
			return cur
		}
		cur = s.pickIncluder(incs)
	}
	return cur
}

func (s *Snapshot) listedInDatabase(p string) bool {
	for _, db := range s.dbs {
		if _, ok := db.Entries[p]; ok {
			return true
		}
	}
	return false
}

func (s *Snapshot) pickIncluder(incs []string) string {
	for _, p := range incs {
		if s.overlays[p] != nil {
			return p
		}
	}
	for _, p := range incs {
		if s.listedInDatabase(p) {
			return p
		}
	}
	return incs[0]
}

// dependentCache holds the verdicts of needsIncluder.
type dependentCache struct {
	mu     sync.Mutex
	byPath map[string]dependentVerdict
}

type dependentVerdict struct {
	hash  uint64 // of the file's disk content
	needs bool
}

// forget drops the verdicts of paths, or every verdict when none is given.
func (c *dependentCache) forget(paths ...string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if paths == nil {
		c.byPath = nil
		return
	}
	for _, p := range paths {
		delete(c.byPath, filepath.Clean(p))
	}
}

// dependentCodes are the evaluator's errors of a name that is not there:
// those an includer may define before it includes the file.
var dependentCodes = map[string]bool{"eval-unknown-class": true, "eval-undefined": true}

// needsIncluder reports whether path, a file with includes of its own that
// another workspace file includes, is a fragment all the same: alone it
// names a class or a value that nothing it includes defines, as a
// dialect's ops split over files do (each file includes the MLIR
// interfaces it uses and takes its base class from the file that includes
// it), and which the build never evaluates alone. The verdict is the
// evaluation of the file alone as the disk holds it (its unit and the
// files that unit reads), so that it does not change while the file is
// typed in, nor with what is open; it is kept until the file changes on
// disk, a file is created or the configuration changes. A
// file with a mistake of its own that its includer shares is analysed in
// the includer, which shows the same error.
func (s *Snapshot) needsIncluder(path string) bool {
	_, hash, err := s.disk.read(path)
	if err != nil {
		return false
	}
	c := &s.w.dependents
	c.mu.Lock()
	v, ok := c.byPath[path]
	c.mu.Unlock()
	if ok && v.hash == hash && !v.needs {
		return false // the common case, asked at every edit: no includer is looked for
	}
	if len(s.Includers(path)) == 0 {
		return false
	}
	if ok && v.hash == hash {
		return true
	}
	needs := s.diskView().aloneNamesMissing(path)
	c.mu.Lock()
	if c.byPath == nil {
		c.byPath = map[string]dependentVerdict{}
	}
	c.byPath[path] = dependentVerdict{hash: hash, needs: needs}
	c.mu.Unlock()
	return needs
}

// diskView is the snapshot with no open buffer: the files as the disk
// holds them. Its builds share the workspace's caches, which keep the
// newest version of each file to build the next from: while a buffer
// differs from the disk, the next build of that buffer starts from the
// disk's version, once (a verdict is asked again only when the disk
// changes, and a save makes both the same).
func (s *Snapshot) diskView() *Snapshot {
	if len(s.overlays) == 0 {
		return s
	}
	in := s.snapshotInputs
	in.overlays = map[string]*Overlay{}
	return &Snapshot{snapshotInputs: in, units: map[string]*unitCall{}}
}

// aloneNamesMissing reports whether the unit of path alone parses and
// fails to evaluate on a name that is not defined.
func (s *Snapshot) aloneNamesMissing(path string) bool {
	ctx := context.Background()
	u, err := s.Unit(ctx, path)
	if err != nil || u.TG.Diags.HasErrors() {
		return false
	}
	res, err := u.Evaluated(ctx)
	if err != nil || res == nil {
		return false
	}
	for _, d := range res.Diagnostics {
		if d.Severity == tablegen.SeverityError && dependentCodes[d.Code] {
			return true
		}
	}
	return false
}
