package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
	"tdls/codegen"
)

// generatedCodeMethod is the custom request a client with its own preview
// asks the generated C++ with.
const generatedCodeMethod = "tdls/generatedCode"

// Preview kinds.
const (
	kindRewriter      = "rewriter"
	kindRewritersFile = "rewriters-file"
)

func init() { handle(generatedCodeMethod, generatedCode) }

// previewTarget is the parameter of tdls/generatedCode and the argument of
// the tdls.showGeneratedRewriter command.
type previewTarget struct {
	URI          protocol.DocumentURI `json:"uri"`
	TextDocument *struct {
		URI protocol.DocumentURI `json:"uri"`
	} `json:"textDocument,omitempty"`
	Position *protocol.Position `json:"position,omitempty"`
	Name     string             `json:"name,omitempty"`
	Kind     string             `json:"kind,omitempty"`
}

func generatedCode(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var t previewTarget
	if err := decode(raw, &t); err != nil {
		return nil, err
	}
	return s.generate(ctx, snap, t)
}

// generate answers a preview target, an error the client can show when
// there is nothing to preview.
func (s *Server) generate(ctx context.Context, snap *analysis.Snapshot, t previewTarget) (codegen.Generated, error) {
	if t.URI == "" && t.TextDocument != nil {
		t.URI = t.TextDocument.URI
	}
	if t.Kind == "" {
		t.Kind = kindRewriter
	}
	if t.Kind != kindRewriter && t.Kind != kindRewritersFile {
		return codegen.Generated{}, jsonrpc2.NewError(jsonrpc2.InvalidParams, "kind must be \"rewriter\" or \"rewriters-file\", not "+t.Kind)
	}
	if t.Kind == kindRewriter && t.Name == "" && t.Position == nil {
		return codegen.Generated{}, jsonrpc2.NewError(jsonrpc2.InvalidParams, "a rewriter preview needs a position or a name")
	}
	v, err := view(ctx, snap, t.URI)
	if err != nil {
		return codegen.Generated{}, err
	}
	if v == nil {
		return codegen.Generated{}, jsonrpc2.NewError(jsonrpc2.InvalidParams, "cannot analyse "+string(t.URI))
	}
	s.mu.Lock()
	st := s.settings
	s.mu.Unlock()
	q := ide.PreviewQuery{Name: t.Name, WholeFile: t.Kind == kindRewritersFile, Engine: st.Preview.Engine, MLIRTblgen: st.MLIRTblgen}
	if t.Position != nil {
		q.Pos = v.Pos(offsetOf(v.File, *t.Position))
	}
	g, err := ide.GeneratedCode(ctx, snap, v, q)
	if err != nil {
		if ctx.Err() != nil {
			return codegen.Generated{}, ctx.Err()
		}
		return codegen.Generated{}, jsonrpc2.NewError(jsonrpc2.InvalidRequest, err.Error())
	}
	return g, nil
}
