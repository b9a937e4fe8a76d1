package analysis

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"tdls/tablegen"
	"tdls/toolchain"
)

// LLVMSearch is where the user's LLVM is looked for from this snapshot:
// the configured mlir-tblgen, the build trees of the compile databases
// (configured or found, and those of the workspace folders' .tdls.yaml),
// the include directories the units read, then the machine's LLVM unless
// auto-detection is off; with what the user trusts, since the build trees
// and what the databases name are the repository's.
func (s *Snapshot) LLVMSearch(configured toolchain.Tool) toolchain.Search {
	search := toolchain.Search{MLIRTblgen: configured, Machine: !s.cfg.NoMLIRAutoDetect, Trust: s.Trust()}
	seen := map[string]bool{}
	addBuild := func(d string) {
		if d = filepath.Clean(d); !seen[d] {
			seen[d] = true
			search.BuildDirs = append(search.BuildDirs, d)
		}
	}
	addInclude := func(d toolchain.Dir) {
		if d.Path = filepath.Clean(d.Path); !seen[d.Path] {
			seen[d.Path] = true
			search.IncludeDirs = append(search.IncludeDirs, d)
		}
	}
	dbs := s.dbs
	var projectIncludes []toolchain.Dir
	for _, f := range s.cfg.Folders {
		if project := s.projects.forFile(filepath.Join(f, ProjectConfigName)); project != nil {
			dbs = append(append([]*CompileDatabase(nil), dbs...), project.dbs...)
			for _, d := range project.cfg.IncludeDirs {
				projectIncludes = append(projectIncludes, toolchain.Dir{Path: d, Origin: toolchain.FromWorkspace, Via: project.cfg.Path})
			}
		}
	}
	for _, db := range dbs {
		addBuild(filepath.Dir(db.Path))
	}
	for _, db := range dbs {
		for _, d := range db.AllDirs {
			addInclude(toolchain.Dir{Path: d, Origin: toolchain.FromWorkspace, Via: db.Path})
		}
	}
	for _, d := range s.cfg.IncludeDirs {
		addInclude(toolchain.Dir{Path: d, Origin: toolchain.FromUser})
	}
	for _, d := range projectIncludes {
		addInclude(d)
	}
	if s.mlirDir != "" {
		addInclude(toolchain.Dir{Path: s.mlirDir, Origin: toolchain.FromMachine})
	}
	return search
}

// LLVMNotice is what tdls tells a user whose LLVM is another release than
// the modelled one: which checks follow LLVM 22's tools and so may
// disagree with theirs, counted from the code registry. "" when the
// releases agree.
func LLVMNotice(l toolchain.LLVM) string {
	if l.Major == tablegen.LLVMRelease {
		return ""
	}
	family := func(layer string) string {
		n, prefixes := 0, map[string]bool{}
		for _, g := range CodeGroups() {
			if g.Layer != layer {
				continue
			}
			for _, c := range g.Codes {
				n++
				prefixes[c.Code[:strings.IndexByte(c.Code, '-')]+"-*"] = true
			}
		}
		names := make([]string, 0, len(prefixes))
		for p := range prefixes {
			names = append(names, p)
		}
		sort.Strings(names)
		return fmt.Sprintf("%d (%s)", n, strings.Join(names, ", "))
	}
	breaks := 0
	for _, c := range Codes() {
		if c.BreaksBuild {
			breaks++
		}
	}
	var since string
	if l.Major > tablegen.LLVMRelease {
		since = fmt.Sprintf(" What LLVM added after %d (a bang operator, a DRR directive) is reported as unknown to LLVM %d, as a warning rather than an error (syntax-bang, drr-unknown-directive).", tablegen.LLVMRelease, tablegen.LLVMRelease)
	} else {
		since = fmt.Sprintf(" What LLVM %d added is accepted although your tools may reject it.", tablegen.LLVMRelease)
	}
	return fmt.Sprintf("tdls models LLVM/MLIR %d; your LLVM is %s. Checks that follow LLVM %d's tools may disagree with yours: ODS %s, DRR %s, the %d that say the generated C++ will not compile, the bang operators TableGen knows (syntax-bang), and the C++ of the native previews (preview engine \"mlir-tblgen\" runs yours).%s",
		tablegen.LLVMRelease, l, tablegen.LLVMRelease, family("ods"), family("drr"), breaks, since)
}
