package tablegen

import (
	"runtime"
	"testing"
	"unsafe"
	"weak"
)

// CopyText keeps each token's text, and gives each statement a copy of its
// own: a statement a later version keeps does not keep its neighbour's
// text alive.
func TestCopyTextKeepsEachStatementApart(t *testing.T) {
	src := "def A : C<\"a string long enough for its own allocation\">;\n" +
		"let x = 1 in\ndef B : C<\"another string long enough to be allocated\">;\n"
	set := NewSourceSet()
	lexed := LexAlone(set, set.AddFile("a.td", []byte(src)), nil)
	toks := lexed.Tokens.Tokens(0, lexed.Tokens.Len()-1)
	want := make([]string, len(toks))
	for i, tk := range toks {
		want[i] = tk.Text
	}
	CopyText(toks)
	for i, tk := range toks {
		if tk.Text != want[i] {
			t.Fatalf("token %d: %q, want %q", i, tk.Text, want[i])
		}
		text := lexed.File.Text()
		if p := uintptr(unsafe.Pointer(unsafe.StringData(tk.Text))) - uintptr(unsafe.Pointer(unsafe.StringData(text))); p < uintptr(len(text)) {
			t.Fatalf("token %d still slices the file's text", i)
		}
	}
	b := 0
	for toks[b].Text != "B" {
		b++
	}
	b-- // its def
	kept := append([]Token(nil), toks[b:]...)
	firstCopy := weak.Make(unsafe.StringData(toks[0].Text))
	toks = nil
	runtime.GC()
	if firstCopy.Value() != nil {
		t.Errorf("the first statement's text is still alive while only the last statement's tokens are kept")
	}
	runtime.KeepAlive(kept)
}
