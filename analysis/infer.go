package analysis

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"tdls/tablegen"
)

// Include roots inferred from the workspace. When nothing states a root
// file's include directories (no -I or includeDirs setting, no compile
// database configured or found, no .tdls.yaml stating includeDirs or
// compilationDatabases), an include that does not resolve is looked up
// among the workspace's own .td files: each file whose path ends with the
// include's name gives a candidate root, the directory above that name.
// One is chosen by fixed rules (InferredDir.Why says which decided),
// appended to the unit's search path so that the rest of the unit resolves
// through it too, and kept for the workspace (Workspace.InferredDirs), which
// the server announces and `tdls init` writes to a .tdls.yaml. Nothing is
// looked up while every include resolves.

// IncludeCatalog is what the .td files of a set of folders tell about where
// includes resolve: the files by base name (the lookup of an include is one
// map access, never a scan), the include directories the project's build
// files state, and a vendored llvm-project's MLIR.
type IncludeCatalog struct {
	folders []string
	byBase  map[string][]string // base name -> paths, sorted
	stated  map[string]string   // stated include directory -> where it is stated
	// MLIR is the include directory of a vendored llvm-project's MLIR
	// (…/mlir/include), or "".
	MLIR string
}

// vendorMarkers are directory names under which a tree is someone else's
// copy: a candidate root there loses to the project's own.
var vendorMarkers = map[string]bool{
	"third_party": true, "third-party": true, "thirdparty": true, "external": true,
	"vendor": true, "_deps": true, "submodules": true, "llvm-project": true,
	"externals": true,
}

// NewIncludeCatalog walks folders (bounded as the include graph's walk) for
// .td files and build files.
func NewIncludeCatalog(ctx context.Context, folders []string) *IncludeCatalog {
	c := &IncludeCatalog{byBase: map[string][]string{}, stated: map[string]string{}}
	seen := 0
	for _, root := range folders {
		root = filepath.Clean(root)
		c.folders = append(c.folders, root)
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			seen++
			if ctx.Err() != nil || seen > maxWalkEntries {
				return filepath.SkipAll
			}
			if err != nil {
				return filepath.SkipDir
			}
			name := d.Name()
			if d.IsDir() {
				if p != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "bazel-")) {
					return filepath.SkipDir
				}
				return nil
			}
			switch {
			case strings.HasSuffix(name, ".td"):
				c.byBase[name] = append(c.byBase[name], filepath.Clean(p))
			case name == "BUILD" || name == "BUILD.bazel":
				c.readBazel(p)
			case name == "CMakeLists.txt":
				c.readCMake(p, root)
			}
			return nil
		})
	}
	for _, ps := range c.byBase {
		sort.Strings(ps)
	}
	for _, p := range c.byBase["OpBase.td"] {
		if strings.HasSuffix(p, "/mlir/include/mlir/IR/OpBase.td") {
			c.MLIR = strings.TrimSuffix(p, "/mlir/IR/OpBase.td")
			break
		}
	}
	return c
}

// Files returns how many .td files the catalog holds.
func (c *IncludeCatalog) Files() int {
	n := 0
	for _, ps := range c.byBase {
		n += len(ps)
	}
	return n
}

var (
	bazelTDRule   = regexp.MustCompile(`\b(td_library|gentbl_cc_library|gentbl_filegroup|gentbl)\s*\(`)
	bazelIncludes = regexp.MustCompile(`\bincludes\s*=\s*\[([^\]]*)\]`)
	quoted        = regexp.MustCompile(`"([^"]*)"`)
	cmakeIncDirs  = regexp.MustCompile(`(?is)\binclude_directories\s*\(([^)]*)\)`)
)

// readBazel notes the includes attributes of the TableGen rules of a
// BUILD file, relative to its package.
func (c *IncludeCatalog) readBazel(path string) {
	src, err := tablegen.ReadRegularFile(path)
	if err != nil {
		return
	}
	pkg := filepath.Dir(path)
	for _, loc := range bazelTDRule.FindAllIndex(src, -1) {
		body := ruleBody(src[loc[1]:])
		for _, m := range bazelIncludes.FindAllSubmatch(body, -1) {
			for _, q := range quoted.FindAllSubmatch(m[1], -1) {
				c.state(filepath.Join(pkg, string(q[1])), path)
			}
		}
	}
}

