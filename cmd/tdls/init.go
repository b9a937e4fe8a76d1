package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"tdls/analysis"
)

func init() {
	register(&command{
		name:    "init",
		usage:   initUsage,
		summary: "infer the project's include directories and write them to .tdls.yaml",
		run:     func(args []string) int { return runInit(args, os.Stdout, os.Stderr) },
	})
}

const initUsage = `usage: tdls init [--dry-run] [DIR]

Infers the include directories of the project at DIR (by default the
nearest directory above the current one with a .git, else the current
directory) from its own .td files, as the server and tdls check do when
nothing is configured: each include that does not resolve next to its file
is looked up among the project's files, and the directory above the match
is chosen (the project's Bazel and CMake files' stated include directories,
its own copy over a vendored one, the most includes resolved, the nearest).
Prints each directory with why it was chosen, and writes them to
DIR/.tdls.yaml unless one exists.

  --dry-run   print, do not write
`

func runInit(args []string, stdout, stderr io.Writer) int {
	dry, help := false, false
	rest, err := parseCommandLine(args, []option{
		{names: []string{"dry-run", "n"}, set: func(string) error { dry = true; return nil }},
		{names: []string{"h", "help"}, set: func(string) error { help = true; return nil }},
	})
	switch {
	case help:
		fmt.Fprint(stdout, initUsage)
		return 0
	case err != nil || len(rest) > 1:
		fmt.Fprintf(stderr, "tdls init: bad command line %v\n%s", err, initUsage)
		return 2
	}
	dir := ""
	if len(rest) == 1 {
		dir, err = filepath.Abs(rest[0])
	} else if dir, err = os.Getwd(); err == nil {
		dir = analysis.ProjectRoot(dir)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tdls init: %v\n", err)
		return 2
	}
	c := analysis.NewIncludeCatalog(context.Background(), []string{dir})
	dirs := analysis.InferProjectDirs(c)
	fmt.Fprintf(stdout, "tdls init: %d .td files under %s\n", c.Files(), dir)
	if len(dirs) == 0 {
		fmt.Fprintf(stdout, "every include resolves next to its file or in the installed MLIR: no include directory needed\n")
		return 0
	}
	fmt.Fprint(stdout, analysis.ProjectConfigText(dir, dirs))
	if dry {
		return 0
	}
	path, err := analysis.WriteProjectConfig(dir, dirs)
	if err != nil {
		fmt.Fprintf(stderr, "tdls init: %v (not replaced; remove it or copy the lines above)\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s\n", path)
	return 0
}
