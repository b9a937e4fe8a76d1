package analysis

import (
	"context"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// FileDiagnostics is the full set of diagnostics of one file at a snapshot.
type FileDiagnostics struct {
	Path        string
	Version     int32 // of the open buffer, 0 when the file is not open
	Diagnostics []Diagnostic
	Snapshot    *Snapshot
}

// Checker re-checks open files in the background after each change and
// hands their diagnostics to publish. A newer change cancels the work of an
// older one; files not yet published carry over to the next round.
type Checker struct {
	w       *Workspace
	publish func(FileDiagnostics)

	mu      sync.Mutex
	cancel  context.CancelFunc
	done    chan struct{}
	pending map[string]bool
	// units is, for each open file, the root and include closure of the
	// last unit it was checked in: only what Changed reads, not the unit,
	// whose syntax and tokens (a GB for a 50 MB file) would outlive the
	// version while the next is built.
	units     map[string]checkedUnit
	published map[string]map[string]bool // open file -> closed files it published for
	// evalShown holds, for each open file, the evaluation diagnostics last
	// published for it and the text they were found in. Until the
	// evaluation of an edit is done they are shown again, moved with the
	// text, so that they do not blink off and on at every keystroke.
	evalShown map[string]shownEvaluation

	// pubMu orders the evaluation phase's publishes with cancellation: a
	// round cancelled under pubMu publishes nothing more.
	pubMu sync.Mutex
	// evals counts the rounds and their evaluation phases in progress,
	// for Wait.
	evals sync.WaitGroup
	// evaluating counts the evaluation phases in progress, for Busy.
	evaluating atomic.Int32
	stopped    bool // by Stop: changes are no longer checked
	// queued is the newest round, which holds its snapshot until it
	// starts.
	queued *queuedRound
	// projects are the project configurations of the last round: when a
	// snapshot reads them anew (a .tdls.yaml changed), every open file is
	// checked again.
	projects *projectSet
	// buildCost is, for each open file, how long its unit took to build in
	// the last round that built it: the wait before the next round (see
	// settleDelay).
	buildCost map[string]time.Duration
}

// settleDelay is how long a round waits, after the change that started
// it, before building anything: an eighth of what the changed files'
// units last took to build, at most maxSettleDelay. A file that builds in
// milliseconds is checked at once; a 50 MB file, whose every version
// takes seconds to lex and parse, is built once for a burst of keystrokes
// rather than once per keystroke, each build cancelled by the next
// keystroke after its lexing was paid for. The next change cancels the
// wait as it cancels a round. A wait shorter than minSettleDelay (a
// build under 2 ms) is not made: the runtime's timers round it up to about
// a millisecond, more than half the build it would save (ArithOps.td's
// edit waited 0.8 ms of its 2.5 ms to the first publish). Larger files
// keep it: without it, MLIR's largest four edited a thousand times peaked
// 40 MB higher.
func settleDelay(costs []time.Duration) time.Duration {
	var d time.Duration
	for _, c := range costs {
		d = max(d, c/8)
	}
	if d < minSettleDelay {
		return 0
	}
	return min(d, maxSettleDelay)
}

const (
	minSettleDelay = 250 * time.Microsecond
	maxSettleDelay = 500 * time.Millisecond
)

// NewChecker starts checking w's open files; publish is called from a
// background goroutine, one file at a time.
func NewChecker(w *Workspace, publish func(FileDiagnostics)) *Checker {
	return &Checker{w: w, publish: publish, pending: map[string]bool{}, units: map[string]checkedUnit{},
		published: map[string]map[string]bool{}, evalShown: map[string]shownEvaluation{}, buildCost: map[string]time.Duration{}}
}

// Changed schedules a re-check of every open file that the change of paths
// can affect (all of them when paths is nil), in snapshot snap.
func (c *Checker) Changed(snap *Snapshot, paths []string) {
	c.pubMu.Lock() // before mu, as the evaluation phase takes them
	c.mu.Lock()
	if c.stopped {
		c.mu.Unlock()
		c.pubMu.Unlock()
		return
	}
	if c.projects != nil && snap.projects != c.projects {
		paths = nil
	}
	c.projects = snap.projects
	open := snap.OpenFiles()
	sort.Strings(open)
	changed := map[string]bool{}
	for _, p := range paths {
		changed[p] = true
	}
	var first []string
	for _, f := range open {
		switch {
		case paths == nil:
			c.pending[f] = true
		case changed[f]:
			c.pending[f] = true
			first = append(first, f)
		default:
			// Also when the change gave it another context: a buffer that
			// now includes it, or no longer does.
			if u, ok := c.units[f]; !ok || u.touches(changed) || snap.ContextRoot(f) != u.root {
				c.pending[f] = true
			}
		}
	}
	for f := range c.pending {
		if snap.Overlay(f) == nil {
			delete(c.pending, f)
		}
	}
	for f := range c.units {
		if snap.Overlay(f) == nil {
			delete(c.units, f)
		}
	}
	if c.cancel != nil {
		c.cancel()
	}
	c.pubMu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	prevDone := c.done
	done := make(chan struct{})
	c.cancel, c.done = cancel, done
	// A round waiting for the one before it to end lets go of its
	// snapshot when the next change supersedes it: twenty quick edits of
	// a 50 MB file queue twenty rounds, each holding a whole text.
	r := &queuedRound{snap: snap}
	if c.queued != nil {
		c.queued.snap = nil
	}
	c.queued = r
	var costs []time.Duration
	for _, f := range first {
		costs = append(costs, c.buildCost[f])
	}
	settle := settleDelay(costs)
	order := append([]string(nil), first...)
	for f := range c.pending {
		if !changed[f] {
			order = append(order, f)
		}
	}
	sort.Strings(order[len(first):])
	c.mu.Unlock()
	// The round counts in evals from here until run returns, and its
	// evaluation from before that until it ends: a round started by the
	// end of another (revalidateDisk) is counted before that one stops
	// counting, so Wait never sees the count fall to zero between them.
	c.evals.Add(1)
	go func() {
		defer close(done)
		defer c.evals.Done()
		if prevDone != nil {
			<-prevDone
		}
		if settle > 0 {
			select {
			case <-ctx.Done():
			case <-time.After(settle):
			}
		}
		c.mu.Lock()
		snap := r.snap
		r.snap = nil
		c.mu.Unlock()
		if snap == nil {
			return // superseded before it started
		}
		c.run(ctx, snap, order)
	}()
}

// queuedRound is the snapshot of a round until it starts.
type queuedRound struct{ snap *Snapshot }

// Stop cancels the round in progress, its evaluation included, and ignores
// later changes: the session is over.
func (c *Checker) Stop() {
	c.pubMu.Lock()
	c.mu.Lock()
	c.stopped = true
	if c.cancel != nil {
		c.cancel()
	}
	c.mu.Unlock()
	c.pubMu.Unlock()
}

// Closed forgets an open file; it returns the closed files whose
// diagnostics were published on its behalf, to be cleared.
func (c *Checker) Closed(path string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.pending, path)
	delete(c.units, path)
	delete(c.evalShown, path)
	delete(c.buildCost, path)
	var out []string
	for p := range c.published[path] {
		out = append(out, p)
	}
	delete(c.published, path)
	return out
}

