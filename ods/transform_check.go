package ods

import (
	"strconv"
	"strings"

	"tdls/tablegen"
)

// CheckTransformOps reports, as warnings with codes "transform-...", the
// transform-dialect conventions an op breaks that mlir-tblgen accepts but
// that fail when the op is registered, compiled or interpreted:
//
//   - an op of the transform dialect that is not a terminator needs
//     TransformOpInterface or a pattern-descriptor interface
//     (checkImplementsTransformOpInterface asserts at registration, and
//     the interpreter casts every op of a sequence to it), and one that is
//     not a descriptor needs MemoryEffectsOpInterface (the same assertion,
//     and TransformOpInterface's verifier casts the op to it);
//   - TransformEachOpTrait needs exactly one operand (its verifyTrait
//     static_asserts OneOperand), TransformOpInterface (its verifyTrait),
//     listed plainly (DeclareOpInterfaceMethods declares an `apply` that
//     hides the trait's), and an applyToOne (the trait's apply calls it;
//     unless a trait of the project's own, whose C++ the ODS does not
//     show, may declare it);
//   - the traits that implement getEffects need MemoryEffectsOpInterface
//     (their verifiers fail without it);
//   - operands and results of a transform op are handles or parameters:
//     the interpreter maps nothing else (TransformState::setPayloadOps
//     asserts "wrong handle type").
//
// Each message says how to fix the op.
func CheckTransformOps(m *Model) []tablegen.Diagnostic {
	var out []tablegen.Diagnostic
	for _, op := range m.Ops {
		if t := op.Transform(); t != nil {
			out = append(out, t.problems()...)
		}
	}
	return out
}

// ApplyToOneDeclaration is the applyToOne TransformEachOpTrait calls, as
// an extension declares it for any payload op.
const ApplyToOneDeclaration = "::mlir::DiagnosedSilenceableFailure applyToOne(::mlir::transform::TransformRewriter &rewriter, ::mlir::Operation *target, ::mlir::transform::ApplyToEachResultList &results, ::mlir::transform::TransformState &state);"

