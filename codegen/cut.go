package codegen

import (
	"regexp"
	"strings"
	"sync"
)

// Pieces of a --gen-rewriters output, recovered from its text: what lets a
// whole-file output (mlir-tblgen's) be cut into the part of one pattern.
// The package's regexps are compiled on first use, not at init: `tdls
// check` never cuts an output, and every process would pay the compiling.

var (
	helperRef = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`__mlir_ods_local_(?:type|attr|prop)_constraint_\w+|static_dag_matcher_\d+`)
	})
	structName = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^struct (\w+) : public ::mlir::RewritePattern \{`)
	})
)

// outputPiece is one top-level item of the output.
type outputPiece struct {
	name string // helper or struct name
	text string
}

// splitOutput cuts a whole output into helper functions and pattern
// structs (banner and populateWithGenerated are dropped).
func splitOutput(out string) (helpers, structs []outputPiece) {
	lines := strings.SplitAfter(out, "\n")
	var cur *outputPiece
	kind := ""
	flush := func() {
		if cur == nil {
			return
		}
		if kind == "struct" {
			structs = append(structs, *cur)
		} else {
			helpers = append(helpers, *cur)
		}
		cur = nil
	}
	var pending string // blank line or template prefix before a helper
	// Static matchers and structs end with a blank line of their own;
	// constraint helpers start with one.
	var owner *[]outputPiece
	for _, l := range lines {
		if owner != nil && l == "\n" {
			(*owner)[len(*owner)-1].text += l
			owner = nil
			continue
		}
		owner = nil
		switch {
		case cur == nil && (l == "\n" || l == "template <typename T>\n"):
			pending += l
			continue
		case cur == nil && strings.HasPrefix(l, "static ::llvm::LogicalResult "):
			name := strings.TrimPrefix(l, "static ::llvm::LogicalResult ")
			name = name[:strings.IndexByte(name, '(')]
			cur, kind = &outputPiece{name: name, text: pending}, "helper"
		case cur == nil && strings.HasPrefix(l, "/* Generated from:"):
			cur, kind = &outputPiece{text: pending}, "struct"
		case cur == nil:
			pending = ""
			continue
		}
		pending = ""
		cur.text += l
		if kind == "struct" {
			if strings.HasPrefix(l, "struct ") {
				if m := structName().FindStringSubmatch(l); m != nil {
					cur.name = m[1]
				}
			}
			if l == "};\n" {
				flush()
				owner = &structs
			}
		} else if l == "}\n" {
			matcher := strings.HasPrefix(cur.name, "static_dag_matcher_")
			flush()
			if matcher {
				owner = &helpers
			}
		}
	}
	flush()
	return helpers, structs
}

// PatternPiece returns the part of a whole-file output that belongs to the
// pattern struct `name`: the helpers it refers to (directly or through
// static matchers), in file order, then the struct. ok is false when the
// output has no such struct.
func PatternPiece(out, name string) (piece string, ok bool) {
	piece, ok = PatternPieces(out)[name]
	return piece, ok
}

// PatternPieces is PatternPiece for every struct of the output, by name.
func PatternPieces(out string) map[string]string {
	helpers, structs := splitOutput(out)
	pieces := map[string]string{}
	for _, s := range structs {
		pieces[s.name] = withHelpers(helpers, s.text)
	}
	return pieces
}

func withHelpers(helpers []outputPiece, target string) string {
	byName := map[string]string{}
	for _, h := range helpers {
		byName[h.name] = h.text
	}
	need := map[string]bool{}
	var visit func(text string)
	visit = func(text string) {
		for _, ref := range helperRef().FindAllString(text, -1) {
			if !need[ref] {
				need[ref] = true
				visit(byName[ref])
			}
		}
	}
	visit(target)
	var sb strings.Builder
	for _, h := range helpers {
		if need[h.name] {
			sb.WriteString(h.text)
		}
	}
	sb.WriteString(target)
	return sb.String()
}

// StructNames lists the pattern structs of an output in order.
func StructNames(out string) []string {
	var names []string
	for _, m := range structName().FindAllStringSubmatch(out, -1) {
		names = append(names, m[1])
	}
	return names
}
