package lsp

import (
	"os"
	"strings"
	"testing"

	"go.lsp.dev/uri"

	"tdls/codegen"
	"tdls/toolchain/trapped"
)

// trapSession opens the trapped workspace's root in a server with the
// machine's LLVM searched, settings that name the repository's own
// mlir-tblgen and the mlir-tblgen preview engine.
func trapSession(t *testing.T, w *trapped.Workspace, opts Options, initOptions map[string]any, config any) *session {
	t.Helper()
	settings := map[string]any{"preview": map[string]any{"engine": "mlir-tblgen"}}
	for k, v := range initOptions {
		settings[k] = v
	}
	s := startIn(t, w.Dir, opts, settings, config, nil)
	if d := s.open("Trap.td"); len(d.Diagnostics) != 0 {
		t.Fatalf("the trapped workspace's root has diagnostics: %s", messages(d))
	}
	return s
}

// askEverything sends every request kind the server handles (at the
// root's start, on the op, on the pattern) and asks every generator's
// preview of the whole root; it returns the tools the previews ran.
func askEverything(t *testing.T, s *session, w *trapped.Workspace) (tools []string, requests int) {
	t.Helper()
	u := uri.File(w.Root)
	for _, a := range auditedRequests() {
		for _, at := range [][2]int{{0, 0}, {8, 6}, {16, 24}} {
			var out any
			_ = s.call(a.method, requestParams(a, u, at[0], at[1])[0], &out)
			requests++
		}
	}
	for _, g := range codegen.Generators() {
		var r generatedResult
		if err := s.call(generatedCodeMethod, map[string]any{"uri": u, "generator": g.Name}, &r); err == nil && r.Tool != "" {
			tools = append(tools, r.Tool)
		}
		requests++
	}
	return tools, requests
}

// A repository is untrusted input (SECURITY.md). Opened untrusted, with
// its own bin/ first on PATH and settings naming its own mlir-tblgen (as
// a .vscode/settings.json could), every request kind and every preview
// generator runs none of the executables it holds or names; the user's
// LLVM is read from the CMake files it names; the previews run the
// machine's mlir-tblgen and say once why the workspace's did not. Trust
// can come from the client only, never from workspace/configuration.
func TestUntrustedWorkspaceRunsNothing(t *testing.T) {
	needMLIR(t)
	w := trapped.New(t, llvmInclude, mlirTblgenBin)
	t.Setenv("PATH", w.PathDir+string(os.PathListSeparator)+os.Getenv("PATH"))
	// A repository's settings file answering workspace/configuration
	// cannot grant trust.
	config := map[string]any{"workspaceTrusted": true, "trustedFolders": []string{w.Dir}, "mlirTblgen": w.SettingsTblgen}
	s := trapSession(t, w, Options{}, map[string]any{"mlirTblgen": w.SettingsTblgen}, config)
	st := s.llvmReports(1)[0]
	if !st.Found || st.Version != "22.1.8" || st.From != "MLIRConfigVersion.cmake" {
		t.Errorf("the release of the untrusted build: %+v, want 22.1.8 read from the MLIRConfigVersion.cmake its CMake cache names", st)
	}
	tools, n := askEverything(t, s, w)
	s.settle()
	if ran := w.Ran(); len(ran) != 0 {
		t.Fatalf("an untrusted workspace's executables ran:\n%s", strings.Join(ran, "\n"))
	}
	for _, tool := range tools {
		if strings.HasPrefix(tool, w.Dir) {
			t.Errorf("a preview names the workspace's tool %s", tool)
		}
	}
	if len(tools) == 0 {
		t.Errorf("no preview ran the machine's mlir-tblgen")
	}
	if msgs := s.shownMessages("not run: "); len(msgs) != 1 || !strings.Contains(msgs[0], "trust the folder") {
		t.Errorf("want one message saying what was not run and how to trust the folder, got %q", msgs)
	}
	t.Logf("untrusted: %d requests of %d kinds and %d generators, %d previews on the machine's mlir-tblgen, 0 of %d traps ran", n, len(auditedRequests()), len(codegen.Generators()), len(tools), len(w.Traps))
}

// Trusted (tdls serve --trust, the client's workspaceTrusted or its
// trusted folders, or trust granted during the session), the build
// tree's mlir-tblgen serves the previews and says the release.
func TestTrustedWorkspaceRunsItsBuild(t *testing.T) {
	needMLIR(t)
	w := trapped.New(t, llvmInclude, mlirTblgenBin)
	opDecls := func(s *session) string {
		t.Helper()
		var r generatedResult
		if err := s.call(generatedCodeMethod, map[string]any{"uri": uri.File(w.Root), "generator": "op-decls"}, &r); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(r.Text, "class AddOp") {
			t.Errorf("op-decls preview:\n%s", r.Text)
		}
		return r.Tool
	}
	for _, c := range []struct {
		name string
		opts Options
		init map[string]any
	}{
		{"tdls serve --trust", Options{Trust: true}, nil},
		{"workspaceTrusted", Options{}, map[string]any{"workspaceTrusted": true}},
		{"trustedFolders", Options{}, map[string]any{"trustedFolders": []string{string(uri.File(w.Dir))}}},
	} {
		w.Reset()
		s := trapSession(t, w, c.opts, c.init, nil)
		if st := s.llvmReports(1)[0]; st.Path != w.BuildTblgen || st.From != "mlir-tblgen --version" {
			t.Errorf("%s: the release: %+v, want the build tree's mlir-tblgen --version", c.name, st)
		}
		if tool := opDecls(s); !strings.HasPrefix(tool, w.BuildTblgen) {
			t.Errorf("%s: the preview ran %q, want the build tree's", c.name, tool)
		}
		if ran := strings.Join(w.Ran(), "\n"); !strings.Contains(ran, w.BuildTblgen+" --gen-op-decls") {
			t.Errorf("%s: the build tree's mlir-tblgen did not serve the preview; ran:\n%s", c.name, ran)
		}
	}

	w.Reset()
	s := trapSession(t, w, Options{}, nil, nil)
	if tool := opDecls(s); strings.HasPrefix(tool, w.Dir) {
		t.Errorf("before trust: the preview ran %s", tool)
	}
	if err := s.client.Notify(s.ctx, didChangeTrustMethod, map[string]any{"workspaceTrusted": true}); err != nil {
		t.Fatal(err)
	}
	if tool := opDecls(s); !strings.HasPrefix(tool, w.BuildTblgen) {
		t.Errorf("trust granted: the preview ran %q, want the build tree's", tool)
	}
}
