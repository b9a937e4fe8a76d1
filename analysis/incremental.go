package analysis

import "tdls/tablegen"

// reparse is replaced below.
func reparse(set *tablegen.SourceSet, prev, cur *fileEntry) *fileParse { return nil }
