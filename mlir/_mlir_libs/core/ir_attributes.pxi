# The builtin attributes other than the dense element containers
# (ir_dense.pxi): scalars (integer, float, bool, string, unit, type),
# containers (array, dictionary), symbol references, opaque attributes,
# strided layouts and the affine wrappers. Same conventions as the types
# in ir_types.pxi: get* constructors with context=, cast constructors,
# isinstance, static_typeid registered as caster.

cdef inline Attribute _make_attr(type cls, Context ctx, MlirAttribute a):
    if a.ptr == NULL:
        raise ValueError(f"could not create {cls.__name__}")
    cdef Attribute r = <Attribute>_new_instance(<PyObject*>cls)
    r.c_attr = a
    r.context = ctx
    return r


cdef int _check_int_fits(MlirType t, object value) except -1:
    """ValueError unless `value` is representable in integer type t
    (signless values may use either the signed or the unsigned range)."""
    cdef object w     # a Python int: the shifts below are arbitrary precision
    if mlirTypeIsAIndex(t):
        w = 64
        lo, hi = -(1 << 63), (1 << 64) - 1
    else:
        w = mlirIntegerTypeGetWidth(t)
        if mlirIntegerTypeIsSigned(t):
            lo, hi = (-(1 << (w - 1)) if w else 0), ((1 << (w - 1)) - 1 if w else 0)
        elif mlirIntegerTypeIsUnsigned(t):
            lo, hi = 0, (1 << w) - 1
        else:
            lo, hi = (-(1 << (w - 1)) if w else 0), (1 << w) - 1
    if value < lo or value > hi:
        raise ValueError(f"integer value {value} does not fit in type "
                         f"{_print_type(t)} (range [{lo}, {hi}])")
    return 0


cdef MlirAttribute _wide_integer_attr(MlirType t, object value) except *:
    """An IntegerAttr of an integer type wider than 64 bits, from the two's
    complement bit pattern of `value` (already checked to fit): the C API
    takes an int64 and zero-extends it for non-signed types."""
    cdef object w = mlirIntegerTypeGetWidth(t)
    cdef object bits = value & ((1 << w) - 1)
    cdef Py_ssize_t n = (w + 63) // 64, i
    cdef vector[uint64_t] words
    words.resize(n)
    for i in range(n):
        words[i] = <uint64_t>((bits >> (64 * i)) & 0xFFFFFFFFFFFFFFFF)
    return mlirCyIntegerAttrGetFromWords(t, n, words.data())


cdef object _wide_integer_value(MlirAttribute a, bint signed):
    """The value of an IntegerAttr of more than 64 bits, read exactly."""
    cdef intptr_t n = mlirCyIntegerAttrGetValueNumWords(a), i
    cdef vector[uint64_t] words
    words.resize(n)
    mlirCyIntegerAttrGetValueWords(a, words.data())
    cdef object v = 0
    for i in range(n - 1, -1, -1):
        v = (v << 64) | words[i]
    cdef object w = mlirIntegerTypeGetWidth(mlirAttributeGetType(a))
    if signed and (v >> (w - 1)) & 1:
        v -= 1 << w
    return v


cdef inline bint _int64_fits(MlirType t, unsigned int width, long long v) noexcept:
    """v in the range of integer type t of width 1..63 (signless: signed or
    unsigned range)."""
    cdef long long smin = -(<long long>1 << (width - 1))
    cdef long long smax = (<long long>1 << (width - 1)) - 1
    cdef long long umax = (<long long>1 << width) - 1
    if mlirIntegerTypeIsSigned(t):
        return smin <= v <= smax
    if mlirIntegerTypeIsUnsigned(t):
        return 0 <= v <= umax
    return smin <= v <= umax


cdef inline bint _int64_fits_type(MlirType t, long long v) noexcept:
    """v in the range of integer or index type t of 1..64 bits (signless:
    signed or unsigned range); False for other widths, left to
    _check_int_fits."""
    if mlirTypeIsAIndex(t):
        return True
    cdef unsigned int width = mlirIntegerTypeGetWidth(t)
    if 0 < width < 64:
        return _int64_fits(t, width, v)
    # An int64 fits i64 and si64 whole, ui64 when >= 0.
    return width == 64 and (v >= 0 or not mlirIntegerTypeIsUnsigned(t))


