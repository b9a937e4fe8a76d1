package codegen

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"tdls/drr"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// Preview engines.
const (
	EngineAuto       = "auto"
	EngineNative     = "native"
	EngineMLIRTblgen = "mlir-tblgen"
)

// PreviewRequest asks for the generated C++ of one pattern or of a file.
type PreviewRequest struct {
	// Result is the evaluated buffer; the native engine generates from it.
	Result *eval.Result
	// Patterns is the DRR model of Result. When set, a pattern with error
	// diagnostics is previewed as those diagnostics instead of code.
	Patterns *drr.PatternSet
	// Pattern is a pattern's record name (anonymous_12), def name or struct
	// name (GeneratedConvert3); empty for the whole file.
	Pattern string
	// File is the buffer's path and Source its current text, which the
	// mlir-tblgen engine compiles (unsaved edits included).
	File   string
	Source []byte
	// IncludeDirs are the -I directories of the buffer, in order.
	IncludeDirs []string
	// Engine is auto (the default), native or mlir-tblgen.
	Engine string
	// MLIRTblgen is the configured binary (setting tdls.mlirTblgen);
	// BuildDir the compile database's build directory. Both optional.
	MLIRTblgen string
	BuildDir   string
	// Timeout bounds an mlir-tblgen run; 0 means 10 seconds.
	Timeout time.Duration
}

// Generated is a preview: C++ text, its title and the engine that made it.
type Generated struct {
	Language string `json:"language"`
	Title    string `json:"title"`
	Text     string `json:"text"`
	Engine   string `json:"engine"`
}

// FindMLIRTblgen returns the mlir-tblgen to run: the configured one, the
// one in the build directory, or the first on PATH; "" when none is.
func FindMLIRTblgen(configured, buildDir string) string {
	executable := func(p string) bool {
		st, err := os.Stat(p)
		return err == nil && !st.IsDir() && st.Mode()&0o111 != 0
	}
	if configured != "" {
		if p, err := exec.LookPath(configured); err == nil && executable(p) {
			return p
		}
	}
	if buildDir != "" {
		if p := filepath.Join(buildDir, "bin", "mlir-tblgen"); executable(p) {
			return p
		}
	}
	if p, err := exec.LookPath("mlir-tblgen"); err == nil {
		return p
	}
	return ""
}

// Preview generates the requested C++ with the chosen engine. auto uses
// mlir-tblgen when one is found and the buffer text is given, and the
// native emitter otherwise.
func Preview(req PreviewRequest) (Generated, error) {
	engine := req.Engine
	if engine == "" {
		engine = EngineAuto
	}
	g := Generated{Language: "cpp", Title: previewTitle(req)}
	var bin string
	switch engine {
	case EngineNative:
	case EngineMLIRTblgen, EngineAuto:
		bin = FindMLIRTblgen(req.MLIRTblgen, req.BuildDir)
		if bin == "" && engine == EngineMLIRTblgen {
			return g, fmt.Errorf("no mlir-tblgen found (set tdls.mlirTblgen or add it to PATH)")
		}
		if req.Source == nil {
			if engine == EngineMLIRTblgen {
				return g, fmt.Errorf("the mlir-tblgen engine needs the buffer text")
			}
			bin = ""
		}
	default:
		return g, fmt.Errorf("unknown preview engine %q (want auto, native or mlir-tblgen)", engine)
	}
	if bin != "" {
		g.Engine = EngineMLIRTblgen
		text, err := runMLIRTblgen(req, bin)
		g.Text = text
		return g, err
	}
	g.Engine = EngineNative
	if req.Result == nil {
		return g, fmt.Errorf("the native engine needs an evaluated buffer")
	}
	if req.Pattern != "" && !hasPattern(req.Result, req.Pattern) {
		return g, fmt.Errorf("no pattern named '%s'", req.Pattern)
	}
	g.Text = nativePreview(req)
	return g, nil
}

func previewTitle(req PreviewRequest) string {
	if req.Pattern == "" {
		return "Generated rewriters: " + filepath.Base(req.File)
	}
	return "Generated rewriter: " + req.Pattern
}

// nativePreview is the emitter's output, or the problems that keep a
// pattern from being generated as a comment.
func nativePreview(req PreviewRequest) string {
	opts := Options{InputName: req.File}
	var problems []string
	if req.Patterns != nil {
		opts.Ops, opts.Patterns = req.Patterns.ODS, req.Patterns
		rec := ""
		if req.Pattern != "" {
			rec = recordNameOf(req.Result, opts, req.Pattern)
		}
		for _, p := range req.Patterns.Patterns {
			if rec != "" && p.Name != rec {
				continue
			}
			for _, d := range drr.CheckPattern(p) {
				if d.Severity == tablegen.SeverityError {
					problems = append(problems, formatDiagnostic(req.Result.Set, d.Diagnostic))
				}
			}
		}
	}
	var out string
	var err error
	if len(problems) == 0 {
		if req.Pattern == "" {
			out, err = Rewriters(req.Result, opts)
		} else {
			out, err = RewriterFor(req.Result, opts, req.Pattern)
		}
		if err == nil {
			return out
		}
		problems = append(problems, ErrorText(req.Result, opts, err))
	}
	return problemHeader(req.Pattern, problems)
}

