package analysis

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"tdls/cpp"
)

// The workspace's C++ index: the definitions of the C++ files of the
// workspace folders, of the sources a compile_commands.json lists and of
// the directories .tdls.yaml names under cppSources. It is built in the
// background on first use, rebuilt when the folders change, and kept up
// to date file by file as the disk changes; a reader sees whatever part
// is built (cpp.Index is safe for concurrent use), never waits for it.
type cppIndexer struct {
	mu        sync.Mutex
	index     *cpp.Index
	key       string             // the inputs of the build under way or done
	cancel    context.CancelFunc // stops the build under way
	listeners []func()
	built     bool
	// ownVendored are the vendored directories the index's build
	// entered as the project's own (ownVendoredDirs).
	ownVendored []string
}

// CppIndex returns the workspace's C++ index, starting its build in the
// background when the workspace's folders have none yet. It never blocks:
// the index may be partial (see CppIndexBuilt).
func (w *Workspace) CppIndex() *cpp.Index {
	snap := w.Snapshot()
	c := &w.cpp
	c.mu.Lock()
	defer c.mu.Unlock()
	roots := append([]string(nil), snap.cfg.Folders...)
	sort.Strings(roots)
	key := strings.Join(roots, "\x00")
	if c.index == nil || key != c.key {
		if c.cancel != nil {
			c.cancel()
		}
		x := cpp.NewIndex()
		ctx, cancel := context.WithCancel(context.Background())
		c.index, c.key, c.cancel, c.built = x, key, cancel, false
		go w.buildCppIndex(ctx, x, roots)
	}
	return c.index
}

// CppIndexBuilt reports whether the index CppIndex returns is complete.
func (w *Workspace) CppIndexBuilt() bool {
	w.cpp.mu.Lock()
	defer w.cpp.mu.Unlock()
	return w.cpp.built
}

// OnCppIndexed calls f each time a build of the C++ index completes or
// files changed on disk were indexed again (the server refreshes its code
// lenses then). f runs on the indexing goroutine.
func (w *Workspace) OnCppIndexed(f func()) {
	w.cpp.mu.Lock()
	defer w.cpp.mu.Unlock()
	w.cpp.listeners = append(w.cpp.listeners, f)
}

// StopCppIndex cancels a build under way (at shutdown).
func (w *Workspace) StopCppIndex() {
	w.cpp.mu.Lock()
	defer w.cpp.mu.Unlock()
	if w.cpp.cancel != nil {
		w.cpp.cancel()
	}
}

func (w *Workspace) cppIndexed(x *cpp.Index, built bool) {
	w.cpp.mu.Lock()
	if w.cpp.index != x {
		w.cpp.mu.Unlock()
		return
	}
	if built {
		w.cpp.built = true
	}
	ls := append([]func(){}, w.cpp.listeners...)
	w.cpp.mu.Unlock()
	for _, f := range ls {
		f()
	}
}

// forgetCppIndex makes the next CppIndex build again (a .tdls.yaml
// changed: its cppSources may have).
func (w *Workspace) forgetCppIndex() {
	w.cpp.mu.Lock()
	defer w.cpp.mu.Unlock()
	if w.cpp.index != nil {
		w.cpp.key = "\x00changed"
	}
}

// CppSourcesOf are the cppSources of the .tdls.yaml of each folder (or of
// its nearest parent that has one).
func CppSourcesOf(folders []string) []string {
	var out []string
	for _, f := range folders {
		if p := FindProjectConfig(f); p != "" {
			if cfg, _ := LoadProjectConfig(p); cfg != nil {
				out = append(out, cfg.CppSources...)
			}
		}
	}
	return out
}

// CppFiles are the files of a C++ index over folders: those below them,
// the sources of a compile_commands.json found in them (top or build*/),
// the .tdls.yaml cppSources and the vendored directories that are the
// project's own (ownVendoredDirs), as cpp.Discover bounds them.
func CppFiles(folders []string) []string {
	files, _ := cppFiles(folders)
	return files
}

// cppFiles is CppFiles, with the vendored directories it enters as the
// project's own (ownVendoredDirs).
func cppFiles(folders []string) (files, ownVendored []string) {
	ownVendored = ownVendoredDirs(folders)
	extra := append(CppSourcesOf(folders), CompileCommandsSources(folders)...)
	extra = append(extra, ownVendored...)
	return cpp.Discover(folders, extra, cpp.DiscoverOptions{}), ownVendored
}