cdef inline long long _int64_bits(MlirType t, long long v) noexcept:
    """v as mlirIntegerAttrGet takes it for integer or index type t: the
    low bits of a signless or unsigned type narrower than 64 bits (the C
    API makes an APInt of the type's width, which must hold the value)."""
    cdef unsigned int width
    if mlirTypeIsAInteger(t) and not mlirIntegerTypeIsSigned(t):
        width = mlirIntegerTypeGetWidth(t)
        if width < 64:
            return <long long>(<unsigned long long>v &
                               ((<unsigned long long>1 << width) - 1))
    return v


from cpython.number cimport PyIndex_Check


cdef class IntegerAttr(Attribute):
    """An integer (or index) value with its type: `42 : i32`."""
    static_typeid = wrap_typeid(mlirIntegerAttrGetTypeID())
    attr_name = from_ref(mlirIntegerAttrGetName())

    @staticmethod
    def get(type: Type, value: int):
        """The attribute `value : type`, for an integer or index `type`
        (ValueError otherwise).

        `value` is an int (TypeError otherwise) in the type's range, the
        signed or the unsigned one for a signless type (ValueError
        otherwise)."""
        cdef Context ctx = _context_of_type(type, "type")
        cdef MlirType t = (<Type>type).c_type
        if not (mlirTypeIsAInteger(t) or mlirTypeIsAIndex(t)):
            raise ValueError(f"IntegerAttr needs an integer or index type, "
                             f"got {type}")
        if not PyLong_CheckExact(value):
            try:
                value = value.__index__()
            except AttributeError:
                raise _argument_type_error(f"IntegerAttr value must be an int, not "
                                f"{value.__class__.__name__}") from None
        # Fast path: an int64 in a type of <= 64 bits, checked and encoded
        # in C.
        cdef long long v
        cdef int overflow = 0
        v = PyLong_AsLongLongAndOverflow(value, &overflow)
        if not overflow and _int64_fits_type(t, v):
            return _make_attr(IntegerAttr, ctx,
                              mlirIntegerAttrGet(t, _int64_bits(t, v)))
        _check_int_fits(t, value)
        cdef int64_t raw
        cdef object w
        if mlirTypeIsAInteger(t) and mlirIntegerTypeGetWidth(t) > 64:
            return _make_attr(IntegerAttr, ctx, _wide_integer_attr(t, value))
        if mlirTypeIsAInteger(t) and not mlirIntegerTypeIsSigned(t):
            # The C API builds an APInt of the type's width from the int64
            # without truncation: pass the bit pattern of the low bits.
            w = mlirIntegerTypeGetWidth(t)
            if w < 64:
                raw = <int64_t>(value & ((1 << w) - 1))
            elif value > (1 << 63) - 1:
                raw = <int64_t>(value - (1 << 64))
            else:
                raw = value
        elif value > (1 << 63) - 1:
            raw = <int64_t>(value - (1 << 64))
        else:
            raw = value
        return _make_attr(IntegerAttr, ctx, mlirIntegerAttrGet(t, raw))

    @staticmethod
    def isinstance(other):
        """Whether `other` is an integer attribute, of any integer or index
        type (i1 included)."""
        return isinstance(other, Attribute) and mlirAttributeIsAInteger(
            (<Attribute>other).c_attr)

    @property
    def value(self) -> int:
        """The value as a Python int (exact at any width): signed for signed
        types, unsigned for unsigned ones, and for signless ones the signed
        reading (as MLIR prints them), except i1 which reads 0 or 1."""
        cdef MlirType t = mlirAttributeGetType(self.c_attr)
        if mlirTypeIsAIndex(t):
            return mlirIntegerAttrGetValueInt(self.c_attr)
        if mlirIntegerTypeGetWidth(t) > 64:
            return _wide_integer_value(self.c_attr,
                                       not mlirIntegerTypeIsUnsigned(t))
        if mlirIntegerTypeIsSignless(t):
            if mlirIntegerTypeGetWidth(t) == 1:
                return mlirIntegerAttrGetValueUInt(self.c_attr)
            return mlirIntegerAttrGetValueInt(self.c_attr)
        if mlirIntegerTypeIsSigned(t):
            return mlirIntegerAttrGetValueSInt(self.c_attr)
        return mlirIntegerAttrGetValueUInt(self.c_attr)

    def __int__(self):
        return self.value

    def __index__(self):
        return self.value


