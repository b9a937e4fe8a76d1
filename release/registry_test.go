package release

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"tdls/lsp/lsptest"
)

// The files users and registries install tdls from (besides the release
// itself): Mason's package definition, Helix's languages.toml, the GitHub
// Action. Neovim's lsp/tdls.lua runs in editors/nvim/test; the wheels in
// TestDistWheels.

// pythonLoad parses a YAML or TOML file with Python (PyYAML, tomllib) into
// JSON-shaped values, skipping loudly when that Python is missing.
func pythonLoad(t *testing.T, kind, path string) map[string]any {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("SKIP: python3 is missing (apt-get install -y python3 python3-yaml)")
	}
	var script string
	switch kind {
	case "yaml":
		script = "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)"
	case "toml":
		script = "import json, sys, tomllib; json.dump(tomllib.load(open(sys.argv[1], 'rb')), sys.stdout)"
	}
	probe := map[string]string{"yaml": "import yaml", "toml": "import tomllib"}[kind]
	if out, err := exec.Command(py, "-c", probe).CombinedOutput(); err != nil {
		t.Skipf("SKIP: %s cannot %s (PyYAML: apt-get install -y python3-yaml; tomllib: Python 3.11+): %s", py, probe, out)
	}
	out, err := exec.Command(py, "-c", script, path).Output()
	if err != nil {
		t.Fatalf("%s does not parse as %s: %v", path, kind, stderrOf(err))
	}
	var doc map[string]any
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return err.Error() + ": " + string(ee.Stderr)
	}
	return err.Error()
}

// masonTargets are Mason's names of the release platforms.
var masonTargets = map[string]string{
	"linux/amd64": "linux_x64", "linux/arm64": "linux_arm64",
	"darwin/amd64": "darwin_x64", "darwin/arm64": "darwin_arm64",
	"windows/amd64": "win_x64", "windows/arm64": "win_arm64",
}

// masonExpand expands the templates a Mason definition may use in asset
// names: {{ version }} and {{ version | strip_prefix "v" }}; any other
// expression is an error, so that a name the test cannot check fails.
func masonExpand(s, version string) (string, error) {
	var bad error
	out := regexp.MustCompile(`\{\{([^}]*)\}\}`).ReplaceAllStringFunc(s, func(m string) string {
		expr := strings.Join(strings.Fields(m[2:len(m)-2]), " ")
		switch expr {
		case "version":
			return version
		case `version | strip_prefix "v"`:
			return strings.TrimPrefix(version, "v")
		}
		bad = fmt.Errorf("unknown template %s in %q", m, s)
		return m
	})
	return out, bad
}

