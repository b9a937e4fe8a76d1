// Package editpoint chooses where the latency benchmarks (bench/lsplatency
// and analysis's BenchmarkPublish*) insert their failing assert, so that
// the in-process and the over-stdio figures time the same edit.
package editpoint

import (
	"fmt"
	"sort"

	"tdls/tablegen"
)

// Offset is the byte offset of the start of a top-level statement or
// include directive of the file: the last one, or with middle the first
// that starts at or after the middle of the file, so that the inserted
// assert is a top-level statement of its own.
func Offset(path string, data []byte, middle bool) (int, error) {
	set := tablegen.NewSourceSet()
	f := set.AddFile(path, data)
	toks, _ := tablegen.LexFile(set, f)
	var starts []int
	for _, st := range tablegen.Parse(set, toks).Statements {
		starts = append(starts, f.Offset(st.Start()))
	}
	for _, t := range toks {
		if t.Kind == tablegen.KwInclude {
			starts = append(starts, f.Offset(t.Pos))
		}
	}
	if len(starts) == 0 {
		return 0, fmt.Errorf("%s has no statements or includes", path)
	}
	sort.Ints(starts)
	if middle {
		if i := sort.SearchInts(starts, len(data)/2); i < len(starts) {
			return starts[i], nil
		}
	}
	return starts[len(starts)-1], nil
}
