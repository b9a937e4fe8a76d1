package analysis

import (
	"hash/maphash"
	"os"
	"path/filepath"
	"sync"
	"time"
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
// re-read its whole include closure.
type diskCache struct {
	mu    sync.Mutex
	files map[string]diskEntry
}

type diskEntry struct {
	size    int64
	mtime   time.Time
	content []byte
	hash    uint64
}

func newDiskCache() *diskCache { return &diskCache{files: map[string]diskEntry{}} }

func (c *diskCache) read(path string) ([]byte, uint64, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, 0, err
	}
	if st.IsDir() {
		return nil, 0, &os.PathError{Op: "read", Path: path, Err: errIsDir}
	}
	c.mu.Lock()
	e, ok := c.files[path]
	c.mu.Unlock()
	if ok && e.size == st.Size() && e.mtime.Equal(st.ModTime()) {
		return e.content, e.hash, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, err
	}
	e = diskEntry{size: st.Size(), mtime: st.ModTime(), content: data, hash: hashBytes(data)}
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

type dirError struct{}

func (dirError) Error() string { return "is a directory" }

var errIsDir = dirError{}

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
