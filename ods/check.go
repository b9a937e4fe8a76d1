package ods

import (
	"strconv"
	"strings"
	"sync"

	"tdls/tablegen"
)

// Check reports the errors mlir-tblgen 22 raises for the model's dialects,
// ops, attributes and types, enums, interfaces and passes (codes
// "ods-..."), all of them rather than the first, at the entity at fault
// where it is known, else at the definition's name; and warnings where
// mlir-tblgen accepts what breaks the C++ build or fails at run time.
// Best-practice warnings are given only for definitions in the file
// warnIn (nil: every file), so a user's file is not buried under warnings
// about MLIR's own.
func Check(m *Model, warnIn *tablegen.File) []tablegen.Diagnostic {
	var out []tablegen.Diagnostic
	mine := func(r tablegen.Range) bool { return warnIn == nil || warnIn.Contains(r.Start) }
	for _, d := range m.Dialects {
		out = append(out, d.errs.get(func() []tablegen.Diagnostic { return d.definitionErrors(m.Result.Set) })...)
	}
	for _, op := range m.Ops {
		out = append(out, op.definitionErrors()...)
		if mine(op.Range) {
			out = append(out, op.bestPractice()...)
		}
	}
	for _, d := range m.AttrOrTypeDefs {
		out = append(out, d.errs.get(d.definitionErrors)...)
	}
	for _, e := range m.Enums {
		out = append(out, e.errs.get(e.definitionErrors)...)
	}
	for _, i := range m.Interfaces {
		out = append(out, i.errs.get(i.definitionErrors)...)
	}
	for _, p := range m.Passes {
		out = append(out, p.errs.get(p.definitionErrors)...)
	}
	return append(out, m.buildProblems(mine)...)
}

// buildProblems are what mlir-tblgen accepts but breaks the C++ build
// (errors) or fails at run time (warnings), for the definitions mine
// selects.
func (m *Model) buildProblems(mine func(tablegen.Range) bool) []tablegen.Diagnostic {
	var out []tablegen.Diagnostic
	set := m.Result.Set
	for _, d := range m.Dialects {
		if mine(d.Range) {
			out = append(out, d.buildProblems(set)...)
		}
	}
	for _, op := range m.Ops {
		if mine(op.Range) {
			for _, p := range unknownDeclaredMethods(op.Traits, op.CppClass, set, op.fieldRange("traits")) {
				out = append(out, op.diag(tablegen.SeverityWarning, p.code, p.rng, p.msg))
			}
			out = append(out, m.formatEnumProblems(op)...)
			out = append(out, op.segmentSizesClash()...)
		}
	}
	hooksReported := map[*Dialect]map[bool]bool{}
	for _, d := range m.AttrOrTypeDefs {
		if !mine(d.Range) {
			continue
		}
		for _, p := range unknownDeclaredMethods(d.Traits, d.CppClass, set, d.site().fieldRange("traits")) {
			out = append(out, d.diag(tablegen.SeverityWarning, p.code, p.rng, p.msg))
		}
		if dl := d.Dialect; dl != nil && d.HasMnemonic && !hooksReported[dl][d.IsType] {
			if why := dl.asmHooksProblem(d); why != "" {
				if hooksReported[dl] == nil {
					hooksReported[dl] = map[bool]bool{}
				}
				hooksReported[dl][d.IsType] = true
				diag := d.diag(tablegen.SeverityInfo, "ods-dialect-asm-hooks", d.site().fieldRange("mnemonic"), why)
				diag.Related = append(diag.Related, tablegen.Related{Range: dl.Range, Message: "dialect '" + dl.Name + "'"})
				out = append(out, diag)
			}
		}
		if e := m.EnumOf(defField(d.Def, "enum")); e != nil && e.GenSpecializedAttr &&
			strings.TrimPrefix(e.CppNamespace+"::"+e.SpecializedAttrClass, "::") == strings.TrimPrefix(d.QualifiedCppClass(), "::") {
			diag := d.diag(tablegen.SeverityError, "ods-enum-attr-class", d.Range,
				"EnumAttr "+d.Def.NameString()+" and enum "+e.Def.NameString()+" both generate the class "+d.QualifiedCppClass()+
					"; set `let genSpecializedAttr = 0;` on "+e.Def.NameString())
			diag.Related = append(diag.Related, tablegen.Related{Range: e.Range, Message: "the enum generates its own attribute class"})
			out = append(out, diag)
		}
	}
	for _, e := range m.Enums {
		if mine(e.Range) {
			out = append(out, e.buildProblems()...)
		}
	}
	for _, i := range m.Interfaces {
		if mine(i.Range) {
			out = append(out, i.buildProblems()...)
		}
	}
	args := map[string][]*Pass{}
	for _, p := range m.Passes {
		// MLIR's registry aborts when an argument's allocators create
		// passes of different types. Passes whose allocators call the same
		// function create one type: registering both is fine.
		var prev *Pass
		for _, q := range args[p.Argument] {
			if q.allocator() != p.allocator() {
				prev = q
				break
			}
		}
		args[p.Argument] = append(args[p.Argument], p)
		if !mine(p.Range) {
			continue
		}
		out = append(out, p.buildProblems(m)...)
		if prev != nil {
			at := siteOf(p.Def, p.src.get()).fieldRange("argument")
			if at == p.Range {
				at = quotedIn(set, p.Def, p.Argument, at)
			}
			d := p.diag(tablegen.SeverityWarning, "ods-pass-duplicate-argument", at,
				"passes "+prev.Name+" and "+p.Name+" share the argument '"+p.Argument+"'; registering both aborts (\"pass allocator creates a different pass than previously registered\")")
			d.Related = append(d.Related, tablegen.Related{Range: prev.Range, Message: "the other pass"})
			out = append(out, d)
		}
	}
	return out
}

