package analysis

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"tdls/cpp"
	"tdls/drr"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// The C++ functions DRR patterns call by name: what a NativeCodeCall or
// NativeCodeCallVoid expression and the CPreds of the constraints a
// pattern uses call (cpp.Calls). Only the user's records count (MLIR's
// own constraints call MLIR's API), and a name the MLIR installation's
// headers define or declare and the project does not define is MLIR's
// API, not a helper.

// drrHelpers adds a requirement per helper call of each pattern of the
// user's files (its definitions, or that it is MLIR's API, are found by
// match).
func (r *requirer) drrHelpers() {
	if r.m.Patterns == nil {
		return
	}
	seen := map[string]bool{}
	for _, p := range r.m.Patterns.Patterns {
		if !r.mineAt(p.DefRange.Start) {
			continue
		}
		var nodes []*drr.DagNode
		if p.Source != nil {
			nodes = append(nodes, p.Source)
		}
		nodes = append(append(append(nodes, p.Results...), p.Constraints...), p.Supplemental...)
		for _, top := range nodes {
			top.Walk(func(n *drr.DagNode) bool {
				if n.Operator != nil {
					r.helperCode(p, n.Operator, seen)
				}
				for _, a := range n.Args {
					if l, ok := a.(*drr.DagLeaf); ok && l.Def != nil {
						r.helperCode(p, l.Def, seen)
					}
				}
				return true
			})
		}
	}
}

// helperCode adds the calls of a record's code: a native call's
// expression, a constraint's predicate (CPred code, the children of
// combined predicates), when the record is the user's.
func (r *requirer) helperCode(p *drr.Pattern, rec *eval.Record, seen map[string]bool) {
	var walk func(rec *eval.Record, depth int)
	walk = func(rec *eval.Record, depth int) {
		if rec == nil || depth > 16 {
			return
		}
		if !rec.Anonymous && !r.mineAt(rec.Decl.Start) {
			return
		}
		if code, ok := rec.StringValue("expression"); ok && rec.IsA("NativeCodeCall") {
			r.helperCalls(p, rec, code, seen)
		}
		if code, ok := rec.StringValue("predExpr"); ok && rec.IsA("CPred") {
			r.helperCalls(p, rec, code, seen)
		}
		for _, f := range []string{"predicate", "child"} {
			if d, ok := rec.Value(f).(*eval.DefInit); ok {
				walk(d.Rec, depth+1)
			}
		}
		if l, ok := rec.Value("children").(*eval.ListInit); ok {
			for _, e := range l.Elems {
				if d, ok := e.(*eval.DefInit); ok {
					walk(d.Rec, depth+1)
				}
			}
		}
	}
	walk(rec, 0)
}

// helperCalls adds a requirement for each function code calls, named at
// the identifier where the code is written (the record's statement, else
// the pattern's).
func (r *requirer) helperCalls(p *drr.Pattern, rec *eval.Record, code string, seen map[string]bool) {
	for _, c := range cpp.Calls([]byte(code)) {
		last := c.Name[strings.LastIndex(c.Name, ":")+1:]
		rng := r.codeSpan(rec, p, code, c.Offset, len(last))
		key := c.Name + "\x00" + strconv.Itoa(int(rng.Start))
		if seen[key] {
			continue
		}
		seen[key] = true
		q := Requirement{Entity: c.Name, Kind: "drr-helper", Member: c.Name, Params: c.Args,
			Signature: code}
		q.Stub = "static bool " + last + "(" + strings.TrimSuffix(strings.Repeat("::mlir::Value, ", max(c.Args, 0)), ", ") + ") {\n  return true;\n}\n"
		r.add(q, rng)
	}
}

// helperDefs are the definitions a call may reach: the functions of its
// name (as qualified as written) of its arity, or of any arity when none
// has it (a default argument). A member function defined in its class's
// body is not one an unqualified call reaches: the generated pattern
// calls it from a class of its own.
func (r *requirer) helperDefs(c cpp.Call) []cpp.Definition {
	var all []cpp.Definition
	for _, d := range r.x.Named(c.Name) {
		if d.Kind == cpp.Method && d.Qualifier == 0 && !strings.Contains(c.Name, "::") {
			continue
		}
		all = append(all, d)
	}
	var exact []cpp.Definition
	for _, d := range all {
		if d.Kind == cpp.Class {
			continue
		}
		if c.Args < 0 || d.Params < 0 || d.Params == c.Args {
			exact = append(exact, d)
		}
	}
	if len(exact) > 0 {
		return exact
	}
	return all
}

