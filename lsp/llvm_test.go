package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeMLIRTblgen writes a script that answers --version as an mlir-tblgen
// of that release does.
func fakeMLIRTblgen(t *testing.T, version string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "bin", "mlir-tblgen")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	script := "#!/bin/sh\nprintf 'LLVM (http://llvm.org/):\\n  LLVM version " + version + "\\n  Optimized build.\\n'\n"
	if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// llvmReports waits until the client has n tdls/llvm notifications and
// returns them.
func (s *session) llvmReports(n int) []llvmStatus {
	s.t.Helper()
	deadline := time.Now().Add(hangBound)
	for {
		raw := s.client.Notifications("tdls/llvm")
		if len(raw) >= n || time.Now().After(deadline) {
			var out []llvmStatus
			for _, r := range raw {
				var st llvmStatus
				if err := json.Unmarshal(r, &st); err != nil {
					s.t.Fatal(err)
				}
				out = append(out, st)
			}
			if len(out) < n {
				s.t.Fatalf("%d tdls/llvm notifications, want %d: %+v", len(out), n, out)
			}
			return out
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// versionMessages are the window/showMessage texts about the LLVM release.
func (s *session) versionMessages() []string { return s.shownMessages("your LLVM is") }

// shownMessages are the window/showMessage texts that contain part.
func (s *session) shownMessages(part string) []string {
	var out []string
	for _, m := range s.client.ShownMessages() {
		if strings.Contains(m.Message, part) {
			out = append(out, m.Message)
		}
	}
	return out
}

// The server finds the user's LLVM, tells the status (tdls/llvm) after
// initialized and after settings that may change it, and shows once per
// release, in a window message, which checks may disagree when it is not
// LLVM 22.
func TestServerLLVMVersion(t *testing.T) {
	newer := fakeMLIRTblgen(t, "23.0.0git")
	older := fakeMLIRTblgen(t, "21.1.8")
	s := start(t, map[string]string{"a.td": "def A;\n"}, Options{}, map[string]any{"mlirTblgen": newer}, nil)
	st := s.llvmReports(1)[0]
	if !st.Found || st.Version != "23.0.0git" || st.Major != 23 || st.Modelled != 22 || st.Path != newer || st.From != "mlir-tblgen --version" {
		t.Fatalf("tdls/llvm = %+v", st)
	}
	for _, part := range []string{"tdls models LLVM/MLIR 22; your LLVM is 23.0.0git", "ODS ", "(ods-*, transform-*)", "DRR ", "(drr-*, pattern-*)", "syntax-bang", "drr-unknown-directive", "native previews"} {
		if !strings.Contains(st.Notice, part) {
			t.Errorf("notice lacks %q:\n%s", part, st.Notice)
		}
	}
	waitFor := func(n int) []string {
		deadline := time.Now().Add(hangBound)
		for len(s.versionMessages()) < n && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		return s.versionMessages()
	}
	if msgs := waitFor(1); len(msgs) != 1 || msgs[0] != "tdls: "+st.Notice {
		t.Fatalf("window messages %q, want the notice once", msgs)
	}

	push := func(settings map[string]any) {
		if err := s.client.Notify(s.ctx, "workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"tdls": settings}}); err != nil {
			t.Fatal(err)
		}
	}
	// Another release: told again; back to the first: the status follows,
	// the message is not shown a second time.
	push(map[string]any{"mlirTblgen": older})
	if st := s.llvmReports(2)[1]; st.Version != "21.1.8" || !strings.Contains(st.Notice, "What LLVM 22 added is accepted") {
		t.Errorf("after the change: %+v", st)
	}
	push(map[string]any{"mlirTblgen": newer})
	if st := s.llvmReports(3)[2]; st.Version != "23.0.0git" {
		t.Errorf("after the change back: %+v", st)
	}
	// A change that cannot change the release sends nothing.
	push(map[string]any{"mlirTblgen": newer, "severity": map[string]string{"ods-summary-*": "off"}})
	msgs := waitFor(2)
	time.Sleep(200 * time.Millisecond)
	if msgs = s.versionMessages(); len(msgs) != 2 || !strings.Contains(msgs[1], "your LLVM is 21.1.8") {
		t.Errorf("window messages %q, want one for 23.0.0git and one for 21.1.8", msgs)
	}
	if n := len(s.client.Notifications("tdls/llvm")); n != 3 {
		t.Errorf("%d tdls/llvm notifications, want 3", n)
	}
}

// The modelled release found through the include directories: the status
// says so and no message is shown.
func TestServerLLVMModelled(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{"a.td": "def A;\n"}, Options{}, map[string]any{"includeDirs": []string{llvmInclude}}, nil)
	st := s.llvmReports(1)[0]
	if !st.Found || st.Major != 22 || st.Notice != "" || st.Path != "/usr/lib/llvm-22/bin/mlir-tblgen" {
		t.Errorf("tdls/llvm = %+v", st)
	}
	time.Sleep(200 * time.Millisecond)
	if msgs := s.versionMessages(); len(msgs) != 0 {
		t.Errorf("window messages %q for the modelled release", msgs)
	}
}

// With an LLVM newer than 22, an unknown bang operator may be one of that
// LLVM: the server reports it as a warning; back to an older LLVM, an
// error again.
func TestServerNewerLLVMSeverity(t *testing.T) {
	newer := fakeMLIRTblgen(t, "23.0.0git")
	older := fakeMLIRTblgen(t, "21.1.8")
	s := start(t, map[string]string{"b.td": "def A {\n  int i = !newop(1, 2);\n}\n"}, Options{}, map[string]any{"mlirTblgen": newer}, nil)
	s.llvmReports(1)
	s.open("b.td")
	if got := s.settleUntil("b.td", "syntax-bang=warning"); got != "syntax-bang=warning" {
		t.Fatalf("with LLVM 23: %s", got)
	}
	if err := s.client.Notify(s.ctx, "workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"tdls": map[string]any{"mlirTblgen": older}}}); err != nil {
		t.Fatal(err)
	}
	if got := s.settleUntil("b.td", "syntax-bang=error"); got != "syntax-bang=error" {
		t.Fatalf("with LLVM 21: %s", got)
	}
}
