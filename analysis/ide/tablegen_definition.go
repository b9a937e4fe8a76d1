package ide

import (
	"context"

	"tdls/analysis"
)

// TableGenDefinition answers "go to TableGen definition" from a C++
// file: the .td declarations behind the name at offset of src, the
// file's content (Snapshot.TableGenDefinitions says which names).
func TableGenDefinition(ctx context.Context, snap *analysis.Snapshot, path string, src []byte, offset int) []analysis.Location {
	return snap.TableGenDefinitions(ctx, path, src, offset)
}
