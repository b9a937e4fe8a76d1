package release

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/buildinfo"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
)

// platform is one release target: Go's name for it and VS Code's.
type platform struct {
	goos, goarch, vscode string
}

var platforms = []platform{
	{"linux", "amd64", "linux-x64"},
	{"linux", "arm64", "linux-arm64"},
	{"darwin", "amd64", "darwin-x64"},
	{"darwin", "arm64", "darwin-arm64"},
	{"windows", "amd64", "win32-x64"},
	{"windows", "arm64", "win32-arm64"},
}

func (p platform) exe() string {
	if p.goos == "windows" {
		return "tdls.exe"
	}
	return "tdls"
}

func (p platform) archive(version string) string {
	ext := ".tar.gz"
	if p.goos == "windows" {
		ext = ".zip"
	}
	return fmt.Sprintf("tdls-%s-%s-%s%s", version, p.goos, p.goarch, ext)
}

func (p platform) vsix(version string) string {
	return fmt.Sprintf("tdls-%s-%s.vsix", version, p.vscode)
}

// wheelTag is the wheel platform tag pip installs p's wheel on: manylinux2014
// (glibc 2.17+) for the static Linux binaries, the oldest macOS Go supports
// on each architecture, Windows by architecture.
func (p platform) wheelTag() string {
	return map[string]string{
		"linux/amd64": "manylinux2014_x86_64", "linux/arm64": "manylinux2014_aarch64",
		"darwin/amd64": "macosx_10_15_x86_64", "darwin/arm64": "macosx_11_0_arm64",
		"windows/amd64": "win_amd64", "windows/arm64": "win_arm64",
	}[p.goos+"/"+p.goarch]
}

func (p platform) wheel(version string) string {
	return fmt.Sprintf("tdls-%s-py3-none-%s.whl", version, p.wheelTag())
}

// imageBase is where the marketplace finds the repository's files (the
// package script's --baseImagesUrl).
const imageBase = "https://github.com/tdls/tdls/raw/HEAD/"

// distDir is the directory `make dist` filled, from TDLS_DIST.
func distDir(t *testing.T) string {
	dir := os.Getenv("TDLS_DIST")
	if dir == "" {
		t.Skip("TDLS_DIST is not set: make dist-test builds the release and checks it")
	}
	return dir
}

// extensionVersion is the version the release carries (cmd/tdls's tests
// keep the binary's equal to it).
func extensionVersion(t *testing.T) string {
	data, err := os.ReadFile("../editors/vscode/package.json")
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct{ Version string }
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	return pkg.Version
}

// TestDistFiles: SHA256SUMS lists exactly the six archives, six .vsix
// files and six wheels of this version, and each checksum verifies.
func TestDistFiles(t *testing.T) {
	dir := distDir(t)
	version := extensionVersion(t)
	var want []string
	for _, p := range platforms {
		want = append(want, p.archive(version), p.vsix(version), p.wheel(version))
	}
	sort.Strings(want)

	sums, err := os.ReadFile(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	sc := bufio.NewScanner(bytes.NewReader(sums))
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			t.Fatalf("SHA256SUMS line %q", sc.Text())
		}
		listed = append(listed, name)
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Error(err)
			continue
		}
		got := sha256.Sum256(data)
		if hex.EncodeToString(got[:]) != sum {
			t.Errorf("%s: sha256 %x, SHA256SUMS says %s", name, got, sum)
		}
	}
	sort.Strings(listed)
	if strings.Join(listed, "\n") != strings.Join(want, "\n") {
		t.Errorf("SHA256SUMS lists\n  %s\nwant\n  %s", strings.Join(listed, "\n  "), strings.Join(want, "\n  "))
	}
	onDisk, _ := filepath.Glob(filepath.Join(dir, "tdls-*"))
	if len(onDisk) != len(want) {
		t.Errorf("%d release files in %s, want %d: %v", len(onDisk), dir, len(want), onDisk)
	}
	if _, err := exec.LookPath("sha256sum"); err == nil {
		cmd := exec.Command("sha256sum", "--check", "--strict", "SHA256SUMS")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("sha256sum --check: %v\n%s", err, out)
		}
	}
}

