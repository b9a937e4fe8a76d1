package codegen

import (
	"strings"

	"tdls/tablegen/eval"
)

// predNode is a node of a predicate tree as mlir-tblgen builds it to print
// a condition: leaves carry their (substituted) expression.
type predNode struct {
	kind           string // leaf, and, or, not, subst, concat, true, false
	children       []*predNode
	expr           string
	prefix, suffix string
}

type substitution struct{ pattern, replacement string }

// applySubsts performs the substitutions innermost first, never rescanning
// inserted text.
func applySubsts(s string, substs []substitution) string {
	for i := len(substs) - 1; i >= 0; i-- {
		p, r := substs[i].pattern, substs[i].replacement
		if p == "" {
			continue
		}
		var sb strings.Builder
		for {
			k := strings.Index(s, p)
			if k < 0 {
				sb.WriteString(s)
				break
			}
			sb.WriteString(s[:k])
			sb.WriteString(r)
			s = s[k+len(p):]
		}
		s = sb.String()
	}
	return s
}

func buildPredTree(pred *eval.Record, substs []substitution) *predNode {
	if !isA(pred, "CombinedPred") {
		return &predNode{kind: "leaf", expr: applySubsts(stringField(pred, "predExpr"), substs)}
	}
	n := &predNode{}
	switch defField(pred, "kind").NameString() {
	case "PredCombinerAnd":
		n.kind = "and"
	case "PredCombinerOr":
		n.kind = "or"
	case "PredCombinerNot":
		n.kind = "not"
	case "PredCombinerSubstLeaves":
		n.kind = "subst"
		substs = append(append([]substitution(nil), substs...),
			substitution{stringField(pred, "pattern"), stringField(pred, "replacement")})
	case "PredCombinerConcat":
		n.kind = "concat"
		n.prefix = applySubsts(stringField(pred, "prefix"), substs)
		n.suffix = applySubsts(stringField(pred, "suffix"), substs)
	}
	for _, c := range listField(pred, "children") {
		if r := asDef(c); r != nil {
			n.children = append(n.children, buildPredTree(r, substs))
		}
	}
	return n
}

// simplify folds empty and/or nodes to true/false and drops or collapses
// on known children, as propagateGroundTruth does with no known predicates.
func (n *predNode) simplify() *predNode {
	if n.kind == "subst" {
		return n
	}
	if n.kind == "and" && len(n.children) == 0 {
		n.kind = "true"
		return n
	}
	if n.kind == "or" && len(n.children) == 0 {
		n.kind = "false"
		return n
	}
	children := n.children
	n.children = nil
	for _, c := range children {
		c = c.simplify()
		if n.kind != "and" && n.kind != "or" {
			n.children = append(n.children, c)
			continue
		}
		collapse, erase := "false", "true"
		if n.kind == "or" {
			collapse, erase = "true", "false"
		}
		if c.kind == collapse {
			n.kind = collapse
			n.children = nil
			return n
		}
		if c.kind == erase {
			continue
		}
		n.children = append(n.children, c)
	}
	return n
}

func (n *predNode) condition() string {
	switch n.kind {
	case "leaf":
		return n.expr
	case "true":
		return "true"
	case "false":
		return "false"
	}
	var kids []string
	for _, c := range n.children {
		kids = append(kids, c.condition())
	}
	combine := func(op, init string) string {
		switch len(kids) {
		case 0:
			return init
		case 1:
			return kids[0]
		}
		var sb strings.Builder
		sb.WriteString("(" + kids[0] + ")")
		for _, k := range kids[1:] {
			sb.WriteString(" " + op + " (" + k + ")")
		}
		return sb.String()
	}
	switch n.kind {
	case "and":
		return combine("&&", "true")
	case "or":
		return combine("||", "false")
	case "not":
		if len(kids) == 0 {
			return "!()"
		}
		return "!(" + kids[0] + ")"
	case "concat":
		if len(kids) == 0 {
			return n.prefix + n.suffix
		}
		return n.prefix + kids[0] + n.suffix
	case "subst":
		if len(kids) == 0 {
			return ""
		}
		return kids[0]
	}
	return ""
}

// predicateOf is Constraint::getPredicate: the record in the `predicate`
// field, nil when there is none.
func predicateOf(constraint *eval.Record) *eval.Record { return defField(constraint, "predicate") }

// conditionTemplate is Constraint::getConditionTemplate.
func conditionTemplate(constraint *eval.Record) string {
	pred := predicateOf(constraint)
	if pred == nil {
		return ""
	}
	if !isA(pred, "CombinedPred") {
		return stringField(pred, "predExpr")
	}
	return buildPredTree(pred, nil).simplify().condition()
}

// summaryOf is Constraint::getSummary: the summary, or the def's name.
func summaryOf(constraint *eval.Record) string {
	if s, ok := optionalString(constraint, "summary"); ok {
		return s
	}
	return constraint.NameString()
}

// escapeString is llvm::raw_ostream::write_escaped.
func escapeString(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\':
			sb.WriteString(`\\`)
		case '\t':
			sb.WriteString(`\t`)
		case '\n':
			sb.WriteString(`\n`)
		case '"':
			sb.WriteString(`\"`)
		default:
			if c >= 0x20 && c < 0x7f {
				sb.WriteByte(c)
			} else {
				sb.WriteByte('\\')
				sb.WriteByte('0' + c>>6&7)
				sb.WriteByte('0' + c>>3&7)
				sb.WriteByte('0' + c&7)
			}
		}
	}
	return sb.String()
}
