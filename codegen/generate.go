package codegen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"tdls/drr"
	"tdls/ods"
	"tdls/tablegen/eval"
	"tdls/toolchain"
)

// Engines that generate code.
const (
	EngineAuto       = "auto"
	EngineNative     = "native"
	EngineMLIRTblgen = "mlir-tblgen"
)

// GenRequest asks for the output of one generator on a file, or the part
// of it that belongs to one entity.
type GenRequest struct {
	// Generator is an mlir-tblgen generator name without --gen-.
	Generator string
	// Entity names an op, attribute, type, enum, interface, pass, pattern
	// or dialect by def name, C++ class or op name; empty for the whole
	// output.
	Entity string
	// Engine is auto (the default: native where tdls has an emitter),
	// native or mlir-tblgen.
	Engine string

	// Result is the evaluated file, which the native engine generates from
	// and entity names are resolved in; Ops and Patterns its ODS and DRR
	// models when the caller has them (a pattern with errors is then shown
	// as its errors).
	Result   *eval.Result
	Ops      *ods.Model
	Patterns *drr.PatternSet

	// File is the root file; IncludeDirs and Defines the -I and -D of the
	// mlir-tblgen run, which takes place in Dir (the file's directory when
	// empty).
	File                 string
	IncludeDirs, Defines []string
	Dir                  string
	// ToolArgs are further mlir-tblgen options (-bind-dialect=arith,
	// -dialect=x, ...), passed as they are.
	ToolArgs []string
	// Overlays are unsaved contents by path, for the file and the files it
	// includes: mlir-tblgen reads them instead of the disk.
	Overlays map[string][]byte
	// MLIRTblgen is the configured binary, BuildDir the build directory
	// whose bin/ may hold one; both optional. Trust decides which may run:
	// a build tree's binary is the repository's (toolchain.Trust).
	MLIRTblgen toolchain.Tool
	BuildDir   string
	Trust      toolchain.Trust
	// Timeout bounds an mlir-tblgen run; 0 means 30 seconds.
	Timeout time.Duration
}

// Generated is generated code: its text and language, a title for the
// editor, the engine that made it, and for mlir-tblgen which one ran.
type Generated struct {
	Language string `json:"language"`
	Title    string `json:"title"`
	Text     string `json:"text"`
	Engine   string `json:"engine"`
	Tool     string `json:"tool,omitempty"`
	// Failure is what stopped generation, as the engine reported it, when
	// Text is the header showing it.
	Failure string `json:"failure,omitempty"`
	// NotRun is the workspace's mlir-tblgen that would have run had the
	// user trusted the folder, when another ran instead or none could.
	NotRun *toolchain.Untrusted `json:"-"`
}

// Generate runs the request's generator with the chosen engine. Problems
// that stop generation come back as a comment header in the text; the
// error is for requests that cannot be served.
func Generate(ctx context.Context, req GenRequest) (Generated, error) {
	gen, ok := LookupGenerator(req.Generator)
	if !ok {
		return Generated{}, fmt.Errorf("unknown generator %q (tdls gen --list shows them)", req.Generator)
	}
	g := Generated{Language: gen.Language, Title: genTitle(gen, req.Entity, req.File)}
	engine := req.Engine
	switch engine {
	case "", EngineAuto:
		engine = EngineMLIRTblgen
		if gen.Native {
			engine = EngineNative
		}
	case EngineNative:
		if !gen.Native {
			return g, fmt.Errorf("no native engine for %s; use --engine=mlir-tblgen", gen.Name)
		}
	case EngineMLIRTblgen:
	default:
		return g, fmt.Errorf("unknown engine %q (want auto, native or mlir-tblgen)", req.Engine)
	}
	if req.Entity != "" && len(gen.Entities) == 0 {
		return g, fmt.Errorf("%s has no per-entity sections to cut --entity from", gen.Name)
	}
	g.Engine = engine
	if engine == EngineNative {
		if req.Result == nil {
			return g, fmt.Errorf("the native engine needs an evaluated file")
		}
		var err error
		g.Text, g.Failure, err = generateNative(gen, req)
		return g, err
	}
	tool, notRun := toolchain.MLIRTblgen(req.Trust, req.MLIRTblgen, req.BuildDir)
	g.NotRun = notRun
	if tool.Path == "" {
		if notRun != nil {
			return g, fmt.Errorf("no mlir-tblgen to run: %v", notRun)
		}
		return g, fmt.Errorf("no mlir-tblgen found (configure one, or put it on PATH)")
	}
	g.Tool = toolDescription(ctx, req.Trust, tool)
	out, failure, err := runMLIRTblgen(ctx, req.Trust, tool, gen.Name, req)
	if err != nil {
		return g, err
	}
	if failure != "" {
		g.Text, g.Failure = problemHeader(gen, req.Entity, []string{failure}), failure
		return g, nil
	}
	if req.Entity == "" {
		g.Text = out
		return g, nil
	}
	labels, dialect := entityLabels(req, gen)
	if dialect && gen.Name == "dialect-doc" {
		g.Text = out // a dialect's documentation is the whole output
		return g, nil
	}
	piece, ok := cutEntity(gen.Name, out, labels)
	if gen.Name == "enum-doc" {
		if n := enumDocRank(req.Result, labels); n >= 0 {
			piece, ok = cutMarkdown(out, func(s string) bool { return slices.Contains(labels, s) }, n)
		}
	}
	if !ok {
		return g, fmt.Errorf("mlir-tblgen --gen-%s generated nothing for '%s'", gen.Name, req.Entity)
	}
	g.Text = piece
	return g, nil
}

