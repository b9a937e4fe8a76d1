package codegen

import (
	"strings"

	"tdls/ods"
)

// MethodDeclaration is a member function mlir-tblgen declares on an op's
// class without defining it: the op's author defines it in C++.
type MethodDeclaration struct {
	Name string
	// Declaration is the method as the class declares it, as
	// --gen-op-decls prints it (without the `;`); Definition is the head
	// of the definition the author writes, `Ret Ns::Class::name(params)`.
	Declaration, Definition string
	// Params is the number of parameters; Return the return type.
	Params int
	Return string
}

// AuthorMethods returns every method of op's class that mlir-tblgen
// declares for the author to define, in the class's order: verify,
// verifyRegions, fold, canonicalize, getCanonicalizationPatterns, parse
// and print of a custom assembly format, the builders without a body and
// the methods of DeclareOpInterfaceMethods. The class is the one OpDecl
// prints; its generation errors are returned.
func AuthorMethods(op *ods.Op) ([]MethodDeclaration, error) {
	return authorMethods(op, func(m *cppMethod) bool { return !m.pruned })
}

// DeclaredMethods returns the methods of op's class called one of names
// that mlir-tblgen declares for the author to define (interface methods
// of DeclareOpInterfaceMethods, hasVerifier's verify, ...), in the class's
// order. The class is the one OpDecl prints; its generation errors are
// returned.
func DeclaredMethods(op *ods.Op, names ...string) ([]MethodDeclaration, error) {
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	return authorMethods(op, func(m *cppMethod) bool { return want[m.name] })
}

// authorMethods are the methods of op's class that are declared and left
// to the author (not constructors) and that keep accepts.
func authorMethods(op *ods.Op, keep func(*cppMethod) bool) (out []MethodDeclaration, err error) {
	defer catch(&err, "")
	if err := opErrors([]*ods.Op{op}); err != nil {
		return nil, err
	}
	v := newOpView(op)
	for _, d := range v.opClass().decls {
		m := d.method
		if m == nil || m.props&mDeclaration == 0 || m.props&mConstructor != 0 || !keep(m) {
			continue
		}
		decl := newIndentWriter()
		m.writeHead(decl)
		out = append(out, MethodDeclaration{Name: m.name, Declaration: decl.String(), Definition: m.definitionHead(v.qualClass()),
			Params: len(m.params), Return: m.ret})
	}
	return out, nil
}

// definitionHead is the head of the method's out-of-class definition, as
// Method::writeDefTo prints it: no `static`, no default values, the name
// qualified by the class.
func (m *cppMethod) definitionHead(class string) string {
	w := newIndentWriter()
	writeTemplateParams(w, m.tmplParams)
	w.w(m.ret, spaceAfterType(m.ret), strings.TrimPrefix(class, "::"), "::", m.name, "(")
	for i, p := range m.params {
		if i > 0 {
			w.write(", ")
		}
		w.w(p.typ, spaceAfterType(p.typ), p.name)
	}
	w.write(")")
	if m.props&mConst != 0 {
		w.write(" const")
	}
	return w.String()
}
