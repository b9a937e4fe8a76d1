package codegen

import (
	"strings"

	"tdls/ods"
)

// Accessor is a method an op class declares for one of its arguments,
// results, regions or successors, as the op-declaration emitter writes it.
type Accessor struct {
	// Name is the method name; Declaration the declaration without its
	// body or `;` (`static ::mlir::StringAttr getValueAttrName(::mlir::OperationName name)`).
	Name, Declaration string
}

// OpAccessors lists the methods the op's class declares for its argument,
// result, region or successor called name, in the class's order: the
// getters, setters, removers, mutable operand ranges and attribute-name
// getters that --gen-op-decls generates for it. They come from the emitter
// itself, so they are what the generated header holds.
func OpAccessors(op *ods.Op, name string) (out []Accessor, err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			out, err = nil, e
		}
	}()
	if name == "" {
		return nil, nil
	}
	get, set := getter(name), setter(name)
	names := map[string]bool{get: true, get + "Attr": true, get + "AttrName": true, get + "Mutable": true,
		set: true, set + "Attr": true, remover(name) + "Attr": true}
	for _, d := range newOpView(op).opClass().decls {
		if m := d.method; m != nil && m.props&mPrivate == 0 && names[m.name] {
			out = append(out, Accessor{Name: m.name, Declaration: m.declaration()})
		}
	}
	return out, nil
}

// declaration is the method's declaration as the class writes it, without
// the body or the `;`.
func (m *cppMethod) declaration() string {
	var sb strings.Builder
	m.writeHead(indentWriterOn(&sb))
	return sb.String()
}
