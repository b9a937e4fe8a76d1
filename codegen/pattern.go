package codegen

import (
	"tdls/tablegen/eval"
)

// pattern is a Pattern record as mlir-tblgen's Pattern class reads it.
type pattern struct {
	rec  *eval.Record
	name string // the C++ struct name
	file *fileGen
}

func (p *pattern) source() *eval.DagInit { return dagField(p.rec, "sourcePattern") }

func dagList(rec *eval.Record, field string) []*eval.DagInit {
	var out []*eval.DagInit
	for _, v := range listField(rec, field) {
		d, ok := v.(*eval.DagInit)
		if !ok {
			panic(fatalf("all elements in Pattern multi-entity constraints should be DAG nodes"))
		}
		out = append(out, d)
	}
	return out
}

func (p *pattern) results() []*eval.DagInit      { return dagList(p.rec, "resultPatterns") }
func (p *pattern) supplemental() []*eval.DagInit { return dagList(p.rec, "supplementalPatterns") }

// appliedConstraint is one entry of the pattern's constraint list.
type appliedConstraint struct {
	constraint *eval.Record
	self       string
	entities   []string
}

func (p *pattern) constraints() []appliedConstraint {
	var out []appliedConstraint
	for _, d := range dagList(p.rec, "constraints") {
		ac := appliedConstraint{constraint: asDef(d.Op), self: dagSymbol(d)}
		for i := range d.Args {
			if d.Names[i] == nil {
				panic(fatalf("operands to additional constraints can only be symbol references"))
			}
			ac.entities = append(ac.entities, d.Names[i].V)
		}
		if ac.constraint != nil && isA(ac.constraint, "OpVariable") {
			ac.constraint = defField(ac.constraint, "constraint")
		}
		out = append(out, ac)
	}
	return out
}

func (p *pattern) benefit() int {
	delta := dagField(p.rec, "benefitDelta")
	var n *eval.IntInit
	if delta != nil && len(delta.Args) == 1 {
		n, _ = delta.Args[0].(*eval.IntInit)
	}
	if n == nil {
		panic(fatalf("The 'addBenefit' takes and only takes one integer value"))
	}
	return numOps(p.source()) + int(n.V)
}

func (p *pattern) op(d *eval.DagInit) *operator { return p.file.operatorOf(d) }

func verifyBind(ok bool, name string) {
	if !ok {
		panic(fatalf("symbol '%s' bound more than once", name))
	}
}

// collectBoundSymbols is Pattern::collectBoundSymbols: it binds every
// symbol of tree into t, checking arities and duplicate bindings.
func (p *pattern) collectBoundSymbols(tree *eval.DagInit, t *symbolTable, isSrc bool) {
	treeName := dagSymbol(tree)
	n := len(tree.Args)
	if isNativeCodeCall(tree) {
		if treeName != "" {
			if !isSrc {
				verifyBind(t.bindValues(treeName, nativeReturns(tree)), treeName)
			} else {
				panic(fatalf("binding symbol '%s' to NativecodeCall in MatchPattern is not supported", treeName))
			}
		}
		for i := 0; i < n; i++ {
			if c := nested(tree, i); c != nil {
				p.collectBoundSymbols(c, t, isSrc)
				continue
			}
			if !isSrc {
				continue
			}
			name := argName(tree, i)
			if name == "" || name == "_" {
				continue
			}
			l := leaf{tree.Args[i]}
			switch {
			case l.isUnspecified():
				verifyBind(t.bindValue(name), name)
			case l.isPropMatcher():
				c := l.def()
				if stringField(c, "interfaceType") == "" {
					panic(fatalf("binding symbol '%s' in NativeCodeCall to a property constraint without specifying that constraint's type is unsupported", name))
				}
				verifyBind(t.bindProp(name, c), name)
			default:
				c := l.constraint()
				if l.isAttrMatcher() || l.isEnumCase() || l.isConstantAttr() || isA(c, "AttrConstraint") {
					verifyBind(t.bindAttr(name), name)
					continue
				}
				verifyBind(t.bindValue(name), name)
			}
		}
		return
	}
	if isOperation(tree) {
		op := p.op(tree)
		numEither, numDirectives := 0, 0
		for i := n - 1; i >= 0; i-- {
			if c := nested(tree, i); c != nil {
				if isLocationDirective(c) || isReturnTypeDirective(c) {
					numDirectives++
				} else if isEither(c) {
					numEither++
				}
			}
		}
		if len(op.args) != n-numDirectives+numEither {
			panic(fatalf("op '%s' argument number mismatch: %d in pattern vs. %d in definition",
				op.name, n+numEither, len(op.args)))
		}
		if treeName != "" {
			verifyBind(t.bindOpResult(treeName, op), treeName)
		}
		id := p.file.nodeID(tree)
		checkArg := func(idx int) {
			if idx >= len(op.args) {
				panic(fatalf("op '%s' argument %d out of range", op.name, idx))
			}
		}
		for i, opArgIdx := 0, 0; i != n; i, opArgIdx = i+1, opArgIdx+1 {
			if c := nested(tree, i); c != nil {
				switch {
				case isEither(c):
					for k := range c.Args {
						if sub := nested(c, k); sub != nil {
							p.collectBoundSymbols(sub, t, isSrc)
						} else if name := argName(c, k); name != "" && name != "_" {
							checkArg(opArgIdx + k)
							verifyBind(t.bindOpArgument(id, name, op, opArgIdx+k, -1), name)
						}
					}
					opArgIdx++
				case isVariadicDirective(c):
					if name := dagSymbol(c); name != "" {
						checkArg(opArgIdx)
						verifyBind(t.bindOpArgument(id, name, op, opArgIdx, -1), name)
					}
					for k := range c.Args {
						if sub := nested(c, k); sub != nil {
							p.collectBoundSymbols(sub, t, isSrc)
						} else if name := argName(c, k); name != "" && name != "_" {
							checkArg(opArgIdx)
							verifyBind(t.bindOpArgument(id, name, op, opArgIdx, k), name)
						}
					}
				default:
					p.collectBoundSymbols(c, t, isSrc)
				}
				continue
			}
			if isSrc {
				if name := argName(tree, i); name != "" && name != "_" {
					checkArg(opArgIdx)
					verifyBind(t.bindOpArgument(id, name, op, opArgIdx, -1), name)
				}
			}
		}
		return
	}
	if treeName != "" {
		panic(fatalf("binding symbol '%s' to non-operation/native code call unsupported right now", treeName))
	}
}
