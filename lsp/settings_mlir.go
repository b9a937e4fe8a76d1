package lsp

// previewSettings are tdls.preview.*: the engine of the rewriter preview
// (auto, native or mlir-tblgen).
type previewSettings struct {
	Engine string `json:"engine"`
}

// inlayHintSettings are tdls.inlayHints.*.
type inlayHintSettings struct {
	// DRRArguments names the ODS argument at each argument of a pattern
	// dag (`lhs:`); on unless set to false.
	DRRArguments *bool `json:"drrArguments"`
}

// drrArgumentHints reports whether the DRR argument hints are on.
func (s *Server) drrArgumentHints() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.settings.InlayHints.DRRArguments == nil || *s.settings.InlayHints.DRRArguments
}
