package analysis

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"tdls/cpp"
	"tdls/toolchain"
)

// Workspace owns the caches shared by all snapshots and makes new snapshots
// from edits. Its methods are safe for concurrent use.
type Workspace struct {
	mu      sync.Mutex
	snap    *Snapshot
	nextID  uint64
	disk    *diskCache
	lexes   *lexCache
	entries *entryCache
	layout  *layout               // one position space for every unit (see layout)
	roots   map[string]*fileEntry // newest root entry of each unit, for incremental reparse
	graph   *includeGraph
	graphMu sync.Mutex // held while the include graph is scanned
	// dependents are the verdicts of Snapshot.needsIncluder, by path and
	// disk content; forgotten with the include graph, and a file's when it
	// changes on disk.
	dependents dependentCache
	evals      *evalCaches
	// searches are the candidate paths of includes (assembly.include).
	searches *fifoCache[searchKey, []string]
	index    *Index
	mlirDir  once[string] // the machine's MLIR include directory
	// onProject hears of each project configuration as it is read.
	onProject func(*ProjectConfig, error)
	// onReplacingSyntax hears of a large file parsed whole after its
	// previous version's syntax was let go (OnReplacingSyntax).
	onReplacingSyntax func(tokens int) (parsed func())
	// catalog is what the workspace's .td and build files tell about
	// include roots (infer.go), walked on first use; inferred is what was
	// inferred from it.
	catalogMu sync.Mutex
	catalog   *IncludeCatalog
	inferred  inferredState
	// freshProjects makes the next snapshot look for project
	// configurations again: one may have appeared.
	freshProjects bool
	// cpp is the C++ index of the workspace folders (cppindex.go).
	cpp cppIndexer
}

// OnReplacingSyntax sets f to hear, before a file of more than
// wholeParseTokens tokens is parsed whole, that the syntax of its previous
// version was just let go and a new one of so many tokens is about to be
// made (the server's memory policy: the new syntax stays live, and the
// collector need not mark it again and again while it grows); the function
// f returns, if not nil, is called when the parse ends. Call it before the
// workspace is used.
func (w *Workspace) OnReplacingSyntax(f func(tokens int) (parsed func())) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.onReplacingSyntax = f
}

// replacingSyntax tells OnReplacingSyntax's function of a whole parse of
// tokens tokens, when it is one of a large file.
func (w *Workspace) replacingSyntax(tokens int) (parsed func()) {
	w.mu.Lock()
	f := w.onReplacingSyntax
	w.mu.Unlock()
	if f == nil || tokens <= wholeParseTokens {
		return nil
	}
	return f(tokens)
}

// OnProjectConfig sets f to hear of each .tdls.yaml as a snapshot reads it,
// with what is wrong in it; call it before the workspace is used.
func (w *Workspace) OnProjectConfig(f func(*ProjectConfig, error)) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.onProject = f
	w.snap.projects = newProjectSet(f)
}

// searchCacheSize bounds the includes whose candidates are kept: several
// times those of MLIR's largest units.
const searchCacheSize = 1 << 14

// NewWorkspace starts a workspace with cfg and no open files.
func NewWorkspace(cfg Config) *Workspace {
	w := &Workspace{
		disk:     newDiskCache(),
		lexes:    newLexCache(),
		entries:  newEntryCache(),
		layout:   newLayout(),
		roots:    map[string]*fileEntry{},
		evals:    newEvalCaches(),
		searches: newFIFOCache[searchKey, []string](searchCacheSize),
	}
	w.snap = w.newSnapshot(cfg, map[string]*Overlay{}, nil, nil)
	return w
}

// Snapshot returns the current snapshot.
func (w *Workspace) Snapshot() *Snapshot {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.snap
}

