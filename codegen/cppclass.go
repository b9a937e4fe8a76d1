package codegen

import "strings"

// The C++ class model of mlir-tblgen's Class.h: a class is a list of
// declarations written in order, plus methods and fields that are pending
// until finalize sorts them into public methods, private methods and
// private fields. Adding a method prunes: a method whose signature another
// one makes redundant is dropped (or never added), which is how
// mlir-tblgen elides ambiguous builders.

// methodProps are Method::Properties.
type methodProps uint8

const (
	mStatic methodProps = 1 << iota
	mConstructor
	mPrivate
	mDeclaration
	mInline
	mConstexprValue
	mConst

	mConstexpr = mConstexprValue | mInline
)

// cppParam is a MethodParameter.
type cppParam struct {
	typ, name, def string
	optional       bool
}

func param(typ, name string) cppParam { return cppParam{typ: typ, name: name} }

// spaceAfterType is getSpaceAfterType: none after `&`, `*` or nothing.
func spaceAfterType(t string) string {
	if t == "" || strings.HasSuffix(t, "&") || strings.HasSuffix(t, "*") {
		return ""
	}
	return " "
}

func (p *cppParam) writeDecl(sb *strings.Builder) {
	if p.optional {
		sb.WriteString("/*optional*/")
	}
	sb.WriteString(p.typ)
	sb.WriteString(spaceAfterType(p.typ))
	sb.WriteString(p.name)
	if p.def != "" {
		sb.WriteString(" = ")
		sb.WriteString(p.def)
	}
}

// subsumes is MethodParameters::subsumes: same types for every parameter of
// other, and the rest (if any) default-valued.
func subsumes(params, other []cppParam) bool {
	if len(params) < len(other) {
		return false
	}
	for i := range other {
		if params[i].typ != other[i].typ {
			return false
		}
	}
	return len(params) == len(other) || params[len(other)].def != ""
}

// cppMethod is a Method or, with mConstructor, a Constructor.
type cppMethod struct {
	props      methodProps
	ret, name  string
	params     []cppParam
	tmplParams []string
	// body is the method's own indented stream, made on first use.
	body       *indentWriter
	deprecated *string
	inits      [][2]string // constructor member initializers
}

func (m *cppMethod) isInline() bool { return m.props&mInline != 0 }

// makesRedundant is MethodSignature::makesRedundant.
func (m *cppMethod) makesRedundant(other *cppMethod) bool {
	return m.name == other.name && subsumes(m.params, other.params)
}

// b returns the body stream.
func (m *cppMethod) b() *indentWriter {
	if m.body == nil {
		m.body = newIndentWriter()
	}
	return m.body
}

func (m *cppMethod) init(name, value string) { m.inits = append(m.inits, [2]string{name, value}) }

func (m *cppMethod) writeSignature(sb *strings.Builder) {
	sb.WriteString(m.ret)
	sb.WriteString(spaceAfterType(m.ret))
	sb.WriteString(m.name)
	sb.WriteByte('(')
	for i := range m.params {
		if i > 0 {
			sb.WriteString(", ")
		}
		m.params[i].writeDecl(sb)
	}
	sb.WriteByte(')')
}

// declText is the declaration (with the definition when inline), as
// Method::writeDeclTo or Constructor::writeDeclTo print it.
func (m *cppMethod) declText() string {
	var sb strings.Builder
	writeTemplateParams(&sb, m.tmplParams)
	ctor := m.props&mConstructor != 0
	if m.deprecated != nil && !ctor {
		sb.WriteString("[[deprecated(\"" + writeEscaped(*m.deprecated) + "\")]]\n")
	}
	if m.props&mStatic != 0 && !ctor {
		sb.WriteString("static ")
	}
	if m.props&mConstexprValue != 0 {
		sb.WriteString("constexpr ")
	}
	m.writeSignature(&sb)
	if m.props&mConst != 0 && !ctor {
		sb.WriteString(" const")
	}
	if !m.isInline() {
		if ctor {
			sb.WriteString(";\n\n")
		} else {
			sb.WriteString(";\n")
		}
		return sb.String()
	}
	if ctor {
		sb.WriteByte(' ')
		if len(m.inits) > 0 {
			sb.WriteString(": ")
			for i, in := range m.inits {
				if i > 0 {
					sb.WriteString(", ")
				}
				sb.WriteString(in[0] + "(" + in[1] + ")")
			}
			sb.WriteByte(' ')
		}
		sb.WriteString("{")
	} else {
		sb.WriteString(" {\n")
	}
	sb.WriteString(m.bodyText())
	sb.WriteString("}\n\n")
	return sb.String()
}

