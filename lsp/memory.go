package lsp

import (
	"context"
	"encoding/json"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"

	"tdls/analysis"
)

// releaseAfter is how long the server waits, once it has nothing left to
// do after edits or an index build, before it gives the memory its collector freed back to
// the system.
//
// An evaluation allocates several times the heap it leaves behind, and Go
// keeps what it freed for the next one: after a burst of edits an idle
// server would hold more than twice the memory it needs, for good (the
// runtime returns only what lies above its next collection goal, which is
// set from the burst). The release costs one collection while the server
// is idle; the first edit after it takes its pages from the system again,
// which is cheap beside an evaluation (bench/lsplatency measures edits
// made further apart than this).
const releaseAfter = time.Second

// releaseSlack is how much more than the live heap the runtime must hold
// before a release is worth its collection.
const releaseSlack = 32 << 20

func init() { handle("tdls/memoryUsage", memoryUsage) }

// memoryUsage answers tdls/memoryUsage (the name follows rust-analyzer's
// rust-analyzer/memoryUsage) with the runtime's figures, so that a tool
// can tell the heap the server keeps from the memory the collector has
// freed but the process still holds.
func memoryUsage(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	return readMemoryStats(), nil
}

// memoryStats are the runtime's memory figures, in bytes.
type memoryStats struct {
	// HeapLive is the heap the last collection found reachable.
	HeapLive uint64 `json:"heapLive"`
	// HeapObjects is the memory of the heap's objects now: the live ones
	// and those dead since the last collection.
	HeapObjects uint64 `json:"heapObjects"`
	// HeapFree is heap memory the collector freed that the process still
	// holds; HeapReleased is what it has given back to the system.
	HeapFree     uint64 `json:"heapFree"`
	HeapReleased uint64 `json:"heapReleased"`
	// HeapUnused is heap memory in spans that hold objects but is not
	// itself an object: the fragmentation of the heap.
	HeapUnused uint64 `json:"heapUnused"`
	// Stacks is the goroutines' stacks; Metadata the runtime's own
	// structures (span descriptors, the collector's bitmaps).
	Stacks   uint64 `json:"stacks"`
	Metadata uint64 `json:"metadata"`
	// Total is everything the runtime holds from the system (heap, stacks,
	// its own structures), not counting what it released.
	Total uint64 `json:"total"`
	// Collections is the number of completed collections.
	Collections uint64 `json:"collections"`
}

func readMemoryStats() memoryStats {
	samples := []metrics.Sample{
		{Name: "/gc/heap/live:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
		{Name: "/memory/classes/total:bytes"},
		{Name: "/gc/cycles/total:gc-cycles"},
		{Name: "/memory/classes/heap/unused:bytes"},
		{Name: "/memory/classes/heap/stacks:bytes"},
		{Name: "/memory/classes/os-stacks:bytes"},
		{Name: "/memory/classes/metadata/mspan/inuse:bytes"},
		{Name: "/memory/classes/metadata/mspan/free:bytes"},
		{Name: "/memory/classes/metadata/mcache/inuse:bytes"},
		{Name: "/memory/classes/metadata/mcache/free:bytes"},
		{Name: "/memory/classes/metadata/other:bytes"},
	}
	metrics.Read(samples)
	v := func(i int) uint64 {
		if samples[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return samples[i].Value.Uint64()
	}
	return memoryStats{
		HeapLive: v(0), HeapObjects: v(1), HeapFree: v(2), HeapReleased: v(3),
		Total: v(4) - v(3), Collections: v(5),
		HeapUnused: v(6), Stacks: v(7) + v(8), Metadata: v(9) + v(10) + v(11) + v(12) + v(13),
	}
}

// idleRelease calls release once the server has been idle for after since
// the last publish or index build: after a burst of edits, not between the
// keystrokes of one.
type idleRelease struct {
	after   time.Duration
	busy    func() bool // a check in progress, which publishes when done
	release func()

	mu    sync.Mutex
	timer *time.Timer
}

// worked restarts the wait: the server has just done something.
func (r *idleRelease) worked() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.timer == nil {
		r.timer = time.AfterFunc(r.after, r.fire)
		return
	}
	r.timer.Reset(r.after)
}

// stop cancels a pending release.
func (r *idleRelease) stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.timer != nil {
		r.timer.Stop()
	}
}

func (r *idleRelease) fire() {
	if r.busy() {
		return // its publish restarts the wait
	}
	r.release()
}

// releaseMemory gives the memory the collector freed back to the system,
// when there is enough of it to be worth a collection.
func (s *Server) releaseMemory() {
	m := readMemoryStats()
	if m.HeapObjects+m.HeapFree < m.HeapLive+releaseSlack {
		return
	}
	t0 := time.Now()
	debug.FreeOSMemory()
	after := readMemoryStats()
	s.log.Debug("memory released while idle",
		uint64Field("heldBefore", m.Total), uint64Field("heldAfter", after.Total),
		uint64Field("heapLive", after.HeapLive), durationField("took", time.Since(t0)))
}
