package drr

import (
	"tdls/tablegen/eval"
)

// placeholders warns about NativeCodeCall placeholders that mlir-tblgen
// cannot substitute and so leaves in the C++ as `$1<no-subst-found>`.
func (c *checker) placeholders(n *DagNode, numArgs int, matching bool) {
	tmpl := n.NativeCode()
	for i := 0; i < len(tmpl); i++ {
		if tmpl[i] != '$' || i+1 >= len(tmpl) {
			continue
		}
		if tmpl[i+1] == '$' {
			i++
			continue
		}
		j := i + 1
		if isDigit(tmpl[j]) {
			for j < len(tmpl) && isDigit(tmpl[j]) {
				j++
			}
			idx := atoi(tmpl[i+1 : j])
			if j+3 <= len(tmpl) && tmpl[j:j+3] == "..." {
				i = j + 2
				continue
			}
			if idx >= numArgs {
				c.warnf(n.OperatorRange, "drr-placeholder", "the template of '%s' uses $%d but it is given %s here; mlir-tblgen leaves `$%d<no-subst-found>` in the C++", n.OperatorName(), idx, plural(numArgs, "argument"), idx)
			}
			i = j - 1
			continue
		}
		for j < len(tmpl) && (isDigit(tmpl[j]) || isLetter(tmpl[j]) || tmpl[j] == '_') {
			j++
		}
		name := tmpl[i+1 : j]
		i = j - 1
		switch name {
		case "":
		case "_builder", "_op":
		case "_self":
			if !matching {
				c.warnf(n.OperatorRange, "drr-placeholder", "the template of '%s' uses $_self, which only a NativeCodeCall matcher or a leaf `%s:$name` has; mlir-tblgen leaves `$_self<no-subst-found>` in the C++", n.OperatorName(), n.OperatorName())
			}
		case "_loc":
			if matching {
				c.warnf(n.OperatorRange, "drr-placeholder", "the template of '%s' uses $_loc in a source pattern, where the location does not exist yet (the C++ refers to odsLoc before it is declared)", n.OperatorName())
			}
		default:
			c.warnf(n.OperatorRange, "drr-placeholder", "the template of '%s' uses $%s, which DRR does not define; mlir-tblgen leaves `$%s<no-subst-found>` in the C++", n.OperatorName(), name, name)
		}
	}
}

func isDigit(b byte) bool  { return b >= '0' && b <= '9' }
func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

func recordOf(v eval.Init) *eval.Record {
	if d, ok := v.(*eval.DefInit); ok {
		return d.Rec
	}
	return nil
}