func writeTemplateParams(sb *strings.Builder, params []string) {
	if len(params) == 0 {
		return
	}
	sb.WriteString("template <")
	for i, p := range params {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString("typename " + p)
	}
	sb.WriteString(">\n")
}

// bodyText is MethodBody::writeTo: leading newlines dropped, a final one
// added.
func (m *cppMethod) bodyText() string {
	if m.body == nil {
		return ""
	}
	s := strings.TrimLeft(m.body.String(), "\n")
	if s != "" && !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

// writeEscaped is raw_ostream::write_escaped: backslash escapes for `\`,
// tab, newline and `"`, octal for other unprintable bytes.
func writeEscaped(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			sb.WriteString(`\\`)
		case c == '\t':
			sb.WriteString(`\t`)
		case c == '\n':
			sb.WriteString(`\n`)
		case c == '"':
			sb.WriteString(`\"`)
		case c < 0x20 || c >= 0x7f:
			sb.WriteByte('\\')
			sb.WriteByte('0' + c>>6&7)
			sb.WriteByte('0' + c>>3&7)
			sb.WriteByte('0' + c&7)
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// visibility is Visibility.
type visibility uint8

const (
	public visibility = iota
	protected
	private
)

func (v visibility) String() string {
	switch v {
	case public:
		return "public"
	case protected:
		return "protected"
	}
	return "private"
}

// cppDecl is one ClassDeclaration: a method, a using declaration, a
// visibility, a field or extra declarations.
type cppDecl struct {
	method *cppMethod
	// using: `using name = value;` (value empty: `using name;`).
	using, usingValue string
	usingTmpl         []string
	isVisibility      bool
	vis               visibility
	field             *[2]string
	extra             *string
}

// cppClass is Class.
type cppClass struct {
	name       string
	isStruct   bool
	parents    []*cppParent
	tmplParams []string
	methods    []*cppMethod
	fields     [][2]string
	decls      []cppDecl
}

// cppParent is ParentClass: the template parameters are a set kept in
// insertion order.
type cppParent struct {
	name string
	vis  visibility
	tmpl []string
}

func (p *cppParent) addTemplateParam(s string) {
	for _, t := range p.tmpl {
		if t == s {
			return
		}
	}
	p.tmpl = append(p.tmpl, s)
}

func (c *cppClass) addParent(name string) *cppParent {
	p := &cppParent{name: name}
	c.parents = append(c.parents, p)
	return p
}

func (c *cppClass) declareVisibility(v visibility) {
	c.decls = append(c.decls, cppDecl{isVisibility: true, vis: v})
}

func (c *cppClass) declareUsing(name, value string, tmpl ...string) {
	c.decls = append(c.decls, cppDecl{using: name, usingValue: value, usingTmpl: tmpl})
}

func (c *cppClass) declareField(typ, name string) {
	c.decls = append(c.decls, cppDecl{field: &[2]string{typ, name}})
}

func (c *cppClass) declareExtra(text string) {
	c.decls = append(c.decls, cppDecl{extra: &text})
}

func (c *cppClass) addField(typ, name string) { c.fields = append(c.fields, [2]string{typ, name}) }

// addMethod is Class::addMethod: methods of a class template are inline.
// It returns nil when an existing method makes the new one redundant.
func (c *cppClass) addMethod(ret, name string, props methodProps, params ...cppParam) *cppMethod {
	if len(c.tmplParams) > 0 {
		props |= mInline
	}
	return c.insertAndPrune(&cppMethod{props: props, ret: ret, name: name, params: params})
}

// addConstructor is Class::addConstructor.
func (c *cppClass) addConstructor(props methodProps, params ...cppParam) *cppMethod {
	props |= mConstructor
	if len(c.tmplParams) > 0 {
		props |= mInline
	}
	return c.insertAndPrune(&cppMethod{props: props, name: c.name, params: params})
}

func (c *cppClass) insertAndPrune(m *cppMethod) *cppMethod {
	for _, old := range c.methods {
		if old.makesRedundant(m) {
			return nil
		}
	}
	kept := c.methods[:0]
	for _, old := range c.methods {
		if !m.makesRedundant(old) {
			kept = append(kept, old)
		}
	}
	c.methods = append(kept, m)
	return m
}

// lastVisibility is getLastVisibilityDecl.
func (c *cppClass) lastVisibility() visibility {
	for i := len(c.decls) - 1; i >= 0; i-- {
		if c.decls[i].isVisibility {
			return c.decls[i].vis
		}
	}
	if c.isStruct {
		return public
	}
	return private
}

// finalize is Class::finalize.
func (c *cppClass) finalize() {
	var pub, priv []*cppMethod
	for _, m := range c.methods {
		if m.props&mPrivate != 0 {
			priv = append(priv, m)
		} else {
			pub = append(pub, m)
		}
	}
	c.methods = nil
	if len(pub) > 0 && c.lastVisibility() != public {
		c.declareVisibility(public)
	}
	for _, m := range pub {
		c.decls = append(c.decls, cppDecl{method: m})
	}
	if len(priv) > 0 && c.lastVisibility() != private {
		c.declareVisibility(private)
	}
	for _, m := range priv {
		c.decls = append(c.decls, cppDecl{method: m})
	}
	if len(c.fields) > 0 && c.lastVisibility() != private {
		c.declareVisibility(private)
	}
	for _, f := range c.fields {
		c.declareField(f[0], f[1])
	}
	c.fields = nil
}

// writeDecl is Class::writeDeclTo on a fresh indented stream.
func (c *cppClass) writeDecl(sb *strings.Builder) {
	w := newIndentWriter()
	var head strings.Builder
	writeTemplateParams(&head, c.tmplParams)
	if c.isStruct {
		head.WriteString("struct ")
	} else {
		head.WriteString("class ")
	}
	head.WriteString(c.name + " ")
	if len(c.parents) > 0 {
		head.WriteString(": ")
		for i, p := range c.parents {
			if i > 0 {
				head.WriteString(", ")
			}
			head.WriteString(p.vis.String() + " " + p.name)
			if len(p.tmpl) > 0 {
				head.WriteString("<" + strings.Join(p.tmpl, ", ") + ">")
			}
		}
		head.WriteString(" ")
	}
	head.WriteString("{\n")
	w.w(head.String())
	w.in()
	for _, d := range c.decls {
		switch {
		case d.method != nil:
			w.w(d.method.declText())
		case d.isVisibility:
			w.out()
			w.w(d.vis.String() + ":\n")
			w.in()
		case d.field != nil:
			w.w(d.field[0] + " " + d.field[1] + ";\n")
		case d.extra != nil:
			w.reindented(*d.extra)
		default:
			var u strings.Builder
			writeTemplateParams(&u, d.usingTmpl)
			u.WriteString("using " + d.using)
			if d.usingValue != "" {
				u.WriteString(" = " + d.usingValue)
			}
			u.WriteString(";\n")
			w.w(u.String())
		}
	}
	w.out()
	w.w("};\n")
	sb.WriteString(w.String())
}