// IsStyle reports a style lint (CodeInfo.Style in Codes): a convention
// the build and the program do not depend on.
func IsStyle(code string) bool {
	for _, c := range Codes() {
		if c.Code == code {
			return c.Style
		}
	}
	return false
}

// memo keeps the diagnostics of a definition once computed: the
// definition is shared by the models of every evaluation that shares its
// record.
type memo struct {
	once  sync.Once
	diags []tablegen.Diagnostic
}

func (m *memo) get(compute func() []tablegen.Diagnostic) []tablegen.Diagnostic {
	m.once.Do(func() { m.diags = compute() })
	return m.diags
}

// DefinitionErrors are the errors that stop mlir-tblgen's op generators
// at this op: its definition errors (what the Operator constructor
// rejects, in the order it meets them) followed by the operand/result
// segment and assembly format errors OpDefinitionsGen raises.
func (op *Op) DefinitionErrors() []tablegen.Diagnostic { return op.definitionErrors() }

// definitionErrors are the op's errors as mlir-tblgen reports them,
// computed once per op.
func (op *Op) definitionErrors() []tablegen.Diagnostic {
	op.errorsOnce.Do(func() {
		for _, p := range op.problems {
			op.errors = append(op.errors, op.diag(tablegen.SeverityError, p.code, p.rng, p.msg))
		}
		op.errors = append(op.errors, op.checkSegments()...)
		op.errors = append(op.errors, op.checkAssemblyFormat()...)
	})
	return op.errors
}

func (op *Op) diag(sev tablegen.Severity, code string, r tablegen.Range, msg string) tablegen.Diagnostic {
	d := tablegen.Diagnostic{Range: r, Severity: sev, Code: code, Message: msg}
	if r != op.Range {
		d.Related = []tablegen.Related{{Range: op.Range, Message: "in op '" + op.Name + "'"}}
	}
	return d
}