func (w *Workspace) newSnapshot(cfg Config, overlays map[string]*Overlay, old *Snapshot, changed map[string]bool) *Snapshot {
	w.nextID++
	s := &Snapshot{snapshotInputs: snapshotInputs{w: w, ID: w.nextID, cfg: cfg, overlays: overlays, disk: w.disk}, units: map[string]*unitCall{}}
	projectsChanged := old != nil && (w.freshProjects || old.projects.changed())
	w.freshProjects = false
	if old == nil || projectsChanged || cfgChanged(old.cfg, cfg) {
		s.projects = newProjectSet(w.onProject)
	} else {
		s.projects = old.projects
	}
	if projectsChanged {
		w.graph = nil
		w.forgetInferred()
		w.dependents.forget()
	}
	if old != nil && !cfgChanged(old.cfg, cfg) {
		s.dbs, s.mlirDir, s.vendored = old.dbs, old.mlirDir, old.vendored
	} else {
		s.dbs, s.mlirDir, s.vendored = loadDatabases(cfg), "", vendoredMLIR(cfg.Folders)
		if !cfg.NoMLIRAutoDetect {
			// Asked once per workspace, with the first configuration's
			// trust: it runs llvm-config from PATH, which only an
			// untrusted folder holding it would refuse.
			s.mlirDir = w.mlirDir.get(func() string { return toolchain.MLIRIncludeDir(s.Trust()) })
		}
	}
	if old != nil && changed != nil && !cfgChanged(old.cfg, cfg) && !projectsChanged {
		// Units that contain no changed file stay valid.
		old.mu.Lock()
		for root, c := range old.units {
			select {
			case <-c.done:
				if c.err == nil && c.u != nil && !touches(c.u, changed) {
					s.units[root] = c
				}
			default:
			}
		}
		old.mu.Unlock()
	}
	return s
}

func touches(u *Unit, changed map[string]bool) bool {
	for p := range changed {
		if u.Closure(p) || u.Root == p {
			return true
		}
	}
	return false
}

func cfgChanged(a, b Config) bool {
	eq := func(x, y []string) bool {
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if x[i] != y[i] {
				return false
			}
		}
		return true
	}
	return !(eq(a.Folders, b.Folders) && eq(a.IncludeDirs, b.IncludeDirs) &&
		eq(a.CompileDatabases, b.CompileDatabases) && eq(a.Defines, b.Defines) && a.NoMLIRAutoDetect == b.NoMLIRAutoDetect && a.NewerLLVM == b.NewerLLVM &&
		slices.Equal(a.Severity, b.Severity))
}

func loadDatabases(cfg Config) []*CompileDatabase {
	paths := append([]string(nil), cfg.CompileDatabases...)
	if len(paths) == 0 {
		paths = FindCompileDatabases(cfg.Folders)
	}
	var dbs []*CompileDatabase
	for _, p := range paths {
		if db, err := LoadCompileDatabase(p); err == nil {
			dbs = append(dbs, db)
		}
	}
	return dbs
}

// update makes a new snapshot from the current one.
func (w *Workspace) update(edit func(cfg *Config, overlays map[string]*Overlay) map[string]bool) *Snapshot {
	w.mu.Lock()
	defer w.mu.Unlock()
	old := w.snap
	cfg := old.cfg
	overlays := make(map[string]*Overlay, len(old.overlays)+1)
	for k, v := range old.overlays {
		overlays[k] = v
	}
	changed := edit(&cfg, overlays)
	w.snap = w.newSnapshot(cfg, overlays, old, changed)
	if cfgChanged(old.cfg, cfg) {
		w.graph = nil
		w.forgetInferred()
		w.dependents.forget()
	}
	return w.snap
}

// SetBuffer opens or changes the buffer of path.
func (w *Workspace) SetBuffer(path string, version int32, content []byte) *Snapshot {
	path = filepath.Clean(path)
	return w.update(func(_ *Config, ov map[string]*Overlay) map[string]bool {
		ov[path] = &Overlay{Path: path, Version: version, Content: content, Hash: hashBytes(content)}
		return map[string]bool{path: true}
	})
}

