package analysis

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"tdls/tablegen"
)

// ProjectConfigName is the project configuration file. `tdls check` and the
// server use the one nearest above each root file: in its directory, else
// in the closest parent directory that has one.
const ProjectConfigName = ".tdls.yaml"

// ProjectConfig is a parsed .tdls.yaml:
//
//	includeDirs:              # extra -I directories
//	  - include
//	compilationDatabases:     # tablegen_compile_commands.yml files
//	  - build/tablegen_compile_commands.yml
//	severity:                 # levels by code, prefix* or '*'
//	  ods-summary-*: off
//	  drr-result-types: error
//	format:                   # tdls fmt and the editors' formatting
//	  columnLimit: 100
//	  indentWidth: 4
//
// Relative paths are relative to the file's directory.
type ProjectConfig struct {
	Path             string
	IncludeDirs      []string
	CompileDatabases []string
	// CppSources are directories (or files) of C++ the C++ index reads
	// besides the workspace folders (cppindex.go).
	CppSources []string
	Severity   []SeverityRule
	// FormatColumn is format.columnLimit, 0 when not set.
	FormatColumn int
	// FormatIndent is format.indentWidth, 0 when not set.
	FormatIndent int
}

// FindProjectConfig returns the .tdls.yaml of dir or of its nearest parent
// that has one, or "".
func FindProjectConfig(dir string) string {
	dir = filepath.Clean(dir)
	for {
		p := filepath.Join(dir, ProjectConfigName)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// LoadProjectConfig reads and parses a .tdls.yaml. On a malformed file it
// returns what it could read with the error, which names the line.
func LoadProjectConfig(path string) (*ProjectConfig, error) {
	data, err := tablegen.ReadRegularFile(path)
	if err != nil {
		return &ProjectConfig{Path: path}, err
	}
	return ParseProjectConfig(path, data)
}

// ParseProjectConfig parses the YAML of a .tdls.yaml: a mapping of the keys
// above to a list of strings (block `- item` or flow `[a, b]`) or, for
// severity, a mapping of code patterns to levels. Comments, quoted and
// plain scalars are YAML's; other YAML constructs are errors.
func ParseProjectConfig(path string, data []byte) (*ProjectConfig, error) {
	cfg := &ProjectConfig{Path: path}
	doc, err := parseYAMLSubset(string(data))
	if err != nil {
		return cfg, fmt.Errorf("%s:%v", path, err)
	}
	dir := filepath.Dir(path)
	abs := func(ps []yamlValue) []string {
		var out []string
		for _, p := range ps {
			v := p.text
			if !filepath.IsAbs(v) {
				v = filepath.Join(dir, v)
			}
			out = append(out, filepath.Clean(v))
		}
		return out
	}
	var errs []string
	for _, e := range doc {
		switch e.key.text {
		case "includeDirs":
			cfg.IncludeDirs = abs(e.list)
		case "compilationDatabases":
			cfg.CompileDatabases = abs(e.list)
		case "cppSources":
			cfg.CppSources = abs(e.list)
		case "severity":
			if e.mapping == nil && len(e.list) > 0 {
				errs = append(errs, fmt.Sprintf("%s:%d: severity is a mapping of codes to levels (ods-summary-*: off)", path, e.key.line))
			}
			for _, kv := range e.mapping {
				r, err := NewSeverityRule(kv[0].text, kv[1].text, FromProjectFile)
				if err != nil {
					errs = append(errs, fmt.Sprintf("%s:%d: %v", path, kv[0].line, err))
					continue
				}
				cfg.Severity = append(cfg.Severity, r)
			}
		case "format":
			for _, kv := range e.mapping {
				n, err := strconv.Atoi(kv[1].text)
				switch {
				case kv[0].text == "columnLimit" && err == nil && n >= 1:
					cfg.FormatColumn = n
				case kv[0].text == "indentWidth" && err == nil && n >= 1 && n <= 8:
					cfg.FormatIndent = n
				default:
					errs = append(errs, fmt.Sprintf("%s:%d: format takes columnLimit: a positive number, and indentWidth: 1 to 8", path, kv[0].line))
				}
			}
		default:
			errs = append(errs, fmt.Sprintf("%s:%d: unknown key %q (want includeDirs, compilationDatabases, cppSources, severity or format)", path, e.key.line, e.key.text))
		}
		if e.key.text != "severity" && e.key.text != "format" && e.mapping != nil {
			errs = append(errs, fmt.Sprintf("%s:%d: %s is a list of paths", path, e.key.line, e.key.text))
		}
	}
	if len(errs) > 0 {
		return cfg, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return cfg, nil
}

// The YAML subset of .tdls.yaml: a top-level mapping whose values are a
// plain or quoted scalar, a flow list, a block list of scalars, or a block
// mapping of scalars to scalars.

type yamlValue struct {
	text string
	line int
}

type yamlEntry struct {
	key     yamlValue
	list    []yamlValue    // a sequence (or one scalar)
	mapping [][2]yamlValue // a nested mapping, in order
}

func parseYAMLSubset(src string) ([]yamlEntry, error) {
	var doc []yamlEntry
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	var cur *yamlEntry
	nestedIndent := -1
	for i, raw := range lines {
		n := i + 1
		line := stripComment(raw)
		if strings.TrimSpace(line) == "" || strings.TrimSpace(line) == "---" {
			continue
		}
		if strings.Contains(line, "\t") && strings.TrimLeft(line, " \t") != strings.TrimLeft(line, " ") {
			return nil, fmt.Errorf("%d: indent with spaces, not tabs", n)
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		body := strings.TrimSpace(line)
		if indent == 0 {
			key, rest, ok := splitKey(body)
			if !ok {
				return nil, fmt.Errorf("%d: expected `key: value`", n)
			}
			k, err := scalar(key, n)
			if err != nil {
				return nil, err
			}
			for _, e := range doc {
				if e.key.text == k.text {
					return nil, fmt.Errorf("%d: %s is given twice (first on line %d)", n, k.text, e.key.line)
				}
			}
			doc = append(doc, yamlEntry{key: k})
			cur, nestedIndent = &doc[len(doc)-1], -1
			if rest != "" {
				vals, err := inlineValue(rest, n)
				if err != nil {
					return nil, err
				}
				cur.list = vals
			}
			continue
		}
		if cur == nil || len(cur.list) > 0 && nestedIndent < 0 {
			return nil, fmt.Errorf("%d: unexpected indentation", n)
		}
		if nestedIndent < 0 {
			nestedIndent = indent
		} else if indent != nestedIndent {
			return nil, fmt.Errorf("%d: inconsistent indentation (%d spaces, the entries above have %d)", n, indent, nestedIndent)
		}
		if item, ok := strings.CutPrefix(body, "-"); ok && (item == "" || item[0] == ' ') {
			if cur.mapping != nil {
				return nil, fmt.Errorf("%d: a list item among mapping entries", n)
			}
			v, err := scalar(strings.TrimSpace(item), n)
			if err != nil {
				return nil, err
			}
			cur.list = append(cur.list, v)
			continue
		}
		if len(cur.list) > 0 {
			return nil, fmt.Errorf("%d: a mapping entry among list items", n)
		}
		key, rest, ok := splitKey(body)
		if !ok || rest == "" {
			return nil, fmt.Errorf("%d: expected `- item` or `key: value`", n)
		}
		k, err := scalar(key, n)
		if err != nil {
			return nil, err
		}
		v, err := scalar(rest, n)
		if err != nil {
			return nil, err
		}
		cur.mapping = append(cur.mapping, [2]yamlValue{k, v})
	}
	return doc, nil
}

// splitKey splits `key: rest` at the first ": " (or a final ':') outside
// quotes.
func splitKey(s string) (key, rest string, ok bool) {
	i := indexOutsideQuotes(s, func(i int) bool { return s[i] == ':' && (i+1 == len(s) || s[i+1] == ' ') })
	if i < 0 {
		return "", "", false
	}
	return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:]), true
}

// inlineValue reads a scalar or a flow list [a, "b"].
func inlineValue(s string, line int) ([]yamlValue, error) {
	if !strings.HasPrefix(s, "[") {
		v, err := scalar(s, line)
		return []yamlValue{v}, err
	}
	if !strings.HasSuffix(s, "]") {
		return nil, fmt.Errorf("%d: a flow list must end with ] on its line", line)
	}
	inner := strings.TrimSpace(s[1 : len(s)-1])
	var out []yamlValue
	for inner != "" {
		var item string
		if inner[0] == '"' || inner[0] == '\'' {
			end := closingQuote(inner)
			if end < 0 {
				return nil, fmt.Errorf("%d: unterminated string", line)
			}
			item, inner = inner[:end+1], strings.TrimSpace(inner[end+1:])
		} else {
			item, inner, _ = strings.Cut(inner, ",")
			inner = "," + inner
		}
		v, err := scalar(strings.TrimSpace(item), line)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		inner = strings.TrimSpace(inner)
		if inner == "," {
			break
		}
		if inner != "" {
			if inner[0] != ',' {
				return nil, fmt.Errorf("%d: expected , between list items", line)
			}
			inner = strings.TrimSpace(inner[1:])
		}
	}
	return out, nil
}

func closingQuote(s string) int {
	for i := 1; i < len(s); i++ {
		switch {
		case s[0] == '"' && s[i] == '\\':
			i++
		case s[i] == s[0]:
			if s[0] == '\'' && i+1 < len(s) && s[i+1] == '\'' {
				i++ // '' in a single-quoted string
				continue
			}
			return i
		}
	}
	return -1
}

// scalar reads a plain, single- or double-quoted scalar.
func scalar(s string, line int) (yamlValue, error) {
	switch {
	case s == "":
		return yamlValue{line: line}, fmt.Errorf("%d: expected a value", line)
	case s[0] == '"':
		v, err := strconv.Unquote(s)
		if err != nil {
			return yamlValue{}, fmt.Errorf("%d: malformed string %s", line, s)
		}
		return yamlValue{v, line}, nil
	case s[0] == '\'':
		if len(s) < 2 || s[len(s)-1] != '\'' {
			return yamlValue{}, fmt.Errorf("%d: malformed string %s", line, s)
		}
		return yamlValue{strings.ReplaceAll(s[1:len(s)-1], "''", "'"), line}, nil
	case strings.ContainsAny(s[:1], "{[&!|>%@`"):
		return yamlValue{}, fmt.Errorf("%d: %q: only plain or quoted scalars and lists are supported", line, s)
	}
	return yamlValue{s, line}, nil
}

// stripComment drops a # comment that starts the line or follows a space,
// outside quotes.
func stripComment(s string) string {
	if i := indexOutsideQuotes(s, func(i int) bool { return s[i] == '#' && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t') }); i >= 0 {
		return s[:i]
	}
	return s
}

// indexOutsideQuotes returns the first index i of s outside a quoted
// scalar at which at(i) holds, or -1. A double-quoted scalar escapes its
// quote with a backslash, a single-quoted one doubles it.
func indexOutsideQuotes(s string, at func(i int) bool) int {
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			switch {
			case c == '\'' && quote == '\'' && i+1 < len(s) && s[i+1] == '\'':
				i++ // '' is a quote inside a single-quoted scalar
			case c == quote:
				quote = 0
			case c == '\\' && quote == '"':
				i++
			}
		case (c == '"' || c == '\'') && opensQuote(s, i):
			quote = c
		case at(i):
			return i
		}
	}
	return -1
}

// opensQuote reports whether the quote at s[i] starts a quoted scalar
// (rather than being an apostrophe inside a plain one).
func opensQuote(s string, i int) bool {
	return i == 0 || strings.IndexByte(" \t[,:-", s[i-1]) >= 0
}

// projectSet finds and keeps the project configurations of the root files
// of the snapshots that share it. The workspace starts a new set when a
// .tdls.yaml it read changes, so that a snapshot sees one version of each.
type projectSet struct {
	mu     sync.Mutex
	dirs   map[string]string         // directory -> its config's path, "" when none
	loaded map[string]*loadedProject // config path -> what it says
	listen func(*ProjectConfig, error)
}

// loadedProject is one .tdls.yaml as read, with its compile databases.
type loadedProject struct {
	cfg   *ProjectConfig
	dbs   []*CompileDatabase
	err   error
	stamp fileStamp
}

// fileStamp tells whether a file changed since it was read.
type fileStamp struct {
	size  int64
	mtime int64
	ok    bool
}

func stampOf(path string) fileStamp {
	st, err := os.Stat(path)
	if err != nil {
		return fileStamp{}
	}
	return fileStamp{size: st.Size(), mtime: st.ModTime().UnixNano(), ok: true}
}

func newProjectSet(listen func(*ProjectConfig, error)) *projectSet {
	return &projectSet{dirs: map[string]string{}, loaded: map[string]*loadedProject{}, listen: listen}
}

// forFile returns the configuration that applies to path, or nil.
func (ps *projectSet) forFile(path string) *loadedProject {
	dir := filepath.Dir(filepath.Clean(path))
	ps.mu.Lock()
	cfgPath, known := ps.dirs[dir]
	ps.mu.Unlock()
	if !known {
		cfgPath = FindProjectConfig(dir)
	}
	if cfgPath == "" {
		ps.mu.Lock()
		ps.dirs[dir] = ""
		ps.mu.Unlock()
		return nil
	}
	ps.mu.Lock()
	ps.dirs[dir] = cfgPath
	lp := ps.loaded[cfgPath]
	ps.mu.Unlock()
	if lp != nil {
		return lp
	}
	stamp := stampOf(cfgPath)
	cfg, err := LoadProjectConfig(cfgPath)
	lp = &loadedProject{cfg: cfg, err: err, stamp: stamp}
	for _, p := range cfg.CompileDatabases {
		db, dbErr := LoadCompileDatabase(p)
		if dbErr != nil {
			lp.err = errors.Join(lp.err, fmt.Errorf("%s: compilationDatabases: %v", cfgPath, dbErr))
			continue
		}
		lp.dbs = append(lp.dbs, db)
	}
	ps.mu.Lock()
	if have := ps.loaded[cfgPath]; have != nil {
		lp = have // another root read it meanwhile
		ps.mu.Unlock()
		return lp
	}
	ps.loaded[cfgPath] = lp
	listen := ps.listen
	ps.mu.Unlock()
	if listen != nil {
		listen(lp.cfg, lp.err)
	}
	return lp
}

// changed reports whether a configuration the set read is no longer what
// is on disk.
func (ps *projectSet) changed() bool {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	for path, lp := range ps.loaded {
		if stampOf(path) != lp.stamp {
			return true
		}
	}
	return false
}
