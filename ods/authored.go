package ods

import "strings"

// AuthorMethod is a member function the generated C++ of an attribute,
// type, dialect or pass declares without defining it: its author defines
// it. Op classes have theirs from the op emitter (codegen.AuthorMethods).
type AuthorMethod struct {
	Name string
	// Declaration is the member as the generated header declares it
	// (mlir-tblgen 22's text, on one line, without the ';').
	Declaration string
	// Definition is the head of the out-of-line definition the author
	// writes: no static, override or default values, the name qualified
	// by the class without its namespace.
	Definition string
	Return     string
	Params     int
	// Field is the field that asks for it ("genVerifyDecl"); Builder
	// the builder's index in Builders for a builder without a body (-1
	// otherwise).
	Field   string
	Builder int
}

// authorMethod makes an AuthorMethod from its parts: prefix (static, ...),
// return type, name, parameters (type and name) and suffix (const,
// override).
func authorMethod(class, field, prefix, ret, name string, params []BuilderParam, suffix string) AuthorMethod {
	var decl, def []string
	for _, p := range params {
		d := p.CppType + " " + p.Name
		if strings.HasSuffix(p.CppType, "*") || strings.HasSuffix(p.CppType, "&") {
			d = p.CppType + p.Name
		}
		def = append(def, d)
		if p.Default != "" {
			d += " = " + p.Default
		}
		decl = append(decl, d)
	}
	sep := " "
	if strings.HasSuffix(ret, "*") {
		sep = ""
	}
	declaration := prefix + ret + sep + name + "(" + strings.Join(decl, ", ") + ")" + suffix
	constness := ""
	if strings.Contains(suffix, "const") {
		constness = " const"
	}
	return AuthorMethod{Name: name, Declaration: declaration, Return: ret, Params: len(params), Field: field, Builder: -1,
		Definition: ret + sep + class + "::" + name + "(" + strings.Join(def, ", ") + ")" + constness}
}

var (
	contextParam   = BuilderParam{Name: "context", CppType: "::mlir::MLIRContext *"}
	emitErrorParam = BuilderParam{Name: "emitError", CppType: "::llvm::function_ref<::mlir::InFlightDiagnostic()>"}
)

// AuthorMethods are the members of the attribute's or type's class that
// mlir-tblgen's --gen-attrdef-decls / --gen-typedef-decls declare and
// --gen-*-defs leave to the author: verify (genVerifyDecl), parse and
// print (hasCustomAssemblyFormat with a mnemonic and no assemblyFormat),
// get/getChecked of the builders without a body, and the methods of the
// interfaces listed with Declare{Attr,Type}InterfaceMethods that have no
// default.
func (d *AttrOrTypeDef) AuthorMethods() []AuthorMethod {
	var out []AuthorMethod
	for _, m := range d.builderMethods(false) {
		if d.Builders[m.Builder].Body == "" {
			out = append(out, m)
		}
	}
	if d.GenVerifyDecl && len(d.Parameters) > 0 {
		ps := []BuilderParam{emitErrorParam}
		for _, p := range d.Parameters {
			ps = append(ps, BuilderParam{Name: p.Name, CppType: p.CppType})
		}
		out = append(out, authorMethod(d.CppClass, "genVerifyDecl", "static ", "::llvm::LogicalResult", "verify", ps, ""))
	}
	// the methods of DeclareAttrInterfaceMethods / DeclareTypeInterfaceMethods
	for _, t := range d.Traits {
		if t.Kind != InterfaceTrait || !t.DeclaresMethods {
			continue
		}
		for _, m := range DeclaredMethods(t, d.src.get()) {
			var ps []BuilderParam
			for _, a := range m.Args {
				ps = append(ps, BuilderParam{Name: a.Name, CppType: a.Type})
			}
			prefix, suffix := "", " const"
			if m.IsStatic {
				prefix, suffix = "static ", ""
			}
			out = append(out, authorMethod(d.CppClass, "traits", prefix, m.ReturnType, m.Name, ps, suffix))
		}
	}
	if d.HasMnemonic && d.HasCustomAssemblyFormat && !d.HasAssemblyFormat {
		parser := BuilderParam{Name: "odsParser", CppType: "::mlir::AsmParser &"}
		if d.IsType {
			out = append(out, authorMethod(d.CppClass, "hasCustomAssemblyFormat", "static ", "::mlir::Type", "parse", []BuilderParam{parser}, ""))
		} else {
			out = append(out, authorMethod(d.CppClass, "hasCustomAssemblyFormat", "static ", "::mlir::Attribute", "parse",
				[]BuilderParam{parser, {Name: "odsType", CppType: "::mlir::Type"}}, ""))
		}
		out = append(out, authorMethod(d.CppClass, "hasCustomAssemblyFormat", "", "void", "print",
			[]BuilderParam{{Name: "odsPrinter", CppType: "::mlir::AsmPrinter &"}}, " const"))
	}
	return out
}

