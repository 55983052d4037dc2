# Operation traits and structural equivalence, with upstream main's names
# (has_trait, the *Trait classes, OperationEquivalenceFlags) on MLIR 22,
# through the shims of mlir-cython/Traits.h and Equivalence.h.


# TypeIDs of the traits defined in Python (one per class, for the process).
cdef MlirTypeIDAllocator _trait_typeids = mlirTypeIDAllocatorCreate()


class DynamicOpTrait:
    """Base of the operation trait classes that has_trait takes. A trait
    class names its MLIR trait by its TypeID, the class attribute
    `_trait_typeid`. A subclass defined in Python that names none (nor
    inherits one) is a trait of its own: it gets a new TypeID, and may
    define `verify_invariants(op)` (a staticmethod; False or an exception
    is a verification failure), which operations of mlir.dialects.ext that
    list it in `traits=` run when they are verified."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if getattr(cls, "_trait_typeid", None) is None:
            cls._trait_typeid = wrap_typeid(
                mlirTypeIDAllocatorAllocateTypeID(_trait_typeids))

    @classmethod
    def attach(cls, op_name, context=None):
        """Gives the operations named `op_name`, defined in Python
        (mlir.dialects.ext) and registered in `context` or the current
        context, this trait. Returns whether it could: False for any other
        operation name."""
        if not isinstance(op_name, str):
            raise TypeError(f"op_name must be a str, not "
                            f"{type(op_name).__name__}")
        cdef TypeID tid = trait_typeid(cls)
        cdef Context ctx = resolve_context(context)
        cdef bytes b = op_name.encode("utf-8")
        return mlirCyDynamicOpAddTrait(ctx.c_context, str_ref(b),
                                       tid.c_typeid)


class IsTerminatorTrait(DynamicOpTrait):
    """MLIR's OpTrait::IsTerminator: the operation ends its block."""
    _trait_typeid = wrap_typeid(mlirCyOpTraitIsTerminatorGetTypeID())


class NoTerminatorTrait(DynamicOpTrait):
    """MLIR's OpTrait::NoTerminator: the operation's single-block regions
    need no terminator."""
    _trait_typeid = wrap_typeid(mlirCyOpTraitNoTerminatorGetTypeID())


class IsIsolatedFromAboveTrait(DynamicOpTrait):
    """MLIR's OpTrait::IsIsolatedFromAbove: the operation's regions use no
    value defined outside it."""
    _trait_typeid = wrap_typeid(mlirCyOpTraitIsIsolatedFromAboveGetTypeID())


class RecursiveMemoryEffectsTrait(DynamicOpTrait):
    """MLIR's OpTrait::HasRecursiveMemoryEffects: the operation's memory
    effects are those of the operations in its regions."""
    _trait_typeid = wrap_typeid(
        mlirCyOpTraitHasRecursiveMemoryEffectsGetTypeID())


cdef TypeID trait_typeid(object trait_cls):
    """The TypeID a trait class names (upstream's `_trait_typeid`)."""
    if not isinstance(trait_cls, type):
        raise TypeError(f"has_trait() expects a trait class, not "
                        f"{type(trait_cls).__name__}")
    tid = trait_cls._trait_typeid
    if not isinstance(tid, TypeID):
        raise TypeError(f"{trait_cls.__name__}._trait_typeid is a "
                        f"{type(tid).__name__}, not a TypeID")
    return <TypeID>tid


cdef bint name_has_trait(object view_cls, object trait_cls,
                         object context) except -1:
    """OpView.has_trait called on a class: by its OPERATION_NAME in the
    given or current context (False where that name is not registered)."""
    cdef TypeID tid = trait_typeid(trait_cls)
    name = getattr(view_cls, "OPERATION_NAME", None)
    if not isinstance(name, str):
        raise AttributeError(
            f"{view_cls.__name__} has no OPERATION_NAME: has_trait called on "
            "a class needs the operation name it stands for")
    cdef Context ctx = resolve_context(context)
    cdef bytes b = name.encode("utf-8")
    return mlirCyOperationNameHasTrait(str_ref(b), tid.c_typeid, ctx.c_context)


def _opview_has_trait(target: Any, trait_cls: type[DynamicOpTrait],
                      context: Context | None = None) -> bool:
    """has_trait(trait_cls, context=None): on an OpView class, whether the
    operations of its OPERATION_NAME have the trait `trait_cls` (e.g.
    IsTerminatorTrait) in `context` or the current context; on an
    operation, whether it has it."""
    if isinstance(target, type):
        return name_has_trait(target, trait_cls, context)
    return Operation.has_trait(target, trait_cls)


class OperationEquivalenceFlags(enum.IntFlag):
    """What Operation.is_structurally_equivalent and structural_hash leave
    out of the comparison."""
    NONE = MLIR_CY_EQUIVALENCE_NONE
    IGNORE_LOCATIONS = MLIR_CY_EQUIVALENCE_IGNORE_LOCATIONS
    IGNORE_DISCARDABLE_ATTRS = MLIR_CY_EQUIVALENCE_IGNORE_DISCARDABLE_ATTRS
    IGNORE_PROPERTIES = MLIR_CY_EQUIVALENCE_IGNORE_PROPERTIES
    IGNORE_COMMUTATIVITY = MLIR_CY_EQUIVALENCE_IGNORE_COMMUTATIVITY


cdef uint32_t equivalence_flags(object flags) except? 0xffffffff:
    if not isinstance(flags, int):
        raise TypeError(f"flags must be OperationEquivalenceFlags, not "
                        f"{type(flags).__name__}")
    if flags < 0 or flags > 15:
        raise ValueError(f"flags {flags!r} are not OperationEquivalenceFlags")
    return <uint32_t>flags
