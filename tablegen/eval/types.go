package eval

import (
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Kind is the kind of a TableGen type.
type Kind uint8

// Type kinds, as LLVM's RecTy kinds.
const (
	BitKind Kind = iota
	BitsKind
	IntKind
	StringKind
	ListKind
	DagKind
	RecordKind
)

// Type is a TableGen type. Primitive types are shared values; list types are
// cached on their element type and bits types by width, so most types can be
// compared by pointer; sameType compares structurally.
type Type struct {
	Kind    Kind
	Width   int       // bits<Width>
	Elem    *Type     // list<Elem>
	Classes []*Record // record type: every value is a subclass of all of them

	listOf atomic.Pointer[Type] // list<this>, made once
}

var (
	bitType    = &Type{Kind: BitKind}
	intType    = &Type{Kind: IntKind}
	stringType = &Type{Kind: StringKind}
	dagType    = &Type{Kind: DagKind}
	// anyRecordType is the record type with no class constraint ({}).
	anyRecordType = &Type{Kind: RecordKind}
	// bitsTypes is shared by every evaluation, including concurrent ones.
	bitsTypes sync.Map // int -> *Type
)

// smallBitsTypes are bits<0> to bits<128>, the widths used in practice.
var smallBitsTypes [129]*Type

func init() {
	for i := range smallBitsTypes {
		smallBitsTypes[i] = &Type{Kind: BitsKind, Width: i}
	}
}

func bitsType(n int) *Type {
	if n >= 0 && n < len(smallBitsTypes) {
		return smallBitsTypes[n]
	}
	if t, ok := bitsTypes.Load(n); ok {
		return t.(*Type)
	}
	t, _ := bitsTypes.LoadOrStore(n, &Type{Kind: BitsKind, Width: n})
	return t.(*Type)
}

// listType is list<elem>; elem may belong to a checkpoint that concurrent
// evaluations share, hence the atomic.
func listType(elem *Type) *Type {
	if t := elem.listOf.Load(); t != nil {
		return t
	}
	elem.listOf.CompareAndSwap(nil, &Type{Kind: ListKind, Elem: elem})
	return elem.listOf.Load()
}

// recordType builds the record type of a set of classes: sorted by name,
// without classes that are superclasses of others in the set.
func recordType(classes []*Record) *Type {
	if len(classes) == 0 {
		return anyRecordType
	}
	if len(classes) == 1 {
		return classes[0].selfType()
	}
	var keep []*Record
	for _, c := range classes {
		redundant := false
		for _, o := range classes {
			if o != c && o.isSubClassOf(c) {
				redundant = true
				break
			}
		}
		if !redundant && !containsRecord(keep, c) {
			keep = append(keep, c)
		}
	}
	sort.Slice(keep, func(i, j int) bool { return keep[i].NameString() < keep[j].NameString() })
	if len(keep) == 1 {
		return keep[0].selfType()
	}
	return &Type{Kind: RecordKind, Classes: keep}
}

func containsRecord(rs []*Record, r *Record) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

func (t *Type) String() string {
	if t == nil {
		return "?"
	}
	switch t.Kind {
	case BitKind:
		return "bit"
	case BitsKind:
		return "bits<" + strconv.Itoa(t.Width) + ">"
	case IntKind:
		return "int"
	case StringKind:
		return "string"
	case ListKind:
		return "list<" + t.Elem.String() + ">"
	case DagKind:
		return "dag"
	}
	if len(t.Classes) == 1 {
		return t.Classes[0].NameString()
	}
	names := make([]string, len(t.Classes))
	for i, c := range t.Classes {
		names[i] = c.NameString()
	}
	return "{" + strings.Join(names, ", ") + "}"
}

// sameType is LLVM's pointer equality of uniqued types.
func sameType(a, b *Type) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case BitsKind:
		return a.Width == b.Width
	case ListKind:
		return sameType(a.Elem, b.Elem)
	case RecordKind:
		if len(a.Classes) != len(b.Classes) {
			return false
		}
		for i := range a.Classes {
			if a.Classes[i] != b.Classes[i] {
				return false
			}
		}
		return true
	}
	return true
}

// isSubClassOf reports whether every value of record type t is a c.
func (t *Type) isSubClassOf(c *Record) bool {
	for _, x := range t.Classes {
		if x == c || x.isSubClassOf(c) {
			return true
		}
	}
	return false
}

// convertibleTo is LLVM's typeIsConvertibleTo.
func convertibleTo(from, to *Type) bool {
	if from == nil || to == nil {
		return false
	}
	switch from.Kind {
	case BitKind:
		return to.Kind == BitKind || to.Kind == IntKind || (to.Kind == BitsKind && to.Width == 1)
	case BitsKind:
		if to.Kind == BitsKind {
			return to.Width == from.Width
		}
		return (to.Kind == BitKind && from.Width == 1) || to.Kind == IntKind
	case IntKind:
		return to.Kind == BitKind || to.Kind == BitsKind || to.Kind == IntKind
	case ListKind:
		return to.Kind == ListKind && convertibleTo(from.Elem, to.Elem)
	case RecordKind:
		if to.Kind != RecordKind {
			return false
		}
		for _, c := range to.Classes {
			if !from.isSubClassOf(c) {
				return false
			}
		}
		return true
	}
	return from.Kind == to.Kind
}

// typeIsA is LLVM's typeIsA: equality, except that lists and records use
// their convertibility.
func typeIsA(from, to *Type) bool {
	if from == nil || to == nil {
		return false
	}
	switch from.Kind {
	case ListKind:
		return to.Kind == ListKind && typeIsA(from.Elem, to.Elem)
	case RecordKind:
		return convertibleTo(from, to)
	}
	return sameType(from, to)
}

// resolveTypes returns the least type both a and b convert to, or nil.
func resolveTypes(a, b *Type) *Type {
	if sameType(a, b) {
		return a
	}
	if a == nil || b == nil {
		return nil
	}
	if a.Kind == RecordKind && b.Kind == RecordKind {
		return resolveRecordTypes(a, b)
	}
	if convertibleTo(a, b) {
		return b
	}
	if convertibleTo(b, a) {
		return a
	}
	if a.Kind == ListKind && b.Kind == ListKind {
		if e := resolveTypes(a.Elem, b.Elem); e != nil {
			return listType(e)
		}
	}
	return nil
}

func resolveRecordTypes(a, b *Type) *Type {
	var common []*Record
	stack := append([]*Record(nil), a.Classes...)
	for len(stack) > 0 {
		r := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b.isSubClassOf(r) {
			common = append(common, r)
		} else {
			for _, s := range r.DirectSuperClasses() {
				stack = append(stack, s.Class)
			}
		}
	}
	return recordType(common)
}
