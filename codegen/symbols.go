package codegen

import (
	"fmt"
	"strconv"
	"strings"

	"tdls/drr"
	"tdls/tablegen/eval"
)

type symbolKind uint8

const (
	symAttr symbolKind = iota
	symProp
	symOperand
	symResult
	symValue
	symMultipleValues
)

// dagAndConstant identifies where a symbol was bound (SymbolInfo's
// DagAndConstant): the dag node (or constraint) and an argument index or
// value count, with the position inside a `variadic` group.
type dagAndConstant struct {
	node     any
	index    int
	subIndex int // -1: none
}

// symbolInfo is one binding of a pattern symbol.
type symbolInfo struct {
	op         *operator
	kind       symbolKind
	where      *dagAndConstant
	propConstr *eval.Record // for a property captured by a NativeCodeCall
	altName    string
}

func (s *symbolInfo) argIndex() int { return s.where.index }

func sameWhere(a, b *dagAndConstant) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// symbolTable is SymbolInfoMap: a multimap from names to bindings in
// libstdc++'s iteration order.
type symbolTable struct {
	m multimap[*symbolInfo]
}

func (t *symbolTable) varName(name string, s *symbolInfo) string {
	if s.altName != "" {
		return s.altName
	}
	return name
}

// bindingOf is drr's binding s as the emitter keeps it: the op it binds
// (in the emitter's shape), and where it was bound.
func (f *fileGen) bindingOf(s *drr.Symbol) *symbolInfo {
	var op *operator
	if s.Node != nil && s.Node.Kind == drr.NodeOp && s.Op != nil {
		op = f.operatorOf(s.Node.Init)
	}
	switch s.Kind {
	case drr.SymOperand:
		return &symbolInfo{op: op, kind: symOperand, where: &dagAndConstant{f.nodeID(s.Node.Init), s.ArgIndex, s.VariadicSub}}
	case drr.SymAttr, drr.SymProp:
		kind := symAttr
		if s.Kind == drr.SymProp {
			kind = symProp
		}
		if op != nil {
			return &symbolInfo{op: op, kind: kind, where: &dagAndConstant{nil, s.ArgIndex, -1}}
		}
		if kind == symAttr {
			return &symbolInfo{kind: symAttr}
		}
		// A property a NativeCodeCall matcher captures.
		c := s.Arg.(*drr.DagLeaf).Def
		return &symbolInfo{kind: symProp, propConstr: c, where: &dagAndConstant{c, -1, -1}}
	case drr.SymResult:
		return &symbolInfo{op: op, kind: symResult}
	case drr.SymValues:
		return &symbolInfo{kind: symMultipleValues, where: &dagAndConstant{nil, s.NumValues, -1}}
	}
	return &symbolInfo{kind: symValue}
}

// addBindings adds the bindings of drr's symbol table, in binding order,
// after raising the first one mlir-tblgen rejects.
func (t *symbolTable) addBindings(f *fileGen, b bindings) {
	if len(b.errs) > 0 {
		panic(fatalf("%s", b.errs[0].Message))
	}
	for _, s := range b.syms {
		t.m.insert(s.Name, f.bindingOf(s))
	}
}

func (t *symbolTable) insertUnique(name string, info *symbolInfo) bool {
	t.m.insert(name, info)
	return t.m.countKey(name) == 1
}

func (t *symbolTable) bindOpResult(symbol string, op *operator) bool {
	name, _ := drr.SplitIndex(symbol)
	return t.insertUnique(name, &symbolInfo{op: op, kind: symResult})
}

func (t *symbolTable) bindValues(symbol string, n int) bool {
	name, _ := drr.SplitIndex(symbol)
	if n > 1 {
		return t.insertUnique(name, &symbolInfo{kind: symMultipleValues, where: &dagAndConstant{nil, n, -1}})
	}
	return t.bindValue(name)
}

func (t *symbolTable) bindValue(name string) bool {
	return t.insertUnique(name, &symbolInfo{kind: symValue})
}

// findBound returns the binding of key made at where.
func (t *symbolTable) findBound(key string, where *dagAndConstant) *hashNode[*symbolInfo] {
	name, _ := drr.SplitIndex(key)
	for _, n := range t.m.equalRange(name) {
		if sameWhere(n.val.where, where) {
			return n
		}
	}
	return nil
}

func (t *symbolTable) staticValueCount(symbol string) int {
	name, _ := drr.SplitIndex(symbol)
	if name != symbol {
		return 1
	}
	n := t.m.find(name)
	if n == nil {
		panic(fatalf("referencing unbound symbol '%s'", symbol))
	}
	switch n.val.kind {
	case symResult:
		return len(n.val.op.results)
	case symMultipleValues:
		return n.val.where.index
	}
	return 1
}

