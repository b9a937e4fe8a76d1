package lsp

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"go.lsp.dev/protocol"

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
	// Severity sets the level of codes, prefixes ("ods-format-*") or "*":
	// off, hint, information, warning or error (analysis/policy.go).
	Severity severitySettings `json:"severity"`
}

// severitySettings are the severity levels by pattern. Lua encodes an
// empty table as [], which counts as none.
type severitySettings map[string]string

func (m *severitySettings) UnmarshalJSON(data []byte) error {
	if string(data) == "[]" {
		*m = severitySettings{}
		return nil
	}
	return json.Unmarshal(data, (*map[string]string)(m))
}

// severityRules are the Severity settings as policy rules, in pattern
// order, and what is wrong with the others.
func (st settings) severityRules() ([]analysis.SeverityRule, []string) {
	var rules []analysis.SeverityRule
	var problems []string
	for pattern, level := range st.Severity {
		r, err := analysis.NewSeverityRule(pattern, level, analysis.FromEditor)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		rules = append(rules, r)
	}
	sort.Slice(rules, func(i, j int) bool { return rules[i].Pattern < rules[j].Pattern })
	sort.Strings(problems)
	return rules, problems
}

// reportSettings tells the user what in the settings is ignored.
func (s *Server) reportSettings(ctx context.Context, st settings) {
	if _, problems := st.severityRules(); len(problems) > 0 {
		msg := "tdls: ignoring severity settings: " + strings.Join(problems, "; ")
		s.log.Warn("settings", stringField("problem", msg))
		s.notifyClient(ctx, "window/showMessage", protocol.ShowMessageParams{Type: protocol.MessageTypeWarning, Message: msg})
	}
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
		flat.Preview.Engine != "" || flat.MLIRTblgen != "" || flat.InlayHints.DRRArguments != nil || flat.Severity != nil) {
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
	editorRules, _ := s.settings.severityRules()
	return analysis.Config{
		Folders:          append([]string(nil), s.folders...),
		IncludeDirs:      append(abs(s.opts.ExtraDirs), abs(s.settings.IncludeDirs)...),
		CompileDatabases: append(abs(s.opts.CompileDatabases), abs(s.settings.CompilationDatabases)...),
		Defines:          s.opts.Defines,
		Severity:         append(append([]analysis.SeverityRule(nil), s.opts.Severity...), editorRules...),
		NoMLIRAutoDetect: s.opts.NoMLIRAutoDetect,
		NewerLLVM:        s.newerLLVM,
		TrustAll:         s.opts.Trust || s.trustAll,
		TrustedFolders:   slices.Clone(s.trustedFolders),
	}
}

// projectConfigRead logs each .tdls.yaml the workspace reads, and shows
// what is wrong in one.
func (s *Server) projectConfigRead(cfg *analysis.ProjectConfig, err error) {
	if err == nil {
		s.log.Info("project configuration", stringField("path", cfg.Path), stringsField("includeDirs", cfg.IncludeDirs),
			stringsField("compilationDatabases", cfg.CompileDatabases), intField("severity rules", len(cfg.Severity)))
		return
	}
	msg := "tdls: " + err.Error() + " (the rest of the file applies)"
	s.log.Warn("project configuration", stringField("problem", msg))
	s.notifyClient(context.Background(), "window/showMessage", protocol.ShowMessageParams{Type: protocol.MessageTypeWarning, Message: msg})
}
