package main

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The same binary and epoch give the same wheel, byte for byte; a version
// a wheel's name cannot carry and a platform without a tag are refused.
func TestBuildReproducibleAndRefusals(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "tdls.exe")
	lic := filepath.Join(dir, "LICENSE")
	if err := os.WriteFile(bin, []byte("MZ not really a binary"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lic, []byte("licence text\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var wheels [][]byte
	for i := 0; i < 2; i++ {
		out := filepath.Join(dir, string(rune('a'+i)))
		if err := os.Mkdir(out, 0o755); err != nil {
			t.Fatal(err)
		}
		path, err := build(bin, "windows", "arm64", "1.2.3", lic, 1700000000, out)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Base(path) != "tdls-1.2.3-py3-none-win_arm64.whl" {
			t.Errorf("wheel named %s", filepath.Base(path))
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		wheels = append(wheels, data)
	}
	if !bytes.Equal(wheels[0], wheels[1]) {
		t.Error("two builds of the same binary differ")
	}
	zr, err := zip.NewReader(bytes.NewReader(wheels[0]), int64(len(wheels[0])))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	want := "tdls-1.2.3.data/scripts/tdls.exe tdls-1.2.3.dist-info/METADATA tdls-1.2.3.dist-info/WHEEL tdls-1.2.3.dist-info/licenses/LICENSE tdls-1.2.3.dist-info/RECORD"
	if strings.Join(names, " ") != want {
		t.Errorf("entries %v, want %s", names, want)
	}
	for _, bad := range []struct{ goos, goarch, version string }{
		{"windows", "arm64", "1.2.3-dev"},
		{"windows", "arm64", "v1.2.3"},
		{"freebsd", "amd64", "1.2.3"},
	} {
		if _, err := build(bin, bad.goos, bad.goarch, bad.version, lic, 0, dir); err == nil {
			t.Errorf("%s/%s %s: built", bad.goos, bad.goarch, bad.version)
		}
	}
}
