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

// Preview kinds, the request's parameter before it took a generator.
const (
	kindRewriter      = "rewriter"
	kindRewritersFile = "rewriters-file"
)

func init() { handle(generatedCodeMethod, generatedCode) }

// previewTarget is the parameter of tdls/generatedCode and the argument of
// the tdls.showGenerated and tdls.showGeneratedRewriter commands: a
// document, the entity at position or called name (neither: the whole
// file), and the generator or the view of the entity (decls, defs, doc,
// rewriter); kind is the older way to ask for a rewriter.
type previewTarget struct {
	URI          protocol.DocumentURI `json:"uri"`
	TextDocument *struct {
		URI protocol.DocumentURI `json:"uri"`
	} `json:"textDocument,omitempty"`
	Position  *protocol.Position `json:"position,omitempty"`
	Name      string             `json:"name,omitempty"`
	Generator string             `json:"generator,omitempty"`
	WholeFile bool               `json:"wholeFile,omitempty"`
	Kind      string             `json:"kind,omitempty"`
}

// generatedResult is the answer: the code and what it was generated from.
type generatedResult struct {
	codegen.Generated
	Generator string           `json:"generator"`
	Entity    *generatedEntity `json:"entity,omitempty"`
}

type generatedEntity struct {
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Label string `json:"label"`
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
func (s *Server) generate(ctx context.Context, snap *analysis.Snapshot, t previewTarget) (generatedResult, error) {
	if t.URI == "" && t.TextDocument != nil {
		t.URI = t.TextDocument.URI
	}
	q := ide.GeneratedQuery{Name: t.Name, Generator: t.Generator, WholeFile: t.WholeFile, Runs: &s.generations}
	if t.Generator == "" {
		switch t.Kind {
		case "", kindRewriter:
			q.Generator = ide.ViewRewriter
			if t.Name == "" && t.Position == nil {
				return generatedResult{}, jsonrpc2.NewError(jsonrpc2.InvalidParams, "a rewriter preview needs a position or a name")
			}
		case kindRewritersFile:
			q.Generator, q.WholeFile = ide.ViewRewriter, true
		default:
			return generatedResult{}, jsonrpc2.NewError(jsonrpc2.InvalidParams, "kind must be \"rewriter\" or \"rewriters-file\", not "+t.Kind)
		}
	} else if t.Name == "" && t.Position == nil {
		q.WholeFile = true
	}
	v, err := view(ctx, snap, t.URI)
	if err != nil {
		return generatedResult{}, err
	}
	if v == nil {
		return generatedResult{}, jsonrpc2.NewError(jsonrpc2.InvalidParams, "cannot analyse "+string(t.URI))
	}
	s.mu.Lock()
	st := s.settings
	s.mu.Unlock()
	q.Engine, q.MLIRTblgen = st.Preview.Engine, st.MLIRTblgen
	if t.Position != nil {
		q.Pos = v.Pos(offsetOf(v.File, *t.Position))
	}
	g, err := ide.GeneratedCode(ctx, snap, v, q)
	if g.NotRun != nil {
		s.tellUntrusted(ctx, g.NotRun)
	}
	if err != nil {
		if ctx.Err() != nil {
			return generatedResult{}, ctx.Err()
		}
		return generatedResult{}, jsonrpc2.NewError(jsonrpc2.InvalidRequest, err.Error())
	}
	r := generatedResult{Generated: g.Generated, Generator: g.Generator}
	if g.Entity.Name != "" {
		r.Entity = &generatedEntity{Kind: g.Entity.Kind, Name: g.Entity.Name, Label: g.Entity.Label}
	}
	return r, nil
}
