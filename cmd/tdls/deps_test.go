package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoNetHTTP keeps net/http and what it brings (crypto/tls, mime, ...)
// out of the binary: every `tdls check` would pay their package
// initialisation and resident pages (1.1 MB of peak RSS on an empty file).
// They come back with any import of package go.uber.org/zap (only its
// zapcore is used) or of go.lsp.dev/protocol's unpatched release (see
// third_party/go.lsp.dev/protocol/README.md).
func TestNoNetHTTP(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		switch p {
		case "net/http", "crypto/tls", "go.uber.org/zap":
			t.Errorf("tdls links %s", p)
		}
	}
}
