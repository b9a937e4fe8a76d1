package codegen

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// The op declarations of `mlir-tblgen --gen-op-decls` (LLVM 22): a forward
// declaration of every op class, then, inside GET_OP_CLASSES, one section
// per op: its adaptors and class in its namespace, and its explicit TypeID
// declarations.

// OpDeclError is what stops mlir-tblgen's op-declaration generator: the
// definition errors of ops (all of them, in the order mlir-tblgen meets
// them; it reports the first), or a problem found while generating.
type OpDeclError struct {
	Diags []tablegen.Diagnostic
	// Msg is a generation error without a location.
	Msg string
	Op  string
}

func (e *OpDeclError) Error() string {
	if len(e.Diags) > 0 {
		return e.Diags[0].Message
	}
	if e.Op != "" {
		return e.Op + ": " + e.Msg
	}
	return e.Msg
}

// Text is the error as mlir-tblgen prints it, with the source line and a
// caret under the position of each diagnostic.
func (e *OpDeclError) Text(set *tablegen.SourceSet) string {
	if len(e.Diags) == 0 {
		return "error: " + e.Error() + "\n"
	}
	var sb strings.Builder
	for _, d := range e.Diags {
		sb.WriteString(diagnosticWithSource(set, d))
	}
	return sb.String()
}

// diagnosticWithSource prints a diagnostic as LLVM's SourceMgr does: the
// location, severity and message, then the source line with a caret.
func diagnosticWithSource(set *tablegen.SourceSet, d tablegen.Diagnostic) string {
	pos := set.Position(d.Range.Start)
	text := fmt.Sprintf("%s:%d:%d: %s: %s\n", pos.Filename, pos.Line, pos.Column, d.Severity, d.Message)
	if f := set.File(d.Range.Start); f != nil && pos.Column >= 1 && pos.Offset-(pos.Column-1) >= 0 {
		line := f.Content[pos.Offset-(pos.Column-1):]
		if i := strings.IndexByte(string(line), '\n'); i >= 0 {
			line = line[:i]
		}
		text += string(line) + "\n" + strings.Repeat(" ", pos.Column-1) + "^\n"
	}
	return text
}

// OpsInDeclOrder lists the model's ops as mlir-tblgen orders them: by def
// name.
func OpsInDeclOrder(m *ods.Model) []*ods.Op {
	ops := append([]*ods.Op(nil), m.Ops...)
	sort.SliceStable(ops, func(i, j int) bool { return ops[i].Def.NameString() < ops[j].Def.NameString() })
	return ops
}

// OpDecls returns the whole output of `mlir-tblgen --gen-op-decls` for an
// evaluated file, or what stops mlir-tblgen from producing it.
func OpDecls(res *eval.Result, opts Options) (string, error) {
	m := opts.Ops
	if m == nil {
		m = ods.Build(res)
	}
	if res.Class("Op") == nil {
		return "", &OpDeclError{Msg: "ERROR: Couldn't find the 'Op' class!"}
	}
	ops := OpsInDeclOrder(m)
	if err := opErrors(ops); err != nil {
		return "", err
	}
	sections, err := opSections(ops)
	if err != nil {
		return "", err
	}
	var head strings.Builder
	head.WriteString(sourceFileHeader("Op Declarations", opts.InputName))
	for _, op := range ops {
		writeForwardDecl(&head, op)
	}
	head.WriteString("#ifdef GET_OP_CLASSES\n#undef GET_OP_CLASSES\n\n")
	size := head.Len() + 64
	for _, s := range sections {
		size += len(s)
	}
	var sb strings.Builder
	sb.Grow(size)
	sb.WriteString(head.String())
	for _, s := range sections {
		sb.WriteString(s)
	}
	sb.WriteString("\n#endif // GET_OP_CLASSES\n\n")
	return sb.String(), nil
}

