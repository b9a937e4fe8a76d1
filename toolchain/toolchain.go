// Package toolchain finds the user's LLVM/MLIR: the include directory of
// an installed MLIR, the mlir-tblgen to run, and the release they are of,
// so that tdls can say when it models another release than the one the
// project builds with. It imports nothing of tdls.
package toolchain

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// LLVM is a found LLVM release and where it was read.
type LLVM struct {
	Version string // as the tool printed it: "22.1.8", "23.0.0git"
	Major   int
	From    string // how it was read: "mlir-tblgen --version", "llvm-config --version", "MLIRConfigVersion.cmake"
	Path    string // the binary run or the file read
}

func (l LLVM) String() string {
	return l.Version + " (" + l.From + " of " + l.Path + ")"
}

// Search says where to look for the user's LLVM, most specific first.
type Search struct {
	// MLIRTblgen is the configured mlir-tblgen (a path or a name on PATH).
	MLIRTblgen string
	// BuildDirs are the project's build trees (those of its compile
	// databases): an LLVM build's bin/, or a dialect build's CMakeCache.txt
	// naming the MLIR it was configured with.
	BuildDirs []string
	// IncludeDirs are the include directories the analysis reads; one
	// holding MLIR's headers sits in an installation that says its release.
	IncludeDirs []string
	// Machine also looks at the machine's LLVM: llvm-config when it has
	// MLIR, mlir-tblgen on PATH, the newest /usr/lib/llvm-N.
	Machine bool
}

// Find returns the release of the first LLVM the search finds, in the
// order of Search's fields.
func Find(s Search) (LLVM, bool) {
	if s.MLIRTblgen != "" {
		if p, err := exec.LookPath(s.MLIRTblgen); err == nil {
			if l, ok := runVersion(p); ok {
				return l, true
			}
		}
	}
	for _, dir := range s.BuildDirs {
		if l, ok := inBuildDir(dir); ok {
			return l, true
		}
	}
	for _, dir := range s.IncludeDirs {
		if !HasMLIR(dir) {
			continue
		}
		if l, ok := inInstallation(filepath.Dir(filepath.Clean(dir))); ok {
			return l, true
		}
	}
	if !s.Machine {
		return LLVM{}, false
	}
	if out, err := command("llvm-config", "--includedir"); err == nil && HasMLIR(strings.TrimSpace(out)) {
		if p, err := exec.LookPath("llvm-config"); err == nil {
			if l, ok := runVersion(p); ok {
				return l, true
			}
		}
	}
	if p, err := exec.LookPath("mlir-tblgen"); err == nil {
		if l, ok := runVersion(p); ok {
			return l, true
		}
	}
	for _, prefix := range installedPrefixes() {
		if l, ok := inInstallation(prefix); ok {
			return l, true
		}
	}
	return LLVM{}, false
}

// inBuildDir reads the release of a build tree: the LLVM it built
// (bin/mlir-tblgen), or the MLIR (LLVM) a dialect's build was configured
// with (MLIR_DIR, LLVM_DIR in CMakeCache.txt).
func inBuildDir(dir string) (LLVM, bool) {
	if l, ok := builtTblgen(dir); ok {
		return l, true
	}
	cache, err := os.ReadFile(filepath.Join(dir, "CMakeCache.txt"))
	if err != nil {
		return LLVM{}, false
	}
	for _, v := range []struct{ key, file string }{{"MLIR_DIR", "MLIRConfigVersion.cmake"}, {"LLVM_DIR", "LLVMConfigVersion.cmake"}} {
		if d := cacheEntry(string(cache), v.key); d != "" {
			if l, ok := readConfigVersion(filepath.Join(d, v.file)); ok {
				return l, true
			}
		}
	}
	return LLVM{}, false
}

// inInstallation reads the release of an installation prefix (the parent
// of its include/): its mlir-tblgen, else its CMake package version.
func inInstallation(prefix string) (LLVM, bool) {
	if l, ok := builtTblgen(prefix); ok {
		return l, true
	}
	return readConfigVersion(filepath.Join(prefix, "lib", "cmake", "mlir", "MLIRConfigVersion.cmake"))
}

// builtTblgen reads the release of dir/bin/mlir-tblgen (a build tree's or
// an installation's).
func builtTblgen(dir string) (LLVM, bool) {
	if p := filepath.Join(dir, "bin", "mlir-tblgen"); isExecutable(p) {
		return runVersion(p)
	}
	return LLVM{}, false
}

// cacheEntry is the value of KEY:TYPE=VALUE in a CMakeCache.txt.
func cacheEntry(cache, key string) string {
	for _, line := range strings.Split(cache, "\n") {
		if name, rest, ok := strings.Cut(line, ":"); ok && name == key {
			if _, v, ok := strings.Cut(rest, "="); ok {
				return strings.TrimSpace(v)
			}
		}
	}
	return ""
}

