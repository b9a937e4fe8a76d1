package lsp

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// The server reports the runtime's figures, consistent with one another.
func TestMemoryUsage(t *testing.T) {
	s := start(t, map[string]string{"a.td": "def A;\n"}, Options{}, nil, nil)
	s.open("a.td")
	runtime.GC() // the server runs in this process: its heap is counted
	var m memoryStats
	if err := s.call("tdls/memoryUsage", nil, &m); err != nil {
		t.Fatal(err)
	}
	if m.HeapLive == 0 || m.HeapObjects == 0 || m.Total < m.HeapObjects+m.HeapFree+m.HeapUnused+m.Stacks+m.Metadata ||
		m.Stacks == 0 || m.Metadata == 0 || m.Collections == 0 {
		t.Errorf("implausible figures: %+v", m)
	}
}

// The release comes once the server has been idle for the whole wait:
// not while work goes on, not between edits that come closer together.
func TestIdleReleaseWaitsForQuiet(t *testing.T) {
	var busy atomic.Bool
	var released atomic.Int32
	r := &idleRelease{after: 50 * time.Millisecond, busy: busy.Load, release: func() { released.Add(1) }}
	defer r.stop()
	for i := 0; i < 10; i++ {
		r.worked()
		time.Sleep(10 * time.Millisecond)
	}
	if n := released.Load(); n != 0 {
		t.Fatalf("released %d times during a burst of work", n)
	}
	time.Sleep(150 * time.Millisecond)
	if n := released.Load(); n != 1 {
		t.Fatalf("released %d times once idle, want 1", n)
	}
	busy.Store(true)
	r.worked()
	time.Sleep(150 * time.Millisecond)
	if n := released.Load(); n != 1 {
		t.Errorf("released while a check was in progress")
	}
}
