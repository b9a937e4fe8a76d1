package analysis

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"tdls/tablegen"
)

// Index is the workspace-wide table of declarations and occurrences, built
// in the background from every .td file of the workspace folders. Each file
// is resolved in its own include closure; the files of a closure are lexed
// and parsed once for the whole build, and only the occurrences are kept.
type Index struct {
	mu    sync.RWMutex
	files map[string]*indexedFile
	// open are the files a build skipped because they were open: while
	// open, a file is read from its buffer's unit (Snapshot.Occurrences,
	// workspace symbols), and it is indexed from disk once closed.
	open    map[string]bool
	built   bool
	skipped []SkippedFile
	parsed  int64 // bytes the last build parsed
}

// SkippedFile is a workspace file the index does not read, and why.
type SkippedFile struct {
	Path string
	Err  error
}

// maxIndexedSize bounds the files the background index reads: it reads
// every file of the workspace, unasked, parsing one takes about a hundred
// times its size for a moment, and a file past this is generated data
// (MLIR's largest .td file has 0.3 MB). Such a file is still checked when
// it is opened.
const maxIndexedSize = 4 << 20

// indexable returns why the index does not read path, or nil: it is not a
// regular file, or too large.
func (s *Snapshot) indexable(path string) error {
	if o := s.Overlay(path); o != nil {
		if len(o.Content) > maxIndexedSize {
			return tablegen.TooLarge(path, int64(len(o.Content)), maxIndexedSize)
		}
		return nil
	}
	st, err := tablegen.StatSourceFile(path)
	if err != nil {
		return err
	}
	if st.Size() > maxIndexedSize {
		return tablegen.TooLarge(path, st.Size(), maxIndexedSize)
	}
	return nil
}

// Parsed returns how many bytes of source the last build parsed.
func (x *Index) Parsed() int64 {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.parsed
}

// Skipped returns the workspace files the last build did not read because
// they are not regular files or too large, sorted by path.
func (x *Index) Skipped() []SkippedFile {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.skipped
}

type indexedFile struct {
	occ   map[DeclKey][]Occurrence
	decls []IndexedDecl
}

// IndexedDecl is a top-level declaration found by the index.
type IndexedDecl struct {
	Kind       DeclKind
	Name       string
	Path       string
	Start, End int // byte offsets of the name
	Detail     string
}

// Key returns the declaration's identity.
func (d IndexedDecl) Key() DeclKey {
	return DeclKey{Kind: d.Kind, Name: d.Name, Path: d.Path, Offset: d.Start}
}

// Index returns the workspace index (empty until built).
func (w *Workspace) Index() *Index {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.index == nil {
		w.index = &Index{files: map[string]*indexedFile{}, open: map[string]bool{}}
	}
	return w.index
}

// Built reports whether a build has finished.
func (x *Index) Built() bool {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.built
}

// Occurrences returns the indexed occurrences of keys outside the files
// skip holds.
func (x *Index) Occurrences(keys []DeclKey, skip func(path string) bool) []Occurrence {
	x.mu.RLock()
	defer x.mu.RUnlock()
	var out []Occurrence
	for p, f := range x.files {
		if skip(p) {
			continue
		}
		for _, k := range keys {
			out = append(out, f.occ[k]...)
		}
	}
	return out
}

// Decls returns every indexed declaration, sorted by path and offset.
func (x *Index) Decls() []IndexedDecl {
	x.mu.RLock()
	defer x.mu.RUnlock()
	var out []IndexedDecl
	for _, f := range x.files {
		out = append(out, f.decls...)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Start < out[j].Start
	})
	return out
}

// Files returns the number of indexed files.
func (x *Index) Files() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.files)
}

// Update re-indexes path from its unit in snap (after an edit).
func (x *Index) Update(u *Unit, path string) {
	f := u.File(path)
	if f == nil {
		return
	}
	fi := indexFile(context.Background(), u, f)
	x.mu.Lock()
	x.files[f.Name] = fi
	x.mu.Unlock()
}

// Build indexes every .td file of the snapshot's workspace folders with at
// most workers goroutines (0: the number of CPUs), calling progress after
// each file. It replaces the index's content when done.
func (x *Index) Build(ctx context.Context, snap *Snapshot, workers int, progress func(done, total int)) error {
	files := workspaceFiles(ctx, snap.cfg.Folders)
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	b := &indexBuild{snap: snap, set: tablegen.NewSourceSet(), lexes: newLexCache(), parsed: map[string]*indexParse{}}
	out := make([]*indexedFile, len(files))
	skippedOpen := make([]bool, len(files))
	var skipped []SkippedFile
	for _, f := range files {
		if err := snap.indexable(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
			skipped = append(skipped, SkippedFile{Path: f, Err: err})
		}
	}
	var next, done atomic.Int64
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				k := int(next.Add(1) - 1)
				if k >= len(files) {
					return
				}
				// An open file is skipped, and looked at again once parsed:
				// a client opens files right after initialize, while the
				// build parses them.
				path := files[k]
				if x.skipOpen(snap.w, path) {
					skippedOpen[k] = true
				} else if u := b.unit(path); u != nil {
					if x.skipOpen(snap.w, path) {
						skippedOpen[k] = true
					} else {
						out[k] = indexFile(ctx, u, u.TG.Root)
					}
				}
				n := int(done.Add(1))
				if progress != nil {
					progress(n, len(files))
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	m := make(map[string]*indexedFile, len(files))
	x.mu.Lock()
	for k, f := range files {
		if skippedOpen[k] {
			out[k] = x.files[f] // indexed since it was closed, or by an earlier build
		}
		if out[k] != nil {
			m[f] = out[k]
		}
	}
	x.files, x.built, x.skipped, x.parsed = m, true, skipped, b.read.Load()
	x.mu.Unlock()
	return nil
}

// skipOpen reports whether path is open in w, and if so marks it for
// Closed: a build does not index an open file, which its buffer's unit
// resolves anyway (indexing it too made opening a 1 MB file as the server
// started cost 1.7 times the memory). The check and the mark are one step
// under x.mu, so that a close either comes before the check or finds the
// mark.
func (x *Index) skipOpen(w *Workspace, path string) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	if w.Snapshot().Overlay(path) == nil {
		return false
	}
	x.open[path] = true
	return true
}

