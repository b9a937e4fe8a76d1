package codegen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tdls/drr"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// loadBuffer evaluates text as the file path with the fixture include
// directories.
func loadBuffer(t testing.TB, path, text string) (*tablegen.Unit, *eval.Result, []string) {
	fixtures, _ := filepath.Abs("../testdata/drr")
	dirs := []string{mlirInclude, fixtures}
	set := tablegen.NewSourceSet()
	u := tablegen.ParseUnit(set, set.AddFile(path, []byte(text)), tablegen.LexOptions{
		Loader: &tablegen.CommandLineLoader{IncludeDirs: dirs},
	})
	res := eval.Evaluate(u, eval.Options{})
	if d := append(u.Diags, res.Diagnostics...); d.HasErrors() {
		t.Fatalf("%v", d[0].Message)
	}
	return u, res, dirs
}

const previewBuffer = `include "FixtureOps.td"
def : Pat<(Fx_UOp I32:$x), (Fx_UOp $x)>;
def Named : Pat<(Fx_BinOp (Fx_UOp $a), $b), (Fx_BinOp $b, $a), [(SameType $a, $b)]>;
def : Pat<(Fx_BOp (Fx_UOp I32:$x)), (Fx_BOp $x)>;
def : Pat<(Fx_NOp (Fx_UOp I32:$x)), (Fx_NOp $x)>;
def Broken : Pat<(Fx_AOp $x, $a), (Fx_BOp $y)>;
`

// The engines agree with each other and with RewriterFor, and say which
// one made the text; auto is the native engine for rewriters.
func TestPreviewEngines(t *testing.T) {
	needMLIRTblgen(t)
	path := filepath.Join(t.TempDir(), "preview.td")
	good := strings.Replace(previewBuffer, "def Broken", "// def Broken", 1)
	u, res, dirs := loadBuffer(t, path, good)
	set := drr.Build(u, res, nil)
	anon := ""
	for _, p := range set.Patterns {
		if p.Record.Anonymous {
			anon = p.Name
			break
		}
	}
	ctx := context.Background()
	for _, name := range []string{"Named", "GeneratedConvert1", anon, ""} {
		req := GenRequest{Generator: "rewriters", Result: res, Patterns: set, Entity: name, File: path,
			Overlays: map[string][]byte{path: []byte(good)}, IncludeDirs: dirs, Engine: EngineNative}
		native, err := Generate(ctx, req)
		if err != nil || native.Engine != EngineNative || native.Language != "cpp" {
			t.Fatalf("%q: native preview: %+v, %v", name, native, err)
		}
		if strings.HasPrefix(native.Text, "//") {
			t.Fatalf("%q: unexpected problems:\n%s", name, native.Text)
		}
		req.Engine, req.MLIRTblgen = EngineMLIRTblgen, machineTblgen
		ref, err := Generate(ctx, req)
		if err != nil || ref.Engine != EngineMLIRTblgen || !strings.HasPrefix(ref.Tool, mlirTblgen) {
			t.Fatalf("%q: mlir-tblgen preview: %+v, %v", name, ref, err)
		}
		if normalize(ref.Text) != normalize(native.Text) {
			t.Errorf("%q: engines differ at %s", name, firstDiff(normalize(ref.Text), normalize(native.Text)))
		}
		req.Engine = EngineAuto
		if auto, _ := Generate(ctx, req); auto.Engine != EngineNative {
			t.Errorf("%q: auto used %s for rewriters", name, auto.Engine)
		}
	}
	if _, err := Generate(ctx, GenRequest{Generator: "rewriters", Result: res, Engine: "fast"}); err == nil {
		t.Error("an unknown engine is accepted")
	}
	if _, err := Generate(ctx, GenRequest{Generator: "rewriters", Result: res, Entity: "Nope"}); err == nil {
		t.Error("an unknown pattern is accepted")
	}
}

// A pattern with errors previews as its diagnostics, with either engine;
// the other patterns of the file still preview as code.
func TestPreviewProblems(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.td")
	u, res, dirs := loadBuffer(t, path, previewBuffer)
	set := drr.Build(u, res, nil)
	ctx := context.Background()
	req := GenRequest{Generator: "rewriters", Result: res, Patterns: set, Entity: "Broken", File: path}
	g, err := Generate(ctx, req)
	if err != nil || !strings.HasPrefix(g.Text, "// No C++ is generated for pattern Broken") ||
		!strings.Contains(g.Text, "referencing unbound symbol 'y'") {
		t.Errorf("native preview of a broken pattern:\n%s (%v)", g.Text, err)
	}
	req.Entity = "Named"
	g, _ = Generate(ctx, req)
	if !strings.Contains(g.Text, "struct Named : public ::mlir::RewritePattern") {
		t.Errorf("a sound pattern beside a broken one:\n%s", g.Text)
	}
	if _, err := os.Stat(mlirTblgen); err == nil {
		g, _ = Generate(ctx, GenRequest{Generator: "rewriters", Result: res, Entity: "Broken", File: path,
			Overlays: map[string][]byte{path: []byte(previewBuffer)}, IncludeDirs: dirs,
			MLIRTblgen: machineTblgen, Engine: EngineMLIRTblgen})
		if g.Engine != EngineMLIRTblgen || !strings.Contains(g.Text, "//   "+path+":6:5: error: referencing unbound symbol 'y'") {
			t.Errorf("mlir-tblgen preview of a broken pattern:\n%s", g.Text)
		}
	}
	// Without the DRR model the emitter's own error is the header.
	g, _ = Generate(ctx, GenRequest{Generator: "rewriters", Result: res, Entity: "Broken", File: path})
	if !strings.Contains(g.Text, "error: referencing unbound symbol 'y'") {
		t.Errorf("emitter error header:\n%s", g.Text)
	}
}

// A preview lists exactly the helpers its pattern uses: the shared static
// matcher and the constraint function it calls, not the others.
func TestRewriterForDependencies(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deps.td")
	_, res, _ := loadBuffer(t, path, previewBuffer)
	out, err := RewriterFor(res, Options{InputName: path}, "GeneratedConvert1")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"static_dag_matcher_0(", "__mlir_ods_local_type_constraint_deps1(", "struct GeneratedConvert1 "} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	out, _ = RewriterFor(res, Options{InputName: path}, "Named")
	if strings.Contains(out, "static_dag_matcher_") || strings.Contains(out, "__mlir_ods_local_") {
		t.Errorf("Named uses no helper, got\n%s", out)
	}
	if _, err := RewriterFor(res, Options{InputName: path}, "Nope"); err == nil {
		t.Error("an unknown pattern has a preview")
	}
}
