# Attribute and type builders: how generated op builders turn plain Python
# values into attributes of an ODS attribute kind ("I32Attr", "StrAttr",
# ...) and name types of an ODS type constraint ("I32", "F32", ...).
#
#     AttrBuilder.get("I32Attr")(7, context=ctx)      -> IntegerAttr
#     @register_attribute_builder("MyAttr")
#     def _my_attr(value, context): ...
#
# Pre-filled with every builtin ODS attribute kind; dialects add theirs.


class AttrBuilder:
    """Registry of attribute builders by ODS attribute kind."""
    _builders = {}

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "AttrBuilder's static methods are used on the class")

    @staticmethod
    def contains(attribute_kind: str) -> bool:
        """Whether a builder is registered for the ODS attribute kind."""
        attribute_kind = _str_param(attribute_kind, "attribute_kind")
        return attribute_kind in AttrBuilder._builders

    @staticmethod
    def get(attribute_kind: str) -> Callable[..., Attribute]:
        """The builder registered for the ODS attribute kind; KeyError when
        there is none."""
        attribute_kind = _str_param(attribute_kind, "attribute_kind")
        try:
            return AttrBuilder._builders[attribute_kind]
        except KeyError:
            raise KeyError(f"Attribute builder for '{attribute_kind}' is "
                           f"not registered") from None

    @staticmethod
    def insert(attribute_kind: str, attr_builder: Callable[..., Attribute],
               replace: bool = False) -> None:
        """Registers `attr_builder` as the builder of the ODS attribute
        kind; RuntimeError if there is one already, unless `replace`
        (TypeError if it is not callable)."""
        if not callable(attr_builder):
            raise TypeError("an attribute builder must be callable")
        if not replace and attribute_kind in AttrBuilder._builders:
            raise RuntimeError(f"Attribute builder for '{attribute_kind}' is "
                               f"already registered with func: "
                               f"{AttrBuilder._builders[attribute_kind]}")
        AttrBuilder._builders[attribute_kind] = attr_builder


def register_attribute_builder(kind: str,
                               replace: bool = False) -> Callable[[_F], _F]:
    """Decorator: registers fn(value, context) as the builder of `kind`."""
    def decorator_builder(func):
        AttrBuilder.insert(kind, func, replace=replace)
        return func
    return decorator_builder


class TypeBuilder:
    """Registry of type builders by ODS type constraint name; a builder is
    called as builder(context=None) and returns the Type."""
    _builders = {}

    @staticmethod
    def contains(type_kind: str) -> bool:
        """Whether a builder is registered for the ODS type constraint."""
        return type_kind in TypeBuilder._builders

    @staticmethod
    def get(type_kind: str) -> Callable[..., Type]:
        """The builder registered for the ODS type constraint; KeyError when
        there is none."""
        try:
            return TypeBuilder._builders[type_kind]
        except KeyError:
            raise KeyError(f"Type builder for '{type_kind}' is not "
                           f"registered") from None

    @staticmethod
    def insert(type_kind: str, type_builder: Callable[..., Type],
               replace: bool = False) -> None:
        """Registers `type_builder` as the builder of the ODS type
        constraint; RuntimeError if there is one already, unless `replace`
        (TypeError if it is not callable)."""
        if not callable(type_builder):
            raise TypeError("a type builder must be callable")
        if not replace and type_kind in TypeBuilder._builders:
            raise RuntimeError(f"Type builder for '{type_kind}' is already "
                               f"registered")
        TypeBuilder._builders[type_kind] = type_builder


def register_type_builder(kind: str,
                          replace: bool = False) -> Callable[[_F], _F]:
    """Decorator: registers fn(context=None), returning the Type, as the
    builder of `kind`."""
    def decorator_builder(func):
        TypeBuilder.insert(kind, func, replace=replace)
        return func
    return decorator_builder


# -- builtin attribute kinds ------------------------------------------------

def _int_attr_builder(int width, str signedness):
    def build(x, context=None):
        if signedness == "s":
            t = IntegerType.get_signed(width, context=context)
        elif signedness == "u":
            t = IntegerType.get_unsigned(width, context=context)
        else:
            t = IntegerType.get_signless(width, context=context)
        return IntegerAttr.get(t, x)
    return build


