// !foldl steps that append to the accumulator, which tdls folds in one
// buffer, next to steps that do not.

class Frag<string t> { string ty = t; }
def f16 : Frag<"f16">;
def f32 : Frag<"f32">;

def Lines {
  list<string> l = ["a", "bb", "ccc"];
  string joined = !foldl("", l, acc, el, acc # "\n" # el);
  string concat = !foldl("x", l, acc, el, !strconcat(acc, "_", el));
  string twice = !foldl("", l, acc, el, acc # el # acc);
  string prefix = !foldl("", l, acc, el, el # acc);
  string ints = !foldl("n", [1, 2, 30], acc, el, acc # el);
  string fields = !foldl("", [f16, f32], a, b, !strconcat(a, "_", b.ty));
  code codes = !foldl([{start}], l, acc, el, acc # el);
  string empty = !foldl("", []<string>, acc, el, acc # el);
  string nested = !foldl("", [["p", "q"], ["r"]], acc, el, acc # "[" # !foldl("", el, a2, e2, a2 # e2) # "]");
}

class Joined<list<string> parts, string sep> {
  string all = !foldl("", parts, acc, p, acc # sep # p);
  string first = !foldl("", parts, acc, p, !if(!empty(acc), p, acc));
}
def J1 : Joined<["x", "y", "z"], ",">;
def J2 : Joined<[], ";">;

multiclass M<list<string> parts> {
  def _rec : Joined<parts, "-">;
}
defm MM : M<["m", "n"]>;

def Lists {
  list<int> flat = !foldl([]<int>, [[1, 2], [3], []<int>], acc, el, !listconcat(acc, el));
  list<int> twice = !foldl([0], [[1], [2]], acc, el, !listconcat(acc, el, [9], el));
  list<int> reread = !foldl([0], [1, 2], acc, el, !listconcat(acc, [!size(acc)]));
  list<list<string>> nested = !foldl([]<list<string>>, ["a", "b"], t1, x,
      !listconcat(t1, !foldl([]<list<string>>, ["1", "2"], t2, y, !listconcat(t2, [[x, y]]))));
  list<Frag> recs = !foldl([]<Frag>, [f16, f32], acc, r, !listconcat(acc, [r], [r]));
}

class Gather<list<list<int>> parts> {
  list<int> all = !foldl([]<int>, parts, acc, p, !listconcat(acc, p));
}
def G1 : Gather<[[1], [2, 3]]>;
