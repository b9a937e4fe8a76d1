// Every bang operator.
def op;
def op2;
class K { int k = 1; }
class K2 : K;
def kd : K2;
def ints {
  int add = !add(1, 2, 3);
  int sub = !sub(10, 3);
  int mul = !mul(2, 3, 4);
  int div = !div(-7, 2);
  int and = !and(12, 10);
  int or = !or(12, 3);
  int xor = !xor(12, 10);
  bit not = !not(0);
  int shl = !shl(1, 10);
  int sra = !sra(-16, 2);
  int srl = !srl(-16, 60);
  int logtwo = !logtwo(1025);
  bit eq = !eq("a", "a");
  bit ne = !ne(1, 2);
  bit le = !le(2, 2);
  bit lt = !lt("a", "b");
  bit ge = !ge(3, 4);
  bit gt = !gt(4, 3);
  bit eqrec = !eq(op, op);
}
def flow {
  string iff = !if(1, "yes", "no");
  int cond = !cond(0: 1, !eq(2, 2): 2, 1: 3);
  string cast = !cast<string>(42);
  K castrec = !cast<K>("kd");
  bit isa = !isa<K>(kd);
  bit isa2 = !isa<int>("s");
  bit exists = !exists<K>("kd");
  bit exists2 = !exists<K>("nope");
  bit init = !initialized(?);
  bit init2 = !initialized(1);
  int foldl = !foldl(0, [1, 2, 3], acc, x, !add(acc, x));
  list<int> foreachl = !foreach(x, [1, 2, 3], !mul(x, x));
  list<int> filter = !filter(x, [1, 2, 3, 4], !eq(!and(x, 1), 0));
  list<K> instances = !instances<K>();
}
def dags {
  dag con = !con((op 1:$a), (op 2:$b));
  dag mk = !dag(op, [1, 2], ["x", "y"]);
  int getarg = !getdagarg<int>((op 1:$a, 2:$b), "b");
  string getname = !getdagname((op 1:$a, 2:$b), 1);
  K getop = !getdagop<K>((kd 1));
  string getopname = !getdagopname((op:$nm 1));
  dag setop = !setdagop((op 1), op2);
  dag setopname = !setdagopname((op 1), "named");
  dag setarg = !setdagarg((op 1:$a, 2:$b), "a", 9);
  dag setname = !setdagname((op 1:$a, 2:$b), 1, "z");
  dag foreachdag = !foreach(x, (op 1, "s"), !repr(x));
}
def lists {
  string interleave = !interleave(["a", "b", "c"], ", ");
  string interleaveInts = !interleave([1, 2], "-");
  list<int> listconcat = !listconcat([1], [2, 3], [4]);
  list<int> listflatten = !listflatten([[1, 2], [3]]);
  // A list of non-lists is its own flattening.
  list<int> listflatten_flat = !listflatten([4, 5]);
  list<string> listflatten_flat_strings = !listflatten(["a"]);
  list<int> listremove = !listremove([1, 2, 3, 2], [2]);
  list<string> listsplat = !listsplat("x", 3);
  list<int> range1 = !range(4);
  list<int> range2 = !range(2, 5);
  list<int> range3 = !range(10, 0, -3);
  list<int> rangel = !range(["a", "b"]);
  string repr = !repr([1, 2]);
  string reprdef = !repr(kd);
  int size = !size([1, 2, 3]);
  bit empty = !empty("");
  int head = !head([7, 8]);
  list<int> tail = !tail([7, 8, 9]);
}
def strings {
  int find = !find("hello world", "o", 5);
  string substr = !substr("hello world", 6, 3);
  string substr2 = !substr("hello", 2);
  string subst = !subst("l", "L", "hello");
  string strconcat = !strconcat("a", "b", "c");
  string tolower = !tolower("MiXeD");
  string toupper = !toupper("MiXeD");
  bit match = !match("abc123", "[a-z]+[0-9]+");
  int sizes = !size("four");
}