cdef class BoolAttr(Attribute):
    """`true` / `false`: an IntegerAttr of type i1. Attributes of that kind
    coming out of the API are BoolAttrs; IntegerAttr(b) casts one back."""
    static_typeid = _NoTypeID()

    @staticmethod
    def get(value: bool, context=None):
        """true or false, from a bool (another type is a TypeError, as
        upstream)."""
        if not PyBool_Check(value):
            raise _argument_type_error(f"value must be a bool, not {type(value).__name__}")
        cdef Context ctx = resolve_context(context)
        return _make_attr(BoolAttr, ctx, mlirBoolAttrGet(ctx.c_context,
                                                         1 if value else 0))

    @staticmethod
    def isinstance(other):
        """Whether `other` is a bool attribute (an integer attribute of type
        i1)."""
        return isinstance(other, Attribute) and mlirAttributeIsABool(
            (<Attribute>other).c_attr)

    @property
    def value(self) -> bool:
        """The boolean value."""
        return mlirBoolAttrGetValue(self.c_attr)

    def __bool__(self):
        return mlirBoolAttrGetValue(self.c_attr)


cdef class FloatAttr(Attribute):
    """A floating-point value with its type: `1.5 : f32`."""
    static_typeid = wrap_typeid(mlirFloatAttrGetTypeID())
    attr_name = from_ref(mlirFloatAttrGetName())

    @staticmethod
    def get(type: Type, value: float, loc=None):
        """The attribute of `value` in float type `type`; MLIRError
        ("Invalid attribute", with MLIR's diagnostic at `loc`) for a type
        that is not a float type, as upstream."""
        cdef Context ctx = _context_of_type(type, "type")
        cdef double v
        if mlirTypeIsAFloat((<Type>type).c_type):
            v = _checked_float(type, value)
        else:
            v = value       # MLIR's verifier rejects the type below
        cdef MlirLocation c_loc = _checked_location(loc, ctx)
        cdef MlirAttribute a
        cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
        a = mlirFloatAttrDoubleGetChecked(c_loc, (<Type>type).c_type, v)
        cap.check(a.ptr != NULL, "Invalid attribute")
        return _make_attr(FloatAttr, ctx, a)

    @staticmethod
    def get_unchecked(type: Type, value: float, context=None):
        """The attribute `value : type`, as get but without a location:
        ValueError for a `type` that is not a floating-point type, or a
        value its format cannot represent (beyond its range, or NaN or
        infinity where it has none)."""
        cdef Context ctx = resolve_context(context)
        cdef double v = _checked_float(type, value)
        return _make_attr(FloatAttr, ctx, mlirFloatAttrDoubleGet(
            ctx.c_context, (<Type>type).c_type, v))

    @staticmethod
    def get_f32(value: float, context=None):
        """The attribute `value : f32`, rounded; ValueError for a finite
        value beyond the range of f32."""
        cdef Context ctx = resolve_context(context)
        cdef MlirType t = mlirF32TypeGet(ctx.c_context)
        cdef double v = _checked_float(wrap_type(ctx, t), value)
        return _make_attr(FloatAttr, ctx, mlirFloatAttrDoubleGet(ctx.c_context, t, v))

    @staticmethod
    def get_f64(double value, context=None):
        """The attribute `value : f64` (`value` a float or an int)."""
        cdef Context ctx = resolve_context(context)
        return _make_attr(FloatAttr, ctx, mlirFloatAttrDoubleGet(
            ctx.c_context, mlirF64TypeGet(ctx.c_context), value))

    @staticmethod
    def isinstance(other):
        """Whether `other` is a floating-point attribute."""
        return isinstance(other, Attribute) and mlirAttributeIsAFloat(
            (<Attribute>other).c_attr)

    @property
    def value(self) -> float:
        """The value (a float)."""
        return mlirFloatAttrGetValueDouble(self.c_attr)

    def __float__(self):
        return mlirFloatAttrGetValueDouble(self.c_attr)


cdef double _checked_float(object type, object value) except? -1.0:
    """value as a double, after checking that float type `type` can hold
    it: NaN and infinities only where the format has them, finite values
    not beyond its range (rounding is fine)."""
    if not isinstance(type, Type):
        raise _argument_type_error(f"type must be a Type, not {type.__class__.__name__}")
    cdef MlirType t = (<Type>type).c_type
    if not mlirTypeIsAFloat(t):
        raise ValueError(f"FloatAttr needs a floating-point type, got {type}")
    cdef double v = value
    cdef int status = mlirCyFloatTypeCheckValue(t, v)
    if status == MLIRCY_FLOAT_NAN_UNREPRESENTABLE:
        raise ValueError(f"{type} has no NaN")
    if status == MLIRCY_FLOAT_INF_UNREPRESENTABLE:
        raise ValueError(f"{type} has no infinity")
    if status == MLIRCY_FLOAT_OVERFLOW:
        raise ValueError(f"{value} is out of the range of {type}")
    if status == MLIRCY_FLOAT_NEGATIVE_UNREPRESENTABLE:
        raise ValueError(f"{type} cannot represent negative values or zero "
                         f"({value})")
    return v


