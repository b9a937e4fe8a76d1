// A library of classes that check their arguments.
class Checked<int n> {
  assert !lt(n, 8), "n must be below 8";
  int N = n;
}
class Wide<int n> : Checked<n>;
class Narrow<int n> {
  bits<2> B = n;
}
multiclass Pair<int n> {
  def _lo : Checked<n>;
  def _hi : Checked<!add(n, 1)>;
}
