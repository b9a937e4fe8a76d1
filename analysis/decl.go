package analysis

import (
	"tdls/tablegen"
)

// DeclKind says what a declared name is.
type DeclKind int

const (
	DeclClass DeclKind = iota + 1
	DeclMulticlass
	DeclRecord // def, defm
	DeclDefset
	DeclDefvar
	DeclTemplateArg
	DeclField
	DeclForeachVar
	DeclDeftype
	DeclLocal // a name bound by !foreach, !foldl, !filter
)

var declKindNames = map[DeclKind]string{
	DeclClass: "class", DeclMulticlass: "multiclass", DeclRecord: "def", DeclDefset: "defset",
	DeclDefvar: "defvar", DeclTemplateArg: "template argument", DeclField: "field",
	DeclForeachVar: "foreach variable", DeclDeftype: "deftype", DeclLocal: "variable",
}

func (k DeclKind) String() string { return declKindNames[k] }

// Decl is a declared name: where it is declared and the syntax that
// declares it. A Decl with no Path is a reference to a record by name that
// the syntax alone could not place (made by a defm, a foreach or a paste);
// the evaluator places it.
type Decl struct {
	Kind  DeclKind
	Name  string
	Path  string         // file of the declaration
	Range tablegen.Range // of the declared name, in the unit
	// Owner is the class or multiclass of a template argument or field.
	Owner string

	Class      *tablegen.Class
	MultiClass *tablegen.MultiClass
	Def        *tablegen.Def
	Defm       *tablegen.Defm
	Defset     *tablegen.Defset
	Defvar     *tablegen.Defvar
	TArg       *tablegen.TemplateArg
	Field      *tablegen.FieldDecl
	Deftype    *tablegen.Deftype
	Stmt       tablegen.Range // the whole declaring statement or item
	// ElemType is the type of the elements a !foreach or !filter variable
	// ranges over, when the syntax tells.
	ElemType *tablegen.Type

	offset int // byte offset of Range.Start in Path
}

// DeclKey identifies a declaration across units: the same file and offset
// is the same declaration whichever unit sees it.
type DeclKey struct {
	Kind   DeclKind
	Name   string
	Path   string
	Offset int
}

// Key returns d's identity.
func (d *Decl) Key() DeclKey {
	if d.Path == "" {
		return DeclKey{Kind: d.Kind, Name: d.Name, Offset: -1}
	}
	return DeclKey{Kind: d.Kind, Name: d.Name, Path: d.Path, Offset: d.offset}
}

// Placed reports whether the syntax placed the declaration.
func (d *Decl) Placed() bool { return d.Path != "" }

// RefRole says how a name occurs.
type RefRole int

const (
	RoleUse RefRole = iota
	RoleDecl
	RoleLet // a `let` (or a redeclaration) overriding a field's value
)

// Ref is one occurrence of a declared name.
type Ref struct {
	Range tablegen.Range
	Decl  *Decl
	Role  RefRole
	// Via is the class through which a field is reached in `x.field`
	// (the class of x), whose overriding lets apply.
	Via string
	// Also are the other fields a top-level `let` sets, declared apart
	// from Decl: its block's records may get a field of one name from
	// different classes (an enum attribute's cppNamespace from EnumInfo,
	// its cases' from Attr). The let is an occurrence of each.
	Also []*Decl
}

// Keys returns the keys of the declarations r is an occurrence of.
func (r Ref) Keys() []DeclKey {
	keys := []DeclKey{r.Decl.Key()}
	for _, d := range r.Also {
		keys = append(keys, d.Key())
	}
	return keys
}
