package codegen

import (
	"fmt"
	"strconv"
	"strings"

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

// valuePackName splits `name__N` into name and N; index is -1 without one.
func valuePackName(symbol string) (string, int) {
	k := strings.LastIndex(symbol, "__")
	if k < 0 {
		return symbol, -1
	}
	// StringRef::consumeInteger: leading digits suffice.
	digits := symbol[k+2:]
	end := 0
	for end < len(digits) && isDigit(digits[end]) {
		end++
	}
	n, err := strconv.Atoi(digits[:end])
	if err != nil {
		return symbol, -1
	}
	return symbol[:k], n
}

func (t *symbolTable) varName(name string, s *symbolInfo) string {
	if s.altName != "" {
		return s.altName
	}
	return name
}

func (t *symbolTable) bindOpArgument(node any, symbol string, op *operator, argIdx int, sub int) bool {
	if name, _ := valuePackName(symbol); name != symbol {
		panic(fatalf("symbol '%s' with trailing index cannot bind to op argument", symbol))
	}
	info := &symbolInfo{op: op}
	switch op.args[argIdx].kind {
	case attrArg:
		info.kind, info.where = symAttr, &dagAndConstant{nil, argIdx, -1}
	case propArg:
		info.kind, info.where = symProp, &dagAndConstant{nil, argIdx, -1}
	default:
		info.kind, info.where = symOperand, &dagAndConstant{node, argIdx, sub}
	}
	if first := t.m.find(symbol); first != nil {
		if info.kind != symOperand || first.val.kind != symOperand {
			return false
		}
	}
	t.m.insert(symbol, info)
	return true
}

func (t *symbolTable) insertUnique(name string, info *symbolInfo) bool {
	t.m.insert(name, info)
	return t.m.countKey(name) == 1
}

func (t *symbolTable) bindOpResult(symbol string, op *operator) bool {
	name, _ := valuePackName(symbol)
	return t.insertUnique(name, &symbolInfo{op: op, kind: symResult})
}

func (t *symbolTable) bindValues(symbol string, n int) bool {
	name, _ := valuePackName(symbol)
	if n > 1 {
		return t.insertUnique(name, &symbolInfo{kind: symMultipleValues, where: &dagAndConstant{nil, n, -1}})
	}
	return t.bindValue(name)
}

func (t *symbolTable) bindValue(name string) bool {
	return t.insertUnique(name, &symbolInfo{kind: symValue})
}

func (t *symbolTable) bindAttr(name string) bool {
	return t.insertUnique(name, &symbolInfo{kind: symAttr})
}

func (t *symbolTable) bindProp(name string, constraint *eval.Record) bool {
	return t.insertUnique(name, &symbolInfo{kind: symProp, propConstr: constraint,
		where: &dagAndConstant{constraint, -1, -1}})
}

// findBound returns the binding of key made at where.
func (t *symbolTable) findBound(key string, where *dagAndConstant) *hashNode[*symbolInfo] {
	name, _ := valuePackName(key)
	for _, n := range t.m.equalRange(name) {
		if sameWhere(n.val.where, where) {
			return n
		}
	}
	return nil
}

func (t *symbolTable) staticValueCount(symbol string) int {
	name, _ := valuePackName(symbol)
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
	name, index := valuePackName(symbol)
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