// Compiled on first use, not at init: most processes never read a version.
var (
	// `mlir-tblgen --version` prints "LLVM version 22.1.8" (upstream,
	// after "LLVM (http://llvm.org/):") or "Debian LLVM version 22.1.8".
	toolVersion = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`LLVM version (\d+)\.\d+\.\d+\S*`) })
	// `llvm-config --version` prints the bare version.
	bareVersion = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\d+)\.\d+\.\d+\S*$`) })
	// A CMake package's ConfigVersion file sets PACKAGE_VERSION first.
	packageVersion = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`set\(PACKAGE_VERSION "((\d+)\.\d+\.\d+\S*)"\)`) })
)

// ParseVersion reads the release from what `mlir-tblgen --version`,
// `llvm-tblgen --version` or `llvm-config --version` print.
func ParseVersion(out string) (version string, major int, ok bool) {
	if m := toolVersion().FindStringSubmatch(out); m != nil {
		major, _ = strconv.Atoi(m[1])
		return strings.TrimPrefix(m[0], "LLVM version "), major, true
	}
	if m := bareVersion().FindStringSubmatch(strings.TrimSpace(out)); m != nil {
		major, _ = strconv.Atoi(m[1])
		return strings.TrimSpace(out), major, true
	}
	return "", 0, false
}

func runVersion(bin string) (LLVM, bool) {
	out, err := command(bin, "--version")
	if err != nil {
		return LLVM{}, false
	}
	v, major, ok := ParseVersion(out)
	if !ok {
		return LLVM{}, false
	}
	return LLVM{Version: v, Major: major, From: filepath.Base(bin) + " --version", Path: bin}, true
}

func readConfigVersion(path string) (LLVM, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return LLVM{}, false
	}
	m := packageVersion().FindSubmatch(data)
	if m == nil {
		return LLVM{}, false
	}
	major, _ := strconv.Atoi(string(m[2]))
	return LLVM{Version: string(m[1]), Major: major, From: filepath.Base(path), Path: path}, true
}

// command runs a tool's query; a tool that hangs is given up on.
func command(name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, name, args...).Output()
	return string(out), err
}

func isExecutable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir() && st.Mode()&0o111 != 0
}

// HasMLIR reports whether dir is an include directory holding MLIR's ODS.
func HasMLIR(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "mlir", "IR", "OpBase.td"))
	return dir != "" && err == nil
}

// installedPrefixes are the /usr/lib/llvm-N installations, newest first.
func installedPrefixes() []string {
	dirs, _ := filepath.Glob("/usr/lib/llvm-*")
	sort.Slice(dirs, func(i, j int) bool { return prefixMajor(dirs[i]) > prefixMajor(dirs[j]) })
	return dirs
}

// prefixMajor is N of /usr/lib/llvm-N, or -1.
func prefixMajor(dir string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(dir), "llvm-"))
	if err != nil {
		return -1
	}
	return n
}

// MLIRIncludeDir finds the include directory of an installed MLIR, the one
// holding mlir/IR/OpBase.td: `llvm-config --includedir`, then the newest
// /usr/lib/llvm-N/include, then ../include next to mlir-tblgen on PATH; ""
// when there is none.
func MLIRIncludeDir() string {
	if out, err := command("llvm-config", "--includedir"); err == nil {
		if d := strings.TrimSpace(out); HasMLIR(d) {
			return d
		}
	}
	for _, prefix := range installedPrefixes() {
		if d := filepath.Join(prefix, "include"); HasMLIR(d) {
			return d
		}
	}
	if p, err := exec.LookPath("mlir-tblgen"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		if d := filepath.Join(filepath.Dir(filepath.Dir(p)), "include"); HasMLIR(d) {
			return d
		}
	}
	return ""
}

// MLIRTblgen returns the mlir-tblgen to run: the configured one, the one in
// the build directory, the first on PATH, or the newest installed under
// /usr/lib/llvm-N; "" when none is.
func MLIRTblgen(configured, buildDir string) string {
	if configured != "" {
		if p, err := exec.LookPath(configured); err == nil && isExecutable(p) {
			return p
		}
	}
	if buildDir != "" {
		if p := filepath.Join(buildDir, "bin", "mlir-tblgen"); isExecutable(p) {
			return p
		}
	}
	if p, err := exec.LookPath("mlir-tblgen"); err == nil {
		return p
	}
	for _, prefix := range installedPrefixes() {
		if p := filepath.Join(prefix, "bin", "mlir-tblgen"); prefixMajor(prefix) >= 0 && isExecutable(p) {
			return p
		}
	}
	return ""
}