// Wait blocks until the checker is idle: the current round is done,
// evaluation included, and no other started meanwhile (a change applied in
// the background, such as settings pulled from the client, starts one that
// cancels the round waited for). For tests and shutdown.
func (c *Checker) Wait() {
	for {
		c.mu.Lock()
		d := c.done
		c.mu.Unlock()
		if d != nil {
			<-d
		}
		c.evals.Wait()
		c.mu.Lock()
		idle := c.done == d
		c.mu.Unlock()
		if idle {
			return
		}
	}
}

// Busy reports whether a round or its evaluation is in progress; unlike
// Wait, it does not block.
func (c *Checker) Busy() bool {
	c.mu.Lock()
	d := c.done
	c.mu.Unlock()
	if d != nil {
		select {
		case <-d:
		default:
			return true
		}
	}
	return c.evaluating.Load() > 0
}

// run publishes the syntax diagnostics of each file, then evaluates the
// units in the background and publishes again with the evaluator's
// diagnostics added. The evaluation phase does not hold up the next round:
// when superseded, its results are dropped.
func (c *Checker) run(ctx context.Context, snap *Snapshot, order []string) {
	type checked struct {
		path string
		u    *Unit
	}
	var toEval []checked
	for _, f := range order {
		if ctx.Err() != nil {
			return
		}
		t0 := time.Now()
		u, err := snap.UnitFor(ctx, f)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			c.finish(ctx, f, nil, 0)
			c.publish(FileDiagnostics{Path: f, Version: versionOf(snap, f), Snapshot: snap})
			continue
		}
		if !c.finish(ctx, f, u, time.Since(t0)) {
			return
		}
		evaluated := u.EvaluatedIfReady() != nil
		c.publishUnit(snap, f, u, evaluated)
		if !evaluated {
			toEval = append(toEval, checked{f, u})
		}
	}
	if len(toEval) == 0 {
		c.revalidateDisk()
		return
	}
	c.evals.Add(1)
	c.evaluating.Add(1)
	go func() {
		defer c.evals.Done()
		defer c.evaluating.Add(-1)
		defer c.revalidateDisk() // first: the round it starts is counted before this one ends
		for _, x := range toEval {
			// What the edit changed first, then all of it: a mistake in the
			// statement being typed shows without waiting for the rest of
			// the file to be evaluated again.
			if ed, ok := x.u.evaluateEdited(ctx); ok {
				c.pubMu.Lock()
				if ctx.Err() == nil {
					c.publishEdited(snap, x.path, x.u, ed)
				}
				c.pubMu.Unlock()
			}
			if _, err := x.u.Evaluated(ctx); err != nil {
				return
			}
			c.pubMu.Lock()
			if ctx.Err() == nil {
				c.publishUnit(snap, x.path, x.u, true)
			}
			c.pubMu.Unlock()
			if ctx.Err() != nil {
				return
			}
		}
	}()
}

