package ods

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"tdls/tablegen"
)

// dialectParityFloor is the ratchet of TestDialectParity: how many
// attributes and types, enums, interfaces and passes matched when the
// suite last improved. Raise it when more match; never lower it.
const dialectParityFloor = 1111

// TestDialectParity compares the model of every attribute, type, enum,
// interface and pass defined in MLIR's .td files with what mlir-tblgen 22
// declares for it (--gen-attrdef-decls, --gen-typedef-decls,
// --gen-enum-decls/-defs, --gen-*-interface-decls, --gen-pass-decls): from
// the model it predicts the lines mlir-tblgen prints for the entity (class
// names and namespaces, mnemonics, parameters with their C++ types and
// accessors, builders, enum cases with values and strings, interface
// methods with their signatures, pass arguments, options, statistics,
// dependent dialects) and looks for each in the output.
func TestDialectParity(t *testing.T) {
	needMLIR(t)
	if !liveTblgen(t) {
		t.Skip("mlir-tblgen 22 not installed")
	}
	var files []string
	filepath.WalkDir(filepath.Join(mlirInclude, "mlir"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".td") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)

	type result struct {
		kind, key, diff string
	}
	results := make([][]result, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				path := files[i]
				data, err := os.ReadFile(path)
				if err != nil {
					continue
				}
				m := loadSourceQuiet(path, data)
				if m == nil {
					continue
				}
				root := m.Result.Set.File(1)
				mine := func(r tablegen.Range) bool { return root.Contains(r.Start) }
				var out []result
				add := func(kind, key string, diffs []string) {
					out = append(out, result{kind, key, strings.Join(diffs, "; ")})
				}
				// Attributes and types, per dialect.
				for _, isType := range []bool{false, true} {
					byDialect := map[string][]*AttrOrTypeDef{}
					for _, d := range m.AttrOrTypeDefs {
						if d.IsType == isType && mine(d.Range) && d.Dialect != nil {
							byDialect[d.Dialect.Name] = append(byDialect[d.Dialect.Name], d)
						}
					}
					gen, flag := "--gen-attrdef-decls", "--attrdefs-dialect="
					if isType {
						gen, flag = "--gen-typedef-decls", "--typedefs-dialect="
					}
					for dialect, defs := range byDialect {
						text, err := runTblgenArgs(path, gen, flag+dialect)
						if err != nil {
							for _, d := range defs {
								add("attribute/type", d.QualifiedCppClass(), []string{skipped})
							}
							continue // not a root mlir-tblgen accepts
						}
						for _, d := range defs {
							add("attribute/type", d.QualifiedCppClass(), compareAttrOrTypeDef(d, text))
						}
					}
				}
				var enums []*Enum
				for _, e := range m.Enums {
					if mine(e.Range) {
						enums = append(enums, e)
					}
				}
				if len(enums) > 0 {
					decls, err1 := runTblgenArgs(path, "--gen-enum-decls")
					defs, err2 := runTblgenArgs(path, "--gen-enum-defs")
					for _, e := range enums {
						if err1 != nil || err2 != nil {
							add("enum", e.QualifiedClassName(), []string{skipped})
						} else {
							add("enum", e.QualifiedClassName(), compareEnum(e, decls, defs))
						}
					}
				}
				for _, kind := range []InterfaceKind{OpInterfaceKind, AttrInterfaceKind, TypeInterfaceKind} {
					var ifaces []*Interface
					for _, i := range m.Interfaces {
						if i.Kind == kind && mine(i.Range) {
							ifaces = append(ifaces, i)
						}
					}
					if len(ifaces) == 0 {
						continue
					}
					gen := map[InterfaceKind]string{OpInterfaceKind: "--gen-op-interface-decls", AttrInterfaceKind: "--gen-attr-interface-decls", TypeInterfaceKind: "--gen-type-interface-decls"}[kind]
					text, err := runTblgenArgs(path, gen)
					for _, i := range ifaces {
						if err != nil {
							add("interface", i.QualifiedName(), []string{skipped})
						} else {
							add("interface", i.QualifiedName(), compareInterface(i, text))
						}
					}
				}
				var passes []*Pass
				for _, p := range m.Passes {
					if mine(p.Range) {
						passes = append(passes, p)
					}
				}
				if len(passes) > 0 {
					text, err := runTblgenArgs(path, "--gen-pass-decls")
					for _, p := range passes {
						if err != nil {
							add("pass", p.Name+" "+p.Argument, []string{skipped})
						} else {
							add("pass", p.Name+" "+p.Argument, comparePass(p, text))
						}
					}
				}
				results[i] = out
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()

	kinds := []string{"attribute/type", "enum", "interface", "pass"}
	matched, total := map[string]int{}, map[string]int{}
	// An entity of a file mlir-tblgen rejects as a root (a fragment) is
	// compared through none; it is counted apart.
	compared, notRoot := map[string]bool{}, map[string]bool{}
	for _, rs := range results {
		for _, r := range rs {
			if r.diff == skipped {
				notRoot[r.kind+" "+r.key] = true
			} else {
				compared[r.kind+" "+r.key] = true
			}
		}
	}
	uncompared := 0
	for k := range notRoot {
		if !compared[k] {
			uncompared++
		}
	}
	seen := map[string]bool{}
	var failures []string
	for i, rs := range results {
		for _, r := range rs {
			if r.diff == skipped || seen[r.kind+" "+r.key] {
				continue
			}
			seen[r.kind+" "+r.key] = true
			total[r.kind]++
			if r.diff == "" {
				matched[r.kind]++
				continue
			}
			rel, _ := filepath.Rel(mlirInclude, files[i])
			failures = append(failures, fmt.Sprintf("%s: %s %s: %s", rel, r.kind, r.key, r.diff))
		}
	}
	var parts []string
	sum := 0
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf("%s %d/%d", k, matched[k], total[k]))
		sum += matched[k]
	}
	fmt.Printf("dialect parity: %s (%d more defined only in files mlir-tblgen does not take as a root)\n", strings.Join(parts, ", "), uncompared)
	for i, f := range failures {
		if i == 40 {
			t.Logf("... and %d more", len(failures)-i)
			break
		}
		t.Log(f)
	}
	if sum < dialectParityFloor {
		t.Errorf("dialect parity dropped to %d entities, below the ratchet %d", sum, dialectParityFloor)
	}
}

