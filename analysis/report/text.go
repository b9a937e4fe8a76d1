package report

import (
	"bufio"
	"fmt"
	"io"

	"tdls/tablegen"
)

// WriteText prints diags as LLVM's tools do, one line each:
//
//	FILE:LINE:COL: error: MESSAGE [CODE]
//
// with 1-based lines and byte columns, each related location following as a
// `note:` line. A diagnostic without a position prints as `tdls: ...`.
func WriteText(w io.Writer, set *tablegen.SourceSet, diags []tablegen.Diagnostic) error {
	bw := bufio.NewWriter(w)
	for _, d := range diags {
		msg := d.Message
		if d.Code != "" {
			msg += " [" + d.Code + "]"
		}
		writeLine(bw, resolve(set, d.Range), SeverityLabel(d.Severity), msg)
		for _, r := range d.Related {
			writeLine(bw, resolve(set, r.Range), "note", r.Message)
		}
	}
	return bw.Flush()
}

func writeLine(w io.Writer, at span, label, msg string) {
	if at.file == nil {
		fmt.Fprintf(w, "tdls: %s: %s\n", label, msg)
		return
	}
	p := at.file.Position(at.start)
	fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", at.file.Name, p.Line, p.Column, label, msg)
}