// TestRegistryMason checks release/mason/package.yaml against the rules of
// Mason's registry schema (mason-org/registry-schema: package.schema.json
// and the github release source) and against the release: the purl names
// this repository at the release's tag, and each of the six platforms'
// assets is the archive release/dist.sh writes for it, its bin the binary
// inside. With TDLS_DIST set, every asset must exist there.
func TestRegistryMason(t *testing.T) {
	pkg := pythonLoad(t, "yaml", "mason/package.yaml")
	version := extensionVersion(t)

	// package.schema.json: required keys, no others.
	for _, k := range []string{"name", "description", "homepage", "licenses", "languages", "categories", "source"} {
		if _, ok := pkg[k]; !ok {
			t.Errorf("no %s (required by the schema)", k)
		}
	}
	known := []string{"name", "description", "homepage", "licenses", "languages", "categories", "deprecation", "source", "schemas", "bin", "share", "opt", "neovim", "ci_skip"}
	for k := range pkg {
		if !slices.Contains(known, k) {
			t.Errorf("key %s is not in the schema (additionalProperties: false)", k)
		}
	}
	if pkg["name"] != "tdls" {
		t.Errorf("name %v", pkg["name"])
	}
	if h, _ := pkg["homepage"].(string); !regexp.MustCompile(`^https?://`).MatchString(h) {
		t.Errorf("homepage %q is not an http(s) URL", h)
	}
	licenses, _ := pkg["licenses"].([]any)
	spdx := regexp.MustCompile(`^[a-zA-Z0-9-.:]+\+?(?: +(?:WITH|AND|OR) +[a-zA-Z0-9-.:]+\+?)*$`)
	if len(licenses) == 0 {
		t.Error("licenses: at least one")
	}
	for _, l := range licenses {
		if s, _ := l.(string); !spdx.MatchString(s) || s != "Apache-2.0 WITH LLVM-exception" {
			t.Errorf("license %v: want the SPDX expression of LICENSE, Apache-2.0 WITH LLVM-exception", l)
		}
	}
	if _, ok := pkg["languages"].([]any); !ok {
		t.Errorf("languages %v is not a list", pkg["languages"])
	}
	categories, _ := pkg["categories"].([]any)
	for _, c := range categories {
		if !slices.Contains([]any{"Compiler", "DAP", "Formatter", "LSP", "Linter", "Runtime"}, c) {
			t.Errorf("category %v is not one of the schema's", c)
		}
	}
	if !slices.Contains(categories, any("LSP")) {
		t.Errorf("categories %v: want LSP", categories)
	}

	// The github release source: an id with a version, assets by target.
	source, _ := pkg["source"].(map[string]any)
	id, _ := source["id"].(string)
	if !regexp.MustCompile(`^pkg:github/.+/.+@.+`).MatchString(id) {
		t.Fatalf("source.id %q is not a pkg:github purl with a version", id)
	}
	if want := "pkg:github/tdls/tdls@v" + version; id != want {
		t.Errorf("source.id %q, want %q (this release's tag)", id, want)
	}
	if _, ok := source["supported_platforms"]; ok {
		t.Error("a github release source may not set supported_platforms")
	}
	tag := id[strings.LastIndex(id, "@")+1:]
	assets, _ := source["asset"].([]any)
	seen := map[string]bool{}
	for _, a := range assets {
		asset, _ := a.(map[string]any)
		target, _ := asset["target"].(string)
		file, _ := asset["file"].(string)
		binPath, _ := asset["bin"].(string)
		var p *platform
		for i := range platforms {
			if masonTargets[platforms[i].goos+"/"+platforms[i].goarch] == target {
				p = &platforms[i]
			}
		}
		if p == nil {
			t.Errorf("asset target %q is none of the release's platforms", target)
			continue
		}
		if seen[target] {
			t.Errorf("target %s listed twice", target)
		}
		seen[target] = true
		name, err := masonExpand(file, tag)
		if err != nil {
			t.Error(err)
		}
		if name != p.archive(version) {
			t.Errorf("%s: file %q expands to %q, but release/dist.sh writes %q", target, file, name, p.archive(version))
		}
		binName, err := masonExpand(binPath, tag)
		if err != nil {
			t.Error(err)
		}
		top := strings.TrimSuffix(strings.TrimSuffix(p.archive(version), ".tar.gz"), ".zip")
		if binName != top+"/"+p.exe() {
			t.Errorf("%s: bin %q expands to %q, want %q (the binary in the archive)", target, binPath, binName, top+"/"+p.exe())
		}
		if dir := os.Getenv("TDLS_DIST"); dir != "" {
			if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
				t.Errorf("%s: %v", target, err)
			}
		}
	}
	if len(seen) != len(platforms) {
		t.Errorf("%d targets, want the %d platforms of the release", len(seen), len(platforms))
	}

	// bin: names to strings; tdls from the asset's bin.
	bin, _ := pkg["bin"].(map[string]any)
	for k, v := range bin {
		if _, ok := v.(string); !ok || !regexp.MustCompile(`^[a-zA-Z0-9_\-.]+$`).MatchString(k) {
			t.Errorf("bin %s: %v", k, v)
		}
	}
	if !reflect.DeepEqual(bin, map[string]any{"tdls": "{{source.asset.bin}}"}) {
		t.Errorf("bin %v, want tdls: {{source.asset.bin}}", bin)
	}
	// mason-lspconfig maps the package to nvim-lspconfig's config of
	// that name: the one editors/nvim/lsp holds.
	nvim, _ := pkg["neovim"].(map[string]any)
	if lc, _ := nvim["lspconfig"].(string); lc != "tdls" {
		t.Errorf("neovim.lspconfig %q", lc)
	} else if _, err := os.Stat("../editors/nvim/lsp/" + lc + ".lua"); err != nil {
		t.Errorf("neovim.lspconfig %q: %v", lc, err)
	}
	if !t.Failed() {
		t.Logf("registry: mason package.yaml ok (%d targets, %s)", len(seen), id)
	}
}