// buildCppIndex discovers and scans the C++ files, a few at a time, until
// done or cancelled.
func (w *Workspace) buildCppIndex(ctx context.Context, x *cpp.Index, roots []string) {
	files, own := cppFiles(roots)
	w.cpp.mu.Lock()
	if w.cpp.index == x {
		w.cpp.ownVendored = own
	}
	w.cpp.mu.Unlock()
	ScanCppFiles(ctx, x, files)
	if ctx.Err() == nil {
		w.cppIndexed(x, true)
	}
}

// ScanCppFiles scans files into x with a worker per core beyond the
// first (at least one), stopping when ctx ends. Unreadable files are
// skipped.
func ScanCppFiles(ctx context.Context, x *cpp.Index, files []string) {
	workers := max(1, runtime.GOMAXPROCS(0)-1)
	if len(files) < 8 {
		workers = 1
	}
	next := make(chan string)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				if f := scanCppFile(p); f != nil {
					x.Update(f)
				}
			}
		}()
	}
	for _, p := range files {
		if ctx.Err() != nil {
			break
		}
		next <- p
	}
	close(next)
	wg.Wait()
}

func scanCppFile(path string) *cpp.File {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() || st.Size() > cpp.DefaultMaxBytes {
		return nil
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	return cpp.Scan(path, src)
}

// cppFilesChanged scans again the C++ files among paths that the index
// holds or would hold (below its roots), in the background.
func (w *Workspace) cppFilesChanged(paths []string) {
	w.cpp.mu.Lock()
	x := w.cpp.index
	w.cpp.mu.Unlock()
	if x == nil {
		return
	}
	var todo []string
	for _, p := range paths {
		p = filepath.Clean(p)
		if cpp.IsSource(p) {
			todo = append(todo, p)
		}
	}
	if len(todo) == 0 {
		return
	}
	go func() {
		for _, p := range todo {
			if f := scanCppFile(p); f != nil {
				if x.Has(p) || w.underCppRoots(p) {
					x.Update(f)
				}
			} else {
				x.Remove(p)
			}
		}
		w.cppIndexed(x, false)
	}()
}

// underCppRoots reports whether a new file belongs in the index: below a
// workspace folder, in no directory cpp.Discover skips, or in a vendored
// directory that is the project's own.
func (w *Workspace) underCppRoots(p string) bool {
	w.cpp.mu.Lock()
	own := w.cpp.ownVendored
	w.cpp.mu.Unlock()
	for _, d := range own {
		if rel, err := filepath.Rel(d, p); err == nil && !strings.HasPrefix(rel, "..") {
			return true
		}
	}
	for _, f := range w.Snapshot().cfg.Folders {
		rel, err := filepath.Rel(f, p)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		skipped := false
		for _, part := range strings.Split(filepath.Dir(rel), string(filepath.Separator)) {
			if part != "." && cpp.SkippedDir(part) {
				skipped = true
			}
		}
		if !skipped {
			return true
		}
	}
	return false
}

// CompileCommandsSources are the source files a compile_commands.json of
// a folder lists (the folder's own, or one in a build*/ directory or one
// level below it), made absolute.
func CompileCommandsSources(folders []string) []string {
	var out []string
	for _, root := range folders {
		cands := []string{filepath.Join(root, "compile_commands.json")}
		more, _ := filepath.Glob(filepath.Join(root, "build*", "compile_commands.json"))
		cands = append(cands, more...)
		more, _ = filepath.Glob(filepath.Join(root, "build*", "*", "compile_commands.json"))
		cands = append(cands, more...)
		for _, c := range cands {
			out = append(out, compileCommandsFiles(c)...)
		}
	}
	return out
}

// maxCompileCommands bounds the compile_commands.json read (a large
// project's is tens of megabytes).
const maxCompileCommands = 256 << 20

func compileCommandsFiles(path string) []string {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() || st.Size() > maxCompileCommands {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var entries []struct {
		Directory string `json:"directory"`
		File      string `json:"file"`
	}
	if json.Unmarshal(data, &entries) != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		f := e.File
		if f == "" {
			continue
		}
		if !filepath.IsAbs(f) {
			f = filepath.Join(e.Directory, f)
		}
		out = append(out, filepath.Clean(f))
	}
	return out
}
