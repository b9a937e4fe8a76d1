package lsp

import (
	"encoding/json"
	"path/filepath"

	"tdls/analysis"
)

// settings are what initializationOptions and workspace/configuration can
// set, under the section "tdls" (or at the top level of
// initializationOptions).
type settings struct {
	IncludeDirs          []string `json:"includeDirs"`
	CompilationDatabases []string `json:"compilationDatabases"`
	// Preview, MLIRTblgen and InlayHints steer the op and pattern
	// features (settings_mlir.go).
	Preview    previewSettings   `json:"preview"`
	MLIRTblgen string            `json:"mlirTblgen"`
	InlayHints inlayHintSettings `json:"inlayHints"`
}

// parseSettings accepts {"tdls": {...}} or {...}.
func parseSettings(raw json.RawMessage) (settings, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return settings{}, false
	}
	var wrapped struct {
		Tdls *settings `json:"tdls"`
	}
	if json.Unmarshal(raw, &wrapped) == nil && wrapped.Tdls != nil {
		return *wrapped.Tdls, true
	}
	var flat settings
	if json.Unmarshal(raw, &flat) == nil && (flat.IncludeDirs != nil || flat.CompilationDatabases != nil ||
		flat.Preview.Engine != "" || flat.MLIRTblgen != "" || flat.InlayHints.DRRArguments != nil) {
		return flat, true
	}
	return settings{}, false
}

// config combines flags, settings and workspace folders. Relative paths in
// settings are taken relative to the first workspace folder.
func (s *Server) config() analysis.Config {
	s.mu.Lock()
	defer s.mu.Unlock()
	abs := func(ps []string) []string {
		var out []string
		for _, p := range ps {
			if !filepath.IsAbs(p) && len(s.folders) > 0 {
				p = filepath.Join(s.folders[0], p)
			}
			out = append(out, filepath.Clean(p))
		}
		return out
	}
	return analysis.Config{
		Folders:          append([]string(nil), s.folders...),
		IncludeDirs:      append(abs(s.opts.ExtraDirs), abs(s.settings.IncludeDirs)...),
		CompileDatabases: append(abs(s.opts.CompileDatabases), abs(s.settings.CompilationDatabases)...),
		Defines:          s.opts.Defines,
		NoMLIRAutoDetect: s.opts.NoMLIRAutoDetect,
	}
}
