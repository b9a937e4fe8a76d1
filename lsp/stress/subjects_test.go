package stress

import (
	"context"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"strings"

	"tdls/analysis"
)

// A subject is what one sequence works on: the files opened (the edited
// one and, for a root/included pair, its includer), with their texts, and
// files that only need to be on disk.
type subject struct {
	Name   string
	Open   []doc    // opened in this order
	Edited int      // index in Open of the file edited
	Disk   []doc    `json:",omitempty"` // written to the workspace, not opened
	Dirs   []string `json:",omitempty"` // include directories
	// Project is the -stress.dir directory the subject comes from: its
	// servers run with Dirs, not with the harness's directories.
	Project string `json:",omitempty"`
}

type doc struct {
	Path string // relative to the workspace, or absolute
	Text string
}

const mlirInclude = "/usr/lib/llvm-22/include"

// mlirFiles are real files of MLIR's: ops, attributes, types, interfaces,
// patterns, enums, a fragment that SPIR-V's ops file includes.
var mlirFiles = []string{
	"mlir/Dialect/Arith/IR/ArithOps.td",
	"mlir/Dialect/Arith/IR/ArithBase.td",
	"mlir/Dialect/Func/IR/FuncOps.td",
	"mlir/Dialect/SCF/IR/SCFOps.td",
	"mlir/Dialect/Math/IR/MathOps.td",
	"mlir/Dialect/Complex/IR/ComplexOps.td",
	"mlir/Dialect/Index/IR/IndexOps.td",
	"mlir/Dialect/Shape/IR/ShapeOps.td",
	"mlir/Dialect/EmitC/IR/EmitCAttributes.td",
	"mlir/Dialect/Vector/IR/VectorOps.td",
	"mlir/Dialect/MemRef/IR/MemRefOps.td",
	"mlir/IR/BuiltinTypes.td",
	"mlir/IR/BuiltinAttributes.td",
	"mlir/Interfaces/SideEffectInterfaces.td",
	"mlir/Dialect/LLVMIR/LLVMOps.td",
	"mlir/Dialect/Tosa/IR/TosaOps.td",
}

// mlirPairs are an includer and a file it includes, both opened; the
// included one is edited.
var mlirPairs = [][2]string{
	{"mlir/Dialect/SPIRV/IR/SPIRVOps.td", "mlir/Dialect/SPIRV/IR/SPIRVArithmeticOps.td"},
	{"mlir/Dialect/Arith/IR/ArithOps.td", "mlir/Dialect/Arith/IR/ArithBase.td"},
	{"mlir/Dialect/Math/IR/MathOps.td", "mlir/Dialect/Math/IR/MathBase.td"},
}

// outOfTree are the repository's own out-of-tree-style dialect files,
// relative to lsp/stress.
var outOfTree = []string{
	"../../examples/toy/ToyOps.td",
	"../../examples/toy/ToyPatterns.td",
	"../../examples/toy/ToyOpsTypos.td",
	"../../examples/toy/ToyPatternsBroken.td",
}

func readDoc(path string) (doc, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return doc{}, err
	}
	abs, _ := filepath.Abs(path)
	return doc{Path: abs, Text: string(b)}, nil
}

func mlirSubject(rel string) (subject, error) {
	d, err := readDoc(filepath.Join(mlirInclude, rel))
	return subject{Name: rel, Open: []doc{d}, Dirs: []string{mlirInclude}}, err
}

func mlirPairSubject(pair [2]string) (subject, error) {
	root, err := readDoc(filepath.Join(mlirInclude, pair[0]))
	if err != nil {
		return subject{}, err
	}
	inc, err := readDoc(filepath.Join(mlirInclude, pair[1]))
	return subject{Name: pair[1] + " in " + pair[0], Open: []doc{root, inc}, Edited: 1, Dirs: []string{mlirInclude}}, err
}

func outOfTreeSubject(path string) (subject, error) {
	d, err := readDoc(path)
	toy, _ := filepath.Abs(filepath.Dir(path))
	return subject{Name: filepath.Base(path), Open: []doc{d}, Dirs: []string{mlirInclude, toy}}, err
}