for _w in (1, 8, 16, 32, 64):
    AttrBuilder.insert(f"I{_w}Attr", _int_attr_builder(_w, ""))
    AttrBuilder.insert(f"SI{_w}Attr", _int_attr_builder(_w, "s"))
    AttrBuilder.insert(f"UI{_w}Attr", _int_attr_builder(_w, "u"))
del _w


def _index_attr(x, context=None):
    return IntegerAttr.get(IndexType.get(context=context), x)


def _f16_attr(x, context=None):
    return FloatAttr.get(F16Type.get(context=context), x)


def _f32_attr(x, context=None):
    return FloatAttr.get_f32(x, context=context)


def _f64_attr(x, context=None):
    return FloatAttr.get_f64(x, context=context)


def _str_attr(x, context=None):
    return StringAttr.get(x, context=context)


def _symbol_ref_attr(x, context=None):
    if isinstance(x, (list, tuple)):
        return SymbolRefAttr.get(x, context=context)
    return FlatSymbolRefAttr.get(x, context=context)


def _flat_symbol_ref_attr(x, context=None):
    return FlatSymbolRefAttr.get(x, context=context)


def _unit_attr(x, context=None):
    return UnitAttr.get(context=context) if x else None


def _bool_attr(x, context=None):
    return BoolAttr.get(x, context=context)


def _type_attr(x, context=None):
    return TypeAttr.get(x, context=context)


def _array_attr(x, context=None):
    return ArrayAttr.get(x, context=context)


def _dict_attr(x, context=None):
    return DictAttr.get(x, context=context)


def _affine_map_attr(x, context=None):
    return AffineMapAttr.get(x)


def _integer_set_attr(x, context=None):
    return IntegerSetAttr.get(x)


def _array_of(element_builder):
    def build(x, context=None):
        return ArrayAttr.get([element_builder(v, context=context) for v in x],
                             context=context)
    return build


def _elements_of(str dtype, element_type):
    def build(x, context=None):
        import numpy as np
        return DenseElementsAttr.get(np.asarray(x, dtype=dtype),
                                     type=element_type(context),
                                     context=context)
    return build


for _kind, _fn in {
    "IndexAttr": _index_attr,
    "F16Attr": _f16_attr,
    "F32Attr": _f32_attr,
    "F64Attr": _f64_attr,
    "StrAttr": _str_attr,
    "SymbolNameAttr": _str_attr,
    "SymbolRefAttr": _symbol_ref_attr,
    "FlatSymbolRefAttr": _flat_symbol_ref_attr,
    "UnitAttr": _unit_attr,
    "BoolAttr": _bool_attr,
    "TypeAttr": _type_attr,
    "TypeAttrOf": _type_attr,
    "MemRefTypeAttr": _type_attr,
    "ArrayAttr": _array_attr,
    "DictionaryAttr": _dict_attr,
    "AffineMapAttr": _affine_map_attr,
    "IntegerSetAttr": _integer_set_attr,
    "I32ArrayAttr": _array_of(AttrBuilder.get("I32Attr")),
    "I64ArrayAttr": _array_of(AttrBuilder.get("I64Attr")),
    "I64SmallVectorArrayAttr": _array_of(AttrBuilder.get("I64Attr")),
    "F32ArrayAttr": _array_of(_f32_attr),
    "F64ArrayAttr": _array_of(_f64_attr),
    "BoolArrayAttr": _array_of(_bool_attr),
    "StrArrayAttr": _array_of(_str_attr),
    "SymbolRefArrayAttr": _array_of(_symbol_ref_attr),
    "FlatSymbolRefArrayAttr": _array_of(_flat_symbol_ref_attr),
    "AffineMapArrayAttr": _array_of(_affine_map_attr),
    "TypeArrayAttr": _array_of(_type_attr),
    "DictArrayAttr": _array_of(_dict_attr),
    "IndexListArrayAttr": _array_of(_array_of(AttrBuilder.get("I64Attr"))),
    "DenseBoolArrayAttr": lambda x, context=None: DenseBoolArrayAttr.get(x, context=context),
    "DenseI8ArrayAttr": lambda x, context=None: DenseI8ArrayAttr.get(x, context=context),
    "DenseI16ArrayAttr": lambda x, context=None: DenseI16ArrayAttr.get(x, context=context),
    "DenseI32ArrayAttr": lambda x, context=None: DenseI32ArrayAttr.get(x, context=context),
    "DenseI64ArrayAttr": lambda x, context=None: DenseI64ArrayAttr.get(x, context=context),
    "DenseF32ArrayAttr": lambda x, context=None: DenseF32ArrayAttr.get(x, context=context),
    "DenseF64ArrayAttr": lambda x, context=None: DenseF64ArrayAttr.get(x, context=context),
    "I1ElementsAttr": _elements_of("bool", lambda c: IntegerType.get_signless(1, context=c)),
    "I8ElementsAttr": _elements_of("int8", lambda c: IntegerType.get_signless(8, context=c)),
    "I16ElementsAttr": _elements_of("int16", lambda c: IntegerType.get_signless(16, context=c)),
    "I32ElementsAttr": _elements_of("int32", lambda c: IntegerType.get_signless(32, context=c)),
    "I64ElementsAttr": _elements_of("int64", lambda c: IntegerType.get_signless(64, context=c)),
    "IndexElementsAttr": _elements_of("int64", lambda c: IndexType.get(context=c)),
    "F32ElementsAttr": _elements_of("float32", lambda c: F32Type.get(context=c)),
    "F64ElementsAttr": _elements_of("float64", lambda c: F64Type.get(context=c)),
}.items():
    AttrBuilder.insert(_kind, _fn)
