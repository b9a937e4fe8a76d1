package ods

import (
	"bytes"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// unknownDeclaredMethods reports the names listed in a
// DeclareOpInterfaceMethods<I, [...]> (or its attribute and type forms)
// among owner's traits that are not methods of I nor of its bases:
// mlir-tblgen declares nothing for them, so the user's definition of
// owner's method of that name does not compile.
func unknownDeclaredMethods(traits []*Trait, owner string, set *tablegen.SourceSet, fallback tablegen.Range) []problem {
	var out []problem
	for _, t := range traits {
		if !t.DeclaresMethods || t.Def == nil || len(t.AlwaysOverridden) == 0 {
			continue
		}
		methods := map[string]bool{}
		var collect func(r *eval.Record, seen map[*eval.Record]bool)
		collect = func(r *eval.Record, seen map[*eval.Record]bool) {
			if seen[r] {
				return
			}
			seen[r] = true
			for _, m := range listField(r, "methods") {
				if d, ok := m.(*eval.DefInit); ok {
					methods[stringField(d.Rec, "name")] = true
				}
			}
			for _, b := range listField(r, "baseInterfaces") {
				if d, ok := b.(*eval.DefInit); ok {
					collect(d.Rec, seen)
				}
			}
		}
		collect(t.Def, map[*eval.Record]bool{})
		for _, name := range t.AlwaysOverridden {
			if methods[name] {
				continue
			}
			out = append(out, problem{code: "ods-declare-unknown-method", rng: quotedIn(set, t.Def, name, fallback),
				msg: "'" + name + "' is not a method of " + t.Interface + "; the entry declares nothing (a definition of " +
					owner + "::" + name + " would not compile)"})
		}
	}
	return out
}

// quotedIn is where the string literal "s" is written in the statement of
// def (an anonymous def's is its instantiation), or fallback.
func quotedIn(set *tablegen.SourceSet, def *eval.Record, s string, fallback tablegen.Range) tablegen.Range {
	span := def.Decl
	f := set.File(span.Start)
	if f == nil || !span.Start.IsValid() {
		return fallback
	}
	text := f.Slice(span)
	if k := bytes.Index(text, []byte(`"`+s+`"`)); k >= 0 {
		at := span.Start + tablegen.Pos(k)
		return tablegen.Range{Start: at, End: at + tablegen.Pos(len(s)+2)}
	}
	return fallback
}
