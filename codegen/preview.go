package codegen

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"tdls/drr"
	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// The native engine: tdls's own emitters for the generators that have one.

// generateNative returns the generated text, or a header showing the
// failure that stopped generation.
func generateNative(gen GeneratorInfo, req GenRequest) (text, failure string, err error) {
	switch gen.Name {
	case "rewriters":
		if req.Entity != "" && !hasPattern(req.Result, req.Entity) {
			return "", "", fmt.Errorf("no pattern named '%s'", req.Entity)
		}
		return nativeRewriters(gen, req)
	case "op-decls":
		return nativeOpDecls(gen, req)
	}
	return "", "", fmt.Errorf("no native engine for %s", gen.Name)
}

// nativeOpDecls is the op declarations of the file or of one op; what
// stops mlir-tblgen becomes a header.
func nativeOpDecls(gen GeneratorInfo, req GenRequest) (text, failure string, err error) {
	m := req.Ops
	if m == nil {
		m = ods.Build(req.Result)
	}
	if req.Entity == "" {
		text, err = OpDecls(req.Result, Options{InputName: req.File, Ops: m})
	} else {
		op := findOp(m, req.Entity)
		if op == nil {
			return "", "", fmt.Errorf("no op named '%s'", req.Entity)
		}
		text, err = OpDecl(op)
	}
	if err == nil {
		return text, "", nil
	}
	failure = "error: " + err.Error() + "\n"
	if e, ok := err.(*OpDeclError); ok {
		failure = e.Text(req.Result.Set)
	}
	return problemHeader(gen, req.Entity, []string{failure}), failure, nil
}

// findOp finds an op by def name, op name or C++ class (plain or
// namespace-qualified).
func findOp(m *ods.Model, name string) *ods.Op {
	if op := m.OpByDef(name); op != nil {
		return op
	}
	if op := m.OpByName(name); op != nil {
		return op
	}
	for _, op := range m.Ops {
		if op.CppClass == name || newOpView(op).qualClass() == name || op.QualifiedCppClass() == name {
			return op
		}
	}
	return nil
}

// nativeRewriters is the emitter's output, or the problems that keep a
// pattern from being generated as a comment.
func nativeRewriters(gen GeneratorInfo, req GenRequest) (text, failure string, err error) {
	opts := Options{InputName: req.File, Ops: req.Ops}
	var problems []string
	if req.Patterns != nil {
		opts.Ops, opts.Patterns = req.Patterns.ODS, req.Patterns
		rec := ""
		if req.Entity != "" {
			rec = recordNameOf(req.Result, opts, req.Entity)
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
	if len(problems) == 0 {
		var out string
		var err error
		if req.Entity == "" {
			out, err = Rewriters(req.Result, opts)
		} else {
			out, err = RewriterFor(req.Result, opts, req.Entity)
		}
		if err == nil {
			return out, "", nil
		}
		problems = append(problems, ErrorText(req.Result, opts, err))
	}
	failure = strings.Join(problems, "\n")
	return problemHeader(gen, req.Entity, problems), failure, nil
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
		return "error: " + err.Error() + "\n" // as LLVM's PrintError ends a message without a location
	}
	for _, p := range newFileGen(res, opts).patterns {
		if (p.name != e.Pattern && p.rec.NameString() != e.Pattern) || len(p.rec.Locs()) == 0 {
			continue
		}
		pos := res.Set.Position(p.rec.Locs()[0].Start)
		text := fmt.Sprintf("%s:%d:%d: error: %s\n", pos.Filename, pos.Line, pos.Column, e.Msg)
		if f := res.Set.File(p.rec.Locs()[0].Start); f != nil {
			line := f.Content[pos.Offset-(pos.Column-1):]
			if i := bytes.IndexByte(line, '\n'); i >= 0 {
				line = line[:i]
			}
			text += string(line) + "\n" + strings.Repeat(" ", pos.Column-1) + "^\n"
		}
		return text
	}
	return "error: " + e.Msg + "\n"
}
