package ods

import (
	"regexp"
	"strconv"
	"strings"
)

// declOp is what `mlir-tblgen --gen-op-decls` says about one op class.
type declOp struct {
	class, namespace, name string
	// getters found in the class, by kind and ODS index.
	operands, results, regions, successors map[int]declGetter
	// traits are the class's trait list.
	traits []string
	// props are the Properties struct members with, for attributes, whether
	// the getter casts (required) or dyn_casts (optional or defaulted).
	props    []string
	propCast map[string]string
	// builders are the parameter lists of every build() method, after the
	// OpBuilder and OperationState.
	builders [][]builderParam
}

type declGetter struct {
	getter, flag string
}

var (
	declNamespaceOpen  = regexp.MustCompile(`^namespace +([\w:]+) +\{$`)
	declNamespaceClose = regexp.MustCompile(`^\} // namespace +([\w:]+) *$`)
	declClass          = regexp.MustCompile(`^class (\w+) : public ::mlir::Op<(.*)> \{$`)
	declAdaptorBase    = regexp.MustCompile(`^class (\w+)GenericAdaptorBase \{$`)
	declGetterLine     = regexp.MustCompile(`^  (.+?) ?(get\w+)\(\) \{$`)
	declOpName         = regexp.MustCompile(`return ::llvm::StringLiteral\("(.*)"\);`)
	declPropMember     = regexp.MustCompile(`^    using (\w+)Ty = `)
	declBuild          = regexp.MustCompile(`^  static void build\(::mlir::OpBuilder &\w*, ::mlir::OperationState &odsState(.*)\);$`)
	odsIndex           = regexp.MustCompile(`getODS(Operands|Results)\((\d+)\)`)
	regionIndex        = regexp.MustCompile(`getRegion\((\d+)\)|getRegions\(\)\.drop_front\((\d+)\)`)
	successorIndex     = regexp.MustCompile(`getSuccessor\((\d+)\)|successor_begin\(\), (\d+)\)`)
)

// parseOpDecls reads the op classes of --gen-op-decls output.
func parseOpDecls(text string) []*declOp {
	lines := strings.Split(text, "\n")
	var ops []*declOp
	var ns []string
	props := map[string][]string{}
	casts := map[string]map[string]string{}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if m := declNamespaceOpen.FindStringSubmatch(line); m != nil {
			ns = append(ns, m[1])
			continue
		}
		if m := declNamespaceClose.FindStringSubmatch(line); m != nil && len(ns) > 0 {
			ns = ns[:len(ns)-1]
			continue
		}
		if m := declAdaptorBase.FindStringSubmatch(line); m != nil {
			i = parsePropertiesStruct(lines, i+1, m[1], props, casts)
			continue
		}
		m := declClass.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		op := &declOp{
			class: m[1], namespace: strings.Join(ns, "::"),
			operands: map[int]declGetter{}, results: map[int]declGetter{},
			regions: map[int]declGetter{}, successors: map[int]declGetter{},
			props: props[m[1]], propCast: casts[m[1]],
		}
		op.traits = splitTemplateArgs(m[2])[1:]
		// A class ends at `};`, or at the namespace's end when the
		// extraClassDeclaration swallowed the brace into its indentation.
		for i++; i < len(lines) && lines[i] != "};"; i++ {
			l := lines[i]
			if declNamespaceClose.MatchString(l) {
				i--
				break
			}
			if mm := declOpName.FindStringSubmatch(l); mm != nil && op.name == "" {
				op.name = mm[1]
			}
			if mm := declBuild.FindStringSubmatch(l); mm != nil {
				op.builders = append(op.builders, parseBuilderParams(mm[1]))
			}
			if mm := declGetterLine.FindStringSubmatch(l); mm != nil && i+1 < len(lines) {
				op.addGetter(mm[1], mm[2], lines[i+1])
			}
		}
		ops = append(ops, op)
	}
	return ops
}

