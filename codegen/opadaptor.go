package codegen

import (
	"strconv"
	"strings"
)

// The adaptor classes of an op (OpOperandAdaptorEmitter): a non-template
// base in namespace detail holding the attributes, properties and regions,
// the generic adaptor template over a range of operand values, and the
// adaptor over ::mlir::ValueRange.

const opaqueProperties = "::mlir::OpaqueProperties"

func (v *opView) adaptorClasses() (base, generic, adaptor *cppClass) {
	op := v.op
	genericName := op.CppClass + "GenericAdaptor"
	base = &cppClass{name: genericName + "Base"}
	generic = &cppClass{name: genericName, tmplParams: []string{"RangeT"}}
	adaptor = &cppClass{name: op.CppClass + "Adaptor"}

	// Without a Properties type of the op's own, the adaptors take
	// ::mlir::EmptyProperties and keep none.
	useProps := v.useProperties()
	propsType := "Properties"
	base.declareVisibility(public)
	switch entries := v.propEntries(); {
	case !useProps:
		propsType = "::mlir::EmptyProperties"
	case len(entries) == 0:
		base.declareUsing("Properties", "::mlir::EmptyProperties")
	default:
		base.declareExtra(propertiesStruct(entries))
	}
	base.declareVisibility(protected)
	base.declareField("::mlir::DictionaryAttr", "odsAttrs")
	base.declareField("::std::optional<::mlir::OperationName>", "odsOpName")
	if useProps {
		base.declareField("Properties", "properties")
	}
	base.declareField("::mlir::RegionRange", "odsRegions")

	generic.addField("RangeT", "odsOperands")
	generic.addParent("detail::" + base.name)
	generic.declareUsing("ValueT", "::llvm::detail::ValueOfRange<RangeT>")
	generic.declareUsing("Base", "detail::"+base.name)

	regions := cppParam{typ: "::mlir::RegionRange", name: "regions", def: "{}"}
	attrsParam, propsParam := param("::mlir::DictionaryAttr", "attrs"), param("const "+propsType+" &", "properties")
	if !useProps {
		attrsParam.def, propsParam.def = "{}", "{}"
	}
	ctor := base.addConstructor(mInline, attrsParam, propsParam, regions)
	ctor.init("odsAttrs", "attrs")
	if useProps {
		ctor.init("properties", "properties")
	}
	ctor.init("odsRegions", "regions")
	ctor.b().in().w("if (odsAttrs)\n")
	ctor.b().in().w(`odsOpName.emplace("` + op.Name + `", odsAttrs.getContext());` + "\n")

	values := param("RangeT", "values")
	ctor = generic.addConstructor(0, values, attrsParam, propsParam, regions)
	ctor.init("Base", "attrs, properties, regions")
	ctor.init("odsOperands", "values")
	ctor = generic.addConstructor(0, values, param("::mlir::DictionaryAttr", "attrs"), param(opaqueProperties, "properties"), regions)
	ctor.init(genericName, "values, attrs, (properties ? *properties.as<"+propsType+" *>() : "+propsType+"{}), regions")
	if useProps {
		attrs := cppParam{typ: "::mlir::DictionaryAttr", name: "attrs", def: "nullptr"}
		if v.attrSizedOperands {
			attrs.def = ""
		}
		ctor = generic.addConstructor(0, values, attrs)
		ctor.init(genericName, "values, attrs, Properties{}, {}")
	}
	ctor = generic.addConstructor(mInline, values, param("const "+base.name+" &", "base"))
	ctor.init("Base", "base")
	ctor.init("odsOperands", "values")
	if useProps {
		base.addConstructor(0, param(op.CppClass, "op"))
	} else {
		ctor = base.addConstructor(mInline, param("::mlir::Operation *", "op"))
		ctor.init("odsAttrs", "op->getRawDictionaryAttrs()")
		ctor.init("odsOpName", "op->getName()")
		ctor.init("odsRegions", "op->getRegions()")
	}
	ctor = generic.addConstructor(0, values, param("LateInst", "op"))
	ctor.tmplParams = []string{"LateInst = " + op.CppClass, "= std::enable_if_t<std::is_same_v<LateInst, " + op.CppClass + ">>"}
	ctor.init("Base", "op")
	ctor.init("odsOperands", "values")

	v.genOperandGetters(generic, base, "RangeT", "ValueT", "odsOperands.begin()", "odsOperands.size()")
	if m := generic.addMethod("RangeT", "getOperands", 0); m != nil {
		m.addBody("  return odsOperands;")
	}

	if useProps {
		v.must(base.addMethod("const Properties &", "getProperties", mInline), "Adaptor::getProperties").addBody("  return properties;")
	}
	v.must(base.addMethod("::mlir::DictionaryAttr", "getAttributes", mInline), "Adaptor::getAttributes").addBody("  return odsAttrs;")
	for _, p := range v.props {
		name := getter(p.Name)
		v.must(base.addMethod(p.CppType, name, mInline), name).addBody("  return getProperties()." + name + "();")
	}
	for _, a := range v.attrs[:v.numNative] {
		name := getter(a.name)
		props := mInline
		if a.hasDefault() || !useProps {
			props = 0
		}
		m := v.must(base.addMethod(a.storage, name+"Attr", props), "Adaptor::"+name+"Attr")
		if props == mInline {
			m.b().in().w("auto attr = ::llvm::" + a.castKind() + "<" + a.storage + ">(getProperties()." + a.name + ");\n")
			m.addBody("return attr;\n")
		}
		v.must(base.addMethod(a.ret, name, 0), name)
		a.checkDefaultBuildable()
	}
	for i, r := range op.Regions {
		if r.Name == "" {
			continue
		}
		name := getter(r.Name)
		if r.Variadic {
			v.must(base.addMethod("::mlir::RegionRange", name, mInline), "Adaptor::"+name).
				addBody("  return odsRegions.drop_front(" + strconv.Itoa(i) + ");")
			continue
		}
		v.must(base.addMethod("::mlir::Region &", name, mInline), "Adaptor::"+name).
			addBody("  return *odsRegions[" + strconv.Itoa(i) + "];")
	}
	if len(op.Regions) > 0 {
		if m := base.addMethod("::mlir::RegionRange", "getRegions", mInline); m != nil {
			m.addBody("  return odsRegions;")
		}
	}

	adaptor.addParent(genericName).addTemplateParam("::mlir::ValueRange")
	adaptor.declareVisibility(public)
	adaptor.declareUsing(genericName+"::"+genericName, "")
	adaptor.addConstructor(0, param(op.CppClass, "op"))
	v.must(adaptor.addMethod("::llvm::LogicalResult", "verify", 0, param("::mlir::Location", "loc")), "verify")

	base.finalize()
	generic.finalize()
	adaptor.finalize()
	return base, generic, adaptor
}