func hasPattern(res *eval.Result, name string) bool {
	for _, p := range newFileGen(res, Options{}).patterns {
		if p.name == name || p.rec.NameString() == name {
			return true
		}
	}
	return false
}

// recordNameOf maps a struct name to its pattern's record name.
func recordNameOf(res *eval.Result, opts Options, name string) string {
	for _, p := range newFileGen(res, opts).patterns {
		if p.name == name || p.rec.NameString() == name {
			return p.rec.NameString()
		}
	}
	return name
}

// structNameOf maps a record name to the struct mlir-tblgen names after it.
func structNameOf(res *eval.Result, opts Options, name string) string {
	if res == nil {
		return name
	}
	for _, p := range newFileGen(res, opts).patterns {
		if p.name == name || p.rec.NameString() == name {
			return p.name
		}
	}
	return name
}

func problemHeader(pattern string, problems []string) string {
	var sb strings.Builder
	if pattern != "" {
		fmt.Fprintf(&sb, "// No C++ is generated for pattern %s: mlir-tblgen stops with\n", pattern)
	} else {
		sb.WriteString("// No C++ is generated for this file: mlir-tblgen stops with\n")
	}
	for _, p := range problems {
		for _, l := range strings.Split(strings.TrimRight(p, "\n"), "\n") {
			sb.WriteString("//   " + l + "\n")
		}
	}
	return sb.String()
}

func formatDiagnostic(set *tablegen.SourceSet, d tablegen.Diagnostic) string {
	p := set.Position(d.Range.Start)
	s := fmt.Sprintf("%s:%d:%d: %s: %s", filepath.Base(p.Filename), p.Line, p.Column, d.Severity, d.Message)
	if d.Code != "" {
		s += " [" + d.Code + "]"
	}
	return s
}

// ErrorText is a generation error as mlir-tblgen prints it: located at the
// pattern's def with the source line and a caret.
func ErrorText(res *eval.Result, opts Options, err error) string {
	e, ok := err.(*Error)
	if !ok || e.Pattern == "" {
		return "error: " + err.Error()
	}
	for _, p := range newFileGen(res, opts).patterns {
		if (p.name != e.Pattern && p.rec.NameString() != e.Pattern) || len(p.rec.Locs) == 0 {
			continue
		}
		pos := res.Set.Position(p.rec.Locs[0].Start)
		text := fmt.Sprintf("%s:%d:%d: error: %s\n", pos.Filename, pos.Line, pos.Column, e.Msg)
		if f := res.Set.File(p.rec.Locs[0].Start); f != nil {
			line := f.Content[pos.Offset-(pos.Column-1):]
			if i := bytes.IndexByte(line, '\n'); i >= 0 {
				line = line[:i]
			}
			text += string(line) + "\n" + strings.Repeat(" ", pos.Column-1) + "^\n"
		}
		return text
	}
	return "error: " + e.Msg
}

// runMLIRTblgen compiles the buffer with mlir-tblgen: the text goes to a
// temporary file of the same name, the buffer's own directory first on the
// include path.
func runMLIRTblgen(req PreviewRequest, bin string) (string, error) {
	dir, err := os.MkdirTemp("", "tdls-preview-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	name := filepath.Base(req.File)
	if name == "." || name == "/" || name == "" {
		name = "buffer.td"
	}
	tmp := filepath.Join(dir, name)
	if err := os.WriteFile(tmp, req.Source, 0o600); err != nil {
		return "", err
	}
	args := []string{"--gen-rewriters"}
	if req.File != "" {
		args = append(args, "-I", filepath.Dir(req.File))
	}
	for _, d := range req.IncludeDirs {
		args = append(args, "-I", d)
	}
	timeout := req.Timeout
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append(args, tmp)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.ReplaceAll(stderr.String(), tmp, name)
		if msg == "" {
			msg = err.Error()
		}
		return problemHeader(req.Pattern, []string{msg}), nil
	}
	out := stdout.String()
	if req.Pattern == "" {
		return out, nil
	}
	s := structNameOf(req.Result, Options{InputName: req.File}, req.Pattern)
	piece, ok := PatternPiece(out, s)
	if !ok {
		return "", fmt.Errorf("mlir-tblgen generated no pattern %s", s)
	}
	return piece, nil
}
