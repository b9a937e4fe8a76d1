package ods

import (
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"tdls/tablegen"
)

// The transform dialect's view of an op. An extension injects ops into the
// transform dialect with TransformDialectExtension::registerTransformOps;
// what those ops must provide is checked only by assertions at
// registration, by static_asserts in TransformInterfaces.h when the op is
// registered, and by the interpreter when a script runs. TransformOp says,
// from the ODS alone, which of those conventions an op follows.

// The C++ names the conventions are stated in (mlir-tblgen's trait names).
const (
	transformOpInterfaceTrait   = "::mlir::transform::TransformOpInterface::Trait"
	patternDescriptorTrait      = "::mlir::transform::PatternDescriptorOpInterface::Trait"
	conversionDescriptorTrait   = "::mlir::transform::ConversionPatternDescriptorOpInterface::Trait"
	typeConverterBuilderTrait   = "::mlir::transform::TypeConverterBuilderOpInterface::Trait"
	memoryEffectsInterfaceTrait = "::mlir::MemoryEffectOpInterface::Trait"
	isTerminatorTrait           = "::mlir::OpTrait::IsTerminator"
	transformEachOpTrait        = "::mlir::transform::TransformEachOpTrait"
	transformMappingResource    = "::mlir::transform::TransformMappingResource"
	transformDialectNamespace   = "::mlir::transform"
)

// effectTraits are the native traits that implement getEffects for a
// transform op (and require MemoryEffectsOpInterface to be listed for it to
// be called), with what they say about each operand.
var effectTraits = map[string]HandleAccess{
	"::mlir::transform::FunctionalStyleTransformOpTrait": HandleConsumed,
	"::mlir::transform::NavigationTransformOpTrait":      HandleOnlyRead,
	"::mlir::transform::ParamProducerTransformOpTrait":   HandleOnlyRead,
}

// matcherTraits are the native traits that implement apply for a match
// op by calling a method of the op, and that method's name.
var matcherTraits = map[string]string{
	"::mlir::transform::AtMostOneOpMatcherOpTrait": "matchOperation",
	"::mlir::transform::SingleOpMatcherOpTrait":    "matchOperation",
	"::mlir::transform::SingleValueMatcherOpTrait": "matchValue",
}

// HandleAccess is what a transform op does to the handle an operand
// carries.
type HandleAccess int

const (
	// HandleUnstated: the ODS does not say; getEffects (C++) decides.
	HandleUnstated HandleAccess = iota
	// HandleConsumed: the op reads and frees the handle (consumesHandle);
	// the handle and every handle to the same payload are invalidated.
	HandleConsumed
	// HandleOnlyRead: the op only reads the handle (onlyReadsHandle).
	HandleOnlyRead
)

func (a HandleAccess) String() string {
	switch a {
	case HandleConsumed:
		return "consumed"
	case HandleOnlyRead:
		return "only read"
	}
	return "not stated in the ODS"
}

// HandleUse is what the op does to one operand's handle, and what says so.
type HandleUse struct {
	Operand *Arg
	Access  HandleAccess
	// From is the trait or decorator that states Access.
	From string
}

// TransformOp is an op as the transform dialect sees it.
type TransformOp struct {
	Op *Op
	// InDialect: the op is an op of the transform dialect (registered into
	// it by the dialect or by an extension).
	InDialect bool
	// Interface is the TransformOpInterface trait (listed, declared with
	// DeclareOpInterfaceMethods, or implied as a base of another interface
	// such as MatchOpInterface); nil when the op lacks it. DeclaresApply:
	// some listing of it is DeclareOpInterfaceMethods, which declares
	// `apply` on the op.
	Interface     *Trait
	DeclaresApply bool
	// Descriptor is a pattern-descriptor or type-converter-builder
	// interface trait, which the transform dialect accepts instead of
	// TransformOpInterface and MemoryEffectsOpInterface.
	Descriptor *Trait
	Terminator bool
	// MemoryEffects is the MemoryEffectsOpInterface trait (listed,
	// declared, or a side-effect trait such as MemoryEffects<[...]>);
	// EffectDecorators: some operand or result carries memory-effect
	// decorators, for which mlir-tblgen adds the interface and generates
	// getEffects.
	MemoryEffects    *Trait
	EffectDecorators bool
	// Each is the TransformEachOpTrait; EffectsTrait the native trait that
	// implements getEffects (FunctionalStyleTransformOpTrait, ...).
	Each, EffectsTrait *Trait
	// ApplyToOne and Apply are the applyToOne and apply declarations of
	// the op's class (its extraClassDeclaration or a trait's), "" when it
	// has none.
	ApplyToOne, Apply string
	// Matcher is the trait that implements apply for a match op
	// (SingleOpMatcher, ...); MatchMethod the method it calls and Match
	// its declaration in the op's class, "" when it has none.
	Matcher            *Trait
	MatchMethod, Match string
	// ForeignTrait is a native trait defined outside MLIR's own files: its
	// C++ class may declare members the ODS does not show.
	ForeignTrait *Trait
	// Handles are the operands, with what the op does to each.
	Handles []HandleUse
}

