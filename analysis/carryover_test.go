package analysis

import (
	"strings"
	"testing"

	"tdls/tablegen"
)

func TestShownEvaluationMovesWithTheText(t *testing.T) {
	const text = "class C;\ndef X : C;\ndef Y : D;\n"
	old := &tablegen.File{Name: "a.td", Base: 1, Content: []byte(text)}
	other := &tablegen.File{Name: "b.td", Base: 100, Content: []byte("class D;")}
	at := func(f *tablegen.File, s string) Location {
		i := strings.Index(string(f.Content), s)
		return Location{File: f, Range: tablegen.Range{Start: f.Pos(i), End: f.Pos(i + len(s))}}
	}
	shown := shownEvaluation{file: old, diags: []Diagnostic{
		{Location: at(old, "D"), Message: "no D", Related: []RelatedLocation{{Location: at(old, "X"), Message: "note at X"}, {Location: at(other, "D"), Message: "elsewhere"}}},
		{Location: at(old, "C;\ndef Y"), Message: "across lines"},
	}}
	for _, c := range []struct {
		name, text string
		want       []string // message@text of each diagnostic, notes after '+'
	}{
		{"insert before", "//\n" + text, []string{"no D@D+note at X@X+elsewhere@D", "across lines@C;\ndef Y"}},
		{"insert after", text + "def Z;\n", []string{"no D@D+note at X@X+elsewhere@D", "across lines@C;\ndef Y"}},
		{"insert between", strings.Replace(text, "def Y", "def  Y", 1), []string{"no D@D+note at X@X+elsewhere@D"}},
		{"typing after a range", strings.Replace(text, "X", "XX", 1), []string{"no D@D+note at X@X+elsewhere@D", "across lines@C;\ndef Y"}},
		{"edit at the note", strings.Replace(text, "X", "W", 1), []string{"no D@D+elsewhere@D", "across lines@C;\ndef Y"}},
		{"edit inside", strings.Replace(text, ": D", ": E", 1), []string{"across lines@C;\ndef Y"}},
		{"delete before", text[len("class C;\n"):], []string{"no D@D+note at X@X+elsewhere@D", "across lines@C;\ndef Y"}},
	} {
		nf := &tablegen.File{Name: "a.td", Base: 1, Content: []byte(c.text)}
		var got []string
		for _, d := range shown.movedTo(nf) {
			s := d.Message + "@" + rangeText(d.Location)
			for _, r := range d.Related {
				s += "+" + r.Message + "@" + rangeText(r.Location)
			}
			if d.File != nf {
				t.Errorf("%s: %q is not placed in the new file", c.name, d.Message)
			}
			got = append(got, s)
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func rangeText(l Location) string {
	return string(l.File.Content[l.File.Offset(l.Range.Start):l.File.Offset(l.Range.End)])
}
