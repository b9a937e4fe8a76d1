package main

import (
	"fmt"
	"strings"
)

// option is one command-line option, spelled as LLVM's tools accept it:
// with one dash or two, its value after `=` or as the next argument, and for
// joined options glued to the name (`-IDIR`, `-DNAME`).
type option struct {
	names  []string // without dashes: "I", "include-dir"
	value  bool     // takes a value
	joined bool     // the value may follow the first name directly
	set    func(v string) error
}

// usageError is a malformed command line; commands exit 2 on it.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// parseCommandLine splits args into options and the remaining operands, in
// any order; `--` ends the options.
func parseCommandLine(args []string, opts []option) (operands []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(operands, args[i+1:]...), nil
		}
		if len(a) < 2 || a[0] != '-' {
			operands = append(operands, a)
			continue
		}
		body := strings.TrimPrefix(a[1:], "-")
		name, val, hasVal := strings.Cut(body, "=")
		o := findOption(opts, name)
		if o == nil && a[1] != '-' {
			// A short joined option: -IDIR, -DNAME.
			if o, val = findJoined(opts, body); o != nil {
				hasVal = true
			}
		}
		switch {
		case o == nil:
			return nil, &usageError{fmt.Sprintf("unknown option %s", a)}
		case !o.value && hasVal:
			return nil, &usageError{fmt.Sprintf("option %s takes no value", a)}
		case o.value && !hasVal:
			if i+1 >= len(args) {
				return nil, &usageError{fmt.Sprintf("option %s needs a value", a)}
			}
			i++
			val = args[i]
		}
		if err := o.set(val); err != nil {
			return nil, &usageError{fmt.Sprintf("option %s: %v", a, err)}
		}
	}
	return operands, nil
}

func findOption(opts []option, name string) *option {
	for i := range opts {
		for _, n := range opts[i].names {
			if n == name {
				return &opts[i]
			}
		}
	}
	return nil
}

func findJoined(opts []option, body string) (*option, string) {
	for i := range opts {
		if n := opts[i].names[0]; opts[i].joined && len(body) > len(n) && strings.HasPrefix(body, n) {
			return &opts[i], body[len(n):]
		}
	}
	return nil, ""
}

// appendTo is the setter of a repeatable option.
func appendTo(list *[]string) func(string) error {
	return func(v string) error { *list = append(*list, v); return nil }
}

// includeOptions are -I and -D, shared by every command that reads a
// translation unit.
func includeOptions(dirs, defines *[]string) []option {
	return []option{
		{names: []string{"I", "include-dir"}, value: true, joined: true, set: appendTo(dirs)},
		{names: []string{"D"}, value: true, joined: true, set: appendTo(defines)},
	}
}
