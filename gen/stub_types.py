"""Types of the native modules' API for gen/stubs.py.

Parameter names, defaults and order come from the modules themselves, and
so do most types: the Python annotations of their def functions and
properties, which Cython embeds in the signatures (annotation_typing is
off: they are not checks). This table adds the types the modules cannot
tell: overloads, special methods (Cython embeds no signature for a type
slot such as __iter__ or __add__), `cdef readonly`/`cdef public` fields,
parameters with a C type, and a few more. Keys are "module:Class.member" (or
"module:function"); stubs.py fails on a key or parameter name that does
not exist, so the table cannot silently go stale.

    methods and functions   "(param: T, ...) -> R": any subset of the
                            parameters, by name; "-> R" for the return alone
    overloads               a list of full signatures, written verbatim
                            (parameter names must exist)
    properties              "T" (a settable property takes the same type)
    class attributes        "T"

Names are those of _ir's namespace; in other modules the writer spells
_ir's classes as _ir.X. Rules in stubs.py type what is not here: the C
types of Cython signatures, `context`/`loc`/`ip` parameters, get*()
constructors of type/attribute/affine classes returning their class,
is_*/has_* -> bool, n_*/num_* -> int, isinstance -> bool, dump and
set_* methods -> None,
_CAPIPtr -> object, _CAPICreate -> the class.
"""

_V = "Value"
_OPVIEW_SEQ = "Sequence[Value | Operation]"

# Lines written after the imports of a module's stub.
PRELUDE = {
    "_ir": [
        '_D = TypeVar("_D", bound="Dialect")',
        '_Op = TypeVar("_Op", bound="OpView")',
        '_A = TypeVar("_A", bound="OpAdaptor")',
        '_F = TypeVar("_F", bound=Callable[..., Any])',
        '_MappedT = TypeVar("_MappedT", "Value", "Block", "Operation")',
    ],
}

# Stub-only bases: the pseudo-containers are sequences for type checking
# (upstream's stubs say the same), so they pass where Sequence[X] is asked.
BASES = {
    "_ir:_OpValueList": ["Sequence[Value]"],
    "_ir:RegionSequence": ["Sequence[Region]"],
    "_ir:OpSuccessors": ["Sequence[Block]"],
    "_ir:BlockList": ["Sequence[Block]"],
    "_ir:OperationList": ["Sequence[OpView]"],
    "_ir:BlockArgumentList": ["Sequence[BlockArgument]"],
    "_ir:AffineExprList": ["Sequence[AffineExpr]"],
    "_ir:IntegerSetConstraintList": ["Sequence[IntegerSetConstraint]"],
    "_ir:ArrayAttr": ["Sequence[Attribute]"],
}

CLASS_ATTRIBUTES = {
    "_ir:Context": {"current": "ClassVar[Context | None]"},
    "_ir:Location": {"current": "ClassVar[Location]"},
    "_ir:InsertionPoint": {"current": "ClassVar[InsertionPoint]"},
    "_ir:OpView": {
        "_ODS_REGIONS": "ClassVar[tuple[int, bool]]",
        "_ODS_OPERAND_SEGMENTS": "ClassVar[Any]",
        "_ODS_RESULT_SEGMENTS": "ClassVar[Any]",
        "build_generic": "ClassVar[Callable[..., Any]]",
        "has_trait": "ClassVar[Callable[..., bool]]",
    },
    "_ir:AttrBuilder": {"_builders": "ClassVar[dict[str, Callable[..., Attribute]]]"},
    "_ir:TypeBuilder": {"_builders": "ClassVar[dict[str, Callable[..., Type]]]"},
}

MODULE_ATTRIBUTES = {
    "_ir:_PDL_KINDS": "dict[str, str]",
}