// opSections generates the sections of ops on every CPU: each is a
// function of its op alone. The error is the first in op order.
func opSections(ops []*ods.Op) ([]string, error) {
	sections := make([]string, len(ops))
	errs := make([]error, len(ops))
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := min(runtime.GOMAXPROCS(0), len(ops)); w > 0; w-- {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var sb strings.Builder
			for i := int(next.Add(1)) - 1; i < len(ops); i = int(next.Add(1)) - 1 {
				sb.Grow(16 << 10)
				errs[i] = writeOpSection(&sb, ops[i])
				sections[i] = sb.String()
				sb = strings.Builder{}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return sections, nil
}

// OpDecl returns the section of OpDecls' output that declares op: its
// adaptors and class in its namespace, then its TypeID declarations. The
// op's own definition errors stop it; other ops' do not.
func OpDecl(op *ods.Op) (string, error) {
	if err := opErrors([]*ods.Op{op}); err != nil {
		return "", err
	}
	var sb strings.Builder
	if err := writeOpSection(&sb, op); err != nil {
		return "", err
	}
	return sb.String(), nil
}

// opErrors collects the definition errors of ops: first those the Operator
// constructor raises (mlir-tblgen builds every op before emitting any),
// then those of generation.
func opErrors(ops []*ods.Op) error {
	var construction, generation []tablegen.Diagnostic
	for _, op := range ops {
		for _, d := range op.DefinitionErrors() {
			if d.Severity != tablegen.SeverityError {
				continue
			}
			if strings.HasPrefix(d.Code, "ods-format") || d.Code == "ods-variadic-segments" || d.Code == "ods-segment-traits" {
				generation = append(generation, d)
			} else {
				construction = append(construction, d)
			}
		}
	}
	if all := append(construction, generation...); len(all) > 0 {
		return &OpDeclError{Diags: all}
	}
	return nil
}

func openNamespace(sb *strings.Builder, ns string) string {
	ns = strings.TrimPrefix(ns, "::")
	if ns != "" {
		sb.WriteString("namespace " + ns + " {\n\n")
	}
	return ns
}

func closeNamespace(sb *strings.Builder, ns string) {
	if ns != "" {
		sb.WriteString("\n} // namespace " + ns + "\n")
	}
}

// writeForwardDecl declares the op class with its summary and description
// as a comment (emitSummaryAndDescComments).
func writeForwardDecl(sb *strings.Builder, op *ods.Op) {
	ns := openNamespace(sb, stringField(op.Def, "cppNamespace"))
	w := newIndentWriter()
	const space = " \t\n\v\f\r"
	summary, desc := strings.Trim(op.Summary, space), strings.Trim(op.Description, space)
	if summary != "" {
		w.reindentedWith(summary, "/// ")
	}
	if desc != "" {
		if summary != "" {
			w.w("\n")
		}
		w.reindentedWith(desc, "/// ")
	}
	if summary != "" || desc != "" {
		w.w("\n")
	}
	sb.WriteString(w.String())
	sb.WriteString("class " + op.CppClass + ";\n")
	closeNamespace(sb, ns)
}

// opSectionHeader is the comment that opens an op's section.
func opSectionHeader(qualClass string) string {
	return "\n//===----------------------------------------------------------------------===//\n// " + qualClass +
		" declarations\n//===----------------------------------------------------------------------===//\n\n"
}

// writeOpSection writes an op's adaptors and class; a generation error
// names the op.
func writeOpSection(sb *strings.Builder, op *ods.Op) (err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			err = &OpDeclError{Op: op.Name, Msg: e.Msg}
		}
	}()
	v := newOpView(op)
	base, generic, adaptor := v.adaptorClasses()
	class := v.opClass()
	ns := openNamespace(sb, v.namespace)
	sb.WriteString(opSectionHeader(v.qualClass()))
	sb.WriteString("namespace detail {\n\n")
	base.writeDecl(sb)
	sb.WriteString("\n} // namespace detail\n")
	generic.writeDecl(sb)
	adaptor.writeDecl(sb)
	class.writeDecl(sb)
	closeNamespace(sb, ns)
	if v.namespace != "" {
		sb.WriteString("MLIR_DECLARE_EXPLICIT_TYPE_ID(" + v.qualClass() + ")\n\n")
	}
	return nil
}

// OpSection is one op's part of a --gen-op-decls output.
type OpSection struct {
	// QualClass is the op's C++ class with its namespace, as the section
	// header names it.
	QualClass string
	Text      string
}

// OpSections cuts a --gen-op-decls output (mlir-tblgen's or ours) into the
// sections of its ops, in order.
func OpSections(out string) []OpSection {
	const rule = "//===----------------------------------------------------------------------===//\n"
	begin := strings.Index(out, "#undef GET_OP_CLASSES\n\n")
	if begin < 0 {
		return nil
	}
	begin += len("#undef GET_OP_CLASSES\n\n")
	end := strings.LastIndex(out, "\n#endif // GET_OP_CLASSES")
	if end < begin {
		return nil
	}
	body := out[begin:end]
	type head struct {
		at    int
		class string
	}
	var heads []head
	for i := 0; ; {
		k := strings.Index(body[i:], "\n"+rule+"// ")
		if k < 0 {
			break
		}
		at := i + k
		line := body[at+1+len(rule)+3:]
		nl := strings.IndexByte(line, '\n')
		if nl < 0 || !strings.HasSuffix(line[:nl], " declarations") || !strings.HasPrefix(line[nl+1:], rule) {
			i = at + 1
			continue
		}
		class := strings.TrimSuffix(line[:nl], " declarations")
		// The section starts at its namespace, opened just before.
		start, pre := at, body[:at]
		if strings.HasSuffix(pre, " {\n\n") {
			if ls := strings.LastIndex(pre[:len(pre)-2], "\n") + 1; strings.HasPrefix(pre[ls:], "namespace ") {
				start = ls
			}
		}
		heads = append(heads, head{start, class})
		i = at + 1
	}
	var sections []OpSection
	for i, h := range heads {
		stop := len(body)
		if i+1 < len(heads) {
			stop = heads[i+1].at
		}
		sections = append(sections, OpSection{QualClass: h.class, Text: body[h.at:stop]})
	}
	return sections
}
