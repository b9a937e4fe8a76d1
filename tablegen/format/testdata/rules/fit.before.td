// A line that neither alignment nor a continuation indent keep within the
// limit, and that no break makes fit, is indented as far as it fits.
class Example {
  let traits = [Trait, Wrapped<[Inner,
    DeclareOpInterfaceMethods<AnInterfaceWithAVeryVeryLongNameForTheRuleXYZW>]>];
}
// A '#' is broken before, after the commas of its bracket.
class Opaque<string dialect, string name>
  : Type<CPred<"isOpaqueNamed($_self, \""#dialect#"\", \""#name#"\", true)">,
         "opaque">;
// The first line of a code block over lines counts.
class Conv<bit customStorageInAttr> {
  let body = !if(customStorageInAttr, [{
    return }] # storage # [{::get(ctx);
  }], [{
    return get(ctx, }] # width
      # [{), static_cast<}] # underlyingType #[{>($_storage)).getValue();
  }]);
}
// A line that a code block over lines ends is broken before it, after a
// comment that names an argument too; none inside a bracket before one.
def RotatePaddingInteriorOfTheLhs : GlobalExpr< /*needsprimal*/0, /*needsshadow*/0, [{
    return interior;
}]>;
// A line that a bracket's alignment pushes past the limit from a bracket
// opened on a later line of it: that bracket's lines from that line on
// are not aligned.
class FloatUnary<string mnemonic> : Op<mnemonic>,
    Arguments<(ins FloatLike:$operand,
      DefaultValuedAttr<
        Arith_FastMathAttr, "::mlir::arith::FastMathFlags::none">:$fastmath)>;
// A statement's line that aligned with the value after its '=' would not
// fit is indented as a continuation, and so are the lines after it.
class Builder {
  string builder = "::mlir::SomeVeryLongTypeName::get($_builder.getContext(), "
    "$_self.getSomeFirstParameterWithALongName(), $_self.getSecondParameter())"
    # suffix;
}
// A line too long even at its statement's indentation keeps its own: a
// comment between statements at its level, a continuation line where a
// continuation goes.
class Kept {
  // A comment between statements in a body, past the limit by a character or two
  let assemblyFormat =
    "$val `,` $base `[` $indices `]` (`,` $mask^)? (`layout` $layout^)? attr-dict";
}