// ruleBody is src up to the parenthesis closing the one just opened.
func ruleBody(src []byte) []byte {
	depth := 1
	for i, b := range src {
		switch b {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return src[:i]
			}
		}
	}
	return src
}

// readCMake notes the include_directories of a CMakeLists.txt that runs
// TableGen, with the directory variables resolved that CMake gives every
// project (the others are left out).
func (c *IncludeCatalog) readCMake(path, folder string) {
	src, err := tablegen.ReadRegularFile(path)
	if err != nil || !bytes.Contains(src, []byte("tablegen")) {
		return
	}
	dir := filepath.Dir(path)
	vars := strings.NewReplacer("${CMAKE_CURRENT_SOURCE_DIR}", dir, "${CMAKE_SOURCE_DIR}", folder, "${PROJECT_SOURCE_DIR}", folder)
	for _, m := range cmakeIncDirs.FindAllSubmatch(src, -1) {
		for _, arg := range strings.Fields(string(m[1])) {
			arg = strings.Trim(arg, `"`)
			if arg == "BEFORE" || arg == "AFTER" || arg == "SYSTEM" {
				continue
			}
			arg = vars.Replace(arg)
			if strings.Contains(arg, "${") || strings.Contains(arg, "$<") {
				continue
			}
			if !filepath.IsAbs(arg) {
				arg = filepath.Join(dir, arg)
			}
			c.state(arg, path)
		}
	}
}

func (c *IncludeCatalog) state(dir, where string) {
	dir = filepath.Clean(dir)
	if _, ok := c.stated[dir]; !ok {
		c.stated[dir] = where
	}
}

// InferredDir is an include directory found for an include, and why.
type InferredDir struct {
	Dir     string
	Include string // the include that needed it
	From    string // the file that has the include
	Why     string
}

// Candidates returns the directories under which a workspace file is at
// name, sorted.
func (c *IncludeCatalog) Candidates(name string) []string {
	if c == nil || filepath.IsAbs(name) {
		return nil
	}
	name = filepath.Clean(name)
	if name == "." || strings.HasPrefix(name, "..") {
		return nil
	}
	var out []string
	for _, p := range c.byBase[filepath.Base(name)] {
		if strings.HasSuffix(p, string(filepath.Separator)+name) {
			out = append(out, strings.TrimSuffix(p, string(filepath.Separator)+name))
		}
	}
	return out
}

// Choose returns the root an include of name written in from resolves
// under, or ok false when no workspace file has that path. fromSrc is
// from's content (nil: read from disk), whose other includes a candidate
// should resolve too. Rules, in order: a candidate in from's workspace
// folder; one the project's build files state; the project's own copy
// over a vendored one; the one resolving the most of from's includes; the
// one nearest to from. When none of these sets two candidates apart, none
// is chosen (a coin toss could take the wrong copy): the include stays
// not found, its error naming both.
func (c *IncludeCatalog) Choose(name, from string, fromSrc []byte) (InferredDir, bool) {
	from = absPath(from)
	cands := c.Candidates(name)
	if len(cands) == 0 {
		return InferredDir{}, false
	}
	out := InferredDir{Include: name, From: from}
	if len(cands) == 1 {
		out.Dir = cands[0]
		out.Why = "the only directory with " + name
		if w := c.stated[cands[0]]; w != "" {
			out.Why += "; stated in " + w
		}
		return out, true
	}
	if fromSrc == nil {
		fromSrc, _ = tablegen.ReadRegularFile(from)
	}
	var others []string
	for n := range includeNames(fromSrc) {
		if n != name {
			others = append(others, n)
		}
	}
	folder := c.folderOf(from)
	type scored struct {
		dir                         string
		sameFolder, stated, ownCopy bool
		resolves, near              int
	}
	var ss []scored
	for _, d := range cands {
		s := scored{dir: d, sameFolder: folder != "" && within(d, folder), near: commonDepth(d, filepath.Dir(from))}
		_, s.stated = c.stated[d]
		s.ownCopy = vendoredUnder(d, folder) == vendoredUnder(filepath.Dir(from), folder)
		for _, o := range others {
			if _, err := os.Stat(filepath.Join(d, o)); err == nil {
				s.resolves++
			}
		}
		ss = append(ss, s)
	}
	why := []string{"in the same workspace folder", "stated by the build files", "the project's own copy, not a vendored one", "resolves the most of the file's includes", "nearest to the including file"}
	decided := -1
	sort.SliceStable(ss, func(i, j int) bool {
		a, b := ss[i], ss[j]
		keys := []int{cmpBool(a.sameFolder, b.sameFolder), cmpBool(a.stated, b.stated), cmpBool(a.ownCopy, b.ownCopy), b.resolves - a.resolves, b.near - a.near}
		for _, k := range keys {
			if k != 0 {
				return k < 0
			}
		}
		return a.dir < b.dir
	})
	// The rule that sets the winner apart from the runner-up.
	a, b := ss[0], ss[1]
	for i, k := range []int{cmpBool(a.sameFolder, b.sameFolder), cmpBool(a.stated, b.stated), cmpBool(a.ownCopy, b.ownCopy), b.resolves - a.resolves, b.near - a.near} {
		if k != 0 {
			decided = i
			break
		}
	}
	if decided < 0 {
		return InferredDir{}, false
	}
	out.Dir = a.dir
	out.Why = fmt.Sprintf("%d directories have %s; chosen: %s", len(cands), name, why[decided])
	return out, true
}

