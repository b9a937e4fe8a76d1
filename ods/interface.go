package ods

import (
	"strings"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// InterfaceKind says what an interface is attached to.
type InterfaceKind int

const (
	OpInterfaceKind InterfaceKind = iota
	AttrInterfaceKind
	TypeInterfaceKind
	DialectInterfaceKind
)

func (k InterfaceKind) String() string {
	switch k {
	case OpInterfaceKind:
		return "op interface"
	case AttrInterfaceKind:
		return "attribute interface"
	case TypeInterfaceKind:
		return "type interface"
	}
	return "dialect interface"
}

// Interface is a def deriving from OpInterface, AttrInterface,
// TypeInterface or DialectInterface (not a DeclareOpInterfaceMethods
// use), as mlir-tblgen's Interface sees it.
type Interface struct {
	Def  *eval.Record
	Kind InterfaceKind
	// Name is the C++ interface class (`cppInterfaceName`), in CppNamespace.
	Name, CppNamespace string
	Description        string
	Methods            []*InterfaceMethod
	// Bases are the base interfaces, each after its own bases, without
	// repeats.
	Bases []*eval.Record
	// Verify is the op interface's verifier body; VerifyWithRegions runs
	// it after the regions are verified.
	Verify            string
	VerifyWithRegions bool
	// The extra C++ of the interface class, its trait, both, and its
	// classof.
	ExtraClassDeclaration, ExtraTraitClassDeclaration, ExtraSharedClassDeclaration, ExtraClassOf string

	Range tablegen.Range
	src   *sourceText
	errs  memo
}

// InterfaceMethod is one method of an interface.
type InterfaceMethod struct {
	Def        *eval.Record
	Name       string
	ReturnType string
	Args       []MethodArg
	// Body is the method's implementation on every entity, DefaultBody the
	// implementation an entity may override; both are trimmed, empty when
	// absent.
	Body, DefaultBody string
	Description       string
	IsStatic          bool
	// Range is where the method is written (its list element or def).
	Range tablegen.Range
	// ArgRanges are where each argument is written, when known.
	ArgRanges []tablegen.Range
	// badArgs are arguments that are not C++ type strings (mlir-tblgen
	// crashes on them).
	badArgs []int
}

// MethodArg is one argument of an interface method.
type MethodArg struct {
	Type, Name string
}

// QualifiedName is the interface class with its namespace.
func (i *Interface) QualifiedName() string {
	if i.CppNamespace == "" {
		return i.Name
	}
	return i.CppNamespace + "::" + i.Name
}

// Method returns the first method called name, or nil.
func (i *Interface) Method(name string) *InterfaceMethod {
	for _, m := range i.Methods {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// HasDefault is whether an entity may leave the method out: it has a
// body or a default implementation.
func (m *InterfaceMethod) HasDefault() bool { return m.Body != "" || m.DefaultBody != "" }

// Signature is the method's C++ declaration, `static` included.
func (m *InterfaceMethod) Signature() string {
	var b strings.Builder
	if m.IsStatic {
		b.WriteString("static ")
	}
	ret := strings.TrimSpace(m.ReturnType)
	b.WriteString(ret)
	if !strings.HasSuffix(ret, "&") && !strings.HasSuffix(ret, "*") {
		b.WriteString(" ")
	}
	b.WriteString(m.Name + "(")
	for i, a := range m.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strings.TrimSpace(a.Type))
		if a.Name != "" {
			b.WriteString(" " + a.Name)
		}
	}
	b.WriteString(")")
	return b.String()
}

// interfaceKindOf classifies an interface def; ok is false for records
// that are not interfaces mlir-tblgen generates (DeclareOpInterfaceMethods
// and friends).
func interfaceKindOf(def *eval.Record) (InterfaceKind, bool) {
	if isA(def, "DeclareInterfaceMethods") {
		return 0, false
	}
	switch {
	case isA(def, "OpInterface"):
		return OpInterfaceKind, true
	case isA(def, "AttrInterface"):
		return AttrInterfaceKind, true
	case isA(def, "TypeInterface"):
		return TypeInterfaceKind, true
	case isA(def, "DialectInterface"):
		return DialectInterfaceKind, true
	}
	return 0, false
}

// buildInterface reads def as mlir-tblgen's Interface does.
func (m *Model) buildInterface(def *eval.Record, kind InterfaceKind) *Interface {
	i := &Interface{Def: def, Kind: kind, Range: defRange(def), src: newSourceText(m.Result.Set)}
	i.Name = stringField(def, "cppInterfaceName")
	i.CppNamespace = stringField(def, "cppNamespace")
	i.Description = stringField(def, "description")
	i.Verify = strings.TrimSpace(stringField(def, "verify"))
	i.VerifyWithRegions = bitField(def, "verifyWithRegions")
	i.ExtraClassDeclaration = stringField(def, "extraClassDeclaration")
	i.ExtraTraitClassDeclaration = stringField(def, "extraTraitClassDeclaration")
	i.ExtraSharedClassDeclaration = stringField(def, "extraSharedClassDeclaration")
	i.ExtraClassOf = stringField(def, "extraClassOf")
	i.Methods = interfaceMethods(def, m.Result.Set)
	seen := map[*eval.Record]bool{}
	var addBases func(*eval.Record)
	addBases = func(r *eval.Record) {
		for _, b := range listField(r, "baseInterfaces") {
			if bd, ok := b.(*eval.DefInit); ok {
				addBases(bd.Rec)
				if !seen[bd.Rec] {
					seen[bd.Rec] = true
					i.Bases = append(i.Bases, bd.Rec)
				}
			}
		}
	}
	addBases(def)
	return i
}

// InterfaceMethods are the methods of one of the op's interface traits
// (Interface::getMethods of the trait's record); nil for other traits.
func (op *Op) InterfaceMethods(t *Trait) []*InterfaceMethod {
	if t.Kind != InterfaceTrait || t.Def == nil {
		return nil
	}
	return interfaceMethods(t.Def, op.src.get())
}

// interfaceMethods reads the `methods` list of an interface record (or of
// a DeclareOpInterfaceMethods use, which copies its interface's).
func interfaceMethods(def *eval.Record, set *tablegen.SourceSet) []*InterfaceMethod {
	listAt := siteOf(def, set).fieldRange("methods")
	var out []*InterfaceMethod
	for _, v := range listField(def, "methods") {
		d, ok := v.(*eval.DefInit)
		if !ok {
			continue
		}
		md := &InterfaceMethod{
			Def: d.Rec, Name: stringField(d.Rec, "name"), ReturnType: stringField(d.Rec, "returnType"),
			Body: strings.TrimSpace(stringField(d.Rec, "body")), DefaultBody: strings.TrimSpace(stringField(d.Rec, "defaultBody")),
			Description: stringField(d.Rec, "description"), IsStatic: isA(d.Rec, "StaticInterfaceMethod"),
			Range: caseRange(d.Rec, listAt),
		}
		if args := dagField(d.Rec, "arguments"); args != nil {
			for k, a := range args.Args {
				arg := MethodArg{Name: dagArgName(args, k)}
				if s, ok := a.(*eval.StringInit); ok {
					arg.Type = s.V
				} else {
					md.badArgs = append(md.badArgs, k)
					arg.Type = a.String()
				}
				md.Args = append(md.Args, arg)
			}
			md.ArgRanges = siteOf(d.Rec, set).dagArgRanges("arguments", args)
		}
		out = append(out, md)
	}
	return out
}
