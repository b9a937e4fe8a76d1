package analysis

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"tdls/cpp"
)

// The C++ index skips vendored trees (third_party, external: another
// project's code, often LLVM itself). Some projects keep their own code
// there too: Triton's AMD and NVIDIA backends are third_party/amd and
// third_party/nvidia, whose dialects' C++ is the project's. A vendored
// directory is the project's own when its .td files include the
// project's: a backend's include "triton/Dialect/Triton/IR/TritonTypes.td",
// which lies outside third_party; a copy of another project (IREE's
// third_party/stablehlo) cannot name the files of the project that
// vendors it.

// vendoredTreeNames are the directory names whose children ownVendoredDirs
// looks at: those cpp.SkippedDir skips as another project's code.
var vendoredTreeNames = map[string]bool{"third_party": true, "third-party": true, "external": true, "externals": true}

// maxVendoredWalk bounds the entries ownVendoredDirs visits per folder.
const maxVendoredWalk = 200000

// ownVendoredDirs returns, for each folder, the children of its vendored
// trees (third_party/amd) holding a .td file that includes, by a path of
// at least two components, a .td file of the folder outside every
// vendored tree and not in that child.
func ownVendoredDirs(folders []string) []string {
	var out []string
	for _, root := range folders {
		out = append(out, ownVendoredDirsOf(root)...)
	}
	sort.Strings(out)
	return out
}

func ownVendoredDirsOf(root string) []string {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil
	}
	own := map[string]bool{}           // suffixes of 2+ components of the folder's .td files
	vendored := map[string][]string{}  // vendored child -> its .td files
	childSuffixes := map[string]bool{} // child + "\x00" + suffix
	visited := 0
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if visited++; visited > maxVendoredWalk {
			return filepath.SkipAll
		}
		if d.IsDir() {
			if p != root && cpp.SkippedDir(d.Name()) && !vendoredTreeNames[strings.ToLower(d.Name())] {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".td") || !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return nil
		}
		parts := strings.Split(filepath.ToSlash(rel), "/")
		child := ""
		for i, part := range parts[:len(parts)-1] {
			if vendoredTreeNames[strings.ToLower(part)] {
				if i+2 == len(parts) {
					return nil // a file of the vendored tree itself
				}
				child = filepath.Join(root, filepath.Join(parts[:i+2]...))
				break
			}
		}
		for k := 0; k+1 < len(parts); k++ {
			suffix := strings.Join(parts[k:], "/")
			if child == "" {
				own[suffix] = true
			} else {
				childSuffixes[child+"\x00"+suffix] = true
			}
		}
		if child != "" {
			vendored[child] = append(vendored[child], p)
		}
		return nil
	})
	var out []string
	for child, files := range vendored {
		if includesOwn(files, func(inc string) bool {
			return strings.Contains(inc, "/") && own[inc] && !childSuffixes[child+"\x00"+inc]
		}) {
			out = append(out, child)
		}
	}
	return out
}

// includesOwn reports whether one of files has an include that own
// accepts.
func includesOwn(files []string, own func(inc string) bool) bool {
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for inc := range includeNames(src) {
			if own(filepath.ToSlash(filepath.Clean(inc))) {
				return true
			}
		}
	}
	return false
}
