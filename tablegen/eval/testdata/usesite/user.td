include "lib/Lib.td"

def Ok : Checked<1>;
def Bad : Wide<9>;
def Typed : Narrow<7>;
defm P : Pair<7>;
def Inline { int X = Checked<10>.N; }

class Local<int n> {
  assert !ne(n, 0), "n must not be zero";
}
def Zero : Local<0>;
foreach i = [1, 8] in
  def Loop#i : Checked<i>;
