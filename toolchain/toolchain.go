// Package toolchain finds the user's LLVM/MLIR: the include directory of
// an installed MLIR, the mlir-tblgen to run, and the release they are of,
// so that tdls can say when it models another release than the one the
// project builds with. It imports nothing of tdls.
package toolchain

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
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

// Search says where to look for the user's LLVM, most specific first, and
// what the user trusts: an executable the search would run that Trust
// does not allow is not run, and the release is read from the text beside
// it instead (the CMake package files, llvm-config.h).
type Search struct {
	// MLIRTblgen is the configured mlir-tblgen (a path or a name on PATH),
	// with who configured it; none when its Path is "".
	MLIRTblgen Tool
	// BuildDirs are the project's build trees (those of its compile
	// databases): an LLVM build's bin/, or a dialect build's CMakeCache.txt
	// naming the MLIR it was configured with. A repository names them.
	BuildDirs []string
	// IncludeDirs are the include directories the analysis reads; one
	// holding MLIR's headers sits in an installation that says its release.
	IncludeDirs []Dir
	// Machine also looks at the machine's LLVM: llvm-config when it has
	// MLIR, mlir-tblgen on PATH, the newest /usr/lib/llvm-N.
	Machine bool
	Trust   Trust
}

// Dir is a directory and who named it.
type Dir struct {
	Path   string
	Origin Origin
	Via    string // the file that named it, for a workspace's
}

// Find returns the release of the first LLVM the search finds, in the
// order of Search's fields.
func Find(s Search) (LLVM, bool) {
	if s.MLIRTblgen.Path != "" {
		if p, err := exec.LookPath(s.MLIRTblgen.Path); err == nil {
			tool := s.MLIRTblgen
			tool.Path = p
			if l, ok := runVersion(s.Trust, tool); ok {
				return l, true
			}
		}
	}
	for _, dir := range s.BuildDirs {
		if l, ok := inBuildDir(s.Trust, dir); ok {
			return l, true
		}
	}
	for _, dir := range s.IncludeDirs {
		if !HasMLIR(dir.Path) {
			continue
		}
		prefix := Dir{Path: filepath.Dir(filepath.Clean(dir.Path)), Origin: dir.Origin, Via: dir.Via}
		if l, ok := inInstallation(s.Trust, prefix); ok {
			return l, true
		}
	}
	if !s.Machine {
		return LLVM{}, false
	}
	if out, err := machineCommand(s.Trust, "llvm-config", "--includedir"); err == nil && HasMLIR(strings.TrimSpace(out)) {
		if p, err := exec.LookPath("llvm-config"); err == nil {
			if l, ok := runVersion(s.Trust, Tool{Path: p, Origin: FromMachine}); ok {
				return l, true
			}
		}
	}
	if p, err := exec.LookPath("mlir-tblgen"); err == nil {
		if l, ok := runVersion(s.Trust, Tool{Path: p, Origin: FromMachine}); ok {
			return l, true
		}
	}
	for _, prefix := range installedPrefixes() {
		if l, ok := inInstallation(s.Trust, Dir{Path: prefix, Origin: FromMachine}); ok {
			return l, true
		}
	}
	return LLVM{}, false
}

// inBuildDir reads the release of a build tree: the LLVM it built (its
// bin/mlir-tblgen when trusted, else the CMake package files and
// llvm-config.h it wrote), or the MLIR (LLVM) a dialect's build was
// configured with (MLIR_DIR, LLVM_DIR in CMakeCache.txt).
func inBuildDir(trust Trust, dir string) (LLVM, bool) {
	if l, ok := inInstallation(trust, Dir{Path: dir, Origin: FromWorkspace, Via: dir}); ok {
		return l, true
	}
	cache, err := readTextFile(filepath.Join(dir, "CMakeCache.txt"))
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

// inInstallation reads the release of an installation prefix or a build
// tree (the parent of its include/): its mlir-tblgen when trust allows
// running it, else the text it keeps: MLIR's CMake package version,
// LLVM's, then llvm/Config/llvm-config.h.
func inInstallation(trust Trust, prefix Dir) (LLVM, bool) {
	if p := filepath.Join(prefix.Path, "bin", "mlir-tblgen"); isExecutable(p) {
		if l, ok := runVersion(trust, Tool{Path: p, Origin: prefix.Origin, Via: prefix.Via}); ok {
			return l, true
		}
	}
	for _, f := range []string{
		filepath.Join(prefix.Path, "lib", "cmake", "mlir", "MLIRConfigVersion.cmake"),
		filepath.Join(prefix.Path, "lib", "cmake", "llvm", "LLVMConfigVersion.cmake"),
	} {
		if l, ok := readConfigVersion(f); ok {
			return l, true
		}
	}
	return readConfigHeader(filepath.Join(prefix.Path, "include", "llvm", "Config", "llvm-config.h"))
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
	// llvm-config.h defines LLVM_VERSION_STRING "22.1.8".
	headerVersion = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`#define LLVM_VERSION_STRING "((\d+)\.\d+\.\d+[^"]*)"`)
	})
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

