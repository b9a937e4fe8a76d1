package analysis

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

func hasOpBase(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "mlir", "IR", "OpBase.td"))
	return err == nil
}

// findMLIRIncludeDir finds the include directory of an installed MLIR, the
// one holding mlir/IR/OpBase.td: `llvm-config --includedir`, then the newest
// /usr/lib/llvm-*/include, then ../include next to mlir-tblgen on PATH. It
// returns "" when there is none. A workspace asks once.
func findMLIRIncludeDir() string {
	if out, err := exec.Command("llvm-config", "--includedir").Output(); err == nil {
		if d := strings.TrimSpace(string(out)); d != "" && hasOpBase(d) {
			return d
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/llvm-*/include")
	sort.Slice(dirs, func(i, j int) bool { return llvmVersion(dirs[i]) > llvmVersion(dirs[j]) })
	for _, d := range dirs {
		if hasOpBase(d) {
			return d
		}
	}
	if p, err := exec.LookPath("mlir-tblgen"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		if d := filepath.Join(filepath.Dir(filepath.Dir(p)), "include"); hasOpBase(d) {
			return d
		}
	}
	return ""
}

// llvmVersion extracts N from /usr/lib/llvm-N/include for sorting.
func llvmVersion(dir string) int {
	base := filepath.Base(filepath.Dir(dir))
	n := 0
	for _, c := range strings.TrimPrefix(base, "llvm-") {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}
