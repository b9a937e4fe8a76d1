// Literals, bits, slices, field access, paste, unset.
def ops;
class R { int v = 5; bits<4> b = 0b1010; }
def r : R;
def vals {
  int i = 0x1F;
  int neg = -7;
  bits<8> b8 = 200;
  bits<8> slice = {1, 0, 1, 1, 0, 0, 1, 0};
  bits<3> part = b8{2-0};
  bits<4> rev = b8{0...3};
  bits<8> setbits;
  let setbits{3-0} = 0xA;
  let setbits{7} = 1;
  bit one = b8{3};
  string s = "a" "b" "c";
  code c = [{ code body }];
  string pasted = "x" # i # r # "_y";
  string pasted2 = s # ops;
  list<int> l = [1, 2, 3, 4, 5];
  int elem = l[2];
  list<int> sl = l[0, 2...4];
  list<int> lp = l # [6];
  int fv = r.v;
  bits<4> fb = r.b;
  int unset = ?;
  list<string> ls = [];
  dag d = (ops:$op r:$a, "s":$b, $c, (ops 1, 2));
  bit t = true;
  int f = false;
}
