//===- mlir-cython-tblgen.cpp - ODS -> Cython op wrappers -----------------===//
//
// Reads a dialect's ODS through mlir::tblgen::Operator and writes:
//   <prefix>_ops_gen.pyx   one OpView subclass per op, with a default
//                          builder (__init__) filling an OperationState at C
//                          speed, accessors as shared descriptor objects of
//                          mlir._mlir_libs._ods_runtime, and the snake_case
//                          value builder;
//   <prefix>_ops_gen.pyi   the typing stub of the same;
//   <prefix>_enum_gen.py   (--enum-out) the dialect's enums as IntEnum /
//                          IntFlag classes, with attribute builders: those
//                          defined in its own directories (--own-dir) and
//                          in the files named by --enum-file.
//
// Usage:
//   mlir-cython-tblgen Ops.td -I <include> --bind-dialect=arith
//       -o _arith_ops_gen.pyx --stub-out=_arith_ops_gen.pyi
//       [--enum-out=_arith_enum_gen.py] [--dialect-extension=structured]
//       [--own-dir=<dir>...] [--enum-file=<file.td>...]
//       [-d deps.d] --write-if-changed
//
// Every output is rewritten only when its content changes, so builds that
// depend on it stay incremental.
//
//===----------------------------------------------------------------------===//

#include "mlir/TableGen/Argument.h"
#include "mlir/TableGen/AttrOrTypeDef.h"
#include "mlir/TableGen/Attribute.h"
#include "mlir/TableGen/Dialect.h"
#include "mlir/TableGen/EnumInfo.h"
#include "mlir/TableGen/Operator.h"
#include "mlir/TableGen/Property.h"
#include "mlir/TableGen/Region.h"
#include "mlir/TableGen/Successor.h"
#include "mlir/TableGen/Trait.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Main.h"
#include "llvm/TableGen/Record.h"

#include <map>
#include <set>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::tblgen;
using llvm::formatv;
using llvm::raw_ostream;
using llvm::Record;
using llvm::RecordKeeper;
using llvm::StringRef;

static llvm::cl::opt<std::string>
    clDialect("bind-dialect", llvm::cl::desc("Dialect namespace to bind"),
              llvm::cl::init(""));
static llvm::cl::opt<std::string> clExtension(
    "dialect-extension",
    llvm::cl::desc("Bind the ops of this extension of the dialect (e.g. "
                   "'structured' for transform); the _Dialect class comes "
                   "from the dialect's own module"),
    llvm::cl::init(""));
static llvm::cl::opt<std::string>
    clStubOut("stub-out", llvm::cl::desc("Write the .pyi stub here"),
              llvm::cl::init(""));
static llvm::cl::opt<std::string>
    clEnumOut("enum-out", llvm::cl::desc("Write the enum module here"),
              llvm::cl::init(""));
static llvm::cl::list<std::string> clOwnDirs(
    "own-dir",
    llvm::cl::desc("Directory whose .td files define this module's enums "
                   "(and, for an extension, its ops); default: the input's"));
static llvm::cl::list<std::string> clEnumFiles(
    "enum-file",
    llvm::cl::desc("A .td file, included by the input, whose enums this "
                   "module emits too although it lies outside the own "
                   "directories (e.g. a shared file defining an enum that "
                   "the dialect's attributes wrap)"));
static llvm::cl::opt<std::string> clInputName(
    "input-name",
    llvm::cl::desc("Name of the input shown in the generated header "
                   "(default: the input file name)"),
    llvm::cl::init(""));

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

static bool isPythonKeyword(StringRef s) {
  static const llvm::StringSet<> kw = {
      "False", "None",   "True",    "and",      "as",       "assert",
      "async", "await",  "break",   "class",    "continue", "def",
      "del",   "elif",   "else",    "except",   "finally",  "for",
      "from",  "global", "if",      "import",   "in",       "is",
      "lambda", "nonlocal", "not",  "or",       "pass",     "raise",
      "return", "try",   "while",   "with",     "yield",    "match",
      "case",  "type",   "callable", "issubclass", "print"};
  return kw.contains(s);
}

// Words Cython gives a meaning in argument lists or expressions, where a
// Python name would not compile.
// Where a name appears in the generated .pyx: as a parameter, as a class
// attribute (the accessors) or as a module-level function.
enum class NameUse { Param, Attr, Function };

// Names the Cython compiler rejects in a given place although Python
// accepts them: its statement words everywhere, and its C type names as
// parameters (`def f(int, b)` reads `int` as a type). Names of builtins
// such as `object`, `set` or `complex` compile and are kept.
static bool isCythonReserved(StringRef s, NameUse use) {
  static const llvm::StringSet<> statement = {
      "DEF", "ELIF", "ELSE", "IF", "cdef", "cimport", "cpdef", "ctypedef",
      "include"};
  static const llvm::StringSet<> notAttr = {"NULL", "sizeof"};
  static const llvm::StringSet<> notParam = {
      "NULL", "Py_ssize_t", "bint", "char", "const", "double", "float",
      "int", "long", "short", "signed", "size_t", "sizeof", "unsigned",
      "void", "volatile"};
  if (statement.contains(s))
    return true;
  switch (use) {
  case NameUse::Param:
    return notParam.contains(s);
  case NameUse::Attr:
    return notAttr.contains(s);
  case NameUse::Function:
    return false;
  }
  return false;
}

static bool isODSReserved(StringRef s) {
  static const llvm::StringSet<> kw = {
      "attributes", "create", "context", "ip",        "operands",
      "print",      "get_asm", "loc",    "verify",    "regions",
      "results",    "self",   "operation", "DIALECT_NAMESPACE",
      "OPERATION_NAME"};
  return s.starts_with("_ods_") || s.ends_with("_ods") || kw.contains(s);
}

// A Python identifier for an ODS name: non-alphanumerics become '_', a
// leading digit gets a '_' prefix, reserved words a '_' suffix.
static std::string pyName(StringRef name, NameUse use = NameUse::Param,
                          bool forCython = true) {
  std::string s = name.str();
  for (char &c : s)
    if (!llvm::isAlnum(c) && c != '_')
      c = '_';
  if (s.empty())
    return "_";
  if (llvm::isDigit(s[0]))
    s = "_" + s;
  if (isPythonKeyword(s) || isODSReserved(s) ||
      (forCython && isCythonReserved(s, use)))
    s += "_";
  return s;
}

// The name Python code sees for an accessor or function; differs from the
// one written in the .pyx only where Cython rejects it, in which case the
// object is stored under the public name after its definition.
static std::string publicName(StringRef name, NameUse use) {
  return pyName(name, use, /*forCython=*/false);
}

// The code point of the UTF-8 sequence at s[i], its length in `len`; -1
// where s[i] starts no valid sequence (a lone or truncated byte, an
// overlong form, a surrogate).
static long utf8At(StringRef s, size_t i, size_t &len) {
  unsigned char c = s[i];
  long cp;
  if (c >= 0xf0 && c < 0xf5) {
    len = 4;
    cp = c & 0x07;
  } else if (c >= 0xe0 && c < 0xf0) {
    len = 3;
    cp = c & 0x0f;
  } else if (c >= 0xc2 && c < 0xe0) {
    len = 2;
    cp = c & 0x1f;
  } else {
    return -1;
  }
  if (i + len > s.size())
    return -1;
  for (size_t k = 1; k < len; ++k) {
    unsigned char d = s[i + k];
    if ((d & 0xc0) != 0x80)
      return -1;
    cp = (cp << 6) | (d & 0x3f);
  }
  static const long least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < least[len] || cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000))
    return -1;
  return cp;
}

// A Python string literal (double quoted, ASCII) for arbitrary text: the
// text's UTF-8 characters as \u/\U escapes (TableGen descriptions hold
// typographic quotes and dashes), bytes of no character as \x escapes.
static std::string pyStr(StringRef s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = s[i];
    switch (c) {
    case '\\': out += "\\\\"; break;
    case '"': out += "\\\""; break;
    case '\n': out += "\\n"; break;
    case '\t': out += "\\t"; break;
    case '\r': out += "\\r"; break;
    default:
      if (c >= 0x80) {
        size_t len;
        long cp = utf8At(s, i, len);
        if (cp >= 0) {
          out += cp > 0xffff ? formatv("\\U{0:x-8}", cp).str()
                             : formatv("\\u{0:x-4}", cp).str();
          i += len - 1;
          break;
        }
      }
      if (c < 0x20 || c >= 0x7f)
        out += formatv("\\x{0:x-2}", (unsigned)c).str();
      else
        out += (char)c;
    }
  }
  return out + "\"";
}

// First line of a summary, safe inside a docstring.
static std::string docLine(StringRef s) {
  s = s.trim();
  s = s.take_until([](char c) { return c == '\n'; }).trim();
  return pyStr(s);
}

//===----------------------------------------------------------------------===//
// Op model
//===----------------------------------------------------------------------===//

namespace {

enum class ArgKind { Result, Operand, Attribute, Successor, NumRegions };

struct BuilderArg {
  ArgKind kind;
  std::string py;     // parameter name in the .pyx
  // The name callers use: differs from `py` only for the few words Cython
  // rejects as parameters (`include`; the builders' argument binding takes
  // the public names from the module's builder records).
  std::string pub;
  bool keyword = false;
  // A positional parameter that may be left out (`=None`): a property with a
  // default value, taken positionally as upstream's builders take it.
  bool defaulted = false;
  // Operands / results: 1 single, 0 optional, -1 variadic.
  int arity = 1;
  int index = 0;      // operand / result / successor index
  // Attributes (and properties, passed as attributes).
  std::string odsName;
  std::string attrDef; // attribute-builder key ("" for none)
  bool unit = false;
  bool required = false;
  bool property = false;  // an ODS Property: set after creation
  // Operands of ops whose result types MLIR infers: the module's predicate
  // function checking the kind of each value's type ("" for none), and the
  // constraint's summary for the error.
  std::string typeCheck;
  std::string typeSummary;
};

enum class Inference { None, SameAsOperand, FromAttribute, Interface };

struct OpModel {
  const Operator *op;
  std::string cls;
  std::string name;
  std::vector<BuilderArg> args;   // builder parameters, declaration order
  Inference inference = Inference::None;
  std::string typeAttr;           // FromAttribute: the source attribute
  std::string fn;                 // the snake_case builder function's name
  bool sizedOperands = false, sizedResults = false;
};

} // namespace

static int arityOf(const NamedTypeConstraint &c) {
  if (c.isOptional())
    return 0;
  if (c.isVariadic())
    return -1;
  return 1;
}

