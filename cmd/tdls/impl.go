package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"tdls/analysis"
	"tdls/analysis/report"
	"tdls/cpp"
	"tdls/tablegen"
)

func init() {
	register(&command{
		name:    "impl",
		summary: "list the C++ each declaration of the files requires, and where it is defined",
		usage:   implUsage,
		run:     func(args []string) int { return runImpl(args, os.Stdout, os.Stderr) },
	})
}

const implUsage = `usage: tdls impl [-I DIR]... [-D NAME]... [--cpp DIR]... [--format=text|json] [--missing] FILE...

Lists every C++ member the entities FILE and the files it includes define
require of their author (not those of the MLIR installation's files):
an op's verify (hasVerifier), verifyRegions, fold, canonicalize,
getCanonicalizationPatterns, parse and print (hasCustomAssemblyFormat),
builders without a body, the methods of DeclareOpInterfaceMethods; an
attribute's or type's verify, parse and print; a dialect's hooks; a pass's
runOnOperation and create function; the functions a DRR pattern's native
calls and constraints call. Each comes with the signature the generated
code declares and the places it is defined in the C++ that tdls reads:
the --cpp directories (default: the nearest directory above the first
FILE holding .tdls.yaml or .git, else the working directory), their
compile_commands.json sources and .tdls.yaml cppSources; build*,
third_party and hidden directories, and files over 2 MB, are skipped
(but not a third_party directory whose .td files include the project's:
a backend kept there).

With no -I and no .tdls.yaml, the include directories are inferred from
the project's .td files, as tdls check infers them.

A member not found is information, not an error: its definition may be
elsewhere. The exit code is 0 unless a FILE cannot be read, evaluated or
loaded in full (its syntax or include errors are printed on stderr: the
list would be incomplete).

  -I DIR          include directory (repeatable), as llvm-tblgen's
  -D NAME         define a macro (repeatable)
  --cpp DIR       C++ directory or file to read (repeatable)
  --format=FMT    text (default): td-file:line: entity::member (kind): where;
                  json: [{"entity","kind","member","signature",
                  "td":{"file","line"},"definitions":[{"file","line"}]}]
  --missing       only the members no definition was found for
`

type implLocation struct {
	File string `json:"file"`
	Line int    `json:"line"`
}

type implEntry struct {
	Entity      string         `json:"entity"`
	Kind        string         `json:"kind"`
	Member      string         `json:"member"`
	Signature   string         `json:"signature"`
	TD          implLocation   `json:"td"`
	Definitions []implLocation `json:"definitions"`
}