// absPath is p made absolute (the command line names files relative to
// the current directory).
func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// cmpBool orders true first.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return -1
	}
	return 1
}

// commonDepth is how many leading path elements a and b share.
func commonDepth(a, b string) int {
	as, bs := strings.Split(a, string(filepath.Separator)), strings.Split(b, string(filepath.Separator))
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] {
		n++
	}
	return n
}

// vendoredUnder returns the vendored tree dir lies in below folder, or "".
func vendoredUnder(dir, folder string) string {
	rel := dir
	if folder != "" {
		if r, err := filepath.Rel(folder, dir); err == nil {
			rel = r
		}
	}
	parts := strings.Split(rel, string(filepath.Separator))
	for i, p := range parts {
		if vendorMarkers[p] || strings.HasPrefix(p, "build") {
			return filepath.Join(parts[:i+1]...)
		}
	}
	return ""
}

func (c *IncludeCatalog) folderOf(path string) string {
	best := ""
	for _, f := range c.folders {
		if within(path, f) && len(f) > len(best) {
			best = f
		}
	}
	return best
}

// Stated returns where the build files state dir as an include directory,
// or "".
func (c *IncludeCatalog) Stated(dir string) string { return c.stated[filepath.Clean(dir)] }

// catalog returns the workspace's include catalog, walking the folders on
// first use after a file appeared or the configuration changed.
func (s *Snapshot) catalog() *IncludeCatalog {
	w := s.w
	w.catalogMu.Lock()
	defer w.catalogMu.Unlock()
	w.mu.Lock()
	c := w.catalog
	w.mu.Unlock()
	if c == nil {
		c = NewIncludeCatalog(context.Background(), s.cfg.Folders)
		w.mu.Lock()
		w.catalog = c
		w.mu.Unlock()
	}
	return c
}

// infers reports whether root's include directories are inferred: nothing
// states them.
func (s *Snapshot) infers(root string) bool {
	if len(s.cfg.Folders) == 0 || len(s.cfg.IncludeDirs) > 0 || len(s.cfg.CompileDatabases) > 0 || len(s.dbs) > 0 {
		return false
	}
	p := s.projects.forFile(root)
	return p == nil || (len(p.cfg.IncludeDirs) == 0 && len(p.cfg.CompileDatabases) == 0 && len(p.dbs) == 0)
}

// inferDir chooses a directory for an include of name in from that did not
// resolve through dirs, or "" when none; the choice is kept for the
// workspace.
func (s *Snapshot) inferDir(root, name, from string, dirs []string) string {
	if !s.infers(root) {
		return ""
	}
	var src []byte
	if o := s.Overlay(from); o != nil {
		src = o.Content
	}
	d, ok := s.catalog().Choose(name, from, src)
	if !ok || slices.Contains(dirs, d.Dir) {
		return ""
	}
	s.w.keepInferred(d)
	return d.Dir
}

