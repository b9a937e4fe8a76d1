package format

import (
	"fmt"
	"strings"
)

// The line diff behind `tdls fmt -d`, the editors' minimal edits and the
// churn figure: Myers' O((N+M)D) algorithm on lines.

// splitLines splits s into lines, each with its newline (the last may
// have none).
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	ls := strings.SplitAfter(s, "\n")
	if ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}

// op is one step of an edit script: a line of a kept, deleted or inserted.
type op struct {
	kind byte // '=', '-', '+'
	a, b int  // line of a, line of b
}

// lineDiff returns the shortest edit script from a to b.
func lineDiff(a, b []string) []op {
	ids := map[string]int{}
	ia, ib := make([]int, len(a)), make([]int, len(b))
	for i, l := range a {
		id, ok := ids[l]
		if !ok {
			id = len(ids)
			ids[l] = id
		}
		ia[i] = id
	}
	for i, l := range b {
		id, ok := ids[l]
		if !ok {
			id = len(ids)
			ids[l] = id
		}
		ib[i] = id
	}
	// Common prefix and suffix first: formatting changes few lines.
	pre := 0
	for pre < len(ia) && pre < len(ib) && ia[pre] == ib[pre] {
		pre++
	}
	suf := 0
	for suf < len(ia)-pre && suf < len(ib)-pre && ia[len(ia)-1-suf] == ib[len(ib)-1-suf] {
		suf++
	}
	var ops []op
	for i := 0; i < pre; i++ {
		ops = append(ops, op{'=', i, i})
	}
	for _, o := range myers(ia[pre:len(ia)-suf], ib[pre:len(ib)-suf]) {
		o.a += pre
		o.b += pre
		ops = append(ops, o)
	}
	for i := 0; i < suf; i++ {
		ops = append(ops, op{'=', len(ia) - suf + i, len(ib) - suf + i})
	}
	return ops
}

func myers(a, b []int) []op {
	n, m := len(a), len(b)
	maxD := n + m
	off := maxD + 1
	v := make([]int, 2*maxD+3)
	var trace [][]int
	for d := 0; d <= maxD; d++ {
		trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(trace, n, m, d)
			}
		}
	}
	return nil
}

func backtrack(trace [][]int, n, m, dEnd int) []op {
	var rev []op
	x, y := n, m
	for d := dEnd; d > 0; d-- {
		w := trace[d] // v before step d, from k = -d-1
		at := func(k int) int { return w[k+d+1] }
		k := x - y
		var pk int
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := at(pk)
		py := px - pk
		for x > px && y > py {
			x--
			y--
			rev = append(rev, op{'=', x, y})
		}
		if x == px {
			y--
			rev = append(rev, op{'+', x, y})
		} else {
			x--
			rev = append(rev, op{'-', x, y})
		}
	}
	for x > 0 && y > 0 {
		x--
		y--
		rev = append(rev, op{'=', x, y})
	}
	ops := make([]op, len(rev))
	for i := range rev {
		ops[i] = rev[len(rev)-1-i]
	}
	return ops
}

// ChangedLines is how many lines of old a diff to new deletes or replaces.
func ChangedLines(old, new []byte) int {
	n := 0
	for _, o := range lineDiff(splitLines(string(old)), splitLines(string(new))) {
		if o.kind == '-' {
			n++
		}
	}
	return n
}

// Unified is the unified diff from old to new (3 lines of context), with
// the headers naming them; empty when they are equal.
func Unified(oldName, newName string, old, new []byte) string {
	a, b := splitLines(string(old)), splitLines(string(new))
	ops := lineDiff(a, b)
	var sb strings.Builder
	for i := 0; i < len(ops); {
		if ops[i].kind == '=' {
			i++
			continue
		}
		// A hunk: from 3 lines before this change to 3 after the last
		// change closer than 7 lines.
		start := max(i-3, 0)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != '=' {
				end = j
			} else if j-end > 6 {
				break
			}
		}
		stop := min(end+4, len(ops))
		if sb.Len() == 0 {
			fmt.Fprintf(&sb, "--- %s\n+++ %s\n", oldName, newName)
		}
		aFrom, bFrom, na, nb := ops[start].a, ops[start].b, 0, 0
		for _, o := range ops[start:stop] {
			if o.kind != '+' {
				na++
			}
			if o.kind != '-' {
				nb++
			}
		}
		fmt.Fprintf(&sb, "@@ -%s +%s @@\n", hunkRange(aFrom, na), hunkRange(bFrom, nb))
		for _, o := range ops[start:stop] {
			var l string
			switch o.kind {
			case '=':
				l = " " + a[o.a]
			case '-':
				l = "-" + a[o.a]
			case '+':
				l = "+" + b[o.b]
			}
			sb.WriteString(l)
			if !strings.HasSuffix(l, "\n") {
				sb.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = stop
	}
	return sb.String()
}

func hunkRange(from, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", from)
	}
	if n == 1 {
		return fmt.Sprintf("%d", from+1)
	}
	return fmt.Sprintf("%d,%d", from+1, n)
}

// Edit replaces the bytes Start to End of the old text with Text.
type Edit struct {
	Start, End int
	Text       string
}

// Edits are the minimal edits that turn old into new: one per run of
// changed lines, trimmed to the bytes that differ, in order.
func Edits(old, new []byte) []Edit {
	a, b := splitLines(string(old)), splitLines(string(new))
	ops := lineDiff(a, b)
	offA := make([]int, len(a)+1)
	for i, l := range a {
		offA[i+1] = offA[i] + len(l)
	}
	var edits []Edit
	for i := 0; i < len(ops); {
		if ops[i].kind == '=' {
			i++
			continue
		}
		j := i
		var dels, inss []string
		startA := -1
		for j < len(ops) && ops[j].kind != '=' {
			if ops[j].kind == '-' {
				if startA < 0 {
					startA = ops[j].a
				}
				dels = append(dels, a[ops[j].a])
			} else {
				inss = append(inss, b[ops[j].b])
			}
			j++
		}
		if startA < 0 { // insertions only: before the next kept line of a
			startA = len(a)
			if j < len(ops) {
				startA = ops[j].a
			}
		}
		if len(dels) == len(inss) {
			// Lines respaced one for one: an edit per line.
			for k := range dels {
				edits = appendTrimmed(edits, offA[startA+k], dels[k], inss[k])
			}
		} else {
			edits = appendTrimmed(edits, offA[startA], strings.Join(dels, ""), strings.Join(inss, ""))
		}
		i = j
	}
	return edits
}

// appendTrimmed appends the edit replacing d, at offset at, with s, less
// their common prefix and suffix. Neither end of it falls inside a \r\n
// of d: an editor reads \r\n as one line break and has no position
// between the two.
func appendTrimmed(edits []Edit, at int, d, s string) []Edit {
	if d == s {
		return edits
	}
	p := 0
	for p < len(d) && p < len(s) && d[p] == s[p] {
		p++
	}
	if p > 0 && p < len(d) && d[p-1] == '\r' && d[p] == '\n' {
		p--
	}
	q := 0
	for q < len(d)-p && q < len(s)-p && d[len(d)-1-q] == s[len(s)-1-q] {
		q++
	}
	if e := len(d) - q; q > 0 && e > 0 && d[e-1] == '\r' && d[e] == '\n' {
		q--
	}
	return append(edits, Edit{Start: at + p, End: at + len(d) - q, Text: s[p : len(s)-q]})
}