// Closed indexes path from snap, a snapshot in which it is closed, when a
// build skipped it because it was open.
func (x *Index) Closed(ctx context.Context, snap *Snapshot, path string) {
	x.mu.Lock()
	skipped := x.open[path]
	delete(x.open, path)
	x.mu.Unlock()
	if !skipped {
		return
	}
	if u, err := snap.UnitFor(ctx, path); err == nil {
		x.Update(u, path)
	}
}

// indexFile keeps the occurrences and top-level declarations written in f;
// nil when ctx ended first.
func indexFile(ctx context.Context, u *Unit, f *tablegen.File) *indexedFile {
	refs, err := u.Refs(ctx, f.Name)
	if err != nil {
		return nil
	}
	fi := &indexedFile{occ: map[DeclKey][]Occurrence{}}
	for _, r := range refs {
		for _, k := range r.Keys() {
			fi.occ[k] = append(fi.occ[k], Occurrence{Path: f.Name, Start: f.Offset(r.Range.Start), End: f.Offset(r.Range.End), Role: r.Role})
		}
	}
	fi.decls = indexedDecls(u, f)
	return fi
}

func indexedDecls(u *Unit, f *tablegen.File) []IndexedDecl {
	var out []IndexedDecl
	for _, d := range u.TopDecls(f.Name) {
		out = append(out, IndexedDecl{Kind: d.Kind, Name: d.Name, Path: f.Name,
			Start: f.Offset(d.Range.Start), End: f.Offset(d.Range.End), Detail: d.Detail(u)})
	}
	return out
}

// indexBuild parses each file once into one source set shared by the
// closures assembled from it.
type indexBuild struct {
	snap  *Snapshot
	set   *tablegen.SourceSet
	lexes *lexCache

	mu     sync.Mutex
	parsed map[string]*indexParse
	read   atomic.Int64 // bytes of source parsed
}

type indexParse struct {
	once     sync.Once
	file     *tablegen.File
	entry    *fileEntry
	stmts    []*tablegen.Statement
	includes []string // resolved, in order
}

func (b *indexBuild) parse(path string) *indexParse {
	b.mu.Lock()
	p, ok := b.parsed[path]
	if !ok {
		p = &indexParse{}
		b.parsed[path] = p
	}
	b.mu.Unlock()
	p.once.Do(func() {
		if b.snap.indexable(path) != nil {
			return
		}
		content, hash, err := b.snap.readFile(path)
		if err != nil {
			return
		}
		b.read.Add(int64(len(content)))
		defined := map[string]bool{}
		for _, d := range b.snap.cfg.Defines {
			defined[d] = true
		}
		f, ok := b.set.TryAddFile(path, content)
		if !ok {
			return // past tablegen.MaxSetSize: the workspace is too large to index whole
		}
		fl, _ := b.lexes.get(path, content, hash, defined, f.Base)
		e := newFileEntry(path, fl, f.Base, content)
		parsed, _ := e.parse(context.Background(), b.set, nil, nil) // without prev, a parse is not cut short
		p.file, p.entry, p.stmts = f, e, parsed.stmts
		loader := &tablegen.EditorLoader{IncludeDirs: b.snap.includeDirs(path), ReadFile: statOnly}
		for _, site := range fl.includes {
			if rp, _, err := b.snap.resolveInferring(loader, path, site.name, path); err == nil {
				p.includes = append(p.includes, filepath.Clean(rp))
			}
		}
	})
	return p
}

// unit assembles root's closure: every file's statements, included files
// first, as the statements of a unit.
func (b *indexBuild) unit(root string) *Unit {
	rp := b.parse(root)
	if rp.file == nil {
		return nil
	}
	parts := unitParts{root: root, tg: &tablegen.Unit{Set: b.set, Root: rp.file}, files: map[string]*tablegen.File{}, eof: rp.entry.eof}
	var visit func(path string, depth int)
	visit = func(path string, depth int) {
		if _, seen := parts.files[path]; seen || depth > maxIncludeDepth {
			return
		}
		p := b.parse(path)
		if p.file == nil {
			return
		}
		parts.files[path] = p.file
		for _, inc := range p.includes {
			visit(inc, depth+1)
		}
		parts.tg.Statements = append(parts.tg.Statements, p.stmts...)
		parts.runs = append(parts.runs, tokenRun{p.entry, 0, p.entry.tokens.Len()})
	}
	visit(root, 0)
	return newUnit(parts)
}

// OpenDecls returns the top-level declarations written in path, as the
// index records them, from the unit (for a file whose buffer is newer than
// the index).
func (u *Unit) OpenDecls(path string) []IndexedDecl {
	f := u.File(path)
	if f == nil {
		return nil
	}
	return indexedDecls(u, f)
}
