package ods

import "strconv"

// What mlir-tblgen's OpFormatParser::verify checks once the whole format
// is parsed: the attribute dictionary is there, the generated parser is not
// ambiguous, and every operand, region and successor is printed and every
// operand and result type is printed or can be inferred.

// wholeFormat marks an error about the format as a whole rather than one
// element of it.
const wholeFormat = -1

func (p *opFormat) verify(elems []*fmtElem) {
	op := p.op
	if !p.hasAttrDict {
		p.wholeError("ods-format-attr-dict", "'attr-dict' directive not found in custom assembly format", "")
	}
	resolved, canInfer := p.typeResolvers()
	p.verifyAttributeColon(elems)
	p.verifyAttrDictRegion(elems)

	if !p.allResultTypes && !(len(op.Results) > 0 && !anyTrue(p.seenResultTypes) && canInfer) {
		for _, r := range op.Results {
			if p.seenResultTypes[r.Index] || resolved[r.Name] {
				continue
			}
			if builderCall(r.Constraint) == "" || r.IsVariableLength() {
				p.wholeError("ods-format-type-unresolved",
					"type of result #"+strconv.Itoa(r.Index)+", named '"+r.Name+"', is not buildable and a buildable type cannot be inferred",
					"suggest adding a type constraint to the operation or adding a 'type($"+r.Name+")' directive to the custom assembly format")
			}
		}
	}

	for i, a := range p.operands {
		if !p.allOperands && !p.seenOperands[a] {
			p.wholeError("ods-format-missing",
				"operand #"+strconv.Itoa(i)+", named '"+a.Name+"', not found",
				"suggest adding a '$"+a.Name+"' directive to the custom assembly format")
			continue
		}
		if p.allOperandTypes || p.seenOperandTypes[i] || resolved[a.Name] {
			continue
		}
		if builderCall(a.Constraint) == "" || (p.allOperands && a.IsVariableLength()) {
			at := findVariable(elems, a)
			p.errorAt(at, "ods-format-type-unresolved",
				"type of operand #"+strconv.Itoa(i)+", named '"+a.Name+"', is not buildable and a buildable type cannot be inferred",
				"suggest adding a type constraint to the operation or adding a 'type($"+a.Name+")' directive to the custom assembly format")
		}
	}

	if !p.hasAllRegions {
		for i, r := range op.Regions {
			if !p.seenRegions[r] {
				p.wholeError("ods-format-missing", "region #"+strconv.Itoa(i)+", named '"+r.Name+"', not found",
					"suggest adding a '$"+r.Name+"' directive to the custom assembly format")
			}
		}
	}
	if !p.hasAllSuccessors {
		for i, s := range op.Successors {
			if !p.seenSuccessors[s] {
				p.wholeError("ods-format-missing", "successor #"+strconv.Itoa(i)+", named '"+s.Name+"', not found",
					"suggest adding a '$"+s.Name+"' directive to the custom assembly format")
			}
		}
	}
	p.verifyOIListLiterals(elems)
}

func (p *opFormat) wholeError(code, msg, note string) {
	p.errs = append(p.errs, formatError{start: wholeFormat, end: wholeFormat, code: code, msg: msg, note: note})
}

// errorAt reports at e, or at the whole format when e is nil.
func (p *opFormat) errorAt(e *fmtElem, code, msg, note string) {
	if e == nil {
		p.wholeError(code, msg, note)
		return
	}
	p.errs = append(p.errs, formatError{start: e.start, end: e.end, code: code, msg: msg, note: note})
}

// findVariable returns where operand a is bound in elems (on its own, in a
// custom directive, an optional group or an oilist), or nil.
func findVariable(elems []*fmtElem, a *Arg) *fmtElem {
	for _, e := range elems {
		var inner []*fmtElem
		switch e.kind {
		case feOperand:
			if e.arg == a {
				return e
			}
		case feCustom:
			inner = e.args
		case feOptional:
			inner = append(append(inner, e.then...), e.els...)
		case feOIList:
			for _, c := range e.clauses {
				inner = append(inner, c...)
			}
		}
		if v := findVariable(inner, a); v != nil {
			return v
		}
	}
	return nil
}

