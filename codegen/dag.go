package codegen

import (
	"tdls/drr"
	"tdls/tablegen/eval"
)

// Dag nodes and leaves of patterns, classified as mlir-tblgen's DagNode and
// DagLeaf classify them.

func dagOpName(d *eval.DagInit) string {
	if r := asDef(d.Op); r != nil {
		return r.NameString()
	}
	return ""
}

func isNativeCodeCall(d *eval.DagInit) bool { return isA(asDef(d.Op), "NativeCodeCall") }
func isReplaceWithValue(d *eval.DagInit) bool {
	return dagOpName(d) == "replaceWithValue"
}
func isLocationDirective(d *eval.DagInit) bool   { return dagOpName(d) == "location" }
func isReturnTypeDirective(d *eval.DagInit) bool { return dagOpName(d) == "returnType" }
func isEither(d *eval.DagInit) bool              { return dagOpName(d) == "either" }
func isVariadicDirective(d *eval.DagInit) bool   { return dagOpName(d) == "variadic" }

func isOperation(d *eval.DagInit) bool {
	return !isNativeCodeCall(d) && !isReplaceWithValue(d) && !isLocationDirective(d) &&
		!isReturnTypeDirective(d) && !isEither(d) && !isVariadicDirective(d)
}

func nativeTemplate(d *eval.DagInit) string { return stringField(asDef(d.Op), "expression") }
func nativeReturns(d *eval.DagInit) int     { return int(intField(asDef(d.Op), "numReturns")) }

// nested returns argument i when it is a dag.
func nested(d *eval.DagInit, i int) *eval.DagInit {
	n, _ := d.Args[i].(*eval.DagInit)
	return n
}

// numOps counts the op nodes of a tree, directives excluded.
func numOps(d *eval.DagInit) int {
	n := 0
	if isOperation(d) {
		n = 1
	}
	for i := range d.Args {
		if c := nested(d, i); c != nil {
			n += numOps(c)
		}
	}
	return n
}

// leaf is a non-dag argument of a pattern dag.
type leaf struct{ v eval.Init }

func (l leaf) def() *eval.Record { return asDef(l.v) }
func (l leaf) isUnspecified() bool {
	_, ok := l.v.(*eval.UnsetInit)
	return ok
}
func (l leaf) is(class string) bool      { return isA(l.def(), class) }
func (l leaf) isOperandMatcher() bool    { return l.is("TypeConstraint") }
func (l leaf) isAttrMatcher() bool       { return l.is("AttrConstraint") }
func (l leaf) isPropMatcher() bool       { return l.is("PropConstraint") }
func (l leaf) isPropDefinition() bool    { return l.is("Property") }
func (l leaf) isNativeCodeCall() bool    { return l.is("NativeCodeCall") }
func (l leaf) isConstantAttr() bool      { return l.is("ConstantAttr") }
func (l leaf) isEnumCase() bool          { return l.is("EnumCase") }
func (l leaf) isConstantProp() bool      { return l.is("ConstantProp") }
func (l leaf) nativeTemplate() string    { return stringField(l.def(), "expression") }
func (l leaf) conditionTemplate() string { return conditionTemplate(l.constraint()) }
func (l leaf) isStringAttr() bool {
	_, ok := l.v.(*eval.StringInit)
	return ok
}
func (l leaf) stringAttr() string {
	if s, ok := l.v.(*eval.StringInit); ok {
		return s.V
	}
	return l.v.String()
}

// constraint is getAsConstraint: the constraint record (through an
// OpVariable), or a fatal error for a leaf that is no constraint.
func (l leaf) constraint() *eval.Record {
	r, failure := drr.ConstraintOf(l.v)
	if failure != "" {
		panic(fatalf("%s", failure))
	}
	return r
}
