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

func (p *cppParam) writeDecl(w *indentWriter) {
	if p.optional {
		w.write("/*optional*/")
	}
	w.w(p.typ, spaceAfterType(p.typ), p.name)
	if p.def != "" {
		w.w(" = ", p.def)
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
	// text is the body while it is written at indentation 0; body is the
	// method's own indented stream, made when an indented body needs one.
	text       string
	body       *indentWriter
	deprecated *string
	inits      [][2]string // constructor member initializers
	// pruned marks a method a later one made redundant.
	pruned bool
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
		m.body.write(m.text)
	}
	return m.body
}

// addBody writes s to the body at indentation 0: as the stream would, but
// without one while the body needs none.
func (m *cppMethod) addBody(s string) {
	if m.body != nil {
		m.body.write(s)
		return
	}
	m.text += emptyBlankLines(s)
}

// emptyBlankLines drops the blanks of lines that hold nothing else, as an
// indented stream writes them.
func emptyBlankLines(s string) string {
	blank := func(line string) bool { return line != "" && strings.TrimLeft(line, " \t\v\f\r") == "" }
	has := false
	for rest := s; rest != "" && !has; {
		line, after, found := strings.Cut(rest, "\n")
		has = found && blank(line)
		rest = after
	}
	if !has {
		return s
	}
	var sb strings.Builder
	for rest := s; rest != ""; {
		line, after, found := strings.Cut(rest, "\n")
		if found && blank(line) {
			line = ""
		}
		sb.WriteString(line)
		if found {
			sb.WriteByte('\n')
		}
		rest = after
	}
	return sb.String()
}

func (m *cppMethod) init(name, value string) { m.inits = append(m.inits, [2]string{name, value}) }

func (m *cppMethod) writeSignature(w *indentWriter) {
	w.w(m.ret, spaceAfterType(m.ret), m.name, "(")
	for i := range m.params {
		if i > 0 {
			w.write(", ")
		}
		m.params[i].writeDecl(w)
	}
	w.write(")")
}

// writeDecl writes the declaration (with the definition when inline), as
// Method::writeDeclTo or Constructor::writeDeclTo print it, piece by piece.
func (m *cppMethod) writeDecl(w *indentWriter) {
	m.writeHead(w)
	ctor := m.props&mConstructor != 0
	switch {
	case !m.isInline() && ctor:
		w.write(";\n\n")
		return
	case !m.isInline():
		w.write(";\n")
		return
	case ctor:
		w.write(" ")
		if len(m.inits) > 0 {
			w.write(": ")
			for i, in := range m.inits {
				if i > 0 {
					w.write(", ")
				}
				w.w(in[0], "(", in[1], ")")
			}
			w.write(" ")
		}
		w.write("{")
	default:
		w.write(" {\n")
	}
	m.writeBody(w)
	w.write("}\n\n")
}

// writeHead writes the declaration up to its `;` or body: template
// parameters, deprecation, qualifiers and signature.
func (m *cppMethod) writeHead(w *indentWriter) {
	writeTemplateParams(w, m.tmplParams)
	ctor := m.props&mConstructor != 0
	if m.deprecated != nil && !ctor {
		w.w("[[deprecated(\"", writeEscaped(*m.deprecated), "\")]]\n")
	}
	if m.props&mStatic != 0 && !ctor {
		w.write("static ")
	}
	if m.props&mConstexprValue != 0 {
		w.write("constexpr ")
	}
	m.writeSignature(w)
	if m.props&mConst != 0 && !ctor {
		w.write(" const")
	}
}

func writeTemplateParams(w *indentWriter, params []string) {
	if len(params) == 0 {
		return
	}
	w.write("template <")
	for i, p := range params {
		if i > 0 {
			w.write(", ")
		}
		w.w("typename ", p)
	}
	w.write(">\n")
}

// writeBody is MethodBody::writeTo: leading newlines dropped, a final one
// added.
func (m *cppMethod) writeBody(w *indentWriter) {
	s := m.text
	if m.body != nil {
		s = m.body.String()
	}
	s = strings.TrimLeft(s, "\n")
	if s == "" {
		return
	}
	w.write(s)
	if !strings.HasSuffix(s, "\n") {
		w.write("\n")
	}
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
	methods    []*cppMethod            // pending, in order; some pruned
	named      map[string][]*cppMethod // the unpruned pending methods by name
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
	if c.named == nil {
		c.named = make(map[string][]*cppMethod, 64)
		c.methods = make([]*cppMethod, 0, 64)
	}
	// Only methods of the same name can make each other redundant.
	same := c.named[m.name]
	for _, old := range same {
		if old.makesRedundant(m) {
			return nil
		}
	}
	kept := same[:0]
	for _, old := range same {
		if m.makesRedundant(old) {
			old.pruned = true
		} else {
			kept = append(kept, old)
		}
	}
	c.named[m.name] = append(kept, m)
	c.methods = append(c.methods, m)
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
		if m.pruned {
			continue
		}
		if m.props&mPrivate != 0 {
			priv = append(priv, m)
		} else {
			pub = append(pub, m)
		}
	}
	c.methods, c.named = nil, nil
	c.decls = append(make([]cppDecl, 0, len(c.decls)+len(pub)+len(priv)+len(c.fields)+4), c.decls...)
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

// writeDecl is Class::writeDeclTo on a fresh indented stream over sb.
func (c *cppClass) writeDecl(sb *strings.Builder) {
	w := indentWriterOn(sb)
	writeTemplateParams(w, c.tmplParams)
	if c.isStruct {
		w.write("struct")
	} else {
		w.write("class")
	}
	w.w(" ", c.name, " ")
	if len(c.parents) > 0 {
		w.write(": ")
		for i, p := range c.parents {
			if i > 0 {
				w.write(", ")
			}
			w.w(p.vis.String(), " ", p.name)
			if len(p.tmpl) > 0 {
				w.write("<")
				for j, t := range p.tmpl {
					if j > 0 {
						w.write(", ")
					}
					w.write(t)
				}
				w.write(">")
			}
		}
		w.write(" ")
	}
	w.write("{\n")
	w.in()
	for _, d := range c.decls {
		switch {
		case d.method != nil:
			d.method.writeDecl(w)
		case d.isVisibility:
			w.out()
			w.w(d.vis.String(), ":\n")
			w.in()
		case d.field != nil:
			w.w(d.field[0], " ", d.field[1], ";\n")
		case d.extra != nil:
			w.reindented(*d.extra)
		default:
			writeTemplateParams(w, d.usingTmpl)
			w.w("using ", d.using)
			if d.usingValue != "" {
				w.w(" = ", d.usingValue)
			}
			w.write(";\n")
		}
	}
	w.out()
	w.write("};\n")
}
