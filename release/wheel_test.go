package release

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestDistWheels: each platform's wheel follows the wheel format (PEP 427:
// WHEEL with its platform tag and Root-Is-Purelib false, METADATA naming
// tdls at this version, a RECORD whose every hash and size verifies) and
// carries, as its one script, the binary of that platform's archive. The
// host's wheel is then installed offline into a fresh virtual environment
// and its tdls run from the environment's bin directory.
func TestDistWheels(t *testing.T) {
	dir := distDir(t)
	version := extensionVersion(t)
	for _, p := range platforms {
		t.Run(p.goos+"-"+p.goarch, func(t *testing.T) {
			name := p.wheel(version)
			files, modes, err := readArchiveModes(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			info := "tdls-" + version + ".dist-info/"
			script := "tdls-" + version + ".data/scripts/" + p.exe()
			fields := func(file string) map[string]string {
				m := map[string]string{}
				sc := bufio.NewScanner(bytes.NewReader(files[info+file]))
				for sc.Scan() {
					if sc.Text() == "" {
						break // the METADATA body follows
					}
					k, v, _ := strings.Cut(sc.Text(), ": ")
					m[k] = v
				}
				return m
			}
			w := fields("WHEEL")
			if w["Wheel-Version"] != "1.0" || w["Root-Is-Purelib"] != "false" || w["Tag"] != "py3-none-"+p.wheelTag() {
				t.Errorf("%s: WHEEL %v", name, w)
			}
			m := fields("METADATA")
			if m["Name"] != "tdls" || m["Version"] != version || m["License-Expression"] != "Apache-2.0 WITH LLVM-exception" || !strings.HasPrefix(m["Metadata-Version"], "2.") {
				t.Errorf("%s: METADATA %v", name, m)
			}
			if len(files[info+"licenses/LICENSE"]) == 0 {
				t.Errorf("%s: no licenses/LICENSE", name)
			}
			// RECORD: every file but itself with sha256 (urlsafe base64,
			// no padding) and size; itself with neither.
			recorded := map[string]bool{}
			for _, line := range strings.Split(strings.TrimSpace(string(files[info+"RECORD"])), "\n") {
				parts := strings.Split(line, ",")
				if len(parts) != 3 {
					t.Errorf("%s: RECORD line %q", name, line)
					continue
				}
				recorded[parts[0]] = true
				if parts[0] == info+"RECORD" {
					if parts[1] != "" || parts[2] != "" {
						t.Errorf("%s: RECORD lists itself with a hash", name)
					}
					continue
				}
				data, ok := files[parts[0]]
				sum := sha256.Sum256(data)
				if !ok || parts[1] != "sha256="+base64.RawURLEncoding.EncodeToString(sum[:]) || parts[2] != strconv.Itoa(len(data)) {
					t.Errorf("%s: RECORD %q does not match the file (present %v, %d bytes)", name, line, ok, len(data))
				}
			}
			for f := range files {
				if !recorded[f] {
					t.Errorf("%s: %s is not in RECORD", name, f)
				}
				if f != script && !strings.HasPrefix(f, info) {
					t.Errorf("%s: %s is neither the script nor metadata", name, f)
				}
			}
			if p.goos != "windows" && modes[script]&0o111 != 0o111 {
				t.Errorf("%s: %s has mode %v, not executable", name, script, modes[script])
			}
			checkBinary(t, name+":"+script, files[script], p)
			archived, err := readArchive(filepath.Join(dir, p.archive(version)))
			if err == nil {
				top := strings.TrimSuffix(strings.TrimSuffix(p.archive(version), ".tar.gz"), ".zip") + "/"
				if !bytes.Equal(archived[top+p.exe()], files[script]) {
					t.Errorf("%s: the binary differs from %s's", name, p.archive(version))
				}
			}
		})
	}

	t.Run("install", func(t *testing.T) {
		var host *platform
		for i, p := range platforms {
			if p.goos == runtime.GOOS && p.goarch == runtime.GOARCH {
				host = &platforms[i]
			}
		}
		if host == nil {
			t.Skipf("no wheel for %s/%s", runtime.GOOS, runtime.GOARCH)
		}
		py, err := exec.LookPath("python3")
		if err != nil {
			t.Skip("SKIP: python3 is missing (apt-get install -y python3 python3-venv)")
		}
		venv := filepath.Join(t.TempDir(), "venv")
		if out, err := exec.Command(py, "-m", "venv", venv).CombinedOutput(); err != nil {
			t.Skipf("SKIP: %s -m venv: %v (apt-get install -y python3-venv)\n%s", py, err, out)
		}
		bin := filepath.Join(venv, "bin")
		if runtime.GOOS == "windows" {
			bin = filepath.Join(venv, "Scripts")
		}
		wheel := filepath.Join(dir, host.wheel(version))
		cmd := exec.Command(filepath.Join(bin, "python"), "-m", "pip", "install", "--no-index", "--no-deps", "--disable-pip-version-check", wheel)
		cmd.Env = append(os.Environ(), "PIP_NO_INPUT=1", "PIP_CONFIG_FILE="+os.DevNull)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("pip install %s: %v\n%s", wheel, err, out)
		}
		// tdls as a shell finds it with the environment activated.
		t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		path, err := exec.LookPath("tdls")
		if err != nil || filepath.Dir(path) != bin {
			t.Fatalf("tdls on PATH is %q (%v), want the one pip installed in %s", path, err, bin)
		}
		out, err := exec.Command("tdls", "version").CombinedOutput()
		if err != nil || !strings.HasPrefix(string(out), "tdls "+version+"\n") {
			t.Fatalf("tdls version from the wheel: %v\n%s", err, out)
		}
		show, _ := exec.Command(filepath.Join(bin, "python"), "-m", "pip", "show", "--disable-pip-version-check", "tdls").Output()
		if !bytes.Contains(show, []byte("Version: "+version)) {
			t.Errorf("pip show tdls:\n%s", show)
		}
		t.Logf("registry: wheel install ok (%s into a venv offline; %s version: %s)", host.wheel(version), path, strings.SplitN(string(out), "\n", 2)[0])
	})
}