// projectSubjects are the subjects of a -stress.dir directory: each root
// .td file (one no other .td file of dir includes), with the include
// directories tdls infers for the project when nothing is configured
// (what `tdls init` writes), then the installed MLIR's.
func projectSubjects(dir string) ([]subject, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, d := range analysis.InferProjectDirs(analysis.NewIncludeCatalog(context.Background(), []string{dir})) {
		dirs = append(dirs, d.Dir)
	}
	dirs = append(dirs, mlirInclude)
	// The workspace's include graph, resolving as the servers will.
	snap := analysis.NewWorkspace(analysis.Config{Folders: []string{dir}, IncludeDirs: dirs, NoMLIRAutoDetect: true}).Snapshot()
	var out []subject
	err = filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case e.IsDir() && p != dir && strings.HasPrefix(e.Name(), "."):
			return filepath.SkipDir
		case e.IsDir() || !strings.HasSuffix(p, ".td") || len(snap.Includers(p)) > 0:
			return nil
		}
		d, err := readDoc(p)
		rel, _ := filepath.Rel(dir, p)
		out = append(out, subject{Name: filepath.Join(filepath.Base(dir), rel), Open: []doc{d}, Dirs: dirs, Project: dir})
		return err
	})
	if err == nil && len(out) == 0 {
		err = fmt.Errorf("%s: no root .td file", dir)
	}
	return out, err
}

// synthetic writes a file of every kind of statement TableGen has, mostly
// valid, with a few evaluation errors, and sometimes an included library
// (on disk only, or opened with it and edited: a root/included pair).
func synthetic(rng *rand.Rand, n int) subject {
	var lib strings.Builder
	lib.WriteString("// A library the root includes.\n#ifndef LIB_TD\n#define LIB_TD\n")
	lib.WriteString("class LibBase<int w> { int Width = w; string Kind = \"lib\"; }\n")
	lib.WriteString("multiclass LibPair<int w> {\n  def _lo : LibBase<w>;\n  def _hi : LibBase<!mul(w, 2)>;\n}\n#endif\n")

	var b strings.Builder
	b.WriteString("//===- Synthetic.td - a file to edit ------------------*- tablegen -*-===//\n//\n// License header, then includes.\n//\n")
	withLib := rng.Intn(3) > 0
	if withLib {
		b.WriteString("include \"lib.td\"\n\n")
	}
	b.WriteString("class C<int n, string s = \"x\"> {\n  int N = n;\n  string S = s;\n  list<int> L = [n, !add(n, 1)];\n  bits<4> B = 0b1010;\n}\n")
	for i := 0; i < 4+rng.Intn(12); i++ {
		switch rng.Intn(10) {
		case 0:
			fmt.Fprintf(&b, "def D%d : C<%d>;\n", i, i)
		case 1:
			fmt.Fprintf(&b, "let N = %d in\ndef L%d : C<1, \"l\">;\n", i, i)
		case 2:
			fmt.Fprintf(&b, "multiclass M%d<int k> {\n  def _a : C<k>;\n  def _b : C<!mul(k, 2)>;\n}\ndefm X%d : M%d<%d>;\n", i, i, i, i)
		case 3:
			fmt.Fprintf(&b, "foreach i = [1, 2, 3] in\n  def F%d_#i : C<i>;\n", i)
		case 4:
			fmt.Fprintf(&b, "#ifdef FEATURE%d\ndef G%d : C<%d>;\n#else\ndef H%d : C<%d>;\n#endif\n", i%2, i, i, i, i)
		case 5:
			fmt.Fprintf(&b, "def Code%d {\n  code Body = [{\n    return %d; // not TableGen\n  }];\n}\n", i, i)
		case 6:
			fmt.Fprintf(&b, "defvar v%d = %d;\nif !eq(v%d, %d) then\n  def I%d : C<v%d>;\n", i, i, i, i, i, i)
		case 7:
			fmt.Fprintf(&b, "def Bad%d : Missing%d<%d>;\n", i, i, i) // an evaluation error
		case 8:
			if withLib {
				fmt.Fprintf(&b, "defm P%d : LibPair<%d>;\ndef Q%d : LibBase<%d> { let Kind = \"q\"; }\n", i, i, i, i)
			} else {
				fmt.Fprintf(&b, "class K%d<C c> { C Ref = c; }\ndef R%d : K%d<D0>;\n", i, i, i)
			}
		default:
			fmt.Fprintf(&b, "/* block comment %d\n   over lines */\ndef E%d : C<%d, \"e\"> { let S = \"%d\"; }\n", i, i, i, i)
		}
	}
	s := subject{Name: fmt.Sprintf("synthetic%d", n), Open: []doc{{Path: "root.td", Text: b.String()}}}
	if withLib {
		if rng.Intn(3) == 0 {
			s.Open = append(s.Open, doc{Path: "lib.td", Text: lib.String()})
			s.Edited = 1
			s.Name += " (lib.td edited)"
		} else {
			s.Disk = []doc{{Path: "lib.td", Text: lib.String()}}
		}
	}
	return s
}
