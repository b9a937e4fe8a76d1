// A multiclass inheriting multiclasses with template arguments, and list
// slices whose trailing comma makes a one-element list.
multiclass Base<int n, string s = "b"> {
  def _b { int v = n; string w = s; }
}
multiclass Other<int k> {
  def _o { int twice = !mul(k, 2); }
}
multiclass Derived<int k> : Base<k, "d">, Other<!add(k, 1)> {
  def _m { int own = k; }
}
defm X : Derived<3>;

def Slices {
  list<int> l = [10, 20, 30, 40];
  list<int> one = l[1,];
  int elem = l[1];
  list<int> pick = l[0, 2];
  list<int> span = l[1...2];
}
