package analysis

import (
	"fmt"

	"tdls/tablegen"
)

// Hover is markdown about the thing at a position.
type Hover struct {
	Range    tablegen.Range
	Markdown string
}

// Hover answers what the parse alone knows: !operators (signature and
// description) and include file names (the resolved path).
func (v *FileView) Hover(p tablegen.Pos) (Hover, bool) {
	if inc, ok := v.IncludeAt(p); ok {
		if inc.File == nil {
			return Hover{Range: inc.NameRng, Markdown: fmt.Sprintf("`%s`\n***\nnot found", inc.Name)}, true
		}
		return Hover{Range: inc.NameRng, Markdown: fmt.Sprintf("**include** `%s`\n***\n%s", inc.Name, inc.File.Name)}, true
	}
	i := v.TokenAt(p)
	if i < 0 {
		return Hover{}, false
	}
	t := v.toks[i]
	if t.Kind == tablegen.TokBang {
		doc, ok := tablegen.BangOperators[t.Text[1:]]
		if !ok {
			return Hover{Range: t.Range(), Markdown: fmt.Sprintf("`%s`: unknown operator", t.Text)}, true
		}
		return Hover{Range: t.Range(), Markdown: fmt.Sprintf("```tablegen\n%s\n```\n***\n%s", signatureOf(doc), descriptionOf(doc))}, true
	}
	return Hover{}, false
}

func descriptionOf(doc string) string {
	sig := signatureOf(doc)
	if len(doc) > len(sig)+2 {
		return doc[len(sig)+2:]
	}
	return doc
}
