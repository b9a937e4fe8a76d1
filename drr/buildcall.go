package drr

import (
	"strings"

	"tdls/ods"
	"tdls/tablegen"
)

// Which build() the C++ of a result op calls, and whether one of the op's
// build methods (generated or custom) takes the call: handleOpCreation
// emits one of three calls and never checks that it resolves.

// creation is how handleOpCreation builds an op.
type creation int

const (
	// createWithoutTypes is `Op::create(rewriter, loc, tblgen_values,
	// tblgen_props)`, for ops with SameOperandsAndResultType or
	// FirstAttrDerivedResultType.
	createWithoutTypes creation = iota
	// createSeparate is `Op::create(rewriter, loc, arg0, arg1, ...)` with
	// one argument per ODS argument and no result types, for nested,
	// auxiliary and partially used ops.
	createSeparate
	// createWithTypes is `Op::create(rewriter, loc, tblgen_types,
	// tblgen_values, tblgen_props)`.
	createWithTypes
)

// callArgs are the arguments after the location.
func (c *checker) callArgs(n *DagNode, how creation) []ods.CallArg {
	switch how {
	case createWithoutTypes:
		return []ods.CallArg{{Kind: ods.CallValues}, {Kind: ods.CallProperties}}
	case createWithTypes:
		return []ods.CallArg{{Kind: ods.CallTypes}, {Kind: ods.CallValues}, {Kind: ods.CallProperties}}
	}
	args := make([]ods.CallArg, len(n.Op.Args))
	for i, slot := range n.Op.Args {
		switch {
		case slot.Kind == ods.Operand && (slot.Variadic || slot.VariadicOfVariadic):
			// createSeparateLocalVarsForOpArgs: SmallVector<Value, 4>.
			args[i] = ods.CallArg{Kind: ods.CallValues}
		case slot.Kind == ods.Operand:
			args[i] = ods.CallArg{Kind: ods.CallValue}
		case n.Child(i) != nil:
			args[i] = ods.CallArg{Kind: ods.CallUnknown} // a NativeCodeCall
		default:
			args[i] = c.leafArg(n.Leaf(i))
		}
	}
	return args
}

// leafArg is the C++ argument handleOpArgument makes of a leaf given for an
// attribute or property.
func (c *checker) leafArg(l *DagLeaf) ods.CallArg {
	unknown := ods.CallArg{Kind: ods.CallUnknown}
	switch {
	case l == nil || l.Kind != LeafUnset && l.Kind != LeafDef:
		return unknown
	case l.IsConstantAttr():
		if a := recordOf(l.Def.Value("attr")); a != nil {
			if t, _ := stringField(a, "storageType"); strings.TrimSpace(t) != "" {
				return ods.CallArg{Kind: ods.CallAttribute, CppType: strings.TrimSpace(t)}
			}
		}
		return unknown
	case l.Kind == LeafDef && !l.IsAttrMatcher() && !l.IsPropMatcher() && !l.IsOperandMatcher():
		return unknown // an enum case, a constant property, a NativeCodeCall
	}
	s := c.p.Symbols.Lookup(l.Name)
	if s == nil {
		return unknown
	}
	if _, idx := SplitIndex(l.Name); idx >= 0 {
		return unknown
	}
	switch s.Kind {
	case SymAttr:
		if a := s.ArgDef(); a != nil && a.StorageType != "" {
			return ods.CallArg{Kind: ods.CallAttribute, CppType: a.StorageType}
		}
		return ods.CallArg{Kind: ods.CallAttribute, CppType: "::mlir::Attribute"}
	case SymProp:
		if a := s.ArgDef(); a != nil && a.CppType != "" {
			return ods.CallArg{Kind: ods.CallProperty, CppType: a.CppType}
		}
	case SymOperand:
		if a := s.ArgDef(); a != nil && !a.IsVariableLength() && s.VariadicSub < 0 && !s.WholeRange {
			return ods.CallArg{Kind: ods.CallValue} // (*x.begin())
		}
	case SymResult:
		if s.Op != nil && s.Op.NumResults() == 1 && !s.Op.Results[0].IsVariableLength() {
			return ods.CallArg{Kind: ods.CallValue}
		}
	case SymValue:
		// A NativeCodeCall's result is pasted into the call as its bare
		// expression (handleOpArgument): its C++ type is whatever the
		// expression returns, which tdls cannot know, so it fits any
		// parameter. Only a NativeCodeCall matcher's capture is declared
		// ::mlir::Value.
		if s.Node != nil && s.Node.Kind == NodeNativeCodeCall {
			return unknown
		}
		return ods.CallArg{Kind: ods.CallValue}
	}
	return unknown
}