del _kind, _fn



# -- the default builders' compiled twins -----------------------------------
# A generated op builder converts a plain value given for an attribute
# parameter with the builder registered for the parameter's kind. For the
# builtin kinds front-ends pass most (ints, strs, bools, types, affine
# maps, lists of those, dense int arrays), the default builders have twins
# here that make the same attribute in C, for the values they take without
# question: exact ints in range, strs UTF-8 encodes, lists or tuples of
# those. A twin runs only while the kind's registered builder is still the
# default one. A replaced builder, and a value the twin does not take (an
# int of another width, a numpy array, a wrong kind: what the builder
# accepts or refuses in its own words), go to the registered builder.

cdef dict _attr_builders_by_kind = AttrBuilder._builders

cdef enum:
    _TWIN_INT = 1             # | width << 8 | signedness << 16
    _TWIN_INDEX = 2
    _TWIN_BOOL = 3
    _TWIN_STR = 4
    _TWIN_FLAT_SYMBOL_REF = 5
    _TWIN_TYPE = 6
    _TWIN_ARRAY = 7
    _TWIN_AFFINE_MAP = 8
    _TWIN_AFFINE_MAP_ARRAY = 9
    _TWIN_INT_ARRAY = 10      # | width << 8: an ArrayAttr of IntegerAttrs
    _TWIN_INDEX_LIST_ARRAY = 11
    _TWIN_DENSE_INT_ARRAY = 12  # | width << 8

# default builder -> its twin's code (the builders registered above; a
# dialect's replacement registers another object)
cdef dict _builder_twins = {}


def _register_twins():
    b = _attr_builders_by_kind
    for w in (1, 8, 16, 32, 64):
        _builder_twins[b[f"I{w}Attr"]] = _TWIN_INT | (w << 8)
        _builder_twins[b[f"SI{w}Attr"]] = _TWIN_INT | (w << 8) | (1 << 16)
        _builder_twins[b[f"UI{w}Attr"]] = _TWIN_INT | (w << 8) | (2 << 16)
    for w in (8, 16, 32, 64):
        _builder_twins[b[f"DenseI{w}ArrayAttr"]] = \
            _TWIN_DENSE_INT_ARRAY | (w << 8)
    for kind, code in {
            "IndexAttr": _TWIN_INDEX, "BoolAttr": _TWIN_BOOL,
            "StrAttr": _TWIN_STR, "FlatSymbolRefAttr": _TWIN_FLAT_SYMBOL_REF,
            "TypeAttr": _TWIN_TYPE, "ArrayAttr": _TWIN_ARRAY,
            "AffineMapAttr": _TWIN_AFFINE_MAP,
            "AffineMapArrayAttr": _TWIN_AFFINE_MAP_ARRAY,
            "I32ArrayAttr": _TWIN_INT_ARRAY | (32 << 8),
            "I64ArrayAttr": _TWIN_INT_ARRAY | (64 << 8),
            "IndexListArrayAttr": _TWIN_INDEX_LIST_ARRAY}.items():
        _builder_twins[b[kind]] = code


_register_twins()
del _register_twins