cdef class StringAttr(Attribute):
    """"text" (optionally typed)."""
    static_typeid = wrap_typeid(mlirStringAttrGetTypeID())
    attr_name = from_ref(mlirStringAttrGetName())

    @staticmethod
    def get(value: str | bytes, context=None):
        """The string attribute of `value`, a str (UTF-8 encoded) or bytes;
        its type is none."""
        cdef Context ctx = resolve_context(context)
        return _make_attr(StringAttr, ctx, mlirStringAttrGet(
            ctx.c_context, borrowed_ref(value, "value")))

    @staticmethod
    def get_typed(type: Type, value: str | bytes):
        """The string attribute of `value` (a str or bytes) with type
        `type`, in that type's Context."""
        cdef Context ctx = _context_of_type(type, "type")
        return _make_attr(StringAttr, ctx, mlirStringAttrTypedGet(
            (<Type>type).c_type, borrowed_ref(value, "value")))

    @staticmethod
    def isinstance(other):
        """Whether `other` is a string attribute."""
        return isinstance(other, Attribute) and mlirAttributeIsAString(
            (<Attribute>other).c_attr)

    @property
    def value(self) -> str:
        """The string, decoded as UTF-8 (invalid bytes replaced)."""
        return from_ref(mlirStringAttrGetValue(self.c_attr))

    @property
    def value_bytes(self) -> bytes:
        """The string's value as bytes."""
        cdef MlirStringRef s = mlirStringAttrGetValue(self.c_attr)
        return s.data[:s.length]


cdef class UnitAttr(Attribute):
    """The unit attribute: present or absent, no value."""
    static_typeid = wrap_typeid(mlirUnitAttrGetTypeID())
    attr_name = from_ref(mlirUnitAttrGetName())

    @staticmethod
    def get(context=None):
        """The unit attribute of `context` (or the current Context)."""
        cdef Context ctx = resolve_context(context)
        return _make_attr(UnitAttr, ctx, mlirUnitAttrGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        """Whether `other` is the unit attribute."""
        return isinstance(other, Attribute) and mlirAttributeIsAUnit(
            (<Attribute>other).c_attr)


cdef class TypeAttr(Attribute):
    """An attribute holding a Type."""
    static_typeid = wrap_typeid(mlirTypeAttrGetTypeID())
    attr_name = from_ref(mlirTypeAttrGetName())

    @staticmethod
    def get(value: Type, context=None):
        """The attribute holding the type `value` (in its context)."""
        _context_param(context)
        cdef MlirType t = type_handle(value, "value")
        return _make_attr(TypeAttr, (<Type>value).context, mlirTypeAttrGet(t))

    @staticmethod
    def isinstance(other):
        """Whether `other` is a type attribute (one holding a Type)."""
        return isinstance(other, Attribute) and mlirAttributeIsAType(
            (<Attribute>other).c_attr)

    @property
    def value(self) -> Type:
        """The Type held."""
        return wrap_type(self.context, mlirTypeAttrGetValue(self.c_attr))


cdef class ArrayAttr(Attribute):
    """[a, b, c]: a sequence of attributes."""
    static_typeid = wrap_typeid(mlirArrayAttrGetTypeID())
    attr_name = from_ref(mlirArrayAttrGetName())

    @staticmethod
    def get(attributes: Sequence[Attribute], context=None):
        """The array attribute of `attributes`, a sequence of Attributes of
        `context` or the current Context.

        RuntimeError for an item that is not an Attribute, as upstream;
        ValueError for one of another Context."""
        cdef Context ctx = resolve_context(context)
        cdef vector[MlirAttribute] elems
        if not is_sequence_arg(attributes):
            raise _argument_type_error(
                f"attributes must be a sequence of Attributes, not "
                f"{type(attributes).__name__}")
        if PyList_CheckExact(attributes) or PyTuple_CheckExact(attributes):
            elems.reserve(mlircy_fast_size(attributes))
        for a in attributes:
            # Upstream's exception type and texts.
            if a is None:
                raise RuntimeError("Invalid attribute (None?) when attempting "
                                   "to create an ArrayAttribute")
            if not isinstance(a, Attribute):
                raise RuntimeError(
                    "Invalid attribute when attempting to create an "
                    f"ArrayAttribute (got {type(a).__name__})")
            elems.push_back(attribute_handle_in(a, ctx, "ArrayAttr element"))
        return _make_attr(ArrayAttr, ctx, mlirArrayAttrGet(
            ctx.c_context, elems.size(), elems.data()))

    @staticmethod
    def isinstance(other):
        """Whether `other` is an array attribute."""
        return isinstance(other, Attribute) and mlirAttributeIsAArray(
            (<Attribute>other).c_attr)

    def __len__(self):
        return mlirArrayAttrGetNumElements(self.c_attr)

    def __getitem__(self, index):
        cdef intptr_t n = mlirArrayAttrGetNumElements(self.c_attr)
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(n))]
        cdef intptr_t i = _index_arg(index, "index")
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError("ArrayAttribute index out of range")
        return wrap_attribute(self.context, mlirArrayAttrGetElement(self.c_attr, i))

    def __iter__(self):
        cdef ArrayAttributeIterator it = \
            ArrayAttributeIterator.__new__(ArrayAttributeIterator)
        it.attr = self
        return it

    def __add__(self, other):
        if not isinstance(self, ArrayAttr):
            return NotImplemented
        return ArrayAttr.get(list(self) + list(other),
                             context=(<Attribute>self).context)