static bool hasTrait(const Operator &op, StringRef t) {
  return op.getTrait(t) != nullptr;
}

//===----------------------------------------------------------------------===//
// Operand kind checks
//===----------------------------------------------------------------------===//
//
// Result type inference (InferTypeOpInterface) runs the op's C++ code on the
// operands, and that code casts their types to what the op's ODS constraints
// promise (a memref's element type, a vector's shape): a value of another
// kind is undefined behaviour there. Builders that infer therefore check
// each operand's type first, as far as its ODS predicate can be decided
// through the C API. The predicate tree is reduced to a Cython expression
// over `t` (an MlirType) that is a *necessary* condition of the predicate:
// a leaf the table below knows becomes an exact test, any other leaf (a
// dialect type, a cast, an element-type substitution) is dropped from
// conjunctions and makes a disjunction undecided. So a value is refused
// only when the predicate is certainly false for it.

namespace {
struct PredExpr {
  enum Kind { Unknown, Exact, Necessary } kind = Unknown;
  std::string expr;
};
} // namespace

// Leaves decided by the C API: a type-class test or one of Type's own
// queries, keyed by the CPred's text without blanks.
static const std::pair<StringRef, StringRef> kTypeLeaves[] = {
    {"::llvm::isa<::mlir::MemRefType>($_self)", "mlirTypeIsAMemRef(t)"},
    {"::llvm::isa<::mlir::UnrankedMemRefType>($_self)",
     "mlirTypeIsAUnrankedMemRef(t)"},
    {"::llvm::isa<::mlir::BaseMemRefType>($_self)",
     "(mlirTypeIsAMemRef(t) or mlirTypeIsAUnrankedMemRef(t))"},
    {"::llvm::isa<::mlir::TensorType>($_self)", "mlirTypeIsATensor(t)"},
    {"::llvm::isa<::mlir::RankedTensorType>($_self)",
     "mlirTypeIsARankedTensor(t)"},
    {"::llvm::isa<::mlir::UnrankedTensorType>($_self)",
     "mlirTypeIsAUnrankedTensor(t)"},
    {"::llvm::isa<::mlir::VectorType>($_self)", "mlirTypeIsAVector(t)"},
    {"::llvm::isa<::mlir::FixedVectorType>($_self)",
     "(mlirTypeIsAVector(t) and not mlirVectorTypeIsScalable(t))"},
    {"::llvm::isa<::mlir::ScalableVectorType>($_self)",
     "(mlirTypeIsAVector(t) and mlirVectorTypeIsScalable(t))"},
    {"::llvm::isa<::mlir::ShapedType>($_self)", "mlirTypeIsAShaped(t)"},
    {"::llvm::isa<::mlir::IndexType>($_self)", "mlirTypeIsAIndex(t)"},
    {"::llvm::isa<::mlir::IntegerType>($_self)", "mlirTypeIsAInteger(t)"},
    {"::llvm::isa<::mlir::FloatType>($_self)", "mlirTypeIsAFloat(t)"},
    {"::llvm::isa<::mlir::ComplexType>($_self)", "mlirTypeIsAComplex(t)"},
    {"::llvm::isa<::mlir::TupleType>($_self)", "mlirTypeIsATuple(t)"},
    {"::llvm::isa<::mlir::NoneType>($_self)", "mlirTypeIsANone(t)"},
    {"::llvm::isa<::mlir::FunctionType>($_self)", "mlirTypeIsAFunction(t)"},
    {"::llvm::isa<::mlir::BFloat16Type>($_self)", "mlirTypeIsABF16(t)"},
    {"::llvm::isa<::mlir::FloatTF32Type>($_self)", "mlirTypeIsATF32(t)"},
    {"$_self.isF16()", "mlirTypeIsAF16(t)"},
    {"$_self.isF32()", "mlirTypeIsAF32(t)"},
    {"$_self.isF64()", "mlirTypeIsAF64(t)"},
    {"$_self.isBF16()", "mlirTypeIsABF16(t)"},
    {"$_self.isIndex()", "mlirTypeIsAIndex(t)"},
    {"$_self.isSignlessInteger()",
     "(mlirTypeIsAInteger(t) and mlirIntegerTypeIsSignless(t))"},
    {"$_self.isSignedInteger()",
     "(mlirTypeIsAInteger(t) and mlirIntegerTypeIsSigned(t))"},
    {"$_self.isUnsignedInteger()",
     "(mlirTypeIsAInteger(t) and mlirIntegerTypeIsUnsigned(t))"},
    {"$_self.isSignlessIntOrIndex()",
     "(mlirTypeIsAIndex(t) or (mlirTypeIsAInteger(t) and "
     "mlirIntegerTypeIsSignless(t)))"},
    {"$_self.isSignlessIntOrIndexOrFloat()",
     "(mlirTypeIsAIndex(t) or mlirTypeIsAFloat(t) or (mlirTypeIsAInteger(t) "
     "and mlirIntegerTypeIsSignless(t)))"},
};

// The C functions the leaves call, for the module's cimport.
static const char *const kTypeLeafFunctions[] = {
    "mlirTypeIsAMemRef",       "mlirTypeIsAUnrankedMemRef",
    "mlirTypeIsATensor",       "mlirTypeIsARankedTensor",
    "mlirTypeIsAUnrankedTensor", "mlirTypeIsAVector",
    "mlirTypeIsAShaped",       "mlirTypeIsAIndex",
    "mlirTypeIsAInteger",      "mlirTypeIsAFloat",
    "mlirTypeIsAComplex",      "mlirTypeIsATuple",
    "mlirTypeIsANone",         "mlirTypeIsAFunction",
    "mlirTypeIsABF16",         "mlirTypeIsATF32",
    "mlirTypeIsAF16",          "mlirTypeIsAF32",
    "mlirTypeIsAF64",          "mlirIntegerTypeIsSignless",
    "mlirIntegerTypeIsSigned", "mlirIntegerTypeIsUnsigned",
    "mlirIntegerTypeGetWidth", "mlirVectorTypeIsScalable",
    "mlirShapedTypeGetRank",   "mlirShapedTypeGetElementType",
    "mlirComplexTypeGetElementType",
};

static std::string withoutBlanks(StringRef s) {
  std::string out;
  for (char c : s)
    if (!llvm::isSpace(c))
      out += c;
  // CPred wraps its text in parentheses; drop balanced outer pairs.
  auto balancedOuter = [](const std::string &x) {
    if (x.size() < 2 || x.front() != '(' || x.back() != ')')
      return false;
    int depth = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      depth += x[i] == '(' ? 1 : x[i] == ')' ? -1 : 0;
      if (depth == 0 && i + 1 < x.size())
        return false;
    }
    return true;
  };
  while (balancedOuter(out))
    out = out.substr(1, out.size() - 2);
  return out;
}

// An integer-width leaf: `$_self.isInteger(8)`, `isSignlessInteger(32)`, ...
static PredExpr widthLeaf(StringRef text) {
  static const std::pair<StringRef, StringRef> kinds[] = {
      {"$_self.isInteger(", ""},
      {"$_self.isSignlessInteger(", " and mlirIntegerTypeIsSignless(t)"},
      {"$_self.isSignedInteger(", " and mlirIntegerTypeIsSigned(t)"},
      {"$_self.isUnsignedInteger(", " and mlirIntegerTypeIsUnsigned(t)"},
  };
  for (const auto &[prefix, sign] : kinds) {
    if (!text.starts_with(prefix) || !text.ends_with(")"))
      continue;
    StringRef width = text.drop_front(prefix.size()).drop_back();
    unsigned w;
    if (width.getAsInteger(10, w))
      return {};
    return {PredExpr::Exact,
            formatv("(mlirTypeIsAInteger(t){0} and "
                    "mlirIntegerTypeGetWidth(t) == {1})",
                    sign, w)
                .str()};
  }
  return {};
}

// C++ namespace ("::mlir::async") -> dialect namespace ("async"), and the
// C++ names of type and attribute interfaces, from the records; filled by
// emitAll before the models are built.
static std::map<std::string, std::string> &dialectOfNamespace() {
  static std::map<std::string, std::string> m;
  return m;
}
static std::set<std::string> &interfaceNames() {
  static std::set<std::string> s;
  return s;
}

static std::string qualified(StringRef ns) {
  ns = ns.trim();
  return ns.starts_with("::") ? ns.str() : "::" + ns.str();
}

static void collectDialectNamespaces(const RecordKeeper &records) {
  for (const Record *d : records.getAllDerivedDefinitionsIfDefined("Dialect"))
    dialectOfNamespace()[qualified(d->getValueAsString("cppNamespace"))] =
        d->getValueAsString("name").str();
  for (StringRef cls : {"TypeInterface", "AttrInterface", "OpInterface"})
    for (const Record *i : records.getAllDerivedDefinitionsIfDefined(cls)) {
      std::string ns = qualified(i->getValueAsString("cppNamespace"));
      interfaceNames().insert(ns + "::" +
                              i->getValueAsString("cppInterfaceName").str());
    }
}

// `::llvm::isa<::mlir::async::ValueType>($_self)`: a type class of a
// dialect the records define. Its TypeID is out of reach of the C API, so
// the test is the necessary one that the type belongs to that dialect.
static PredExpr dialectTypeLeaf(StringRef text) {
  if (!text.consume_front("::llvm::isa<") ||
      !text.consume_back(">($_self)"))
    return {};
  std::string cls = qualified(text);
  size_t sep = cls.rfind("::");
  if (sep == std::string::npos || sep == 0 || interfaceNames().count(cls) ||
      !StringRef(cls).ends_with("Type"))
    return {};
  auto it = dialectOfNamespace().find(cls.substr(0, sep));
  if (it == dialectOfNamespace().end() || it->second == "builtin")
    return {};
  return {PredExpr::Necessary,
          formatv("_ods_in_dialect(t, b\"{0}\")", it->second).str()};
}