// checkSegments is OpDefinitionsGen's check that the sizes of several
// variable-length operand (result) groups can be told apart.
func (op *Op) checkSegments() []tablegen.Diagnostic {
	var out []tablegen.Diagnostic
	check := func(kind, Kind string, variadic int) {
		same := op.Trait("::mlir::OpTrait::SameVariadic"+Kind+"Size") != nil
		sized := op.Trait("::mlir::OpTrait::AttrSized"+Kind+"Segments") != nil
		rng := op.fieldRange("traits")
		switch {
		case same && sized:
			out = append(out, op.diag(tablegen.SeverityError, "ods-segment-traits", rng,
				"op cannot have both 'AttrSized"+Kind+"Segments' and 'SameVariadic"+Kind+"Size' traits"))
		case variadic > 1 && !same && !sized:
			rf := "arguments"
			if kind == "results" {
				rf = "results"
			}
			out = append(out, op.diag(tablegen.SeverityError, "ods-variadic-segments", op.fieldRange(rf),
				"op has multiple variadic "+kind+" but no specification over their sizes"))
		case sized && variadic < 2:
			out = append(out, op.diag(tablegen.SeverityError, "ods-segment-traits", rng,
				"op must have at least two variadic "+kind+" to use 'AttrSized"+Kind+"Segments' trait"))
		}
	}
	check("operands", "Operand", op.NumVariableLengthOperands())
	check("results", "Result", op.NumVariableLengthResults())
	return out
}

// segmentSizesClash reports an attribute or property named as the segment
// sizes that AttrSizedOperandSegments (AttrSizedResultSegments) keeps, in
// the properties of an op whose dialect stores its attributes there: the
// generated Properties struct then declares the name twice (g++: a
// redeclaration of operandSegmentSizesTy; with the older spelling
// operand_segment_sizes, two getOperandSegmentSizes that differ only in
// their return type), and for an attribute named operandSegmentSizes
// mlir-tblgen stops on the overlapping getOperandSegmentSizesAttrName.
func (op *Op) segmentSizesClash() []tablegen.Diagnostic {
	if op.Dialect == nil || !op.Dialect.UsePropertiesForAttributes {
		return nil
	}
	var out []tablegen.Diagnostic
	for _, seg := range [...]struct{ trait, name, legacy string }{
		{"AttrSizedOperandSegments", "operandSegmentSizes", "operand_segment_sizes"},
		{"AttrSizedResultSegments", "resultSegmentSizes", "result_segment_sizes"},
	} {
		if op.Trait("::mlir::OpTrait::"+seg.trait) == nil {
			continue
		}
		for _, a := range op.Args {
			if a.Kind == Operand || (a.Name != seg.name && a.Name != seg.legacy) {
				continue
			}
			why := "the generated Properties declare it twice and do not compile"
			if a.Kind == Attribute && seg.trait == "AttrSizedOperandSegments" {
				why = "mlir-tblgen stops on the overlapping getOperandSegmentSizesAttrName"
			}
			out = append(out, op.diag(tablegen.SeverityError, "ods-segment-sizes-name", a.Range,
				a.Kind.String()+" '"+a.Name+"' is named as the segment sizes "+seg.trait+" keeps in the op's properties: "+why+"; rename it"))
		}
	}
	return out
}

// bestPractice warns where the ODS manual's conventions are broken: a
// summary is a phrase without a trailing period, and operands and results
// are named so that accessors exist for them.
func (op *Op) bestPractice() []tablegen.Diagnostic {
	var out []tablegen.Diagnostic
	if s := strings.TrimSpace(op.Summary); strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "..") {
		out = append(out, op.diag(tablegen.SeverityWarning, "ods-summary-period", op.fieldRange("summary"),
			"op summary should not end with a period"))
	}
	for _, a := range op.Operands() {
		if a.Name == "" {
			out = append(out, op.diag(tablegen.SeverityWarning, "ods-unnamed-operand", a.Range,
				"operand #"+strconv.Itoa(a.KindIndex)+" is unnamed; name it ($name) so that ODS generates an accessor for it"))
		}
	}
	for _, r := range op.Results {
		if r.Name == "" {
			out = append(out, op.diag(tablegen.SeverityWarning, "ods-unnamed-result", r.Range,
				"result #"+strconv.Itoa(r.Index)+" is unnamed; name it ($name) so that ODS generates an accessor for it"))
		}
	}
	return out
}
