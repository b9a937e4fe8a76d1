package codegen

import (
	"strconv"
	"strings"
)

// noSubst marks a placeholder that had no substitution, as tgfmt does.
const noSubst = "<no-subst-found>"

// fmtContext is mlir::tblgen::FmtContext: the built-in placeholders
// $_builder, $_op and $_self and custom ones such as $_loc. A nil pointer in
// a builtin means "not set".
type fmtContext struct {
	builder, op, self *string
	custom            map[string]string
}

func (c *fmtContext) withBuilder(s string) *fmtContext { c.builder = &s; return c }
func (c *fmtContext) withSelf(s string) *fmtContext    { c.self = &s; return c }
func (c *fmtContext) withOp(s string) *fmtContext      { c.op = &s; return c }

func (c *fmtContext) addSubst(name, s string) *fmtContext {
	if c.custom == nil {
		c.custom = map[string]string{}
	}
	c.custom[name] = s
	return c
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isIdentChar(c byte) bool {
	return c == '_' || isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

// tgfmt substitutes placeholders in fmt: `$N` and `$N...` (arguments N to the
// end joined by ", ") from args, `$name` from ctx, `$$` is a dollar. A
// placeholder without a value is kept and followed by <no-subst-found>.
func tgfmt(fmt string, ctx *fmtContext, args ...string) string {
	var sb strings.Builder
	for fmt != "" {
		i := strings.IndexByte(fmt, '$')
		if i < 0 {
			sb.WriteString(fmt)
			break
		}
		sb.WriteString(fmt[:i])
		fmt = fmt[i:]
		if len(fmt) == 1 {
			sb.WriteString(fmt)
			break
		}
		if fmt[1] == '$' {
			sb.WriteByte('$')
			fmt = fmt[2:]
			continue
		}
		end := 1
		for end < len(fmt) && isDigit(fmt[end]) {
			end++
		}
		if end > 1 {
			idx, err := strconv.Atoi(fmt[1:end])
			if err != nil {
				idx = 1 << 30
			}
			if strings.HasPrefix(fmt[end:], "...") {
				spec := fmt[:end+3]
				fmt = fmt[end+3:]
				if idx >= len(args) {
					sb.WriteString(spec + noSubst)
				} else {
					sb.WriteString(strings.Join(args[idx:], ", "))
				}
				continue
			}
			spec := fmt[:end]
			fmt = fmt[end:]
			if idx >= len(args) {
				sb.WriteString(spec + noSubst)
			} else {
				sb.WriteString(args[idx])
			}
			continue
		}
		for end < len(fmt) && isIdentChar(fmt[end]) {
			end++
		}
		spec, name := fmt[:end], fmt[1:end]
		fmt = fmt[end:]
		if name == "" {
			sb.WriteString(spec)
			continue
		}
		var sub *string
		if ctx != nil {
			switch name {
			case "_builder":
				sub = ctx.builder
			case "_op":
				sub = ctx.op
			case "_self":
				sub = ctx.self
			default:
				if v, ok := ctx.custom[name]; ok {
					sub = &v
				}
			}
		}
		if sub != nil {
			sb.WriteString(*sub)
		} else {
			sb.WriteString(spec + noSubst)
		}
	}
	return sb.String()
}
