package eval

import (
	"strconv"
	"strings"
)

// Init is a TableGen value, as LLVM's Init: a literal, a reference that
// resolves later (a variable, field or bit of one), or an operator applied to
// values that are not yet known.
type Init interface {
	// String is the value in TableGen syntax (LLVM's getAsString).
	String() string
	// Type is the value's type; nil for the untyped unset value `?`.
	Type() *Type
	// resolve substitutes what r knows and folds; it returns the receiver
	// itself when nothing changed.
	resolve(r resolver) Init
	// IsConcrete reports whether the value is a literal (LLVM's isConcrete).
	IsConcrete() bool
	// IsComplete reports whether the value is fully known: concrete and not
	// `?` anywhere (LLVM's isComplete).
	IsComplete() bool
}

// UnsetInit is `?`.
type UnsetInit struct{}

// Unset is the single `?` value.
var Unset Init = &UnsetInit{}

func (*UnsetInit) String() string          { return "?" }
func (*UnsetInit) Type() *Type             { return nil }
func (u *UnsetInit) resolve(resolver) Init { return u }
func (*UnsetInit) IsConcrete() bool        { return true }
func (*UnsetInit) IsComplete() bool        { return false }

// BitInit is a single bit.
type BitInit struct{ V bool }

var (
	trueInit  = &BitInit{true}
	falseInit = &BitInit{false}
)

func bitInit(b bool) *BitInit {
	if b {
		return trueInit
	}
	return falseInit
}

func (b *BitInit) String() string {
	if b.V {
		return "1"
	}
	return "0"
}
func (*BitInit) Type() *Type             { return bitType }
func (b *BitInit) resolve(resolver) Init { return b }
func (*BitInit) IsConcrete() bool        { return true }
func (*BitInit) IsComplete() bool        { return true }

// BitsInit is a bits value; Bits[0] is the least significant bit. Each bit is
// a *BitInit, `?`, or a reference to one bit of another value.
type BitsInit struct{ Bits []Init }

func (b *BitsInit) String() string {
	var sb strings.Builder
	sb.WriteString("{ ")
	for i := len(b.Bits) - 1; i >= 0; i-- {
		if i != len(b.Bits)-1 {
			sb.WriteString(", ")
		}
		if b.Bits[i] == nil {
			sb.WriteString("*")
		} else {
			sb.WriteString(b.Bits[i].String())
		}
	}
	sb.WriteString(" }")
	return sb.String()
}
func (b *BitsInit) Type() *Type { return bitsType(len(b.Bits)) }
func (b *BitsInit) IsConcrete() bool {
	for _, x := range b.Bits {
		if !x.IsConcrete() {
			return false
		}
	}
	return true
}
func (b *BitsInit) IsComplete() bool {
	for _, x := range b.Bits {
		if !x.IsComplete() {
			return false
		}
	}
	return true
}

// allBitsKnown reports whether every bit is 0 or 1.
func (b *BitsInit) allBitsKnown() bool {
	for _, x := range b.Bits {
		if _, ok := x.(*BitInit); !ok {
			return false
		}
	}
	return true
}

// toInt converts fully known bits to an integer.
func (b *BitsInit) toInt() (int64, bool) {
	var v int64
	for i, x := range b.Bits {
		bi, ok := x.(*BitInit)
		if !ok {
			return 0, false
		}
		if bi.V && i < 64 {
			v |= 1 << uint(i)
		}
	}
	return v, true
}

// IntInit is a 64-bit integer.
type IntInit struct{ V int64 }

var smallInts [256]IntInit

func init() {
	for i := range smallInts {
		smallInts[i].V = int64(i) - 16
	}
}

func intInit(v int64) *IntInit {
	if v >= -16 && v < 240 {
		return &smallInts[v+16]
	}
	return &IntInit{v}
}

func (i *IntInit) String() string        { return strconv.FormatInt(i.V, 10) }
func (*IntInit) Type() *Type             { return intType }
func (i *IntInit) resolve(resolver) Init { return i }
func (*IntInit) IsConcrete() bool        { return true }
func (*IntInit) IsComplete() bool        { return true }

// StringInit is a string; Code marks a `[{ code }]` literal, which is a
// string printed in code brackets.
type StringInit struct {
	V    string
	Code bool
}

var emptyString = &StringInit{}

func stringInit(s string) *StringInit {
	if s == "" {
		return emptyString
	}
	return &StringInit{V: s}
}

func (s *StringInit) String() string {
	if s.Code {
		return "[{" + s.V + "}]"
	}
	return "\"" + s.V + "\""
}
func (*StringInit) Type() *Type             { return stringType }
func (s *StringInit) resolve(resolver) Init { return s }
func (*StringInit) IsConcrete() bool        { return true }
func (*StringInit) IsComplete() bool        { return true }

// ListInit is a list; Elem is its element type.
type ListInit struct {
	Elem  *Type
	Elems []Init
}

func (l *ListInit) String() string {
	var sb strings.Builder
	sb.WriteByte('[')
	for i, e := range l.Elems {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(e.String())
	}
	sb.WriteByte(']')
	return sb.String()
}
func (l *ListInit) Type() *Type { return listType(l.Elem) }
func (l *ListInit) IsConcrete() bool {
	for _, x := range l.Elems {
		if !x.IsConcrete() {
			return false
		}
	}
	return true
}
func (l *ListInit) IsComplete() bool {
	for _, x := range l.Elems {
		if !x.IsComplete() {
			return false
		}
	}
	return true
}

// DagInit is a dag `(op:$name arg:$n, ...)`. Names hold the $names without
// the dollar; nil means no name.
type DagInit struct {
	Op     Init
	OpName *StringInit
	Args   []Init
	Names  []*StringInit
}

