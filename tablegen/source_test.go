package tablegen

import (
	"bytes"
	"math/rand"
	"os"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// lspReference computes LSP positions the slow way: line breaks are \n,
// \r\n and a lone \r; columns count UTF-16 units of the decoded prefix.
func lspReference(src []byte) (lineOf, colOf []int) {
	lineOf, colOf = make([]int, len(src)+1), make([]int, len(src)+1)
	line, col := 0, 0
	for i := 0; i <= len(src); {
		lineOf[i], colOf[i] = line, col
		if i == len(src) {
			break
		}
		c := src[i]
		if c == '\n' || c == '\r' && (i+1 == len(src) || src[i+1] != '\n') {
			line, col = line+1, 0
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		for k := 1; k < size; k++ { // inside a rune: its start's column
			lineOf[i+k], colOf[i+k] = line, col
		}
		col += len(utf16.Encode([]rune{r}))
		i += size
	}
	return lineOf, colOf
}

func TestLSPPositionsMatchTheSlowWay(t *testing.T) {
	pieces := []string{"a", "b", " ", "\n", "\r\n", "\r", "é", "€", "😀", "\xff", "def X;", "\r\r", "\n\r"}
	rng := rand.New(rand.NewSource(1))
	for n := 0; n < 300; n++ {
		var src []byte
		for k := rng.Intn(60); k > 0; k-- {
			src = append(src, pieces[rng.Intn(len(pieces))]...)
		}
		f := NewSourceSet().AddFile("x.td", src)
		lineOf, colOf := lspReference(src)
		for off := 0; off <= len(src); off++ {
			if off < len(src) && off > 0 && !utf8.RuneStart(src[off]) && src[off] >= 0x80 {
				continue // inside a rune
			}
			line, col := f.UTF16Column(off)
			if line != lineOf[off] || col != colOf[off] {
				t.Fatalf("%q at %d: got %d:%d, want %d:%d", src, off, line, col, lineOf[off], colOf[off])
			}
			if back := f.OffsetOfUTF16(line, col); back != off && !(off < len(src) && (src[off] == '\n' && off > 0 && src[off-1] == '\r')) {
				t.Fatalf("%q: offset of %d:%d is %d, want %d", src, line, col, back, off)
			}
		}
		if want := lineOf[len(src)] + 1; f.LineCount() != want {
			t.Fatalf("%q: %d lines, want %d", src, f.LineCount(), want)
		}
	}
}

// A lone \r ends a line for LSP, not for LLVM's line:column.
func TestLoneCarriageReturn(t *testing.T) {
	f := NewSourceSet().AddFile("x.td", []byte("def A;\rdef B;\r\ndef C;\n"))
	if line, col := f.UTF16Column(7); line != 1 || col != 0 {
		t.Errorf("B at %d:%d, want 1:0", line, col)
	}
	if off := f.OffsetOfUTF16(2, 4); off != 19 {
		t.Errorf("2:4 is offset %d, want 19", off)
	}
	if off := f.OffsetOfUTF16(0, 100); off != 6 {
		t.Errorf("past the end of line 0: offset %d, want 6 (before the \\r)", off)
	}
	if p := f.Position(7); p.Line != 1 || p.Column != 8 {
		t.Errorf("LLVM position of B: %d:%d, want 1:8", p.Line, p.Column)
	}
}

// Columns on one long line cost a binary search, not a scan of the line.
func BenchmarkUTF16ColumnOnALongLine(b *testing.B) {
	src := []byte{}
	for len(src) < 1<<20 {
		src = append(src, "def é;"...)
	}
	f := NewSourceSet().AddFile("x.td", src)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.UTF16Column(len(src) - 1 - i%1000)
	}
}

// The LSP lines of a new version of a large file, built at its first
// publish after each edit.
func BenchmarkLSPLinesOfANewVersion(b *testing.B) {
	src, err := os.ReadFile(mlirInclude + "/mlir/Dialect/LLVMIR/LLVMOps.td")
	if err != nil {
		b.Skipf("LLVM 22 not installed: %v", err)
	}
	set := NewSourceSet()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f := set.AddFile("x.td", src)
		f.UTF16Column(len(src) / 2)
	}
}

// TestSliceStopsAtTheFileEnd: a statement left open at the end of an
// included file runs on into the next file lexed, so its range ends in
// another file; its text in the file it starts in is cut at that file's end.
func TestSliceStopsAtTheFileEnd(t *testing.T) {
	set := NewSourceSet()
	inc := set.AddFile("inc.td", []byte("class C;\ndef X : C {\n  int a = 1;\n"))
	root := set.AddFile("root.td", []byte("include \"inc.td\"\n  int b = 2;\n}\n"))
	start := inc.Pos(len("class C;\n"))
	across := Range{Start: start, End: root.Pos(len(root.Content) - 1)}
	if got, want := string(inc.Slice(across)), "def X : C {\n  int a = 1;\n"; got != want {
		t.Errorf("across files: %q, want %q", got, want)
	}
	within := Range{Start: start, End: start + Pos(len("def X"))}
	if got := string(inc.Slice(within)); got != "def X" {
		t.Errorf("within the file: %q", got)
	}
}

// TestOffsetOfUTF16InAgreesWithFile checks the File-less conversion an
// edit's range uses against File.OffsetOfUTF16 on random texts of every
// kind of line end and rune, at lines and columns in and past the text.
func TestOffsetOfUTF16InAgreesWithFile(t *testing.T) {
	pieces := []string{"a", "bc", " ", "\n", "\r\n", "\r", "é", "€", "😀", "\xff", "\t"}
	rng := rand.New(rand.NewSource(7))
	for n := 0; n < 2000; n++ {
		var b strings.Builder
		size := rng.Intn(40)
		if n%100 == 0 {
			size = 30000 + rng.Intn(30000) // past the blocks counted whole
		}
		for k := size; k > 0; k-- {
			p := pieces[rng.Intn(len(pieces))]
			if n%2 == 0 && strings.Contains(p, "\r") {
				p = "\n" // half the texts without \r, the fast path
			}
			b.WriteString(p)
		}
		src := []byte(b.String())
		f := &File{Content: src}
		lines := []int{-1, 0, 1, 2, 3, 5, 8, 11}
		if size >= 30000 {
			// The lines at and around each block's end.
			for end := 16 << 10; end <= len(src); end += 16 << 10 {
				k := bytes.Count(src[:end], []byte{'\n'})
				lines = append(lines, k-1, k, k+1)
			}
			lines = append(lines, f.LineCount()-1, f.LineCount(), f.LineCount()+1)
		}
		for _, line := range lines {
			for col := -1; col < 14; col++ {
				if got, want := OffsetOfUTF16In(src, line, col), f.OffsetOfUTF16(line, col); got != want {
					t.Fatalf("%q line %d col %d: %d, File says %d", src, line, col, got, want)
				}
			}
		}
	}
}