TYPES = {
    # -- Context and registry ------------------------------------------------
    "_ir:Context._cache": "(key: object) -> dict[Any, Any]",
    "_ir:Dialects.__getitem__": "(key: str) -> Dialect",
    "_ir:Dialects.__getattr__": "(name: str) -> Dialect",
    "_ir:_CurrentContext.__get__": "-> Context | None",
    "_ir:_CurrentLocation.__get__": "-> Location",
    "_ir:_CurrentIP.__get__": "-> InsertionPoint",

    # -- diagnostics -----------------------------------------------------------
    "_ir:DiagnosticInfo.severity": "DiagnosticSeverity",
    "_ir:DiagnosticInfo.notes": "list[DiagnosticInfo]",

    # -- Location ------------------------------------------------------------
    "_ir:Location.file": [
        "(filename: str, line: int, col: int, context: Context | None = None) -> Location",
        "(filename: str, start_line: int, start_col: int, end_line: int, end_col: int, context: Context | None = None) -> Location",
    ],

    # -- Type, Attribute, TypeID -------------------------------------------
    "_ir:NamedAttribute.name": "str",
    "_ir:NamedAttribute.attr": "Attribute",

    # -- Module ----------------------------------------------------------------

    # -- Operation and OpView ------------------------------------------------
    "_ir:Operation.__iter__": "-> Iterator[Region]",
    "_ir:Operation.get_asm": [
        "(self, binary: Literal[False] = False, large_elements_limit: int | None = None, large_resource_limit: int | None = None, enable_debug_info: bool = False, pretty_debug_info: bool = False, print_generic_op_form: bool = False, use_local_scope: bool = False, use_name_loc_as_prefix: bool = False, assume_verified: bool = False, skip_regions: bool = False) -> str",
        "(self, binary: Literal[True], large_elements_limit: int | None = None, large_resource_limit: int | None = None, enable_debug_info: bool = False, pretty_debug_info: bool = False, print_generic_op_form: bool = False, use_local_scope: bool = False, use_name_loc_as_prefix: bool = False, assume_verified: bool = False, skip_regions: bool = False) -> bytes",
        "(self, binary: bool, large_elements_limit: int | None = None, large_resource_limit: int | None = None, enable_debug_info: bool = False, pretty_debug_info: bool = False, print_generic_op_form: bool = False, use_local_scope: bool = False, use_name_loc_as_prefix: bool = False, assume_verified: bool = False, skip_regions: bool = False) -> str | bytes",
    ],
    "_ir:_OpValueIterator.__iter__": "() -> _OpValueIterator",
    "_ir:_OpValueIterator.__next__": "() -> Value",
    "_ir:IRMapping.__contains__": "(key: object) -> bool",
    "_ir:Context.is_dialect_loaded": "(dialect_name: str) -> bool",
    "_ir:_HybridMethod.__get__": "(obj: Any, objtype: Any) -> Callable[..., Any]",

    # -- Region, Block, InsertionPoint --------------------------------------
    "_ir:Region.__iter__": "-> Iterator[Block]",
    "_ir:Block.__iter__": "-> Iterator[OpView]",
    "_ir:BlockList.__iter__": "-> Iterator[Block]",
    "_ir:BlockList.__getitem__": [
        "(self, key: int, /) -> Block",
        "(self, key: slice, /) -> list[Block]",
    ],
    "_ir:OperationList.__iter__": "-> Iterator[OpView]",
    "_ir:OperationList.__getitem__": [
        "(self, key: int, /) -> OpView",
        "(self, key: slice, /) -> list[OpView]",
    ],
    "_ir:OperationIterator.__iter__": "-> Self",
    "_ir:OperationIterator.__next__": "-> OpView",
    "_ir:BlockArgumentList.__iter__": "-> Iterator[BlockArgument]",
    "_ir:BlockArgumentList.__getitem__": [
        "(self, key: int, /) -> BlockArgument",
        "(self, key: slice, /) -> list[BlockArgument]",
    ],
    "_ir:InsertionPoint.ref_operation": "OpView | None",

    # -- values and operation pseudo-containers ---------------------------
    "_ir:OpAttributeMap.__iter__": "-> Iterator[str]",
    "_ir:OpAttributeMap.__getitem__": [
        "(self, key: str, /) -> Attribute",
        "(self, key: int, /) -> NamedAttribute",
    ],
    "_ir:OpAttributeMap.__setitem__": "(key: str, value: Attribute)",
    "_ir:OpAttributeMap.__delitem__": "(key: str)",
    "_ir:OpAttributeMap.__contains__": "(key: str)",
    "_ir:_OpValueList.__iter__": "-> Iterator[Value]",
    "_ir:_OpValueList.__getitem__": [
        "(self, key: int, /) -> Value",
        "(self, key: slice, /) -> Self",
    ],
    "_ir:OpOperandList.__setitem__": "(key: int, value: Value)",
    "_ir:OpOperandList.__delitem__": "(key: int)",
    "_ir:OpResultList.__iter__": "-> Iterator[OpResult]",
    "_ir:OpResultList.__getitem__": [
        "(self, key: int, /) -> OpResult",
        "(self, key: slice, /) -> Self",
    ],
    "_ir:RegionSequence.__iter__": "-> Iterator[Region]",
    "_ir:RegionSequence.__getitem__": [
        "(self, key: int, /) -> Region",
        "(self, key: slice, /) -> list[Region]",
    ],
    "_ir:OpSuccessors.__iter__": "-> Iterator[Block]",
    "_ir:OpSuccessors.__getitem__": [
        "(self, key: int, /) -> Block",
        "(self, key: slice, /) -> list[Block]",
    ],
    "_ir:OpSuccessors.__setitem__": "(key: int, value: Block)",
    "_ir:OpSuccessors.__delitem__": "(key: int)",
    "_ir:SymbolTable.__getitem__": "(key: str) -> OpView",
    "_ir:SymbolTable.__setitem__": "(key: str, value: Operation)",
    "_ir:SymbolTable.__delitem__": "(key: str)",
    "_ir:SymbolTable.__contains__": "(key: str)",

    # -- builtin types -------------------------------------------------------

    # -- builtin attributes --------------------------------------------------
    "_ir:ArrayAttr.__iter__": "-> Iterator[Attribute]",
    "_ir:ArrayAttr.__getitem__": [
        "(self, key: int, /) -> Attribute",
        "(self, key: slice, /) -> list[Attribute]",
    ],
    "_ir:ArrayAttr.__add__": "(other: Sequence[Attribute]) -> ArrayAttr",
    "_ir:ArrayAttr.__radd__": "(value: Sequence[Attribute]) -> ArrayAttr",
    "_ir:DictAttr.__iter__": "-> Iterator[str]",
    "_ir:DictAttr.__getitem__": [
        "(self, key: str, /) -> Attribute",
        "(self, key: int, /) -> NamedAttribute",
    ],
    "_ir:DictAttr.__contains__": "(key: str)",
    "_ir:DenseElementsAttr.get": [
        "(array: Any, signless: bool = True, type: Type | None = None, shape: Sequence[int] | None = None, context: Context | None = None) -> DenseElementsAttr",
        "(attrs: list[Attribute], type: Type | None = None, context: Context | None = None) -> DenseElementsAttr",
    ],
    "_ir:DenseIntElementsAttr.__getitem__": "(key: int) -> int",
    "_ir:DenseFPElementsAttr.__getitem__": "(key: int) -> float",
    "_ir:_DenseArrayAttr.__iter__": "-> Iterator[Any]",
    "_ir:_DenseArrayAttr.__getitem__": "(key: int) -> Any",
    "_ir:_DenseArrayAttr.__add__": "(other: Sequence[Any]) -> Self",
    "_ir:_DenseArrayAttr.__radd__": "(value: Sequence[Any]) -> Self",

    # -- attribute and type builders (ODS attribute kinds) --------------

    # -- affine expressions, maps, integer sets ---------------------------
    "_ir:AffineExpr.__add__": "(other: AffineExpr | int) -> AffineExpr",
    "_ir:AffineExpr.__radd__": "(other: AffineExpr | int) -> AffineExpr",
    "_ir:AffineExpr.__sub__": "(other: AffineExpr | int) -> AffineExpr",
    "_ir:AffineExpr.__rsub__": "(other: AffineExpr | int) -> AffineExpr",
    "_ir:AffineExpr.__mul__": "(other: AffineExpr | int) -> AffineExpr",
    "_ir:AffineExpr.__rmul__": "(other: AffineExpr | int) -> AffineExpr",
    "_ir:AffineExpr.__mod__": "(other: AffineExpr | int) -> AffineExpr",
    "_ir:AffineExpr.__rmod__": "(other: AffineExpr | int) -> AffineExpr",
    "_ir:AffineExpr.__floordiv__": "(other: AffineExpr | int) -> AffineExpr",
    "_ir:AffineExpr.__rfloordiv__": "(other: AffineExpr | int) -> AffineExpr",
    "_ir:AffineExpr.__neg__": "-> AffineExpr",
    "_ir:AffineExprList.__iter__": "-> Iterator[AffineExpr]",
    "_ir:AffineExprList.__getitem__": [
        "(self, key: int, /) -> AffineExpr",
        "(self, key: slice, /) -> list[AffineExpr]",
    ],
    "_ir:IntegerSetConstraintList.__iter__": "-> Iterator[IntegerSetConstraint]",
    "_ir:IntegerSetConstraintList.__getitem__": [
        "(self, key: int, /) -> IntegerSetConstraint",
        "(self, key: slice, /) -> list[IntegerSetConstraint]",
    ],

    # -- passes --------------------------------------------------------------

    # -- rewriting -----------------------------------------------------------

    # -- JIT -------------------------------------------------------------------

    # -- runtime of the generated dialect modules -------------------------
    "_ods_runtime:_ods_value_group.__get__": "(instance: Any, owner: Any) -> Any",
    "_ods_runtime:_ods_value_group.__set__": "(instance: Any, value: Any)",
    "_ods_runtime:_ods_value_group.__delete__": "(instance: Any)",
    "_ods_runtime:_ods_value_group.__init__": "(spec: tuple[int, ...])",
    "_ods_runtime:_ods_attribute.__get__": "(instance: Any, owner: Any) -> Any",
    "_ods_runtime:_ods_attribute.__set__": "(instance: Any, value: Any)",
    "_ods_runtime:_ods_attribute.__delete__": "(instance: Any)",
    "_ods_runtime:_ods_indexed.__get__": "(instance: Any, owner: Any) -> Any",
    "_ods_runtime:_ods_operand": "(spec: tuple[int, ...]) -> _ods_value_group",
    "_ods_runtime:_ods_result": "(spec: tuple[int, ...]) -> _ods_value_group",
    "_ods_runtime:_ods_build": "(target: OpView, results: Sequence[Type], attributes: dict[str, Attribute], loc: Location | None, ip: InsertionPoint | None) -> None",

    # -- dialect types and attributes (_mlirDialects*) ----------------
    "_mlirDialectsLinalg:ContractionDimensions.batch": "DenseI32ArrayAttr",
    "_mlirDialectsLinalg:ContractionDimensions.m": "DenseI32ArrayAttr",
    "_mlirDialectsLinalg:ContractionDimensions.n": "DenseI32ArrayAttr",
    "_mlirDialectsLinalg:ContractionDimensions.k": "DenseI32ArrayAttr",
    "_mlirDialectsLinalg:ConvolutionDimensions.batch": "DenseI32ArrayAttr",
    "_mlirDialectsLinalg:ConvolutionDimensions.output_image": "DenseI32ArrayAttr",
    "_mlirDialectsLinalg:ConvolutionDimensions.output_channel": "DenseI32ArrayAttr",
    "_mlirDialectsLinalg:ConvolutionDimensions.filter_loop": "DenseI32ArrayAttr",
    "_mlirDialectsLinalg:ConvolutionDimensions.input_channel": "DenseI32ArrayAttr",
    "_mlirDialectsLinalg:ConvolutionDimensions.depth": "DenseI32ArrayAttr",
    "_mlirDialectsLinalg:ConvolutionDimensions.strides": "DenseI64ArrayAttr",
    "_mlirDialectsLinalg:ConvolutionDimensions.dilations": "DenseI64ArrayAttr",

    # -- site initializer --------------------------------------------------
    "_ir:AffineExprList.__add__": "(other: AffineExprList) -> list[AffineExpr]",
    "_ir:AffineExprList.__radd__": "(value: AffineExprList) -> list[AffineExpr]",
    "_ir:IntegerSetConstraintList.__add__": "(other: IntegerSetConstraintList) -> list[IntegerSetConstraint]",
    "_ir:IntegerSetConstraintList.__radd__": "(value: IntegerSetConstraintList) -> list[IntegerSetConstraint]",
}
