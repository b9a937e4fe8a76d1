package cpp

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// DiscoverOptions bound what Discover returns.
type DiscoverOptions struct {
	// MaxBytes skips larger files (0: DefaultMaxBytes). Generated tables
	// and amalgamations past it define nothing a .td file requires.
	MaxBytes int64
	// MaxFiles stops the walk after that many files (0: DefaultMaxFiles),
	// bounding the index's memory on a huge tree.
	MaxFiles int
}

const (
	DefaultMaxBytes = 2 << 20
	DefaultMaxFiles = 50000
)

// Extensions are the suffixes of the files Discover returns.
var Extensions = []string{".cpp", ".cc", ".cxx", ".c++", ".h", ".hpp", ".hh", ".hxx", ".inc"}

// IsSource reports whether a path has one of Extensions.
func IsSource(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	for _, e := range Extensions {
		if ext == e {
			return true
		}
	}
	return false
}

// SkippedDir reports whether Discover does not enter a directory of this
// name: hidden ones (.git, .cache), build trees (build, build-debug, the
// generated .inc files there are mlir-tblgen's output, not the user's
// code), node_modules, and vendored trees (third_party, external,
// externals, llvm-project: another project's code, often LLVM itself,
// whose size would dominate the index).
func SkippedDir(name string) bool {
	if strings.HasPrefix(name, ".") && name != "." && name != ".." {
		return true
	}
	switch lower := strings.ToLower(name); {
	case strings.HasPrefix(lower, "build"), strings.HasPrefix(lower, "cmake-build"):
		return true
	case lower == "node_modules", lower == "third_party", lower == "third-party", lower == "external",
		lower == "externals", lower == "llvm-project", lower == "__pycache__", lower == "bazel-out":
		return true
	case strings.HasPrefix(lower, "bazel-"):
		return true
	}
	return false
}

// Discover lists the C++ files to scan: those under roots (skipping the
// directories SkippedDir names), and extra (files, or directories walked
// the same way: a compilation database's sources, .tdls.yaml cppSources).
// A root or extra directory is entered even when its own name would be
// skipped. Files over MaxBytes are left out. The result is sorted,
// absolute and without repeats.
func Discover(roots []string, extra []string, opts DiscoverOptions) []string {
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxBytes
	}
	if opts.MaxFiles <= 0 {
		opts.MaxFiles = DefaultMaxFiles
	}
	seen := map[string]bool{}
	var out []string
	add := func(p string, size int64) {
		if size > opts.MaxBytes || seen[p] || len(out) >= opts.MaxFiles {
			return
		}
		seen[p] = true
		out = append(out, p)
	}
	walk := func(root string) {
		root, err := filepath.Abs(root)
		if err != nil {
			return
		}
		root = filepath.Clean(root)
		st, err := os.Stat(root)
		if err != nil {
			return
		}
		if !st.IsDir() {
			if IsSource(root) && st.Mode().IsRegular() {
				add(root, st.Size())
			}
			return
		}
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if d != nil && d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if len(out) >= opts.MaxFiles {
				return filepath.SkipAll
			}
			if d.IsDir() {
				if p != root && SkippedDir(d.Name()) {
					return filepath.SkipDir
				}
				return nil
			}
			if !d.Type().IsRegular() || !IsSource(p) {
				return nil
			}
			info, err := d.Info()
			if err != nil {
				return nil
			}
			add(p, info.Size())
			return nil
		})
	}
	for _, r := range roots {
		walk(r)
	}
	for _, e := range extra {
		walk(e)
	}
	sort.Strings(out)
	return out
}
