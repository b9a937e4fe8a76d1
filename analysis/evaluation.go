package analysis

import (
	"context"
	"encoding/binary"
	"hash/maphash"
	"sort"
	"sync"
	"time"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// evaluation is the evaluator's result for one unit, computed once and
// shared by every snapshot holding the unit.
//
// An evaluation runs only while someone waits for it, and in its root's
// turn (evalCaches.turn): at most one evaluation of a root is in progress
// at a time, beside the result shown. Typing fast makes a snapshot per
// keystroke, and each round of the checker, cancelled by the next, used to
// leave its evaluation running with its unit's syntax and records: twenty
// quick edits of a 50 MB file held twenty versions at once. Now an
// evaluation whose waiters all left before its turn came is not started
// (the next caller starts it again), so the versions typed past are
// released as soon as nothing shows them; and one whose waiters all leave
// while it runs stops at its next checkpoint.
type evaluation struct {
	mu      sync.Mutex
	started bool // queued for its turn or running
	waiters int  // callers waiting, whose contexts have not ended
	done    chan struct{}
	res     *eval.Result
}

// Evaluated returns the records of the unit, evaluating it on first use.
// A cancelled caller stops waiting (nil, ctx.Err()); once no caller waits,
// the evaluation stops at the next checkpoint, which the next caller
// continues from.
func (u *Unit) Evaluated(ctx context.Context) (*eval.Result, error) {
	ev := u.evaluation()
	select {
	case <-ev.done:
		return ev.res, nil
	default:
	}
	ev.mu.Lock()
	ev.waiters++
	if !ev.started {
		ev.started = true
		go u.runEvaluation(ev)
	}
	ev.mu.Unlock()
	select {
	case <-ev.done:
		return ev.res, nil
	case <-ctx.Done():
		ev.mu.Lock()
		ev.waiters--
		ev.mu.Unlock()
		return nil, ctx.Err()
	}
}

// runEvaluation evaluates u in its root's turn, unless no one waits for it
// any more when the turn comes.
func (u *Unit) runEvaluation(ev *evaluation) {
	release, _ := u.caches.turn(context.Background(), u.Root)
	defer release()
	if ev.abandoned() {
		return
	}
	start := time.Now()
	res, ok := u.evaluate(ev.abandoned)
	if !ok {
		return
	}
	u.caches.ran(u.Root, time.Since(start))
	ev.res = res
	close(ev.done)
}

// abandoned reports whether no caller waits for ev any more, and then
// marks it not started, in the same step, so that the next caller starts
// it again: an evaluation runs only while someone waits for it, and stops
// between spans of statements once no one does (the next edit cancelled
// the checker's round), letting go of its version.
func (ev *evaluation) abandoned() bool {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if ev.waiters == 0 {
		ev.started = false
		return true
	}
	return false
}

// ran notes that an evaluation of root ran for d.
func (c *evalCaches) ran(root string, d time.Duration) {
	if c == nil {
		return
	}
	c.turnsMu.Lock()
	defer c.turnsMu.Unlock()
	if c.took == nil {
		c.took = map[string]time.Duration{}
	}
	c.took[root] = d
}

// LastEvaluationTook is how long the last evaluation of the unit's root
// ran (in this workspace), 0 before the first.
func (u *Unit) LastEvaluationTook() time.Duration {
	if u.caches == nil {
		return 0
	}
	u.caches.turnsMu.Lock()
	defer u.caches.turnsMu.Unlock()
	return u.caches.took[u.Root]
}

// EvaluatedIfReady returns the records when the evaluation has finished.
func (u *Unit) EvaluatedIfReady() *eval.Result {
	ev := u.evaluation()
	select {
	case <-ev.done:
		return ev.res
	default:
		return nil
	}
}

func (u *Unit) evaluation() *evaluation {
	u.evalMu.Lock()
	defer u.evalMu.Unlock()
	if u.eval == nil {
		u.eval = &evaluation{done: make(chan struct{})}
		if res, ok := u.cachedResult(); ok {
			u.eval.res = res
			u.eval.started = true
			close(u.eval.done)
		}
	}
	return u.eval
}

// evaluate evaluates u, asking stop between spans of statements of a
// resumable evaluation; ok is false when stop ended it.
func (u *Unit) evaluate(stop func() bool) (res *eval.Result, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			ok = true
			// A bug in the evaluator costs the unit its records, not the
			// server.
			res = &eval.Result{Set: u.TG.Set, Diagnostics: tablegen.Diagnostics{{
				Range: tablegen.Range{Start: u.TG.Root.Pos(0), End: u.TG.Root.Pos(0)}, Severity: tablegen.SeverityError,
				Code: "eval-internal", Message: "internal error while evaluating this file; navigation falls back to syntax",
			}}}
		}
	}()
	if u.contentKey == 0 {
		return eval.Evaluate(u.TG, eval.Options{}), true
	}
	res, ok = u.caches.resume.evaluateResumable(u, stop)
	if !ok {
		return nil, false
	}
	u.caches.results.add(u.contentKey, res)
	u.caches.turnsMu.Lock()
	if u.caches.lastResult == nil {
		u.caches.lastResult = map[string]uint64{}
	}
	u.caches.lastResult[u.Root] = u.contentKey
	u.caches.turnsMu.Unlock()
	return res, true
}