func (t *TransformOp) problems() []tablegen.Diagnostic {
	op := t.Op
	var out []tablegen.Diagnostic
	warn := func(code string, at tablegen.Range, msg string, related ...tablegen.Related) {
		d := op.diag(tablegen.SeverityWarning, code, at, msg)
		d.Related = append(d.Related, related...)
		out = append(out, d)
	}
	name := "op '" + op.Name + "'"

	// Rule 1: what registration into the transform dialect asserts.
	if t.InDialect && t.Interface == nil && t.Descriptor == nil && !t.Terminator && t.Each == nil {
		warn("transform-op-interface", op.Range, name+" is injected into the transform dialect but implements neither TransformOpInterface nor a pattern-descriptor interface: registerTransformOps asserts (\"non-terminator ops injected into the transform dialect must implement TransformOpInterface\") and the interpreter cannot apply it; add DeclareOpInterfaceMethods<TransformOpInterface> to its traits and define apply, or TransformOpInterface with TransformEachOpTrait and an applyToOne")
	}
	effectsTraitReported := t.EffectsTrait != nil && !t.HasMemoryEffects()
	needsEffects := (t.InDialect && t.Descriptor == nil) || t.Interface != nil
	if needsEffects && !t.HasMemoryEffects() && !effectsTraitReported {
		var whys []string
		if t.InDialect && t.Descriptor == nil {
			whys = append(whys, "registerTransformOps asserts (\"ops injected into the transform dialect must implement MemoryEffectsOpInterface\")")
		}
		if t.Interface != nil {
			whys = append(whys, "TransformOpInterface's verifier casts the op to MemoryEffectOpInterface")
		}
		why := strings.Join(whys, " and ")
		warn("transform-memory-effects", op.Range, name+" does not implement MemoryEffectsOpInterface: "+why+"; add DeclareOpInterfaceMethods<MemoryEffectsOpInterface> and define getEffects (consumesHandle or onlyReadsHandle for each operand, producesHandle for the results, modifiesPayload or onlyReadsPayload), or list MemoryEffectsOpInterface with FunctionalStyleTransformOpTrait or NavigationTransformOpTrait")
	}

	// Rule 2: TransformEachOpTrait.
	if t.Each != nil {
		at := op.traitRange(t.Each)
		eachRel := []tablegen.Related{{Range: at, Message: "TransformEachOpTrait is listed here"}}
		operands := op.Operands()
		switch {
		case len(operands) != 1:
			warn("transform-each-operand", op.fieldRange("arguments"), "TransformEachOpTrait requires exactly one operand, but "+name+" has "+strconv.Itoa(len(operands))+": its verifyTrait static_asserts OneOperand (\"expected single-operand op\"), so the op does not compile once registered; take the target as the single handle operand, or drop TransformEachOpTrait and define apply (DeclareOpInterfaceMethods<TransformOpInterface>)", eachRel...)
		case operands[0].IsVariableLength():
			warn("transform-each-operand", operands[0].Range, "TransformEachOpTrait requires exactly one operand, but the only operand of "+name+" is variadic or optional: its verifyTrait static_asserts OneOperand (\"expected single-operand op\"), so the op does not compile once registered; make the operand a single handle, or drop TransformEachOpTrait and define apply (DeclareOpInterfaceMethods<TransformOpInterface>)", eachRel...)
		}
		switch {
		case t.Interface == nil:
			warn("transform-each-interface", at, "TransformEachOpTrait implements TransformOpInterface's apply, but "+name+" does not implement TransformOpInterface: the trait's verifier fails (\"TransformEachOpTrait should only be attached to ops that implement TransformOpInterface\") and the interpreter cannot apply the op; add TransformOpInterface to its traits")
		case t.DeclaresApply:
			warn("transform-each-declared-apply", op.traitRange(t.declaration()), "DeclareOpInterfaceMethods<TransformOpInterface> declares `apply` on "+name+", which hides the `apply` of TransformEachOpTrait: applyToOne is never called and apply must be defined by hand (a link error if only applyToOne is); list TransformOpInterface instead", eachRel...)
		case t.ApplyToOne == "" && t.Apply == "" && t.ForeignTrait == nil:
			warn("transform-each-apply-to-one", at, "TransformEachOpTrait's apply calls applyToOne, which "+name+" does not declare: the op does not compile once registered ('applyToOne' is not a member of the op class); declare it in extraClassDeclaration, with the payload op class it applies to as the type of target: "+ApplyToOneDeclaration)
		}
	}

	// Rule 3: a trait that implements getEffects without the interface
	// that calls it.
	if effectsTraitReported {
		traitName := t.EffectsTrait.Name()
		why := "its verifier reports \"" + traitName + " should only be attached to ops that implement MemoryEffectOpInterface\""
		if t.EffectsTrait.CppName == "::mlir::transform::ParamProducerTransformOpTrait" {
			why = "its verifier stops the program (report_fatal_error: \"ParamProducerTransformOpTrait must be attached to an op that implements MemoryEffectsOpInterface\")"
		}
		warn("transform-effects-interface", op.traitRange(t.EffectsTrait), traitName+" implements getEffects, but "+name+" does not list MemoryEffectsOpInterface, so nothing calls it: "+why+"; add MemoryEffectsOpInterface to the traits")
	}

	// Rule 4: handles, values and parameters only.
	if t.InDialect || t.Interface != nil {
		for _, a := range op.Operands() {
			if IsPayloadType(a.CppType) {
				warn("transform-handle-type", a.Range, "operand "+valueName(a.Name, a.KindIndex)+" of transform "+name+" has a payload type ("+a.Constraint.NameString()+"): the interpreter maps only transform handles, value handles and parameters to payload (TransformState::getPayloadOps asserts \"unknown handle\"); use TransformHandleTypeInterface, TransformValueHandleTypeInterface, TransformParamTypeInterface or a type implementing one of them, and pass a constant as an attribute or a parameter")
			}
		}
		for _, r := range op.Results {
			if IsPayloadType(r.CppType) {
				warn("transform-handle-type", r.Range, "result "+valueName(r.Name, r.Index)+" of transform "+name+" has a payload type ("+r.Constraint.NameString()+"): the interpreter maps only transform handles, value handles and parameters (TransformState::setPayloadOps asserts \"wrong handle type\"); use a type implementing TransformHandleTypeInterface, TransformValueHandleTypeInterface or TransformParamTypeInterface")
			}
		}
	}
	return out
}

// declaration is the DeclareOpInterfaceMethods<TransformOpInterface> trait.
func (t *TransformOp) declaration() *Trait {
	for _, tr := range t.Op.Traits {
		if tr.CppName == transformOpInterfaceTrait && tr.DeclaresMethods {
			return tr
		}
	}
	return t.Interface
}

func valueName(name string, i int) string {
	if name != "" {
		return "'" + name + "'"
	}
	return "#" + strconv.Itoa(i)
}
