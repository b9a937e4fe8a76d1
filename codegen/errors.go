package codegen

import "fmt"

// Error is a problem that stops generation, as mlir-tblgen's fatal errors
// do; Pattern names the pattern it belongs to, when it belongs to one.
type Error struct {
	Pattern string
	Msg     string
}

func (e *Error) Error() string {
	if e.Pattern != "" {
		return e.Pattern + ": " + e.Msg
	}
	return e.Msg
}

func fatalf(format string, args ...any) *Error {
	return &Error{Msg: fmt.Sprintf(format, args...)}
}

// catch turns a fatal error raised by panic into *err.
func catch(err *error, pattern string) {
	r := recover()
	if r == nil {
		return
	}
	e, ok := r.(*Error)
	if !ok {
		panic(r)
	}
	if e.Pattern == "" {
		e.Pattern = pattern
	}
	*err = e
}
