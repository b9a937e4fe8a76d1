package analysis

import (
	"context"
	"sort"
	"strings"

	"tdls/drr"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// CompleteWithModels is Complete with the op and pattern proposals of
// MLIRCompletions first; where those are all that applies, they alone.
func (s *Snapshot) CompleteWithModels(ctx context.Context, v *FileView, src []byte, off int) []Completion {
	if namingDeclaration(src, off) {
		return nil
	}
	items, only := s.MLIRCompletions(ctx, v, src, off)
	if only {
		return items
	}
	have := map[string]bool{}
	for _, it := range items {
		have[it.Label] = true
	}
	for _, it := range s.Complete(v, src, off) {
		if !have[it.Label] {
			items = append(items, it)
		}
	}
	return items
}

// MLIRCompletions proposes what the op and pattern models know at offset
// off: `$symbols` of the pattern, op defs (detail: op name and summary)
// and, inside a pattern, directives and NativeCodeCalls at a dag's
// operator; type and attribute constraints in `(ins`/`(outs`; traits and
// interfaces in a def's trait list. only reports that the syntax-level
// proposals do not apply there.
func (s *Snapshot) MLIRCompletions(ctx context.Context, v *FileView, src []byte, off int) (items []Completion, only bool) {
	if off < 0 || off > len(src) || off > len(v.File.Content) {
		return nil, false
	}
	start := off
	for start > 0 && isWordByte(src[start-1]) {
		start--
	}
	m := v.Unit.modelsWithin(ctx)
	if m == nil {
		return nil, false
	}
	word := string(src[start:off])
	if start > 0 && src[start-1] == '$' {
		repl := tablegen.Range{Start: v.Pos(start - 1), End: v.Pos(off)}
		return v.symbolCompletions(m, v.Pos(off), word, repl), true
	}
	repl := tablegen.Range{Start: v.Pos(start), End: v.Pos(off)}
	c := v.dagContextAt(v.Pos(start))
	kind, open := c.innermost(v)
	switch {
	case kind == tablegen.TokLParen && c.prev == open:
		return v.operatorCompletions(m, c, v.Pos(off), word, repl), false
	case kind == tablegen.TokLParen && (c.prev == open+1 || c.prev >= 0 && v.toks[c.prev].Kind == tablegen.TokComma):
		switch v.dagOperator(open) {
		case "ins":
			return constraintCompletions(m.Records, word, repl, "TypeConstraint", "AttrConstraint", "PropConstraint"), true
		case "outs":
			return constraintCompletions(m.Records, word, repl, "TypeConstraint"), true
		}
	case kind == tablegen.TokLSquare && len(c.open) > 1 && v.toks[c.open[1]].Kind == tablegen.TokLess && c.stmt >= 0 &&
		(v.toks[c.stmt].Text == "def" || v.toks[c.stmt].Text == "class") &&
		!v.statementDerives(c.stmt, func(n string) bool { return isA(m.Records.Class(n), "Pattern") }):
		return constraintCompletions(m.Records, word, repl, "Trait"), true
	}
	return nil, false
}

// symbolCompletions are the pattern's bound symbols at p, or, when the
// pattern does not parse yet, the `$names` written in its statement.
func (v *FileView) symbolCompletions(m *Models, p tablegen.Pos, word string, repl tablegen.Range) []Completion {
	var out []Completion
	if m.Patterns.PatternAt(p) != nil {
		for _, it := range m.Patterns.Completion(p) {
			if it.Kind == "symbol" && strings.HasPrefix(it.Label, "$"+word) {
				out = append(out, Completion{Label: it.Label, Kind: CompField, Detail: it.Detail, Replace: repl})
			}
		}
		return out
	}
	c := v.dagContextAt(p)
	if c.stmt < 0 {
		return nil
	}
	seen := map[string]bool{}
	for i := c.stmt + 1; i < len(v.toks); i++ {
		t := v.toks[i]
		if t.Kind == tablegen.TokSemi || statementStarts[t.Text] {
			break
		}
		if t.Kind == tablegen.TokVarName && t.Text != "$_" && !seen[t.Text] && !(t.Pos <= p && p <= t.End()) &&
			strings.HasPrefix(t.Text, "$"+word) {
			seen[t.Text] = true
			out = append(out, Completion{Label: t.Text, Kind: CompField, Detail: "written in this pattern", Replace: repl})
		}
	}
	return out
}

// operatorCompletions are the ops in scope by def name and, inside a
// pattern, the directives and NativeCodeCalls legal there.
func (v *FileView) operatorCompletions(m *Models, c dagContext, p tablegen.Pos, word string, repl tablegen.Range) []Completion {
	var out []Completion
	inPattern := m.Patterns.PatternAt(p) != nil
	derives := func(class string) func(string) bool {
		return func(n string) bool { return isA(m.Records.Class(n), class) }
	}
	if !inPattern && v.statementDerives(c.stmt, derives("Op")) {
		return nil // a dag of an op definition: (ins ...), (outs ...)
	}
	if inPattern {
		for _, it := range m.Patterns.Completion(p) {
			if it.Kind != "symbol" && matches(word, it.Label) {
				out = append(out, Completion{Label: it.Label, Kind: CompKeyword, Detail: directiveDetail(it), Replace: repl})
			}
		}
	} else if v.statementDerives(c.stmt, derives("Pattern")) {
		for _, d := range []string{"either", "variadic", "replaceWithValue", "location", "returnType"} {
			if matches(word, d) {
				out = append(out, Completion{Label: d, Kind: CompKeyword, Detail: "DRR directive", Replace: repl})
			}
		}
	}
	for _, op := range m.Ops.Ops {
		name := op.Def.NameString()
		if !matches(word, name) && !matches(word, op.Name) {
			continue
		}
		detail := op.Name
		if s := strings.TrimSpace(op.Summary); s != "" {
			detail += " — " + s
		}
		out = append(out, Completion{Label: name, Kind: CompRecord, Detail: detail, Replace: repl})
	}
	return out
}

func directiveDetail(it drr.CompletionItem) string {
	if it.Kind == "nativecall" {
		return "NativeCodeCall: " + it.Detail
	}
	if it.Detail != "" {
		return it.Detail
	}
	return "DRR directive"
}

// matches is a case-insensitive subsequence test; the client ranks.
func matches(word, name string) bool {
	_, ok := fuzzyScore(word, name)
	return ok
}

// constraintCompletions are the defs and classes deriving from one of
// bases, by name, with their summary.
func constraintCompletions(res *eval.Result, word string, repl tablegen.Range, bases ...string) []Completion {
	derives := func(r *eval.Record) bool {
		for _, b := range bases {
			if isA(r, b) {
				return true
			}
		}
		return false
	}
	var out []Completion
	add := func(r *eval.Record, kind CompletionKind) {
		name := r.NameString()
		if r.Anonymous || name == "" || !matches(word, name) || !derives(r) {
			return
		}
		out = append(out, Completion{Label: name, Kind: kind, Detail: summaryOf(r), Replace: repl})
	}
	for _, r := range res.Defs {
		add(r, CompRecord)
	}
	for _, r := range res.Classes {
		add(r, CompClass)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Label < out[j].Label })
	return out
}

func isA(r *eval.Record, class string) bool { return r.IsA(class) }

// summaryOf is a constraint's or trait's summary field, if it is a string.
func summaryOf(r *eval.Record) string {
	for _, f := range []string{"summary", "description"} {
		if rv := r.Field(f); rv != nil {
			if s, ok := rv.Value.(*eval.StringInit); ok && strings.TrimSpace(s.V) != "" {
				return shorten(strings.TrimSpace(s.V))
			}
		}
	}
	return ""
}