// revalidateDisk checks on disk, once a round has published (at the end of
// its evaluation, also when a newer round cancelled it), the files its
// units took from the workspace's cache without a stat
// (Workspace.RevalidateDisk), and checks again what changed there, as
// after a watched-file event.
func (c *Checker) revalidateDisk() {
	if snap, paths := c.w.RevalidateDisk(); snap != nil {
		c.Changed(snap, paths)
	}
}

// publishEdited publishes f's diagnostics with what the evaluator found in
// the statements an edit changed (ed): the evaluation diagnostics of before
// stay elsewhere, moved with the text, until the evaluation of the whole
// unit replaces them.
func (c *Checker) publishEdited(snap *Snapshot, f string, u *Unit, ed editedStatements) {
	root := u.Files[u.Root]
	c.mu.Lock()
	shown := c.evalShown[f]
	c.mu.Unlock()
	diags := u.Diagnostics(f)
	for _, d := range shown.movedTo(u.Files[f]) {
		if d.File != root || d.Range.End < ed.span.Start || d.Range.Start > ed.span.End {
			diags = append(diags, d)
		}
	}
	diags = append(diags, u.editedDiagnostics(f, ed)...)
	c.publish(FileDiagnostics{Path: f, Version: versionOf(snap, f), Diagnostics: diags, Snapshot: snap})
}

// publishUnit publishes f's diagnostics from its unit u, and those of the
// closed files of u that have problems; withEval adds the evaluator's.
func (c *Checker) publishUnit(snap *Snapshot, f string, u *Unit, withEval bool) {
	diags := u.Diagnostics(f)
	if !withEval {
		// The syntax publish of an edit: f's evaluation diagnostics of before
		// stay until the evaluation publish replaces them; closed files keep
		// what they show.
		c.mu.Lock()
		shown := c.evalShown[f]
		c.mu.Unlock()
		diags = append(diags, shown.movedTo(u.Files[f])...)
		c.publish(FileDiagnostics{Path: f, Version: versionOf(snap, f), Diagnostics: diags, Snapshot: snap})
		return
	}
	evalDiags := u.EvaluationDiagnostics(f)
	diags = append(diags, evalDiags...)
	c.mu.Lock()
	if _, open := c.units[f]; open {
		c.evalShown[f] = shownEvaluation{file: u.Files[f], diags: evalDiags}
	}
	c.mu.Unlock()
	// Problems inside closed included files are shown there too.
	others := map[string][]Diagnostic{}
	files := u.FilesWithErrors()
	if withEval {
		files = append(files, u.FilesWithEvaluationErrors()...)
	}
	for _, p := range files {
		if snap.Overlay(p) == nil && p != f && others[p] == nil {
			others[p] = u.Diagnostics(p)
			if withEval {
				others[p] = append(others[p], u.EvaluationDiagnostics(p)...)
			}
		}
	}
	c.publish(FileDiagnostics{Path: f, Version: versionOf(snap, f), Diagnostics: diags, Snapshot: snap})
	c.mu.Lock()
	prev := c.published[f]
	now := map[string]bool{}
	for p := range others {
		now[p] = true
	}
	c.published[f] = now
	c.mu.Unlock()
	for p, ds := range others {
		c.publish(FileDiagnostics{Path: p, Diagnostics: ds, Snapshot: snap})
	}
	for p := range prev {
		if !now[p] && snap.Overlay(p) == nil {
			c.publish(FileDiagnostics{Path: p, Snapshot: snap})
		}
	}
}

// finish records a checked file unless the round was cancelled meanwhile;
// the time its unit took to build (cost) is recorded either way.
func (c *Checker) finish(ctx context.Context, f string, u *Unit, cost time.Duration) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if u != nil {
		c.buildCost[f] = cost
	}
	if ctx.Err() != nil {
		return false
	}
	delete(c.pending, f)
	if u != nil {
		c.units[f] = checkedOf(u)
	}
	return true
}

// checkedUnit is what the checker keeps of the last unit a file was
// checked in.
type checkedUnit struct {
	root  string
	files map[string]bool // the closure's paths
}

func checkedOf(u *Unit) checkedUnit {
	files := make(map[string]bool, len(u.Files))
	for p := range u.Files {
		files[p] = true
	}
	return checkedUnit{root: u.Root, files: files}
}

// touches reports whether a change of the paths in changed can affect the
// unit.
func (c checkedUnit) touches(changed map[string]bool) bool {
	for p := range changed {
		if c.files[filepath.Clean(p)] || c.root == p {
			return true
		}
	}
	return false
}

func versionOf(s *Snapshot, path string) int32 {
	if o := s.Overlay(path); o != nil {
		return o.Version
	}
	return 0
}