static PredExpr reduceLeaf(StringRef text) {
  if (text == "true")
    return {PredExpr::Exact, "True"};
  for (const auto &[leaf, expr] : kTypeLeaves)
    if (text == leaf)
      return {PredExpr::Exact, expr.str()};
  // A sparse tensor: a ranked tensor with an encoding, or a type of the
  // sparse_tensor dialect (its storage specifier).
  if (text == "!!::mlir::sparse_tensor::getSparseTensorEncoding($_self)")
    return {PredExpr::Necessary,
            "((mlirTypeIsARankedTensor(t) and not mlirAttributeIsNull("
            "mlirRankedTensorTypeGetEncoding(t))) or "
            "_ods_in_dialect(t, b\"sparse_tensor\"))"};
  // A vector's rank, which ODS tests after the type's kind: the kind is
  // tested again, so that the cast is never reached for another type.
  if (text == "::llvm::cast<::mlir::VectorType>($_self).getRank()>0")
    return {PredExpr::Necessary,
            "(mlirTypeIsAVector(t) and mlirShapedTypeGetRank(t) > 0)"};
  // An LLVM-compatible vector: a builtin vector or an LLVM dialect type.
  if (text == "::mlir::LLVM::isCompatibleVectorType($_self)")
    return {PredExpr::Necessary,
            "(mlirTypeIsAVector(t) or _ods_in_dialect(t, b\"llvm\"))"};
  // TOSA's shape values: a type of the tosa dialect.
  if (text == "mlir::tosa::isa_tosa_shape_type($_self)")
    return {PredExpr::Necessary, "_ods_in_dialect(t, b\"tosa\")"};
  PredExpr e = widthLeaf(text);
  if (e.kind != PredExpr::Unknown)
    return e;
  return dialectTypeLeaf(text);
}

// A CPred's text split at its top-level `&&` (outside brackets); not split
// when it has a `||` or `?` anywhere (whose precedence a split would miss).
static std::vector<std::string> conjuncts(const std::string &text) {
  std::vector<std::string> out;
  if (text.find("||") != std::string::npos ||
      text.find('?') != std::string::npos)
    return {text};
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    depth += (c == '(' || c == '[') ? 1 : (c == ')' || c == ']') ? -1 : 0;
    if (depth == 0 && c == '&' && i + 1 < text.size() && text[i + 1] == '&') {
      out.push_back(withoutBlanks(text.substr(start, i - start)));
      start = i + 2;
      ++i;
    }
  }
  out.push_back(withoutBlanks(text.substr(start)));
  return out;
}

// The conjunction of reduced predicates: an undecided one drops out (the
// rest stays a necessary condition).
static PredExpr conjoin(const std::vector<PredExpr> &children) {
  PredExpr out{PredExpr::Exact, ""};
  std::vector<std::string> parts;
  for (const PredExpr &c : children) {
    if (c.kind != PredExpr::Exact)
      out.kind = PredExpr::Necessary;
    if (c.kind != PredExpr::Unknown && c.expr != "True")
      parts.push_back(c.expr);
  }
  if (parts.empty())
    return out.kind == PredExpr::Exact ? PredExpr{PredExpr::Exact, "True"}
                                       : PredExpr{};
  out.expr = parts.size() == 1 ? parts[0]
                               : "(" + llvm::join(parts, " and ") + ")";
  return out;
}

static std::string predicateFunction(const std::string &expr);

// Element types: ODS tests a container's element type by substituting
// `$_self` in the element's predicate with the element type (a shaped
// type's or a complex type's). The element's reduced predicate becomes a
// predicate function of its own, applied to the element type behind the
// container's kind test (so it is never asked of another kind).
static const std::pair<StringRef, StringRef> kElementTypeCalls[] = {
    {"::llvm::cast<::mlir::ShapedType>($_self).getElementType()",
     "(mlirTypeIsAShaped(t) and {0}(mlirShapedTypeGetElementType(t)))"},
    {"::llvm::cast<::mlir::ComplexType>($_self).getElementType()",
     "(mlirTypeIsAComplex(t) and {0}(mlirComplexTypeGetElementType(t)))"},
};

static PredExpr reducePred(const Record *pred);

static PredExpr elementPred(const Record *elementPredicate,
                            StringRef format) {
  PredExpr e = reducePred(elementPredicate);
  if (e.kind == PredExpr::Unknown || e.expr == "True")
    return {};
  return {PredExpr::Necessary,
          formatv(format.data(), predicateFunction(e.expr)).str()};
}

static PredExpr reducePred(const Record *pred) {
  if (!pred)
    return {};
  if (pred->isSubClassOf("CombinedPred")) {
    StringRef kind = pred->getValueAsDef("kind")->getName();
    std::vector<const Record *> kids =
        pred->getValueAsListOfDefs("children");
    // ContainerType: SubstLeaves<"$_self", <element type call>, element>.
    if (kind == "PredCombinerSubstLeaves" && kids.size() == 1 &&
        pred->getValueAsString("pattern") == "$_self") {
      std::string call = withoutBlanks(pred->getValueAsString("replacement"));
      for (const auto &[elementCall, format] : kElementTypeCalls)
        if (call == withoutBlanks(elementCall))
          return elementPred(kids[0], format);
      return {};
    }
    // ShapedContainerType: a lambda over the shaped type's element type,
    // Concat<"[](::mlir::Type elementType) { return ",
    //        SubstLeaves<"$_self", "elementType", element>,
    //        "; }(::llvm::cast<::mlir::ShapedType>($_self).getElementType())">.
    if (kind == "PredCombinerConcat" && kids.size() == 1 &&
        kids[0]->isSubClassOf("CombinedPred") &&
        kids[0]->getValueAsDef("kind")->getName() ==
            "PredCombinerSubstLeaves" &&
        kids[0]->getValueAsString("pattern") == "$_self" &&
        kids[0]->getValueAsString("replacement") == "elementType" &&
        withoutBlanks(pred->getValueAsString("prefix")) ==
            "[](::mlir::TypeelementType){return" &&
        withoutBlanks(pred->getValueAsString("suffix")) ==
            ";}(::llvm::cast<::mlir::ShapedType>($_self).getElementType())") {
      std::vector<const Record *> inner =
          kids[0]->getValueAsListOfDefs("children");
      if (inner.size() == 1)
        return elementPred(inner[0], kElementTypeCalls[0].second);
      return {};
    }
  }
  if (pred->isSubClassOf("CPred")) {
    std::string text = withoutBlanks(pred->getValueAsString("predExpr"));
    std::vector<std::string> parts = conjuncts(text);
    if (parts.size() == 1)
      return reduceLeaf(text);
    // A conjunction within one CPred: as an And of its parts.
    std::vector<PredExpr> leaves;
    for (const std::string &part : parts)
      leaves.push_back(reduceLeaf(part));
    return conjoin(leaves);
  }
  if (!pred->isSubClassOf("CombinedPred"))
    return {};
  StringRef kind = pred->getValueAsDef("kind")->getName();
  std::vector<PredExpr> children;
  for (const Record *c : pred->getValueAsListOfDefs("children"))
    children.push_back(reducePred(c));
  if (kind == "PredCombinerAnd")
    return conjoin(children);
  if (kind == "PredCombinerOr") {
    PredExpr out{PredExpr::Exact, ""};
    std::vector<std::string> parts;
    for (const PredExpr &c : children) {
      if (c.kind == PredExpr::Unknown || c.expr == "True")
        return {};
      if (c.kind != PredExpr::Exact)
        out.kind = PredExpr::Necessary;
      parts.push_back(c.expr);
    }
    if (parts.empty())
      return {};
    out.expr = parts.size() == 1 ? parts[0]
                                 : "(" + llvm::join(parts, " or ") + ")";
    return out;
  }
  if (kind == "PredCombinerNot" && children.size() == 1 &&
      children[0].kind == PredExpr::Exact && children[0].expr != "True")
    return {PredExpr::Exact, "(not " + children[0].expr + ")"};
  return {};
}

// The module's predicate functions, one per distinct expression.
static std::map<std::string, std::string> &typePredicates() {
  static std::map<std::string, std::string> m;
  return m;
}

// The module's predicate function of a reduced expression over `t`.
static std::string predicateFunction(const std::string &expr) {
  auto &preds = typePredicates();
  auto it = preds.find(expr);
  if (it != preds.end())
    return it->second;
  std::string fn = formatv("_ods_kind_{0}", preds.size()).str();
  preds.emplace(expr, fn);
  return fn;
}

static std::string typeCheckFor(const NamedTypeConstraint &operand) {
  Pred pred = operand.constraint.getPredicate();
  if (pred.isNull())
    return "";
  PredExpr e = reducePred(&pred.getDef());
  if (e.kind == PredExpr::Unknown || e.expr == "True")
    return "";
  return predicateFunction(e.expr);
}

static void emitTypePredicates(raw_ostream &os) {
  auto &preds = typePredicates();
  if (preds.empty())
    return;
  os << "from mlir._mlir_libs.capi.ir cimport MlirType\n"
        "from mlir._mlir_libs.capi.builtin_types cimport (\n   ";
  for (const char *f : kTypeLeafFunctions)
    os << " " << f << ",";
  os << " mlirRankedTensorTypeGetEncoding,\n)\n"
        "from mlir._mlir_libs.capi.ir cimport (\n"
        "    mlirAttributeIsNull, mlirTypeGetDialect, mlirDialectGetNamespace)\n"
        "from mlir._mlir_libs.capi.support cimport MlirStringRef\n"
        "from libc.string cimport memcmp, strlen\n"
        "from mlir._mlir_libs._ods_runtime cimport _ods_mark, "
        "_ods_check_types, _ods_check_group\n";
  os << "\n\ncdef bint _ods_in_dialect(MlirType t, const char* ns) noexcept "
        "nogil:\n"
        "    cdef MlirStringRef s = mlirDialectGetNamespace("
        "mlirTypeGetDialect(t))\n"
        "    return s.length == strlen(ns) and memcmp(s.data, ns, s.length) "
        "== 0\n";
  // By name, so that the functions appear in a stable order.
  std::vector<std::pair<std::string, std::string>> byName;
  for (const auto &[expr, fn] : preds)
    byName.push_back({fn, expr});
  llvm::sort(byName, [](const auto &a, const auto &b) {
    return a.first.size() != b.first.size() ? a.first.size() < b.first.size()
                                            : a.first < b.first;
  });
  for (const auto &[fn, expr] : byName)
    os << "\n\ncdef bint " << fn << "(MlirType t) noexcept nogil:\n"
       << "    return " << expr << "\n";
}

static std::string uniqueName(std::string n, std::set<std::string> &used) {
  while (used.count(n))
    n += "_";
  used.insert(n);
  return n;
}