// resolveInferring resolves name in from with l and, when it is not found
// and root's directories are inferred, with a directory inferred for it,
// which is appended to l for the rest of the unit.
func (s *Snapshot) resolveInferring(l *tablegen.EditorLoader, root, name, from string) (string, []byte, error) {
	p, data, err := l.Include(name, from)
	if err == nil {
		return p, data, nil
	}
	if d := s.inferDir(root, name, from, l.IncludeDirs); d != "" {
		l.IncludeDirs = append(l.IncludeDirs, d)
		s.w.rememberDirs(root, d)
		return l.Include(name, from)
	}
	return p, data, err
}

// inferredState is what the workspace keeps of the inference: each root's
// inferred directories (its next unit starts with them) and every
// directory chosen, in order.
type inferredState struct {
	mu     sync.Mutex
	byRoot map[string][]string
	all    []InferredDir
	listen func(InferredDir)
}

func (w *Workspace) rememberDirs(root, dir string) {
	w.inferred.mu.Lock()
	defer w.inferred.mu.Unlock()
	if w.inferred.byRoot == nil {
		w.inferred.byRoot = map[string][]string{}
	}
	if !slices.Contains(w.inferred.byRoot[root], dir) {
		w.inferred.byRoot[root] = append(w.inferred.byRoot[root], dir)
	}
}

func (w *Workspace) rootDirs(root string) []string {
	w.inferred.mu.Lock()
	defer w.inferred.mu.Unlock()
	return slices.Clone(w.inferred.byRoot[root])
}

func (w *Workspace) keepInferred(d InferredDir) {
	w.inferred.mu.Lock()
	for _, k := range w.inferred.all {
		if k.Dir == d.Dir {
			w.inferred.mu.Unlock()
			return
		}
	}
	w.inferred.all = append(w.inferred.all, d)
	listen := w.inferred.listen
	w.inferred.mu.Unlock()
	if listen != nil {
		listen(d)
	}
}

// forgetInferred drops what was inferred: files appeared or vanished, or
// the configuration changed.
func (w *Workspace) forgetInferred() {
	w.inferred.mu.Lock()
	w.inferred.byRoot = nil
	w.inferred.mu.Unlock()
	w.catalog = nil
}

// InferredDirs returns every include directory inferred in the workspace
// so far, in the order they were chosen.
func (w *Workspace) InferredDirs() []InferredDir {
	w.inferred.mu.Lock()
	defer w.inferred.mu.Unlock()
	return slices.Clone(w.inferred.all)
}

// OnInferredDir sets f to hear of each include directory as it is first
// inferred; call it before the workspace is used.
func (w *Workspace) OnInferredDir(f func(InferredDir)) {
	w.inferred.mu.Lock()
	defer w.inferred.mu.Unlock()
	w.inferred.listen = f
}

// NotFoundHint names where files at an include's path exist, for an
// include-not-found error: "a file .../HWDialect.td exists under
// lib/include/; add -I lib/include". Empty when there is none.
func (c *IncludeCatalog) NotFoundHint(name, from string) string {
	from = absPath(from)
	cands := c.Candidates(name)
	if len(cands) == 0 {
		return ""
	}
	if len(cands) > 3 {
		cands = cands[:3]
	}
	base := c.folderOf(from)
	var parts []string
	for _, d := range cands {
		rel := d
		if base != "" {
			if r, err := filepath.Rel(base, d); err == nil {
				rel = r
			}
		}
		parts = append(parts, fmt.Sprintf("a file %s exists under %s/; add -I %s", name, rel, rel))
	}
	return strings.Join(parts, "; ")
}

// hintedError is an include error with where the file does exist.
type hintedError struct {
	err  error
	hint string
}

func (e hintedError) Error() string { return e.err.Error() + "; " + e.hint }
func (e hintedError) Unwrap() error { return e.err }

// notFoundHint is the catalog's hint for an include that does not
// resolve, or "" (no workspace folder, or no such file in it).
func (s *Snapshot) notFoundHint(name, from string) string {
	if len(s.cfg.Folders) == 0 {
		return ""
	}
	return s.catalog().NotFoundHint(name, from)
}

// vendoredMLIR returns the MLIR include directory of an llvm-project the
// workspace vendors at one of the usual places, or "".
func vendoredMLIR(folders []string) string {
	for _, f := range folders {
		for _, under := range []string{"third_party", "externals", "external", "."} {
			d := filepath.Join(f, under, "llvm-project", "mlir", "include")
			if st, err := os.Stat(filepath.Join(d, "mlir", "IR", "OpBase.td")); err == nil && st.Mode().IsRegular() {
				return d
			}
		}
	}
	return ""
}

