# Op interfaces reachable through mlir-c/Interfaces.h: InferTypeOpInterface
# and InferShapedTypeOpInterface, constructed from an operation (or view) or
# from an OpView class (then only the inference methods work).

from libcpp cimport bool as cpp_bool

ctypedef struct _ShapedComponents:
    bint has_rank
    MlirType element_type
    MlirAttribute attribute
    vector[int64_t] shape


cdef void _collect_types(long n, MlirType* types,
                         void* out) noexcept nogil:
    cdef vector[MlirType]* v = <vector[MlirType]*>out
    cdef long i
    for i in range(n):
        v.push_back(types[i])


cdef void _collect_shaped(cpp_bool has_rank, long rank, const long* shape,
                          MlirType element_type, MlirAttribute attribute,
                          void* out) noexcept nogil:
    cdef vector[_ShapedComponents]* v = <vector[_ShapedComponents]*>out
    cdef _ShapedComponents c
    c.has_rank = has_rank
    c.element_type = element_type
    c.attribute = attribute
    cdef long i
    if has_rank:
        for i in range(rank):
            c.shape.push_back(shape[i])
    v.push_back(c)


cdef object _inference_error(str message, list errors):
    """ValueError(message), MLIR's error diagnostics after it (': a; b')."""
    if not errors:
        return ValueError(message)
    return ValueError(message + ": " + "; ".join(str(d.message)
                                                 for d in errors))


cdef int _flat_operands(object operands, vector[MlirValue]* out) except -1:
    """Operands as upstream takes them: a list of Values, Nones (skipped)
    and sequences of Values (flattened)."""
    if operands is None:
        return 0
    if not isinstance(operands, list):
        raise TypeError(f"operands must be a list, not {type(operands).__name__}")
    for i, item in enumerate(operands):
        if item is None:
            continue
        if isinstance(item, Value):
            out.push_back((<Value>item).handle())
            continue
        try:
            values = list(item)
        except TypeError:
            raise ValueError(f"Operand {i} must be a Value or Sequence of "
                             f"Values (not {type(item).__name__})") from None
        for v in values:
            if not isinstance(v, Value):
                raise ValueError(f"Operand {i} must be a Value or Sequence of "
                                 f"Values (not {type(v).__name__})")
            out.push_back((<Value>v).handle())
    return 0


cdef class _OpInterface:
    """An op interface of an operation, or of an OpView class (static: only
    the inference methods)."""
    cdef object op              # the Operation, or None when static
    cdef str op_name
    cdef object obj

    cdef MlirTypeID interface_id(self):
        raise NotImplementedError

    def __init__(self, *args, context=None, **kwargs):
        """__init__(object, context=None): the interface of `object`, an
        Operation or OpView, or an OpView class. ValueError if the operation
        does not implement it."""
        if len(args) + len(kwargs) != 1 or (kwargs and "object" not in kwargs):
            raise TypeError(f"{type(self).__name__}() takes one argument, "
                            "object, and an optional context")
        object = args[0] if args else kwargs["object"]
        cdef Operation op = None
        if isinstance(object, Operation):
            op = op_primary(<Operation>object)
        self.obj = object
        cdef bytes name
        cdef Context ctx
        if op is not None:
            if not mlirOperationImplementsInterface(op_handle(op),
                                                    self.interface_id()):
                raise ValueError("the operation does not implement "
                                 + type(self).__name__)
            self.op = op
            self.op_name = op.name
            return
        try:
            op_name = object.OPERATION_NAME
        except AttributeError:
            op_name = None
        if not isinstance(op_name, str):
            raise TypeError("Op interface does not refer to an operation or "
                            "OpView class")
        ctx = resolve_context(context)
        name = op_name.encode("utf-8")
        if not mlirOperationImplementsInterfaceStatic(
                str_ref(name), ctx.c_context, self.interface_id()):
            raise ValueError("the operation does not implement "
                             + type(self).__name__)
        self.op_name = op_name

    @property
    def operation(self):
        """The operation this interface was built from (TypeError for an
        interface of an OpView class)."""
        if self.op is None:
            raise TypeError("Cannot get an operation from a static interface")
        return self.op

    @property
    def opview(self):
        """The OpView of the operation this interface was built from
        (TypeError for an interface of an OpView class)."""
        if self.op is None:
            raise TypeError("Cannot get an opview from a static interface")
        return (<Operation>self.op).opview

    cdef int _prepare(self, operands, attributes, properties, regions,
                      vector[MlirValue]* c_operands,
                      vector[MlirRegion]* c_regions,
                      MlirAttribute* c_attributes) except -1:
        if properties is not None:
            raise TypeError("properties must be None (operation properties "
                            "cannot be passed from Python)")
        _flat_operands(operands, c_operands)
        if regions is not None:
            for r in regions:
                if not isinstance(r, Region):
                    raise TypeError(f"regions must be Regions, not "
                                    f"{type(r).__name__}")
                (<Region>r).check()
                c_regions.push_back((<Region>r).c_region)
        c_attributes.ptr = NULL
        if attributes is not None:
            c_attributes[0] = attribute_handle(attributes, "attributes")
        return 0