func (d *DagInit) String() string {
	var sb strings.Builder
	sb.WriteByte('(')
	sb.WriteString(d.Op.String())
	if d.OpName != nil {
		sb.WriteString(":$")
		sb.WriteString(d.OpName.V)
	}
	for i, a := range d.Args {
		if i == 0 {
			sb.WriteByte(' ')
		} else {
			sb.WriteString(", ")
		}
		sb.WriteString(a.String())
		if d.Names[i] != nil {
			sb.WriteString(":$")
			sb.WriteString(d.Names[i].V)
		}
	}
	sb.WriteByte(')')
	return sb.String()
}
func (*DagInit) Type() *Type { return dagType }
func (d *DagInit) IsConcrete() bool {
	if !d.Op.IsConcrete() {
		return false
	}
	for _, x := range d.Args {
		if !x.IsConcrete() {
			return false
		}
	}
	return true
}
func (d *DagInit) IsComplete() bool {
	if !d.Op.IsComplete() {
		return false
	}
	for _, x := range d.Args {
		if !x.IsComplete() {
			return false
		}
	}
	return true
}

// DefInit is a reference to a record (a def, or a class while it is being
// defined).
type DefInit struct{ Rec *Record }

func (d *DefInit) String() string        { return d.Rec.NameString() }
func (d *DefInit) Type() *Type           { return d.Rec.defType() }
func (d *DefInit) resolve(resolver) Init { return d }
func (*DefInit) IsConcrete() bool        { return true }
func (*DefInit) IsComplete() bool        { return true }

// VarInit is a reference by name to a field, template argument, loop
// variable or the implicit NAME; it resolves once its value is known.
type VarInit struct {
	Name string
	Ty   *Type
}

func (v *VarInit) String() string { return v.Name }
func (v *VarInit) Type() *Type    { return v.Ty }
func (*VarInit) IsConcrete() bool { return false }
func (*VarInit) IsComplete() bool { return true }
func (v *VarInit) resolve(r resolver) Init {
	if x := r.lookup(v.Name); x != nil {
		return x
	}
	return v
}

// VarBitInit is bit Bit of a value of bits type that is not yet known.
type VarBitInit struct {
	V   Init
	Bit int
}

func (v *VarBitInit) String() string { return v.V.String() + "{" + strconv.Itoa(v.Bit) + "}" }
func (*VarBitInit) Type() *Type      { return bitType }
func (*VarBitInit) IsConcrete() bool { return false }
func (*VarBitInit) IsComplete() bool { return true }
func (v *VarBitInit) resolve(r resolver) Init {
	x := v.V.resolve(r)
	if x != v.V {
		return bitOf(x, v.Bit)
	}
	return v
}

// FieldInit is `rec.field` where rec is not yet known.
type FieldInit struct {
	Rec   Init
	Field string
	Ty    *Type
}

func (f *FieldInit) String() string { return f.Rec.String() + "." + f.Field }
func (f *FieldInit) Type() *Type    { return f.Ty }
func (*FieldInit) IsConcrete() bool { return false }
func (*FieldInit) IsComplete() bool { return true }
func (f *FieldInit) resolve(r resolver) Init {
	x := f.Rec.resolve(r)
	if x == f.Rec {
		return f
	}
	if v := fieldValue(x, f.Field); v != nil {
		return v
	}
	return &FieldInit{Rec: x, Field: f.Field, Ty: f.Ty}
}

// fieldValue is the value of rec.field when rec is a record and the value
// is concrete, else nil.
func fieldValue(rec Init, field string) Init {
	if d, ok := rec.(*DefInit); ok {
		if rv := d.Rec.Field(field); rv != nil && rv.Value.IsConcrete() {
			return rv.Value
		}
	}
	return nil
}

// bitOf is LLVM's getBit: bit i of a value.
func bitOf(v Init, i int) Init {
	switch x := v.(type) {
	case *BitInit:
		return x
	case *BitsInit:
		if i < len(x.Bits) {
			return x.Bits[i]
		}
		return Unset
	case *IntInit:
		if i >= 63 {
			return bitInit(x.V < 0)
		}
		return bitInit(x.V>>uint(i)&1 == 1)
	case *UnsetInit:
		return x
	}
	if t := v.Type(); t != nil && t.Kind == BitKind {
		return v
	}
	return &VarBitInit{V: v, Bit: i}
}

// unquoted is LLVM's getAsUnquotedString.
func unquoted(v Init) string {
	if s, ok := v.(*StringInit); ok {
		return s.V
	}
	return v.String()
}

// AnonymousNameInit is the name of an anonymous record. Until its record is
// final it resolves like a variable, so that a record renamed on a name
// collision sees its new name in every field that mentions the old one.
type AnonymousNameInit struct {
	N       int
	lookupK string // key, made once
}

func newAnonymousNameInit(n int) *AnonymousNameInit {
	return &AnonymousNameInit{N: n, lookupK: "\x00anonymous_" + strconv.Itoa(n)}
}

func (a *AnonymousNameInit) String() string { return a.lookupK[1:] }
func (*AnonymousNameInit) Type() *Type      { return stringType }
func (*AnonymousNameInit) IsConcrete() bool { return true }
func (*AnonymousNameInit) IsComplete() bool { return true }

// key is the name under which resolvers know the record's new name; no
// TableGen name starts with a NUL.
func (a *AnonymousNameInit) key() string { return a.lookupK }
func (a *AnonymousNameInit) resolve(r resolver) Init {
	var n Init = a
	if v := r.lookup(a.key()); v != nil {
		n = v
	}
	if r.final() {
		if x, ok := n.(*AnonymousNameInit); ok {
			return stringInit(x.String())
		}
	}
	return n
}