cdef object attr_builder_of(str kind):
    """The builder registered for ODS attribute kind `kind`, or None."""
    return _attr_builders_by_kind.get(kind)


cdef inline MlirAttribute _twin_int(MlirType t, object value) noexcept:
    """IntegerAttr.get(t, value) for an exact int or a bool that fits t;
    null for anything else."""
    cdef MlirAttribute a
    a.ptr = NULL
    cdef int overflow = 0
    cdef long long v
    if type(value) is int:
        v = PyLong_AsLongLongAndOverflow(value, &overflow)
    elif value is True or value is False:
        v = value is True
    else:
        return a
    if overflow or not _int64_fits_type(t, v):
        return a
    return mlirIntegerAttrGet(t, _int64_bits(t, v))


cdef MlirAttribute _twin_int_array(MlirContext c, MlirType t,
                                   object value) noexcept:
    """ArrayAttr of IntegerAttrs of t from a list or tuple of exact ints
    that fit; null for anything else."""
    cdef MlirAttribute a
    a.ptr = NULL
    if not (PyList_CheckExact(value) or PyTuple_CheckExact(value)):
        return a
    cdef Py_ssize_t i, n = mlircy_fast_size(value)
    cdef vector[MlirAttribute] items
    items.resize(n)
    for i in range(n):
        items[i] = _twin_int(t, <object>mlircy_fast_item(value, i))
        if items[i].ptr == NULL:
            return a
    return mlirArrayAttrGet(c, n, items.data())


cdef MlirAttribute _twin_dense_ints(MlirContext c, int width,
                                    object value) noexcept:
    """array<iN: ...> from a list or tuple of exact ints in the signed
    range of N bits; null for anything else."""
    cdef MlirAttribute a
    a.ptr = NULL
    if not (PyList_CheckExact(value) or PyTuple_CheckExact(value)):
        return a
    cdef Py_ssize_t i, n = mlircy_fast_size(value)
    cdef vector[int64_t] items
    cdef int overflow = 0
    cdef long long v, half = (<long long>1) << (width - 1) if width < 64 else 0
    cdef object x
    items.resize(n)
    for i in range(n):
        x = <object>mlircy_fast_item(value, i)
        if type(x) is not int:
            return a
        v = PyLong_AsLongLongAndOverflow(x, &overflow)
        if overflow or (width < 64 and (v < -half or v >= half)):
            return a
        items[i] = v
    if width == 64:
        return mlirDenseI64ArrayGet(c, n, items.data())
    cdef vector[int32_t] i32
    cdef vector[int16_t] i16
    cdef vector[int8_t] i8
    if width == 32:
        i32.assign(items.begin(), items.end())
        return mlirDenseI32ArrayGet(c, n, i32.data())
    if width == 16:
        i16.assign(items.begin(), items.end())
        return mlirDenseI16ArrayGet(c, n, i16.data())
    i8.assign(items.begin(), items.end())
    return mlirDenseI8ArrayGet(c, n, i8.data())


