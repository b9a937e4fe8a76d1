package analysis

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// includeNamesByLine is the definition scanIncludeNames keeps: each line,
// blanks trimmed, that starts with the keyword, then blanks and a quoted
// name.
func includeNamesByLine(src []byte) []string {
	var out []string
	for _, line := range bytes.Split(src, []byte("\n")) {
		line = bytes.TrimLeft(line, " \t")
		rest, ok := bytes.CutPrefix(line, []byte("include"))
		if !ok {
			continue
		}
		rest = bytes.TrimLeft(rest, " \t")
		if len(rest) < 2 || rest[0] != '"' {
			continue
		}
		if j := bytes.IndexByte(rest[1:], '"'); j >= 0 {
			out = append(out, string(rest[1:1+j]))
		}
	}
	return out
}

func TestScanIncludeNames(t *testing.T) {
	srcs := []string{
		"",
		"include",
		"include \"",
		"include \"a.td\"",
		"include\"a.td\"\n",
		"  \tinclude   \"a.td\"  // x\r\ninclude \"b.td\"\r\n",
		"// include \"no.td\"\nx include \"no.td\"\ninclude \"yes.td\" include \"no.td\"\n",
		"includes \"no.td\"\ninclude\n\"no.td\"\ninclude \"open\n\"\n",
		"def X;\n#include \"no.td\"\n   include \"last.td\"",
	}
	files, _ := filepath.Glob(filepath.Join(mlirInclude, "mlir/Dialect/*/IR/*.td"))
	for _, f := range files {
		if b, err := os.ReadFile(f); err == nil {
			srcs = append(srcs, string(b))
		}
	}
	for _, src := range srcs {
		got, want := scanIncludeNames([]byte(src)), includeNamesByLine([]byte(src))
		if !slices.Equal(got, want) {
			t.Errorf("scanIncludeNames(%.60q) = %q, want %q", src, got, want)
		}
		if has := hasIncludeLine([]byte(src)); has != (len(want) > 0) {
			t.Errorf("hasIncludeLine(%.60q) = %v, want %v", src, has, len(want) > 0)
		}
	}
}

// directivesByLine is the definition scanDirectives keeps: every line whose
// first character after blanks is '#'.
func directivesByLine(src []byte) directives {
	var d directives
	seen := map[string]bool{}
	off := 0
	for _, line := range bytes.SplitAfter(src, []byte("\n")) {
		start := off
		off += len(line)
		body := bytes.TrimRight(line, "\n")
		trimmed := bytes.TrimLeft(body, " \t")
		if len(trimmed) == 0 || trimmed[0] != '#' {
			continue
		}
		at := start + len(body) - len(trimmed)
		rest := string(trimmed[1:])
		for _, kw := range []string{"ifdef", "ifndef", "define"} {
			after, ok := strings.CutPrefix(rest, kw)
			if !ok {
				continue
			}
			if name := macroNameOf(after); name != "" {
				if kw == "define" {
					d.defines = append(d.defines, macroDef{name: name, off: at})
				} else if !seen[name] {
					seen[name] = true
					d.tested = append(d.tested, name)
				}
			}
			break
		}
	}
	slices.Sort(d.tested)
	return d
}

func TestScanDirectives(t *testing.T) {
	srcs := []string{
		"", "#", "#ifdef", "#ifdef A", "  \t#ifndef B\n#define B\n#endif",
		"x #ifdef NO\nlet s = \"#define NO\";\n#ifdef A\n#ifdef A\n#define C1 // x\n#definex\n#define\tD",
		"#ifdef A\r\n#else\r\n#endif\r\n",
	}
	files, _ := filepath.Glob(filepath.Join(mlirInclude, "mlir/*/*.td"))
	more, _ := filepath.Glob(filepath.Join(mlirInclude, "mlir/Dialect/*/IR/*.td"))
	for _, f := range append(files, more...) {
		if b, err := os.ReadFile(f); err == nil {
			srcs = append(srcs, string(b))
		}
	}
	for _, src := range srcs {
		got, want := scanDirectives([]byte(src)), directivesByLine([]byte(src))
		if !slices.Equal(got.tested, want.tested) || !slices.Equal(got.defines, want.defines) {
			t.Errorf("scanDirectives(%.60q) = %+v, want %+v", src, got, want)
		}
	}
}
