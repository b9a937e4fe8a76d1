package lsp

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"time"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/tablegen"
)

// indexToken is the $/progress token of the background index.
const indexToken = "tdls/index"

// indexDelay is how long the index build waits for the client to open
// the files it opens with the session.
const indexDelay = 100 * time.Millisecond

// startIndex (re)builds the workspace index in the background, cancelling
// a build in progress, and reports progress when the client supports it.
func (s *Server) startIndex() {
	s.mu.Lock()
	if s.indexCancel != nil {
		s.indexCancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.indexCancel = cancel
	progress := s.clientCaps.Window != nil && s.clientCaps.Window.WorkDoneProgress
	checker := s.checker
	s.mu.Unlock()
	go func() {
		// The files a client opens with the session come right after
		// initialized: the build lets them be opened, and waits for their
		// check. It does not index an open file (its buffer's unit answers
		// for it), and parsing one while it was opened added a second
		// parse to the memory of the check.
		for wait := indexDelay; ; wait = indexDelay / 4 {
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			if !checker.Busy() {
				break
			}
		}
		snap := s.ws.Snapshot()
		if progress {
			if err := s.callClient(ctx, "window/workDoneProgress/create", map[string]any{"token": indexToken}, nil); err != nil {
				progress = false
			}
		}
		report := func(kind string, msg string, pct int) {
			if progress {
				v := map[string]any{"kind": kind, "message": msg}
				if kind == "begin" {
					v["title"] = "Indexing .td files"
				}
				if kind != "end" {
					v["percentage"] = pct
				}
				s.notifyClient(ctx, "$/progress", map[string]any{"token": indexToken, "value": v})
			}
		}
		report("begin", "", 0)
		t0 := time.Now()
		last := time.Time{}
		workers := max(1, runtime.GOMAXPROCS(0)/2)
		err := s.ws.Index().Build(ctx, snap, workers, func(done, total int) {
			if time.Since(last) > 100*time.Millisecond || done == total {
				last = time.Now()
				report("report", fmt.Sprintf("%d/%d files", done, total), done*100/max(total, 1))
			}
		})
		if err != nil {
			report("end", "cancelled", 0)
			return
		}
		n := s.ws.Index().Files()
		report("end", fmt.Sprintf("%d files indexed", n), 100)
		// The build parsed every file of the workspace and kept only their
		// declarations and occurrences: after a large one, give the rest
		// back to the system now, or an idle server looks as large as the
		// build was.
		if s.ws.Index().Parsed() > 1<<20 {
			debug.FreeOSMemory()
		}
		s.publishSkipped(ctx, s.ws.Index().Skipped())
		// The C++ index is built next (if no request has started it), so
		// that the two builds do not share the cores.
		s.ws.CppIndex()
		s.log.Info("workspace indexed", intField("files", n), durationField("took", time.Since(t0)))
		// What the opens and the index's evaluations freed is given back
		// once the server is idle, as after edits: a server measured
		// after opening holds what it keeps, not the build's garbage.
		s.release.worked()
	}()
}

// publishSkipped shows on each workspace file the index did not read why
// (a named pipe, a device, a file past the size limit), and clears what it
// showed on files that are read again.
func (s *Server) publishSkipped(ctx context.Context, skipped []analysis.SkippedFile) {
	snap := s.ws.Snapshot()
	now := map[string]bool{}
	for _, f := range skipped {
		if snap.Overlay(f.Path) != nil {
			continue // its check says more
		}
		now[f.Path] = true
		diags := []protocol.Diagnostic{}
		for _, d := range snap.Report(f.Path, tablegen.Diagnostics{{Severity: tablegen.SeverityWarning,
			Code: "file-not-indexed", Message: "not indexed: " + f.Err.Error()}}) {
			diags = append(diags, protocol.Diagnostic{Severity: severity(d.Severity), Code: d.Code, Source: "tdls", Message: d.Message})
		}
		s.notifyClient(ctx, "textDocument/publishDiagnostics", protocol.PublishDiagnosticsParams{
			URI: uriOf(f.Path), Diagnostics: diags,
		})
	}
	s.mu.Lock()
	prev := s.skippedShown
	s.skippedShown = now
	s.mu.Unlock()
	for p := range prev {
		if !now[p] && snap.Overlay(p) == nil {
			s.notifyClient(ctx, "textDocument/publishDiagnostics", protocol.PublishDiagnosticsParams{URI: uriOf(p), Diagnostics: []protocol.Diagnostic{}})
		}
	}
}

// reindex updates the index entry of a saved file from its unit.
func (s *Server) reindex(path string) {
	snap := s.ws.Snapshot()
	if u, err := snap.UnitFor(context.Background(), path); err == nil {
		s.ws.Index().Update(u, path)
	}
}
