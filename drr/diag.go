package drr

import (
	"fmt"

	"tdls/ods"
	"tdls/tablegen"
)

// Diagnostic is a DRR problem with the fixes that repair it mechanically.
type Diagnostic struct {
	tablegen.Diagnostic
	Fixes []Fix
}

// Fix is a set of edits that repairs a problem, as an editor's code
// action; ODS problems have them too.
type Fix = ods.Fix

// TextEdit replaces Range with NewText (an insertion when Range is empty).
type TextEdit = ods.TextEdit

// Plain returns the diagnostics without their fixes.
func Plain(ds []Diagnostic) []tablegen.Diagnostic {
	out := make([]tablegen.Diagnostic, len(ds))
	for i, d := range ds {
		out[i] = d.Diagnostic
	}
	return out
}

// reporter collects one pattern's diagnostics.
type reporter struct {
	p     *Pattern
	diags []Diagnostic
}

func (r *reporter) add(sev tablegen.Severity, rng tablegen.Range, code, msg string, fixes []Fix, related ...tablegen.Related) *Diagnostic {
	if !rng.Start.IsValid() {
		rng = r.p.DefRange
	}
	rel := append([]tablegen.Related(nil), related...)
	if rng != r.p.DefRange {
		rel = append(rel, tablegen.Related{Range: r.p.DefRange, Message: "in pattern " + r.p.displayName()})
	}
	r.diags = append(r.diags, Diagnostic{
		Diagnostic: tablegen.Diagnostic{Range: rng, Severity: sev, Code: code, Message: msg, Related: rel},
		Fixes:      fixes,
	})
	return &r.diags[len(r.diags)-1]
}

func (r *reporter) errorf(rng tablegen.Range, code string, format string, args ...any) *Diagnostic {
	return r.add(tablegen.SeverityError, rng, code, fmt.Sprintf(format, args...), nil)
}

func (r *reporter) warnf(rng tablegen.Range, code string, format string, args ...any) *Diagnostic {
	return r.add(tablegen.SeverityWarning, rng, code, fmt.Sprintf(format, args...), nil)
}

// withOp attaches the op's definition, showing its argument list.
func (d *Diagnostic) withOp(op *ods.Op) *Diagnostic {
	if d != nil && op != nil {
		d.Related = append(d.Related, tablegen.Related{Range: op.Range, Message: "'" + op.Name + "' is defined here: " + signature(op)})
	}
	return d
}

func (d *Diagnostic) withFix(f Fix) *Diagnostic {
	if d != nil {
		d.Fixes = append(d.Fixes, f)
	}
	return d
}

func (p *Pattern) displayName() string {
	if p.Record != nil && p.Record.Anonymous {
		return "(anonymous " + p.Name + ")"
	}
	return "'" + p.Name + "'"
}

// signature is an op's argument list as written in ODS:
// `(ins AnyInteger:$lhs, AnyInteger:$rhs)`.
func signature(op *ods.Op) string {
	s := "(ins"
	for i, a := range op.Args {
		if i > 0 {
			s += ","
		}
		s += " " + argDeclText(a)
	}
	return s + ")"
}

func argDeclText(a *ods.Arg) string {
	t := "?"
	if a.Decl != nil {
		t = a.Decl.NameString()
		if a.Decl.Anonymous && a.Constraint != nil {
			t = a.Constraint.NameString()
		}
	}
	if a.Name != "" {
		t += ":$" + a.Name
	}
	return t
}
