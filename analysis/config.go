package analysis

import (
	"path/filepath"
)

// Config is what the editor and the command line tell the server.
type Config struct {
	Folders          []string // workspace folders, absolute
	IncludeDirs      []string // --tablegen-extra-dir, tdls.includeDirs
	CompileDatabases []string // --tablegen-compilation-database, tdls.compilationDatabases
	Defines          []string // -D NAME for every unit
	// NoMLIRAutoDetect turns off the last resort of §4 (the MLIR include
	// directory of the machine); tests use it to stay hermetic.
	NoMLIRAutoDetect bool
}

// includeDirs is the resolved search order for one root file, after its own
// directory (which tablegen.EditorLoader searches first): the compile
// database entry, the configured dirs, then the MLIR install.
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
	listed := false
	for _, db := range s.dbs {
		if ds, ok := db.IncludeDirsFor(root); ok {
			add(ds...)
			listed = true
			break
		}
	}
	if !listed {
		for _, db := range s.dbs {
			add(db.AllDirs...)
		}
	}
	add(s.cfg.IncludeDirs...)
	if s.mlirDir != "" {
		add(s.mlirDir)
	}
	return dirs
}