// Transform returns the op's transform-dialect view, or nil for an op that
// is neither in the transform dialect nor uses its interfaces or traits.
func (op *Op) Transform() *TransformOp {
	t := &TransformOp{Op: op, InDialect: op.Dialect != nil && op.Dialect.Name == "transform" && strings.TrimSpace(op.Dialect.CppNamespace) == transformDialectNamespace}
	for _, tr := range op.Traits {
		switch tr.CppName {
		case transformOpInterfaceTrait:
			if t.Interface == nil {
				t.Interface = tr
			}
			t.DeclaresApply = t.DeclaresApply || tr.DeclaresMethods
		case patternDescriptorTrait, conversionDescriptorTrait, typeConverterBuilderTrait:
			if t.Descriptor == nil {
				t.Descriptor = tr
			}
		case memoryEffectsInterfaceTrait:
			if t.MemoryEffects == nil {
				t.MemoryEffects = tr
			}
		case isTerminatorTrait:
			t.Terminator = true
		case transformEachOpTrait:
			t.Each = tr
		default:
			if _, ok := effectTraits[tr.CppName]; ok && t.EffectsTrait == nil {
				t.EffectsTrait = tr
			}
			if m, ok := matcherTraits[tr.CppName]; ok && t.Matcher == nil {
				t.Matcher, t.MatchMethod = tr, m
			}
		}
		if tr.Kind == NativeTrait && t.ForeignTrait == nil && !op.definedByMLIR(tr) {
			t.ForeignTrait = tr
		}
	}
	for _, a := range op.Operands() {
		t.EffectDecorators = t.EffectDecorators || hasMemoryEffect(a.Effects)
	}
	for _, r := range op.Results {
		t.EffectDecorators = t.EffectDecorators || hasMemoryEffect(r.Effects)
	}
	if !t.InDialect && t.Interface == nil && t.Descriptor == nil && t.Each == nil && t.EffectsTrait == nil {
		return nil
	}
	decls := op.classDeclarations()
	t.ApplyToOne = cppDeclaration(decls, "applyToOne")
	t.Apply = cppDeclaration(decls, "apply")
	if t.Matcher != nil {
		t.Match = cppDeclaration(decls, t.MatchMethod)
	}
	for _, a := range op.Operands() {
		t.Handles = append(t.Handles, t.handleUse(a))
	}
	return t
}

// definedByMLIR says whether a trait's record is defined in MLIR's own
// .td files (under an include/mlir directory), whose C++ is MLIR's.
func (op *Op) definedByMLIR(t *Trait) bool {
	if t.Def == nil || len(t.Def.Locs()) == 0 || op.src.get() == nil {
		return true
	}
	f := op.src.get().File(t.Def.Locs()[0].Start)
	return f == nil || strings.Contains(filepath.ToSlash(f.Name), "include/mlir/")
}

// HasMemoryEffects says whether the op implements MemoryEffectsOpInterface.
func (t *TransformOp) HasMemoryEffects() bool { return t.MemoryEffects != nil || t.EffectDecorators }

func hasMemoryEffect(effs []*SideEffect) bool {
	for _, e := range effs {
		if e.InterfaceTrait == memoryEffectsInterfaceTrait {
			return true
		}
	}
	return false
}

// handleUse is what the ODS says the op does to operand a: its effect
// decorators on the transform mapping, else the trait that implements
// getEffects.
func (t *TransformOp) handleUse(a *Arg) HandleUse {
	u := HandleUse{Operand: a}
	read, free := false, false
	for _, e := range a.Effects {
		if e.Resource != transformMappingResource {
			continue
		}
		switch e.Effect {
		case "::mlir::MemoryEffects::Read":
			read = true
		case "::mlir::MemoryEffects::Free":
			free = true
		}
	}
	switch {
	case free:
		u.Access, u.From = HandleConsumed, "its effect decorators (MemFree on the transform mapping)"
	case read:
		u.Access, u.From = HandleOnlyRead, "its effect decorators (MemRead on the transform mapping)"
	case t.EffectsTrait != nil && (t.MemoryEffects == nil || !t.MemoryEffects.DeclaresMethods):
		u.Access, u.From = effectTraits[t.EffectsTrait.CppName], t.EffectsTrait.Name()
	}
	return u
}