// The operands whose types MLIR's result-type inference of `op` casts:
// every operand when the op infers in its own C++ code; with the inference
// ODS derives from the declared type relations, the operands a result type
// is computed from by anything but the identity (`$_self`).
static std::set<int> operandsInferenceCasts(const Operator &op) {
  std::set<int> out;
  const auto *trait = llvm::dyn_cast_if_present<InterfaceTrait>(
      op.getTrait("::mlir::InferTypeOpInterface::Trait"));
  if (!op.allResultTypesKnown() || (trait && trait->shouldDeclareMethods())) {
    for (int i = 0, e = op.getNumOperands(); i < e; ++i)
      out.insert(i);
    return out;
  }
  for (int i = 0, e = op.getNumResults(); i < e; ++i) {
    // Follow result-to-result relations to where the type comes from.
    const InferredResultType *t = &op.getInferredResultType(i);
    for (int hops = 0; !t->isArg() && hops < e; ++hops) {
      int r = t->getResultIndex();
      const InferredResultType &next = op.getInferredResultType(r);
      if (&next == t)
        break;
      t = &next;
    }
    if (!t->isArg() || withoutBlanks(t->getTransformer()) == "$_self")
      continue;
    auto arg = op.getArgToOperandAttrOrProp(t->getIndex());
    if (arg.kind() == Operator::OperandAttrOrProp::Kind::Operand)
      out.insert(arg.operandOrAttributeIndex());
  }
  return out;
}

static OpModel buildModel(const Operator &op) {
  OpModel m;
  m.op = &op;
  m.cls = op.getCppClassName().str();
  m.name = op.getOperationName();
  m.sizedOperands = hasTrait(op, "::mlir::OpTrait::AttrSizedOperandSegments");
  m.sizedResults = hasTrait(op, "::mlir::OpTrait::AttrSizedResultSegments");

  bool fixedResults = op.getNumVariableLengthResults() == 0;
  if (op.getNumResults() > 0) {
    if (hasTrait(op, "::mlir::OpTrait::SameOperandsAndResultType") &&
        fixedResults && op.getNumOperands() > 0)
      m.inference = Inference::SameAsOperand;
    else if (hasTrait(op, "::mlir::OpTrait::FirstAttrDerivedResultType") &&
             fixedResults && op.getNumAttributes() > 0 &&
             !op.getAttribute(0).name.empty()) {
      m.inference = Inference::FromAttribute;
      m.typeAttr = op.getAttribute(0).name.str();
    } else if (hasTrait(op, "::mlir::InferTypeOpInterface::Trait") &&
               op.getNumRegions() == 0)
      m.inference = Inference::Interface;
  }

  std::set<std::string> used = {"loc", "ip", "self"};
  if (m.inference == Inference::None) {
    for (int i = 0, e = op.getNumResults(); i < e; ++i) {
      StringRef rn = op.getResultName(i);
      std::string n = rn.empty() ? (e == 1 ? std::string("result")
                                           : formatv("_gen_res_{0}", i).str())
                                 : rn.str();
      BuilderArg a;
      a.kind = ArgKind::Result;
      a.py = uniqueName(pyName(n), used);
      a.arity = arityOf(op.getResult(i));
      a.index = i;
      m.args.push_back(a);
    }
  }
  std::set<int> casted;
  if (m.inference == Inference::Interface)
    casted = operandsInferenceCasts(op);
  int operandIndex = 0;
  for (int i = 0, e = op.getNumArgs(); i < e; ++i) {
    Argument arg = op.getArg(i);
    StringRef an = op.getArgName(i);
    std::string n = an.empty() ? formatv("_gen_arg_{0}", i).str() : an.str();
    BuilderArg a;
    a.py = uniqueName(pyName(n), used);
    a.odsName = an.str();
    if (auto *operand = llvm::dyn_cast<NamedTypeConstraint *>(arg)) {
      a.kind = ArgKind::Operand;
      a.arity = arityOf(*operand);
      a.index = operandIndex++;
      a.keyword = a.arity == 0;
      if (casted.count(a.index)) {
        a.typeCheck = typeCheckFor(*operand);
        a.typeSummary = operand->constraint.getSummary().str();
      }
    } else if (auto *attr = llvm::dyn_cast<NamedAttribute *>(arg)) {
      a.kind = ArgKind::Attribute;
      a.unit = attr->attr.getStorageType().trim() == "::mlir::UnitAttr";
      a.required = !attr->attr.isOptional() && !attr->attr.hasDefaultValue() &&
                   !a.unit;
      a.keyword = !a.required;
      a.attrDef = attr->attr.getAttrDefName().str();
    } else {
      auto *prop = llvm::cast<NamedProperty *>(arg);
      a.kind = ArgKind::Attribute;
      a.property = true;
      bool optional = prop->prop.getStorageType().contains("std::optional");
      a.required = !prop->prop.hasDefaultValue() && !optional;
      a.defaulted = !a.required && !optional;
      a.keyword = optional;
      // An enum property with an attribute form takes the attribute (so the
      // Python enum value, through that attribute's builder).
      const Record &def = prop->prop.getDef();
      // A unit property takes a bool, like a UnitAttr.
      a.unit = def.isSubClassOf("_cls_UnitProp");
      if (def.getValue("attrForm"))
        if (const Record *form = def.getValueAsOptionalDef("attrForm"))
          a.attrDef = form->getName().str();
    }
    m.args.push_back(a);
  }
  for (int i = 0, e = op.getNumSuccessors(); i < e; ++i) {
    const NamedSuccessor &s = op.getSuccessor(i);
    std::string n = s.name.empty() ? formatv("_gen_successor_{0}", i).str()
                                   : s.name.str();
    BuilderArg a;
    a.kind = ArgKind::Successor;
    a.py = uniqueName(pyName(n), used);
    a.arity = s.isVariadic() ? -1 : 1;
    a.index = i;
    m.args.push_back(a);
  }
  if (!op.hasNoVariadicRegions()) {
    const NamedRegion &r = op.getRegion(op.getNumRegions() - 1);
    std::string n = "num_" + r.name.take_front().lower() +
                    r.name.drop_front().str();
    BuilderArg a;
    a.kind = ArgKind::NumRegions;
    a.py = uniqueName(pyName(n), used);
    m.args.push_back(a);
  }
  // Public names: the written name unless Cython alone rejected the ODS
  // name and the public spelling is free.
  std::set<std::string> written;
  for (const BuilderArg &a : m.args)
    written.insert(a.py);
  for (BuilderArg &a : m.args) {
    a.pub = a.py;
    if (a.kind == ArgKind::Attribute && !a.odsName.empty()) {
      std::string p = publicName(a.odsName, NameUse::Param);
      if (p != a.py && !written.count(p) && a.py == pyName(a.odsName))
        a.pub = p;
    }
  }
  // Only trailing positional parameters can have a default; an earlier
  // defaulted property stays required, as upstream has it.
  bool tail = true;
  for (auto it = m.args.rbegin(); it != m.args.rend(); ++it) {
    if (it->keyword)
      continue;
    it->defaulted = it->defaulted && tail;
    tail = it->defaulted;
  }
  return m;
}

//===----------------------------------------------------------------------===//
// .pyx emission
//===----------------------------------------------------------------------===//

// An argument's name in the snake_case builder function, as callers write
// it.
static std::string snakeName(const BuilderArg &a) {
  std::string s = llvm::convertToSnakeFromCamelCase(a.pub);
  if (s.empty() || isPythonKeyword(s))
    s = a.pub;
  return s;
}

// The signature of a builder as the .pyi stub writes it: positional
// parameters, '*', keyword parameters (=None), then results (ops whose
// result types MLIR infers), loc and ip; snake_case names for the builder
// function.
static std::string signature(const OpModel &m, bool snake) {
  auto nameOf = [&](const BuilderArg &a) {
    return snake ? snakeName(a) : a.pub;
  };
  auto typeOf = [&](const BuilderArg &a) -> std::string {
    switch (a.kind) {
    case ArgKind::Result:
      return a.arity == -1 ? "_Sequence[_ir.Type]"
                           : (a.arity == 0 ? "_ir.Type | None" : "_ir.Type");
    case ArgKind::Operand:
      return a.arity == -1 ? "_Sequence[_ir.Value]"
                           : (a.arity == 0 ? "_ir.Value | None" : "_ir.Value");
    case ArgKind::Attribute:
      return a.unit ? "bool | None" : (a.keyword || a.defaulted ? "_Any | None" : "_Any");
    case ArgKind::Successor:
      return a.arity == -1 ? "_Sequence[_ir.Block]" : "_ir.Block";
    case ArgKind::NumRegions:
      return "int";
    }
    return "_Any";
  };
  std::vector<std::string> parts;
  for (const BuilderArg &a : m.args)
    if (!a.keyword)
      parts.push_back(nameOf(a) + ": " + typeOf(a) +
                      (a.defaulted ? " = None" : ""));
  parts.push_back("*");
  for (const BuilderArg &a : m.args)
    if (a.keyword)
      parts.push_back(nameOf(a) + ": " + typeOf(a) + " = None");
  if (m.inference != Inference::None)
    parts.push_back("results: _Sequence[_ir.Type] | None = None");
  parts.push_back("loc: _ir.Location | None = None");
  parts.push_back("ip: _ir.InsertionPoint | None = None");
  return llvm::join(parts, ", ");
}

static std::string segSpec(llvm::ArrayRef<int> arities) {
  std::string s = "(";
  for (int a : arities)
    s += std::to_string(a) + ", ";
  return s + ")";
}

// 0: at most one variable-length group; 1: same variadic size;
// 2: sizes in the segment attribute; -1: unsupported.
static int layoutMode(const Operator &op, bool results) {
  unsigned numVar = results ? op.getNumVariableLengthResults()
                            : op.getNumVariableLengthOperands();
  if (numVar <= 1)
    return 0;
  if (hasTrait(op, results ? "::mlir::OpTrait::SameVariadicResultSize"
                           : "::mlir::OpTrait::SameVariadicOperandSize"))
    return 1;
  if (hasTrait(op, results ? "::mlir::OpTrait::AttrSizedResultSegments"
                           : "::mlir::OpTrait::AttrSizedOperandSegments"))
    return 2;
  return -1;
}

// The parameter names of a builder, in signature order without the '*':
// positional, keyword, results (ops whose result types MLIR infers), loc,
// ip; `name` names each argument's parameter.
static std::vector<std::string>
paramNames(const OpModel &m,
           llvm::function_ref<std::string(const BuilderArg &)> name) {
  std::vector<std::string> names;
  for (int keyword = 0; keyword < 2; ++keyword)
    for (const BuilderArg &a : m.args)
      if (a.keyword == bool(keyword))
        names.push_back(name(a));
  if (m.inference != Inference::None)
    names.push_back("results");
  names.push_back("loc");
  names.push_back("ip");
  return names;
}

static std::string buildFunctionName(const OpModel &m) {
  return "_ods_build_" + m.cls;
}

