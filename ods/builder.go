package ods

import (
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// Builder is a custom OpBuilder of an op.
type Builder struct {
	Def    *eval.Record
	Params []BuilderParam
	// Body is the C++ body; empty when only the declaration is generated.
	Body string
	// Deprecated is the reason of a DeprecatedOpBuilder; IsDeprecated
	// says the builder is one (the reason may be empty).
	Deprecated   string
	IsDeprecated bool
	Range        tablegen.Range
}

// BuilderParam is one parameter of a custom builder, `"Type":$name` or
// `CArg<"Type", "default">:$name`.
type BuilderParam struct {
	Name, CppType, Default string
}

func (op *Op) buildBuilders() {
	list, isList := op.Def.Value("builders").(*eval.ListInit)
	if !isList || len(list.Elems) == 0 {
		if op.SkipDefaultBuilders {
			op.problem("ods-no-builders", op.fieldRange("skipDefaultBuilders"), "default builders are skipped and no custom builders provided")
		}
		return
	}
	for _, e := range list.Elems {
		d, ok := e.(*eval.DefInit)
		if !ok {
			continue
		}
		op.Builders = append(op.Builders, op.newBuilder(d.Rec))
	}
}

// newBuilder reads an OpBuilder as mlir-tblgen's Builder does.
func (op *Op) newBuilder(def *eval.Record) *Builder {
	b := &Builder{Def: def, Body: stringField(def, "body"), Range: defRange(def)}
	b.Deprecated, b.IsDeprecated = def.StringValue("odsCppDeprecated")
	if !within(b.Range, op.Def.Decl) {
		b.Range = op.fieldRange("builders")
	}
	var problems []problem
	b.Params, problems = builderParams(def, b.Range)
	op.problems = append(op.problems, problems...)
	return b
}

// builderParams reads the `dagParams` of a builder record (OpBuilder,
// AttrBuilder, TypeBuilder) as mlir-tblgen's Builder constructor does, with
// the problems it would stop at, reported at rng.
func builderParams(def *eval.Record, rng tablegen.Range) ([]BuilderParam, []problem) {
	var params []BuilderParam
	var problems []problem
	add := func(code, msg string) { problems = append(problems, problem{code: code, msg: msg, rng: rng}) }
	dag := dagField(def, "dagParams")
	if dag == nil || dagOperatorName(dag) != "ins" {
		add("ods-builder-ins", "expected 'ins' in builders")
		return nil, problems
	}
	seenDefault := false
	for i, v := range dag.Args {
		p := BuilderParam{Name: dagArgName(dag, i)}
		switch x := v.(type) {
		case *eval.StringInit:
			p.CppType = x.V
		case *eval.DefInit:
			if !isA(x.Rec, "CArg") {
				add("ods-builder-param", "Builder DAG arguments must be either strings or defs which inherit from CArg")
				continue
			}
			p.CppType = stringField(x.Rec, "type")
			p.Default = stringField(x.Rec, "defaultValue")
		default:
			add("ods-builder-param", "Builder DAG arguments must be either strings or defs which inherit from CArg")
			continue
		}
		if p.Default != "" {
			seenDefault = true
		} else if seenDefault {
			add("ods-builder-default", "expected an argument with default value after other arguments with default values")
		}
		params = append(params, p)
	}
	return params, problems
}

// GeneratedBuilder is a build() method mlir-tblgen generates for an op.
type GeneratedBuilder int

const (
	// BuildSeparate takes one Type per result, then one parameter per
	// argument, successor and variadic-region count.
	BuildSeparate GeneratedBuilder = iota
	// BuildSeparateTypeRange takes a TypeRange of result types, then one
	// parameter per argument.
	BuildSeparateTypeRange
	// BuildSeparateNoTypes takes one parameter per argument and no result
	// types: the types are inferred (or the op has no results).
	BuildSeparateNoTypes
	// BuildCollective takes (TypeRange, ValueRange, attributes or
	// Properties).
	BuildCollective
	// BuildCollectiveNoTypes takes (ValueRange, attributes or Properties)
	// and derives the result types.
	BuildCollectiveNoTypes
)

func (g GeneratedBuilder) String() string {
	switch g {
	case BuildSeparate:
		return "build(types..., args...)"
	case BuildSeparateTypeRange:
		return "build(TypeRange, args...)"
	case BuildSeparateNoTypes:
		return "build(args...)"
	case BuildCollective:
		return "build(TypeRange, ValueRange, attributes)"
	}
	return "build(ValueRange, attributes)"
}

// HasInferTypeInterface reports whether the op has InferTypeOpInterface,
// declared or added by mlir-tblgen.
func (op *Op) HasInferTypeInterface() bool {
	return op.Trait("::mlir::InferTypeOpInterface::Trait") != nil
}

func (op *Op) sameOperandsAndResultTypeBuilders() bool {
	return op.NumVariableLengthResults() == 0 && op.Trait("::mlir::OpTrait::SameOperandsAndResultType") != nil
}

func (op *Op) firstAttrDerivedBuilders() bool {
	return op.NumVariableLengthResults() == 0 && op.Trait("::mlir::OpTrait::FirstAttrDerivedResultType") != nil
}

// GeneratedBuilders lists the kinds of build() methods mlir-tblgen
// generates (OpEmitter::genBuilder); none with skipDefaultBuilders.
func (op *Op) GeneratedBuilders() []GeneratedBuilder {
	if op.SkipDefaultBuilders {
		return nil
	}
	collectiveNoTypes := op.sameOperandsAndResultTypeBuilders() || op.firstAttrDerivedBuilders() ||
		(op.HasInferTypeInterface() && len(op.Successors) == 0)
	out := []GeneratedBuilder{BuildSeparate, BuildSeparateTypeRange}
	if len(op.Results) == 0 || op.HasInferTypeInterface() || op.sameOperandsAndResultTypeBuilders() {
		// build(ValueRange x) is dropped as redundant next to
		// build(ValueRange operands, attributes = {}); calls still resolve.
		if !(collectiveNoTypes && op.onlyVariadicOperandParams()) {
			out = append(out, BuildSeparateNoTypes)
		}
	}
	out = append(out, BuildCollective)
	if collectiveNoTypes {
		out = append(out, BuildCollectiveNoTypes)
	}
	return out
}

// onlyVariadicOperandParams reports that the separate builders take just
// one ValueRange: the op's only argument is a variadic operand and it has
// no successors or variadic regions.
func (op *Op) onlyVariadicOperandParams() bool {
	if len(op.Args) != 1 || op.Args[0].Kind != Operand || !op.Args[0].Variadic || len(op.Successors) > 0 {
		return false
	}
	for _, r := range op.Regions {
		if r.Variadic {
			return false
		}
	}
	return true
}

// HasGeneratedBuilder reports whether mlir-tblgen generates a builder of
// kind g.
func (op *Op) HasGeneratedBuilder(g GeneratedBuilder) bool {
	for _, x := range op.GeneratedBuilders() {
		if x == g {
			return true
		}
	}
	return false
}

// CanInferResultTypes reports whether the op can be built without result
// types from one value per argument, as DRR builds nested and auxiliary ops
// (`Op::create(rewriter, loc, arg0, arg1, ...)`), and says why or why not.
func (op *Op) CanInferResultTypes() (bool, string) {
	switch {
	case op.SkipDefaultBuilders:
		return false, "skipDefaultBuilders is set, so only the custom builders exist"
	case len(op.Results) == 0:
		return true, "the op has no results"
	case op.sameOperandsAndResultTypeBuilders():
		return true, "SameOperandsAndResultType: the result types are those of the first operand"
	case op.HasInferTypeInterface() && !op.AllResultTypesKnown():
		return true, "the op implements InferTypeOpInterface"
	case op.AllResultTypesKnown():
		return true, "every result type is buildable or tied to an argument (AllTypesMatch, TypesMatchWith)"
	}
	return false, op.inference.reason
}

// CanBuildWithoutResultTypes reports whether a builder taking all operands
// collectively and no result types exists (`Op::create(rewriter, loc,
// values, props)`), which DRR uses for ops with SameOperandsAndResultType or
// FirstAttrDerivedResultType.
func (op *Op) CanBuildWithoutResultTypes() bool {
	return op.HasGeneratedBuilder(BuildCollectiveNoTypes)
}