// buildCall warns when no build method of n's op takes the call mlir-tblgen
// emits to create it. The rule: every build method (generated or custom)
// is shown not to take it, where an argument whose C++ type tdls cannot
// derive (a NativeCodeCall, a symbol bound to one's result, an indexed
// value, a parameter type it cannot parse) fits any parameter. The compile
// oracle (TestCompileOracle) proves each warning by g++.
func (c *checker) buildCall(n *DagNode, how creation, partial bool, depth, resultIndex int) {
	op := n.Op
	args := c.callArgs(n, how)
	fit, _ := op.FitCall(args)
	if fit != ods.FitNo {
		return
	}
	var role string
	switch {
	case how == createWithTypes:
		role = "an"
	case depth > 0:
		role = "a nested"
	case resultIndex < 0 && n.Part == PartSupplemental:
		role = "a supplemental"
	case resultIndex < 0:
		role = "an auxiliary"
	case how == createSeparate:
		role = "a partially used ($" + n.Name + ")"
	default:
		role = "an"
	}
	call := op.QualifiedCppClass() + "::create(rewriter, loc"
	for _, a := range args {
		call += ", " + a.String()
	}
	call += ")"
	var why []string
	var related []tablegen.Related
	inferring := false
	for _, m := range op.BuildMethods() {
		if m.Custom != nil {
			related = append(related, tablegen.Related{Range: m.Custom.Range, Message: "custom builder " + m.Signature() + ": " + m.Mismatch(args)})
			continue
		}
		if m.Generated == ods.BuildSeparateNoTypes || m.Generated == ods.BuildCollectiveNoTypes {
			inferring = true
		}
	}
	switch {
	case op.SkipDefaultBuilders:
		why = append(why, "skipDefaultBuilders is set, so ODS generates no builder")
	case how != createWithTypes && !inferring:
		_, reason := op.CanInferResultTypes()
		if how == createWithoutTypes {
			reason = "it has variadic or optional results"
		}
		why = append(why, "ODS generates no builder without result types ("+reason+")")
	case how == createSeparate:
		for _, m := range op.BuildMethods() {
			if m.Custom == nil && m.Generated == ods.BuildSeparateNoTypes {
				why = append(why, "the generated build"+m.Signature()+" does not take it: "+m.Mismatch(args))
				break
			}
		}
	}
	if k := len(op.Builders); k > 0 {
		why = append(why, "no custom builder takes it ("+plural(k, "custom builder")+" shown below)")
	}
	code := "drr-result-types"
	if how == createWithTypes {
		code = "drr-no-builder"
	}
	msg := "'" + op.Name + "' is created as " + role + " op with `" + call + "`, which no build method of the op takes: " + strings.Join(why, "; ") + "; the generated C++ will not compile"
	d := c.warnf(n.OperatorRange, code, "%s", msg).withOp(op)
	d.Related = append(d.Related, related...)
	if how == createSeparate && !inferring {
		if partial && depth == 0 && resultIndex >= 0 {
			d.Message += ": give the op InferTypeOpInterface or a custom builder without result types"
		} else {
			d.Message += ": add (returnType ...) with the result types, or give the op InferTypeOpInterface or a custom builder without result types"
			if n.Exact {
				d.Fixes = append(d.Fixes, returnTypeFix(n))
			}
		}
	}
}

// returnTypeFix adds a `(returnType ...)` with a placeholder per result.
func returnTypeFix(n *DagNode) Fix {
	const placeholder = `"$_builder.getNoneType() /* result type */"`
	k := max(len(n.Op.Results), 1)
	text := ", (returnType"
	for i := 0; i < k; i++ {
		if i > 0 {
			text += ","
		}
		text += " " + placeholder
	}
	text += ")"
	at := n.Range.End - 1
	return Fix{Title: "add (returnType ...) to '" + n.Op.Name + "'", Edits: []TextEdit{{Range: tablegen.Range{Start: at, End: at}, NewText: text}}}
}