func runImpl(args []string, stdout, stderr io.Writer) int {
	var includes, defines, cppDirs []string
	format, missing, help := "text", false, false
	opts := append(includeOptions(&includes, &defines),
		option{names: []string{"cpp"}, value: true, set: appendTo(&cppDirs)},
		option{names: []string{"format"}, value: true, set: func(v string) error {
			if v != "text" && v != "json" {
				return fmt.Errorf("--format is text or json, not %q", v)
			}
			format = v
			return nil
		}},
		option{names: []string{"missing"}, set: func(string) error { missing = true; return nil }},
		option{names: []string{"h", "help"}, set: func(string) error { help = true; return nil }},
	)
	files, err := parseCommandLine(args, opts)
	if help {
		fmt.Fprint(stdout, implUsage)
		return 0
	}
	if err == nil && len(files) == 0 {
		err = fmt.Errorf("no FILE given\n%s", implUsage)
	}
	if err != nil {
		fmt.Fprintln(stderr, "tdls impl:", err)
		return 2
	}
	cwd, _ := os.Getwd()
	for i, f := range files {
		if abs, err := filepath.Abs(f); err == nil {
			files[i] = abs
		}
	}
	if len(cppDirs) == 0 {
		cppDirs = []string{projectRootOf(files[0], cwd)}
	}
	for i, d := range cppDirs {
		if abs, err := filepath.Abs(d); err == nil {
			cppDirs[i] = abs
		}
	}
	for i, d := range includes {
		if abs, err := filepath.Abs(d); err == nil {
			includes[i] = abs
		}
	}

	// The C++ index is built while the .td files are evaluated.
	ctx := context.Background()
	x := cpp.NewIndex()
	indexed := make(chan struct{})
	go func() {
		analysis.ScanCppFiles(ctx, x, analysis.CppFiles(cppDirs))
		close(indexed)
	}()

	// The project's folder, as the server's workspace: with no -I and no
	// .tdls.yaml, include directories are inferred from its .td files.
	ws := analysis.NewWorkspace(analysis.Config{Folders: []string{projectRootOf(files[0], cwd)}, IncludeDirs: includes, Defines: defines})
	snap := ws.Snapshot()
	var units []*analysis.Unit
	status := 0
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			fmt.Fprintf(stderr, "tdls impl: %v\n", err)
			status = 1
			continue
		}
		u, err := snap.Unit(ctx, f)
		if err == nil {
			_, err = u.Models(ctx)
		}
		if err != nil {
			fmt.Fprintf(stderr, "tdls impl: %s: %v\n", f, err)
			status = 1
			continue
		}
		if errs := errorsOf(u.TG.Diags); len(errs) > 0 {
			// What did not parse or load declares nothing: its members
			// would be missing from the list without a word.
			report.WriteText(stderr, u.TG.Set, report.Ordered(u.TG.Set, errs))
			fmt.Fprintf(stderr, "tdls impl: %s: not all of it could be read; the list is incomplete\n", relativeTo(cwd, f))
			status = 1
		}
		units = append(units, u)
	}
	<-indexed

	seen := map[string]bool{}
	var entries []implEntry
	for _, u := range units {
		for _, q := range analysis.Requirements(u, x) {
			key := fmt.Sprint(q.File, q.Start, q.Entity, q.Member, q.Signature)
			if seen[key] || missing && len(q.Defs) > 0 {
				continue
			}
			seen[key] = true
			e := implEntry{Entity: q.Entity, Kind: q.Kind, Member: q.Member, Signature: q.Signature,
				TD: implLocation{File: relativeTo(cwd, q.File), Line: q.Line}, Definitions: []implLocation{}}
			for _, d := range q.Defs {
				e.Definitions = append(e.Definitions, implLocation{File: relativeTo(cwd, d.File), Line: d.Line})
			}
			entries = append(entries, e)
		}
	}
	sort.SliceStable(entries, func(a, b int) bool {
		if entries[a].TD.File != entries[b].TD.File {
			return entries[a].TD.File < entries[b].TD.File
		}
		return entries[a].TD.Line < entries[b].TD.Line
	})
	if format == "json" {
		if entries == nil {
			entries = []implEntry{}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(entries); err != nil {
			return 1
		}
		return status
	}
	for _, e := range entries {
		where := "not found"
		if len(e.Definitions) > 0 {
			where = ""
			for i, d := range e.Definitions {
				if i > 0 {
					where += ", "
				}
				where += fmt.Sprintf("%s:%d", d.File, d.Line)
			}
		}
		fmt.Fprintf(stdout, "%s:%d: %s::%s (%s): %s\n", e.TD.File, e.TD.Line, e.Entity, e.Member, e.Kind, where)
	}
	return status
}

// errorsOf is the errors among ds.
func errorsOf(ds tablegen.Diagnostics) []tablegen.Diagnostic {
	var out []tablegen.Diagnostic
	for _, d := range ds {
		if d.Severity == tablegen.SeverityError {
			out = append(out, d)
		}
	}
	return out
}

// projectRootOf is the nearest directory above file holding .tdls.yaml or
// .git, else cwd.
func projectRootOf(file, cwd string) string {
	dir := filepath.Dir(file)
	for {
		for _, marker := range []string{analysis.ProjectConfigName, ".git"} {
			if _, err := os.Stat(filepath.Join(dir, marker)); err == nil {
				return dir
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return cwd
		}
		dir = parent
	}
}

// relativeTo writes a path under the working directory relative to it,
// and one outside it (the MLIR installation's .td files) as it is.
func relativeTo(cwd, path string) string {
	if rel, ok := within(cwd, path); ok {
		return rel
	}
	return path
}

// within is path relative to dir, when it lies in dir.
func within(dir, path string) (string, bool) {
	rel, err := filepath.Rel(dir, path)
	return rel, err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
