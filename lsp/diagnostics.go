package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/tablegen"
)

// publishDiagnostics sends one file's diagnostics.
func (s *Server) publishDiagnostics(ctx context.Context, fd analysis.FileDiagnostics) {
	out := make([]protocol.Diagnostic, 0, len(fd.Diagnostics))
	for _, d := range fd.Diagnostics {
		if d.File == nil {
			continue
		}
		pd := protocol.Diagnostic{
			Range:    rangeOf(d.File, d.Range),
			Severity: severity(d.Severity),
			Code:     d.Code,
			Source:   "tdls",
			Message:  d.Message,
		}
		for _, r := range d.Related {
			if r.File == nil {
				continue
			}
			pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{
				Location: protocol.Location{URI: uriOf(r.File.Name), Range: rangeOf(r.File, r.Range)},
				Message:  r.Message,
			})
		}
		out = append(out, pd)
	}
	s.notifyClient(ctx, "textDocument/publishDiagnostics", protocol.PublishDiagnosticsParams{
		URI: uriOf(fd.Path), Version: uint32(fd.Version), Diagnostics: out,
	})
	s.release.worked()
}

func severity(s tablegen.Severity) protocol.DiagnosticSeverity {
	switch s {
	case tablegen.SeverityError:
		return protocol.DiagnosticSeverityError
	case tablegen.SeverityWarning:
		return protocol.DiagnosticSeverityWarning
	case tablegen.SeverityInfo:
		return protocol.DiagnosticSeverityInformation
	}
	return protocol.DiagnosticSeverityHint
}