// preferIncluders keeps, of a helper's definitions, those in the .cpp
// files that include the pattern file's generated code (an .inc named
// after the .td file, as mlir_tablegen rules name them): what the
// generated patterns see. When none is there (the helper is in a header
// they include), all are kept.
func (r *requirer) preferIncluders(td string, defs []cpp.Definition) []cpp.Definition {
	if len(defs) < 2 {
		return defs
	}
	stem := strings.TrimSuffix(filepath.Base(td), ".td")
	includers := map[string]bool{}
	for _, suffix := range []string{stem + ".inc", stem + ".cpp.inc", stem + ".h.inc"} {
		for _, p := range r.x.Includers(suffix) {
			includers[p] = true
		}
	}
	var kept []cpp.Definition
	for _, d := range defs {
		if includers[d.File] {
			kept = append(kept, d)
		}
	}
	if len(kept) == 0 {
		return defs
	}
	return kept
}

// codeSpan is where the identifier at offset off of code is written: in
// the record's statement or the pattern's, where the code's text is
// found; else the first occurrence of the name there; else the pattern.
func (r *requirer) codeSpan(rec *eval.Record, p *drr.Pattern, code string, off, n int) tablegen.Range {
	name := code[off : off+n]
	for _, decl := range []tablegen.Range{rec.Decl, p.Record.Decl} {
		f := r.set.File(decl.Start)
		if f == nil || !decl.Start.IsValid() {
			continue
		}
		text := f.Slice(decl)
		if k := bytes.Index(text, []byte(code)); k >= 0 {
			at := decl.Start + tablegen.Pos(k+off)
			return tablegen.Range{Start: at, End: at + tablegen.Pos(n)}
		}
		// the code may be written with escapes or concatenated: the name
		// after the first quote or code-block opener
		if k := bytes.Index(text, []byte(name)); k >= 0 {
			at := decl.Start + tablegen.Pos(k)
			return tablegen.Range{Start: at, End: at + tablegen.Pos(n)}
		}
	}
	return p.DefRange
}

// libraryHas reports whether the MLIR installation the unit reads
// defines or declares a free function of that name.
func (r *requirer) libraryHas(name string) bool {
	dir := r.libraryDir()
	if dir == "" {
		return false
	}
	return libraryFunctions(dir)[name]
}

// libraryDir is the include directory of the MLIR the unit includes
// (holding mlir/IR/OpBase.td), or "".
func (r *requirer) libraryDir() string {
	for path := range r.u.Files {
		if i := strings.LastIndex(path, "/mlir/IR/"); i >= 0 && !r.userFile(path) {
			return path[:i]
		}
	}
	return ""
}

// libraryFunctions is the set of function names MLIR's headers and LLVM's
// ADT and Support headers under dir, and the C library's headers, define
// or declare, read once per process for the first directory asked (a
// machine has one MLIR).
var libraryFunctions = func() func(dir string) map[string]bool {
	var once sync.Once
	var names map[string]bool
	return func(dir string) map[string]bool {
		once.Do(func() { names = readLibraryFunctions(dir) })
		return names
	}
}()

func readLibraryFunctions(dir string) map[string]bool {
	var files []string
	for _, sub := range []string{"mlir", "llvm/ADT", "llvm/Support"} {
		_ = filepath.WalkDir(filepath.Join(dir, sub), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".h") {
				files = append(files, p)
			}
			return nil
		})
	}
	// the C library's functions (strcmp), from the system's headers
	if cs, _ := filepath.Glob("/usr/include/*.h"); len(cs) > 0 {
		files = append(files, cs...)
	}
	names := map[string]bool{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan string)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				src, err := os.ReadFile(p)
				if err != nil {
					continue
				}
				f := cpp.Scan(p, src)
				mu.Lock()
				for _, d := range f.Defs {
					if d.Kind == cpp.Function || d.Kind == cpp.Method {
						names[d.Name] = true
					}
				}
				for _, n := range f.Declared {
					names[n] = true
				}
				mu.Unlock()
			}
		}()
	}
	for _, p := range files {
		next <- p
	}
	close(next)
	wg.Wait()
	return names
}