// builderMethods are the get (and getChecked) methods mlir-tblgen
// declares for the builders: the default ones when all is set, then each
// custom builder's (Builder its index); none without parameters.
func (d *AttrOrTypeDef) builderMethods(all bool) []AuthorMethod {
	if len(d.Parameters) == 0 {
		return nil
	}
	var out []AuthorMethod
	add := func(ret string, ps []BuilderParam, builder int) {
		m := authorMethod(d.CppClass, "builders", "static ", ret, "get", ps, "")
		m.Builder = builder
		out = append(out, m)
		if d.HasCheckedBuilders() {
			m := authorMethod(d.CppClass, "builders", "static ", ret, "getChecked", append([]BuilderParam{emitErrorParam}, ps...), "")
			m.Builder = builder
			out = append(out, m)
		}
	}
	if all && !d.SkipDefaultBuilders {
		ps := []BuilderParam{contextParam}
		for _, p := range d.Parameters {
			ps = append(ps, BuilderParam{Name: p.Name, CppType: p.CppType})
		}
		add(d.CppClass, ps, -1)
	}
	for i, b := range d.Builders {
		ps := b.Params
		if !b.InferredContext {
			ps = append([]BuilderParam{contextParam}, ps...)
		}
		ret := d.CppClass
		if b.ReturnType != "" {
			ret = b.ReturnType
		}
		add(ret, ps, i)
	}
	return out
}

// AuthorMethods are the members of the dialect's class that mlir-tblgen's
// --gen-dialect-decls declares and --gen-dialect-defs leaves to the
// author: initialize, always, and the hooks the dialect's fields ask for.
func (d *Dialect) AuthorMethods() []AuthorMethod {
	c := d.CppClassName()
	op := BuilderParam{Name: "op", CppType: "::mlir::Operation *"}
	attr := BuilderParam{Name: "attribute", CppType: "::mlir::NamedAttribute"}
	region := BuilderParam{Name: "regionIndex", CppType: "unsigned"}
	out := []AuthorMethod{authorMethod(c, "", "", "void", "initialize", nil, "")}
	if d.HasNonDefaultDestructor {
		m := authorMethod(c, "hasNonDefaultDestructor", "", "", "~"+c, nil, " override")
		m.Declaration, m.Definition = "~"+c+"() override", c+"::~"+c+"()"
		out = append(out, m)
	}
	if d.HasCanonicalizer {
		out = append(out, authorMethod(c, "hasCanonicalizer", "", "void", "getCanonicalizationPatterns",
			[]BuilderParam{{Name: "results", CppType: "::mlir::RewritePatternSet &"}}, " const override"))
	}
	if d.HasConstantMaterializer {
		out = append(out, authorMethod(c, "hasConstantMaterializer", "", "::mlir::Operation *", "materializeConstant",
			[]BuilderParam{{Name: "builder", CppType: "::mlir::OpBuilder &"}, {Name: "value", CppType: "::mlir::Attribute"},
				{Name: "type", CppType: "::mlir::Type"}, {Name: "loc", CppType: "::mlir::Location"}}, " override"))
	}
	if d.HasOperationAttrVerify {
		out = append(out, authorMethod(c, "hasOperationAttrVerify", "", "::llvm::LogicalResult", "verifyOperationAttribute",
			[]BuilderParam{op, attr}, " override"))
	}
	if d.HasRegionArgAttrVerify {
		out = append(out, authorMethod(c, "hasRegionArgAttrVerify", "", "::llvm::LogicalResult", "verifyRegionArgAttribute",
			[]BuilderParam{op, region, {Name: "argIndex", CppType: "unsigned"}, attr}, " override"))
	}
	if d.HasRegionResultAttrVerify {
		out = append(out, authorMethod(c, "hasRegionResultAttrVerify", "", "::llvm::LogicalResult", "verifyRegionResultAttribute",
			[]BuilderParam{op, region, {Name: "resultIndex", CppType: "unsigned"}, attr}, " override"))
	}
	if d.HasOperationInterfaceFallback {
		out = append(out, authorMethod(c, "hasOperationInterfaceFallback", "", "void *", "getRegisteredInterfaceForOp",
			[]BuilderParam{{Name: "interfaceID", CppType: "mlir::TypeID"}, {Name: "opName", CppType: "mlir::OperationName"}}, " override"))
	}
	return out
}

// RunOnOperation is what a pass's class defines: the generated base
// class leaves ::mlir::Pass's runOnOperation pure.
func (p *Pass) RunOnOperation() AuthorMethod {
	return authorMethod(p.Name, "", "", "void", "runOnOperation", nil, " override")
}

// CreateFunction is the function a pass with a constructor names (the
// call in `constructor`, without its arguments, and how many it passes),
// which GEN_PASS_REGISTRATION calls and nothing generates; ok is false
// when the constructor is not a plain call.
func (p *Pass) CreateFunction() (name string, args int, ok bool) {
	c := strings.TrimSpace(p.Constructor)
	open := strings.IndexByte(c, '(')
	if open <= 0 || !strings.HasSuffix(c, ")") {
		return "", 0, false
	}
	name = strings.TrimSpace(c[:open])
	for _, r := range name {
		if !(r == '_' || r == ':' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return "", 0, false
		}
	}
	inner := strings.TrimSpace(c[open+1 : len(c)-1])
	if inner != "" {
		args = 1
		depth := 0
		for _, r := range inner {
			switch r {
			case '(', '<', '[', '{':
				depth++
			case ')', '>', ']', '}':
				depth--
			case ',':
				if depth == 0 {
					args++
				}
			}
		}
	}
	return name, args, true
}
