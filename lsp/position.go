package lsp

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"tdls/tablegen"
)

// pathOf converts a file:// URI to a clean absolute path.
func pathOf(u protocol.DocumentURI) (string, error) {
	parsed, err := url.Parse(string(u))
	if err != nil {
		return "", fmt.Errorf("invalid URI %q: %v", u, err)
	}
	if parsed.Scheme != "file" {
		return "", fmt.Errorf("unsupported URI scheme %q", parsed.Scheme)
	}
	p := parsed.Path
	if p == "" {
		return "", fmt.Errorf("URI %q has no path", u)
	}
	if len(p) >= 3 && p[0] == '/' && p[2] == ':' { // file:///C:/x on Windows
		p = p[1:]
	}
	return filepath.Clean(filepath.FromSlash(p)), nil
}

// uriOf converts a path to a file:// URI.
func uriOf(path string) protocol.DocumentURI {
	return uri.File(path)
}

// position converts a Pos to an LSP position: 0-based line, UTF-16 column.
func position(f *tablegen.File, p tablegen.Pos) protocol.Position {
	off := f.Offset(p)
	if off < 0 {
		off = 0
	}
	if off > len(f.Content) {
		off = len(f.Content)
	}
	line, col := f.UTF16Column(off)
	return protocol.Position{Line: uint32(line), Character: uint32(col)}
}

// rangeOf converts a range within f.
func rangeOf(f *tablegen.File, r tablegen.Range) protocol.Range {
	end := r.End
	if end < r.Start {
		end = r.Start
	}
	return protocol.Range{Start: position(f, r.Start), End: position(f, end)}
}

// rangeIn converts a range in a source set, finding its file.
func rangeIn(set *tablegen.SourceSet, r tablegen.Range) (protocol.DocumentURI, protocol.Range, bool) {
	f := set.File(r.Start)
	if f == nil || f.Name == "" || strings.HasPrefix(f.Name, "\x00") {
		return "", protocol.Range{}, false
	}
	return uriOf(f.Name), rangeOf(f, r), true
}

// offsetOf converts an LSP position to a byte offset in f, clamped.
func offsetOf(f *tablegen.File, p protocol.Position) int {
	line := int(p.Line)
	if line >= f.LineCount() {
		return len(f.Content)
	}
	return f.OffsetOfUTF16(line, int(p.Character))
}
