// Attributes, types, enums, interfaces, passes and dialects: where the ODS
// model answers beside ops.
//@needs(mlir)
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Pass/PassBase.td"

def My_Dialect : Dialect {
//@hover("My_Dialect", "**dialect** `my`", "`::my::MyDialect`", "the attribute parser and printer") kind("My_Dialect", "dialect")
  let name = "my";
  let cppNamespace = "::my";
  let useDefaultAttributePrinterParser = 1;
}

def My_RangeAttr : AttrDef<My_Dialect, "Range"> {
//@hover("My_RangeAttr", "`#my.range`", "`::my::RangeAttr`", "| `lower` | `int64_t` | `int64_t getLower()` |", "static RangeAttr get(::mlir::MLIRContext *context, int64_t lower, int64_t upper)") kind("My_RangeAttr", "dialect")
  let mnemonic = "range";
  let parameters = (ins "int64_t":$lower, "int64_t":$upper);
  //@loc(lower, "$lower") hover("$lower", "**parameter** `lower`", "int64_t getLower() const;") kind("$lower", "dialectPart:parameter")
  let assemblyFormat = "`<` $lower `,` $upper `>`";
  //@hover("$low|er", "**parameter** `lower`: `int64_t`", "of attribute `My_RangeAttr`") def("$low|er", lower) kind("$low|er", "dialectPart:formatVariable") kind("$upper", "dialectPart:formatVariable")
  //@hover("$upper", "getUpper()")
}

def My_BoxAttr : AttrDef<My_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "unsigned":$width, "unsigned":$height);
  let assemblyFormat = "`<` $width `x` $ `>`";
  //@complete("$|", "$width", "$height") nocomplete("$|", "$lower")
}

def My_Kind : I32Enum<"Kind", "how to go", [
//@hover("My_Kind", "**enum** `::my::Kind`", "| `Fast` | 0 | `fast` |", "symbolizeKind", "stringifyKind") kind("My_Kind", "dialect")
  I32EnumCase<"Fast", 0, "fast">,
  //@loc(fastCase, "I32EnumCase<\"Fast\", 0, \"fast\">")
  I32EnumCase<"Slow", 1, "slow">
]> {
  let cppNamespace = "::my";
}

def My_KindAttr : EnumAttr<My_Dialect, My_Kind, "kind">;
//@hover("My_KindAttr", "`#my.kind`", "| `Slow` | 1 | `slow` |") kind("My_KindAttr", "dialect")

def My_IsFast : ConstantEnumCase<My_KindAttr, "fast">;
//@hover("\"fast\"", "**enum case** `::my::Kind::Fast`") def("\"fast\"", fastCase) complete("\"|fast", "fast", "slow") kind("\"fast\"", "dialectPart:enumCase")

def My_WidthOpInterface : OpInterface<"WidthOpInterface"> {
//@hover("My_WidthOpInterface", "**op interface** `::my::WidthOpInterface`", "unsigned getWidth(); // has a default", "void setWidth(unsigned width);") kind("My_WidthOpInterface", "dialect")
  let cppNamespace = "::my";
  let methods = [
    InterfaceMethod<"the width", "unsigned", "getWidth", (ins), [{}], [{ return 32; }]>,
    //@loc(getWidth, "InterfaceMethod<\"the width\", \"unsigned\", \"getWidth\", (ins), [{}], [{ return 32; }]>")
    InterfaceMethod<"sets the width", "void", "setWidth", (ins "unsigned":$width)>
  ];
}

def My_ConstOp : Op<My_Dialect, "const", [DeclareOpInterfaceMethods<My_WidthOpInterface, ["getWidth"]>]>;
//@hover("\"getWidth\"", "unsigned getWidth();", "Has a default implementation") def("\"getWidth\"", getWidth) kind("\"getWidth\"", "dialectPart:interfaceMethod")

def My_CopyOp : Op<My_Dialect, "copy", [DeclareOpInterfaceMethods<My_WidthOpInterface, [""]>]>;
//@complete("[\"|\"]", "getWidth") nocomplete("[\"|\"]", "setWidth")

def My_FoldPass : Pass<"my-fold"> {
//@hover("My_FoldPass", "**pass** `-my-fold`", "| `max-depth` | `unsigned` | `4` | how deep to go |", "| `num-folded` | ops folded |") kind("My_FoldPass", "dialect")
  let summary = "folds";
  let options = [Option<"maxDepth", "max-depth", "unsigned", "4", "how deep to go">];
  //@hover("\"max-depth\"", "**pass option** `max-depth`", "`::mlir::Pass::Option<unsigned> maxDepth`", "default `4`", "how deep to go", "of pass `-my-fold`")
  //@kind("\"max-depth\"", "dialectPart:passOption") kind("\"maxDepth\"", "dialectPart:passOption") kind("Option", "name:class")
  //@def("\"maxDepth\"", maxDepthOption) loc(maxDepthOption, "Option<\"maxDepth\", \"max-depth\", \"unsigned\", \"4\", \"how deep to go\">")
  let statistics = [Statistic<"numFolded", "num-folded", "ops folded">];
}