// typeResolvers returns the names of operands and results whose types the
// traits let the parser infer from a printed type, as mlir-tblgen's
// variableTyResolver, and whether the op infers all its result types
// through InferTypeOpInterface.
func (p *opFormat) typeResolvers() (map[string]bool, bool) {
	op := p.op
	resolved := map[string]bool{}
	canInfer := false
	for _, t := range op.Traits {
		def := t.Def
		if def == nil {
			continue
		}
		switch {
		case isA(def, "AllTypesMatch"):
			values := stringListField(def, "values")
			for i, v := range values {
				if !p.typeSeen(v) {
					continue
				}
				for j, w := range values {
					if j != i {
						resolved[w] = true
					}
				}
			}
		case def.NameString() == "SameTypeOperands":
			p.resolveSameTypes(resolved, false)
		case def.NameString() == "SameOperandsAndResultType":
			p.resolveSameTypes(resolved, true)
		case isA(def, "TypesMatchWith"):
			if p.typeSeen(stringField(def, "lhs")) {
				resolved[stringField(def, "rhs")] = true
			}
		case isA(def, "ShapedTypeMatchesElementCountAndTypes"):
			if p.typeSeen(stringField(def, "shaped")) {
				resolved[stringField(def, "elements")] = true
			}
		case !op.AllResultTypesKnown():
			// Matched by interface rather than by def so that
			// DeclareOpInterfaceMethods<InferTypeOpInterface> counts.
			if name, ok := stringFieldSet(def, "cppInterfaceName"); ok && name == "InferTypeOpInterface" &&
				stringField(def, "cppNamespace") == "::mlir" {
				canInfer = true
			}
		}
	}
	return resolved, canInfer
}

// typeSeen is mlir-tblgen's findSeenArg: the operand or result called name
// has its type printed by its own type directive, or the attribute called
// name is printed. type(operands) and type(results) do not count.
func (p *opFormat) typeSeen(name string) bool {
	for i, a := range p.operands {
		if a.Name == name {
			return p.seenOperandTypes[i]
		}
	}
	if r := p.op.Result(name); r != nil {
		return p.seenResultTypes[r.Index]
	}
	if a := p.attributeNamed(name); a != nil {
		return p.seenAttrs[a]
	}
	return false
}

func (p *opFormat) resolveSameTypes(resolved map[string]bool, withResults bool) {
	if !anyTrue(p.seenOperandTypes) && !(withResults && anyTrue(p.seenResultTypes)) {
		return
	}
	for i, a := range p.operands {
		if !p.seenOperandTypes[i] {
			resolved[a.Name] = true
		}
	}
	if withResults {
		for _, r := range p.op.Results {
			if !p.seenResultTypes[r.Index] {
				resolved[r.Name] = true
			}
		}
	}
}

// isOptionallyParsed reports an element the generated parser may find
// absent.
func isOptionallyParsed(e *fmtElem) bool {
	switch e.kind {
	case feAttribute:
		return e.arg.OptionalAttr || e.arg.DefaultValued
	case feProperty:
		return e.arg.DefaultValued && propertyHasOptionalParser(e.arg)
	case feOperand:
		return e.arg.IsVariableLength()
	case feSuccessor:
		return e.successor.Variadic
	case feRegion:
		return e.region.Variadic
	case feWhitespace, feAttrDict:
		return true
	}
	return false
}

// scanAfter looks through elems for an invalid element before one that is
// surely present; guard is an element taken as present even if optional.
// It returns 1 when a surely present element comes first, -1 when an
// invalid one does (reported), 0 when the end is reached.
func scanAfter(base *fmtElem, invalid func(base, e *fmtElem) bool, elems []*fmtElem, guard *fmtElem) int {
	for _, e := range elems {
		if invalid(base, e) {
			return -1
		}
		if e.kind == feOptional {
			var thenGuard *fmtElem
			if len(e.then) > 0 {
				thenGuard = e.then[0]
			}
			if scanAfter(base, invalid, e.then, thenGuard) < 0 || scanAfter(base, invalid, e.els, nil) < 0 {
				return -1
			}
			continue
		}
		if e != guard && isOptionallyParsed(e) {
			continue
		}
		return 1
	}
	return 0
}