// runVersion asks tool for its release, when trust allows running it.
func runVersion(trust Trust, tool Tool) (LLVM, bool) {
	out, err := run(trust, tool, "--version")
	if err != nil {
		return LLVM{}, false
	}
	bin := tool.Path
	v, major, ok := ParseVersion(out)
	if !ok {
		return LLVM{}, false
	}
	return LLVM{Version: v, Major: major, From: filepath.Base(bin) + " --version", Path: bin}, true
}

// readConfigVersion reads a CMake package's ConfigVersion file.
func readConfigVersion(path string) (LLVM, bool) { return readVersionText(path, packageVersion()) }

// readConfigHeader reads LLVM_VERSION_STRING from llvm/Config/llvm-config.h,
// which an installation and a build tree both have.
func readConfigHeader(path string) (LLVM, bool) { return readVersionText(path, headerVersion()) }

// readVersionText reads the release from a text file, where re's first
// group is the version and its second the major release.
func readVersionText(path string, re *regexp.Regexp) (LLVM, bool) {
	data, err := readTextFile(path)
	if err != nil {
		return LLVM{}, false
	}
	m := re.FindSubmatch(data)
	if m == nil {
		return LLVM{}, false
	}
	major, _ := strconv.Atoi(string(m[2]))
	return LLVM{Version: string(m[1]), Major: major, From: filepath.Base(path), Path: path}, true
}

// run runs a tool's query; a tool that hangs is given up on.
func run(trust Trust, tool Tool, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd, err := Command(ctx, trust, tool, args...)
	if err != nil {
		return "", err
	}
	out, err := cmd.Output()
	return string(out), err
}

// machineCommand runs a tool found on PATH.
func machineCommand(trust Trust, name string, args ...string) (string, error) {
	p, err := exec.LookPath(name)
	if err != nil {
		return "", err
	}
	return run(trust, Tool{Path: p, Origin: FromMachine}, args...)
}

// maxTextFile bounds the files read for a release: a CMakeCache.txt is
// rarely over a megabyte.
const maxTextFile = 16 << 20

// readTextFile reads a regular file of bounded size: a repository may put
// a FIFO, a device or a huge file where a CMake file should be.
func readTextFile(path string) ([]byte, error) {
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	// Non-blocking: a pipe put there since the stat would wait for a writer.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() || st.Size() > maxTextFile {
		return nil, fmt.Errorf("%s: not a regular file of at most %d bytes", path, maxTextFile)
	}
	return io.ReadAll(io.LimitReader(f, maxTextFile))
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
func MLIRIncludeDir(trust Trust) string {
	if out, err := machineCommand(trust, "llvm-config", "--includedir"); err == nil {
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
// /usr/lib/llvm-N; none (a zero Tool) when none is. Those trust does not
// allow are passed over, and the first of them comes back as notRun, so
// that the user can be told why the workspace's own was not used.
func MLIRTblgen(trust Trust, configured Tool, buildDir string) (tool Tool, notRun *Untrusted) {
	var candidates []Tool
	if configured.Path != "" {
		if p, err := exec.LookPath(configured.Path); err == nil && isExecutable(p) {
			configured.Path = p
			candidates = append(candidates, configured)
		}
	}
	if buildDir != "" {
		if p := filepath.Join(buildDir, "bin", "mlir-tblgen"); isExecutable(p) {
			candidates = append(candidates, Tool{Path: p, Origin: FromWorkspace, Via: buildDir})
		}
	}
	if p, err := exec.LookPath("mlir-tblgen"); err == nil {
		candidates = append(candidates, Tool{Path: p, Origin: FromMachine})
	}
	for _, prefix := range installedPrefixes() {
		if p := filepath.Join(prefix, "bin", "mlir-tblgen"); prefixMajor(prefix) >= 0 && isExecutable(p) {
			candidates = append(candidates, Tool{Path: p, Origin: FromMachine})
		}
	}
	for _, c := range candidates {
		err := trust.Check(c)
		if err == nil {
			return c, notRun
		}
		if u, ok := err.(*Untrusted); ok && notRun == nil {
			notRun = u
		}
	}
	return Tool{}, notRun
}