cdef MlirNamedAttribute _dict_attr_entry(Context ctx, object name,
                                         object attr) except *:
    """One entry of DictAttr.get: a str name (not empty) and an Attribute
    of `ctx` (the error text is only made for one that is not)."""
    cdef MlirNamedAttribute na
    if not PyUnicode_CheckExact(name):
        if not isinstance(name, str):
            # Upstream's caster throws std::bad_cast: a RuntimeError.
            raise RuntimeError(f"std::bad_cast (DictAttr keys must be "
                               f"str, not {type(name).__name__})")
        name = _str_param(name, "name")
    na.name = ctx.identifier(<str>name)
    if isinstance(attr, Attribute) and (<Attribute>attr).context is ctx:
        na.attribute = (<Attribute>attr).c_attr
    elif not isinstance(attr, Attribute):
        raise RuntimeError(f"std::bad_cast (DictAttr value for '{name}' "
                           f"must be an Attribute, not {type(attr).__name__})")
    else:
        na.attribute = attribute_handle_in(
            attr, ctx, f"DictAttr value for '{name}'")
    return na


cdef class DictAttr(Attribute):
    """{name = attr, ...}: a mapping from names to attributes.
    d["name"] looks up by name (KeyError if absent), d[i] gives the i-th
    NamedAttribute (sorted by name)."""
    static_typeid = wrap_typeid(mlirDictionaryAttrGetTypeID())
    attr_name = from_ref(mlirDictionaryAttrGetName())

    @staticmethod
    def get(value: Mapping[str, Attribute] | None = None, context=None):
        """The dictionary attribute of `value`, a mapping of str names to
        Attributes (None: empty).

        TypeError for a `value` without items(); RuntimeError for a name or
        value of another type, as upstream; ValueError for an empty name or
        an Attribute of another Context."""
        cdef Context ctx = resolve_context(context)
        cdef vector[MlirNamedAttribute] elems
        if value is None:
            value = {}
        # A dict iterates without an items() iterator or tuples (Cython's
        # loop over an exact dict); names come from the context's
        # identifier cache, not uniqued again.
        if type(value) is dict:
            elems.reserve(len(<dict>value))
            for name, attr in (<dict>value).items():
                elems.push_back(_dict_attr_entry(ctx, name, attr))
        elif hasattr(value, "items"):
            for name, attr in value.items():
                elems.push_back(_dict_attr_entry(ctx, name, attr))
        else:
            raise _argument_type_error(f"DictAttr.get needs a mapping of names to "
                            f"Attributes, not {type(value).__name__}")
        return _make_attr(DictAttr, ctx, mlirDictionaryAttrGet(
            ctx.c_context, elems.size(), elems.data()))

    @staticmethod
    def isinstance(other):
        """Whether `other` is a dictionary attribute."""
        return isinstance(other, Attribute) and mlirAttributeIsADictionary(
            (<Attribute>other).c_attr)

    def __len__(self):
        return mlirDictionaryAttrGetNumElements(self.c_attr)

    def __contains__(self, name):
        name = _str_param(name, "name")
        cdef bytes b = (<str>name).encode("utf-8")
        return mlirDictionaryAttrGetElementByName(self.c_attr, str_ref(b)).ptr != NULL

    def __getitem__(self, key):
        cdef bytes b
        cdef MlirAttribute a
        cdef intptr_t i, n
        if isinstance(key, str):
            b = (<str>key).encode("utf-8")
            a = mlirDictionaryAttrGetElementByName(self.c_attr, str_ref(b))
            if a.ptr == NULL:
                raise KeyError(f"attempt to access a non-existent attribute "
                               f"'{key}'")
            return wrap_attribute(self.context, a)
        if PyIndex_Check(key):
            # An index as upstream takes it: no counting from the end.
            key = _index_arg(key, "index")
            n = mlirDictionaryAttrGetNumElements(self.c_attr)
            if key < 0 or key >= n:
                raise IndexError("attempt to access out of bounds attribute")
            i = key
            return wrap_named_attribute(
                self.context, mlirDictionaryAttrGetElement(self.c_attr, i))
        raise _argument_type_error(
            f"DictAttr keys are str or int, not {type(key).__name__}")

    def __iter__(self):
        return iter(self.keys())

    def keys(self) -> list[str]:
        """The entries' names, in the attribute's order (sorted by name)."""
        cdef intptr_t i
        return [from_ref(mlirIdentifierStr(
                    mlirDictionaryAttrGetElement(self.c_attr, i).name))
                for i in range(mlirDictionaryAttrGetNumElements(self.c_attr))]

    def values(self) -> list[Attribute]:
        """The entries' Attributes, in the order of keys()."""
        cdef intptr_t i
        return [wrap_attribute(self.context,
                    mlirDictionaryAttrGetElement(self.c_attr, i).attribute)
                for i in range(mlirDictionaryAttrGetNumElements(self.c_attr))]

    def items(self) -> list[tuple[str, Attribute]]:
        """The (name, Attribute) pairs, in the order of keys()."""
        return list(zip(self.keys(), self.values()))


