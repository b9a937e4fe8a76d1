package analysis

import (
	"hash/maphash"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"tdls/tablegen"
)

// Overlay is the unsaved content of an open editor buffer.
type Overlay struct {
	Path    string
	Version int32
	Content []byte
	Hash    uint64
}

var hashSeed = maphash.MakeSeed()

func hashBytes(b []byte) uint64 { return maphash.Bytes(hashSeed, b) }

// diskCache keeps file contents read from disk, revalidated by size and
// modification time, so that re-assembling a unit after a keystroke does not
// re-read its whole include closure. A result (also "not found", which every
// include search meets for the directories it tries first) is trusted for
// freshFor after its stat. An older one is still handed out, so that a
// keystroke costs no system calls (a unit's closure is some sixty stats,
// a few hundred microseconds, after every pause in typing), and is checked
// on disk afterwards (revalidate): the checker does so at the end of each
// round and checks again what changed, as for a watched-file event.
type diskCache struct {
	mu    sync.Mutex
	files map[string]diskEntry
	due   map[string]bool  // read while older than freshFor, since the last revalidate
	now   func() time.Time // time.Now; tests move it
}

// freshFor is how long a stat stays valid: well below a human's edit-save-
// look cycle, well above the time between keystrokes.
const freshFor = 250 * time.Millisecond

type diskEntry struct {
	size    int64
	mtime   time.Time
	content []byte
	hash    uint64
	err     error     // the file cannot be read (not found, not a regular file)
	checked time.Time // of the last stat
}

func newDiskCache() *diskCache {
	return &diskCache{files: map[string]diskEntry{}, due: map[string]bool{}, now: time.Now}
}

func (c *diskCache) read(path string) ([]byte, uint64, error) {
	c.mu.Lock()
	e, ok := c.files[path]
	if ok && c.now().Sub(e.checked) >= freshFor {
		c.due[path] = true
	}
	c.mu.Unlock()
	if !ok {
		e = c.load(path, diskEntry{})
	}
	return e.content, e.hash, e.err
}

// load stats path and reads it, unless old (the entry cached before, if
// any) has its size and modification time; it keeps and returns the
// entry.
func (c *diskCache) load(path string, old diskEntry) diskEntry {
	now := c.now()
	st, err := tablegen.StatSourceFile(path)
	var e diskEntry
	switch {
	case err != nil:
		e = diskEntry{err: err, checked: now}
	case old.content != nil && old.err == nil && old.size == st.Size() && old.mtime.Equal(st.ModTime()):
		e = old
		e.checked = now
	default:
		data, err := tablegen.ReadRegularFile(path)
		if err != nil {
			e = diskEntry{err: err, checked: now}
		} else {
			e = diskEntry{size: st.Size(), mtime: st.ModTime(), content: data, hash: hashBytes(data), checked: now}
		}
	}
	c.mu.Lock()
	c.files[path] = e
	c.mu.Unlock()
	return e
}

// revalidate checks on disk the entries handed out older than freshFor
// since the last call. It returns the paths whose content changed, or that
// appeared, vanished or failed otherwise (created: one of those, which can
// change how includes resolve).
func (c *diskCache) revalidate() (changed []string, created bool) {
	c.mu.Lock()
	due := c.due
	c.due = map[string]bool{}
	c.mu.Unlock()
	paths := make([]string, 0, len(due))
	for p := range due {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		c.mu.Lock()
		old, ok := c.files[p]
		c.mu.Unlock()
		if !ok {
			continue // forgotten meanwhile: read afresh next time
		}
		e := c.load(p, old)
		switch {
		case (e.err == nil) != (old.err == nil):
			created = true
			changed = append(changed, p)
		case e.err != nil:
			if e.err.Error() != old.err.Error() {
				created = true
				changed = append(changed, p)
			}
		case e.hash != old.hash:
			changed = append(changed, p)
		}
	}
	return changed, created
}

// forget drops a cached file (after a watched-file event).
func (c *diskCache) forget(path string) {
	c.mu.Lock()
	delete(c.files, path)
	c.mu.Unlock()
}

// readFile is the snapshot's view of a file: the overlay if the file is open,
// else the disk.
func (s *Snapshot) readFile(path string) ([]byte, uint64, error) {
	return s.readCleanFile(filepath.Clean(path))
}

// readCleanFile is readFile of a clean path.
func (s *Snapshot) readCleanFile(path string) ([]byte, uint64, error) {
	if o, ok := s.overlays[path]; ok {
		return o.Content, o.Hash, nil
	}
	return s.disk.read(path)
}

// ReadFile returns the content of path as this snapshot sees it.
func (s *Snapshot) ReadFile(path string) ([]byte, error) {
	b, _, err := s.readFile(path)
	return b, err
}