// The default builder's body, once per op, as a C function the class's
// __init__ and the snake_case builder function both call (no Python call
// between them and the OperationState). `self` is the object to bind, or
// None for a new object of the class registered for the op.
static void emitBuild(const OpModel &m, raw_ostream &os) {
  const Operator &op = *m.op;
  // Called by the op's builders (_ods_builder objects, made by _ods_define
  // from the module's builder records) with their bound arguments: self or
  // None, then the parameters in signature order.
  os << "\n\ncdef object " << buildFunctionName(m)
     << "(object self, PyObject** _ods_a):\n";
  std::vector<std::string> params =
      paramNames(m, [](const BuilderArg &a) { return a.py; });
  for (size_t i = 0; i < params.size(); ++i)
    os << "    cdef object " << params[i] << " = <object>_ods_a[" << i
       << "]\n";
  os << "    cdef OperationState _ods_st = new_operation_state("
     << pyStr(m.name) << ", loc)\n";
  if (m.sizedOperands && op.getNumOperands())
    os << "    cdef int32_t _ods_oseg[" << op.getNumOperands() << "]\n";
  bool explicitResults = m.inference == Inference::None;
  if (m.sizedResults && explicitResults && op.getNumResults())
    os << "    cdef int32_t _ods_rseg[" << op.getNumResults() << "]\n";
  // Where each operand group starts in the state, for the kind checks.
  bool checked = llvm::any_of(
      m.args, [](const BuilderArg &a) { return !a.typeCheck.empty(); });
  if (checked)
    os << "    cdef intptr_t _ods_at[" << op.getNumOperands() + 1 << "]\n";
  // Attribute values no builder converts are refused after the operands,
  // as upstream's operation creation refuses them (see _ods_attr_later).
  bool lateAttrs = llvm::any_of(m.args, [](const BuilderArg &a) {
    return a.kind == ArgKind::Attribute && !a.unit && !a.property;
  });
  if (lateAttrs)
    os << "    cdef bint _ods_late = False\n";
  // Upstream's builders extend their operand list with each variadic
  // operand group first of all (a group that is no iterable fails before
  // any other argument is looked at; a group of an op with operand segment
  // sizes is appended as it is): so do these, once, leaving a list or
  // tuple as it is.
  if (!m.sizedOperands)
    for (const BuilderArg &a : m.args)
      if (a.kind == ArgKind::Operand && a.arity < 0)
        os << "    if type(" << a.py << ") is not list and type(" << a.py
           << ") is not tuple:\n        " << a.py
           << " = _ods_st.operand_group(" << a.py << ", " << pyStr(a.py)
           << ")\n";

  // Upstream's order, which decides which of several bad arguments is
  // named: the attributes, the successors and regions, the given result
  // types, then the operands.
  for (const BuilderArg &a : m.args) {
    if (a.kind == ArgKind::Attribute && !a.property) {   // properties: last
      if (a.unit)
        os << "    _ods_unit(_ods_st, " << pyStr(a.odsName) << ", " << a.py
           << ")\n";
      else
        os << "    if _ods_attr_later(_ods_st, " << pyStr(a.odsName) << ", "
           << a.py << ", " << pyStr(a.attrDef) << ", "
           << (a.required ? "True" : "False") << "):\n        _ods_late = True\n";
    }
  }
  // The successors, then the regions (upstream counts them before the
  // operation is created). A successor that is None passes upstream's
  // binding layer and fails with the operation's creation, after the
  // operands: it is refused there (below).
  for (const BuilderArg &a : m.args) {
    if (a.kind == ArgKind::Successor) {
      if (a.arity == 1)
        os << "    if " << a.py << " is not None:\n        _ods_st.add_successor("
           << a.py << ")\n";
      else
        os << "    _ods_st.add_successors(" << a.py << ", "
           << pyStr(a.py) << ")\n";
    }
  }
  unsigned fixedRegions = op.getNumRegions() - op.getNumVariadicRegions();
  const BuilderArg *numRegions = nullptr;
  for (const BuilderArg &a : m.args)
    if (a.kind == ArgKind::NumRegions)
      numRegions = &a;
  if (numRegions)
    os << "    _ods_st.add_regions(" << fixedRegions << " + "
       << numRegions->py << ")\n";
  else if (fixedRegions)
    os << "    _ods_st.add_regions(" << fixedRegions << ")\n";
  if (m.inference == Inference::None) {
    for (const BuilderArg &a : m.args) {
      if (a.kind != ArgKind::Result)
        continue;
      std::string what = pyStr(a.py);
      if (m.sizedResults) {
        os << "    _ods_rseg[" << a.index << "] = _ods_result_group(_ods_st, "
           << a.py << ", " << what << ", " << a.arity << ", " << a.index
           << ")\n";
      } else if (a.arity == 1) {
        os << "    _ods_st.add_result(" << a.py << ", " << what << ")\n";
      } else if (a.arity == 0) {
        os << "    _ods_result_group(_ods_st, " << a.py << ", " << what
           << ", 0, -1)\n";
      } else {
        os << "    _ods_st.add_results(" << a.py << ", " << what << ")\n";
      }
    }
    if (m.sizedResults && op.getNumResults())
      os << "    _ods_segments(_ods_st, \"resultSegmentSizes\", _ods_rseg, "
         << op.getNumResults() << ")\n";
  }
  for (const BuilderArg &a : m.args) {
    if (a.kind == ArgKind::Operand) {
      std::string what = pyStr(a.py);
      if (checked)
        os << "    _ods_at[" << a.index << "] = _ods_mark(_ods_st)\n";
      if (m.sizedOperands) {
        os << "    _ods_oseg[" << a.index << "] = ";
        std::string group = ", " + std::to_string(a.index) + ")\n";
        if (a.arity == 1)
          os << "_ods_single(_ods_st, " << a.py << ", " << what << group;
        else if (a.arity == 0)
          os << "_ods_optional(_ods_st, " << a.py << ", " << what << group;
        else
          os << "_ods_variadic(_ods_st, " << a.py << ", " << what << group;
      } else if (a.arity == 1 && a.index == 0 &&
                 m.inference == Inference::SameAsOperand) {
        os << "    _ods_typed_operand(_ods_st, " << a.py << ", " << what
           << ", results)\n";
      } else if (a.arity == 1) {
        os << "    _ods_st.add_operand(" << a.py << ", " << what << ")\n";
      } else if (a.arity == 0) {
        os << "    _ods_optional(_ods_st, " << a.py << ", " << what
           << ", -1)\n";
      } else {
        os << "    _ods_st.add_operands(" << a.py << ", " << what
           << ")\n";
      }
    }
  }
  if (m.sizedOperands && op.getNumOperands())
    os << "    _ods_segments(_ods_st, \"operandSegmentSizes\", _ods_oseg, "
       << op.getNumOperands() << ")\n";
  if (checked)
    os << "    _ods_at[" << op.getNumOperands() << "] = _ods_mark(_ods_st)\n";
  if (lateAttrs) {
    os << "    if _ods_late:\n";
    for (const BuilderArg &a : m.args)
      if (a.kind == ArgKind::Attribute && !a.unit && !a.property)
        os << "        _ods_attr_last(_ods_st, " << pyStr(a.odsName) << ", "
           << a.py << ", " << pyStr(a.attrDef) << ", "
           << (a.required ? "True" : "False") << ")\n";
  }

  // Inferred result types unless the caller gives them (`results=`).
  if (m.inference != Inference::None) {
    os << "    if results is not None:\n";
    if (op.getNumVariableLengthResults() == 0)
      os << "        _ods_fixed_results(_ods_st, results, "
         << op.getNumResults() << ")\n";
    else
      os << "        _ods_st.add_results(results, \"results\")\n";
  }
  switch (m.inference) {
  case Inference::SameAsOperand:
    os << "    else:\n        _ods_same_type(_ods_st, " << op.getNumResults()
       << ")\n";
    break;
  case Inference::FromAttribute:
    os << "    else:\n        _ods_attr_type(_ods_st, " << pyStr(m.typeAttr)
       << ", " << op.getNumResults() << ")\n";
    break;
  case Inference::Interface:
    os << "    else:\n";
    // Inference casts the operands' types to what ODS promises: refuse
    // values of another kind first.
    for (const BuilderArg &a : m.args)
      if (!a.typeCheck.empty())
        os << "        _ods_check_types(_ods_st, _ods_at[" << a.index
           << "], _ods_at[" << a.index + 1 << "], " << a.typeCheck << ", "
           << pyStr(a.py) << ", " << pyStr(a.typeSummary) << ")\n";
    os << "        _ods_st.enable_result_type_inference()\n";
    break;
  case Inference::None:
    break;
  }
  for (const BuilderArg &a : m.args)
    if (a.kind == ArgKind::Successor && a.arity == 1)
      os << "    if " << a.py << " is None:\n        _ods_st.add_successor("
         << a.py << ")\n";
  // Properties last: upstream's builders of MLIR 22 take them but set
  // none, so a bad one never hides an error of another argument there.
  for (const BuilderArg &a : m.args)
    if (a.kind == ArgKind::Attribute && a.property)
      os << (a.unit ? "    _ods_unit_prop(_ods_st, " : "    _ods_prop(_ods_st, ")
         << pyStr(a.odsName) << ", " << a.py
         << (a.unit ? std::string(")\n")
                    : ", " + pyStr(a.attrDef) + ", " +
                          (a.required ? "True" : "False") + ")\n");
  os << "    return _ods_st.finish(self, ip)\n";
}

//===----------------------------------------------------------------------===//
// Annotations of accessors and builder functions
//===----------------------------------------------------------------------===//

// An annotation, rendered for the module (strings that typing resolves in the
// module, which imports mlir's _ir as _ods_ir and typing's Optional/Union as
// _Optional/_Union) or for its stub (mlir.ir as _ir, PEP 604 unions).
struct Annotation {
  std::string cls;          // class of mlir.ir ("Value"), or a local class
  bool local = false;       // cls is a class of the generated module
  std::string typeArg;      // class of mlir.ir subscripting cls ("IntegerType")
  bool optional = false;    // or None
};

static std::string render(const Annotation &a, bool stub) {
  std::string irPrefix = stub ? "_ir." : "_ods_ir.";
  std::string t = a.local ? a.cls : irPrefix + a.cls;
  // Stubs leave Value[...] unsubscripted: mlir.ir's stub declares no
  // type parameter for Value.
  if (!a.typeArg.empty() && !stub)
    t += "[" + irPrefix + a.typeArg + "]";
  if (a.optional)
    t = stub ? t + " | None" : "_Optional[" + t + "]";
  return t;
}