// addGetter classifies a getter by the first line of its body.
func (op *declOp) addGetter(ret, name, body string) {
	body = strings.TrimSpace(body)
	if m := odsIndex.FindStringSubmatch(body); m != nil {
		idx, _ := strconv.Atoi(m[2])
		flag := "single"
		switch {
		case strings.HasPrefix(body, "auto operands =") || strings.HasPrefix(body, "auto results ="):
			flag = "optional"
		case strings.Contains(body, ".split("):
			flag = "variadic-of-variadic"
		case body == "return getODS"+m[1]+"("+m[2]+");":
			flag = "variadic"
		case !strings.Contains(body, ".begin()"):
			return
		}
		if m[1] == "Operands" {
			op.operands[idx] = declGetter{name, flag}
		} else {
			op.results[idx] = declGetter{name, flag}
		}
		return
	}
	if m := regionIndex.FindStringSubmatch(body); m != nil && strings.HasPrefix(body, "return (*this)->getRegion") {
		if m[1] != "" {
			idx, _ := strconv.Atoi(m[1])
			op.regions[idx] = declGetter{name, "single"}
		} else {
			idx, _ := strconv.Atoi(m[2])
			op.regions[idx] = declGetter{name, "variadic"}
		}
		return
	}
	if m := successorIndex.FindStringSubmatch(body); m != nil && strings.HasPrefix(body, "return") {
		if m[1] != "" {
			idx, _ := strconv.Atoi(m[1])
			op.successors[idx] = declGetter{name, "single"}
		} else {
			idx, _ := strconv.Atoi(m[2])
			op.successors[idx] = declGetter{name, "variadic"}
		}
	}
}

// parsePropertiesStruct reads `struct Properties` of an adaptor base class
// and returns the index of the line it stopped at.
func parsePropertiesStruct(lines []string, i int, class string, props map[string][]string, casts map[string]map[string]string) int {
	casts[class] = map[string]string{}
	inStruct := false
	member := ""
	for ; i < len(lines); i++ {
		l := lines[i]
		switch {
		case l == "  struct Properties {":
			inStruct = true
		case l == "  };" && inStruct:
			return i
		case l == "};":
			return i
		case !inStruct:
		default:
			if m := declPropMember.FindStringSubmatch(l); m != nil {
				member = m[1]
				props[class] = append(props[class], member)
			} else if member != "" && strings.Contains(l, "return ::llvm::cast<") {
				casts[class][member] = "required"
				member = ""
			} else if member != "" && strings.Contains(l, "return ::llvm::dyn_cast_or_null<") {
				casts[class][member] = "optional-or-default"
				member = ""
			}
		}
	}
	return i
}

type builderParam struct{ cppType, name string }

// parseBuilderParams splits `, T a, U b = x` into types and names.
func parseBuilderParams(rest string) []builderParam {
	var out []builderParam
	for _, p := range splitTemplateArgs(strings.TrimPrefix(rest, ", ")) {
		if i := strings.Index(p, " = "); i >= 0 {
			p = p[:i]
		}
		p = strings.TrimSpace(p)
		j := strings.LastIndexFunc(p, func(r rune) bool {
			return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
		})
		out = append(out, builderParam{cppType: strings.TrimSpace(p[:j+1]), name: p[j+1:]})
	}
	return out
}

// separateBuilderArgs finds the last generated builder that takes one
// parameter per argument (mlir-tblgen emits them after the custom ones) and
// returns its parameter names after the result types; ok is false when
// there is none.
func (op *declOp) separateBuilderArgs(numResults int) (names []string, ok bool) {
	for i := len(op.builders) - 1; i >= 0; i-- {
		b := op.builders[i]
		if collectiveAt(b, 0) || collectiveAt(b, 1) {
			continue
		}
		skip := numResults
		if len(b) > 0 && b[0].cppType == "::mlir::TypeRange" && b[0].name == "resultTypes" {
			skip = 1
		}
		if skip > len(b) {
			continue
		}
		for _, p := range b[:skip] {
			if !strings.HasSuffix(p.cppType, "::mlir::Type") && p.cppType != "::mlir::TypeRange" {
				skip = -1
				break
			}
		}
		if skip < 0 {
			continue
		}
		for _, p := range b[skip:] {
			names = append(names, p.name)
		}
		return names, true
	}
	return nil, false
}

// collectiveAt reports a collective builder: `ValueRange operands` at i
// followed by the attribute list or the Properties.
func collectiveAt(b []builderParam, i int) bool {
	return len(b) > i+1 && b[i].cppType == "::mlir::ValueRange" && b[i].name == "operands" &&
		(strings.HasSuffix(b[i+1].cppType, "NamedAttribute>") || b[i+1].cppType == "const Properties &")
}

// splitTemplateArgs splits at commas outside <>, () and [].
func splitTemplateArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '<', '(', '[':
			depth++
		case '>', ')', ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if strings.TrimSpace(s[start:]) != "" {
		out = append(out, strings.TrimSpace(s[start:]))
	}
	return out
}
