package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"tdls/codegen"
	"tdls/drr"
)

func init() {
	register(&command{
		name:    "gen-rewriters",
		summary: "print the C++ mlir-tblgen --gen-rewriters makes of a DRR file",
		usage:   genRewritersUsage,
		run:     func(args []string) int { return runGenRewriters(args, os.Stdout, os.Stderr) },
	})
}

const genRewritersUsage = "usage: tdls gen-rewriters [-I DIR]... [-D NAME]... FILE [--pattern NAME]"

func runGenRewriters(args []string, stdout, stderr io.Writer) int {
	var includes, defines []string
	var patternName string
	help := false
	opts := append(includeOptions(&includes, &defines),
		option{names: []string{"pattern"}, value: true, set: func(v string) error { patternName = v; return nil }},
		option{names: []string{"o"}, value: true, set: func(v string) error {
			f, err := os.Create(v)
			if err == nil {
				stdout = f
			}
			return err
		}},
		option{names: []string{"h", "help"}, set: func(string) error { help = true; return nil }},
	)
	files, err := parseCommandLine(args, opts)
	if help {
		fmt.Fprintln(stdout, genRewritersUsage)
		return 0
	}
	if err == nil && len(files) != 1 {
		err = fmt.Errorf("%s", genRewritersUsage)
	}
	if err != nil {
		fmt.Fprintln(stderr, "tdls gen-rewriters:", err)
		return 2
	}
	file := files[0]
	u, res, ok := loadEvaluated("gen-rewriters", file, includes, defines, stderr)
	if !ok {
		return 1
	}
	if patternName != "" {
		// One pattern: its problems, if any, become a comment header.
		g, err := codegen.Generate(context.Background(), codegen.GenRequest{
			Generator: "rewriters", Result: res, Patterns: drr.Build(u, res, nil), Entity: patternName,
			File: file, Engine: codegen.EngineNative,
		})
		if err != nil {
			fmt.Fprintln(stderr, "tdls gen-rewriters:", err)
			return 1
		}
		fmt.Fprint(stdout, g.Text)
		return 0
	}
	// The whole file, or the first error, as mlir-tblgen gives them.
	gopts := codegen.Options{InputName: file}
	out, err := codegen.Rewriters(res, gopts)
	if err != nil {
		fmt.Fprint(stderr, codegen.ErrorText(res, gopts, err))
		return 1
	}
	fmt.Fprint(stdout, out)
	return 0
}