cdef class SymbolRefAttr(Attribute):
    """@root::@nested::@leaf (a reference without nested ones comes back
    as FlatSymbolRefAttr, as upstream)."""
    static_typeid = _NoTypeID()
    attr_name = from_ref(mlirSymbolRefAttrGetName())

    @staticmethod
    def get(symbols: Sequence[str], context=None):
        """@symbols[0]::@symbols[1]::..."""
        if not _is_sequence_arg(symbols):
            raise _argument_type_error(f"symbols must be a sequence of str, not "
                            f"{type(symbols).__name__}")
        cdef Context ctx = resolve_context(context)
        syms = [to_bytes(s, "symbol") for s in symbols]
        if not syms:
            raise ValueError("SymbolRefAttr must be composed of at least "
                             "one symbol.")
        cdef vector[MlirAttribute] nested
        for s in syms[1:]:
            nested.push_back(mlirFlatSymbolRefAttrGet(ctx.c_context, str_ref(s)))
        return _make_attr(SymbolRefAttr, ctx, mlirSymbolRefAttrGet(
            ctx.c_context, str_ref(syms[0]), nested.size(), nested.data()))

    @staticmethod
    def isinstance(other):
        """Whether `other` is a symbol reference attribute, flat or nested."""
        return isinstance(other, Attribute) and mlirAttributeIsASymbolRef(
            (<Attribute>other).c_attr)

    @property
    def value(self) -> list[str]:
        """[root, nested..., leaf] as strings."""
        cdef intptr_t i
        out = [from_ref(mlirSymbolRefAttrGetRootReference(self.c_attr))]
        for i in range(mlirSymbolRefAttrGetNumNestedReferences(self.c_attr)):
            out.append(from_ref(mlirFlatSymbolRefAttrGetValue(
                mlirSymbolRefAttrGetNestedReference(self.c_attr, i))))
        return out


cdef class FlatSymbolRefAttr(Attribute):
    """@name: a SymbolRefAttr without nested references. Such attributes
    come back from the API as this class, as upstream; SymbolRefAttr(a)
    casts one to the general view."""
    static_typeid = _NoTypeID()
    attr_name = from_ref(mlirFlatSymbolRefAttrGetName())

    @staticmethod
    def get(value: str, context=None):
        """The reference @value to the symbol named `value` (a str or
        bytes)."""
        cdef Context ctx = resolve_context(context)
        return _make_attr(FlatSymbolRefAttr, ctx, mlirFlatSymbolRefAttrGet(
            ctx.c_context, borrowed_ref(value, "value")))

    @staticmethod
    def isinstance(other):
        """Whether `other` is a symbol reference without nested references."""
        return isinstance(other, Attribute) and mlirAttributeIsAFlatSymbolRef(
            (<Attribute>other).c_attr)

    @property
    def value(self) -> str:
        """The referenced symbol's name (a str)."""
        return from_ref(mlirFlatSymbolRefAttrGetValue(self.c_attr))


