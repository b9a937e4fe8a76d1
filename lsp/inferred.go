package lsp

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"tdls/analysis"
)

// writeProjectConfigCommand writes the include directories inferred for
// each workspace folder (analysis/infer.go) to its .tdls.yaml, as `tdls
// init` does; a folder that has one keeps it.
const writeProjectConfigCommand = "tdls.writeProjectConfig"

// includeDirInferred hears of each include directory the workspace infers:
// logged, and the first shown once to the user with how to pin it.
func (s *Server) includeDirInferred(d analysis.InferredDir) {
	s.log.Info("include directory inferred", stringField("dir", d.Dir), stringField("include", d.Include),
		stringField("from", d.From), stringField("why", d.Why))
	s.mu.Lock()
	shown := s.inferredShown
	s.inferredShown = true
	folders := append([]string(nil), s.folders...)
	s.mu.Unlock()
	if shown {
		return
	}
	msg := fmt.Sprintf("tdls: include directories inferred: %s (%s; nothing configures them). "+
		"Run \"tdls: Write .tdls.yaml\" (%s) or `tdls init` to pin them.", relativeTo(folders, d.Dir), d.Why, writeProjectConfigCommand)
	// Heard while a unit is assembled: the write to the client is not
	// waited for there.
	go s.notifyClient(context.Background(), "window/showMessage", protocol.ShowMessageParams{Type: protocol.MessageTypeInfo, Message: msg})
}

// relativeTo names dir relative to the workspace folder it is in.
func relativeTo(folders []string, dir string) string {
	for _, f := range folders {
		if r, err := filepath.Rel(f, dir); err == nil && !strings.HasPrefix(r, "..") {
			return "`" + r + "/`"
		}
	}
	return "`" + dir + "`"
}

// writeProjectConfig runs writeProjectConfigCommand: the paths written.
func (s *Server) writeProjectConfig(ctx context.Context) (any, error) {
	s.mu.Lock()
	folders := append([]string(nil), s.folders...)
	s.mu.Unlock()
	var written []string
	var problems []string
	snap := s.ws.Snapshot()
	for _, f := range folders {
		if !snap.Infers(filepath.Join(f, "root.td")) {
			continue // configured: nothing to pin
		}
		dirs := analysis.InferProjectDirs(analysis.NewIncludeCatalog(ctx, []string{f}))
		if len(dirs) == 0 {
			continue
		}
		path, err := analysis.WriteProjectConfig(f, dirs)
		switch {
		case errors.Is(err, fs.ErrExist):
			problems = append(problems, path+" exists (kept)")
		case err != nil:
			return nil, jsonrpc2.NewError(jsonrpc2.InternalError, err.Error())
		default:
			written = append(written, path)
		}
	}
	if len(written) > 0 {
		snap := s.ws.FilesChanged(written, true)
		s.checker.Changed(snap, nil)
		s.notifyClient(ctx, "window/showMessage", protocol.ShowMessageParams{Type: protocol.MessageTypeInfo,
			Message: "tdls: wrote " + strings.Join(written, ", ")})
	} else if len(problems) > 0 {
		s.notifyClient(ctx, "window/showMessage", protocol.ShowMessageParams{Type: protocol.MessageTypeWarning,
			Message: "tdls: " + strings.Join(problems, "; ")})
	}
	return map[string]any{"written": written}, nil
}

// writeProjectConfigAction is the source action offering the command in a
// file whose include directories were inferred.
func writeProjectConfigAction(snap *analysis.Snapshot, path string, ws *analysis.Workspace) (protocol.CodeAction, bool) {
	if !snap.Infers(path) || len(ws.InferredDirs()) == 0 {
		return protocol.CodeAction{}, false
	}
	return protocol.CodeAction{
		Title:   "Write the inferred include directories to .tdls.yaml",
		Kind:    protocol.Source,
		Command: &protocol.Command{Title: "Write .tdls.yaml", Command: writeProjectConfigCommand},
	}, true
}

// reportVendoredMLIR tells the user, once, that the workspace's own
// llvm-project gives the MLIR its roots are analysed with.
func (s *Server) reportVendoredMLIR(ctx context.Context) {
	snap := s.ws.Snapshot()
	dir, release := snap.VendoredMLIR()
	if dir == "" || len(snap.Config().Folders) == 0 || !snap.Infers(filepath.Join(snap.Config().Folders[0], "root.td")) {
		return
	}
	msg := "tdls: using the MLIR this workspace vendors: " + relativeTo(snap.Config().Folders, dir)
	if release != "" {
		msg += " (LLVM " + release + ")"
	}
	s.log.Info("vendored MLIR", stringField("dir", dir), stringField("release", release))
	s.notifyClient(ctx, "window/showMessage", protocol.ShowMessageParams{Type: protocol.MessageTypeInfo, Message: msg})
}
