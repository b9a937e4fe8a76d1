package ods

import (
	"strings"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// Pass is a def deriving from PassBase (Pass, InterfacePass), as
// mlir-tblgen's Pass sees it.
type Pass struct {
	Def *eval.Record
	// Name is the def name, which names the generated base class
	// (`<Name>Base`) and create function (`create<Name>`).
	Name string
	// Argument is the command-line flag (`-canonicalize` without the dash).
	Argument             string
	Summary, Description string
	// BaseClass is the C++ class the generated base derives from
	// (`::mlir::OperationPass<func::FuncOp>`).
	BaseClass string
	// Constructor is the C++ expression that creates the pass; empty when
	// the default create functions are generated.
	Constructor       string
	Options           []*PassOption
	Statistics        []*PassStatistic
	DependentDialects []string

	Range tablegen.Range
	src   *sourceText
	errs  memo
}

// PassOption is an `Option` or `ListOption` of a pass.
type PassOption struct {
	Def *eval.Record
	// CppName is the member of the pass class, Argument the flag.
	CppName, Argument string
	Type              string
	// Default is the C++ initializer; empty when there is none.
	Default         string
	Description     string
	AdditionalFlags string
	IsList          bool
	Range           tablegen.Range
}

// PassStatistic is a `Statistic` of a pass.
type PassStatistic struct {
	Def           *eval.Record
	CppName, Name string
	Description   string
	Range         tablegen.Range
}

// buildPass reads def as mlir-tblgen's Pass does.
func (m *Model) buildPass(def *eval.Record) *Pass {
	p := &Pass{Def: def, Name: def.NameString(), Range: defRange(def), src: newSourceText(m.Result.Set)}
	p.Argument = stringField(def, "argument")
	p.Summary = stringField(def, "summary")
	p.Description = stringField(def, "description")
	p.BaseClass = stringField(def, "baseClass")
	p.Constructor = stringField(def, "constructor")
	p.DependentDialects = stringListField(def, "dependentDialects")
	at := siteOf(def, p.src.get())
	for _, v := range listField(def, "options") {
		if d, ok := v.(*eval.DefInit); ok {
			r := d.Rec
			p.Options = append(p.Options, &PassOption{
				Def: r, CppName: stringField(r, "cppName"), Argument: stringField(r, "argument"), Type: stringField(r, "type"),
				Default: stringField(r, "defaultValue"), Description: stringField(r, "description"),
				AdditionalFlags: stringField(r, "additionalOptFlags"), IsList: isA(r, "ListOption"),
				Range: caseRange(r, at.fieldRange("options")),
			})
		}
	}
	for _, v := range listField(def, "statistics") {
		if d, ok := v.(*eval.DefInit); ok {
			r := d.Rec
			p.Statistics = append(p.Statistics, &PassStatistic{
				Def: r, CppName: stringField(r, "cppName"), Name: stringField(r, "name"),
				Description: stringField(r, "description"), Range: caseRange(r, at.fieldRange("statistics")),
			})
		}
	}
	return p
}

// allocator names the function the generated registration calls to
// create the pass: the constructor's callee (its last name, without
// qualifier, arguments or spaces; template arguments kept), or
// create<Name> when there is no constructor.
func (p *Pass) allocator() string {
	if strings.TrimSpace(p.Constructor) == "" {
		return "create" + p.Name
	}
	callee, _, _ := strings.Cut(p.Constructor, "(")
	callee = strings.Join(strings.Fields(callee), "")
	var targs string // std::make_unique<ns::FooPass>: the type tells passes apart
	if i := strings.Index(callee, "<"); i >= 0 {
		callee, targs = callee[:i], callee[i:]
	}
	if i := strings.LastIndex(callee, "::"); i >= 0 {
		callee = callee[i+2:]
	}
	return callee + targs
}

// Option returns the option whose flag is arg, or nil.
func (p *Pass) Option(arg string) *PassOption {
	for _, o := range p.Options {
		if o.Argument == arg {
			return o
		}
	}
	return nil
}
