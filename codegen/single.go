package codegen

import (
	"strings"

	"tdls/tablegen/eval"
)

// RewriterFor returns the C++ of one pattern (by record name or by its
// struct name, e.g. GeneratedConvert3) preceded by what it calls: the
// constraint helper functions and static matchers, in file order. Names and
// numbering are those of the whole file.
func RewriterFor(res *eval.Result, opts Options, name string) (string, error) {
	g, err := NewGenerator(res, opts)
	if err != nil {
		return "", err
	}
	return g.Rewriter(name)
}

// Generator holds what a file's patterns share (constraint helpers, static
// matchers, struct names), so several patterns can be previewed from one
// evaluation. It is not safe for concurrent use.
type Generator struct{ f *fileGen }

// NewGenerator prepares res; the error is the first one mlir-tblgen would
// report before emitting any pattern.
func NewGenerator(res *eval.Result, opts Options) (g *Generator, err error) {
	defer catch(&err, "")
	f := newFileGen(res, opts)
	f.prepare()
	return &Generator{f}, nil
}

// Rewriter is RewriterFor on the prepared file.
func (g *Generator) Rewriter(name string) (out string, err error) {
	defer catch(&err, name)
	for _, p := range g.f.patterns {
		if p.name == name || p.rec.NameString() == name {
			text, used := g.f.emitStruct(p)
			return g.f.withDependencies(text, used), nil
		}
	}
	return "", &Error{Pattern: name, Msg: "no pattern named '" + name + "'"}
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
