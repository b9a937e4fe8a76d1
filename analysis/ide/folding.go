package ide

import (
	"tdls/analysis"
	"tdls/tablegen"
)

// Fold is a foldable line range (0-based lines).
type Fold struct {
	StartLine, EndLine int
	Comment            bool
}

// FoldingRanges returns the foldable regions of the file: multi-line
// statements, record bodies and blocks, code blocks, multi-line comments
// and runs of line comments.
func FoldingRanges(v *analysis.FileView) []Fold {
	var out []Fold
	line := func(p tablegen.Pos) int {
		l, _ := v.File.UTF16Column(v.File.Offset(p))
		return l
	}
	add := func(r tablegen.Range, comment bool) {
		if !v.File.Contains(r.Start) || !v.File.Contains(r.End) {
			return
		}
		s, e := line(r.Start), line(r.End)
		if e > s {
			out = append(out, Fold{StartLine: s, EndLine: e, Comment: comment})
		}
	}
	var walk func(stmts []*tablegen.Statement)
	walk = func(stmts []*tablegen.Statement) {
		for _, st := range stmts {
			if st == nil {
				continue
			}
			add(st.Range(), false)
			for _, b := range st.Blocks() {
				walk(b.Statements)
			}
		}
	}
	walk(v.Statements())
	toks := v.Tokens()
	for i := range toks.Len() {
		t := toks.At(i)
		if t.Kind == tablegen.TokCode || t.Kind == tablegen.TokString {
			add(t.Range(), false)
		}
	}
	out = append(out, commentFolds(v)...)
	return out
}

// commentFolds scans the text between tokens for comments.
func commentFolds(v *analysis.FileView) []Fold {
	src := v.File.Content
	var out []Fold
	lineOf := func(off int) int {
		l, _ := v.File.UTF16Column(off)
		return l
	}
	runStart, runEnd := -1, -1
	flush := func() {
		if runStart >= 0 && runEnd > runStart {
			out = append(out, Fold{StartLine: runStart, EndLine: runEnd, Comment: true})
		}
		runStart, runEnd = -1, -1
	}
	gap := func(from, to int) {
		for i := from; i < to; i++ {
			switch {
			case src[i] == '/' && i+1 < to && src[i+1] == '/':
				l := lineOf(i)
				if runEnd == l-1 {
					runEnd = l
				} else {
					flush()
					runStart, runEnd = l, l
				}
				for i < to && src[i] != '\n' {
					i++
				}
			case src[i] == '/' && i+1 < to && src[i+1] == '*':
				start, depth := i, 0
				for i < to {
					if src[i] == '/' && i+1 < to && src[i+1] == '*' {
						depth++
						i += 2
						continue
					}
					if src[i] == '*' && i+1 < to && src[i+1] == '/' {
						depth--
						i += 2
						if depth == 0 {
							break
						}
						continue
					}
					i++
				}
				if s, e := lineOf(start), lineOf(i-1); e > s {
					out = append(out, Fold{StartLine: s, EndLine: e, Comment: true})
				}
				i--
			}
		}
	}
	prev := 0
	toks := v.Tokens()
	for i := range toks.Len() {
		t := toks.At(i)
		off := v.File.Offset(t.Pos)
		if off > prev {
			gap(prev, off)
		}
		flush()
		prev = v.File.Offset(t.End())
	}
	if prev < len(src) {
		gap(prev, len(src))
	}
	flush()
	return out
}
