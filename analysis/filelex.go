package analysis

import (
	"bytes"
	"sort"
	"strings"
	"sync"

	"tdls/tablegen"
)

// fileLex is one file lexed on its own, includes not followed, under the
// values its own #ifdef/#ifndef tests see. Its positions place the file at
// base, the file's place in the workspace's layout when it was lexed; an
// entry at another place shifts them.
// It is immutable once built and shared by every unit and snapshot that sees
// the same content under the same macro values.
type fileLex struct {
	tokens   tablegen.TokenList // without the final EOF
	includes []includeSite
	diags    tablegen.Diagnostics // lexical and preprocessor problems of this file
	defines  []string             // macros the file defines (active branches only)
	base     tablegen.Pos         // where the positions place the file
	hash     uint64               // of the content
	macros   string               // the macro values it was lexed under
	lexed    *tablegen.FileLex    // to relex the next version from
}

// includeSite is one include directive of a file.
type includeSite struct {
	name          string
	rng, nameRng  tablegen.Range // relative
	at            int            // index in tokens where the included tokens go
	definesBefore []string       // this file's own defines that precede the site
}

// directives is what a line scan finds of a file's preprocessor use.
type directives struct {
	tested  []string // names in #ifdef/#ifndef, sorted, unique
	defines []macroDef
}

type macroDef struct {
	name string
	off  int
}

// scanDirectives finds preprocessor lines syntactically. It may see
// directive-looking lines inside code blocks; that only makes cache keys
// more specific, never wrong.
func scanDirectives(src []byte) directives {
	var d directives
	seen := map[string]bool{}
	// Only the places of '#' are looked at: a directive is the first
	// thing on its line after blanks.
	for off := 0; off < len(src); {
		j := bytes.IndexByte(src[off:], '#')
		if j < 0 {
			break
		}
		i := off + j
		end := len(src)
		if k := bytes.IndexByte(src[i:], '\n'); k >= 0 {
			end = i + k
		}
		off = end + 1
		if !blank(src[bytes.LastIndexByte(src[:i], '\n')+1 : i]) {
			continue
		}
		line := string(src[i+1 : end])
		for _, kw := range [...]string{"ifdef", "ifndef", "define"} {
			if !strings.HasPrefix(line, kw) {
				continue
			}
			name := macroNameOf(line[len(kw):])
			if name == "" {
				break
			}
			if kw == "define" {
				d.defines = append(d.defines, macroDef{name: name, off: i})
			} else if !seen[name] {
				seen[name] = true
				d.tested = append(d.tested, name)
			}
			break
		}
	}
	sort.Strings(d.tested)
	return d
}

func macroNameOf(rest string) string {
	if rest == "" || (rest[0] != ' ' && rest[0] != '\t') {
		return ""
	}
	rest = strings.TrimLeft(rest, " \t")
	n := 0
	for n < len(rest) && (rest[n] == '_' || rest[n] >= 'a' && rest[n] <= 'z' || rest[n] >= 'A' && rest[n] <= 'Z' || n > 0 && rest[n] >= '0' && rest[n] <= '9') {
		n++
	}
	return rest[:n]
}

// lexOne lexes content alone with the given macros defined: includes are
// spliced by the assembler, so it only records where they are. With prev,
// an earlier version lexed under the same macros, only the edited part of
// the file is lexed again.
func lexOne(path string, content []byte, base tablegen.Pos, defined []string, dirs directives, prev *fileLex) *fileLex {
	set := tablegen.NewSourceSet()
	f := set.AddFileAt(path, content, base)
	var lx *tablegen.FileLex
	if prev != nil {
		lx = tablegen.RelexAlone(set, f, prev.lexed)
	} else {
		lx = tablegen.LexAlone(set, f, defined)
	}
	fl := &fileLex{tokens: lx.Tokens.Slice(0, lx.Tokens.Len()-1), diags: lx.Diags, lexed: lx, base: base}
	incoming := map[string]bool{}
	for _, d := range defined {
		incoming[d] = true
	}
	active := map[string]bool{}
	for m := range lx.Macros {
		if !incoming[m] {
			active[m] = true
			fl.defines = append(fl.defines, m)
		}
	}
	sort.Strings(fl.defines)
	for _, inc := range lx.Includes {
		site := includeSite{name: inc.Name, rng: inc.Range, nameRng: inc.NameRng}
		site.at = fl.tokens.Search(inc.Range.Start)
		start := f.Offset(inc.Range.Start)
		for _, d := range dirs.defines {
			if d.off < start && active[d.name] {
				site.definesBefore = append(site.definesBefore, d.name)
			}
		}
		fl.includes = append(fl.includes, site)
	}
	return fl
}