// classDeclarations is the C++ mlir-tblgen pastes into the op class: the
// native traits' extra declarations and the op's extraClassDeclaration.
func (op *Op) classDeclarations() string {
	var sb strings.Builder
	for _, t := range op.Traits {
		if t.Kind == NativeTrait && t.ExtraConcreteClassDeclaration != "" {
			sb.WriteString(t.ExtraConcreteClassDeclaration)
			sb.WriteByte('\n')
		}
	}
	sb.WriteString(op.ExtraClassDeclaration)
	return sb.String()
}

// cppCommentRE is compiled on first use: few files have transform ops.
var cppCommentRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?s)//[^\n]*|/\*.*?\*/`) })

// cppDeclaration finds the declaration of the member function name in a
// block of C++ declarations: from the start of its statement to the
// closing parenthesis of its parameters, with white space collapsed; ""
// when it is not declared there.
func cppDeclaration(decls, name string) string {
	if !strings.Contains(decls, name) {
		return ""
	}
	code := cppCommentRE().ReplaceAllStringFunc(decls, func(c string) string { return strings.Repeat(" ", len(c)) })
	for from := 0; ; {
		i := identIndex(code[from:], name)
		if i < 0 {
			return ""
		}
		i += from
		from = i + len(name)
		open := from
		for open < len(code) && isSpace(code[open]) {
			open++
		}
		if open == len(code) || code[open] != '(' {
			continue
		}
		start := strings.LastIndexAny(code[:i], ";{}") + 1
		depth, end := 0, len(code)
		for j := open; j < len(code); j++ {
			if code[j] == '(' {
				depth++
			} else if code[j] == ')' {
				if depth--; depth == 0 {
					end = j + 1
					break
				}
			}
		}
		decl := strings.Join(strings.Fields(code[start:end]), " ")
		return strings.NewReplacer("( ", "(", " )", ")").Replace(decl)
	}
}

// identIndex is the index of the first occurrence of the identifier name
// in text that is not part of a longer identifier, or -1.
func identIndex(text, name string) int {
	for from := 0; ; {
		i := strings.Index(text[from:], name)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(name)
		if (i == 0 || !isIdentByte(text[i-1])) && (end == len(text) || !isIdentByte(text[end])) {
			return i
		}
		from = i + 1
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// payloadTypeClasses are the builtin type classes a type constraint's C++
// type may be: values of such types are payload values, never handles.
var payloadTypeClasses = map[string]bool{
	"::mlir::IntegerType": true, "::mlir::IndexType": true, "::mlir::FloatType": true,
	"::mlir::ComplexType": true, "::mlir::TensorType": true, "::mlir::RankedTensorType": true,
	"::mlir::UnrankedTensorType": true, "::mlir::BaseMemRefType": true, "::mlir::MemRefType": true,
	"::mlir::UnrankedMemRefType": true, "::mlir::VectorType": true, "::mlir::ShapedType": true,
	"::mlir::TupleType": true, "::mlir::NoneType": true, "::mlir::FunctionType": true,
	"::mlir::GraphType": true,
}

// IsPayloadType says whether a value's C++ type is a builtin type: a
// payload value, which the transform interpreter cannot map.
func IsPayloadType(cppType string) bool { return payloadTypeClasses[strings.TrimSpace(cppType)] }

// traitRange is where a trait is written in the op's definition: the
// DeclareOpInterfaceMethods<...> instantiation, or the first mention of
// the trait's name after the def's name; the op's name when the trait
// comes from a class.
func (op *Op) traitRange(t *Trait) tablegen.Range {
	if t.Def == nil || op.src.get() == nil {
		return op.Range
	}
	if t.Def.Anonymous {
		if within(t.Def.Decl, op.Def.Decl) {
			return t.Def.Decl
		}
		return op.Range
	}
	return op.mention(t.Def.NameString())
}

// mention is where the identifier name is first written in the op's
// definition after its name, or the op's name.
func (op *Op) mention(name string) tablegen.Range {
	f := op.src.get().File(op.Range.Start)
	if f == nil || !op.Def.Decl.End.IsValid() || op.src.get().File(op.Def.Decl.End) != f {
		return op.Range
	}
	from, to := f.Offset(op.Range.End), f.Offset(op.Def.Decl.End)
	if i := identIndex(string(f.Content[from:to]), name); i >= 0 {
		return tablegen.Range{Start: f.Pos(from + i), End: f.Pos(from + i + len(name))}
	}
	return op.Range
}