// cachedResult is the evaluation of a unit of the same content, if one is
// kept.
func (u *Unit) cachedResult() (*eval.Result, bool) {
	if u.contentKey == 0 {
		return nil, false
	}
	return u.caches.results.get(u.contentKey)
}

// EvaluationDiagnostics returns the evaluator's diagnostics to show in path,
// placed as Diagnostics places syntax errors; nil until evaluated.
func (u *Unit) EvaluationDiagnostics(path string) []Diagnostic {
	return u.DiagnosticsIn(path, u.evaluationDiagnostics())
}

// FilesWithEvaluationErrors lists the files other than the root with
// evaluation diagnostics.
func (u *Unit) FilesWithEvaluationErrors() []string {
	return u.filesWithErrors(u.evaluationDiagnostics())
}

func (u *Unit) evaluationDiagnostics() tablegen.Diagnostics {
	res := u.EvaluatedIfReady()
	if res == nil {
		return nil
	}
	m := u.modelsOf(res) // the check pipeline (pipeline.go)
	ds := make(tablegen.Diagnostics, len(m.Problems))
	for i, d := range m.Problems {
		ds[i] = d.Diagnostic
	}
	return u.pipeline.Report(ds)
}

// editedStatements is the evaluator's verdict on the statements of the root
// that an edit changed, reached before the rest of the unit is evaluated.
type editedStatements struct {
	// span covers, in the root file, the statements evaluated again from
	// the first that differs from the last evaluation through the last
	// that meets the edited text.
	span  tablegen.Range
	diags tablegen.Diagnostics // the evaluator's, of those statements
}

// evaluateEdited evaluates the statements of the root that an edit changed,
// ahead of the whole unit, which then continues after them (see
// resumeCache.evaluateEdited). ok is false when the unit is evaluated
// already, or is not resumed from an earlier evaluation of its root, or
// ctx ended before the root's turn came (see evaluation).
func (u *Unit) evaluateEdited(ctx context.Context) (ed editedStatements, ok bool) {
	if u.caches == nil || u.contentKey == 0 || u.EvaluatedIfReady() != nil {
		return editedStatements{}, false
	}
	release, ok := u.caches.turn(ctx, u.Root)
	if !ok {
		return editedStatements{}, false
	}
	defer release()
	defer func() {
		if r := recover(); r != nil {
			ed, ok = editedStatements{}, false // the whole evaluation reports it
		}
	}()
	return u.caches.resume.evaluateEdited(u, func() bool { return ctx.Err() != nil })
}

// editedDiagnostics places in path what the evaluator found in
// the edited statements ed, as EvaluationDiagnostics places its diagnostics.
func (u *Unit) editedDiagnostics(path string, ed editedStatements) []Diagnostic {
	return u.DiagnosticsIn(path, u.pipeline.Report(EvaluatorDiagnostics(u.TG, ed.diags)))
}