func genTitle(gen GeneratorInfo, entity, file string) string {
	what := gen.Summary
	if gen.Name == "rewriters" {
		what = "rewriters"
		if entity != "" {
			what = "rewriter"
		}
	}
	if entity == "" {
		entity = filepath.Base(file)
	}
	return "Generated " + what + ": " + entity
}

// toolDescription names the mlir-tblgen that runs and its version.
func toolDescription(ctx context.Context, trust toolchain.Trust, tool toolchain.Tool) string {
	bin := tool.Path
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	cmd, err := toolchain.Command(ctx, trust, tool, "--version")
	if err != nil {
		return bin
	}
	out, err := cmd.Output()
	if err != nil {
		return bin
	}
	for _, l := range strings.Split(string(out), "\n") {
		if l = strings.TrimSpace(l); strings.Contains(l, "LLVM version") {
			return bin + " (" + l + ")"
		}
	}
	return bin
}

// runMLIRTblgen runs tool on the request's file, in its directory, with the
// unsaved buffers laid over the disk. failure is mlir-tblgen's error
// output when it fails; err is for a run that could not take place.
func runMLIRTblgen(ctx context.Context, trust toolchain.Trust, tool toolchain.Tool, generator string, req GenRequest) (out, failure string, err error) {
	file, err := filepath.Abs(req.File)
	if err != nil {
		return "", "", err
	}
	tree, err := newOverlayTree(req.Overlays)
	if err != nil {
		return "", "", err
	}
	defer tree.remove()
	mapped := func(p string) string {
		if tree == nil {
			return p
		}
		return tree.path(p)
	}
	args := []string{"--gen-" + generator}
	for _, d := range req.IncludeDirs {
		if abs, err := filepath.Abs(d); err == nil {
			d = abs
		}
		args = append(args, "-I", mapped(d))
	}
	for _, d := range req.Defines {
		args = append(args, "-D", d)
	}
	args = append(args, req.ToolArgs...)
	args = append(args, mapped(file))
	timeout := req.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd, err := toolchain.Command(ctx, trust, tool, args...)
	if err != nil {
		return "", "", err
	}
	dir := req.Dir
	if dir == "" {
		dir = filepath.Dir(file)
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	cmd.Dir = mapped(dir)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return "", "", ctx.Err()
		}
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return "", "", err
		}
		msg := tree.unmap(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", msg, nil
	}
	return tree.unmap(stdout.String()), "", nil
}

// problemHeader is the text shown instead of generated code when
// generation stops: the problems, as comments in the output's language.
func problemHeader(gen GeneratorInfo, entity string, problems []string) string {
	what := "this file"
	if entity != "" {
		what = entity
		if len(gen.Entities) == 1 {
			what = gen.Entities[0] + " " + entity
		}
	}
	noun, head, line := "C++", "// ", "//   "
	switch gen.Language {
	case "python":
		noun, head, line = "Python", "# ", "#   "
	case "markdown":
		noun, head, line = "documentation", "", "    "
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%sNo %s is generated for %s: mlir-tblgen stops with\n", head, noun, what)
	if gen.Language == "markdown" {
		sb.WriteString("\n")
	}
	for _, p := range problems {
		for _, l := range strings.Split(strings.TrimRight(p, "\n"), "\n") {
			sb.WriteString(line + l + "\n")
		}
	}
	return sb.String()
}
