// A small out-of-tree dialect for the mlir-cython-tblgen user test.
#ifndef MY_DIALECT
#define MY_DIALECT

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def My_Dialect : Dialect {
  let name = "mydialect";
  let cppNamespace = "::my";
}

def My_Mode : I32EnumAttr<"Mode", "how to combine", [
    I32EnumAttrCase<"Fast", 0, "fast">,
    I32EnumAttrCase<"Exact", 1, "exact">]> {
  let cppNamespace = "::my";
}

class My_Op<string mnemonic, list<Trait> traits = []>
    : Op<My_Dialect, mnemonic, traits>;

def My_CombineOp : My_Op<"combine", [SameOperandsAndResultType]> {
  let summary = "combines two values";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs,
                       OptionalAttr<My_Mode>:$mode, UnitAttr:$fused);
  let results = (outs AnyType:$result);
}

def My_PackOp : My_Op<"pack", [AttrSizedOperandSegments]> {
  let summary = "packs values";
  let arguments = (ins Variadic<AnyType>:$head, Optional<AnyType>:$extra,
                       Variadic<AnyType>:$tail, StrAttr:$label);
  let results = (outs Variadic<AnyType>:$outs);
  let regions = (region AnyRegion:$body);
}

#endif
