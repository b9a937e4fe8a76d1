package tablegen

import "fmt"

// LLVMRelease is the LLVM/MLIR release tdls models: its TableGen language
// here, its ODS and DRR in the layers above, its generated C++ in codegen.
const LLVMRelease = 22

// UnknownBang is the message of an !operator LLVM 22 does not have: a typo,
// or one a newer LLVM added (its TableGen parses any !name and rejects the
// unknown ones the same way).
func UnknownBang(name string) string {
	return fmt.Sprintf("'%s' is not a bang operator of LLVM %d; if your LLVM is newer, it may be one added since, which tdls (modelling LLVM %d) does not know", name, LLVMRelease, LLVMRelease)
}

// BangOperators lists every !operator llvm-tblgen 22 accepts, with a one-line
// signature and description (used by hover, completion and signature help).
var BangOperators = map[string]string{
	"add":          "!add(a, b, ...): sum of integers",
	"and":          "!and(a, b, ...): bitwise and of integers",
	"cast":         "!cast<type>(a): convert a to type (a record from its name, a string from an int or record)",
	"con":          "!con(d1, d2, ...): concatenate dags with the same operator",
	"cond":         "!cond(c1: v1, c2: v2, ...): value of the first clause whose condition is true",
	"dag":          "!dag(op, args, names): build a dag from an operator, argument list and name list",
	"div":          "!div(a, b): signed integer division",
	"empty":        "!empty(a): 1 if the string, list or dag a is empty",
	"eq":           "!eq(a, b): 1 if a equals b (bit, int, string or record)",
	"exists":       "!exists<type>(name): 1 if a record of type with that name exists",
	"filter":       "!filter(var, list, predicate): elements of list for which predicate holds",
	"find":         "!find(string1, string2[, start]): position of string2 in string1, or -1",
	"foldl":        "!foldl(init, list, acc, var, expr): left fold of expr over list",
	"foreach":      "!foreach(var, sequence, expr): map expr over a list or dag",
	"ge":           "!ge(a, b): 1 if a >= b",
	"getdagarg":    "!getdagarg<type>(dag, key): argument of dag at index or $name key",
	"getdagname":   "!getdagname(dag, index): name of a dag argument",
	"getdagop":     "!getdagop<type>(dag): the operator of a dag",
	"getdagopname": "!getdagopname(dag): the name of a dag's operator",
	"gt":           "!gt(a, b): 1 if a > b",
	"head":         "!head(list): first element of a list",
	"if":           "!if(test, then, else): then if test is nonzero, else else",
	"initialized":  "!initialized(a): 1 if a is not the uninitialized value ?",
	"instances":    "!instances<type>([regex]): every record of type whose name matches regex",
	"interleave":   "!interleave(list, delim): join a list of strings or ints with delim",
	"isa":          "!isa<type>(a): 1 if a is of type",
	"le":           "!le(a, b): 1 if a <= b",
	"listconcat":   "!listconcat(list1, list2, ...): concatenate lists",
	"listflatten":  "!listflatten(list): flatten a list of lists by one level",
	"listremove":   "!listremove(list1, list2): elements of list1 not in list2",
	"listsplat":    "!listsplat(value, count): a list of count copies of value",
	"logtwo":       "!logtwo(a): base-2 logarithm of a, rounded down",
	"lt":           "!lt(a, b): 1 if a < b",
	"match":        "!match(str, regex): 1 if str matches the regular expression",
	"mul":          "!mul(a, b, ...): product of integers",
	"ne":           "!ne(a, b): 1 if a is not equal to b",
	"not":          "!not(a): logical not",
	"or":           "!or(a, b, ...): bitwise or of integers",
	"range":        "!range([start,] end[, step]) or !range(list): a list of integers",
	"repr":         "!repr(value): a string representation of value, for debugging",
	"setdagarg":    "!setdagarg(dag, key, arg): dag with the argument at index or $name replaced",
	"setdagname":   "!setdagname(dag, key, name): dag with the argument's name replaced",
	"setdagop":     "!setdagop(dag, op): dag with its operator replaced",
	"setdagopname": "!setdagopname(dag, name): dag with its operator name replaced",
	"shl":          "!shl(a, count): shift left",
	"size":         "!size(a): number of elements of a string, list or dag",
	"sra":          "!sra(a, count): arithmetic shift right",
	"srl":          "!srl(a, count): logical shift right",
	"strconcat":    "!strconcat(str1, str2, ...): concatenate strings",
	"sub":          "!sub(a, b): a minus b",
	"subst":        "!subst(target, repl, value): replace target by repl in value",
	"substr":       "!substr(string, start[, length]): substring",
	"tail":         "!tail(list): list without its first element",
	"tolower":      "!tolower(a): lower-case string",
	"toupper":      "!toupper(a): upper-case string",
	"xor":          "!xor(a, b, ...): bitwise exclusive or",
}
