package ods

import "testing"

// The additional flags of an option are pasted as C++: prose is flagged,
// every shape of C++ flags is not.
func TestOptionFlagsRule(t *testing.T) {
	legal := []string{
		"",
		"llvm::cl::ZeroOrMore",
		"::llvm::cl::Hidden, ::llvm::cl::ZeroOrMore",
		"::llvm::cl::values(\n  clEnumValN(Mode::Fast, \"fast\", \"the fast mode\"),\n  clEnumValN(Mode::Slow, \"slow\", \"the slow mode, which is safe\"))",
		"modeValues.values",
		"llvm::cl::callback([&](const Shape &shape) { record(shape); })",
		"llvm::cl::init(1'000'000)",
		"llvm::cl::desc(u8\"unicode\"), llvm::cl::value_desc(R\"(raw)\")",
		"not verbose and quiet",
		"new Extra",
		"/* the usual flags */ llvm::cl::Hidden",
		"llvm::cl::Hidden // hidden from --help\n, llvm::cl::ZeroOrMore",
	}
	for _, f := range legal {
		if why := flagsProblem(f); why != "" {
			t.Errorf("%q flagged: %s", f, why)
		}
	}
	illegal := []string{"the tile sizes", "Sizes of the tiles.", "don't tile", "use `tile`", "32 32"}
	for _, f := range illegal {
		if flagsProblem(f) == "" {
			t.Errorf("%q not flagged", f)
		}
	}
	for desc, want := range map[string]bool{"{32, 32}": true, "{}": true, "1, 2, 4": true, "the sizes": false, "4": false, "sizes, in order": false} {
		if looksLikeDefaultList(desc) != want {
			t.Errorf("looksLikeDefaultList(%q) != %v", desc, want)
		}
	}
}

// Only near-misses of builtin types are flagged, never a project's type or
// a typedef the pass's C++ sees.
func TestOptionTypeRule(t *testing.T) {
	want := map[string]string{
		"unsinged": "unsigned", "usigned": "unsigned", "uint64": "uint64_t", "int32": "int32_t", "boolean": "bool",
		"integer": "int", "doubel": "double", "flaot": "float", "boool": "bool", "lnog": "long", "singed": "signed",
	}
	for typ, fix := range want {
		if got := optionTypeProblem(typ); got != fix {
			t.Errorf("optionTypeProblem(%q) = %q, want %q", typ, got, fix)
		}
	}
	for _, typ := range []string{"bool", "unsigned", "int", "int64_t", "uint", "ushort", "ssize_t", "size_t", "std::string",
		"mlir::SparseParallelizationStrategy", "FusionMode", "enum FusionMode", "std::optional<bool>", "OpPassManager",
		"bfloat", "doubles", "tool", "char16_t", "my_t", "::mlir::tt::DecompMode", "unsigned int", "long long"} {
		if got := optionTypeProblem(typ); got != "" {
			t.Errorf("optionTypeProblem(%q) = %q, want nothing", typ, got)
		}
	}
	for v, bad := range map[string]bool{"yes": true, "off": true, "True": true, "FALSE": true, "true": false, "false": false, "1": false, "kDefault": false} {
		if got := defaultMismatch("bool", v) != ""; got != bad {
			t.Errorf("defaultMismatch(bool, %q) flagged %v", v, got)
		}
	}
}