// Types of mlir.ir that a value's type constraint names by its C++ class.
static const std::pair<StringRef, StringRef> kValueTypeClasses[] = {
    {"::mlir::MemRefType", "MemRefType"},
    {"::mlir::UnrankedMemRefType", "UnrankedMemRefType"},
    {"::mlir::RankedTensorType", "RankedTensorType"},
    {"::mlir::UnrankedTensorType", "UnrankedTensorType"},
    {"::mlir::VectorType", "VectorType"},
    {"::mlir::IntegerType", "IntegerType"},
    {"::mlir::FloatType", "FloatType"},
    {"::mlir::IndexType", "IndexType"},
    {"::mlir::ComplexType", "ComplexType"},
    {"::mlir::TupleType", "TupleType"},
    {"::mlir::NoneType", "NoneType"},
};

// Attribute classes of mlir.ir by an attribute constraint's storage class.
static const std::pair<StringRef, StringRef> kAttributeClasses[] = {
    {"::mlir::AffineMapAttr", "AffineMapAttr"},
    {"::mlir::ArrayAttr", "ArrayAttr"},
    {"::mlir::BoolAttr", "BoolAttr"},
    {"::mlir::DenseBoolArrayAttr", "DenseBoolArrayAttr"},
    {"::mlir::DenseElementsAttr", "DenseElementsAttr"},
    {"::mlir::DenseF32ArrayAttr", "DenseF32ArrayAttr"},
    {"::mlir::DenseF64ArrayAttr", "DenseF64ArrayAttr"},
    {"::mlir::DenseFPElementsAttr", "DenseFPElementsAttr"},
    {"::mlir::DenseI16ArrayAttr", "DenseI16ArrayAttr"},
    {"::mlir::DenseI32ArrayAttr", "DenseI32ArrayAttr"},
    {"::mlir::DenseI64ArrayAttr", "DenseI64ArrayAttr"},
    {"::mlir::DenseI8ArrayAttr", "DenseI8ArrayAttr"},
    {"::mlir::DenseIntElementsAttr", "DenseIntElementsAttr"},
    {"::mlir::DenseResourceElementsAttr", "DenseResourceElementsAttr"},
    {"::mlir::DictionaryAttr", "DictAttr"},
    {"::mlir::FlatSymbolRefAttr", "FlatSymbolRefAttr"},
    {"::mlir::FloatAttr", "FloatAttr"},
    {"::mlir::IntegerAttr", "IntegerAttr"},
    {"::mlir::IntegerSetAttr", "IntegerSetAttr"},
    {"::mlir::OpaqueAttr", "OpaqueAttr"},
    {"::mlir::StridedLayoutAttr", "StridedLayoutAttr"},
    {"::mlir::StringAttr", "StringAttr"},
    {"::mlir::SymbolRefAttr", "SymbolRefAttr"},
    {"::mlir::TypeAttr", "TypeAttr"},
    {"::mlir::UnitAttr", "UnitAttr"},
};

static StringRef lookup(llvm::ArrayRef<std::pair<StringRef, StringRef>> table,
                        StringRef key, StringRef otherwise) {
  for (const auto &[k, v] : table)
    if (k == key)
      return v;
  return otherwise;
}

static std::string attributeClass(const mlir::tblgen::Attribute &attr) {
  StringRef storage = attr.getStorageType().trim();
  // An i1 IntegerAttr is read back as a BoolAttr; float elements as
  // DenseFPElementsAttr.
  if (storage == "::mlir::IntegerAttr" && attr.getAttrDefName() == "I1Attr")
    return "BoolAttr";
  if (storage == "::mlir::DenseElementsAttr")
    for (const Record *sc : attr.getDef().getSuperClasses())
      if (sc->getName() == "FloatElementsAttr" ||
          sc->getName() == "RankedFloatElementsAttr")
        return "DenseFPElementsAttr";
  return lookup(kAttributeClasses, storage, "Attribute").str();
}

// What the accessor of operand or result i returns: a single value (typed by
// its constraint where mlir.ir has the class), None or one (optional), or
// the group's list (variadic).
static Annotation valueAnnotation(const Operator &op, bool results, int i) {
  const NamedTypeConstraint &c = results ? op.getResult(i) : op.getOperand(i);
  Annotation single;
  single.cls = results ? "OpResult" : "Value";
  single.typeArg = lookup(kValueTypeClasses, c.constraint.getCppType(), "").str();
  Annotation list;
  list.cls = results ? "OpResultList" : "OpOperandList";
  if (!c.isVariableLength())
    return single;
  unsigned groups = results ? op.getNumVariableLengthResults()
                            : op.getNumVariableLengthOperands();
  bool sameSize =
      groups > 1 && hasTrait(op, results ? "::mlir::OpTrait::SameVariadicResultSize"
                                         : "::mlir::OpTrait::SameVariadicOperandSize");
  if (c.isOptional() && !sameSize) {
    single.optional = true;
    return single;
  }
  return list;
}

// What the snake_case builder function returns.
static std::string builderReturn(const OpModel &m, bool stub) {
  const Operator &op = *m.op;
  std::string ir = stub ? "_ir." : "_ods_ir.";
  if (op.getNumVariableLengthResults())
    return stub ? ir + "OpResult | " + ir + "OpResultList | " + m.cls
                : "_Union[" + ir + "OpResult, " + ir + "OpResultList, " +
                      m.cls + "]";
  if (op.getNumResults() == 0)
    return m.cls;
  return ir + (op.getNumResults() == 1 ? "OpResult" : "OpResultList");
}

// The accessors of a class, as the records _ods_runtime's _ods_classes
// and _ods_adaptor read (one string per class: as class-body statements
// they were most of a module's compile time). A record's fields: kind, public
// name (a Python keyword too: no class body spells it), then the
// accessor's arguments.
struct Members {
  std::string spec;
  void add(char kind, StringRef name, llvm::ArrayRef<std::string> fields) {
    if (!spec.empty())
      spec += '\x1e';
    spec += kind;
    spec += '\x1f' + publicName(name, NameUse::Attr);
    for (const std::string &f : fields)
      spec += '\x1f' + f;
  }
};

static void emitValueAccessors(const Operator &op, bool results,
                               Members &members) {
  int n = results ? op.getNumResults() : op.getNumOperands();
  int mode = layoutMode(op, results);
  if (mode < 0)
    return;   // ODS rejects this too; no accessors rather than wrong ones
  std::string arities;
  for (int i = 0; i < n; ++i)
    arities += (i ? "," : "") +
               std::to_string(arityOf(results ? op.getResult(i)
                                              : op.getOperand(i)));
  for (int i = 0; i < n; ++i) {
    const NamedTypeConstraint &c = results ? op.getResult(i) : op.getOperand(i);
    if (c.name.empty())
      continue;
    members.add(results ? 'r' : 'o', c.name,
                {std::to_string(i), std::to_string(mode), arities,
                 render(valueAnnotation(op, results, i), false)});
  }
}

// The accessors of the operands, attributes and properties: an op class's
// first, and all of its adaptor class's.
static void emitArgumentAccessors(const OpModel &m, Members &members) {
  const Operator &op = *m.op;
  emitValueAccessors(op, false, members);
  for (int i = 0, e = op.getNumArgs(); i < e; ++i) {
    Argument arg = op.getArg(i);
    StringRef name = op.getArgName(i);
    if (name.empty() || llvm::isa<NamedTypeConstraint *>(arg))
      continue;
    if (auto *prop = llvm::dyn_cast<NamedProperty *>(arg)) {
      bool unit = prop->prop.getDef().isSubClassOf("_cls_UnitProp");
      members.add('p', name, {name.str(), unit ? "1" : "0"});
      continue;
    }
    auto *attr = llvm::cast<NamedAttribute *>(arg);
    if (attr->attr.isDerivedAttr())
      continue;
    int kind;
    if (attr->attr.getStorageType().trim() == "::mlir::UnitAttr")
      kind = 2;
    else
      kind = attr->attr.isOptional() ? 1 : 0;
    members.add('a', name,
                {name.str(), std::to_string(kind),
                 kind != 2 ? "_ods_ir." + attributeClass(attr->attr)
                           : std::string()});
  }
}

static void emitAccessors(const OpModel &m, Members &members) {
  const Operator &op = *m.op;
  emitArgumentAccessors(m, members);
  emitValueAccessors(op, true, members);
  for (int i = 0, e = op.getNumRegions(); i < e; ++i) {
    const NamedRegion &r = op.getRegion(i);
    if (r.name.empty())
      continue;
    members.add('g', r.name,
                {std::to_string(i), r.isVariadic() ? "1" : "0"});
  }
  for (int i = 0, e = op.getNumSuccessors(); i < e; ++i) {
    const NamedSuccessor &s = op.getSuccessor(i);
    if (s.name.empty())
      continue;
    members.add('s', s.name,
                {std::to_string(i), s.isVariadic() ? "1" : "0"});
  }
}

// The snake_case builder function's public name: the op name after the
// dialect prefix, with a '_' suffix where it would hide a class of the module
// (rocdl names some classes in lower case).
static void nameFunctions(std::vector<OpModel> &models) {
  std::set<std::string> classes;
  for (const OpModel &m : models)
    classes.insert(m.cls);
  for (OpModel &m : models) {
    StringRef full = m.name;
    std::string fn = publicName(full.substr(full.find('.') + 1),
                                NameUse::Function);
    while (classes.count(fn))
      fn += "_";
    m.fn = fn;
  }
}

// The function's name as written in the .pyx (public name unless Cython
// rejects it there).

// For an op whose result types MLIR infers through its interface: the kind
// checks of its builder again, as a function of the operation state, for
// generic builds (Operation.create(infer_type=True), build_generic), which
// find it as the class's _ODS_CHECK_INFERRED.
static bool emitInferredCheck(const OpModel &m, raw_ostream &os) {
  const Operator &op = *m.op;
  int mode = layoutMode(op, false);
  if (m.inference != Inference::Interface || mode < 0 ||
      llvm::none_of(m.args, [](const BuilderArg &a) {
        return !a.typeCheck.empty();
      }))
    return false;
  llvm::SmallVector<int> arities;
  for (int i = 0, e = op.getNumOperands(); i < e; ++i)
    arities.push_back(arityOf(op.getOperand(i)));
  os << "\n\ndef _ods_check_inferred_" << m.cls
     << "(OperationState _ods_st):\n";
  os << "    " << pyStr("The operand kinds the result type inference of " +
                        m.name + " reads, checked for a generic build.")
     << "\n";
  for (const BuilderArg &a : m.args)
    if (!a.typeCheck.empty())
      os << "    _ods_check_group(_ods_st, " << a.index << ", " << mode
         << ", " << segSpec(arities) << ", " << a.typeCheck << ", "
         << pyStr(a.py) << ", " << pyStr(a.typeSummary) << ")\n";
  return true;
}

