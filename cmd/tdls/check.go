package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"tdls/analysis"
	"tdls/analysis/report"
	"tdls/drr"
	"tdls/tablegen"
	"tdls/tablegen/eval"
	"tdls/toolchain"
)

func init() {
	register(&command{
		name:    "check",
		summary: "print diagnostics for .td files; exit 1 on any error",
		usage:   checkUsage,
		run:     func(args []string) int { return runCheck(args, os.Stdout, os.Stderr) },
	})
}

const checkUsage = `usage: tdls check [-I DIR]... [-D NAME]... [--format=text|json|sarif] [--syntax-only]
                  [--severity CODE=LEVEL]... [--werror] [--hints] [--config FILE | --no-config]
                  [--mlir-tblgen PATH] [--trust] [--cpu-profile FILE] [--mem-profile FILE] FILE...

Reads each FILE as the root of a translation unit, resolving includes as
llvm-tblgen does (as written, then each -I directory in order, then the
compile database entry and includeDirs of the project's .tdls.yaml), and
prints every diagnostic. Exits 1 if any is an error, 2 on a bad command line
or configuration. With no -I, no .tdls.yaml and neither --config nor
--no-config, an include that does not resolve is looked up among the .td
files of the current directory's project (tdls init writes what is found
to .tdls.yaml), and a note on stderr says which directories were used.

  -I DIR, --include-dir DIR  add DIR to the include search path
  -D NAME                    define the preprocessor macro NAME
  --format text|json|sarif   text (FILE:LINE:COL: ...), LSP-shaped JSON, or SARIF 2.1.0
  --syntax-only              stop after parsing
  --severity CODE=LEVEL      report CODE (a code, a prefix ending in *, or *) as
                             off, hint, information, warning or error; repeatable,
                             above the .tdls.yaml's severity
  --werror                   report warnings as errors (after --severity)
  --hints                    print hints too (style lints are hints by default)
  --config FILE              use FILE as the project configuration of every FILE
  --no-config                use no .tdls.yaml (by default each FILE's nearest one:
                             in its directory or the closest parent that has one)
  --mlir-tblgen PATH         the mlir-tblgen whose release the project builds with
                             (asked only when a diagnostic depends on it)
  --trust                    trust the project: its build tree's mlir-tblgen may run
                             (without it, a repository's executables never run;
                             their release is read from its CMake files)
  --cpu-profile FILE         write a CPU profile of the run (go tool pprof)
  --mem-profile FILE         write a heap profile at the end of the run
`

