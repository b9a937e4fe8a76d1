package ods

import (
	"strconv"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// definitionErrors are the errors mlir-tblgen 22 raises for the interface
// under --gen-{op,attr,type}-interface-decls/-defs, and the inputs it
// crashes on.
func (i *Interface) definitionErrors() []tablegen.Diagnostic {
	var out []tablegen.Diagnostic
	err := func(p problem) { out = append(out, i.diag(tablegen.SeverityError, p.code, p.rng, p.msg)) }
	at := siteOf(i.Def, i.set)
	for _, p := range unsetFields(i.Def, i.set, i.Range, fieldRead{"cppInterfaceName", readString}, fieldRead{"cppNamespace", readString},
		fieldRead{"description", readString}, fieldRead{"extraClassDeclaration", readString},
		fieldRead{"extraSharedClassDeclaration", readString}, fieldRead{"extraClassOf", readString}) {
		err(p)
	}
	for _, field := range []string{"methods", "baseInterfaces"} {
		if _, isList := i.Def.Value(field).(*eval.ListInit); !isList {
			err(problem{code: "ods-interface-list", rng: at.fieldRange(field),
				msg: "`" + field + "` is not a list; mlir-tblgen crashes on this"})
		}
	}
	for _, m := range i.Methods {
		for _, p := range unsetFields(m.Def, i.set, m.Range, fieldRead{"name", readString}, fieldRead{"returnType", readString},
			fieldRead{"arguments", readDag}, fieldRead{"body", readString}, fieldRead{"defaultBody", readString},
			fieldRead{"description", readString}) {
			err(p)
		}
		for _, k := range m.badArgs {
			err(problem{code: "ods-interface-arg", rng: m.argRange(k),
				msg: "argument #" + strconv.Itoa(k) + " of interface method '" + m.Name + "' is not a C++ type string; mlir-tblgen crashes on this"})
		}
		if m.Name == "verifyTrait" && i.Kind != DialectInterfaceKind {
			err(problem{code: "ods-interface-verify-trait", rng: m.Range,
				msg: "'verifyTrait' method cannot be specified as interface method for '" + i.Name + "'; use the 'verify' field instead"})
		}
	}
	return out
}

// argRange is where argument k is written, or the method's range.
func (m *InterfaceMethod) argRange(k int) tablegen.Range {
	if k < len(m.ArgRanges) && m.ArgRanges[k].Start.IsValid() {
		return m.ArgRanges[k]
	}
	return m.Range
}

func (i *Interface) diag(sev tablegen.Severity, code string, r tablegen.Range, msg string) tablegen.Diagnostic {
	d := tablegen.Diagnostic{Range: r, Severity: sev, Code: code, Message: msg}
	if r != i.Range {
		d.Related = []tablegen.Related{{Range: i.Range, Message: "in " + i.Kind.String() + " '" + i.Def.NameString() + "'"}}
	}
	return d
}