// skipped marks an entity whose file mlir-tblgen does not accept as a root.
const skipped = "\x00not a root"

// loadSourceQuiet is loadSource for a file that may not parse: nil then.
func loadSourceQuiet(path string, data []byte) *Model {
	var m *Model
	t := &testing.T{}
	func() {
		defer func() { recover() }()
		m = loadSource(t, path, data)
	}()
	return m
}

func runTblgenArgs(path string, args ...string) (string, error) { return runTblgen(path, args...) }

// outputLines are mlir-tblgen's output lines, trimmed, for lookups.
type outputLines []string

func linesOf(text string) outputLines {
	ls := strings.Split(text, "\n")
	for i := range ls {
		ls[i] = strings.TrimSpace(ls[i])
	}
	return ls
}

// find returns the index of line want at or after from, or -1.
func (ls outputLines) find(want string, from int) int {
	for i := from; i < len(ls); i++ {
		if ls[i] == want {
			return i
		}
	}
	return -1
}

// block returns the lines from the line equal to header up to the first
// line equal to end after it, or nil.
func (ls outputLines) block(header, end string) outputLines {
	i := ls.find(header, 0)
	if i < 0 {
		return nil
	}
	j := ls.find(end, i+1)
	if j < 0 {
		j = len(ls)
	}
	return ls[i:j]
}

// collapse makes every run of white space one space, so that text
// mlir-tblgen prints over several lines compares with its model.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// emittedType is mlir-tblgen's emitCPPType: the trimmed type, with a space
// after unless it ends in `&` or `*`.
func emittedType(t string) string {
	t = strings.TrimSpace(t)
	if strings.HasSuffix(t, "&") || strings.HasSuffix(t, "*") {
		return t
	}
	return t + " "
}

