package analysis

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"tdls/tablegen"
)

// CompileDatabase is a parsed tablegen_compile_commands.yml, as LLVM's
// TableGen.cmake writes it: one YAML document per tablegen() call,
//
//	--- !FileInfo:
//	  filepath: "/abs/path/Foo.td"
//	  includes: "/dir/a;/dir/b"
//
// Files it does not list get the union of every include dir it mentions, as
// tblgen-lsp-server does.
type CompileDatabase struct {
	Path    string
	Entries map[string][]string // cleaned file path -> include dirs in order
	AllDirs []string            // union of all include dirs, first-seen order
}

// LoadCompileDatabase reads and parses a compile database file.
func LoadCompileDatabase(path string) (*CompileDatabase, error) {
	data, err := tablegen.ReadRegularFile(path)
	if err != nil {
		return nil, err
	}
	db := ParseCompileDatabase(data)
	db.Path = path
	return db, nil
}

// ParseCompileDatabase parses the YAML subset the database uses. Duplicate
// entries keep the first, like tblgen-lsp-server.
func ParseCompileDatabase(data []byte) *CompileDatabase {
	db := &CompileDatabase{Entries: map[string][]string{}}
	seen := map[string]bool{}
	var file string
	var incs []string
	haveInc := false
	flush := func() {
		if file != "" {
			key := filepath.Clean(file)
			if _, dup := db.Entries[key]; !dup {
				db.Entries[key] = incs
			}
			for _, d := range incs {
				if !seen[d] {
					seen[d] = true
					db.AllDirs = append(db.AllDirs, d)
				}
			}
		}
		file, incs, haveInc = "", nil, false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "---"):
			flush()
		case strings.HasPrefix(line, "filepath:"):
			file = yamlScalar(strings.TrimPrefix(line, "filepath:"))
		case strings.HasPrefix(line, "includes:"):
			haveInc = true
			for _, d := range strings.Split(yamlScalar(strings.TrimPrefix(line, "includes:")), ";") {
				if d = strings.TrimSpace(d); d != "" {
					incs = append(incs, filepath.Clean(d))
				}
			}
		}
	}
	_ = haveInc
	flush()
	return db
}

// yamlScalar unquotes a plain, single- or double-quoted YAML scalar.
func yamlScalar(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		r := strings.NewReplacer(`\\`, `\`, `\"`, `"`)
		return r.Replace(s[1 : len(s)-1])
	}
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'")
	}
	return s
}

// IncludeDirsFor returns the include dirs for path and whether the database
// lists the file itself.
func (db *CompileDatabase) IncludeDirsFor(path string) ([]string, bool) {
	if dirs, ok := db.Entries[filepath.Clean(path)]; ok {
		return dirs, true
	}
	return db.AllDirs, false
}

// FindCompileDatabases looks for build*/tablegen_compile_commands.yml (and
// one level deeper, build*/*/...) under each workspace folder.
func FindCompileDatabases(folders []string) []string {
	var out []string
	for _, root := range folders {
		entries, err := os.ReadDir(root)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if !e.IsDir() || !strings.HasPrefix(e.Name(), "build") {
				continue
			}
			dir := filepath.Join(root, e.Name())
			cand := filepath.Join(dir, "tablegen_compile_commands.yml")
			if _, err := os.Stat(cand); err == nil {
				out = append(out, cand)
				continue
			}
			if more, _ := filepath.Glob(filepath.Join(dir, "*", "tablegen_compile_commands.yml")); len(more) > 0 {
				out = append(out, more...)
			}
		}
	}
	return out
}

// BuildDir is the directory of the compile database that lists path (or
// of the first one), where the project's own mlir-tblgen is built.
func (s *Snapshot) BuildDir(path string) string {
	dbs := s.dbs
	if project := s.projects.forFile(path); project != nil {
		dbs = append(append([]*CompileDatabase(nil), s.dbs...), project.dbs...)
	}
	for _, db := range dbs {
		if _, ok := db.IncludeDirsFor(path); ok {
			return filepath.Dir(db.Path)
		}
	}
	if len(dbs) > 0 {
		return filepath.Dir(dbs[0].Path)
	}
	return ""
}
