package lsp

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap/zapcore"
)

// The log keeps the layout zap's development console encoder gives (it was
// written by package zap before): time, level, message, fields as JSON.
func TestLogLayout(t *testing.T) {
	var buf bytes.Buffer
	l := NewLogger(zapcore.AddSync(&buf), zapcore.InfoLevel)
	l.Info("indexed", stringField("s", "x\ty"), intField("n", -3), uint64Field("u", 1<<63),
		durationField("took", 1500*time.Millisecond), stringsField("dirs", []string{"a", "b"}),
		ErrorField(errors.New("boom")), ErrorField(nil))
	l.Debug("below the level")
	l.Error("panicked", anyField("panic", errors.New("boom")), anyField("q", "str"),
		anyField("config", struct{ A []int }{[]int{1}}), anyField("t", time.Second), bytesField("stack", []byte("a\nb")))
	l.Warn("settings", anyField("w", 7))
	want := []string{
		"INFO\tindexed\t" + `{"s": "x\ty", "n": -3, "u": 9223372036854775808, "took": "1.5s", "dirs": ["a", "b"], "error": "boom"}`,
		"ERROR\tpanicked\t" + `{"panic": "boom", "q": "str", "config": {"A":[1]}, "t": "1s", "stack": "a\nb"}`,
		"WARN\tsettings\t" + `{"w": 7}`,
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), buf.String())
	}
	for i, line := range lines {
		stamp, rest, _ := strings.Cut(line, "\t")
		if _, err := time.Parse("2006-01-02T15:04:05.000Z0700", stamp); err != nil {
			t.Errorf("line %d: time %q: %v", i+1, stamp, err)
		}
		if rest != want[i] {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, rest, want[i])
		}
	}
}