// InferringLoader is the command line's loader when nothing states the
// include directories: Base as given, and for an include Base does not
// find, a root the catalog chooses (else MLIR, the machine's MLIR include
// directory, when it has the file), appended to Base for the rest of the
// unit and listed in Inferred.
type InferringLoader struct {
	Base *tablegen.CommandLineLoader
	// Catalog is called at the first include Base does not find (the walk
	// costs nothing while every include resolves).
	Catalog  func() *IncludeCatalog
	MLIR     string
	Inferred []InferredDir
}

// Include implements tablegen.Loader.
func (l *InferringLoader) Include(name, from string) (string, []byte, error) {
	p, data, err := l.Base.Include(name, from)
	if err == nil || tablegen.IncludeErrorCode(err) != "include-not-found" {
		return p, data, err
	}
	// The including file's directory, where the server looks first: the
	// build puts the root's on the include path (CMake's tablegen() its
	// source directory, Bazel's gentbl the td_file's), so of a name several
	// directories have (Dialect.td), the sibling.
	sibling := tablegen.EditorLoader{ReadFile: l.Base.ReadFile}
	if p, data, serr := sibling.Include(name, from); serr == nil {
		if own := filepath.Dir(from); !slices.ContainsFunc(l.Inferred, func(d InferredDir) bool { return d.Dir == own }) {
			l.Inferred = append(l.Inferred, InferredDir{Dir: own, Include: name, From: from, Why: "the including file's directory, which the build puts on the include path"})
		}
		return p, data, nil
	}
	c := l.Catalog()
	d, ok := c.Choose(name, from, nil)
	if !ok && l.MLIR != "" {
		if _, serr := os.Stat(filepath.Join(l.MLIR, name)); serr == nil {
			d, ok = InferredDir{Dir: l.MLIR, Include: name, From: from, Why: "the MLIR installed on this machine has " + name}, true
		}
	}
	if !ok || slices.Contains(l.Base.IncludeDirs, d.Dir) {
		err = l.notFound(name, from, err)
		if hint := c.NotFoundHint(name, from); hint != "" {
			err = hintedError{err, hint}
		}
		return p, data, err
	}
	l.Base.IncludeDirs = append(l.Base.IncludeDirs, d.Dir)
	l.Inferred = append(l.Inferred, d)
	return l.Base.Include(name, from)
}

// notFound is err, Base's not-found error, listing what the inference
// searched rather than Base's directories, which depend on what the
// unit's earlier includes happened to infer: the name as written, the
// configured directories, the including file's directory, the project's
// .td files and the machine's MLIR.
func (l *InferringLoader) notFound(name, from string, err error) error {
	var ie *tablegen.IncludeError
	if !errors.As(err, &ie) || filepath.IsAbs(name) {
		return err
	}
	searched := []string{name}
	for _, dir := range l.Base.IncludeDirs {
		if !slices.ContainsFunc(l.Inferred, func(d InferredDir) bool { return d.Dir == dir }) {
			searched = append(searched, filepath.Join(dir, name))
		}
	}
	if sib := filepath.Join(filepath.Dir(from), name); from != "" && !slices.Contains(searched, sib) {
		searched = append(searched, sib)
	}
	searched = append(searched, "the project's .td files")
	if l.MLIR != "" {
		searched = append(searched, filepath.Join(l.MLIR, name))
	}
	return &tablegen.IncludeError{Name: ie.Name, Searched: searched, Err: ie.Err}
}