// checkConfig is what a check of one root needs from the command line.
type checkConfig struct {
	includeDirs []string
	defines     []string
	syntaxOnly  bool
	severity    []analysis.SeverityRule // --severity
	werror      bool
	hints       bool
	configFile  string // --config
	noConfig    bool
	run         runTrust // --trust, --mlir-tblgen
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	var cfg checkConfig
	var prof profiles
	format, help := "text", false
	opts := append(append(append(includeOptions(&cfg.includeDirs, &cfg.defines), prof.options()...), cfg.run.options()...),
		option{names: []string{"format"}, value: true, set: func(v string) error {
			if v != "text" && v != "json" && v != "sarif" {
				return fmt.Errorf("want text, json or sarif, got %q", v)
			}
			format = v
			return nil
		}},
		option{names: []string{"syntax-only"}, set: func(string) error { cfg.syntaxOnly = true; return nil }},
		option{names: []string{"severity"}, value: true, set: func(v string) error {
			r, err := analysis.ParseSeverityRule(v, analysis.FromCommandLine)
			cfg.severity = append(cfg.severity, r)
			return err
		}},
		option{names: []string{"werror", "Werror"}, set: func(string) error { cfg.werror = true; return nil }},
		option{names: []string{"hints"}, set: func(string) error { cfg.hints = true; return nil }},
		option{names: []string{"config"}, value: true, set: func(v string) error { cfg.configFile = v; return nil }},
		option{names: []string{"no-config"}, set: func(string) error { cfg.noConfig = true; return nil }},
		option{names: []string{"h", "help"}, set: func(string) error { help = true; return nil }},
	)
	defer func() {
		if err := prof.stop(); err != nil {
			fmt.Fprintf(stderr, "tdls check: %v\n", err)
		}
	}()
	files, err := parseCommandLine(args, opts)
	switch {
	case help:
		fmt.Fprint(stdout, checkUsage)
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "tdls check: %v\n%s", err, checkUsage)
		return 2
	case len(files) == 0:
		fmt.Fprintf(stderr, "tdls check: no input files\n%s", checkUsage)
		return 2
	case cfg.configFile != "" && cfg.noConfig:
		fmt.Fprintf(stderr, "tdls check: --config and --no-config exclude each other\n")
		return 2
	}
	projects := projectConfigs{explicit: cfg.configFile, none: cfg.noConfig, byPath: map[string]*project{}}
	roots := make([]*project, len(files))
	for i, path := range files {
		if roots[i], err = projects.forFile(path); err != nil {
			fmt.Fprintf(stderr, "tdls check: %v\n", err)
			return 2
		}
	}

	if err := prof.start(); err != nil {
		fmt.Fprintf(stderr, "tdls check: %v\n", err)
		return 2
	}
	set := tablegen.NewSourceSet()
	var diags []tablegen.Diagnostic
	llvm := newerLLVMOnce{cfg: cfg, roots: roots}
	inferred := &inference{trust: cfg.run.trust()}
	for i, path := range files {
		pipeline := roots[i].pipeline(cfg)
		// Each root in a set of its own: the shared one keeps only the
		// files the diagnostics point into (see SourceSet.Adopt).
		unit := tablegen.NewSourceSet()
		found := set.Adopt(unit, checkFile(unit, path, cfg, roots[i], inferred))
		pipeline.Policy.NewerLLVM = llvm.newer(found)
		for _, d := range pipeline.Report(found) {
			if d.Severity != tablegen.SeverityHint || cfg.hints {
				diags = append(diags, d)
			}
		}
	}
	diags = report.Ordered(set, diags)
	var write func(io.Writer, *tablegen.SourceSet, []tablegen.Diagnostic) error
	switch format {
	case "json":
		write = report.WriteJSON
	case "sarif":
		write = writeSARIF
	default:
		write = report.WriteText
	}
	if err := write(stdout, set, diags); err != nil {
		fmt.Fprintf(stderr, "tdls check: %v\n", err)
		return 1
	}
	inferred.note(stderr)
	if tablegen.Diagnostics(diags).HasErrors() {
		return 1
	}
	return 0
}

// inference is what a check with no include configuration infers
// (analysis.InferringLoader), from the project of the current directory,
// or for a root outside it, from the root's own project.
type inference struct {
	trust    toolchain.Trust                     // what may run to find the machine's MLIR
	mlir     *string                             // the machine's MLIR include directory, once found
	catalogs map[string]*analysis.IncludeCatalog // by project root
	dirs     []analysis.InferredDir
}

// machineMLIR is the machine's MLIR include directory, "" when it has none.
func (in *inference) machineMLIR() string {
	if in.mlir == nil {
		d := toolchain.MLIRIncludeDir(in.trust)
		in.mlir = &d
	}
	return *in.mlir
}

// loader infers the include directories of the root at path.
func (in *inference) loader(base *tablegen.CommandLineLoader, path string) *analysis.InferringLoader {
	return &analysis.InferringLoader{Base: base, MLIR: in.machineMLIR(), Catalog: func() *analysis.IncludeCatalog {
		project := in.projectOf(path)
		if c, ok := in.catalogs[project]; ok {
			return c
		}
		if in.catalogs == nil {
			in.catalogs = map[string]*analysis.IncludeCatalog{}
		}
		c := analysis.NewIncludeCatalog(context.Background(), []string{project})
		in.catalogs[project] = c
		return c
	}}
}