cdef MlirAttribute builder_twin(str kind, object value,
                                Context ctx) noexcept:
    """What the default builder of `kind` makes of `value` in `ctx`, made
    in C; null when `kind`'s builder is not a default one with a twin, or
    the twin does not take `value` (call the builder then)."""
    cdef MlirAttribute a
    a.ptr = NULL
    fn = _attr_builders_by_kind.get(kind)
    if fn is None:
        return a
    code_obj = _builder_twins.get(fn)
    if code_obj is None:
        return a
    cdef long code = code_obj
    cdef int what = code & 0xff, width = (code >> 8) & 0xff
    cdef MlirContext c = ctx.c_context
    cdef MlirType t
    cdef const char* data
    cdef Py_ssize_t size, i, n
    cdef vector[MlirAttribute] items
    cdef object x
    if what == _TWIN_INT:
        if code >> 16 == 1:
            t = mlirIntegerTypeSignedGet(c, width)
        elif code >> 16 == 2:
            t = mlirIntegerTypeUnsignedGet(c, width)
        else:
            t = mlirIntegerTypeGet(c, width)
        return _twin_int(t, value)
    if what == _TWIN_INDEX:
        return _twin_int(mlirIndexTypeGet(c), value)
    if what == _TWIN_BOOL:
        if value is True or value is False:
            return mlirBoolAttrGet(c, value is True)
        return a
    if what == _TWIN_STR or what == _TWIN_FLAT_SYMBOL_REF:
        if type(value) is not str:
            return a
        data = _utf8_or_null(value, &size)
        if data == NULL:
            PyErr_Clear()
            return a
        if what == _TWIN_STR:
            return mlirStringAttrGet(c, mlirStringRefCreate(data, size))
        return mlirFlatSymbolRefAttrGet(c, mlirStringRefCreate(data, size))
    if what == _TWIN_TYPE:
        if isinstance(value, Type) and (<Type>value).context is ctx:
            return mlirTypeAttrGet((<Type>value).c_type)
        return a
    if what == _TWIN_AFFINE_MAP:
        if isinstance(value, AffineMap) and (<AffineMap>value).context is ctx:
            return mlirAffineMapAttrGet((<AffineMap>value).c_map)
        return a
    if what == _TWIN_INT_ARRAY:
        return _twin_int_array(c, mlirIntegerTypeGet(c, width), value)
    if what == _TWIN_DENSE_INT_ARRAY:
        return _twin_dense_ints(c, width, value)
    # The lists: _TWIN_ARRAY, _TWIN_AFFINE_MAP_ARRAY, _TWIN_INDEX_LIST_ARRAY.
    if not (PyList_CheckExact(value) or PyTuple_CheckExact(value)):
        return a
    n = mlircy_fast_size(value)
    items.resize(n)
    for i in range(n):
        x = <object>mlircy_fast_item(value, i)
        if what == _TWIN_ARRAY:
            if not isinstance(x, Attribute) or (<Attribute>x).context is not ctx:
                return a
            items[i] = (<Attribute>x).c_attr
        elif what == _TWIN_AFFINE_MAP_ARRAY:
            if not isinstance(x, AffineMap) or (<AffineMap>x).context is not ctx:
                return a
            items[i] = mlirAffineMapAttrGet((<AffineMap>x).c_map)
        else:
            items[i] = _twin_int_array(c, mlirIntegerTypeGet(c, 64), x)
            if items[i].ptr == NULL:
                return a
    return mlirArrayAttrGet(c, n, items.data())


# -- builtin type constraints ----------------------------------------------

def _int_type_builder(int width, str signedness):
    def build(context=None):
        if signedness == "s":
            return IntegerType.get_signed(width, context=context)
        if signedness == "u":
            return IntegerType.get_unsigned(width, context=context)
        return IntegerType.get_signless(width, context=context)
    return build


def _parsed_type_builder(str asm):
    """For builtin types without a C getter (f80, f128)."""
    def build(context=None):
        return Type.parse(asm, context=context)
    return build


for _w in (1, 8, 16, 32, 64, 128):
    TypeBuilder.insert(f"I{_w}", _int_type_builder(_w, ""))
    TypeBuilder.insert(f"SI{_w}", _int_type_builder(_w, "s"))
    TypeBuilder.insert(f"UI{_w}", _int_type_builder(_w, "u"))
del _w
# Every buildable builtin type constraint of mlir/IR/CommonTypeConstraints.td.
for _kind, _cls in {"Index": IndexType, "NoneType": NoneType, "F16": F16Type,
                    "BF16": BF16Type, "F32": F32Type, "F64": F64Type,
                    "TF32": FloatTF32Type,
                    "F4E2M1FN": Float4E2M1FNType, "F6E2M3FN": Float6E2M3FNType,
                    "F6E3M2FN": Float6E3M2FNType, "F8E3M4": Float8E3M4Type,
                    "F8E4M3": Float8E4M3Type, "F8E4M3FN": Float8E4M3FNType,
                    "F8E4M3FNUZ": Float8E4M3FNUZType,
                    "F8E4M3B11FNUZ": Float8E4M3B11FNUZType,
                    "F8E5M2": Float8E5M2Type, "F8E5M2FNUZ": Float8E5M2FNUZType,
                    "F8E8M0FNU": Float8E8M0FNUType}.items():
    TypeBuilder.insert(_kind, _cls.get)
del _kind, _cls
TypeBuilder.insert("F80", _parsed_type_builder("f80"))
TypeBuilder.insert("F128", _parsed_type_builder("f128"))

_BUILDER_NAMES = ["AttrBuilder", "TypeBuilder", "register_attribute_builder",
                  "register_type_builder"]
