// A small C++ dialect built against the installed package
// (tests/test_cxx_dialect.py, docs/guide/own-dialects.md): a type, an op
// with a C++ verifier, and an op with a custom assembly format.
include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Tally_Dialect : Dialect {
  let name = "tally";
  let summary = "Counters, for testing C++ dialects against the wheel.";
  let cppNamespace = "::tally";
  let useDefaultTypePrinterParser = 1;
}

def Tally_CounterType : TypeDef<Tally_Dialect, "Counter"> {
  let mnemonic = "counter";
  let summary = "A counter";
}

class Tally_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tally_Dialect, mnemonic, traits>;

def Tally_StartOp : Tally_Op<"start", [Pure]> {
  let summary = "A counter starting at a value that must not be negative.";
  let arguments = (ins I64Attr:$initial);
  let results = (outs Tally_CounterType:$counter);
  let assemblyFormat = "$initial attr-dict";
  let hasVerifier = 1;
}

def Tally_BumpOp : Tally_Op<"bump", [Pure]> {
  let summary = "The counter, advanced by an i64 value.";
  let arguments = (ins Tally_CounterType:$counter, I64:$by);
  let results = (outs Tally_CounterType:$result);
  let assemblyFormat = "$counter `by` $by attr-dict";
}