// The text of an ODS description with its common indentation removed
// and blank lines at either end dropped (as Python's inspect.cleandoc).
static std::string dedent(StringRef text) {
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  size_t common = std::string::npos;
  for (StringRef l : lines) {
    if (l.trim().empty())
      continue;
    common = std::min(common, l.size() - l.ltrim(" ").size());
  }
  std::string out;
  for (StringRef l : lines) {
    l = l.rtrim();
    out += (common != std::string::npos && l.size() >= common)
               ? l.drop_front(common).str()
               : l.ltrim().str();
    out += "\n";
  }
  return StringRef(out).trim("\n").str();
}

// An op class's docstring: the ODS summary, the description (upstream's
// docstring), then the constraints of its operands, attributes and
// results, one per line.
static std::string opDoc(const Operator &op) {
  std::string doc = op.getSummary().trim().str();
  std::string desc = dedent(op.getDescription());
  if (!desc.empty())
    doc += (doc.empty() ? "" : "\n\n") + desc;
  auto section = [&](StringRef title,
                     SmallVector<std::pair<std::string, std::string>> rows) {
    if (rows.empty())
      return;
    doc += "\n\n" + title.str() + ":";
    for (auto &[name, what] : rows)
      doc += "\n  " + name + ": " + StringRef(what).trim().str();
  };
  SmallVector<std::pair<std::string, std::string>> operands, attrs, results;
  for (int i = 0, e = op.getNumArgs(); i < e; ++i) {
    Argument arg = op.getArg(i);
    std::string name = op.getArgName(i).str();
    if (auto *o = llvm::dyn_cast<NamedTypeConstraint *>(arg))
      operands.push_back({name, o->constraint.getSummary().str()});
    else if (auto *a = llvm::dyn_cast<NamedAttribute *>(arg))
      attrs.push_back({name, a->attr.getSummary().str()});
    else if (auto *p = llvm::dyn_cast<NamedProperty *>(arg))
      attrs.push_back({name, p->prop.getSummary().str()});
  }
  for (int i = 0, e = op.getNumResults(); i < e; ++i) {
    const NamedTypeConstraint &r = op.getResult(i);
    results.push_back({r.name.empty() ? formatv("#{0}", i).str() : r.name.str(),
                       r.constraint.getSummary().str()});
  }
  section("Operands", operands);
  section("Attributes", attrs);
  section("Results", results);
  return doc;
}

// An op's C functions (its default builder, which its builders call, and
// the kind checks of generic builds), and its record for _ods_classes,
// which makes its class at import: the class body as data (a class
// statement per op was most of a module's compile time). Fields, separated
// by \x1c: class name, op name, docstring, the regions (count, whether
// none is variadic: "0"/"1"), the operand and the result segment arities
// ("-" for none), "1" if the class has an inference check, then the
// accessor records of the class and of its adaptor (Members).
static std::string emitOp(const OpModel &m, raw_ostream &os) {
  const Operator &op = *m.op;
  emitBuild(m, os);
  bool inferredCheck = emitInferredCheck(m, os);
  Members members;
  emitAccessors(m, members);
  Members adaptorMembers;
  emitArgumentAccessors(m, adaptorMembers);
  auto segments = [&](bool sized, bool results) -> std::string {
    if (!sized)
      return "-";
    std::vector<std::string> a;
    for (int i = 0, e = results ? op.getNumResults() : op.getNumOperands();
         i < e; ++i)
      a.push_back(std::to_string(
          arityOf(results ? op.getResult(i) : op.getOperand(i))));
    return llvm::join(a, ",");
  };
  return llvm::join(
      std::vector<std::string>{
          m.cls, m.name, opDoc(op),
          std::to_string(op.getNumRegions() - op.getNumVariadicRegions()) +
              "," + (op.hasNoVariadicRegions() ? "1" : "0"),
          segments(m.sizedOperands, false), segments(m.sizedResults, true),
          inferredCheck ? "1" : "0", members.spec, adaptorMembers.spec},
      "\x1c");
}

// The op's record for _ods_define: class name, op name, builder function
// name, its
// return annotation, what it returns (0 the operation, 1 its result, 2 its
// results), a flag per positional parameter ("1": may be left out), the
// parameter names of __init__ (self excluded) and of the function, as
// callers write them.
static std::string builderRecord(const OpModel &m) {
  const Operator &op = *m.op;
  unsigned numResults = op.getNumResults();
  int returns = numResults == 0 ? 0
                : (numResults == 1 && op.getNumVariableLengthResults() == 0)
                    ? 1
                    : 2;
  std::string optional;
  for (const BuilderArg &a : m.args)
    if (!a.keyword)
      optional += a.defaulted ? '1' : '0';
  std::vector<std::string> initNames =
      paramNames(m, [](const BuilderArg &a) { return a.pub; });
  std::vector<std::string> fnNames =
      paramNames(m, [](const BuilderArg &a) { return snakeName(a); });
  return llvm::join(std::vector<std::string>{m.cls, m.name, m.fn,
                                             builderReturn(m, false),
                                             std::to_string(returns),
                                             optional,
                                             llvm::join(initNames, ","),
                                             llvm::join(fnNames, ",")},
                    "\x1f");
}

//===----------------------------------------------------------------------===//
// .pyi emission
//===----------------------------------------------------------------------===//

