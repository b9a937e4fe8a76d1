package main

import (
	"fmt"
	"os"
	"strings"

	"tdls/tablegen/eval"
)

func init() {
	register(&command{
		name:    "dump-json",
		summary: "print the records of a file as llvm-tblgen --dump-json does",
		usage:   dumpJSONUsage,
		run:     runDumpJSON,
	})
}

const dumpJSONUsage = `usage: tdls dump-json [-I DIR]... [-D NAME]... FILE

Prints the records FILE evaluates to, in the JSON llvm-tblgen --dump-json
prints (includes resolve as llvm-tblgen resolves them: as written, then
each -I directory in order).`

// dumpJSONFlags parses `-I DIR`, `-IDIR`, `-D NAME`, `-DNAME` and one file,
// in the manner of llvm-tblgen.
func dumpJSONFlags(args []string) (includes, defines []string, file string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-I" || a == "-D" || a == "--I" || a == "--D":
			if i+1 >= len(args) {
				return nil, nil, "", fmt.Errorf("%s needs a value", a)
			}
			i++
			if strings.HasSuffix(a, "I") {
				includes = append(includes, args[i])
			} else {
				defines = append(defines, args[i])
			}
		case strings.HasPrefix(a, "-I"):
			includes = append(includes, a[2:])
		case strings.HasPrefix(a, "-D"):
			defines = append(defines, a[2:])
		case a == "-h" || a == "--help":
			return nil, nil, "", fmt.Errorf("%s", dumpJSONUsage)
		case strings.HasPrefix(a, "-") && a != "-":
			return nil, nil, "", fmt.Errorf("unknown flag %s", a)
		default:
			if file != "" {
				return nil, nil, "", fmt.Errorf("only one input file is allowed")
			}
			file = a
		}
	}
	if file == "" {
		return nil, nil, "", fmt.Errorf("usage: tdls dump-json [-I DIR]... [-D NAME]... FILE")
	}
	return includes, defines, file, nil
}

func runDumpJSON(args []string) int {
	includes, defines, file, err := dumpJSONFlags(args)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tdls dump-json:", err)
		return 2
	}
	_, res, ok := loadEvaluated("dump-json", file, includes, defines, os.Stderr)
	if !ok {
		return 1
	}
	if err := eval.WriteJSON(os.Stdout, res); err != nil {
		fmt.Fprintln(os.Stderr, "tdls dump-json:", err)
		return 1
	}
	return 0
}
