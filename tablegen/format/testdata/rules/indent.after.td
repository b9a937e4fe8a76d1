def A : B {
  let x = 1;
  let y = 2;
  let z = 3;
}
let hasFolder = 1 in {
  def C : D;
  def E : F {
    let g = [
      G,
      H
    ];
  }
}
def Foo : Op<"foo", [
    Pure]> {
  let arguments = (ins
    I32:$a,
    I32:$b);
}
class Bar<string n> :
    Op<n> {
  let results = (outs I32:$r,
                      I32:$s);
}
