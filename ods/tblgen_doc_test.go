package ods

import (
	"regexp"
	"strings"
)

// docOp is what `mlir-tblgen --gen-op-doc` says about one op: the names in
// its operand, attribute, result and successor tables, in order ("" for
// «unnamed»).
type docOp struct {
	name, class                               string
	operands, attributes, results, successors []string
}

var (
	docHeader  = regexp.MustCompile("^### `([^`]*)` \\((.*)\\)$")
	docMDRow   = regexp.MustCompile("^\\| (`([^`]*)`|&laquo;unnamed&raquo;) \\|")
	docHTMLRow = regexp.MustCompile("^<tr><td><code>([^<]*)</code></td>")
)

// parseOpDoc reads the op sections of --gen-op-doc output.
func parseOpDoc(text string) []*docOp {
	var ops []*docOp
	var cur *docOp
	var section *[]string
	for _, line := range strings.Split(text, "\n") {
		if m := docHeader.FindStringSubmatch(line); m != nil {
			cur = &docOp{name: m[1], class: m[2]}
			ops = append(ops, cur)
			section = nil
			continue
		}
		if cur == nil {
			continue
		}
		if strings.HasPrefix(line, "#### ") {
			switch line {
			case "#### Attributes:":
				section = &cur.attributes
			case "#### Operands:":
				section = &cur.operands
			case "#### Results:":
				section = &cur.results
			case "#### Successors:":
				section = &cur.successors
			default:
				section = nil
			}
			continue
		}
		if section == nil {
			continue
		}
		if m := docMDRow.FindStringSubmatch(line); m != nil {
			*section = append(*section, m[2])
		} else if m := docHTMLRow.FindStringSubmatch(line); m != nil {
			*section = append(*section, m[1])
		}
	}
	return ops
}