@cython.final
cdef class InferTypeOpInterface(_OpInterface):
    """InferTypeOpInterface of an operation or OpView class: infers the
    result types of an operation from what builds it."""

    cdef MlirTypeID interface_id(self):
        return mlirInferTypeOpInterfaceTypeID()

    def inferReturnTypes(self, operands=None, attributes=None,
                         properties=None, regions=None, context=None,
                         loc=None):
        """Given the arguments required to build an operation, attempts to
        infer its return types (a list of Type). Raises ValueError on
        failure."""
        cdef vector[MlirValue] c_operands
        cdef vector[MlirRegion] c_regions
        cdef MlirAttribute c_attributes
        self._prepare(operands, attributes, properties, regions,
                      &c_operands, &c_regions, &c_attributes)
        cdef Context ctx = resolve_context(context)
        cdef Location where = resolve_location(loc)
        cdef bytes name = self.op_name.encode("utf-8")
        cdef vector[MlirType] types
        cdef MlirLogicalResult ok
        cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
        ok = mlirInferTypeOpInterfaceInferReturnTypes(
            str_ref(name), ctx.c_context, where.c_location,
            c_operands.size(), c_operands.data(), c_attributes, NULL,
            c_regions.size(), c_regions.data(), _collect_types, &types)
        cap.check(mlirLogicalResultIsSuccess(ok),
                  "Failed to infer result types", _inference_error)
        out = []
        cdef Type t
        for i in range(types.size()):
            t = Type.__new__(Type)
            t.c_type = types[i]
            t.context = ctx
            out.append(t)
        return out


@cython.final
cdef class ShapedTypeComponents:
    """The shape (if ranked), element type and attribute inferred for a
    shaped result."""
    cdef object shape_list      # list of int, or None when unranked
    cdef Type elt               # None if inference left it out
    cdef object attr

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "ShapedTypeComponents objects come from "
                              "ShapedTypeComponents.get or inference")

    @staticmethod
    def get(*args, **kwargs):
        """get(element_type), get(shape, element_type) or get(shape,
        element_type, attribute): unranked, ranked, ranked with an
        attribute."""
        cdef ShapedTypeComponents c = \
            ShapedTypeComponents.__new__(ShapedTypeComponents)
        names = ("shape", "element_type", "attribute")
        if len(args) > 3:
            raise TypeError("get() takes at most 3 arguments")
        given = dict(zip(names if len(args) > 1 else names[1:], args))
        for k, v in kwargs.items():
            if k not in names or k in given:
                raise TypeError(f"get() got an unexpected keyword argument '{k}'")
            given[k] = v
        if "element_type" not in given:
            raise TypeError("get() missing required argument 'element_type'")
        if not isinstance(given["element_type"], Type):
            raise _argument_type_error("element_type must be a Type, not "
                            + type(given["element_type"]).__name__)
        c.elt = given["element_type"]
        # As upstream's overloads: shape a list, and an attribute given
        # (even None) an Attribute; else its binding layer's TypeError.
        if "shape" in given:
            if not isinstance(given["shape"], list):
                raise _argument_type_error("shape must be a list, not "
                                           + type(given["shape"]).__name__)
            c.shape_list = list(given["shape"])
        elif "attribute" in given:
            raise _argument_type_error("get() with an attribute needs a shape")
        c.attr = given.get("attribute")
        if "attribute" in given and not isinstance(c.attr, Attribute):
            raise _argument_type_error("attribute must be an Attribute, not "
                                       + type(c.attr).__name__)
        return c

    @property
    def element_type(self):
        """The element type (None if inference left it out)."""
        return self.elt

    @property
    def has_rank(self):
        """Whether the components are ranked."""
        return self.shape_list is not None

    @property
    def rank(self):
        """The rank, or None if unranked."""
        return None if self.shape_list is None else len(self.shape_list)

    @property
    def shape(self):
        """The shape as a list of int (a new list each time), or None if
        unranked."""
        return None if self.shape_list is None else list(self.shape_list)


@cython.final
cdef class InferShapedTypeOpInterface(_OpInterface):
    """InferShapedTypeOpInterface of an operation or OpView class: infers
    the shaped type components of an operation's results."""

    cdef MlirTypeID interface_id(self):
        return mlirInferShapedTypeOpInterfaceTypeID()

    def inferReturnTypeComponents(self, operands=None, attributes=None,
                                  regions=None, properties=None,
                                  context=None, loc=None):
        """Given the arguments required to build an operation, attempts to
        infer its return shaped type components (a list of
        ShapedTypeComponents). Raises ValueError on failure."""
        cdef vector[MlirValue] c_operands
        cdef vector[MlirRegion] c_regions
        cdef MlirAttribute c_attributes
        self._prepare(operands, attributes, properties, regions,
                      &c_operands, &c_regions, &c_attributes)
        cdef Context ctx = resolve_context(context)
        cdef Location where = resolve_location(loc)
        cdef bytes name = self.op_name.encode("utf-8")
        cdef vector[_ShapedComponents] found
        cdef MlirLogicalResult ok
        cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
        ok = mlirInferShapedTypeOpInterfaceInferReturnTypes(
            str_ref(name), ctx.c_context, where.c_location,
            c_operands.size(), c_operands.data(), c_attributes, NULL,
            c_regions.size(), c_regions.data(), _collect_shaped, &found)
        cap.check(mlirLogicalResultIsSuccess(ok),
                  "Failed to infer result shape type components",
                  _inference_error)
        out = []
        cdef ShapedTypeComponents c
        for i in range(found.size()):
            c = ShapedTypeComponents.__new__(ShapedTypeComponents)
            # Inference may leave the element type out (null): None then.
            if found[i].element_type.ptr != NULL:
                c.elt = wrap_type(ctx, found[i].element_type)
            if found[i].has_rank:
                c.shape_list = [found[i].shape[j]
                                for j in range(found[i].shape.size())]
                if found[i].attribute.ptr != NULL:
                    c.attr = wrap_attribute(ctx, found[i].attribute)
            out.append(c)
        return out
