package ods

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
)

const mlirTblgen = "/usr/lib/llvm-22/bin/mlir-tblgen"

// parityFloor is the ratchet: the number of ops that matched when this
// suite last improved. Raise it when more match; never lower it.
const parityFloor = 2633

// TestODSParity compares the model of every op reached from MLIR's .td
// files with what mlir-tblgen 22 generates for it: op name, C++ class and
// namespace, and the names, kinds, order and variadic/optional flags of
// operands, attributes, properties, results, regions and successors.
func TestODSParity(t *testing.T) {
	needMLIR(t)
	if _, err := os.Stat(mlirTblgen); err != nil {
		t.Skip("mlir-tblgen 22 not installed (" + mlirTblgen + "); skipping the ODS parity suite")
	}
	var files []string
	filepath.WalkDir(filepath.Join(mlirInclude, "mlir"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".td") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)

	type fileOut struct {
		decls []*declOp
		docs  []*docOp
		model *Model
	}
	outs := make([]fileOut, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				decls, err := runTblgen(files[i], "--gen-op-decls")
				if err != nil || !strings.Contains(decls, " : public ::mlir::Op<") {
					continue // not a root mlir-tblgen accepts, or no ops
				}
				doc, err := runTblgen(files[i], "--gen-op-doc")
				if err != nil {
					t.Errorf("%s: --gen-op-doc failed after --gen-op-decls succeeded: %v", files[i], err)
					continue
				}
				outs[i] = fileOut{decls: parseOpDecls(decls), docs: parseOpDoc(doc), model: loadFile(t, files[i])}
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()

	seen := map[string]bool{}
	var n, total int
	var failures []string
	for i, out := range outs {
		for _, d := range out.decls {
			key := d.namespace + "::" + d.class + " " + d.name
			if seen[key] {
				continue
			}
			seen[key] = true
			total++
			var doc *docOp
			for _, x := range out.docs {
				if x.name == d.name && (x.class == d.class || strings.HasSuffix(x.class, "::"+d.class)) {
					doc = x
				}
			}
			var op *Op
			for _, o := range out.model.Ops {
				if o.CppClass == d.class && strings.TrimPrefix(o.CppNamespace, "::") == d.namespace {
					op = o
				}
			}
			var diffs []string
			switch {
			case doc == nil:
				diffs = []string{"no --gen-op-doc section"}
			case op == nil:
				diffs = []string{"op not in the model"}
			default:
				diffs = compareOp(op, d, doc)
			}
			if len(diffs) == 0 {
				n++
				continue
			}
			rel, _ := filepath.Rel(mlirInclude, files[i])
			failures = append(failures, fmt.Sprintf("%s: %s (%s): %s", rel, d.name, key, strings.Join(diffs, "; ")))
		}
	}
	fmt.Printf("ods parity: %d/%d ops\n", n, total)
	for i, f := range failures {
		if i == 40 {
			t.Logf("... and %d more", len(failures)-i)
			break
		}
		t.Log(f)
	}
	if n < parityFloor {
		t.Errorf("ods parity dropped to %d/%d ops, below the ratchet %d", n, total, parityFloor)
	}
}

func runTblgen(path string, args ...string) (string, error) {
	var out, errb bytes.Buffer
	cmd := exec.Command(mlirTblgen, append(args, "-I", mlirInclude, "-I", filepath.Dir(path), path)...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%v: %s", err, errb.String())
	}
	return out.String(), nil
}

// compareOp lists where the model of op differs from mlir-tblgen's output.
func compareOp(op *Op, d *declOp, doc *docOp) []string {
	var diffs []string
	add := func(format string, args ...any) { diffs = append(diffs, fmt.Sprintf(format, args...)) }
	if op.Name != d.name || op.Name != doc.name {
		add("op name %q, mlir-tblgen %q", op.Name, d.name)
	}

	operands := op.Operands()
	if got := names(operands, func(a *Arg) string { return a.Name }); !slices.Equal(got, doc.operands) {
		add("operands %q, mlir-tblgen %q", got, doc.operands)
	}
	for i, a := range operands {
		compareGetter(add, "operand", i, a.Name, operandFlag(a), d.operands)
	}
	compareCount(add, "operand", d.traits, "Operands", "Operand", fixedCount(operands, (*Arg).IsVariableLength))

	attrs := op.Attributes()
	if got := names(attrs, func(a *Arg) string { return a.Name }); !slices.Equal(got, doc.attributes) {
		add("attributes %q, mlir-tblgen %q", got, doc.attributes)
	}
	for _, a := range attrs {
		want, ok := d.propCast[a.Name]
		got := "required"
		if a.OptionalAttr || a.DefaultValued {
			got = "optional-or-default"
		}
		if ok && want != got {
			add("attribute %s is %s, mlir-tblgen %s", a.Name, got, want)
		}
	}

	var wantProps []string
	for _, p := range d.props {
		if op.Arg(p) == nil || op.Arg(p).Kind != Attribute {
			if p != "operandSegmentSizes" && p != "resultSegmentSizes" {
				wantProps = append(wantProps, p)
			}
		}
	}
	gotProps := names(op.Properties(), func(a *Arg) string { return a.Name })
	sort.Strings(wantProps)
	sort.Strings(gotProps)
	if !slices.Equal(gotProps, wantProps) {
		add("properties %q, mlir-tblgen %q", gotProps, wantProps)
	}

	if want, ok := d.separateBuilderArgs(len(op.Results)); ok && !op.SkipDefaultBuilders {
		if got := builderParamOrder(op); !slices.Equal(got, want) {
			add("builder parameters %q, mlir-tblgen %q", got, want)
		}
	}

	diffs = append(diffs, compareInference(op, d)...)

	if got := names(op.Results, func(v *Value) string { return v.Name }); !slices.Equal(got, doc.results) {
		add("results %q, mlir-tblgen %q", got, doc.results)
	}
	for i, r := range op.Results {
		flag := "single"
		switch {
		case r.Variadic:
			flag = "variadic"
		case r.Optional:
			flag = "optional"
		}
		compareGetter(add, "result", i, r.Name, flag, d.results)
	}
	compareCount(add, "result", d.traits, "Results", "Result", fixedCount(op.Results, (*Value).IsVariableLength))

	for i, r := range op.Regions {
		compareGetter(add, "region", i, r.Name, variadicFlag(r.Variadic), d.regions)
	}
	compareCount(add, "region", d.traits, "Regions", "Region", fixedCount(op.Regions, func(r *Region) bool { return r.Variadic }))

	if got := names(op.Successors, func(s *Successor) string { return s.Name }); !slices.Equal(got, doc.successors) {
		add("successors %q, mlir-tblgen %q", got, doc.successors)
	}
	for i, s := range op.Successors {
		compareGetter(add, "successor", i, s.Name, variadicFlag(s.Variadic), d.successors)
	}
	compareCount(add, "successor", d.traits, "Successors", "Successor", fixedCount(op.Successors, func(s *Successor) bool { return s.Variadic }))
	return diffs
}

// compareInference checks what DRR relies on: whether the op has
// InferTypeOpInterface, and which builders without result types exist. A
// custom builder may have the same shape, so only a generated builder the
// model predicts and mlir-tblgen lacks, or one it has that the model
// misses on an op without custom builders, counts.
func compareInference(op *Op, d *declOp) []string {
	var diffs []string
	if want := slices.Contains(d.traits, "::mlir::InferTypeOpInterface::Trait"); want != op.HasInferTypeInterface() {
		diffs = append(diffs, fmt.Sprintf("InferTypeOpInterface %v, mlir-tblgen %v", op.HasInferTypeInterface(), want))
	}
	args := builderParamOrder(op)
	separate, collective := false, false
	for _, b := range d.builders {
		if slices.Equal(names(b, func(p builderParam) string { return p.name }), args) {
			separate = true
		}
		if collectiveAt(b, 0) {
			collective = true
		}
	}
	// A generated builder with the parameter types of a custom one is
	// dropped as a duplicate; the call still resolves to the custom one.
	shadowed := func(n int) bool {
		for _, b := range op.Builders {
			if len(b.Params) == n {
				return true
			}
		}
		return false
	}
	check := func(what string, model, tblgen bool, params int) {
		if model != tblgen && !(tblgen && len(op.Builders) > 0) && !(model && shadowed(params)) {
			diffs = append(diffs, fmt.Sprintf("%s builder %v, mlir-tblgen %v", what, model, tblgen))
		}
	}
	check("separate no-result-type", op.HasGeneratedBuilder(BuildSeparateNoTypes), separate, len(args))
	check("collective no-result-type", op.CanBuildWithoutResultTypes(), collective, 2)
	// Every build() mlir-tblgen declares is one of the model's, parameter
	// type for parameter type: a call the model says no build() takes
	// then takes none.
	modelled := map[string]bool{}
	for _, m := range op.BuildMethods() {
		modelled[paramTypes(m.Params, func(p BuilderParam) string { return p.CppType })] = true
	}
	for _, b := range d.builders {
		if key := paramTypes(b, func(p builderParam) string { return p.cppType }); !modelled[key] {
			diffs = append(diffs, fmt.Sprintf("build(%s) is not among the modelled build methods", key))
		}
	}
	return diffs
}

func paramTypes[T any](ps []T, typ func(T) string) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = cppTypeName(typ(p))
	}
	return strings.Join(out, ", ")
}