static void emitStubOp(const OpModel &m, raw_ostream &os) {
  const Operator &op = *m.op;
  os << "\nclass " << m.cls << "(_ir.OpView):\n";
  os << "    OPERATION_NAME: _ClassVar[str]\n";
  os << "    _ODS_REGIONS: _ClassVar[tuple[int, bool]]\n";
  os << "    def __init__(self, " << signature(m, false)
     << ") -> None: ...\n";
  auto values = [&](bool results) {
    int n = results ? op.getNumResults() : op.getNumOperands();
    if (layoutMode(op, results) < 0)
      return;
    for (int i = 0; i < n; ++i) {
      const NamedTypeConstraint &c =
          results ? op.getResult(i) : op.getOperand(i);
      if (c.name.empty())
        continue;
      os << "    @property\n    def " << publicName(c.name, NameUse::Attr)
         << "(self) -> " << render(valueAnnotation(op, results, i), true)
         << ": ...\n";
    }
  };
  auto arguments = [&](bool setters) {
  for (int i = 0, e = op.getNumArgs(); i < e; ++i) {
    Argument arg = op.getArg(i);
    StringRef name = op.getArgName(i);
    if (name.empty() || llvm::isa<NamedTypeConstraint *>(arg))
      continue;
    std::string t = "_ir.Attribute";
    if (auto *attr = llvm::dyn_cast<NamedAttribute *>(arg)) {
      if (attr->attr.isDerivedAttr())
        continue;
      if (attr->attr.getStorageType().trim() == "::mlir::UnitAttr")
        t = "bool";
      else
        t = "_ir." + attributeClass(attr->attr) +
            (attr->attr.isOptional() ? " | None" : "");
    } else {
      auto *prop = llvm::cast<NamedProperty *>(arg);
      t = prop->prop.getDef().isSubClassOf("_cls_UnitProp")
              ? "bool"
              : "_ir.Attribute | None";
    }
    std::string n = publicName(name, NameUse::Attr);
    os << "    @property\n    def " << n << "(self) -> " << t << ": ...\n";
    if (setters)
      os << "    @" << n << ".setter\n    def " << n << "(self, value: " << t
         << ") -> None: ...\n";
  }
  };
  values(false);
  arguments(true);
  values(true);
  for (int i = 0, e = op.getNumRegions(); i < e; ++i) {
    const NamedRegion &r = op.getRegion(i);
    if (!r.name.empty())
      os << "    @property\n    def " << publicName(r.name, NameUse::Attr) << "(self) -> "
         << (r.isVariadic() ? "_ir.RegionSequence" : "_ir.Region")
         << ": ...\n";
  }
  for (int i = 0, e = op.getNumSuccessors(); i < e; ++i) {
    const NamedSuccessor &s = op.getSuccessor(i);
    if (!s.name.empty())
      os << "    @property\n    def " << publicName(s.name, NameUse::Attr) << "(self) -> "
         << (s.isVariadic() ? "_Sequence[_ir.Block]" : "_ir.Block")
         << ": ...\n";
  }
  os << "\nclass " << m.cls << "Adaptor(_ir.OpAdaptor):\n";
  os << "    OPERATION_NAME: _ClassVar[str]\n";
  values(false);
  arguments(false);
  std::string ret = builderReturn(m, true);
  os << "\ndef " << m.fn << "(" << signature(m, true)
     << ") -> " << ret << ": ...\n";
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

static std::string enumCaseName(StringRef sym) {
  std::string s = sym.str();
  if (isPythonKeyword(s))
    s += "_";
  if (!s.empty() && llvm::isDigit(s[0]))
    s = "_" + s;
  return s;
}

static std::string fileOf(const Record &rec) {
  llvm::ArrayRef<llvm::SMLoc> locs = rec.getLoc();
  if (locs.empty())
    return "";
  unsigned id = llvm::SrcMgr.FindBufferContainingLoc(locs.front());
  if (!id)
    return "";
  return llvm::SrcMgr.getMemoryBuffer(id)->getBufferIdentifier().str();
}

static std::string dirOf(StringRef file) {
  llvm::SmallString<256> p(llvm::sys::path::parent_path(file));
  llvm::sys::path::remove_dots(p, true);
  return std::string(p.str());
}

static bool isOwn(const Record &rec, llvm::ArrayRef<std::string> dirs) {
  return llvm::is_contained(dirs, dirOf(fileOf(rec)));
}

namespace {
// Which records' enums a module emits: those defined in its own
// directories, and those of its extra enum files (compared as files, so
// however the include path spelled them). Remembers which extra files
// matched, to report one that defines nothing.
class EnumScope {
public:
  EnumScope(llvm::ArrayRef<std::string> dirs,
            llvm::ArrayRef<std::string> files)
      : dirs(dirs), files(files), used(files.size(), false) {}

  bool contains(const Record &rec) {
    std::string file = fileOf(rec);
    auto [it, fresh] = match.try_emplace(file, -1);
    if (fresh)
      for (size_t i = 0; i < files.size(); ++i) {
        bool same = false;
        if (!llvm::sys::fs::equivalent(file, files[i], same) && same) {
          it->second = (int)i;
          break;
        }
      }
    if (it->second >= 0) {
      used[it->second] = true;
      return true;
    }
    return isOwn(rec, dirs);
  }

  // The extra files no emitted enum came from.
  std::vector<std::string> unused() const {
    std::vector<std::string> out;
    for (size_t i = 0; i < files.size(); ++i)
      if (!used[i])
        out.push_back(files[i]);
    return out;
  }

private:
  llvm::ArrayRef<std::string> dirs, files;
  std::vector<bool> used;
  llvm::StringMap<int> match;   // record file -> index in files, or -1
};
} // namespace

static bool emitEnums(const RecordKeeper &records, EnumScope &scope,
                      StringRef header, std::string &out) {
  llvm::raw_string_ostream os(out);
  os << header;
  os << "from enum import IntEnum, IntFlag, auto\n\n"
        "from mlir.dialects._ods_common import (\n"
        "    _ods_enum_strings, _ods_register_enum_builder,\n"
        "    _ods_register_dialect_enum_builder,\n"
        ")\n";
  std::set<std::string> seen;
  for (const Record *rec :
       records.getAllDerivedDefinitionsIfDefined("EnumInfo")) {
    if (!scope.contains(*rec))
      continue;
    EnumInfo info(*rec);
    std::string cls = info.getEnumClassName().str();
    if (!seen.insert(cls).second)
      continue;
    bool bits = info.isBitEnum();
    os << "\n\nclass " << cls << "(" << (bits ? "IntFlag" : "IntEnum")
       << "):\n";
    if (!info.getSummary().trim().empty())
      os << "    " << docLine(info.getSummary()) << "\n";
    std::vector<EnumCase> cases = info.getAllCases();
    if (cases.empty())
      os << "    pass\n";
    for (const EnumCase &c : cases)
      os << "    " << enumCaseName(c.getSymbol()) << " = "
         << (c.getValue() >= 0 ? std::to_string(c.getValue())
                               : std::string("auto()"))
         << "\n";
    os << "\n\n_ods_enum_strings(" << cls << ", {";
    for (const EnumCase &c : cases)
      os << pyStr(enumCaseName(c.getSymbol())) << ": " << pyStr(c.getStr())
         << ", ";
    os << "}, "
       << (bits ? pyStr(rec->getValueAsString("separator")) : "None") << ")\n";
    if (std::optional<Attribute> attr = info.asEnumAttr()) {
      os << "_ods_register_enum_builder(" << pyStr(attr->getAttrDefName())
         << ", " << info.getBitwidth() << ")\n";
    }
  }
  for (const Record *rec :
       records.getAllDerivedDefinitionsIfDefined("EnumAttr")) {
    if (!scope.contains(*rec))
      continue;
    AttrOrTypeDef attr(rec);
    if (!attr.getMnemonic())
      continue;
    std::optional<StringRef> fmt = attr.getAssemblyFormat();
    StringRef dialect = attr.getDialect().getName();
    std::string pattern;
    if (fmt == "`<` $value `>`")
      pattern = formatv("#{0}.{1}<{{}>", dialect, *attr.getMnemonic()).str();
    else if (fmt == "$value")
      pattern = formatv("#{0}<{1} {{}>", dialect, *attr.getMnemonic()).str();
    else
      continue;   // custom syntax: no builder, pass an Attribute
    os << "_ods_register_dialect_enum_builder(" << pyStr(attr.getName())
       << ", " << pyStr(pattern) << ")\n";
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

static bool writeIfChanged(StringRef path, StringRef content) {
  if (auto existing = llvm::MemoryBuffer::getFile(path))
    if ((*existing)->getBuffer() == content)
      return false;
  std::error_code ec;
  llvm::raw_fd_ostream f(path, ec);
  if (ec) {
    llvm::errs() << "mlir-cython-tblgen: cannot write " << path << ": "
                 << ec.message() << "\n";
    return true;
  }
  f << content;
  return false;
}

static bool emitAll(raw_ostream &os, const RecordKeeper &records) {
  if (clDialect.empty()) {
    llvm::errs() << "mlir-cython-tblgen: --bind-dialect is required\n";
    return true;
  }
  std::string input = clInputName.empty()
                          ? llvm::sys::path::filename(records.getInputFilename())
                                .str()
                          : clInputName.getValue();
  std::string mainFile = records.getInputFilename().str();
  std::vector<std::string> ownDirs;
  for (const std::string &d : clOwnDirs) {
    llvm::SmallString<256> p(d);
    llvm::sys::path::remove_dots(p, true);
    ownDirs.push_back(std::string(p.str()));
  }
  if (ownDirs.empty())
    ownDirs.push_back(dirOf(mainFile));
  std::string header =
      formatv("# Generated by mlir-cython-tblgen from {0} "
              "(--bind-dialect={1}{2}): do not edit.\n",
              input, clDialect,
              clExtension.empty() ? ""
                                  : " --dialect-extension=" + clExtension)
          .str();

  std::vector<const Record *> opDefs;
  for (const Record *rec : records.getAllDerivedDefinitionsIfDefined("Op")) {
    Operator op(rec);
    if (op.getDialectName() != clDialect)
      continue;
    // An extension binds only its own ops, not the dialect's core ones.
    if (!clExtension.empty() && !isOwn(*rec, ownDirs))
      continue;
    opDefs.push_back(rec);
  }
  collectDialectNamespaces(records);
  std::vector<std::unique_ptr<Operator>> ops;
  std::vector<OpModel> models;
  for (const Record *rec : opDefs)
    ops.push_back(std::make_unique<Operator>(rec));
  for (auto &op : ops)
    models.push_back(buildModel(*op));
  nameFunctions(models);

  os << header;
  // (No copies of the .pyx lines in the C++: a third of its size, and of
  // the time GCC spends reading it.)
  os << "# cython: language_level=3, binding=True, embedsignature=False, "
        "freethreading_compatible=True, emit_code_comments=False\n"
        "# Op classes of the dialect: default builders fill an "
        "OperationState at C\n# speed; accessors are shared descriptor "
        "objects (mlir._mlir_libs._ods_runtime).\n\n";
  os << "from libc.stdint cimport int32_t, intptr_t\n"
        "from mlir._mlir_libs._ir cimport OperationState, "
        "new_operation_state\n"
        "from mlir._mlir_libs._ods_runtime cimport (\n"
        "    _ods_attr, _ods_unit, _ods_prop, _ods_unit_prop, _ods_single,\n"
        "    _ods_optional, _ods_variadic,\n"
        "    _ods_segments, _ods_same_type, _ods_typed_operand,\n"
        "    _ods_attr_later, _ods_attr_last,\n"
        "    _ods_attr_type, "
        "_ods_result_group,\n    _ods_fixed_results, _ods_build_fn, _ods_define,\n)\n"
        "from cpython.object cimport PyObject\n"
        "from mlir._mlir_libs._ir import (\n"
        "    OpView as _ods_OpView, Dialect as _ods_Dialect,\n"
        "    register_dialect as _ods_register_dialect,\n)\n"
        "from mlir._mlir_libs._ods_runtime import (\n"
        "    _ods_classes,\n)\n"
        "from mlir._mlir_libs import _ods_runtime as _ods_runtime_py\n"
        "# Built against the installed package's private declarations?\n"
        "from mlir._mlir_libs._ir cimport MLIRCY_INTERNALS as "
        "_ods_INTERNALS\n"
        "_ods_runtime_py._ods_check_internals(_ods_INTERNALS, __name__)\n"

        "# Names the accessors' annotations use (resolved by typing).\n"
        "from mlir._mlir_libs import _ir as _ods_ir\n"
        "from typing import Optional as _Optional, Union as _Union\n";
  emitTypePredicates(os);
  if (clExtension.empty())
    os << "\n\n@_ods_register_dialect\nclass _Dialect(_ods_Dialect):\n"
          "    DIALECT_NAMESPACE = "
       << pyStr(clDialect) << "\n";
  else
    os << "from ._" << clDialect << "_ops_gen import _Dialect\n";
  // The ops' C functions, then, at the end, their classes and builders:
  // one record per op for _ods_classes (the classes) and one for
  // _ods_define (the builders: the classes' __init__ and the functions),
  // and the table of the ops' default builders, which those call.
  std::string classRecords, builderRecords;
  for (const OpModel &m : models) {
    std::string record = emitOp(m, os);
    if (!classRecords.empty()) {
      classRecords += '\x1d';
      builderRecords += '\x1e';
    }
    classRecords += record;
    builderRecords += builderRecord(m);
  }
  os << "\n\n# The op classes, their adaptors and builders: made from the "
        "records, building\n# through the default builders above "
        "(_ods_classes, _ods_define).\n";
  if (models.empty()) {
    os << "_ods_classes(globals(), _Dialect, \"\", "
          "_ods_define(globals(), \"\", NULL, 0))\n";
  } else {
    os << "cdef _ods_build_fn _ods_entries[" << models.size() << "]\n";
    for (size_t i = 0; i < models.size(); ++i)
      os << "_ods_entries[" << i << "] = " << buildFunctionName(models[i])
         << "\n";
    os << "_ods_classes(globals(), _Dialect, " << pyStr(classRecords)
       << ",\n             _ods_define(globals(), " << pyStr(builderRecords)
       << ", _ods_entries, " << models.size() << "))\n";
  }

  if (!clStubOut.empty()) {
    std::string stub;
    llvm::raw_string_ostream ss(stub);
    ss << header;
    ss << "from typing import Any as _Any, ClassVar as _ClassVar, "
          "Sequence as _Sequence\n\nfrom mlir import ir as _ir\n\n"
          "class _Dialect(_ir.Dialect):\n"
          "    DIALECT_NAMESPACE: _ClassVar[str]\n";
    for (const OpModel &m : models)
      emitStubOp(m, ss);
    if (writeIfChanged(clStubOut, stub))
      return true;
  }
  if (!clEnumOut.empty()) {
    std::string enums;
    EnumScope scope(ownDirs, clEnumFiles);
    if (emitEnums(records, scope, header, enums))
      return true;
    if (std::vector<std::string> unused = scope.unused(); !unused.empty()) {
      for (const std::string &f : unused)
        llvm::errs() << "mlir-cython-tblgen: --enum-file=" << f
                     << ": no enum of the input is defined there (is the "
                        "file included by the input?)\n";
      return true;
    }
    if (writeIfChanged(clEnumOut, enums))
      return true;
  }
  return false;
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "mlir-cython-tblgen: Cython op wrappers for an MLIR dialect's ODS\n");
  return llvm::TableGenMain(argv[0], &emitAll);
}
