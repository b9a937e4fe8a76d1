package lsp

import (
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"tdls/analysis"
)

// configOps raises a style lint (ods-summary-period) and a transform-op
// warning (transform-memory-effects).
const configOps = `include "mlir/IR/OpBase.td"
include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
def Test_Dialect : Dialect { let name = "test"; }
def AddOp : Op<Test_Dialect, "add"> { let summary = "Adds."; }
def ScaleOp : Op<Transform_Dialect, "test.scale", [DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let arguments = (ins TransformHandleTypeInterface:$target);
}
`

// levels lists "code=severity" of published diagnostics, sorted.
func levels(p protocol.PublishDiagnosticsParams) string {
	names := map[protocol.DiagnosticSeverity]string{protocol.DiagnosticSeverityError: "error", protocol.DiagnosticSeverityWarning: "warning",
		protocol.DiagnosticSeverityInformation: "information", protocol.DiagnosticSeverityHint: "hint"}
	var out []string
	for _, d := range p.Diagnostics {
		code, _ := d.Code.(string)
		out = append(out, code+"="+names[d.Severity])
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// settleUntil waits until the file's diagnostics read want: settings and
// .tdls.yaml changes apply in the background, after the messages that
// caused them.
func (s *session) settleUntil(name, want string) string {
	s.t.Helper()
	deadline := time.Now().Add(hangBound)
	got := ""
	for time.Now().Before(deadline) {
		if got = levels(s.settled(name)); got == want {
			return got
		}
		time.Sleep(50 * time.Millisecond)
	}
	return got
}

// The server applies the .tdls.yaml above a file (its include directories
// and levels), follows its changes on disk, and puts the editor's severity
// settings over it and --severity over both.
func TestServerProjectConfig(t *testing.T) {
	needMLIR(t)
	files := map[string]string{
		"src/ops.td": configOps,
		".tdls.yaml": "includeDirs: [" + llvmInclude + "]\nseverity:\n  transform-*: error\n",
	}
	s := start(t, files, Options{}, nil, nil)
	// The file's rules; the style lint is a hint.
	s.open("src/ops.td")
	if got := s.settleUntil("src/ops.td", "ods-summary-period=hint transform-memory-effects=error"); got != "ods-summary-period=hint transform-memory-effects=error" {
		t.Fatalf("with the project's .tdls.yaml: %s", got)
	}

	// The file changes on disk: the watcher's event applies it.
	writeFiles(t, s.dir, map[string]string{".tdls.yaml": "includeDirs: [" + llvmInclude + "]\nseverity:\n  ods-*: warning\n  transform-memory-effects: off\n"})
	if err := s.client.Notify(s.ctx, "workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{
		{"uri": uri.File(s.path(".tdls.yaml")), "type": protocol.FileChangeTypeChanged}}}); err != nil {
		t.Fatal(err)
	}
	if got := s.settleUntil("src/ops.td", "ods-summary-period=warning"); got != "ods-summary-period=warning" {
		t.Fatalf("after the .tdls.yaml changed: %s", got)
	}

	// The editor's settings over the file: an exact code over the file's
	// exact code, a prefix under the file's exact code.
	if err := s.client.Notify(s.ctx, "workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"tdls": map[string]any{
		"severity": map[string]string{"transform-memory-effects": "information", "ods-summary-period": "error", "transform-*": "off"}}}}); err != nil {
		t.Fatal(err)
	}
	if got := s.settleUntil("src/ops.td", "ods-summary-period=error transform-memory-effects=information"); got != "ods-summary-period=error transform-memory-effects=information" {
		t.Fatalf("with the editor's settings: %s", got)
	}

	// A change on disk that no event announces is seen at the next edit.
	writeFiles(t, s.dir, map[string]string{".tdls.yaml": "includeDirs: [" + llvmInclude + "]\nseverity:\n  ods-summary-period: off\n"})
	os.Chtimes(s.path(".tdls.yaml"), time.Now().Add(time.Second), time.Now().Add(time.Second))
	s.change("src/ops.td", configOps+"\n")
	if got := s.settleUntil("src/ops.td", "ods-summary-period=error transform-memory-effects=information"); got != "ods-summary-period=error transform-memory-effects=information" {
		t.Fatalf("the editor's settings stay over the file: %s", got)
	}
	if err := s.client.Notify(s.ctx, "workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"tdls": map[string]any{}}}); err != nil {
		t.Fatal(err)
	}
	if got := s.settleUntil("src/ops.td", "transform-memory-effects=warning"); got != "transform-memory-effects=warning" {
		t.Fatalf("with the edited .tdls.yaml alone: %s", got)
	}
}

// --severity is above the editor's settings; what is wrong in the
// settings or the .tdls.yaml is shown to the user.
func TestServerSeverityPrecedenceAndProblems(t *testing.T) {
	needMLIR(t)
	files := map[string]string{
		"ops.td":     configOps,
		".tdls.yaml": "includeDirs: [" + llvmInclude + "]\nseverity:\n  ods-sumary-period: off\n",
	}
	cmdline, err := analysis.ParseSeverityRule("transform-memory-effects=error", analysis.FromCommandLine)
	if err != nil {
		t.Fatal(err)
	}
	init := map[string]any{"severity": map[string]string{"transform-memory-effects": "off", "ods-summary-period": "warning", "nope-*": "error"}}
	s := start(t, files, Options{Severity: []analysis.SeverityRule{cmdline}}, init, nil)
	s.open("ops.td")
	if got := s.settleUntil("ops.td", "ods-summary-period=warning transform-memory-effects=error"); got != "ods-summary-period=warning transform-memory-effects=error" {
		t.Fatalf("got %s", got)
	}
	var shown []string
	for deadline := time.Now().Add(hangBound); time.Now().Before(deadline); {
		shown = nil
		for _, m := range s.client.ShownMessages() {
			shown = append(shown, m.Message)
		}
		if j := strings.Join(shown, "\n"); strings.Contains(j, "nope-") && strings.Contains(j, "ods-sumary-period") {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Errorf("the bad setting and the bad .tdls.yaml rule were not shown: %q", shown)
}

func TestSeveritySettingsParse(t *testing.T) {
	for raw, want := range map[string]int{
		`{"tdls": {"severity": {"drr-*": "off", "ods-summary-period": "error"}}}`: 2,
		`{"severity": {"drr-*": "off"}}`:                                          1,
		`{"tdls": {"severity": [], "includeDirs": ["a"]}}`:                        0,
	} {
		st, ok := parseSettings([]byte(raw))
		if !ok || len(st.Severity) != want {
			t.Errorf("%s: %v %+v", raw, ok, st)
		}
	}
	st, _ := parseSettings([]byte(`{"tdls": {"severity": {"drr-*": "off", "nope": "error", "ods-summary-period": "loud"}}}`))
	rules, problems := st.severityRules()
	if len(rules) != 1 || rules[0].Pattern != "drr-*" || rules[0].Source != analysis.FromEditor || len(problems) != 2 {
		t.Errorf("rules %+v, problems %q", rules, problems)
	}
}
