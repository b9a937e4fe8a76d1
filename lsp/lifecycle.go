package lsp

import (
	"context"
	"encoding/json"
	"maps"
	"slices"

	"go.lsp.dev/protocol"

	"tdls/analysis"
)

func init() {
	handle("initialize", initialize)
	handle("shutdown", shutdown)
	notify("initialized", initialized)
	notify("exit", exit)
	notify("workspace/didChangeConfiguration", didChangeConfiguration)
	notify("workspace/didChangeWatchedFiles", didChangeWatchedFiles)
	notify("workspace/didChangeWorkspaceFolders", didChangeWorkspaceFolders)
}

type initializeParams struct {
	RootURI               protocol.DocumentURI        `json:"rootUri"`
	RootPath              string                      `json:"rootPath"`
	WorkspaceFolders      []protocol.WorkspaceFolder  `json:"workspaceFolders"`
	InitializationOptions json.RawMessage             `json:"initializationOptions"`
	Capabilities          protocol.ClientCapabilities `json:"capabilities"`
}

// capabilities317 holds the client capabilities of LSP 3.17 that the
// protocol package predates.
type capabilities317 struct {
	Capabilities struct {
		TextDocument struct {
			Completion struct {
				CompletionList struct {
					ItemDefaults []string `json:"itemDefaults"`
				} `json:"completionList"`
			} `json:"completion"`
		} `json:"textDocument"`
	} `json:"capabilities"`
}

func initialize(ctx context.Context, s *Server, _ *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p initializeParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	var folders []string
	for _, f := range p.WorkspaceFolders {
		if path, err := pathOf(protocol.DocumentURI(f.URI)); err == nil {
			folders = append(folders, path)
		}
	}
	if len(folders) == 0 && p.RootURI != "" {
		if path, err := pathOf(p.RootURI); err == nil {
			folders = append(folders, path)
		}
	}
	if len(folders) == 0 && p.RootPath != "" {
		folders = append(folders, p.RootPath)
	}
	var caps capabilities317
	_ = decode(raw, &caps)
	st, _ := parseSettings(p.InitializationOptions)
	s.applyTrust(parseTrust(p.InitializationOptions))
	s.mu.Lock()
	s.defaultEditRange = slices.Contains(caps.Capabilities.TextDocument.Completion.CompletionList.ItemDefaults, "editRange")
	s.folders, s.settings, s.clientCaps = folders, st, p.Capabilities
	if ws := p.Capabilities.Workspace; ws != nil {
		s.configPull = ws.Configuration
	}
	if td := p.Capabilities.TextDocument; td != nil && td.FoldingRange != nil {
		s.lineFolding = td.FoldingRange.LineFoldingOnly
	}
	s.state = stateRunning
	s.mu.Unlock()
	s.ws = analysis.NewWorkspace(s.config())
	s.ws.OnProjectConfig(s.projectConfigRead)
	s.ws.OnInferredDir(s.includeDirInferred)
	s.ws.OnCppIndexed(s.cppIndexed)
	if s.opts.ReplacingSyntax != nil {
		s.ws.OnReplacingSyntax(s.opts.ReplacingSyntax)
	}
	s.checker = analysis.NewChecker(s.ws, func(fd analysis.FileDiagnostics) { s.publishDiagnostics(context.Background(), fd) })
	s.release = &idleRelease{after: releaseAfter, busy: s.checker.Busy, release: s.releaseMemory}
	s.log.Info("initialized", stringsField("folders", folders), anyField("config", s.config()))

	return map[string]any{
		"capabilities": map[string]any{
			"textDocumentSync": map[string]any{
				"openClose": true,
				"change":    protocol.TextDocumentSyncKindIncremental,
				"save":      map[string]any{"includeText": false},
			},
			"hoverProvider":              true,
			"definitionProvider":         true,
			"referencesProvider":         true,
			"documentHighlightProvider":  true,
			"workspaceSymbolProvider":    true,
			"renameProvider":             map[string]any{"prepareProvider": true},
			"inlayHintProvider":          true,
			"codeActionProvider":         map[string]any{"codeActionKinds": codeActionKinds},
			"codeLensProvider":           map[string]any{"resolveProvider": false},
			"executeCommandProvider":     map[string]any{"commands": commands},
			"signatureHelpProvider":      map[string]any{"triggerCharacters": []string{"<", "(", ","}},
			"documentSymbolProvider":     true,
			"foldingRangeProvider":       true,
			"documentFormattingProvider": true,
			// rangesSupport: LSP 3.18's textDocument/rangesFormatting.
			"documentRangeFormattingProvider": map[string]any{"rangesSupport": true},
			"documentLinkProvider":            map[string]any{"resolveProvider": false},
			"completionProvider": map[string]any{
				"triggerCharacters": []string{"!", "\"", "/", ":", "<", ".", "$", "("},
				"resolveProvider":   false,
			},
			"semanticTokensProvider": map[string]any{
				"legend": map[string]any{"tokenTypes": tokenTypes(), "tokenModifiers": tokenModifiers()},
				"full":   true,
				"range":  false,
			},
		},
		"serverInfo": serverInfo(s.opts.Version),
	}, nil
}

