package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"tdls/analysis"
)

// view returns the document as seen in its unit in snap, or nil when it
// cannot be analysed (not a file URI, unreadable), answering its C++
// questions from the workspace's C++ index once the server has started
// it (lsp/index.go).
func view(ctx context.Context, snap *analysis.Snapshot, u protocol.DocumentURI) (*analysis.FileView, error) {
	path, err := pathOf(u)
	if err != nil {
		return nil, err
	}
	unit, err := snap.UnitFor(ctx, path)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, nil
	}
	v := unit.View(path)
	if v == nil {
		return nil, nil
	}
	return v.WithCpp(snap.CppIndex()), nil
}