// TestDistArchives: each archive holds its platform's binary, the README,
// the LICENSE and the editor plugins, under one versioned directory.
func TestDistArchives(t *testing.T) {
	dir := distDir(t)
	version := extensionVersion(t)
	license, err := os.ReadFile("../LICENSE")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range platforms {
		t.Run(p.goos+"-"+p.goarch, func(t *testing.T) {
			name := p.archive(version)
			files, modes, err := readArchiveModes(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			top := strings.TrimSuffix(strings.TrimSuffix(name, ".tar.gz"), ".zip") + "/"
			if p.goos != "windows" && modes[top+p.exe()]&0o111 != 0o111 {
				t.Errorf("%s: %s has mode %v, not executable", name, top+p.exe(), modes[top+p.exe()])
			}
			for _, f := range []string{p.exe(), "README.md", "LICENSE", "editors/nvim/lua/tdls/init.lua", "editors/nvim/lua/tdls/preview.lua", "editors/nvim/lsp/tdls.lua", "editors/emacs/tdls.el"} {
				if _, ok := files[top+f]; !ok {
					t.Errorf("%s has no %s", name, top+f)
				}
			}
			for f := range files {
				if !strings.HasPrefix(f, top) {
					t.Errorf("%s: %s is outside %s", name, f, top)
				}
			}
			if !bytes.Equal(files[top+"LICENSE"], license) {
				t.Errorf("%s: LICENSE differs from the repository's", name)
			}
			checkBinary(t, name+":"+p.exe(), files[top+p.exe()], p)
		})
	}
}

// TestDistExtensions: each .vsix is built for its VS Code platform and
// bundles that platform's binary, the same one as the archive's, with the
// marketplace files.
func TestDistExtensions(t *testing.T) {
	dir := distDir(t)
	version := extensionVersion(t)
	for _, p := range platforms {
		t.Run(p.vscode, func(t *testing.T) {
			name := p.vsix(version)
			files, err := readArchive(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			var manifest struct {
				Metadata struct {
					Identity struct {
						Version        string `xml:"Version,attr"`
						TargetPlatform string `xml:"TargetPlatform,attr"`
					}
					License string
					Icon    string
				}
				Assets struct {
					Asset []struct {
						Type string `xml:"Type,attr"`
						Path string `xml:"Path,attr"`
					}
				}
			}
			if err := xml.Unmarshal(files["extension.vsixmanifest"], &manifest); err != nil {
				t.Fatalf("%s: extension.vsixmanifest: %v", name, err)
			}
			id := manifest.Metadata.Identity
			if id.TargetPlatform != p.vscode || id.Version != version {
				t.Errorf("%s: manifest says version %q target %q", name, id.Version, id.TargetPlatform)
			}
			assets := map[string]string{}
			for _, a := range manifest.Assets.Asset {
				assets[a.Type] = a.Path
			}
			for _, typ := range []string{"Microsoft.VisualStudio.Services.Content.License", "Microsoft.VisualStudio.Services.Content.Details", "Microsoft.VisualStudio.Services.Content.Changelog", "Microsoft.VisualStudio.Services.Icons.Default"} {
				path, ok := assets[typ]
				if !ok {
					t.Errorf("%s: no %s asset", name, typ)
				} else if len(files[path]) == 0 {
					t.Errorf("%s: %s asset %s is missing or empty", name, typ, path)
				}
			}
			if lic := files[assets["Microsoft.VisualStudio.Services.Content.License"]]; !bytes.Contains(lic, []byte("LLVM Exceptions to the Apache 2.0 License")) {
				t.Errorf("%s: the license asset is not tdls's LICENSE", name)
			}
			// vsce makes the README's relative image links absolute: each
			// must name a file of this repository.
			for _, m := range regexp.MustCompile(`!\[[^\]]*\]\(([^)]+)\)`).FindAllSubmatch(files["extension/readme.md"], -1) {
				link := string(m[1])
				rel, ok := strings.CutPrefix(link, imageBase)
				if !ok {
					t.Errorf("%s: README image %s is not under %s", name, link, imageBase)
				} else if _, err := os.Stat("../" + rel); err != nil {
					t.Errorf("%s: README image %s: no %s in the repository", name, link, rel)
				}
			}
			var pkg struct{ License string }
			if err := json.Unmarshal(files["extension/package.json"], &pkg); err != nil {
				t.Fatalf("%s: package.json: %v", name, err)
			}
			if pkg.License != "Apache-2.0 WITH LLVM-exception" {
				t.Errorf("%s: license %q", name, pkg.License)
			}
			bin := files["extension/bin/"+p.exe()]
			checkBinary(t, name+":extension/bin/"+p.exe(), bin, p)
			var others []string
			for f := range files {
				if strings.HasPrefix(f, "extension/bin/") && f != "extension/bin/"+p.exe() {
					others = append(others, f)
				}
			}
			if len(others) > 0 {
				t.Errorf("%s bundles more than its platform's binary: %v", name, others)
			}
			archived, err := readArchive(filepath.Join(dir, p.archive(version)))
			if err == nil {
				top := strings.TrimSuffix(strings.TrimSuffix(p.archive(version), ".tar.gz"), ".zip") + "/"
				if !bytes.Equal(archived[top+p.exe()], bin) {
					t.Errorf("%s: the bundled binary differs from %s's", name, p.archive(version))
				}
			}
		})
	}
}

// TestDistHostBinaryRuns: the binary for this machine runs `tdls version`
// and `tdls --version`, which name this version, the revision built and
// LLVM 22.
func TestDistHostBinaryRuns(t *testing.T) {
	dir := distDir(t)
	version := extensionVersion(t)
	var host *platform
	for i, p := range platforms {
		if p.goos == runtime.GOOS && p.goarch == runtime.GOARCH {
			host = &platforms[i]
		}
	}
	if host == nil {
		t.Skipf("no release binary for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	files, err := readArchive(filepath.Join(dir, host.archive(version)))
	if err != nil {
		t.Fatal(err)
	}
	top := strings.TrimSuffix(strings.TrimSuffix(host.archive(version), ".tar.gz"), ".zip") + "/"
	exe := filepath.Join(t.TempDir(), host.exe())
	if err := os.WriteFile(exe, files[top+host.exe()], 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(exe, "version").CombinedOutput()
	if err != nil {
		t.Fatalf("tdls version: %v\n%s", err, out)
	}
	t.Logf("tdls version:\n%s", out)
	if !strings.HasPrefix(string(out), "tdls "+version+"\n") || !regexp.MustCompile(`(?m)^go: +go1\.\d+`).Match(out) || !strings.Contains(string(out), "LLVM/MLIR 22") {
		t.Errorf("tdls version printed\n%s", out)
	}
	long, err := exec.Command(exe, "--version").CombinedOutput()
	if err != nil || !bytes.Equal(long, out) {
		t.Errorf("tdls --version: %v\n%s\nwant the same as tdls version", err, long)
	}
	// Built from a git clone, the binary names the commit it was built
	// from. (Go reads no VCS information from a linked worktree.)
	if st, err := os.Stat("../.git"); err == nil && st.IsDir() {
		head, err := exec.Command("git", "-C", "..", "rev-parse", "HEAD").Output()
		if err == nil && !strings.Contains(string(out), "revision: "+strings.TrimSpace(string(head))) {
			t.Errorf("tdls version does not name HEAD %s:\n%s", strings.TrimSpace(string(head)), out)
		}
	}
}

// checkBinary checks that data is an executable for p: its object format
// and machine, and the Go build information (GOOS, GOARCH, CGO_ENABLED=0).
func checkBinary(t *testing.T, what string, data []byte, p platform) {
	t.Helper()
	if len(data) == 0 {
		t.Errorf("%s: missing or empty", what)
		return
	}
	r := bytes.NewReader(data)
	format, machine, err := objectFormat(r)
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	wantFormat := map[string]string{"linux": "ELF", "darwin": "Mach-O", "windows": "PE"}[p.goos]
	if format != wantFormat || machine != p.goarch {
		t.Errorf("%s: %s %s, want %s %s", what, format, machine, wantFormat, p.goarch)
	}
	bi, err := buildinfo.Read(r)
	if err != nil {
		t.Errorf("%s: no Go build information: %v", what, err)
		return
	}
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	if settings["GOOS"] != p.goos || settings["GOARCH"] != p.goarch || settings["CGO_ENABLED"] != "0" {
		t.Errorf("%s: built with GOOS=%s GOARCH=%s CGO_ENABLED=%s", what, settings["GOOS"], settings["GOARCH"], settings["CGO_ENABLED"])
	}
	if bi.Path != "tdls/cmd/tdls" {
		t.Errorf("%s: main package %q", what, bi.Path)
	}
}

// objectFormat reads the executable header: ELF, Mach-O or PE, and the
// machine as a GOARCH name.
func objectFormat(r io.ReaderAt) (format, machine string, err error) {
	if f, err := elf.NewFile(r); err == nil {
		defer f.Close()
		if f.Type != elf.ET_EXEC && f.Type != elf.ET_DYN {
			return "ELF", "", fmt.Errorf("ELF type %v is not an executable", f.Type)
		}
		for _, prog := range f.Progs {
			if prog.Type == elf.PT_INTERP {
				return "ELF", "", fmt.Errorf("dynamically linked (has an interpreter): not CGO_ENABLED=0")
			}
		}
		return "ELF", map[elf.Machine]string{elf.EM_X86_64: "amd64", elf.EM_AARCH64: "arm64"}[f.Machine], nil
	}
	if f, err := macho.NewFile(r); err == nil {
		defer f.Close()
		if f.Type != macho.TypeExec {
			return "Mach-O", "", fmt.Errorf("Mach-O type %v is not an executable", f.Type)
		}
		return "Mach-O", map[macho.Cpu]string{macho.CpuAmd64: "amd64", macho.CpuArm64: "arm64"}[f.Cpu], nil
	}
	if f, err := pe.NewFile(r); err == nil {
		defer f.Close()
		if f.Characteristics&pe.IMAGE_FILE_EXECUTABLE_IMAGE == 0 {
			return "PE", "", fmt.Errorf("PE image is not executable")
		}
		return "PE", map[uint16]string{pe.IMAGE_FILE_MACHINE_AMD64: "amd64", pe.IMAGE_FILE_MACHINE_ARM64: "arm64"}[f.Machine], nil
	}
	return "", "", fmt.Errorf("neither ELF, Mach-O nor PE")
}

// readArchive returns the regular files of a .tar.gz, .zip or .vsix by
// name.
func readArchive(path string) (map[string][]byte, error) {
	files, _, err := readArchiveModes(path)
	return files, err
}

// readArchiveModes returns the regular files of an archive and their modes.
func readArchiveModes(path string) (map[string][]byte, map[string]fs.FileMode, error) {
	files := map[string][]byte{}
	modes := map[string]fs.FileMode{}
	if strings.HasSuffix(path, ".tar.gz") {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, err
		}
		defer f.Close()
		gz, err := gzip.NewReader(f)
		if err != nil {
			return nil, nil, err
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				return files, modes, nil
			}
			if err != nil {
				return nil, nil, err
			}
			if h.Typeflag != tar.TypeReg {
				continue
			}
			data, err := io.ReadAll(tr)
			if err != nil {
				return nil, nil, err
			}
			files[h.Name] = data
			modes[h.Name] = h.FileInfo().Mode()
		}
	}
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, nil, err
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, nil, err
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, nil, err
		}
		files[f.Name] = data
		modes[f.Name] = f.Mode()
	}
	return files, modes, nil
}