// lexCache memoises fileLex by content hash and the values of the macros the
// file tests.
type lexCache struct {
	mu     sync.Mutex
	dirs   map[uint64]directives
	lex    map[lexKey]*fileLex
	latest map[lexKey]*fileLex // by path and macros (hash 0): the newest entry, to relex from
}

type lexKey struct {
	path   string
	hash   uint64
	macros string // defined tested names, sorted, joined by ","
}

func newLexCache() *lexCache {
	return &lexCache{dirs: map[uint64]directives{}, lex: map[lexKey]*fileLex{}, latest: map[lexKey]*fileLex{}}
}

func (c *lexCache) directives(hash uint64, content []byte) directives {
	c.mu.Lock()
	d, ok := c.dirs[hash]
	c.mu.Unlock()
	if !ok {
		d = scanDirectives(content)
		c.mu.Lock()
		c.dirs[hash] = d
		c.mu.Unlock()
	}
	return d
}

// get returns the file lexed under the current macro set; lexed anew, it is
// placed at base.
func (c *lexCache) get(path string, content []byte, hash uint64, macros map[string]bool, base tablegen.Pos) (*fileLex, directives) {
	d := c.directives(hash, content)
	var defined []string
	for _, t := range d.tested {
		if macros[t] {
			defined = append(defined, t)
		}
	}
	key := lexKey{path: path, hash: hash, macros: strings.Join(defined, ",")}
	latestKey := lexKey{path: path, macros: key.macros}
	c.mu.Lock()
	fl, ok := c.lex[key]
	prev := c.latest[latestKey]
	c.mu.Unlock()
	if ok {
		return fl, d
	}
	fl = lexOne(path, content, base, defined, d, prev)
	fl.hash, fl.macros = hash, key.macros
	c.mu.Lock()
	// The versions before this one are not kept: a file being edited
	// faster than its units are built would leave one lexing per
	// keystroke (a 50 MB file's tokens are 400 MB), as a build the next
	// edit cancels does not get to drop them (Workspace.rememberRoot).
	// A unit that still reads an older version holds its entry.
	for k := range c.lex {
		if k.path == path && k.macros == key.macros && k.hash != hash {
			delete(c.lex, k)
		}
	}
	c.lex[key] = fl
	c.latest[latestKey] = fl
	c.mu.Unlock()
	return fl, d
}

// rewind makes keep the version of path the next one is lexed from, and
// forgets the others lexed under its macros: those of builds that were
// cancelled (see Snapshot.buildUnit).
func (c *lexCache) rewind(path string, keep *fileLex) {
	c.mu.Lock()
	for k := range c.lex {
		if k.path == path && k.macros == keep.macros && k.hash != keep.hash {
			delete(c.lex, k)
		}
	}
	c.latest[lexKey{path: path, macros: keep.macros}] = keep
	c.mu.Unlock()
}

// drop forgets entries of path other than the given content (a file being
// edited would otherwise leave one entry per keystroke).
func (c *lexCache) drop(path string, keep uint64) {
	c.mu.Lock()
	for k := range c.lex {
		if k.path == path && k.hash != keep {
			delete(c.lex, k)
		}
	}
	for k, fl := range c.latest {
		if k.path == path && fl.hash != keep {
			delete(c.latest, k)
		}
	}
	c.mu.Unlock()
}