cdef class OpaqueAttr(Attribute):
    """#dialect<data>: an attribute of an unregistered dialect."""
    static_typeid = wrap_typeid(mlirOpaqueAttrGetTypeID())
    attr_name = from_ref(mlirOpaqueAttrGetName())

    @staticmethod
    def get(dialect_namespace: str, buffer: bytes, type: Type,
            context=None):
        """The opaque attribute of dialect `dialect_namespace` and type
        `type`, its data a copy of the bytes of `buffer` (bytes, or any
        object with the buffer protocol: all its bytes, where upstream's
        takes as many bytes as the buffer has elements); the dialect need
        not be registered. A str is refused, as upstream's."""
        cdef Context ctx = resolve_context(context)
        cdef bytes ns = to_bytes(dialect_namespace, "dialect_namespace")
        cdef bytes data
        if isinstance(buffer, bytes):
            data = <bytes>buffer
        elif PyObject_CheckBuffer(buffer):
            data = bytes(memoryview(buffer))
        else:
            raise _argument_type_error(f"buffer must be an object with the "
                                       f"buffer protocol, not "
                                       f"{_upstream_type_name(buffer)}")
        cdef MlirType t = type_handle(type, "type")
        return _make_attr(OpaqueAttr, ctx, mlirOpaqueAttrGet(
            ctx.c_context, str_ref(ns), len(data), <const char*>data, t))

    @staticmethod
    def isinstance(other):
        """Whether `other` is an opaque attribute."""
        return isinstance(other, Attribute) and mlirAttributeIsAOpaque(
            (<Attribute>other).c_attr)

    @property
    def dialect_namespace(self) -> str:
        """The namespace of the attribute's dialect."""
        return from_ref(mlirOpaqueAttrGetDialectNamespace(self.c_attr))

    @property
    def data(self) -> bytes:
        """The attribute's data, as its dialect printed it (bytes)."""
        cdef MlirStringRef s = mlirOpaqueAttrGetData(self.c_attr)
        return s.data[:s.length]


cdef class StridedLayoutAttr(Attribute):
    """strided<[s0, s1], offset: o>: a memref layout."""
    static_typeid = wrap_typeid(mlirStridedLayoutAttrGetTypeID())
    attr_name = from_ref(mlirStridedLayoutAttrGetName())

    @staticmethod
    def get(offset: int, strides: Sequence[int], context=None):
        """The layout strided<strides, offset: offset>, from ints;
        ShapedType.get_dynamic_stride_or_offset() stands for a dynamic one."""
        cdef Context ctx = resolve_context(context)
        offset = _index_arg(offset, "offset")
        cdef vector[int64_t] s
        _fill_shape(s, strides)
        return _make_attr(StridedLayoutAttr, ctx, mlirStridedLayoutAttrGet(
            ctx.c_context, offset, s.size(), s.data()))

    @staticmethod
    def get_fully_dynamic(rank: int, context=None):
        """The strided layout of `rank` dimensions whose offset and strides
        are all dynamic; ValueError for a negative rank."""
        rank = _index_arg(rank, "rank")
        if rank < 0:
            raise ValueError("rank must be >= 0")
        dyn = mlirShapedTypeGetDynamicStrideOrOffset()
        return StridedLayoutAttr.get(dyn, [dyn] * rank, context=context)

    @staticmethod
    def isinstance(other):
        """Whether `other` is a strided layout attribute."""
        return isinstance(other, Attribute) and mlirAttributeIsAStridedLayout(
            (<Attribute>other).c_attr)

    @property
    def offset(self) -> int:
        """The offset (an int, or the dynamic marker)."""
        return mlirStridedLayoutAttrGetOffset(self.c_attr)

    @property
    def strides(self) -> list[int]:
        """The strides (a list of int)."""
        cdef intptr_t i
        return [mlirStridedLayoutAttrGetStride(self.c_attr, i)
                for i in range(mlirStridedLayoutAttrGetNumStrides(self.c_attr))]


