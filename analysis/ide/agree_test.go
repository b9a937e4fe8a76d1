package ide_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tdls/analysis"
	"tdls/analysis/ide"
)

// At every place a marker names (the places features are asked at and the
// places @loc labels), definition, references, highlight and rename serve
// the same thing, whatever its kind:
//   - every place definition goes to is among the references (with the
//     declaration), when there are references;
//   - a rename edits exactly the references, and refuses with "nothing to
//     rename here" exactly where there are none;
//   - the highlights are the references in the file;
//   - where Classify finds nothing, no feature answers.
func TestFeaturesAgree(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join("testdata", "markers", "*"))
	ctx := context.Background()
	kinds := map[ide.Kind]int{}
	checked := 0
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		d := loadMarkerDir(t, dir)
		seen := map[place]bool{}
		for _, m := range d.markers {
			text := ""
			switch {
			case m.name == "loc" && len(m.args) == 2:
				text = m.args[1].str
			case m.name != "loc" && len(m.args) > 0 && m.args[0].kind == 's':
				text = m.args[0].str
			}
			if text == "" {
				continue
			}
			_, off, err := m.place(d.texts, text)
			if err != nil {
				t.Fatalf("%s: %v", m.at, err)
			}
			if at := (place{m.file, off, off}); seen[at] {
				continue
			} else {
				seen[at] = true
			}
			v, ok := d.view(t, ctx, m)
			if !ok {
				continue
			}
			target := ide.Classify(ctx, v, v.Pos(off))
			kinds[target.Kind]++
			checked++
			if err := agree(ctx, d.snap, v, off, target); err != nil {
				t.Errorf("%s: at %q (%s): %v", m.at, text, target, err)
			}
		}
	}
	if checked < 60 {
		t.Errorf("only %d places checked", checked)
	}
	t.Logf("%d places: %v", checked, kinds)
}

func agree(ctx context.Context, snap *analysis.Snapshot, v *analysis.FileView, off int, target ide.Target) error {
	p := v.Pos(off)
	defs := placesOf(ide.Definition(ctx, v, p))
	refs := placesOf(ide.References(ctx, snap, v, p, true))
	var hls []place
	for _, h := range ide.DocumentHighlight(ctx, v, p) {
		hls = append(hls, place{v.Path, v.File.Offset(h.Range.Start), v.File.Offset(h.Range.End)})
	}
	newName := "renamed_by_test"
	if target.Kind == ide.KindSymbol {
		newName = "$" + newName
	}
	edits, renameErr := ide.Rename(ctx, snap, v, p, newName)
	if target.Kind == ide.KindNone {
		if len(defs)+len(refs)+len(hls)+len(edits) > 0 {
			return errors.New("nothing is classified here, yet a feature answers")
		}
		return nil
	}
	if len(refs) > 0 {
		in := map[place]bool{}
		for _, r := range refs {
			in[r] = true
		}
		for _, d := range defs {
			if !in[d] {
				return errors.New("definition goes to " + d.String() + ", which is not among the references " + key(refs))
			}
		}
	}
	var inFile []place
	for _, r := range refs {
		if r.file == v.Path {
			inFile = append(inFile, r)
		}
	}
	if err := samePlaces(hls, inFile); err != nil {
		return errors.New("highlights and references in the file differ: " + err.Error())
	}
	var re *ide.RenameError
	switch {
	case renameErr == nil:
		var locs []analysis.Location
		for _, e := range edits {
			locs = append(locs, e.Location)
		}
		if err := samePlaces(placesOf(locs), refs); err != nil {
			return errors.New("rename's edits and the references differ: " + err.Error())
		}
	case errors.As(renameErr, &re) && re.Reason == "nothing to rename here":
		if len(refs) > 0 {
			return errors.New("rename finds nothing to rename, references find " + key(refs))
		}
	case errors.As(renameErr, &re) && (strings.Contains(re.Reason, "read-only") || strings.Contains(re.Reason, "computed")):
		// A refusal for the name's own sake: the name is still one.
		if len(refs) == 0 {
			return errors.New("rename refuses a name (" + re.Reason + ") that has no references")
		}
	default:
		return renameErr
	}
	return nil
}

func key(ps []place) string {
	var s []string
	for _, p := range ps {
		s = append(s, p.String())
	}
	return strings.Join(s, " ")
}
