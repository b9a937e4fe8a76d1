package analysis

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
)

// Snapshot is an immutable view of the workspace: configuration, unsaved
// buffers, and the units analysed from them. Every request reads one
// snapshot; an edit makes a new one that inherits the units the edit cannot
// affect.
type Snapshot struct {
	snapshotInputs

	// What it has analysed so far, filled in as requests ask.
	mu         sync.Mutex
	units      map[string]*unitCall
	bufferIncs map[string][]string // by Snapshot.bufferIncludes
}

// snapshotInputs are what a snapshot is made from, fixed when it is made: a
// view of the same workspace with other buffers (Snapshot.diskView) copies
// them whole and starts with nothing analysed.
type snapshotInputs struct {
	w        *Workspace
	ID       uint64
	cfg      Config
	dbs      []*CompileDatabase
	projects *projectSet // the .tdls.yaml files of root files
	mlirDir  string
	vendored string // a vendored llvm-project's MLIR include directory (infer.go)
	overlays map[string]*Overlay
	disk     *diskCache
}

type unitCall struct {
	done chan struct{}
	u    *Unit
	err  error
}

// Config returns the configuration the snapshot was made with.
func (s *Snapshot) Config() Config { return s.cfg }

// Overlay returns the open buffer for path, or nil.
func (s *Snapshot) Overlay(path string) *Overlay { return s.overlays[filepath.Clean(path)] }

// OpenFiles lists the paths of open buffers.
func (s *Snapshot) OpenFiles() []string {
	out := make([]string, 0, len(s.overlays))
	for p := range s.overlays {
		out = append(out, p)
	}
	return out
}

// IncludeDirs returns the include search path for a root file (after the
// including file's own directory).
func (s *Snapshot) IncludeDirs(root string) []string { return s.includeDirs(filepath.Clean(root)) }

// Unit returns the unit rooted at root, building it once per snapshot.
// Concurrent callers share the work; a cancelled build is retried by the
// next caller.
func (s *Snapshot) Unit(ctx context.Context, root string) (*Unit, error) {
	root = filepath.Clean(root)
	for {
		s.mu.Lock()
		c, ok := s.units[root]
		if !ok {
			c = &unitCall{done: make(chan struct{}), err: errJobFailed}
			s.units[root] = c
			s.mu.Unlock()
			s.build(ctx, root, c)
			return c.u, c.err
		}
		s.mu.Unlock()
		select {
		case <-c.done:
			if c.err != nil && ctx.Err() == nil && (isCancel(c.err) || c.err == errJobFailed) {
				continue // the builder was cancelled or failed, not us: build again
			}
			return c.u, c.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// build makes c's unit and publishes it. A build cut short (cancelled, or
// panicked: c.err is then errJobFailed and the panic goes on up) is
// forgotten, so that the next caller builds again; its waiters are woken
// either way, never left waiting on a build that will not finish.
func (s *Snapshot) build(ctx context.Context, root string, c *unitCall) {
	defer func() {
		if c.err != nil && (ctx.Err() != nil || c.err == errJobFailed) {
			s.mu.Lock()
			delete(s.units, root)
			s.mu.Unlock()
		}
		close(c.done)
	}()
	c.u, c.err = s.buildUnit(ctx, root)
}

func isCancel(err error) bool {
	return err == context.Canceled || err == context.DeadlineExceeded
}

// UnitFor returns the unit a file is analysed in: its own, or for a fragment
// file the unit of the file that includes it.
func (s *Snapshot) UnitFor(ctx context.Context, path string) (*Unit, error) {
	return s.Unit(ctx, s.ContextRoot(path))
}

// cachedUnit returns a finished unit without building one.
func (s *Snapshot) cachedUnit(root string) *Unit {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.units[root]; ok {
		select {
		case <-c.done:
			return c.u
		default:
		}
	}
	return nil
}

// ReadOnly reports whether a file must not be edited: it lies in the MLIR
// installation or in an include directory outside the workspace folders
// (a library), or the file system refuses writes to it. Open buffers are
// always editable.
func (s *Snapshot) ReadOnly(path string) bool {
	if s.Overlay(path) != nil {
		return false
	}
	if s.mlirDir != "" && within(path, s.mlirDir) {
		return true
	}
	inWorkspace := false
	for _, f := range s.cfg.Folders {
		inWorkspace = inWorkspace || within(path, f)
	}
	for _, d := range s.cfg.IncludeDirs {
		if within(path, d) && !inWorkspace {
			return true
		}
	}
	return !writable(path)
}

func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}

// Index returns the workspace index (empty until built).
func (s *Snapshot) Index() *Index { return s.w.Index() }