// InferProjectDirs infers the include directories of every .td file of the
// catalog's folders at once, as the server does unit by unit (each file's
// own directory first): what `tdls init` and the server's "write
// .tdls.yaml" write. The machine's MLIR is left out (it is found anyway);
// a vendored one is listed.
func InferProjectDirs(c *IncludeCatalog) []InferredDir {
	var files []string
	for _, ps := range c.byBase {
		files = append(files, ps...)
	}
	sort.Strings(files)
	var out []InferredDir
	var dirs []string
	if c.MLIR != "" {
		dirs = append(dirs, c.MLIR)
		out = append(out, InferredDir{Dir: c.MLIR, Why: "the workspace vendors llvm-project's MLIR"})
	}
	for _, f := range files {
		src, err := tablegen.ReadRegularFile(f)
		if err != nil {
			continue
		}
		l := &tablegen.EditorLoader{IncludeDirs: dirs, ReadFile: statOnly}
		for name := range includeNames(src) {
			if _, _, err := l.Include(name, f); err == nil {
				continue
			}
			if d, ok := c.Choose(name, f, src); ok && !slices.Contains(dirs, d.Dir) {
				dirs = append(dirs, d.Dir)
				l.IncludeDirs = dirs
				out = append(out, d)
			}
		}
	}
	return out
}

// ProjectConfigText is a .tdls.yaml stating dirs, relative to folder,
// with why each was chosen.
func ProjectConfigText(folder string, dirs []InferredDir) string {
	var b strings.Builder
	b.WriteString("# Include directories inferred by tdls from the project's .td files.\n")
	b.WriteString("includeDirs:\n")
	for _, d := range dirs {
		rel := d.Dir
		if r, err := filepath.Rel(folder, d.Dir); err == nil && !strings.HasPrefix(r, "..") {
			rel = r
		}
		why := d.Why
		if d.From != "" {
			if r, err := filepath.Rel(folder, d.From); err == nil {
				why = fmt.Sprintf("%s includes %s: %s", r, d.Include, d.Why)
			}
		}
		why = strings.ReplaceAll(why, folder+string(filepath.Separator), "")
		fmt.Fprintf(&b, "  - %s  # %s\n", yamlQuote(rel), strings.ReplaceAll(why, "\n", " "))
	}
	return b.String()
}

// yamlQuote quotes s when the YAML subset would read it otherwise.
func yamlQuote(s string) string {
	if s == "" || strings.ContainsAny(s, ":#'\"[]{},&*!|>%@` ") {
		return strconv.Quote(s)
	}
	return s
}

// WriteProjectConfig writes a .tdls.yaml stating dirs in folder; it does
// not replace one that exists. The file appears whole: it is written
// beside its name and then linked there, since a watcher (the server's
// own, an editor's) that read it half-written would load an empty
// configuration.
func WriteProjectConfig(folder string, dirs []InferredDir) (string, error) {
	path := filepath.Join(folder, ProjectConfigName)
	if _, err := os.Lstat(path); err == nil {
		return path, &os.PathError{Op: "create", Path: path, Err: os.ErrExist}
	}
	f, err := os.CreateTemp(folder, ProjectConfigName+".*.tmp")
	if err != nil {
		return path, err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	_, err = f.WriteString(ProjectConfigText(folder, dirs))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Link(tmp, path) // fails, replacing nothing, when path exists
	}
	return path, err
}

// ProjectRoot is the project a command line run in dir works on: the
// nearest directory at or above dir with a .git, else dir.
func ProjectRoot(dir string) string {
	dir = filepath.Clean(dir)
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// Infers reports whether path's include directories are inferred: nothing
// configures them.
func (s *Snapshot) Infers(path string) bool { return s.infers(filepath.Clean(path)) }

// VendoredMLIR returns the MLIR include directory of the llvm-project the
// workspace vendors, which a root whose include directories are inferred
// uses instead of the machine's, and its LLVM release when its CMake files
// tell; "" when there is none.
func (s *Snapshot) VendoredMLIR() (dir, release string) {
	if s.vendored == "" {
		return "", ""
	}
	return s.vendored, llvmSourceRelease(filepath.Dir(filepath.Dir(s.vendored)))
}

var llvmMajor = regexp.MustCompile(`set\(\s*LLVM_VERSION_MAJOR\s+(\d+)`)

// llvmSourceRelease reads the major release of the llvm-project checkout
// at root from its CMake files (cmake/Modules/LLVMVersion.cmake since 18,
// llvm/CMakeLists.txt before), or "".
func llvmSourceRelease(root string) string {
	for _, f := range []string{"cmake/Modules/LLVMVersion.cmake", "llvm/CMakeLists.txt"} {
		if src, err := tablegen.ReadRegularFile(filepath.Join(root, f)); err == nil {
			if m := llvmMajor.FindSubmatch(src); m != nil {
				return string(m[1])
			}
		}
	}
	return ""
}