// evalCaches are the workspace's caches of evaluation work, shared by the
// units it builds: results by content, so that reopening a file or undoing
// an edit does not evaluate again (a result is valid for another unit with
// the same key: the key covers every file's path, content and place in the
// unit's position space); checkpoints, so that a unit not in the cache is
// evaluated only from the first statement that changed; and the models
// built on each result.
type evalCaches struct {
	results *fifoCache[uint64, *eval.Result]
	resume  resumeCache
	models  modelCache

	turnsMu sync.Mutex
	turns   map[string]chan struct{} // by root: held while one of its evaluations runs
	// lastResult is the content key of each root's last result.
	lastResult map[string]uint64
	// took is how long each root's last evaluation ran.
	took map[string]time.Duration
}

// superseded lets go of what root's last evaluation keeps that the version
// being built, whose root text differs from the last one's (prev) from
// byte offset at on, cannot use, when that evaluation is too large for the
// cache to keep beside another (over evalCacheRecords records): its result
// and models, and the checkpoints after the first statement the edit
// meets, which no later version can resume from (it will not have that
// statement's node). The records before the edit stay with the earlier
// checkpoints; undoing the edit evaluates again from there. Without this,
// building the new version of a 50 MB file held the last one's 750 MB of
// records beside both versions' syntax. A smaller result stays for undo.
func (c *evalCaches) superseded(root string, prev *fileEntry, at int) {
	if c == nil {
		return
	}
	c.turnsMu.Lock()
	k, ok := c.lastResult[root]
	c.turnsMu.Unlock()
	if !ok {
		return
	}
	res, ok := c.results.get(k)
	if !ok || resultRecords(res) <= evalCacheRecords {
		return
	}
	c.turnsMu.Lock()
	delete(c.lastResult, root)
	c.turnsMu.Unlock()
	c.results.remove(k)
	c.models.forget(res)
	c.resume.cutAt(root, prev.base, prev.eof, prev.base+tablegen.Pos(at))
}

// turn waits until no other evaluation of root runs, and returns what ends
// this one's turn; ok is false when ctx ended first. Units evaluated
// without caches (nil) take no turns.
func (c *evalCaches) turn(ctx context.Context, root string) (release func(), ok bool) {
	if c == nil {
		return func() {}, true
	}
	c.turnsMu.Lock()
	if c.turns == nil {
		c.turns = map[string]chan struct{}{}
	}
	t := c.turns[root]
	if t == nil {
		t = make(chan struct{}, 1)
		c.turns[root] = t
	}
	c.turnsMu.Unlock()
	if ctx.Err() != nil {
		return nil, false // not even a free turn: select would pick at random
	}
	select {
	case t <- struct{}{}:
		return func() { <-t }, true
	case <-ctx.Done():
		return nil, false
	}
}

// The results kept, and the models built on them, are at most
// evalCacheSize and hold at most evalCacheRecords records together besides
// the newest: MLIR's units have a few thousand, and a generated file with a
// hundred thousand is not kept again for each of its recent versions.
const (
	evalCacheSize    = 4
	evalCacheRecords = 40000
)

func resultRecords(res *eval.Result) int { return len(res.Defs) + len(res.Classes) }

func newEvalCaches() *evalCaches {
	return &evalCaches{
		results: newWeighedFIFOCache(evalCacheSize, evalCacheRecords, func(_ uint64, res *eval.Result) int { return resultRecords(res) }),
		resume:  newResumeCache(),
		models: modelCache{byResult: newWeighedFIFOCache(modelCacheSize, evalCacheRecords,
			func(res *eval.Result, _ *modelEntry) int { return resultRecords(res) })},
	}
}

// unitKey hashes what an evaluation depends on: the root, the macros
// given, and each file with its content hash and base.
func unitKey(root string, defines []string, files []placedFile, hashes map[string]uint64) uint64 {
	var h maphash.Hash
	h.SetSeed(hashSeed)
	h.WriteString(root)
	for _, d := range defines {
		h.WriteString("\x00-D" + d)
	}
	sorted := append([]placedFile(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].path < sorted[j].path })
	var b [16]byte
	for _, f := range sorted {
		h.WriteString("\x00" + f.path)
		binary.LittleEndian.PutUint64(b[:8], hashes[f.path])
		binary.LittleEndian.PutUint64(b[8:], uint64(f.base))
		h.Write(b[:])
	}
	if k := h.Sum64(); k != 0 {
		return k
	}
	return 1
}
