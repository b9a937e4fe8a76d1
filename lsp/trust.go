package lsp

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"

	"go.lsp.dev/protocol"

	"tdls/toolchain"
)

// Workspace trust (SECURITY.md): a repository's executables (its build
// tree's mlir-tblgen, what its compile databases and CMake caches name)
// run only in folders the user trusts. Trust comes from the user: `tdls
// serve --trust`, the client's state in initializationOptions, and
// tdls/didChangeTrust when the user grants it. It is never read from
// workspace/configuration, which a repository's own settings file can
// answer (VS Code's .vscode/settings.json).

func init() { notify(didChangeTrustMethod, didChangeTrust) }

const didChangeTrustMethod = "tdls/didChangeTrust"

// trustParams are the initializationOptions' and tdls/didChangeTrust's
// trust: the whole workspace (VS Code's isTrusted), or folders the user's
// editor configuration lists (Neovim's and Emacs's trusted roots).
type trustParams struct {
	WorkspaceTrusted *bool    `json:"workspaceTrusted"`
	TrustedFolders   []string `json:"trustedFolders"`
}

// parseTrust reads the trust in initializationOptions, beside the settings
// ({"workspaceTrusted": true, "tdls": {...}}) or inside them.
func parseTrust(raw json.RawMessage) trustParams {
	var t trustParams
	if len(raw) == 0 || json.Unmarshal(raw, &t) != nil {
		return trustParams{}
	}
	if t.WorkspaceTrusted == nil && t.TrustedFolders == nil {
		var wrapped struct {
			Tdls trustParams `json:"tdls"`
		}
		if json.Unmarshal(raw, &wrapped) == nil {
			return wrapped.Tdls
		}
	}
	return t
}

// applyTrust takes the user's trust; it changes what may run, so the
// user's LLVM is looked for again.
func (s *Server) applyTrust(t trustParams) {
	s.mu.Lock()
	if t.WorkspaceTrusted != nil {
		s.trustAll = *t.WorkspaceTrusted
	}
	if t.TrustedFolders != nil {
		s.trustedFolders = s.trustedFolders[:0]
		for _, f := range t.TrustedFolders {
			if path, err := pathOf(protocol.DocumentURI(f)); err == nil && f != "" && isFileURI(f) {
				f = path
			}
			if filepath.IsAbs(f) {
				s.trustedFolders = append(s.trustedFolders, filepath.Clean(f))
			}
		}
	}
	s.mu.Unlock()
}

func didChangeTrust(ctx context.Context, s *Server, raw json.RawMessage) error {
	var t trustParams
	if err := decode(raw, &t); err != nil {
		return err
	}
	s.mu.Lock()
	before, beforeFolders := s.trustAll, slices.Clone(s.trustedFolders)
	s.mu.Unlock()
	s.applyTrust(t)
	s.mu.Lock()
	all, folders := s.trustAll, slices.Clone(s.trustedFolders)
	s.mu.Unlock()
	s.log.Info("trust", anyField("workspaceTrusted", all), stringsField("trustedFolders", folders))
	if before != all || !slices.Equal(beforeFolders, folders) {
		s.reconfigure()
		go s.reportLLVM(context.Background())
	}
	return nil
}

// tellUntrusted says, once per executable in a session, that the
// workspace's own tool was not run and how to trust the folder.
func (s *Server) tellUntrusted(ctx context.Context, u *toolchain.Untrusted) {
	s.mu.Lock()
	shown := s.untrustedShown[u.Tool.Path]
	s.untrustedShown[u.Tool.Path] = true
	s.mu.Unlock()
	if shown {
		return
	}
	msg := "tdls: " + u.Error() + ". To run it, trust the folder: VS Code's Manage Workspace Trust, :TdlsTrust in Neovim, M-x tdls-trust in Emacs, or `tdls serve --trust`."
	s.log.Warn("trust", stringField("notRun", u.Tool.Path), stringField("folder", u.Folder))
	s.notifyClient(ctx, "window/showMessage", protocol.ShowMessageParams{Type: protocol.MessageTypeInfo, Message: msg})
}

func isFileURI(s string) bool { return len(s) > 7 && s[:7] == "file://" }
