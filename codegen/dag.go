package codegen

import (
	"tdls/drr"
	"tdls/tablegen/eval"
)

// Dag nodes and leaves of patterns, classified as mlir-tblgen's DagNode and
// DagLeaf classify them.

// nodeKind is drr's classification of a dag node.
func nodeKind(d *eval.DagInit) drr.NodeKind { return drr.NodeKindOf(asDef(d.Op)) }

func isNativeCodeCall(d *eval.DagInit) bool      { return nodeKind(d) == drr.NodeNativeCodeCall }
func isReplaceWithValue(d *eval.DagInit) bool    { return nodeKind(d) == drr.NodeReplaceWithValue }
func isLocationDirective(d *eval.DagInit) bool   { return nodeKind(d) == drr.NodeLocation }
func isReturnTypeDirective(d *eval.DagInit) bool { return nodeKind(d) == drr.NodeReturnType }
func isEither(d *eval.DagInit) bool              { return nodeKind(d) == drr.NodeEither }
func isVariadicDirective(d *eval.DagInit) bool   { return nodeKind(d) == drr.NodeVariadic }
func isOperation(d *eval.DagInit) bool           { return nodeKind(d) == drr.NodeOp }

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

// leaf is a non-dag argument of a pattern dag: drr's DagLeaf, with its
// classification (mlir-tblgen's DagLeaf predicates), and what the emitter
// asks of it besides.
type leaf struct{ *drr.DagLeaf }

func newLeaf(v eval.Init) leaf { return leaf{drr.NewLeaf(v)} }

func (l leaf) isUnspecified() bool {
	_, ok := l.Value.(*eval.UnsetInit)
	return ok
}
func (l leaf) isPropDefinition() bool    { return l.IsSubClassOf("Property") }
func (l leaf) nativeTemplate() string    { return stringField(l.Def, "expression") }
func (l leaf) conditionTemplate() string { return conditionTemplate(l.constraint()) }
func (l leaf) isStringAttr() bool {
	_, ok := l.Value.(*eval.StringInit)
	return ok
}
func (l leaf) stringAttr() string {
	if s, ok := l.Value.(*eval.StringInit); ok {
		return s.V
	}
	return l.Value.String()
}

// constraint is getAsConstraint: the constraint record (through an
// OpVariable), or a fatal error for a leaf that is no constraint.
func (l leaf) constraint() *eval.Record {
	r, failure := drr.ConstraintOf(l.Value)
	if failure != "" {
		panic(fatalf("%s", failure))
	}
	return r
}
