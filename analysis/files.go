package analysis

import (
	"hash/maphash"
	"path/filepath"
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
// freshFor without a stat: a keystroke then costs no system calls, and a
// change on disk that no watched-file event reports (forget) is still seen
// within freshFor.
type diskCache struct {
	mu    sync.Mutex
	files map[string]diskEntry
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

func newDiskCache() *diskCache { return &diskCache{files: map[string]diskEntry{}, now: time.Now} }

func (c *diskCache) read(path string) ([]byte, uint64, error) {
	now := c.now()
	c.mu.Lock()
	e, ok := c.files[path]
	c.mu.Unlock()
	if ok && now.Sub(e.checked) < freshFor {
		return e.content, e.hash, e.err
	}
	st, err := tablegen.StatSourceFile(path)
	if err != nil {
		c.mu.Lock()
		c.files[path] = diskEntry{err: err, checked: now}
		c.mu.Unlock()
		return nil, 0, err
	}
	if ok && e.err == nil && e.size == st.Size() && e.mtime.Equal(st.ModTime()) {
		e.checked = now
		c.mu.Lock()
		c.files[path] = e
		c.mu.Unlock()
		return e.content, e.hash, nil
	}
	data, err := tablegen.ReadRegularFile(path)
	if err != nil {
		c.mu.Lock()
		c.files[path] = diskEntry{err: err, checked: now}
		c.mu.Unlock()
		return nil, 0, err
	}
	e = diskEntry{size: st.Size(), mtime: st.ModTime(), content: data, hash: hashBytes(data), checked: now}
	c.mu.Lock()
	c.files[path] = e
	c.mu.Unlock()
	return data, e.hash, nil
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
	path = filepath.Clean(path)
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
