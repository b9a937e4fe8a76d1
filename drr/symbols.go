package drr

import (
	"strconv"
	"strings"

	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// SymbolKind is what a `$name` is bound to, as SymbolInfoMap's kinds.
type SymbolKind int

const (
	// SymOperand is an operand of a matched op (the same name may bind
	// several operands: they must then be equal).
	SymOperand SymbolKind = iota
	// SymAttr is an attribute of a matched op, or an attribute captured by
	// a NativeCodeCall matcher.
	SymAttr
	// SymProp is a property of a matched op or a NativeCodeCall capture.
	SymProp
	// SymResult is an op: matched in the source pattern or created in a
	// result pattern; `$name__N` refers to its result N.
	SymResult
	// SymValue is a single value: a NativeCodeCall matcher capture, or a
	// NativeCodeCall in a result pattern returning one value.
	SymValue
	// SymValues is a NativeCodeCall in a result pattern returning several
	// values.
	SymValues
)

func (k SymbolKind) String() string {
	switch k {
	case SymOperand:
		return "operand"
	case SymAttr:
		return "attribute"
	case SymProp:
		return "property"
	case SymResult:
		return "op"
	case SymValue:
		return "value"
	}
	return "values"
}

// Symbol is one binding of a `$name`.
type Symbol struct {
	Name string
	Kind SymbolKind
	// Op is the op whose argument or which the symbol is; ArgIndex the
	// argument's index in the op's `arguments` (-1 for an op or value).
	Op       *ods.Op
	ArgIndex int
	// VariadicSub is the position inside a `(variadic ...)` group, -1
	// otherwise; Range reports a `variadic:$v` binding of the whole range.
	VariadicSub int
	WholeRange  bool
	// NumValues is the number of values of a SymValues binding.
	NumValues int
	// Node is the op or NativeCodeCall node of an op or value binding, the
	// op node whose argument it is otherwise (nil for NativeCodeCall
	// captures).
	Node *DagNode
	// Arg is the node or leaf the `$name` is written on.
	Arg Arg
	// Range is the `$name` at the binding.
	Range tablegen.Range
	Part  Part
}

// ArgDef returns the ODS argument the symbol is bound to, or nil.
func (s *Symbol) ArgDef() *ods.Arg {
	if s.Op == nil || s.ArgIndex < 0 || s.ArgIndex >= len(s.Op.Args) {
		return nil
	}
	return s.Op.Args[s.ArgIndex]
}

// SymbolTable is the pattern's SymbolInfoMap: every binding by name, in
// binding order.
type SymbolTable struct {
	byName map[string][]*Symbol
	// All lists the bindings in the order they were made.
	All []*Symbol
}

func NewSymbolTable() *SymbolTable { return &SymbolTable{byName: map[string][]*Symbol{}} }

// Lookup returns the first binding of name with any `__N` suffix stripped,
// as SymbolInfoMap::find does, or nil.
func (t *SymbolTable) Lookup(name string) *Symbol {
	base, _ := SplitIndex(name)
	if b := t.byName[base]; len(b) > 0 {
		return b[0]
	}
	return nil
}

// Bindings returns every binding of name (several for a repeated operand).
func (t *SymbolTable) Bindings(name string) []*Symbol { return t.byName[name] }

// Names returns the bound names in binding order.
func (t *SymbolTable) Names() []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range t.All {
		if !seen[s.Name] {
			seen[s.Name] = true
			out = append(out, s.Name)
		}
	}
	return out
}

// add inserts s under key; unique demands that key was not bound before,
// operand allows further operand bindings of an operand name. It reports
// whether the binding is legal (verifyBind).
func (t *SymbolTable) add(key string, s *Symbol) bool {
	prev := t.byName[key]
	ok := len(prev) == 0
	if !ok && s.Kind == SymOperand {
		ok = true
		for _, x := range prev {
			if x.Kind != SymOperand {
				ok = false
			}
		}
	}
	s.Name = key
	t.byName[key] = append(prev, s)
	t.All = append(t.All, s)
	return ok
}

