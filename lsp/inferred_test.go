package lsp

import (
	"os"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// A project whose includes are written from include/, opened with nothing
// configured: no include error, the inferred directory shown once, and the
// source action's command writes the .tdls.yaml the server then uses.
func TestServerInfersIncludeRoots(t *testing.T) {
	files := map[string]string{
		"include/toy/Base.td": "class ToyOp<string m> { string mnemonic = m; }\n",
		"include/toy/Ops.td":  "include \"toy/Base.td\"\ndef AddOp : ToyOp<\"add\">;\n",
		"lib/Patterns.td":     "include \"toy/Ops.td\"\ndef UsesAdd { string m = AddOp.mnemonic; }\n",
		"lib/More.td":         "include \"toy/Base.td\"\ndef MulOp : ToyOp<\"mul\">;\n",
	}
	s := start(t, files, Options{}, nil, nil)
	for _, name := range []string{"lib/Patterns.td", "lib/More.td"} {
		if pub := s.open(name); len(pub.Diagnostics) > 0 {
			t.Fatalf("%s with nothing configured: %s", name, messages(pub))
		}
	}
	var shown []string
	for deadline := time.Now().Add(hangBound); len(shown) == 0 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		for _, m := range s.client.ShownMessages() {
			if strings.Contains(m.Message, "include directories inferred") {
				shown = append(shown, m.Message)
			}
		}
	}
	if len(shown) != 1 || !strings.Contains(shown[0], "`include/`") {
		t.Fatalf("messages about the inference: %q, want one naming include/", shown)
	}

	var action *protocol.CodeAction
	for _, a := range s.codeActions("lib/Patterns.td", protocol.Range{}, string(protocol.Source)) {
		if a.Command != nil && a.Command.Command == writeProjectConfigCommand {
			action = &a
		}
	}
	if action == nil {
		t.Fatalf("no write-.tdls.yaml source action")
	}
	var res map[string]any
	if err := s.call("workspace/executeCommand", map[string]any{"command": action.Command.Command, "arguments": action.Command.Arguments}, &res); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(s.path(".tdls.yaml"))
	if err != nil {
		t.Fatalf("the command wrote no .tdls.yaml: %v (result %v)", err, res)
	}
	if !strings.Contains(string(data), "  - include  #") {
		t.Errorf(".tdls.yaml:\n%s", data)
	}
	// Configured now: no source action, and still no error.
	for _, a := range s.codeActions("lib/Patterns.td", protocol.Range{}, string(protocol.Source)) {
		if a.Command != nil && a.Command.Command == writeProjectConfigCommand {
			t.Errorf("the action is still offered under the written .tdls.yaml")
		}
	}
	if got := s.settleUntil("lib/Patterns.td", ""); got != "" {
		t.Errorf("under the written .tdls.yaml: %s", got)
	}
}
