package codegen

import (
	"strings"

	"tdls/tablegen/eval"
)

// RewriterFor returns the C++ of one pattern (by record name or by its
// struct name, e.g. GeneratedConvert3) preceded by what it calls: the
// constraint helper functions and static matchers, in file order. Names and
// numbering are those of the whole file.
func RewriterFor(res *eval.Result, opts Options, name string) (out string, err error) {
	defer catch(&err, name)
	f := newFileGen(res, opts)
	var target *pattern
	for _, p := range f.patterns {
		if p.name == name || p.rec.NameString() == name {
			target = p
			break
		}
	}
	if target == nil {
		return "", &Error{Pattern: name, Msg: "no pattern named '" + name + "'"}
	}
	f.prepare()
	text, used := f.emitStruct(target)
	return f.withDependencies(text, used), nil
}

// withDependencies prefixes a struct with the helpers it uses, directly or
// through static matchers.
func (f *fileGen) withDependencies(text string, used map[string]bool) string {
	need := map[string]bool{}
	var visit func(uses map[string]bool)
	visit = func(uses map[string]bool) {
		for n := range uses {
			if need[n] {
				continue
			}
			need[n] = true
			for _, m := range f.matchers {
				if m.name == n {
					visit(m.uses)
				}
			}
		}
	}
	visit(used)
	var sb strings.Builder
	for _, fn := range f.fns {
		if need[fn.name] {
			sb.WriteString(f.constraintText(fn))
		}
	}
	for _, m := range f.matchers {
		if need[m.name] {
			sb.WriteString(m.text)
		}
	}
	sb.WriteString(text)
	return sb.String()
}
