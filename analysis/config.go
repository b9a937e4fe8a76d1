package analysis

import (
	"path/filepath"

	"tdls/tablegen"
	"tdls/toolchain"
)

// Config is what the editor and the command line tell the server.
type Config struct {
	Folders          []string // workspace folders, absolute
	IncludeDirs      []string // --tablegen-extra-dir, tdls.includeDirs
	CompileDatabases []string // --tablegen-compilation-database, tdls.compilationDatabases
	Defines          []string // -D NAME for every unit
	// Severity are the per-code levels of the editor settings and the
	// command line; a root file's .tdls.yaml adds its own (policy.go).
	Severity []SeverityRule
	// NoMLIRAutoDetect turns off the last resort of §4 (the MLIR include
	// directory of the machine); tests use it to stay hermetic.
	NoMLIRAutoDetect bool
	// NewerLLVM: the user's LLVM is newer than the modelled release (the
	// server finds it); the Policy then reports CodeInfo.Newer errors as
	// warnings.
	NewerLLVM bool
	// TrustAll and TrustedFolders are what the user trusts of the
	// workspace: its executables (a build tree's mlir-tblgen, what its
	// compile databases and CMake caches name) run only there
	// (toolchain.Trust, SECURITY.md). They change what may run, never what
	// the analysis finds.
	TrustAll       bool
	TrustedFolders []string
}

// Trust is what the user trusts of this snapshot's workspace.
func (s *Snapshot) Trust() toolchain.Trust {
	return toolchain.Trust{Folders: s.cfg.Folders, Trusted: s.cfg.TrustedFolders, All: s.cfg.TrustAll}
}

// includeDirs is the resolved search order for one root file, after its own
// directory (which tablegen.EditorLoader searches first): the compile
// database entry (of the configured databases, then of the project's), the
// configured dirs, the project's, then the MLIR install.
func (s *Snapshot) includeDirs(root string) []string {
	var dirs []string
	seen := map[string]bool{}
	add := func(ds ...string) {
		for _, d := range ds {
			d = filepath.Clean(d)
			if !seen[d] {
				seen[d] = true
				dirs = append(dirs, d)
			}
		}
	}
	project := s.projects.forFile(root)
	dbs := s.dbs
	if project != nil {
		dbs = append(append([]*CompileDatabase(nil), s.dbs...), project.dbs...)
	}
	add(CompileDatabaseDirs(dbs, root)...)
	add(s.cfg.IncludeDirs...)
	if project != nil {
		add(project.cfg.IncludeDirs...)
	}
	if !s.infers(root) {
		if s.mlirDir != "" {
			add(s.mlirDir)
		}
		return dirs
	}
	// Nothing states them: a vendored llvm-project's MLIR, else the
	// machine's, then what earlier units of root inferred (infer.go).
	if s.vendored != "" {
		add(s.vendored)
	} else if s.mlirDir != "" {
		add(s.mlirDir)
	}
	add(s.w.rootDirs(root)...)
	return dirs
}

// CompileDatabaseDirs are the include directories the databases give root:
// its entry in the first that lists it, else every directory they mention
// (as tblgen-lsp-server does for files it does not know).
func CompileDatabaseDirs(dbs []*CompileDatabase, root string) []string {
	for _, db := range dbs {
		if ds, ok := db.IncludeDirsFor(root); ok {
			return ds
		}
	}
	var out []string
	for _, db := range dbs {
		out = append(out, db.AllDirs...)
	}
	return out
}

// pipelineFor is the check pipeline of the unit rooted at root: the policy
// of its project's .tdls.yaml under the editor's and the command line's.
func (s *Snapshot) pipelineFor(root string) Pipeline {
	rules := s.cfg.Severity
	if project := s.projects.forFile(root); project != nil && len(project.cfg.Severity) > 0 {
		rules = append(append([]SeverityRule(nil), project.cfg.Severity...), rules...)
	}
	if len(rules) == 0 && !s.cfg.NewerLLVM {
		return Pipeline{}
	}
	return Pipeline{Policy: &Policy{Rules: rules, NewerLLVM: s.cfg.NewerLLVM}}
}

// Report passes diagnostics about path that no unit raises (the index's)
// through the policy of path's unit: the way out for them.
func (s *Snapshot) Report(path string, ds tablegen.Diagnostics) tablegen.Diagnostics {
	return s.pipelineFor(path).Report(ds)
}

// FormatColumn is the column limit the .tdls.yaml of path's project sets
// for formatting (format: columnLimit), or 0.
func (s *Snapshot) FormatColumn(path string) int {
	if project := s.projects.forFile(path); project != nil && project.cfg != nil {
		return project.cfg.FormatColumn
	}
	return 0
}

// FormatIndent is the indentation of a body level the .tdls.yaml of
// path's project sets for formatting (format: indentWidth), or 0.
func (s *Snapshot) FormatIndent(path string) int {
	if project := s.projects.forFile(path); project != nil && project.cfg != nil {
		return project.cfg.FormatIndent
	}
	return 0
}
