package lsp

import (
	"encoding/json"
	"math/rand"
	"os"
	"strings"
	"testing"
)

// TestUnquoteJSONAgreesWithEncodingJSON: the didChange fast path decodes
// every string encoding/json produces back to the same text, including
// escapes, non-ASCII text, surrogate pairs and real .td files, and turns
// lone surrogates into U+FFFD as encoding/json does.
func TestUnquoteJSONAgreesWithEncodingJSON(t *testing.T) {
	cases := []string{"", "plain", "a\"b\\c/d", "\b\f\n\r\t", "\x00\x01\x1f", "é 😀 中文", "<>&\u2028\u2029"}
	if b, err := os.ReadFile("/usr/lib/llvm-22/include/mlir/Dialect/Arith/IR/ArithOps.td"); err == nil {
		cases = append(cases, string(b))
	}
	rng := rand.New(rand.NewSource(1))
	alphabet := []rune("ab\"\\/\n\r\t\b\f\x00\x7fé😀\u2028{}[]$#")
	for i := 0; i < 2000; i++ {
		var sb strings.Builder
		for n := rng.Intn(40); n > 0; n-- {
			sb.WriteRune(alphabet[rng.Intn(len(alphabet))])
		}
		cases = append(cases, sb.String())
	}
	for _, want := range cases {
		raw, _ := json.Marshal(want)
		got, err := unquoteJSON(raw)
		if err != nil || string(got) != want {
			t.Fatalf("unquoteJSON(%s) = %q, %v; want %q", raw, got, err, want)
		}
	}
	// Escapes written by other clients: \u for ASCII, upper-case hex, pairs.
	for raw, want := range map[string]string{
		`"\u0041\u00e9"`:  "Aé",
		`"\uD83D\uDE00"`:  "😀",
		`"\ud83d\ude00x"`: "😀x",
		`"\uD83Dx"`:       "\uFFFDx",
		`"\uDE00\uD83D"`:  "\uFFFD\uFFFD",
		`"a\/b"`:          "a/b",
	} {
		var std string
		if err := json.Unmarshal([]byte(raw), &std); err != nil || std != want {
			t.Fatalf("test case %s: encoding/json gives %q, %v", raw, std, err)
		}
		got, err := unquoteJSON([]byte(raw))
		if err != nil || string(got) != want {
			t.Errorf("unquoteJSON(%s) = %q, %v; want %q", raw, got, err, want)
		}
	}
	for _, bad := range []string{`"\x"`, `"\u12"`, `"abc\"`, `abc`, `"\uZZZZ"`, "\"a\tb\"", "\"\x00\"", "\"0123456789\x1f\""} {
		if _, err := unquoteJSON([]byte(bad)); err == nil {
			t.Errorf("unquoteJSON(%s) accepted invalid input", bad)
		}
	}
}

func TestHasControlMatchesBytewise(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	b := make([]byte, 19)
	for i := 0; i < 200000; i++ {
		for k := range b {
			b[k] = byte(rng.Intn(256))
			if rng.Intn(3) > 0 { // mostly printable, as texts are
				b[k] = byte(0x20 + rng.Intn(0x60))
			}
		}
		want := false
		for _, c := range b {
			want = want || c < 0x20
		}
		if hasControl(b) != want {
			t.Fatalf("hasControl(%q) = %v", b, !want)
		}
	}
}