func compareAttrOrTypeDef(d *AttrOrTypeDef, text string) []string {
	var diffs []string
	ls := linesOf(text)
	value, defType := "Attribute", "Attr"
	if d.IsType {
		value, defType = "Type", "Type"
	}
	storage := "::mlir::" + value + "Storage"
	if len(d.Parameters) > 0 {
		storage = d.StorageNamespace + "::" + d.StorageClass
	}
	head := "class " + d.CppClass + " : public ::mlir::" + value + "::" + defType + "Base<" + d.CppClass + ", " + d.CppBaseClass + ", " + storage
	var body string
	for i, l := range ls {
		if strings.HasPrefix(l, head) {
			// The extra declarations come first; the generated members
			// start at `name` and end the class.
			k := i + 1
			for k < len(ls) && !strings.HasPrefix(ls[k], "static constexpr ::llvm::StringLiteral name = ") {
				k++
			}
			j := ls.find("};", k)
			if j < 0 {
				j = len(ls)
			}
			body = collapse(strings.Join(ls[i:j], "\n"))
			break
		}
	}
	if body == "" {
		return []string{"no class `" + head + "...`"}
	}
	want := []string{
		"static constexpr ::llvm::StringLiteral name = \"" + d.Name + "\";",
		"static constexpr ::llvm::StringLiteral dialectName = \"" + d.Dialect.Name + "\";",
	}
	var params, paramsWithCtx []string
	for _, p := range d.Parameters {
		params = append(params, p.CppType+" "+p.Name)
	}
	paramsWithCtx = append([]string{"::mlir::MLIRContext *context"}, params...)
	if len(d.Parameters) > 0 && !d.SkipDefaultBuilders {
		want = append(want, "static "+d.CppClass+" get("+strings.Join(paramsWithCtx, ", ")+");")
	}
	if d.HasMnemonic {
		want = append(want, "static constexpr ::llvm::StringLiteral getMnemonic() {", "return {\""+d.Mnemonic+"\"};")
		if d.HasAssemblyFormat || d.HasCustomAssemblyFormat {
			parse := "static ::mlir::" + value + " parse(::mlir::AsmParser &odsParser"
			if !d.IsType {
				parse += ", ::mlir::Type odsType"
			}
			want = append(want, parse+");", "void print(::mlir::AsmPrinter &odsPrinter) const;")
		}
	}
	if d.GenAccessors {
		for _, p := range d.Parameters {
			want = append(want, emittedType(p.CppAccessorType)+p.AccessorName()+"() const;")
		}
	}
	for _, w := range want {
		if !strings.Contains(body, collapse(w)) {
			diffs = append(diffs, "no `"+w+"`")
		}
	}
	if ns := strings.TrimPrefix(d.CppNamespace(), "::"); ns != "" && ls.find("MLIR_DECLARE_EXPLICIT_TYPE_ID("+d.CppNamespace()+"::"+d.CppClass+")", 0) < 0 {
		diffs = append(diffs, "no TypeID declaration in namespace "+d.CppNamespace())
	}
	return diffs
}

func compareEnum(e *Enum, declText, defText string) []string {
	var diffs []string
	decls, defs := linesOf(declText), linesOf(defText)
	head := "enum class " + e.ClassName
	if e.UnderlyingType != "" {
		head += " : " + e.UnderlyingType
	}
	head += " {"
	at := -1
	for i := decls.find(head, 0); i >= 0; i = decls.find(head, i+1) {
		// The namespace opened last before the enum must be the enum's.
		for j := i - 1; j >= 0; j-- {
			if strings.HasPrefix(decls[j], "namespace ") {
				if decls[j] == "namespace "+strings.TrimPrefix(e.CppNamespace, "::")+" {" || (e.CppNamespace == "" && !strings.HasSuffix(decls[j], "{")) {
					at = i
				}
				break
			}
			if j == 0 && e.CppNamespace == "" {
				at = i
			}
		}
		if at >= 0 {
			break
		}
	}
	if at < 0 {
		return []string{"no `" + head + "` in namespace " + e.CppNamespace}
	}
	end := decls.find("};", at)
	body := decls[at:end]
	for _, c := range e.Cases {
		line := enumerator(c.Symbol) + ","
		if c.Value >= 0 {
			line = enumerator(c.Symbol) + " = " + strconv.FormatInt(c.Value, 10) + ","
		}
		if body.find(line, 0) < 0 {
			diffs = append(diffs, "no case `"+line+"`")
		}
	}
	if len(body) != len(e.Cases)+1 {
		diffs = append(diffs, fmt.Sprintf("%d cases, mlir-tblgen %d", len(e.Cases), len(body)-1))
	}
	want := []string{
		e.SymbolToStringRetType + " " + e.SymbolToStringFn + "(" + e.ClassName + ");",
		"::std::optional<" + e.ClassName + "> " + e.StringToSymbolFn + "(::llvm::StringRef);",
	}
	for _, w := range want {
		if decls.find(w, end) < 0 {
			diffs = append(diffs, "no `"+w+"`")
		}
	}
	// The strings, from the definitions.
	for _, c := range e.Cases {
		var line string
		switch {
		case !e.IsBitEnum:
			line = "case " + e.ClassName + "::" + enumerator(c.Symbol) + ": return \"" + c.Str + "\";"
		case c.Value != 0:
			line = ".Case(\"" + c.Str + "\", " + strconv.FormatInt(c.Value, 10) + ")"
		default:
			line = "if (str == \"" + c.Str + "\") return " + e.ClassName + "::" + enumerator(c.Symbol) + ";"
		}
		if defs.find(line, 0) < 0 {
			diffs = append(diffs, "no `"+line+"` in the definitions")
		}
	}
	return diffs
}