func names[T any](xs []T, name func(T) string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = name(x)
	}
	return out
}

func operandFlag(a *Arg) string {
	switch {
	case a.VariadicOfVariadic:
		return "variadic-of-variadic"
	case a.Variadic:
		return "variadic"
	case a.Optional:
		return "optional"
	}
	return "single"
}

func variadicFlag(v bool) string {
	if v {
		return "variadic"
	}
	return "single"
}

// compareGetter checks the getter generated for entry i: named entries have
// one with the expected name and flag, unnamed ones none.
func compareGetter(add func(string, ...any), kind string, i int, name, flag string, getters map[int]declGetter) {
	g, ok := getters[i]
	switch {
	case name == "" && ok:
		add("%s #%d unnamed, mlir-tblgen has getter %s", kind, i, g.getter)
	case name == "":
	case !ok:
		add("%s #%d %q has no getter in mlir-tblgen's output", kind, i, name)
	case g.getter != GetterName(name) || g.flag != flag:
		add("%s #%d: %s %s, mlir-tblgen %s %s", kind, i, GetterName(name), flag, g.getter, g.flag)
	}
}

type lengthCount struct {
	fixed    int
	variable bool
}

func fixedCount[T any](xs []T, variable func(T) bool) lengthCount {
	var c lengthCount
	for _, x := range xs {
		if variable(x) {
			c.variable = true
		} else {
			c.fixed++
		}
	}
	return c
}