// CloseBuffer closes the buffer of path; the disk content applies again.
func (w *Workspace) CloseBuffer(path string) *Snapshot {
	path = filepath.Clean(path)
	s := w.update(func(_ *Config, ov map[string]*Overlay) map[string]bool {
		delete(ov, path)
		return map[string]bool{path: true}
	})
	w.forgetRoot(path)
	return s
}

// FilesChanged reports files changed, created or deleted on disk. Created
// files can change how includes resolve, so every unit is rebuilt then; a
// changed .tdls.yaml changes the configuration of the files below it.
func (w *Workspace) FilesChanged(paths []string, created bool) *Snapshot {
	projects := false
	for _, p := range paths {
		w.disk.forget(filepath.Clean(p))
		projects = projects || filepath.Base(p) == ProjectConfigName
	}
	// A file changed on disk is judged again (a file created judges them
	// all again, below, with the include graph).
	w.dependents.forget(paths...)
	w.cppFilesChanged(paths)
	if projects {
		w.forgetCppIndex()
	}
	// A C++ source changes only the C++ index (a .inc may be included
	// by TableGen too, and counts for both).
	tdPaths := paths[:0:0]
	for _, p := range paths {
		if !cpp.IsSource(p) || strings.HasSuffix(p, ".inc") {
			tdPaths = append(tdPaths, p)
		}
	}
	if len(tdPaths) == 0 && len(paths) > 0 {
		return w.Snapshot()
	}
	paths = tdPaths
	if created || projects {
		// Who includes whom may have changed.
		w.mu.Lock()
		w.graph = nil
		w.forgetInferred()
		w.dependents.forget()
		w.freshProjects = true
		w.mu.Unlock()
	}
	return w.update(func(cfg *Config, ov map[string]*Overlay) map[string]bool {
		if created {
			return nil // nothing is reused
		}
		ch := map[string]bool{}
		for _, p := range paths {
			ch[filepath.Clean(p)] = true
		}
		return ch
	})
}

// RevalidateDisk checks on disk the files that were read from the cache
// older than its freshness (diskCache.revalidate) and applies what changed
// as FilesChanged does; it returns the new snapshot and the changed paths
// (nil for every file, after a file appeared or vanished), or a nil
// snapshot when nothing changed.
func (w *Workspace) RevalidateDisk() (*Snapshot, []string) {
	changed, created := w.disk.revalidate()
	if len(changed) == 0 {
		return nil, nil
	}
	snap := w.FilesChanged(changed, created)
	if created {
		return snap, nil
	}
	return snap, changed
}

// SetConfig replaces the configuration.
func (w *Workspace) SetConfig(cfg Config) *Snapshot {
	return w.update(func(c *Config, _ map[string]*Overlay) map[string]bool {
		*c = cfg
		return nil
	})
}

func (w *Workspace) previousRoot(root string) *fileEntry {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.roots[root]
}

// rememberRoot keeps the newest entry of an edited root and lets the caches
// forget its older versions.
func (w *Workspace) rememberRoot(root string, e *fileEntry) {
	w.mu.Lock()
	old := w.roots[root]
	w.roots[root] = e
	w.mu.Unlock()
	if old != nil && old.lex != e.lex {
		w.forgetOtherVersions(root, e.lex)
	}
}

// forgetOtherVersions lets the caches forget the entries of path made from
// other contents than keep's: a file being edited would otherwise leave
// one per keystroke.
func (w *Workspace) forgetOtherVersions(path string, keep *fileLex) {
	w.entries.drop(path, keep.hash)
	w.lexes.drop(path, keep.hash)
}

// rewindRoot forgets the versions of root lexed since its newest entry, by
// a build that was cancelled: a file edited faster than it is built would
// otherwise hold the tokens of a version no one shows (400 MB for a 50 MB
// file) while the next one is lexed.
func (w *Workspace) rewindRoot(root string) {
	e := w.previousRoot(root)
	if e == nil {
		return
	}
	w.entries.drop(root, e.lex.hash)
	w.lexes.rewind(root, e.lex)
}

func (w *Workspace) forgetRoot(root string) {
	w.mu.Lock()
	delete(w.roots, root)
	w.mu.Unlock()
}
