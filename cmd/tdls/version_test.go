package main

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"tdls/toolchain"
)

func TestBuildFromVCSStamp(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Settings: []debug.BuildSetting{
		{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "415a00f9a49ccbcdf7da544e50ed6eabd2cf4a40"},
		{Key: "vcs.time", Value: "2026-11-22T03:39:52Z"},
		{Key: "vcs.modified", Value: "true"},
	}}
	b := buildFrom(bi)
	if b.Revision != "415a00f9a49ccbcdf7da544e50ed6eabd2cf4a40" || b.Time != "2026-11-22T03:39:52Z" || !b.Modified || b.GoVersion != "go1.26.8" {
		t.Fatalf("buildFrom = %+v", b)
	}
	if got, want := b.ServerVersion(), release+"+415a00f9a49c-dirty"; got != want {
		t.Errorf("ServerVersion = %q, want %q", got, want)
	}
	var out bytes.Buffer
	writeVersion(&out, b)
	want := []string{
		"tdls " + release,
		"revision: 415a00f9a49ccbcdf7da544e50ed6eabd2cf4a40 (2026-11-22T03:39:52Z) with uncommitted changes",
		"go:       go1.26.8 " + runtime.GOOS + "/" + runtime.GOARCH,
	}
	got := lines(out.String())
	for i, w := range want {
		if i >= len(got) || got[i] != w {
			t.Errorf("line %d = %q, want %q\n%s", i+1, got[i], w, out.String())
		}
	}
	if !strings.Contains(out.String(), "models:   LLVM/MLIR 22 ") {
		t.Errorf("no modelled LLVM line:\n%s", out.String())
	}
}

func TestBuildWithoutVCSStamp(t *testing.T) {
	b := buildFrom(&debug.BuildInfo{GoVersion: "go1.26.8"})
	if b.ServerVersion() != release {
		t.Errorf("ServerVersion = %q, want %q", b.ServerVersion(), release)
	}
	if !strings.HasPrefix(b.revision(), "unknown") {
		t.Errorf("revision = %q", b.revision())
	}
	if b := buildFrom(nil); b.GoVersion != runtime.Version() {
		t.Errorf("without build info: %+v", b)
	}
}

// `tdls --version` and `tdls version` print the same; other arguments are a
// usage error.
func TestVersionCommandLine(t *testing.T) {
	capture := func(args ...string) (string, int) {
		out, _, code := runCaptured(t, args...)
		return out, code
	}
	long, code := capture("--version")
	if code != 0 || !strings.HasPrefix(long, "tdls "+release+"\n") {
		t.Fatalf("tdls --version: exit %d\n%s", code, long)
	}
	if sub, code := capture("version"); code != 0 || sub != long {
		t.Errorf("tdls version: exit %d\n%s\nwant\n%s", code, sub, long)
	}
	if _, code := capture("version", "extra"); code != 2 {
		t.Errorf("tdls version extra: exit %d, want 2", code)
	}
}

// The editor packages are released with the server: one version.
func TestReleaseMatchesEditorPackages(t *testing.T) {
	data, err := os.ReadFile("../../editors/vscode/package.json")
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct{ Version, License string }
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	if pkg.Version != release {
		t.Errorf("editors/vscode/package.json version %q, tdls release %q", pkg.Version, release)
	}
	if pkg.License != "Apache-2.0 WITH LLVM-exception" {
		t.Errorf("package.json license %q", pkg.License)
	}
	for _, path := range []string{"../../CHANGELOG.md", "../../editors/vscode/CHANGELOG.md"} {
		changelog, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// the newest release's entry, after the changes not yet released
		var first [][]byte
		for _, m := range regexp.MustCompile(`(?m)^## (\S+)`).FindAllSubmatch(changelog, -1) {
			if string(m[1]) != "Unreleased" {
				first = m
				break
			}
		}
		if first == nil || string(first[1]) != release {
			t.Errorf("%s's newest entry is %q, want %q", path, first, release)
		}
	}
	el, err := os.ReadFile("../../editors/emacs/tdls.el")
	if err != nil {
		t.Fatal(err)
	}
	header := regexp.MustCompile(`(?m)^;; Version: (\S+)$`).FindSubmatch(el)
	if header == nil || string(header[1]) != release {
		t.Errorf("tdls.el's Version header is %q, want %q", header, release)
	}
}

// tdls version names the user's LLVM and, when it is not the modelled
// release, which checks may disagree; on this machine, LLVM 22's.
func TestVersionNamesUserLLVM(t *testing.T) {
	var out bytes.Buffer
	writeLLVM(&out, toolchain.LLVM{Version: "23.0.0git", Major: 23, From: "mlir-tblgen --version", Path: "/opt/llvm/bin/mlir-tblgen"}, true)
	got := out.String()
	for _, want := range []string{"llvm:     23.0.0git (mlir-tblgen --version of /opt/llvm/bin/mlir-tblgen)\n", "note:     tdls models LLVM/MLIR 22; your LLVM is 23.0.0git", "syntax-bang"} {
		if !strings.Contains(got, want) {
			t.Errorf("tdls version lacks %q:\n%s", want, got)
		}
	}
	out.Reset()
	writeLLVM(&out, toolchain.LLVM{}, false)
	if !strings.HasPrefix(out.String(), "llvm:     not found") {
		t.Errorf("without an LLVM: %q", out.String())
	}
	if _, err := os.Stat("/usr/lib/llvm-22/bin/mlir-tblgen"); err != nil {
		t.Skip("SKIP: LLVM 22 is not installed")
	}
	l, found := userLLVM(t.TempDir(), runTrust{})
	if !found || l.Major != 22 {
		t.Errorf("on this machine: %+v, %v; want LLVM 22", l, found)
	}
	out.Reset()
	writeLLVM(&out, l, found)
	if strings.Contains(out.String(), "note:") {
		t.Errorf("a note for the modelled release:\n%s", out.String())
	}
}