var countTrait = regexp.MustCompile(`^::mlir::OpTrait::(Zero|One|N|AtLeastN|Variadic)(\w+?)(?:<(\d+)>::Impl)?$`)

// compareCount checks the count trait (ZeroOperands, NResults<2>,
// AtLeastNRegions<1>, VariadicSuccessors...) mlir-tblgen put on the class.
func compareCount(add func(string, ...any), kind string, traits []string, plural, singular string, got lengthCount) {
	for _, tr := range traits {
		m := countTrait.FindStringSubmatch(tr)
		if m == nil || (m[2] != plural && m[2] != singular) {
			continue
		}
		var want lengthCount
		switch m[1] {
		case "One":
			want.fixed = 1
		case "N":
			want.fixed, _ = strconv.Atoi(m[3])
		case "AtLeastN":
			want.fixed, _ = strconv.Atoi(m[3])
			want.variable = true
		case "Variadic":
			want.variable = true
		}
		if want != got {
			add("%ss: %d fixed (variable %v), mlir-tblgen %s", kind, got.fixed, got.variable, strings.TrimPrefix(tr, "::mlir::OpTrait::"))
		}
		return
	}
	add("no %s count trait in mlir-tblgen's output", kind)
}

// builderParamOrder is the parameter list mlir-tblgen gives the builder
// taking a TypeRange and one parameter per argument: arguments in order
// (unnamed operands as odsArg_N, without the segment-size attributes of
// variadic-of-variadic operands), successors, then variadic region counts.
func builderParamOrder(op *Op) []string {
	inferred := map[string]bool{}
	for _, a := range op.Operands() {
		if a.VariadicOfVariadic {
			inferred[a.SegmentAttr] = true
		}
	}
	out := []string{}
	for _, a := range op.Args {
		switch {
		case a.Kind == Operand && a.Name == "":
			out = append(out, "odsArg_"+strconv.Itoa(a.KindIndex))
		case a.Kind == Attribute && inferred[a.Name]:
		default:
			out = append(out, a.Name)
		}
	}
	for _, s := range op.Successors {
		out = append(out, s.Name)
	}
	for _, r := range op.Regions {
		if r.Variadic {
			out = append(out, r.Name+"Count")
		}
	}
	return out
}
