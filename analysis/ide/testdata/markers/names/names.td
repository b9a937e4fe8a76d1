// Names, as the resolver sees them and every feature reads them.

// Doc for Base.
class Base<int w> {
//@loc(Base, "Base") loc(w, "w")
  int width = w;
  //@loc(width, "width") def("= |w", w) token("width", "field", "declaration") token("w;", "templateArg") kind("= |w", "name:template argument")
  string tag = "base";
  //@loc(tag, "tag")
}

class Mid : Base<8> {
//@loc(MidBase, "Base")
  int w2 = width;
  //@def("width;", width) token("width;", "field") hover("width;", "int Base::width", "declared in `Base`") kind("width;", "name:field")
  //@refs("width;", width, w2width, letwidth, plainwidth, typedwidth, filterwidth, foldlwidth, showwidth, castwidth, headwidth, tailwidth)
  //@highlight("width;", width, w2width, letwidth, plainwidth, typedwidth, filterwidth, foldlwidth, showwidth, castwidth, headwidth, tailwidth)
  //@loc(w2width, "width")
}

class Leaf : Mid {
  let width = 16;
  //@loc(letwidth, "width") token("width", "field")
}

def Plain : Base<1> {
//@loc(Plain, "Plain") token("Plain", "record", "declaration") def("Base", Base) kind("Base", "name:class")
  let tag = "plain";
  //@def("tag", tag) kind("tag", "name:field")
}

def Other : Leaf;
//@hover("Leaf", "class Leaf", "*class* · names.td:21") token("Leaf", "class") kind("Leaf", "name:class")

defvar answer = Plain.width;
//@loc(answer, "answer") token("answer", "variable", "declaration", "readonly") kind("Plain.", "name:def") kind("width", "name:field")
//@def("Plain.", Plain) def("width", width) loc(plainwidth, "width")

def UsesAnswer { int v = answer; }
//@def("answer", answer) token("answer", "variable") hover("answer", "defvar answer = Plain.width") kind("answer", "name:defvar")

foreach i = [1, 2] in {
//@loc(i, "i") token("i", "variable", "declaration")
  // The literal part of a computed name names the records the def makes:
  // the first one's hover, the name where LLVM places the def.
  def Gen#i : Base<i>;
  //@def("<|i", i) token("<|i", "variable") refs("<|i", i, ipaste, iarg) loc(ipaste, "#|i") loc(iarg, "<|i") kind("<|i", "name:foreach variable")
  //@loc(Gen, "Gen") def("Gen", Gen) hover("Gen", "def Gen1 : Base") kind("Gen", "name:def")
  //@refs("Gen", Gen, gen1use, gen2use) highlight("Gen", Gen, gen1use, gen2use)
}
def UsesGen { list<Base> gens = [Gen1, Gen2]; }
//@loc(gen1use, "Gen1") loc(gen2use, "Gen2")

// NAME in a multiclass's def names the records its defms make.
multiclass Eqs<int v> {
  def NAME # _eq : Base<v>;
  //@loc(eqName, "NAME") kind("NAME", "name:def") def("NAME", eqName) hover("NAME", "def Ten_eq : Base")
}
defm Ten : Eqs<10>;

// The elements of a list the syntax types: a list of class instances, a
// !foldl's element variable.
defvar bases = [Base<1>, Base<2>];
def Filtered {
  list<Base> wide = !filter(b, bases, !gt(b.width, 1));
  //@def("width", width) kind("width", "name:field") loc(filterwidth, "width")
  int sum = !foldl(0, bases, acc, b, !add(acc, b.width));
  //@def("width", width) kind("width", "name:field") loc(foldlwidth, "width")
}
class Casted<string n> { int cw = !cast<Base>(n).width; }
//@def("width", width) kind("width", "name:field") loc(castwidth, "width")
class Heads<list<Base> bs> {
  int hw = !head(bs).width;
  //@def("width", width) kind("width", "name:field") loc(headwidth, "width")
  list<int> tw = !foreach(t, !tail(bs), t.width);
  //@def("t.|width", width) kind("t.|width", "name:field") loc(tailwidth, "t.|width")
}
class Cases { list<Base> all = []; }
class Show<Cases cs> {
  list<int> ws = !foreach(c, cs.all, c.width);
  //@def("c.|width", width) kind("c.|width", "name:field") loc(showwidth, "c.|width")
}

def Folded {
  list<int> doubled = !foreach(x, [1, 2], !mul(x, 2));
  //@token("x,", "variable", "declaration") token("x, 2", "variable") def("x, 2", foreachx) loc(foreachx, "x") kind("!mul", "bang") kind("x, 2", "name:variable")
  //@hover("!mul", "!mul(a, b, ...)")
}

def RenameMe : Base<3>;
//@loc(RenameMe, "RenameMe") rename("RenameMe", "Renamed", RenameMe, renameUse) kind("RenameMe", "name:def")
defvar useIt = RenameMe;
//@loc(renameUse, "RenameMe")

class Typed<Base b> { int bw = b.width; }
//@token("Base b", "class") def("width", width) token("width", "field") loc(typedwidth, "width") kind("width", "name:field")

include "other.td"
//@def("other.td", otherStart) hover("other.td", "**include** `other.td`") kind("other.td", "include")
def UsesOther : FromOther;
//@def("FromOther", FromOther) token("FromOther", "class") kind("FromOther", "name:class")

// A field of a parent without template arguments, used in a child's body:
// definition, references, semantic tokens and hover all read the resolver.
class NoArgsBase { int size = 1; }
//@loc(size, "size") token("size", "field", "declaration")
class NoArgsMid : NoArgsBase { int s2 = size; }
//@loc(s2size, "size") def("size;", size) token("size;", "field") hover("size;", "int NoArgsBase::size") kind("size;", "name:field")
//@refs("size;", size, s2size) highlight("size;", size, s2size)

// A top-level let sets the field in each record of its block, which may
// get it from different classes: the let names every declaration, whatever
// order the records come in (tblgen-lsp-server answers the field of the
// first record by name, here Alpha's).
class KindSpace { string space = ""; }
//@loc(kindspace, "space")
class InfoSpace { string space = ""; }
//@loc(infospace, "space")
let space = "ns" in {
//@loc(letspace, "space") def("space", kindspace, infospace) kind("space", "name:field")
//@refs("space", kindspace, infospace, letspace) highlight("space", kindspace, infospace, letspace)
//@rename("space", "where", kindspace, infospace, letspace)
  def Zed : KindSpace;
  def Alpha : InfoSpace;
}
