package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

func didChangeMessage(t testing.TB, texts ...string) []byte {
	var changes []map[string]any
	for _, s := range texts {
		changes = append(changes, map[string]any{"text": s})
	}
	b, err := json.Marshal(map[string]any{
		"jsonrpc": "2.0", "method": "textDocument/didChange",
		"params": map[string]any{
			"textDocument":   map[string]any{"uri": "file:///a.td", "version": 2},
			"contentChanges": changes,
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// unlift puts the lifted texts back where their indexes stand and decodes
// the message generically.
func unlift(t testing.TB, msg []byte, lifted [][]byte) any {
	var m map[string]any
	if err := json.Unmarshal(msg, &m); err != nil {
		t.Fatalf("lifted message does not decode: %v", err)
	}
	if lifted == nil {
		return m
	}
	for _, c := range m["params"].(map[string]any)["contentChanges"].([]any) {
		c := c.(map[string]any)
		f, ok := c["text"].(float64)
		if !ok {
			continue // a change without text
		}
		k := int(f)
		var s string
		if err := json.Unmarshal(lifted[k], &s); err != nil {
			t.Fatalf("lifted text %d: %v", k, err)
		}
		c["text"] = s
	}
	return m
}

func TestLiftChangeTexts(t *testing.T) {
	big := strings.Repeat("def X : Y<\"q\\\\\"> { let s = [{ \t }]; }\n// é \u2028 \x01\n", 200)
	for _, texts := range [][]string{{big}, {big, "x", big + "\\"}, {strings.Repeat("\\", 5000) + `"`}} {
		msg := didChangeMessage(t, texts...)
		out, lifted := liftChangeTexts(msg)
		if len(lifted) != len(texts) || len(out) > 400 {
			t.Fatalf("%d texts lifted, message left %d bytes", len(lifted), len(out))
		}
		want := unlift(t, msg, nil)
		if got := unlift(t, out, lifted); !reflect.DeepEqual(got, want) {
			t.Errorf("lifted message means something else")
		}
		for k, raw := range lifted {
			if got, err := unquoteJSON(raw); err != nil || string(got) != texts[k] {
				t.Errorf("text %d: %v", k, err)
			}
		}
	}
}

// Messages the fast path does not read are left whole for the general
// decoder.
func TestLiftLeavesOtherMessages(t *testing.T) {
	big := strings.Repeat("x", 5000)
	valid := string(didChangeMessage(t, big))
	cases := map[string]string{
		"small":          string(didChangeMessage(t, "def X;")),
		"other method":   strings.Replace(valid, "didChange", "didOpen", 1),
		"escaped key":    strings.Replace(valid, `"text"`, `"te\u0078t"`, 1),
		"escaped method": strings.Replace(valid, "textDocument/", `textDocument\/`, 1),
		"text twice":     strings.Replace(valid, `{"text":`, `{"text":"a","text":`, 1),
		"text a number":  strings.Replace(valid, `{"text":"`+big+`"}`, `{"text":1,"other":"`+big+`"}`, 1),
		"truncated":      valid[:len(valid)-3],
		"trailing":       valid + "x",
		"method twice":   strings.Replace(valid, `{`, `{"method":"textDocument/didChange",`, 1),
		"Text":           strings.Replace(valid, `{"text":`, `{"Text":"a","text":`, 1),
		"Method":         strings.Replace(valid, `{`, `{"Method":"x",`, 1),
		"deep":           strings.Replace(valid, `"version":2`, `"version":`+strings.Repeat("[", 100)+strings.Repeat("]", 100), 1),
	}
	for name, msg := range cases {
		out, lifted := liftChangeTexts([]byte(msg))
		if lifted != nil || string(out) != msg {
			t.Errorf("%s: lifted %d texts", name, len(lifted))
		}
	}
}

func FuzzLiftChangeTexts(f *testing.F) {
	pad := strings.Repeat(" ", liftMinSize)
	f.Add([]byte(didChangeMessage(f, pad+"def X;")))
	f.Add([]byte(didChangeMessage(f, pad+`\"`, "a")))
	f.Add([]byte(`{"method":"textDocument/didChange","params":{"contentChanges":[{"text":"` + pad + `\\"}]}}`))
	f.Fuzz(func(t *testing.T, msg []byte) {
		if len(msg) < liftMinSize {
			msg = append(msg, pad...)
		}
		out, lifted := liftChangeTexts(msg)
		if lifted == nil {
			if !bytes.Equal(out, msg) {
				t.Fatal("changed a message it did not lift from")
			}
			return
		}
		// Invalid JSON stays invalid: outside the texts in the message left
		// for the general decoder, inside them for unquoteJSON.
		valid := json.Valid(out)
		for _, raw := range lifted {
			if _, err := unquoteJSON(raw); err != nil {
				valid = false
			}
		}
		if valid != json.Valid(msg) {
			t.Fatalf("valid %v after lifting, %v before:\n%q", valid, !valid, msg)
		}
		if !valid {
			return
		}
		var want any
		if err := json.Unmarshal(msg, &want); err != nil {
			t.Fatal(err)
		}
		if got := unlift(t, out, lifted); !reflect.DeepEqual(got, want) {
			t.Fatalf("lifted message means something else:\n%s\n%s", msg, out)
		}
	})
}

// A large full-document change takes the lifted path through the real
// stream: the server sees exactly the text sent, escapes and all.
func TestLargeDidChangeThroughStream(t *testing.T) {
	s := start(t, map[string]string{"a.td": "class C<string s> { string v = s; }\n"}, Options{}, nil, nil)
	s.open("a.td")
	var b strings.Builder
	b.WriteString("class C<string s> { string v = s; }\n")
	for i := 0; b.Len() < 3*liftMinSize; i++ {
		fmt.Fprintf(&b, "def D%d : C<\"q\\\"é😀\t\">; // \u2028 \\ \"\n", i)
	}
	text := b.String() + "def Bad : Missing;\n"
	p := s.change("a.td", text)
	if len(p.Diagnostics) != 1 || !strings.Contains(p.Diagnostics[0].Message, "Missing") {
		t.Fatalf("diagnostics: %s", messages(p))
	}
	if got, want := p.Diagnostics[0].Range.Start.Line, uint32(strings.Count(text, "\n")-1); got != want {
		t.Errorf("error on line %d, want %d", got, want)
	}
	var h protocol.Hover
	if err := s.call("textDocument/hover", docAt(s, "a.td", 1, 5), &h); err != nil {
		t.Fatal(err)
	}
	if hv := fmt.Sprint(h.Contents); !strings.Contains(hv, "v = \"q\"é😀\t\";") { // printed as llvm-tblgen does, unescaped
		t.Errorf("hover on D0 does not show its value: %s", hv)
	}
}
