package ods

import "tdls/tablegen"

// definitionErrors are the errors mlir-tblgen 22 raises for the pass
// under --gen-pass-decls: the fields it reads must be set.
func (p *Pass) definitionErrors() []tablegen.Diagnostic {
	var probs []problem
	probs = append(probs, unsetFields(p.Def, p.set, p.Range, fieldRead{"argument", readString}, fieldRead{"baseClass", readString},
		fieldRead{"summary", readString}, fieldRead{"constructor", readString}, fieldRead{"dependentDialects", readList},
		fieldRead{"options", readList}, fieldRead{"statistics", readList})...)
	for _, o := range p.Options {
		probs = append(probs, unsetFields(o.Def, p.set, o.Range, fieldRead{"cppName", readString}, fieldRead{"argument", readString},
			fieldRead{"type", readString}, fieldRead{"defaultValue", readString}, fieldRead{"description", readString},
			fieldRead{"additionalOptFlags", readString})...)
	}
	for _, s := range p.Statistics {
		probs = append(probs, unsetFields(s.Def, p.set, s.Range, fieldRead{"cppName", readString}, fieldRead{"name", readString},
			fieldRead{"description", readString})...)
	}
	out := make([]tablegen.Diagnostic, len(probs))
	for k, pr := range probs {
		out[k] = p.diag(tablegen.SeverityError, pr.code, pr.rng, pr.msg)
	}
	return out
}

func (p *Pass) diag(sev tablegen.Severity, code string, r tablegen.Range, msg string) tablegen.Diagnostic {
	d := tablegen.Diagnostic{Range: r, Severity: sev, Code: code, Message: msg}
	if r != p.Range {
		d.Related = []tablegen.Related{{Range: p.Range, Message: "in pass '" + p.Name + "'"}}
	}
	return d
}