// projectOf is the project whose .td files tell path's include
// directories: the current directory's when path lies in it, else path's
// own (a checkout checked from outside it).
func (in *inference) projectOf(path string) string {
	wd, _ := os.Getwd()
	project := analysis.ProjectRoot(wd)
	abs, err := filepath.Abs(path)
	if err != nil {
		return project
	}
	if _, ok := within(project, abs); ok {
		return project
	}
	return analysis.ProjectRoot(filepath.Dir(abs))
}

func (in *inference) keep(l *analysis.InferringLoader) {
	for _, d := range l.Inferred {
		if !slices.ContainsFunc(in.dirs, func(k analysis.InferredDir) bool { return k.Dir == d.Dir }) {
			in.dirs = append(in.dirs, d)
		}
	}
}

// note tells on stderr what was inferred: CI should pin it.
func (in *inference) note(w io.Writer) {
	if len(in.dirs) == 0 {
		return
	}
	fmt.Fprintf(w, "tdls check: note: no include directories configured; inferred:\n")
	for _, d := range in.dirs {
		fmt.Fprintf(w, "  -I %s  (%s)\n", d.Dir, d.Why)
	}
	fmt.Fprintf(w, "tdls check: note: pin them with `tdls init` (writes .tdls.yaml) or pass -I\n")
}

// checkFile reads path as a root, parses it with its include closure and
// runs every check of the pipeline; an unreadable root is itself a
// diagnostic. The diagnostics are not reported yet (Pipeline.Report). A
// root is checked once and never edited, so it is streamed
// (tablegen.StreamUnit, Pipeline.Evaluate): each statement parsed,
// evaluated and dropped, its tokens never all held at once.
func checkFile(set *tablegen.SourceSet, path string, cfg checkConfig, proj *project, inferred *inference) []tablegen.Diagnostic {
	var pipeline analysis.Pipeline
	data, err := tablegen.ReadInputFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		f := set.AddFile(path, nil)
		return []tablegen.Diagnostic{{
			Range:    tablegen.Range{Start: f.Pos(0), End: f.Pos(0)},
			Severity: tablegen.SeverityError,
			Code:     "input-unreadable",
			Message:  fmt.Sprintf("could not open input file '%s': %v", path, err),
		}}
	}
	root := set.AddFile(path, data)
	dirs := append(append([]string(nil), cfg.includeDirs...), proj.includeDirs(path)...)
	// A .tdls.yaml's include directories (tdls init writes the project's
	// own) are searched, as in the server, before the machine's MLIR;
	// -I alone is exactly llvm-tblgen's search.
	if proj != nil && inferred != nil && len(proj.cfg.IncludeDirs) > 0 && !slices.ContainsFunc(dirs, toolchain.HasMLIR) {
		if d := inferred.machineMLIR(); d != "" {
			dirs = append(dirs, d)
		}
	}
	base := &tablegen.CommandLineLoader{IncludeDirs: dirs}
	opts := tablegen.LexOptions{Loader: base, Defines: cfg.defines}
	if proj != nil && len(proj.cfg.IncludeDirs) > 0 {
		opts.Loader = &tablegen.ProjectLoader{IncludeDirs: dirs}
	}
	// Nothing states the include directories (no -I, no .tdls.yaml, no
	// --config or --no-config): inferred, for this unit. Any explicit
	// configuration resolves exactly as llvm-tblgen would.
	if inferred != nil && len(cfg.includeDirs) == 0 && cfg.configFile == "" && !cfg.noConfig && proj == nil {
		l := inferred.loader(base, path)
		defer inferred.keep(l)
		opts.Loader = l
	}
	if cfg.syntaxOnly {
		s := tablegen.StreamUnit(set, root, opts)
		for s.Next() != nil { // only the diagnostics are wanted
			s.Recycle()
		}
		return append([]tablegen.Diagnostic(nil), pipeline.Syntax(s.Unit())...)
	}
	u, res := pipeline.Evaluate(set, root, opts, eval.Options{})
	diags := append([]tablegen.Diagnostic(nil), pipeline.Syntax(u)...)
	m := pipeline.Check(u, res, nil)
	return append(diags, drr.Plain(m.Problems)...)
}