// verifyAdjacent finds each base element and scans what may follow it;
// it returns a base whose scan reached the end of elems, for the caller to
// go on with, and whether an invalid element was found.
func verifyAdjacent(isBase func(*fmtElem) bool, invalid func(base, e *fmtElem) bool, elems []*fmtElem) (*fmtElem, bool) {
	for i, e := range elems {
		var base *fmtElem
		switch {
		case isBase(e):
			base = e
		case e.kind == feOptional:
			thenBase, failed := verifyAdjacent(isBase, invalid, e.then)
			if failed {
				return nil, true
			}
			elseBase, failed := verifyAdjacent(isBase, invalid, e.els)
			if failed {
				return nil, true
			}
			if base = thenBase; base == nil {
				base = elseBase
			}
			if base == nil {
				continue
			}
		default:
			continue
		}
		switch scanAfter(base, invalid, elems[i+1:], nil) {
		case -1:
			return nil, true
		case 0:
			return base, false
		}
	}
	return nil, false
}

// verifyAttributeColon: an attribute parsed by the generic attribute
// parser takes an optional `: type` suffix, so a `:` literal after it is
// ambiguous.
func (p *opFormat) verifyAttributeColon(elems []*fmtElem) {
	isBase := func(e *fmtElem) bool {
		if e.kind != feAttribute {
			return false
		}
		return attrValueTypeBuilder(e.arg) == "" && (e.qualified || e.arg.StorageType == "::mlir::Attribute")
	}
	invalid := func(base, e *fmtElem) bool {
		if e.kind != feLiteral || e.text != ":" {
			return false
		}
		p.errorAt(e, "ods-format-ambiguity",
			"format ambiguity caused by `:` literal found after attribute `"+base.text+"` which does not have a buildable type", "")
		return true
	}
	verifyAdjacent(isBase, invalid, elems)
}

// verifyAttrDictRegion: an attribute dictionary and a region both open
// with `{`.
func (p *opFormat) verifyAttrDictRegion(elems []*fmtElem) {
	isBase := func(e *fmtElem) bool { return e.kind == feAttrDict && !e.withKeyword }
	invalid := func(base, e *fmtElem) bool {
		if e.kind != feRegion {
			return false
		}
		p.errorAt(e, "ods-format-ambiguity",
			"format ambiguity caused by `attr-dict` directive followed by region `"+e.text+"`",
			"try using `attr-dict-with-keyword` instead")
		return true
	}
	verifyAdjacent(isBase, invalid, elems)
}

// attrValueTypeBuilder is the builder call of an attribute's value type,
// "" when it has none.
func attrValueTypeBuilder(a *Arg) string {
	t := defField(a.Constraint, "valueType")
	if t == nil {
		return ""
	}
	s, _ := stringFieldSet(t, "builderCall")
	return s
}

// verifyOIListLiterals: the keywords of an oilist must not also start the
// element that follows it.
func (p *opFormat) verifyOIListLiterals(elems []*fmtElem) {
	var prohibited []string
	has := func(s string) bool {
		for _, q := range prohibited {
			if q == s {
				return true
			}
		}
		return false
	}
	for _, e := range elems {
		switch e.kind {
		case feOIList:
			for _, k := range e.keys {
				if len(prohibited) > 0 && has(k.text) {
					p.errorAt(k, "ods-format-oilist", "format ambiguity because "+k.text+" is used in two adjacent oilist elements.", "")
					return
				}
			}
			for _, k := range e.keys {
				prohibited = append(prohibited, k.text)
			}
		case feLiteral:
			if has(e.text) {
				p.errorAt(e, "ods-format-oilist", "format ambiguity because "+e.text+" is used both in oilist element and the adjacent literal.", "")
				return
			}
			prohibited = nil
		default:
			prohibited = nil
		}
	}
}
