package lsp

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"go.uber.org/zap"
)

// indexToken is the $/progress token of the background index.
const indexToken = "tdls/index"

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
	s.mu.Unlock()
	snap := s.ws.Snapshot()
	go func() {
		if progress {
			if _, err := s.conn.Call(ctx, "window/workDoneProgress/create", map[string]any{"token": indexToken}, nil); err != nil {
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
		s.log.Info("workspace indexed", zap.Int("files", n), zap.Duration("took", time.Since(t0)))
	}()
}

// reindex updates the index entry of a saved file from its unit.
func (s *Server) reindex(path string) {
	snap := s.ws.Snapshot()
	if u, err := snap.UnitFor(context.Background(), path); err == nil {
		s.ws.Index().Update(u, path)
	}
}