// project is the .tdls.yaml that applies to a root file (nil: none).
type project struct {
	cfg *analysis.ProjectConfig
	dbs []*analysis.CompileDatabase
}

// includeDirs are the project's directories for root, after -I: its
// compile database entry, then includeDirs.
func (p *project) includeDirs(root string) []string {
	if p == nil {
		return nil
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		abs = root
	}
	return append(analysis.CompileDatabaseDirs(p.dbs, filepath.Clean(abs)), p.cfg.IncludeDirs...)
}

// pipeline is the check pipeline the server runs too, with the project's
// severity rules under the command line's.
func (p *project) pipeline(cfg checkConfig) analysis.Pipeline {
	var rules []analysis.SeverityRule
	if p != nil {
		rules = append(rules, p.cfg.Severity...)
	}
	return analysis.Pipeline{Policy: &analysis.Policy{Rules: append(rules, cfg.severity...), Werror: cfg.werror}}
}

// newerLLVMOnce tells whether the user's LLVM is newer than the modelled
// one, asked once per run and only when a diagnostic depends on it (an
// error about what LLVM 22 lacks): finding it runs mlir-tblgen.
type newerLLVMOnce struct {
	cfg   checkConfig
	roots []*project
	asked bool
	is    bool
}

func (o *newerLLVMOnce) newer(diags []tablegen.Diagnostic) bool {
	if o.asked {
		return o.is
	}
	if !slices.ContainsFunc(diags, func(d tablegen.Diagnostic) bool { c, _ := analysis.LookupCode(d.Code); return c.Newer }) {
		return false
	}
	o.asked = true
	search := toolchain.Search{MLIRTblgen: o.cfg.run.tool(), Machine: true}
	for _, d := range o.cfg.includeDirs {
		search.IncludeDirs = append(search.IncludeDirs, toolchain.Dir{Path: d, Origin: toolchain.FromUser})
	}
	var projectDirs []string
	for _, p := range o.roots {
		if p == nil {
			continue
		}
		projectDirs = append(projectDirs, filepath.Dir(p.cfg.Path))
		for _, d := range p.cfg.IncludeDirs {
			search.IncludeDirs = append(search.IncludeDirs, toolchain.Dir{Path: d, Origin: toolchain.FromWorkspace, Via: p.cfg.Path})
		}
		for _, db := range p.dbs {
			projectDirs = append(projectDirs, filepath.Dir(db.Path))
			search.BuildDirs = append(search.BuildDirs, filepath.Dir(db.Path))
			for _, d := range db.AllDirs {
				search.IncludeDirs = append(search.IncludeDirs, toolchain.Dir{Path: d, Origin: toolchain.FromWorkspace, Via: db.Path})
			}
		}
	}
	search.Trust = o.cfg.run.trust(projectDirs...)
	l, found := toolchain.Find(search)
	o.is = found && l.Major > tablegen.LLVMRelease
	return o.is
}

// projectConfigs finds the .tdls.yaml of each root file once per file.
type projectConfigs struct {
	explicit string // --config
	none     bool   // --no-config
	byPath   map[string]*project
}

func (pc *projectConfigs) forFile(path string) (*project, error) {
	if pc.none {
		return nil, nil
	}
	cfgPath := pc.explicit
	if cfgPath == "" {
		dir, err := filepath.Abs(filepath.Dir(path))
		if err != nil {
			return nil, err
		}
		if cfgPath = analysis.FindProjectConfig(dir); cfgPath == "" {
			return nil, nil
		}
	}
	if p, ok := pc.byPath[cfgPath]; ok {
		return p, nil
	}
	cfg, err := analysis.LoadProjectConfig(cfgPath)
	if err != nil {
		return nil, err
	}
	p := &project{cfg: cfg}
	for _, dbPath := range cfg.CompileDatabases {
		db, err := analysis.LoadCompileDatabase(dbPath)
		if err != nil {
			return nil, fmt.Errorf("%s: compilationDatabases: %v", cfgPath, err)
		}
		p.dbs = append(p.dbs, db)
	}
	pc.byPath[cfgPath] = p
	return p, nil
}
