// Completion and signature help, on code being typed.

class Shape<int sides, string name = "shape"> {
  int corners = sides;
  string label = name;
}

class Square : Shape<4, "square"> {
  int area = 0;
}

defvar unit = 1;

def S1 : Square;

def T1 : Sh
//@complete("Sh|", "Shape") nocomplete("Sh|", "Square", "S1", "unit", "class")

def T2 : Square {
  let cor
  //@complete("cor|", "corners") nocomplete("cor|", "area")
}

def T3 {
  int x = S1.
  //@complete("S1.|", "area", "corners", "label") nocomplete("S1.|", "sides", "unit")
}

def T4 {
  int y = !ad
  //@complete("!ad|", "!add") nocomplete("!ad|", "!mul")
  int z = un
  //@complete("un|", "unit")
}

def Sq
//@nocomplete("Sq|", "Square")

def T5 : Shape<3, "tri">;
//@signature("3|", "Shape<int sides, string name = \"shape\">", 0)
//@signature("\"tri|\"", "Shape<int sides, string name = \"shape\">", 1)

def T6 { int n = !add(1, 2); }
//@signature("1|", "!add(a, b, ...)", 0) signature("2|", "!add(a, b, ...)", 1)

class Body<int k> {
  int twice = !mul(k, 2);
  //@complete("!mul(k|", "k") nocomplete("!mul(k|", "keyword")
}

incl
//@complete("incl|", "include")
