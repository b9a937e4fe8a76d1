package ide

import (
	"context"
	"time"

	"tdls/analysis"
	"tdls/tablegen/eval"
)

// evaluationWait bounds how long a request waits for an evaluation in
// progress before answering from the syntax alone. A request does not
// wait when the root's last evaluation ran past slowEvaluation (a
// generated file of a million defs): most times it would wait in vain.
const (
	evaluationWait = 250 * time.Millisecond
	slowEvaluation = 4 * evaluationWait
)

// modelsWithin returns the unit's models (records, ops, patterns), waiting
// for the evaluation at most evaluationWait: features that can answer from
// the syntax alone do not stall on a long evaluation. nil when not ready.
func modelsWithin(ctx context.Context, u *analysis.Unit) *analysis.Models {
	if recordsWithin(ctx, u) == nil {
		return nil
	}
	return u.ModelsIfReady()
}

// recordsWithin returns the unit's records, waiting for the evaluation at
// most evaluationWait; nil when not ready.
func recordsWithin(ctx context.Context, u *analysis.Unit) *eval.Result {
	if res := u.EvaluatedIfReady(); res != nil {
		return res
	}
	if u.LastEvaluationTook() > slowEvaluation {
		return nil
	}
	wctx, cancel := context.WithTimeout(ctx, evaluationWait)
	defer cancel()
	res, _ := u.Evaluated(wctx)
	return res
}

func isA(r *eval.Record, class string) bool { return r.IsA(class) }
