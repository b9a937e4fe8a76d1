package tablegen

// CodeInfo documents one diagnostic code. Each layer lists the codes it
// raises in its own Codes function, next to the checks that raise them;
// analysis.Codes collects them all, `tdls codes` and docs/diagnostics.md
// show them, and tests keep the lists complete (a code raised anywhere in
// the sources must be listed) and true (each example raises its code).
type CodeInfo struct {
	Code     string
	Severity Severity // what the check raises it as
	// Style marks a convention of the ODS manual rather than a problem of
	// code that builds: reported as a hint unless configured otherwise.
	Style bool
	// BreaksBuild marks an error that LLVM's tools accept but whose
	// generated C++ does not compile (each proven by its layer's tests
	// with g++), rather than one they reject.
	BreaksBuild bool
	// Newer marks an error about what LLVM 22 lacks and a newer LLVM may
	// have (an unknown bang operator, DRR directive): reported as a warning
	// when the user's LLVM is newer than the modelled one.
	Newer   bool
	Summary string // one line: what the code means
	// Example is a .td file that raises the code, written after Prelude
	// (shared by the examples of a layer: the includes and definitions
	// they build on). Empty when no single file can: Situation then says
	// what raises it.
	Prelude, Example string
	Situation        string
	// Proof is what shows a warning certain wherever it is raised: the
	// test that compiles or runs what it flags (a compile-oracle or
	// build-proof test), or where MLIR or mlir-tblgen enforces the rule.
	// Every warning that is not a style lint has one (a check whose claim
	// rests on C++ the .td does not show is information instead).
	Proof string
}

// Proven returns c with its proof.
func (c CodeInfo) Proven(proof string) CodeInfo {
	c.Proof = proof
	return c
}

// Codes are the frontend's codes: lexer, preprocessor, includes, parser,
// and the input file itself.
func Codes() []CodeInfo {
	e := func(code, summary, example string) CodeInfo {
		return CodeInfo{Code: code, Severity: SeverityError, Summary: summary, Example: example}
	}
	return []CodeInfo{
		e("lex-comment", "a /* comment is not closed before the end of the file",
			"def A;\n/* never closed\ndef B;\n"),
		e("lex-varname", "'$' is not followed by a letter or '_'",
			"def A { dag d = (ins $1); }\n"),
		e("lex-bang", "'!' is not followed by an operator name",
			"def A { int i = !(1); }\n"),
		e("lex-char", "a character that no TableGen token starts with",
			"def A { int i = 1 @ 2; }\n"),
		e("lex-string", "a string literal is not closed on its line, or has an invalid escape",
			"def A { string s = \"unterminated; }\n"),
		e("lex-code", "a [{ code block has no matching }]",
			"def A { code c = [{ return x;\n}\n"),
		e("preprocessor-syntax", "a #define, #ifdef or #ifndef without a macro name, or text after one",
			"#ifdef\n#endif\n"),
		e("preprocessor-unmatched", "#else or #endif without an open #ifdef/#ifndef, or a second #else",
			"#endif\n"),
		e("preprocessor-unterminated", "an #ifdef/#ifndef is still open at the end of the file",
			"#ifdef FOO\ndef A;\n"),
		e("include-syntax", "`include` is not followed by a file name string",
			"include OpBase\n"),
		e("include-c-syntax", "C's `#include` instead of TableGen's `include`; the file is not included (llvm-tblgen stops at its '#')",
			"#include \"mlir/IR/OpBase.td\"\n"),
		e("include-not-found", "no file of that name on the include path (as written, then each -I directory)",
			"include \"does/not/exist.td\"\n"),
		{Code: "include-not-file", Severity: SeverityError, Summary: "the include names a directory, pipe, socket or device, not a file",
			Example: "include \"mlir\"\n"},
		{Code: "include-too-large", Severity: SeverityError, Summary: "the included file is larger than tdls reads (MaxSourceSize), or takes the unit past MaxSetSize in all",
			Situation: "an `include` of a file larger than 64 MiB, or an unguarded file included so many times that the unit passes 2 GiB"},
		{Code: "input-unreadable", Severity: SeverityError, Summary: "a file given to `tdls check` cannot be read",
			Situation: "`tdls check` of a file that does not exist or cannot be opened"},
		{Code: "include-cycle", Severity: SeverityError, Summary: "a file includes itself again with no include guard to stop it, which llvm-tblgen follows until it crashes",
			Situation: "a.td includes b.td, which includes a.td, and neither has an `#ifndef` guard"},
		{Code: "include-depth", Severity: SeverityError, Summary: "includes nested deeper than tdls follows",
			Situation: "a chain of more than 128 nested includes"},
		e("syntax-expected", "the parser expected something else at this token (the statement is skipped)",
			"def A { int i = 1 }\n"),
		e("syntax-unexpected", "a '}' outside any block",
			"def A;\n}\n"),
		e("syntax-statement", "a token that cannot start a statement",
			"def A;\n42;\n"),
		{Code: "syntax-bang", Severity: SeverityError, Newer: true, Summary: "a bang operator LLVM 22's TableGen does not have (a typo, or one added in a newer LLVM)",
			Example: "def A { int i = !mystery(1, 2); }\n"},
		{Code: "syntax-nesting", Severity: SeverityError, Summary: "brackets nested deeper than the parser follows; the statement is skipped",
			Situation: "a statement with more than MaxNesting nested brackets"},
	}
}