cdef class AffineMapAttr(Attribute):
    """An attribute holding an AffineMap."""
    static_typeid = wrap_typeid(mlirAffineMapAttrGetTypeID())
    attr_name = from_ref(mlirAffineMapAttrGetName())

    @staticmethod
    def get(AffineMap affine_map not None):
        """The attribute holding `affine_map`, in the map's Context."""
        return _make_attr(AffineMapAttr, affine_map.context,
                          mlirAffineMapAttrGet(affine_map.c_map))

    @staticmethod
    def isinstance(other):
        """Whether `other` is an affine map attribute."""
        return isinstance(other, Attribute) and mlirAttributeIsAAffineMap(
            (<Attribute>other).c_attr)

    @property
    def value(self) -> AffineMap:
        """The AffineMap held."""
        return wrap_affine_map(self.context, mlirAffineMapAttrGetValue(self.c_attr))


cdef class IntegerSetAttr(Attribute):
    """An attribute holding an IntegerSet."""
    static_typeid = wrap_typeid(mlirIntegerSetAttrGetTypeID())
    attr_name = from_ref(mlirIntegerSetAttrGetName())

    @staticmethod
    def get(IntegerSet integer_set not None):
        """The attribute holding `integer_set`, in the set's Context."""
        return _make_attr(IntegerSetAttr, integer_set.context,
                          mlirIntegerSetAttrGet(integer_set.c_set))

    @staticmethod
    def isinstance(other):
        """Whether `other` is an integer set attribute."""
        return isinstance(other, Attribute) and mlirAttributeIsAIntegerSet(
            (<Attribute>other).c_attr)

    @property
    def value(self) -> IntegerSet:
        """The IntegerSet held."""
        return wrap_integer_set(self.context, mlirIntegerSetAttrGetValue(self.c_attr))


cdef int _register_builtin_attribute(type cls) except -1:
    _set_caster(_attribute_caster_map, _attribute_casters, cls.static_typeid,
                cls, cls)
    return 0


# The builtin attributes that are the class of their TypeID (casters);
# IntegerAttr/BoolAttr and SymbolRefAttr/FlatSymbolRefAttr share a TypeID
# each and are chosen below. Registered and exported from these lists.
cdef tuple _BUILTIN_ATTRIBUTES = (
    FloatAttr, StringAttr, UnitAttr, TypeAttr, ArrayAttr, DictAttr,
    OpaqueAttr, StridedLayoutAttr, AffineMapAttr, IntegerSetAttr)
cdef tuple _CHOSEN_ATTRIBUTES = (IntegerAttr, BoolAttr, SymbolRefAttr,
                                 FlatSymbolRefAttr)

for _cls in _BUILTIN_ATTRIBUTES:
    _register_builtin_attribute(_cls)
del _cls


cdef PyObject* _choose_integer_class(MlirAttribute a) noexcept:
    # An i1 IntegerAttr comes back as a BoolAttr, as upstream's caster does.
    if mlirAttributeIsABool(a):
        return <PyObject*>BoolAttr
    return <PyObject*>IntegerAttr


_register_chooser(IntegerAttr.static_typeid, IntegerAttr,
                  _choose_integer_class)


cdef PyObject* _choose_symbol_ref_class(MlirAttribute a) noexcept:
    # A reference without nested ones comes back as a FlatSymbolRefAttr,
    # as upstream's caster does.
    if mlirAttributeIsAFlatSymbolRef(a):
        return <PyObject*>FlatSymbolRefAttr
    return <PyObject*>SymbolRefAttr


_register_chooser(wrap_typeid(mlirSymbolRefAttrGetTypeID()), SymbolRefAttr,
                  _choose_symbol_ref_class)

@cython.final
cdef class ArrayAttributeIterator:
    """Iterator over the elements of an ArrayAttr (iter(array_attr))."""
    cdef ArrayAttr attr
    cdef intptr_t next_index

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "ArrayAttributeIterator objects come from "
                              "iter(ArrayAttr)")

    def __iter__(self):
        return self

    def __next__(self):
        if self.next_index >= mlirArrayAttrGetNumElements(self.attr.c_attr):
            raise StopIteration
        self.next_index += 1
        return wrap_attribute(self.attr.context, mlirArrayAttrGetElement(
            self.attr.c_attr, self.next_index - 1))


_ATTRIBUTE_NAMES = ["ArrayAttributeIterator"] + [
    c.__name__ for c in _CHOSEN_ATTRIBUTES + _BUILTIN_ATTRIBUTES]