// describeSymbol says what a binding stands for, as hover shows it:
// "operand #0 `lhs` of `arith.addi` : AnyInteger".
func describeSymbol(s *Symbol) string {
	switch s.Kind {
	case SymOperand, SymAttr, SymProp:
		a := s.ArgDef()
		if a == nil {
			return s.Kind.String()
		}
		what := s.Kind.String()
		if s.Kind == SymOperand {
			what += " #" + itoa(a.KindIndex)
		}
		if a.Name != "" {
			what += " `" + a.Name + "`"
		}
		what += " of `" + s.Op.Name + "`"
		if c := constraintName(a); c != "" {
			what += " : " + c
		}
		if s.VariadicSub >= 0 {
			what = "element " + itoa(s.VariadicSub) + " of " + what
		} else if s.WholeRange {
			what = "all values of " + what
		}
		return what
	case SymResult:
		if s.Op == nil {
			return "op"
		}
		if s.Part == PartSource {
			return "the matched `" + s.Op.Name + "` op (" + plural(s.Op.NumResults(), "result") + ")"
		}
		return "the created `" + s.Op.Name + "` op (" + plural(s.Op.NumResults(), "result") + ")"
	case SymValue:
		if s.Node != nil {
			return "the value returned by NativeCodeCall `" + s.Node.OperatorName() + "`"
		}
		if l, ok := s.Arg.(*DagLeaf); ok && l.Kind == LeafDef {
			return "a value captured by a NativeCodeCall matcher : " + l.Def.NameString()
		}
		return "a value captured by a NativeCodeCall matcher"
	}
	if s.Node != nil {
		return plural(s.NumValues, "value") + " returned by NativeCodeCall `" + s.Node.OperatorName() + "`"
	}
	return plural(s.NumValues, "value")
}

// constraintName is the ODS constraint of an argument as written.
func constraintName(a *ods.Arg) string {
	if a.Decl != nil && !a.Decl.Anonymous {
		return a.Decl.NameString()
	}
	if a.Constraint != nil && !a.Constraint.Anonymous {
		return a.Constraint.NameString()
	}
	if a.Summary != "" {
		return a.Summary
	}
	return ""
}

// SplitIndex splits `name__N` into name and N as SymbolInfoMap's
// getValuePackName does (StringRef::consumeInteger into an int: an optional
// '-', then digits): the part after the last `__` must start with an
// integer; otherwise the symbol has no index (-1).
func SplitIndex(sym string) (string, int) {
	i := strings.LastIndex(sym, "__")
	if i < 0 {
		return sym, -1
	}
	rest := sym[i+2:]
	j := 0
	if j < len(rest) && rest[j] == '-' {
		j++
	}
	k := j
	for k < len(rest) && rest[k] >= '0' && rest[k] <= '9' {
		k++
	}
	if k == j {
		return sym, -1
	}
	n, err := strconv.Atoi(rest[:k])
	if err != nil {
		return sym, -1
	}
	return sym[:i], n
}

// ConstraintOf is DagLeaf::getAsConstraint: the constraint record a leaf
// stands for (through an OpVariable), or the message mlir-tblgen stops with
// when the leaf is not one.
func ConstraintOf(v eval.Init) (*eval.Record, string) {
	d, ok := v.(*eval.DefInit)
	if !ok {
		return nil, "the DAG leaf must be operand, attribute, or property"
	}
	r := d.Rec
	if isA(r, "OpVariable") {
		r = r.DefValue("constraint")
	}
	for _, c := range []string{"TypeConstraint", "AttrConstraint", "RegionConstraint", "SuccessorConstraint", "Constraint"} {
		if isA(r, c) {
			return r, ""
		}
	}
	return nil, "Expected a constraint but got: " + r.NameString()
}

func itoa(i int) string { return strconv.Itoa(i) }

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return itoa(n) + " " + what + "s"
}
