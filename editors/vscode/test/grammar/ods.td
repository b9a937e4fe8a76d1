// SYNTAX TEST "source.tablegen" "ODS: records, dags, code blocks, assembly format"

#ifndef TOY_OPS
// <- meta.preprocessor.tablegen punctuation.definition.directive.tablegen
// <~------ keyword.control.directive.tablegen
//      ^^^^^^^ entity.name.function.preprocessor.tablegen
include "mlir/IR/OpBase.td"
// <------- keyword.control.import.tablegen
//      ^^^^^^^^^^^^^^^^^^^ string.quoted.double.include.tablegen

/* a /* nested */ comment */
// <-- comment.block.tablegen
//                ^^^^^^^^^^ comment.block.tablegen

class Toy_Op<string mnemonic, list<Trait> traits = []> : Op<Toy_Dialect, mnemonic, traits>;
// <----- storage.type.class.tablegen
//    ^^^^^^ entity.name.type.class.tablegen
//           ^^^^^^ storage.type.primitive.tablegen
//                            ^^^^ storage.type.primitive.tablegen

def Toy_AddOp : Toy_Op<"add", [Pure]> {
// <--- storage.type.def.tablegen
//  ^^^^^^^^^ entity.name.type.def.tablegen
//                     ^^^^^ string.quoted.double.tablegen
  let summary = [{element-wise addition, as in `a + b`}];
//^^^ keyword.other.let.tablegen
//    ^^^^^^^ variable.other.field.tablegen
//              ^^ punctuation.definition.string.begin.tablegen
//                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ string.quoted.other.block.documentation.tablegen
//                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ - source.cpp
  let arguments = (ins F64Tensor:$lhs, F64Tensor:$rhs);
//                 ^^^ keyword.other.ods.tablegen
//                               ^^^^ variable.other.dollar.tablegen
//                              ^ punctuation.separator.colon.tablegen
  let results = (outs F64Tensor:$result);
//               ^^^^ keyword.other.ods.tablegen
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
//    ^^^^^^^^^^^^^^ variable.other.field.tablegen
//                      ^^^^ meta.assembly-format.tablegen variable.other.dollar.tablegen
//                           ^^^ string.quoted.other.literal.assembly-format.tablegen
//                                    ^^^^^^^^^ support.function.directive.assembly-format.tablegen
//                                                  ^^^^ support.function.directive.assembly-format.tablegen
  let extraClassDeclaration = [{
//                            ^^ punctuation.section.embedded.begin.tablegen
    static int twice(int x) { return 2 * x; }
//  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ meta.embedded.block.cpp source.cpp
//                            ^^^^^^ keyword.control.return.cpp
    bool isF64() { return $_self.isF64(); }
//                        ^^^^^^ variable.language.placeholder.tablegen
  }];
//^^ punctuation.section.embedded.end.tablegen
  let hasVerifier = 1;
//                  ^ constant.numeric.decimal.tablegen
  bits<8> mask = 0b1010;
//^^^^ storage.type.primitive.tablegen
//               ^^^^^^ constant.numeric.binary.tablegen
  int big = 0xFF;
//          ^^^^ constant.numeric.hex.tablegen
  bit flag = true;
//           ^^^^ constant.language.boolean.tablegen
  string name = !strconcat("toy.", mnemonic);
//              ^^^^^^^^^^ support.function.bang.tablegen
//                          ^^^^^ string.quoted.double.tablegen
  string esc = "a\"b\n";
//               ^^ constant.character.escape.tablegen
  int unset = ?;
//            ^ constant.language.uninitialized.tablegen
}

defvar Names = ["a", "b"];
// <------ storage.type.defvar.tablegen
//     ^^^^^ variable.other.definition.tablegen
foreach n = Names in
// <------- keyword.control.tablegen
//                ^^ keyword.control.tablegen
def Op_#n : Toy_Op<n>;
//     ^ keyword.operator.paste.tablegen
//  ^^^ entity.name.type.def.tablegen

multiclass Binary<string m> {
// <---------- storage.type.class.tablegen
  defm NAME : Arith<m>;
//^^^^ storage.type.def.tablegen
}
#endif // TOY_OPS
// <- meta.preprocessor.tablegen punctuation.definition.directive.tablegen
// <~----- keyword.control.directive.tablegen
//     ^^^^^^^^^^^ comment.line.double-slash.tablegen
