// Package manydefs writes the large generated files the memory benchmark
// (bench/lspmemory) and the limits tests open: a class and then small defs
// instantiating it, like the tables a generator emits.
package manydefs

import (
	"strconv"
	"strings"
)

// Text returns about size bytes: a class of two template arguments, then
// defs of it, every other one with a body, about 43 bytes a def (50 MB:
// 1.2 million defs). Defs is how many it wrote.
func Text(size int) (text string, defs int) {
	var b strings.Builder
	b.Grow(size + 64)
	b.WriteString("class C<int n, string s> { int x = n; string y = s; }\n")
	var num []byte
	for defs = 0; b.Len() < size; defs++ {
		num = strconv.AppendInt(num[:0], int64(defs), 10)
		b.WriteString("def R")
		b.Write(num)
		b.WriteString(" : C<")
		b.Write(num)
		if defs%2 == 0 {
			b.WriteString(", \"s\"> { let x = !add(")
			b.Write(num)
			b.WriteString(", 1); }\n")
		} else {
			b.WriteString(", \"s\">;\n")
		}
	}
	return b.String(), defs
}
