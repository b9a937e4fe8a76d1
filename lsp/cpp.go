package lsp

import (
	"context"
	"encoding/json"
	"time"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
	"tdls/tablegen"
)

// The C++ half of a dialect: the .td side's features read the
// workspace's C++ index through the view (lsp/view.go); this file holds
// what the server does for C++ itself: the tdls/tableGenDefinition
// request, sent from a C++ file, and the code-lens refresh when the
// index changes. A C++ file is never a TableGen document: it is read for
// the request (its text in the request, else the disk) and nothing is
// published for it.

func init() { handle("tdls/tableGenDefinition", tableGenDefinition) }

// tableGenDefinitionParams are a position in a C++ file; Text is the
// file's content as the editor has it (optional: the disk's otherwise),
// as the server does not follow C++ buffers.
type tableGenDefinitionParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Position     protocol.Position               `json:"position"`
	Text         *string                         `json:"text,omitempty"`
}

// tableGenDefinition answers the .td declarations behind the C++ name at
// a position: Location[] (empty when there is none).
func tableGenDefinition(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p tableGenDefinitionParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	path, err := pathOf(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	var src []byte
	if p.Text != nil {
		src = []byte(*p.Text)
	} else if src, err = snap.ReadFile(path); err != nil {
		return []protocol.Location{}, nil
	}
	f := &tablegen.File{Name: path, Base: 1, Content: src}
	return locations(ide.TableGenDefinition(ctx, snap, path, src, offsetOf(f, p.Position))), nil
}

// codeLensRefreshAfter gathers the index's updates (a build's end, the
// files a save or checkout changed) into one refresh.
const codeLensRefreshAfter = 200 * time.Millisecond

// cppIndexed asks the client to show its code lenses again, the C++
// index having changed what they say, when it can (workspace/codeLens/refresh).
func (s *Server) cppIndexed() {
	s.release.worked() // the scan's garbage, given back once idle
	s.mu.Lock()
	can := s.clientCaps.Workspace != nil && s.clientCaps.Workspace.CodeLens != nil && s.clientCaps.Workspace.CodeLens.RefreshSupport
	if !can || s.lensRefresh != nil || s.state != stateRunning {
		s.mu.Unlock()
		return
	}
	s.lensRefresh = time.AfterFunc(codeLensRefreshAfter, func() {
		s.mu.Lock()
		s.lensRefresh = nil
		s.mu.Unlock()
		_ = s.callClient(context.Background(), "workspace/codeLens/refresh", nil, nil)
	})
	s.mu.Unlock()
}