// assignAlternativeNames renames repeated operand bindings x0, x1, ...
func (t *symbolTable) assignAlternativeNames() {
	used := map[string]bool{}
	for p := t.m.before.next; p != nil; {
		group := t.m.equalRange(p.key)
		start := 0
		for _, n := range group[1:] {
			for i := start; ; i++ {
				alt := p.key + strconv.Itoa(i)
				if !used[alt] && t.m.countKey(alt) == 0 {
					used[alt] = true
					n.val.altName = alt
					start = i + 1
					break
				}
			}
		}
		p = group[len(group)-1].next
	}
}

func (s *symbolInfo) typeString() string {
	switch s.kind {
	case symAttr:
		if s.op != nil {
			return attrStorageType(s.op.args[s.argIndex()].def)
		}
		return "::mlir::Attribute"
	case symProp:
		if s.op != nil {
			return stringField(s.op.args[s.argIndex()].def, "interfaceType")
		}
		return stringField(s.propConstr, "interfaceType")
	case symOperand:
		return "::mlir::Operation::operand_range"
	case symValue:
		return "::mlir::Value"
	case symMultipleValues:
		return "::mlir::ValueRange"
	}
	return s.op.qualClassName()
}

func (t *symbolTable) varDecl(name string, s *symbolInfo) string {
	init := ""
	if s.kind == symOperand {
		init = "(op0->getOperands())"
	}
	return s.typeString() + " " + t.varName(name, s) + init + ";\n"
}

func (t *symbolTable) argDecl(name string, s *symbolInfo) string {
	return s.typeString() + " &" + t.varName(name, s)
}

func resultRange(name string, i int, op *operator) string {
	v := fmt.Sprintf("%s.getODSResults(%d)", name, i)
	if i < len(op.results) && !op.results[i].isVariadic() {
		v = "(*" + v + ".begin())"
	}
	return v
}

// valueUse is SymbolInfo::getValueAndRangeUse with format f ("{0}" = use).
func (s *symbolInfo) valueUse(name string, index int, f func(string) string, sep string) string {
	switch s.kind {
	case symAttr, symProp, symValue:
		return f(name)
	case symOperand:
		arg := &s.op.args[s.argIndex()]
		if arg.isOptional() {
			return f("(" + name + ".empty() ? ::mlir::Value() : *" + name + ".begin())")
		}
		if arg.isVariableLength() && s.where.subIndex < 0 {
			return f(name)
		}
		return f("(*" + name + ".begin())")
	case symResult:
		if index >= 0 {
			return f(resultRange(name, index, s.op))
		}
		if len(s.op.results) == 0 {
			return f(name)
		}
		var vals []string
		for i := range s.op.results {
			vals = append(vals, f(resultRange(name, i, s.op)))
		}
		return strings.Join(vals, sep)
	case symMultipleValues:
		if index >= 0 {
			return f(fmt.Sprintf("%s[%d]", name, index))
		}
		return f(name + ".begin(), " + name + ".end()")
	}
	return ""
}

// allRangeUse is SymbolInfo::getAllRangeUse.
func (s *symbolInfo) allRangeUse(name string, index int, f func(string) string, sep string) string {
	switch s.kind {
	case symAttr, symProp, symOperand:
		return f(name)
	case symResult:
		if index >= 0 {
			return f(fmt.Sprintf("%s.getODSResults(%d)", name, index))
		}
		var vals []string
		for i := range s.op.results {
			vals = append(vals, f(fmt.Sprintf("%s.getODSResults(%d)", name, i)))
		}
		return strings.Join(vals, sep)
	case symValue:
		return f("{" + name + "}")
	case symMultipleValues:
		if index >= 0 {
			return f(fmt.Sprintf("%s[%d]", name, index))
		}
		return f(name + ".begin(), " + name + ".end()")
	}
	return ""
}

func identity(s string) string { return s }

func (t *symbolTable) lookup(symbol string) (*symbolInfo, string, int) {
	name, index := drr.SplitIndex(symbol)
	n := t.m.find(name)
	if n == nil {
		panic(fatalf("referencing unbound symbol '%s'", symbol))
	}
	return n.val, name, index
}

func (t *symbolTable) use(symbol string) string {
	s, name, index := t.lookup(symbol)
	return s.valueUse(name, index, identity, ", ")
}

func (t *symbolTable) useFmt(symbol string, f func(string) string, sep string) string {
	s, name, index := t.lookup(symbol)
	return s.valueUse(name, index, f, sep)
}

func (t *symbolTable) allRange(symbol string, f func(string) string, sep string) string {
	s, name, index := t.lookup(symbol)
	return s.allRangeUse(name, index, f, sep)
}
