package ods

import "tdls/tablegen"

// checkAssemblyFormat reports what mlir-tblgen 22 rejects in the op's
// declarative assembly format (codes "ods-format-..."), at the faulty
// element of the format string. Parse errors come first; the checks made
// on the whole format run only when parsing found none, as their findings
// would otherwise rest on a format mlir-tblgen never gets to.
func (op *Op) checkAssemblyFormat() []tablegen.Diagnostic {
	if !op.HasAssemblyFormat {
		return nil
	}
	errs := op.formatErrors()
	if len(errs) == 0 {
		return nil
	}
	src := op.formatSource()
	out := make([]tablegen.Diagnostic, 0, len(errs))
	for _, e := range errs {
		r := src.rangeOf(e.start, e.end)
		d := op.diag(tablegen.SeverityError, e.code, r, e.msg)
		if e.note != "" {
			d.Related = append(d.Related, tablegen.Related{Range: r, Message: e.note})
		}
		out = append(out, d)
	}
	return out
}

// formatErrors parses and verifies the assembly format.
func (op *Op) formatErrors() []formatError {
	p := newOpFormat(op, op.AssemblyFormat)
	elems := p.parse()
	if len(p.errs) == 0 {
		p.verify(elems)
	}
	return p.errs
}

// FormatUsesPropDict reports a declarative assembly format with a
// `prop-dict` directive, for which mlir-tblgen generates
// setPropertiesFromParsedAttr.
func (op *Op) FormatUsesPropDict() bool {
	if !op.HasAssemblyFormat {
		return false
	}
	p := newOpFormat(op, op.AssemblyFormat)
	p.parse()
	return p.hasPropDict
}