// buildTdls builds cmd/tdls into a directory of its own (for PATH).
func buildTdls(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	exe := "tdls"
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, exe), "../cmd/tdls")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return dir
}

// TestRegistryHelix parses editors/helix/languages.toml as Helix reads it
// (TOML), checks the language and its server, and runs the server's command
// with tdls on PATH as Helix would: it must answer initialize and publish
// the diagnostics of a .td file.
func TestRegistryHelix(t *testing.T) {
	conf := pythonLoad(t, "toml", "../editors/helix/languages.toml")
	servers, _ := conf["language-server"].(map[string]any)
	server, _ := servers["tdls"].(map[string]any)
	command, _ := server["command"].(string)
	var args []string
	for _, a := range server["args"].([]any) {
		args = append(args, a.(string))
	}
	if command != "tdls" || !slices.Equal(args, []string{"serve"}) {
		t.Errorf("language-server.tdls runs %q %q, want tdls serve", command, args)
	}
	var lang map[string]any
	for _, l := range conf["language"].([]any) {
		if m := l.(map[string]any); m["name"] == "tablegen" {
			lang = m
		}
	}
	if lang == nil {
		t.Fatal("no [[language]] named tablegen (Helix's name for TableGen)")
	}
	for key, want := range map[string][]any{
		"file-types":       {"td"},
		"language-servers": {"tdls"},
		"roots":            {".tdls.yaml", "tablegen_compile_commands.yml", ".git"},
	} {
		if !reflect.DeepEqual(lang[key], want) {
			t.Errorf("tablegen %s = %v, want %v", key, lang[key], want)
		}
	}

	t.Setenv("PATH", buildTdls(t)+string(os.PathListSeparator)+os.Getenv("PATH"))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := lsptest.StartCommand(ctx, exec.CommandContext(ctx, command, args...))
	if err != nil {
		t.Fatalf("%s %v: %v", command, args, err)
	}
	root := t.TempDir()
	res, err := c.Initialize(ctx, root, nil)
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	var init struct {
		ServerInfo struct{ Name, Version string }
	}
	if err := json.Unmarshal(res, &init); err != nil || init.ServerInfo.Name != "tdls" {
		t.Errorf("initialize answered %s", res)
	}
	file := filepath.Join(root, "a.td")
	ch := c.Expect(file)
	if err := c.Open(ctx, file, "def A {\n  int x = undefined_thing;\n}\n"); err != nil {
		t.Fatal(err)
	}
	if _, err := lsptest.Wait(ch, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	pub, _ := c.Settle(file, 500*time.Millisecond, 30*time.Second)
	if len(pub.Params.Diagnostics) == 0 || pub.Params.Diagnostics[0].Range.Start.Line != 1 {
		t.Errorf("diagnostics of a.td: %+v, want one on line 2", pub.Params.Diagnostics)
	}
	if err := c.Shutdown(ctx); err != nil {
		t.Errorf("shutdown: %v", err)
	}
	if !t.Failed() {
		t.Logf("registry: helix languages.toml ok (%s %s answered initialize as %s %s and published %d diagnostic(s))",
			command, strings.Join(args, " "), init.ServerInfo.Name, init.ServerInfo.Version, len(pub.Params.Diagnostics))
	}
}

// actionlintVersion is the actionlint the tests run (through the Go module
// proxy, built once into Go's cache).
const actionlintVersion = "v1.7.12"

// actionlint runs actionlint on files from dir, skipping loudly when it
// cannot be had (no network for the module proxy and nothing cached).
func actionlint(t *testing.T, dir string, files ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("go", append([]string{"run", "github.com/rhysd/actionlint/cmd/actionlint@" + actionlintVersion, "-no-color"}, files...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil && strings.Contains(string(out), "go: ") && !strings.Contains(string(out), ".yml:") {
		t.Skipf("SKIP: actionlint %s cannot be had through the Go module proxy: %s", actionlintVersion, out)
	}
	return string(out), err
}

// TestRegistryAction lints the composite action (action.yml) and a
// workflow that uses it (testdata/action/workflow.yml) with actionlint,
// which checks the workflow's inputs against the action's metadata; then
// a workflow passing an input the action lacks must be rejected, proving
// the action was read. Its run steps go through shellcheck (bash), and
// none may expand ${{ }} inside a script.
func TestRegistryAction(t *testing.T) {
	action, err := os.ReadFile("../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	sample, err := os.ReadFile("../testdata/action/workflow.yml")
	if err != nil {
		t.Fatal(err)
	}
	bad := "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: ./\n        with:\n          files: a.td\n          no-such-input: x\n"
	// actionlint reads a local action's metadata in a project: a
	// repository with .github/workflows. One is made for each workflow.
	lint := func(workflow []byte) (string, error) {
		dir := t.TempDir()
		for _, d := range []string{".git", ".github/workflows"} {
			if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, "action.yml"), action, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, ".github/workflows/tdls.yml"), workflow, 0o644); err != nil {
			t.Fatal(err)
		}
		return actionlint(t, dir, ".github/workflows/tdls.yml")
	}
	if out, err := lint(sample); err != nil {
		t.Errorf("actionlint testdata/action/workflow.yml (as .github/workflows/tdls.yml beside action.yml): %v\n%s", err, out)
	}
	if out, err := lint([]byte(bad)); err == nil || !strings.Contains(out, `"no-such-input" is not defined`) {
		t.Errorf("actionlint accepted an input action.yml does not define (%v):\n%s", err, out)
	}

	doc := pythonLoad(t, "yaml", "../action.yml")
	runs, _ := doc["runs"].(map[string]any)
	if runs["using"] != "composite" {
		t.Fatalf("runs.using %v", runs["using"])
	}
	var scripts []string
	uploads := false
	for _, s := range runs["steps"].([]any) {
		step := s.(map[string]any)
		if uses, _ := step["uses"].(string); strings.HasPrefix(uses, "github/codeql-action/upload-sarif@") {
			uploads = true
		}
		script, ok := step["run"].(string)
		if !ok {
			continue
		}
		if step["shell"] != "bash" {
			t.Errorf("step %v: shell %v, want bash", step["name"], step["shell"])
		}
		if strings.Contains(script, "${{") {
			t.Errorf("step %v expands ${{ }} in its script: pass it through env", step["name"])
		}
		scripts = append(scripts, script)
	}
	if !uploads {
		t.Error("no step uploads the SARIF log (github/codeql-action/upload-sarif)")
	}
	if !strings.Contains(strings.Join(scripts, "\n"), "check --format=sarif") {
		t.Error("no step runs tdls check --format=sarif")
	}
	shellcheck, err := exec.LookPath("shellcheck")
	if err != nil {
		t.Logf("SKIP shellcheck: not installed (apt-get install -y shellcheck)")
	} else {
		for i, script := range scripts {
			cmd := exec.Command(shellcheck, "-s", "bash", "-")
			cmd.Stdin = strings.NewReader(script)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("shellcheck of run step %d: %v\n%s", i+1, err, out)
			}
		}
	}
	if !t.Failed() {
		t.Logf("registry: actionlint %s ok (testdata/action/workflow.yml using action.yml; an undefined input rejected); shellcheck ok on %d run steps", actionlintVersion, len(scripts))
	}
}

// TestDistActionInstall runs the action's install step (its bash script,
// as the runner would) against the release `make dist` built: curl is a
// stand-in that serves the release's files by name from TDLS_DIST and
// answers the latest release's redirect with this version's tag. The step
// must pick this machine's archive, verify it against SHA256SUMS, unpack
// it, and name a tdls that runs.
func TestDistActionInstall(t *testing.T) {
	dir := distDir(t)
	version := extensionVersion(t)
	runnerOS := map[string]string{"linux": "Linux", "darwin": "macOS"}[runtime.GOOS]
	runnerArch := map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH]
	if runnerOS == "" || runnerArch == "" {
		t.Skipf("no runner like %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	doc := pythonLoad(t, "yaml", "../action.yml")
	var script string
	for _, s := range doc["runs"].(map[string]any)["steps"].([]any) {
		if step := s.(map[string]any); step["id"] == "install" {
			script, _ = step["run"].(string)
		}
	}
	if script == "" {
		t.Fatal("action.yml has no step with id install")
	}
	work := t.TempDir()
	fake := filepath.Join(work, "fakebin")
	if err := os.Mkdir(fake, 0o755); err != nil {
		t.Fatal(err)
	}
	curl := `#!/usr/bin/env bash
# curl -fsSLI -o /dev/null -w '%{url_effective}' URL | curl -fsSLO URL
url="${!#}"
echo "$url" >>"$CURL_LOG"
case "$url" in
  */releases/latest) printf '%s' "${url%/latest}/tag/v$RELEASE_VERSION" ;;
  */releases/download/v"$RELEASE_VERSION"/*) cp "$RELEASE_DIR/${url##*/}" . ;;
  *) echo "curl: (22) 404 $url" >&2; exit 22 ;;
esac
`
	if err := os.WriteFile(filepath.Join(fake, "curl"), []byte(curl), 0o755); err != nil {
		t.Fatal(err)
	}
	run := func(inputVersion string) (map[string]string, string) {
		temp, out, path := filepath.Join(work, "runner-"+inputVersion), filepath.Join(work, "output-"+inputVersion), filepath.Join(work, "path-"+inputVersion)
		if err := os.Mkdir(temp, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "-e", "-c", script)
		cmd.Env = append(os.Environ(),
			"PATH="+fake+string(os.PathListSeparator)+os.Getenv("PATH"),
			"TDLS_VERSION="+inputVersion, "TDLS_REPOSITORY=tdls/tdls",
			"RUNNER_OS_NAME="+runnerOS, "RUNNER_ARCH_NAME="+runnerArch, "RUNNER_TEMP="+temp,
			"GITHUB_OUTPUT="+out, "GITHUB_PATH="+path,
			"RELEASE_DIR="+dir, "RELEASE_VERSION="+version, "CURL_LOG="+filepath.Join(work, "curl.log"))
		cmd.Dir = work
		log, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("install step (version %s): %v\n%s", inputVersion, err, log)
		}
		outputs := map[string]string{}
		data, _ := os.ReadFile(out)
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			k, v, _ := strings.Cut(line, "=")
			outputs[k] = v
		}
		added, _ := os.ReadFile(path)
		return outputs, strings.TrimSpace(string(added))
	}
	for _, input := range []string{version, "latest"} {
		outputs, added := run(input)
		exe := outputs["tdls"]
		if filepath.Dir(exe) != added {
			t.Errorf("version %s: output tdls=%q is not in the directory added to PATH %q", input, exe, added)
		}
		out, err := exec.Command(exe, "version").CombinedOutput()
		if err != nil || !strings.HasPrefix(string(out), "tdls "+version+"\n") {
			t.Errorf("version %s: the installed %s version: %v\n%s", input, exe, err, out)
		}
	}
	// A corrupted archive fails the checksum.
	bad := t.TempDir()
	for _, f := range []string{"SHA256SUMS", fmt.Sprintf("tdls-%s-%s-%s.tar.gz", version, runtime.GOOS, runtime.GOARCH)} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, ".tar.gz") {
			data[len(data)/2] ^= 0xff
		}
		if err := os.WriteFile(filepath.Join(bad, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("bash", "-e", "-c", script)
	cmd.Env = append(os.Environ(), "PATH="+fake+string(os.PathListSeparator)+os.Getenv("PATH"),
		"TDLS_VERSION="+version, "TDLS_REPOSITORY=tdls/tdls", "RUNNER_OS_NAME="+runnerOS, "RUNNER_ARCH_NAME="+runnerArch,
		"RUNNER_TEMP="+t.TempDir(), "GITHUB_OUTPUT="+os.DevNull, "GITHUB_PATH="+os.DevNull,
		"RELEASE_DIR="+bad, "RELEASE_VERSION="+version, "CURL_LOG="+os.DevNull)
	cmd.Dir = work
	if out, err := cmd.CombinedOutput(); err == nil {
		t.Errorf("the install step accepted a corrupted archive:\n%s", out)
	}
	if !t.Failed() {
		t.Logf("registry: action install step ok (%s %s archive by version and by latest, checksum verified, a corrupted one refused)", runnerOS, runnerArch)
	}
}