// propertiesStruct is the adaptor base's `struct Properties`: one member
// per entry with its accessors, and the comparison operators.
func propertiesStruct(entries []propEntry) string {
	var sb, cmp strings.Builder
	sb.WriteString("  struct Properties {\n")
	cmp.WriteString("    bool operator==(const Properties &rhs) const {\n      return \n")
	var ctx fmtContext
	ctx.withBuilder("odsBuilder")
	for _, e := range entries {
		camel := strings.TrimPrefix(getter(e.name), "get")
		cmp.WriteString("        rhs." + e.name + " == this->" + e.name + " &&\n")
		if e.attr != nil {
			st := e.attr.storage
			sb.WriteString("    using " + e.name + "Ty = " + st + ";\n    " + e.name + "Ty " + e.name + ";\n")
			if e.attr.segment {
				// A segment sizes attribute has no constraint, hence no accessors.
				continue
			}
			sb.WriteString("\n    auto get" + camel + "() const {\n      auto &propStorage = this->" + e.name + ";\n" +
				"      return ::llvm::" + e.attr.castKind() + "<" + st + ">(propStorage);\n    }\n" +
				"    void set" + camel + "(const " + st + " &propValue) {\n      this->" + e.name + " = propValue;\n    }\n")
			continue
		}
		sb.WriteString("    using " + e.name + "Ty = " + e.storage + ";\n    " + e.name + "Ty " + e.name)
		switch {
		case e.override != "":
			sb.WriteString(" = " + e.override)
		case e.def != "":
			sb.WriteString(" = " + tgfmt(e.def, &ctx))
		}
		// One context serves both templates, as in mlir-tblgen.
		var calls fmtContext
		calls.addSubst("_storage", "propStorage").addSubst("_value", "propValue")
		sb.WriteString(";\n    " + e.iface + " get" + camel + "() const {\n      auto &propStorage = this->" + e.name + ";\n" +
			"      return " + tgfmt(e.convert, &calls) + ";\n    }\n" +
			"    void set" + camel + "(" + e.iface + " propValue) {\n      auto &propStorage = this->" + e.name + ";\n" +
			"      " + tgfmt(e.assign, &calls) + ";\n    }\n")
	}
	cmp.WriteString("        true;\n    }\n    bool operator!=(const Properties &rhs) const {\n      return !(*this == rhs);\n    }\n")
	sb.WriteString(cmp.String())
	sb.WriteString("  };\n")
	return sb.String()
}