func compareInterface(i *Interface, text string) []string {
	var diffs []string
	ls := linesOf(text)
	base := map[InterfaceKind]string{OpInterfaceKind: "OpInterface", AttrInterfaceKind: "AttributeInterface", TypeInterfaceKind: "TypeInterface"}[i.Kind]
	value := map[InterfaceKind]string{OpInterfaceKind: "::mlir::Operation *", AttrInterfaceKind: "::mlir::Attribute", TypeInterfaceKind: "::mlir::Type"}[i.Kind]
	traits := i.Name + "InterfaceTraits"
	concept := ls.block("struct "+traits+" {", "};")
	if concept == nil {
		return []string{"no `struct " + traits + "`"}
	}
	if ls.find("class "+i.Name+" : public ::mlir::"+base+"<"+i.Name+", detail::"+traits+"> {", 0) < 0 {
		diffs = append(diffs, "no class "+i.Name+" deriving from ::mlir::"+base)
	}
	unique := map[string]bool{}
	count := 0
	for _, m := range i.Methods {
		name := m.Name
		for unique[name] {
			name = name + "_" + strconv.Itoa(len(unique))
		}
		unique[name] = true
		var args, types []string
		for _, a := range m.Args {
			args = append(args, a.Type+" "+a.Name)
			types = append(types, a.Type)
		}
		params := strings.Join(types, ", ")
		if !m.IsStatic {
			params = "const Concept *impl, " + emittedType(value)
			if len(types) > 0 {
				params += ", " + strings.Join(types, ", ")
			}
		}
		line := emittedType(m.ReturnType) + "(*" + name + ")(" + params + ");"
		if !strings.Contains(collapse(strings.Join(concept, "\n")), collapse(line)) {
			diffs = append(diffs, "no concept entry `"+line+"`")
		}
		decl := emittedType(m.ReturnType) + m.Name + "(" + strings.Join(args, ", ") + ")"
		if i.Kind != OpInterfaceKind {
			decl += " const"
		}
		if !strings.Contains(collapse(text), collapse(decl+";")) {
			diffs = append(diffs, "no method `"+decl+";`")
		}
		count++
	}
	entries := strings.Count(strings.Join(concept, "\n"), "(*")
	if entries != count {
		diffs = append(diffs, fmt.Sprintf("%d methods, mlir-tblgen %d", count, entries))
	}
	return diffs
}

func comparePass(p *Pass, text string) []string {
	var diffs []string
	ls := linesOf(text)
	start := ls.find("class "+p.Name+"Base : public "+p.BaseClass+" {", 0)
	if start < 0 {
		return []string{"no `class " + p.Name + "Base : public " + p.BaseClass + "`"}
	}
	end := ls.find("} // namespace impl", start)
	if end < 0 {
		return []string{"no end of class " + p.Name + "Base"}
	}
	body := ls[start:end]
	if body.find("return ::llvm::StringLiteral(\""+p.Argument+"\");", 0) < 0 {
		diffs = append(diffs, "argument is not "+p.Argument)
	}
	joined := collapse(strings.Join(body, "\n"))
	for _, o := range p.Options {
		kind := "Option"
		if o.IsList {
			kind = "ListOption"
		}
		head := "::mlir::Pass::" + kind + "<" + o.Type + "> " + o.CppName + "{*this, \"" + o.Argument + "\", ::llvm::cl::desc(R\"PO("
		k := strings.Index(joined, head)
		if k < 0 {
			diffs = append(diffs, "no option `"+head+"`")
			continue
		}
		decl := joined[k:]
		if e := strings.Index(decl, ")};"); e >= 0 {
			decl = decl[:e+1]
		}
		if o.Default != "" && !strings.Contains(decl, collapse("::llvm::cl::init("+o.Default+")")) {
			diffs = append(diffs, "option "+o.CppName+" has no default "+o.Default)
		}
	}
	for _, s := range p.Statistics {
		head := "::mlir::Pass::Statistic " + s.CppName + "{this, \"" + s.Name + "\", R\"PS("
		if !strings.Contains(joined, head) {
			diffs = append(diffs, "no statistic `"+head+"`")
		}
	}
	for _, d := range p.DependentDialects {
		if !strings.Contains(joined, "registry.insert<"+d+">();") {
			diffs = append(diffs, "no dependent dialect "+d)
		}
	}
	create := "std::unique_ptr<::mlir::Pass> create" + p.Name + "();"
	if has := ls.find(create, 0) >= 0; has != (p.Constructor == "") {
		diffs = append(diffs, fmt.Sprintf("default constructor declared: %v, constructor %q", has, p.Constructor))
	}
	return diffs
}
