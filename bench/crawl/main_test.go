package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestIdentifiersSkipCommentsKeepPrefixes(t *testing.T) {
	text := "// def Hidden\ndef A : B<$x, !cast<C>(\"D\")>; /* E */ 3F g_1"
	var got []string
	for _, off := range identifiers(text) {
		end := off + 1
		for end < len(text) && (text[end] == '_' || text[end] >= 'a' && text[end] <= 'z' || text[end] >= 'A' && text[end] <= 'Z' || text[end] >= '0' && text[end] <= '9') {
			end++
		}
		got = append(got, text[off:end])
	}
	want := "def A B $x !cast C D g_1"
	if strings.Join(got, " ") != want {
		t.Errorf("identifiers = %q, want %q", strings.Join(got, " "), want)
	}
}

func TestLineIndexUTF16(t *testing.T) {
	// An astral character is two UTF-16 units; \r\n and a lone \r end lines.
	text := "a😀b\r\nxé\ry"
	l := newLines(text)
	if l.count() != 3 {
		t.Fatalf("count = %d, want 3", l.count())
	}
	b := strings.IndexByte(text, 'b')
	if line, col := l.position(b); line != 0 || col != 3 {
		t.Errorf("position(b) = %d:%d, want 0:3", line, col)
	}
	if off, ok := l.offset(0, 3); !ok || off != b {
		t.Errorf("offset(0,3) = %d %v, want %d", off, ok, b)
	}
	if _, ok := l.offset(0, 2); ok {
		t.Error("offset inside a surrogate pair accepted")
	}
	if off, ok := l.offset(2, 0); !ok || text[off] != 'y' {
		t.Errorf("offset(2,0) = %d %v", off, ok)
	}
	if _, ok := l.offset(1, 5); ok {
		t.Error("a column past the line's end accepted")
	}
}

func edits(es ...string) json.RawMessage {
	var parts []string
	for _, e := range es {
		var sl, sc, el, ec int
		var nt string
		fmt.Sscanf(e, "%d:%d-%d:%d %q", &sl, &sc, &el, &ec, &nt)
		parts = append(parts, fmt.Sprintf(`{"range":{"start":{"line":%d,"character":%d},"end":{"line":%d,"character":%d}},"newText":%q}`, sl, sc, el, ec, nt))
	}
	return json.RawMessage("[" + strings.Join(parts, ",") + "]")
}

func TestCheckFormat(t *testing.T) {
	text := "def A;\n  def   B;\ndef C;\n"
	for _, tc := range []struct {
		name        string
		res         json.RawMessage
		first, last int
		want        string // the finding's start, "" for none
	}{
		{"whitespace only", edits(`1:0-1:2 ""`, `1:5-1:8 " "`), -1, -1, ""},
		{"a letter changed", edits(`1:6-1:7 "X"`), -1, -1, "changes a non-whitespace byte"},
		{"a token deleted", edits(`0:0-1:0 ""`), -1, -1, "changes a non-whitespace byte"},
		{"overlapping", edits(`1:0-1:4 ""`, `1:2-1:5 ""`), -1, -1, "edits overlap"},
		{"past the line's end", edits(`0:0-0:40 ""`), -1, -1, "edit outside the document"},
		{"in the range", edits(`1:0-1:2 ""`), 1, 1, ""},
		{"the range's line break", edits(`1:10-2:0 "\n"`), 1, 1, ""},
		{"outside the range", edits(`1:0-1:2 ""`), 2, 2, "edit outside lines 3-3"},
	} {
		cr := &crawler{counts: map[string]int{}}
		cr.checkFormat("m", "w", text, newLines(text), tc.res, tc.first, tc.last)
		got := ""
		if len(cr.found) > 0 {
			got = cr.found[0].detail
		}
		if tc.want == "" && got != "" || tc.want != "" && !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: finding %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestBadLogLines(t *testing.T) {
	for line, want := range map[string]bool{
		"2026-01-01T00:00:00.000Z\tERROR\thandler panicked\t{\"method\": \"x\"}": true,
		"2026-01-01T00:00:00.000Z\tINFO\tworkspace indexed\t{}":                  false,
		"2026-01-01T00:00:00.000Z\tINFO\tERROR in a message\t{}":                 false,
		"panic: runtime error: index out of range [3] with length 3":             true,
		"fatal error: concurrent map writes":                                     true,
	} {
		if isBadLogLine(line) != want {
			t.Errorf("isBadLogLine(%q) = %v", line, !want)
		}
	}
}
