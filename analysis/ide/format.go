package ide

import (
	"tdls/analysis"
	"tdls/tablegen"
	"tdls/tablegen/format"
)

// Format returns the edits that format path as snap sees it: the whole
// file, or only lines (1-based, inclusive) when there are some. The edits
// are the changed spans only, so an editor keeps its marks and cursor
// elsewhere. A file the formatter cannot prove it changes only in
// whitespace gets no edits and the formatter's error.
func Format(snap *analysis.Snapshot, path string, lines []format.LineRange) ([]Edit, error) {
	src, err := snap.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out, err := format.Source(src, format.Options{Column: snap.FormatColumn(path), Indent: snap.FormatIndent(path), Lines: lines})
	if err != nil {
		return nil, err
	}
	diff := format.Edits(src, out)
	if len(diff) == 0 {
		return nil, nil
	}
	f := tablegen.NewSourceSet().AddFile(path, src)
	edits := make([]Edit, len(diff))
	for i, e := range diff {
		edits[i] = Edit{Location: analysis.Location{File: f, Range: tablegen.Range{Start: f.Pos(e.Start), End: f.Pos(e.End)}}, NewText: e.Text}
	}
	return edits, nil
}
