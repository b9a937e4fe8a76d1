package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"tdls/codegen"
	"tdls/drr"
	"tdls/ods"
)

func init() {
	register(&command{
		name:    "gen",
		summary: "print what an mlir-tblgen generator makes of a file, or of one entity in it",
		run:     func(args []string) int { return runGen(args, os.Stdout, os.Stderr) },
	})
}

const genUsage = `usage: tdls gen GENERATOR [-I DIR]... [-D NAME]... FILE [--entity NAME]
                [--engine auto|native|mlir-tblgen] [--mlir-tblgen PATH] [--trust] [--tblgen-arg ARG]... [-o OUT]
       tdls gen --list`

func runGen(args []string, stdout, stderr io.Writer) int {
	var includes, defines, toolArgs []string
	var entity, engine, outFile string
	var run runTrust
	help, list := false, false
	opts := append(append(includeOptions(&includes, &defines), run.options()...),
		option{names: []string{"entity"}, value: true, set: func(v string) error { entity = v; return nil }},
		option{names: []string{"engine"}, value: true, set: func(v string) error { engine = v; return nil }},
		option{names: []string{"tblgen-arg"}, value: true, set: appendTo(&toolArgs)},
		option{names: []string{"o"}, value: true, set: func(v string) error { outFile = v; return nil }},
		option{names: []string{"list"}, set: func(string) error { list = true; return nil }},
		option{names: []string{"h", "help"}, set: func(string) error { help = true; return nil }},
	)
	operands, err := parseCommandLine(args, opts)
	switch {
	case help:
		fmt.Fprintln(stdout, genUsage)
		return 0
	case err == nil && list:
		printGenerators(stdout)
		return 0
	case err == nil && len(operands) != 2:
		err = fmt.Errorf("%s", genUsage)
	}
	if err != nil {
		fmt.Fprintln(stderr, "tdls gen:", err)
		return 2
	}
	gen, ok := codegen.LookupGenerator(operands[0])
	if !ok {
		fmt.Fprintf(stderr, "tdls gen: unknown generator %q (tdls gen --list shows them)\n", operands[0])
		return 2
	}
	file := operands[1]
	req := codegen.GenRequest{
		Generator: gen.Name, Entity: entity, Engine: engine, File: file,
		IncludeDirs: includes, Defines: defines, MLIRTblgen: run.tool(), ToolArgs: toolArgs,
		Trust: run.trust(),
	}
	if req.Dir, err = os.Getwd(); err != nil {
		fmt.Fprintln(stderr, "tdls gen:", err)
		return 1
	}
	native := gen.Native && (engine == "" || engine == codegen.EngineAuto || engine == codegen.EngineNative)
	// The records resolve entity names for either engine; the native engine
	// generates from them. Diagnostics of the file go to stderr; they stop
	// the whole-file native output as they stop mlir-tblgen, not the output
	// of one entity.
	diagOut := io.Discard
	if native {
		diagOut = stderr
	}
	u, res, evalOK := loadEvaluated("gen", file, includes, defines, diagOut)
	if res == nil && (native || entity != "") {
		return 1
	}
	if native && !evalOK && entity == "" {
		return 1
	}
	if res != nil {
		req.Result, req.Ops = res, ods.Build(res)
		if gen.Name == "rewriters" {
			req.Patterns = drr.Build(u, res, req.Ops)
		}
	}
	g, err := codegen.Generate(context.Background(), req)
	if err != nil {
		fmt.Fprintln(stderr, "tdls gen:", err)
		return 1
	}
	if g.Tool != "" {
		fmt.Fprintf(stderr, "tdls gen: %s ran %s\n", g.Engine, g.Tool)
	}
	if g.Failure != "" && entity == "" {
		// As mlir-tblgen: the errors on stderr, exit status 1.
		fmt.Fprint(stderr, g.Failure)
		if !strings.HasSuffix(g.Failure, "\n") {
			fmt.Fprintln(stderr)
		}
		return 1
	}
	if outFile != "" {
		if err := os.WriteFile(outFile, []byte(g.Text), 0o644); err != nil {
			fmt.Fprintln(stderr, "tdls gen:", err)
			return 1
		}
		return 0
	}
	fmt.Fprint(stdout, g.Text)
	return 0
}

func printGenerators(w io.Writer) {
	fmt.Fprintf(w, "%-32s %-20s %-22s %s\n", "GENERATOR", "ENGINES", "--entity", "OUTPUT")
	for _, g := range codegen.Generators() {
		engines := "mlir-tblgen"
		if g.Native {
			engines = "native, mlir-tblgen"
		}
		entities := strings.Join(g.Entities, ", ")
		if entities == "" {
			entities = "-"
		}
		fmt.Fprintf(w, "%-32s %-20s %-22s %s\n", g.Name, engines, entities, g.Summary)
	}
}
