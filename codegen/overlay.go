package codegen

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
)

// overlayTree is a temporary directory that mirrors the whole file system,
// except that the overlaid files carry their unsaved contents. Directories
// on the way to an overlaid file (the root included) are real directories
// whose other entries are symlinks to the originals. mlir-tblgen run in the
// mirror, on the mirrored file with the mirrored include directories,
// therefore resolves every include to the same file as on disk and reads
// the buffer where there is one: what it would do after the buffers were
// saved.
type overlayTree struct {
	dir string
}

// newOverlayTree builds the mirror with overlays (paths to contents).
// Overlays equal to the file on disk are left out; when none is left, the
// tree is nil and mlir-tblgen can run on the disk itself.
func newOverlayTree(overlays map[string][]byte) (*overlayTree, error) {
	changed := map[string][]byte{}
	for p, data := range overlays {
		p, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		if disk, err := os.ReadFile(p); err == nil && bytes.Equal(disk, data) {
			continue
		}
		changed[p] = data
	}
	if len(changed) == 0 {
		return nil, nil
	}
	dir, err := os.MkdirTemp("", "tdls-gen-")
	if err != nil {
		return nil, err
	}
	t := &overlayTree{dir: dir}
	// real holds the directories that must be real in the mirror: every
	// ancestor of an overlaid file.
	real := map[string]bool{}
	for p := range changed {
		for d := filepath.Dir(p); ; d = filepath.Dir(d) {
			real[d] = true
			if d == filepath.Dir(d) {
				break
			}
		}
	}
	fail := func(err error) (*overlayTree, error) {
		t.remove()
		return nil, err
	}
	for p, data := range changed {
		if err := os.MkdirAll(t.path(filepath.Dir(p)), 0o700); err != nil {
			return fail(err)
		}
		if err := os.WriteFile(t.path(p), data, 0o600); err != nil {
			return fail(err)
		}
	}
	// Fill the real directories with links to what else they hold on disk.
	for d := range real {
		entries, err := os.ReadDir(d)
		if err != nil {
			continue // a directory only the buffers have
		}
		for _, e := range entries {
			target := filepath.Join(d, e.Name())
			if _, err := os.Lstat(t.path(target)); err == nil {
				continue
			}
			if err := os.Symlink(target, t.path(target)); err != nil {
				return fail(err)
			}
		}
	}
	return t, nil
}

// path is where the mirror holds the absolute path p.
func (t *overlayTree) path(p string) string { return filepath.Join(t.dir, p) }

// unmap turns the mirror's paths in text back into the originals.
func (t *overlayTree) unmap(text string) string {
	if t == nil {
		return text
	}
	return strings.ReplaceAll(text, t.dir, "")
}

func (t *overlayTree) remove() {
	if t != nil {
		os.RemoveAll(t.dir)
	}
}