func initialized(ctx context.Context, s *Server, _ json.RawMessage) error {
	s.mu.Lock()
	st := s.settings
	s.mu.Unlock()
	s.reportSettings(ctx, st)
	go s.reportLLVM(context.Background())
	go s.reportVendoredMLIR(context.Background())
	go s.pullConfiguration(context.Background())
	s.startIndex()
	return nil
}

// pullConfiguration asks the client for the "tdls" section.
func (s *Server) pullConfiguration(ctx context.Context) {
	s.mu.Lock()
	pull := s.configPull
	s.mu.Unlock()
	if !pull {
		return
	}
	var res []json.RawMessage
	if err := s.callClient(ctx, "workspace/configuration", map[string]any{
		"items": []map[string]any{{"section": "tdls"}},
	}, &res); err != nil || len(res) == 0 {
		return
	}
	var st settings
	if json.Unmarshal(res[0], &st) != nil {
		return
	}
	s.applySettings(st)
}

func (s *Server) applySettings(st settings) {
	s.mu.Lock()
	old := s.settings
	s.settings = st
	s.mu.Unlock()
	if !maps.Equal(old.Severity, st.Severity) {
		s.reportSettings(context.Background(), st)
	}
	s.reconfigure()
	if old.MLIRTblgen != st.MLIRTblgen || !slices.Equal(old.IncludeDirs, st.IncludeDirs) || !slices.Equal(old.CompilationDatabases, st.CompilationDatabases) {
		go s.reportLLVM(context.Background())
	}
}

func (s *Server) reconfigure() {
	snap := s.ws.SetConfig(s.config())
	s.checker.Changed(snap, nil)
	s.startIndex()
}

func shutdown(ctx context.Context, s *Server, _ *analysis.Snapshot, _ json.RawMessage) (any, error) {
	s.mu.Lock()
	s.state = stateShutdown
	if s.indexCancel != nil {
		s.indexCancel()
	}
	if s.ws != nil {
		s.ws.StopCppIndex()
	}
	s.mu.Unlock()
	return nil, nil
}

func exit(ctx context.Context, s *Server, _ json.RawMessage) error {
	select {
	case <-s.exited:
	default:
		close(s.exited)
	}
	return nil
}

func didChangeConfiguration(ctx context.Context, s *Server, raw json.RawMessage) error {
	var p struct {
		Settings json.RawMessage `json:"settings"`
	}
	if err := decode(raw, &p); err != nil {
		return err
	}
	if st, ok := parseSettings(p.Settings); ok {
		s.applySettings(st)
		return nil
	}
	go s.pullConfiguration(context.Background())
	return nil
}

func didChangeWatchedFiles(ctx context.Context, s *Server, raw json.RawMessage) error {
	var p protocol.DidChangeWatchedFilesParams
	if err := decode(raw, &p); err != nil {
		return err
	}
	var paths []string
	created := false
	for _, c := range p.Changes {
		if c == nil {
			continue
		}
		if path, err := pathOf(protocol.DocumentURI(c.URI)); err == nil {
			paths = append(paths, path)
			created = created || c.Type != protocol.FileChangeTypeChanged
		}
	}
	snap := s.ws.FilesChanged(paths, created)
	if created {
		s.checker.Changed(snap, nil)
	} else {
		s.checker.Changed(snap, paths)
	}
	return nil
}

func didChangeWorkspaceFolders(ctx context.Context, s *Server, raw json.RawMessage) error {
	var p protocol.DidChangeWorkspaceFoldersParams
	if err := decode(raw, &p); err != nil {
		return err
	}
	s.mu.Lock()
	for _, f := range p.Event.Removed {
		if path, err := pathOf(protocol.DocumentURI(f.URI)); err == nil {
			for i, have := range s.folders {
				if have == path {
					s.folders = append(s.folders[:i], s.folders[i+1:]...)
					break
				}
			}
		}
	}
	for _, f := range p.Event.Added {
		if path, err := pathOf(protocol.DocumentURI(f.URI)); err == nil {
			s.folders = append(s.folders, path)
		}
	}
	s.mu.Unlock()
	s.reconfigure()
	return nil
}

// serverInfo names the server, and its version when the binary gave one.
func serverInfo(version string) map[string]any {
	info := map[string]any{"name": "tdls"}
	if version != "" {
		info["version"] = version
	}
	return info
}
