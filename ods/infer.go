package ods

import (
	"strconv"
)

// InferredType says where mlir-tblgen takes the type of one result from
// when it infers result types: an argument (Arg >= 0), another result
// (Result >= 0), or the result's own buildable type (Buildable). Transformer
// is the C++ template applied to the source type ("$_self" for none).
type InferredType struct {
	Arg, Result int
	Buildable   bool
	Transformer string
}

// resultInference is what Operator::populateTypeInferenceInfo computes.
type resultInference struct {
	// known is allResultsHaveKnownTypes.
	known   bool
	sources []InferredType
	// reason says why the types are not known.
	reason string
}

const inferTypeOpInterface = "InferTypeOpInterface"

// Indices in the shared argument/result space: arguments count up from 0,
// results down from -1, as mlir-tblgen's InferredResultType maps them.
func resultSlot(i int) int { return -1 - i }
func isArgSlot(i int) bool { return i >= 0 }
func slotResult(i int) int { return -1 - i }
func slotOf(names map[string]int, name string) int {
	// StringMap::lookup yields 0 for a name that is not there; mlir-tblgen
	// then silently uses argument #0, and so do we.
	return names[name]
}

// inferResultTypes follows Operator::populateTypeInferenceInfo, including
// its quirks: it runs on the declared traits only, and an explicitly listed
// InferTypeOpInterface disables it.
func (op *Op) inferResultTypes(m *Model, names map[string]int) {
	inf := &op.inference
	inferDef := m.Result.Def(inferTypeOpInterface)
	switch {
	case inferDef == nil:
		inf.reason = "InferTypeOpInterface is not defined in this file's includes"
		return
	case len(op.Results) == 0:
		inf.reason = "the op has no results"
		return
	case op.NumVariableLengthResults() > 0:
		inf.reason = "the op has variadic or optional results"
		return
	}
	implicit := &Trait{Kind: InterfaceTrait, Def: inferDef, CppName: "::mlir::InferTypeOpInterface::Trait", Interface: inferTypeOpInterface, Implicit: true}

	if op.Trait("::mlir::OpTrait::SameOperandsAndResultType") != nil {
		anchor := -1
		for _, a := range op.Args {
			if a.Kind == Operand && !a.IsVariableLength() {
				anchor = a.Index
				break
			}
		}
		if anchor < 0 {
			inf.reason = "SameOperandsAndResultType without an operand of fixed length to take the type from"
			return
		}
		for range op.Results {
			inf.sources = append(inf.sources, InferredType{Arg: anchor, Result: -1, Transformer: "$_self"})
		}
		inf.known = true
		op.Traits = append(op.Traits, implicit)
		return
	}

	type node struct {
		sources  []int // slots
		trans    []string
		inferred bool
	}
	nodes := make([]node, len(op.Results))
	for i, r := range op.Results {
		if builderCall(r.Constraint) != "" {
			nodes[i] = node{sources: []int{resultSlot(i)}, trans: []string{"$_self"}, inferred: true}
		}
	}
	for _, t := range op.Traits {
		def := t.Def
		if def == inferDef {
			inf.reason = "the op declares InferTypeOpInterface itself"
			return
		}
		switch {
		case isA(def, "TypesMatchWith"):
			target := slotOf(names, stringField(def, "rhs"))
			if isArgSlot(target) {
				continue
			}
			n := &nodes[slotResult(target)]
			if n.inferred {
				continue
			}
			src := slotOf(names, stringField(def, "lhs"))
			n.sources = append(n.sources, src)
			n.trans = append(n.trans, stringField(def, "transformer"))
			n.inferred = isArgSlot(src) || nodes[slotResult(src)].inferred
		case isA(def, "ShapedTypeMatchesElementCountAndTypes"):
			shaped := slotOf(names, stringField(def, "shaped"))
			elems := slotOf(names, stringField(def, "elements"))
			if !isArgSlot(elems) && isArgSlot(shaped) {
				n := &nodes[slotResult(elems)]
				if !n.inferred {
					n.sources = append(n.sources, shaped)
					n.trans = append(n.trans, "::llvm::SmallVector<::mlir::Type>(::llvm::cast<::mlir::ShapedType>($_self).getNumElements(), ::llvm::cast<::mlir::ShapedType>($_self).getElementType())")
					n.inferred = true
				}
			}
		case isA(def, "AllTypesMatch"):
			full, haveFull := 0, false
			var results []int
			for _, name := range stringListField(def, "values") {
				s := slotOf(names, name)
				if !isArgSlot(s) {
					results = append(results, slotResult(s))
				}
				if isArgSlot(s) || nodes[slotResult(s)].inferred {
					full, haveFull = s, true
				}
			}
			if haveFull {
				for _, r := range results {
					if !nodes[r].inferred {
						nodes[r] = node{sources: []int{full}, trans: []string{"$_self"}, inferred: true}
					}
				}
				continue
			}
			for _, r := range results {
				for _, o := range results {
					if r != o {
						nodes[r].sources = append(nodes[r].sources, resultSlot(o))
						nodes[r].trans = append(nodes[r].trans, "$_self")
					}
				}
			}
		}
	}
	// Propagate inferredness to a fixed point; each result keeps the first
	// inferred source, which breaks cycles.
	for changed := true; changed; {
		changed = false
		for i := range nodes {
			n := &nodes[i]
			if n.inferred {
				continue
			}
			for k, s := range n.sources {
				if !isArgSlot(s) && nodes[slotResult(s)].inferred {
					n.sources, n.trans = []int{s}, []string{n.trans[k]}
					n.inferred, changed = true, true
					break
				}
			}
		}
	}
	for i, n := range nodes {
		if !n.inferred {
			r := op.Results[i]
			inf.reason = "the type of result #" + strconv.Itoa(i) + nameSuffix(r.Name) + " is neither buildable nor tied to another value by AllTypesMatch or TypesMatchWith"
			return
		}
	}
	inf.known = true
	op.Traits = append(op.Traits, implicit)
	for i, n := range nodes {
		s := n.sources[0]
		it := InferredType{Arg: -1, Result: -1, Transformer: n.trans[0]}
		switch {
		case isArgSlot(s):
			it.Arg = s
		case slotResult(s) == i:
			it.Buildable = true
		default:
			it.Result = slotResult(s)
		}
		inf.sources = append(inf.sources, it)
	}
}

func nameSuffix(name string) string {
	if name == "" {
		return ""
	}
	return " ('" + name + "')"
}

// AllResultTypesKnown reports whether mlir-tblgen infers every result type
// on its own (Operator::allResultTypesKnown), in which case it adds
// InferTypeOpInterface to the op.
func (op *Op) AllResultTypesKnown() bool { return op.inference.known }

// InferredResultType says where result i's type comes from when
// AllResultTypesKnown.
func (op *Op) InferredResultType(i int) (InferredType, bool) {
	if !op.inference.known || i < 0 || i >= len(op.inference.sources) {
		return InferredType{}, false
	}
	return op.inference.sources[i], true
}
