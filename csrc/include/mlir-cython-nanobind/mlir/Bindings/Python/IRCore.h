//===-- IRCore.h - upstream's C++ binding classes over mlir-cython -------===//
//
// For nanobind extensions written against upstream's
// "mlir/Bindings/Python/IRCore.h": the classes such extensions derive from
// and take as arguments (PyConcreteType, PyConcreteAttribute,
// PyConcreteValue, DefaultingPyMlirContext, ...) implemented over
// mlir-cython's objects through the capsule protocol of
// mlir-c/Bindings/Python/Interop.h, so the extension needs no C++ core of
// the bindings, only libMLIRCythonCAPI.
//
// Put the directory holding this `mlir/` (`<include>/mlir-cython-nanobind`,
// <include> being mlir._mlir_libs' include directory) on the include path
// before LLVM's include directory; LLVM's NanobindAdaptors.h, Nanobind.h
// and Diagnostics.h are used as they are.
//
// What differs from upstream: a class made by `PyConcreteX<...>::bind(m)`
// is a Python subclass of mlir-cython's class (mlir.ir.Type, ...,
// RankedTensorType, ...), not a nanobind class, so
//   - `ClassTy` is a small builder offering def, def_static,
//     def_classmethod, def_prop_ro, def_prop_rw and def_prop_ro_static
//     (the latter evaluated once, at bind time);
//   - C++ objects (PyTestType, ...) convert to Python as an instance of
//     their bound class (or, for classes not bound by the extension, as the
//     registered class of the handle), and from Python any object of the
//     right kind whose isaFunction accepts it converts to them.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_CYTHON_NANOBIND_IRCORE_H
#define MLIR_CYTHON_NANOBIND_IRCORE_H

#include <string>
#include <type_traits>
#include <utility>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "mlir-c/Support.h"
#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include "llvm/ADT/Twine.h"

#ifndef MLIR_BINDINGS_PYTHON_DOMAIN
#define MLIR_BINDINGS_PYTHON_DOMAIN mlir_cython
#endif
#ifndef MLIR_PYTHON_API_EXPORTED
#define MLIR_PYTHON_API_EXPORTED
#endif

/// Upstream's name of a class of the core module (as its nanobind signatures
/// show it), e.g. "mlir._mlir_libs._mlir.ir.Type".
#define MLIR_CYTHON_CORE_QUALNAME(local)                                       \
  MAKE_MLIR_PYTHON_QUALNAME("_mlir_libs._mlir." local)

namespace mlir {
namespace python {
namespace MLIR_BINDINGS_PYTHON_DOMAIN {

namespace cy_detail {
namespace nb = nanobind;

/// A Python class kept for the life of the process (never released, so no
/// reference is dropped after the interpreter is gone).
struct ClassSlot {
  PyObject *cls = nullptr;
  void set(nb::handle h) {
    Py_XINCREF(h.ptr());
    cls = h.ptr();
  }
};

inline nb::object staticMethod(nb::handle f) {
  return nb::steal<nb::object>(PyStaticMethod_New(f.ptr()));
}

inline nb::object classMethod(nb::handle f) {
  return nb::steal<nb::object>(PyClassMethod_New(f.ptr()));
}

/// A Python subclass of `super` named `name` in module `m`.
inline nb::object makeSubclass(nb::module_ &m, const char *name,
                               nb::handle super) {
  nb::object metaclass = nb::borrow<nb::object>((PyObject *)Py_TYPE(super.ptr()));
  nb::dict attrs;
  attrs["__module__"] = m.attr("__name__");
  attrs["__qualname__"] = nb::str(name);
  nb::object cls = metaclass(nb::str(name), nb::make_tuple(super), attrs);
  m.attr(name) = cls;
  return cls;
}

/// The builder that `ClassTy` names: like nanobind::class_ for the methods
/// extensions add in bindDerived, on a Python class.
template <typename DerivedTy>
class PyClassBuilder {
public:
  explicit PyClassBuilder(nb::object cls) : cls(std::move(cls)) {}

  // The class is no nanobind class: a method replacing one the base class
  // defines (e.g. a static `get`) must not join that one's overloads, which
  // nanobind refuses for functions not its own, so no nb::scope is given
  // then (it only names the function).
  template <typename Func, typename... Extra>
  PyClassBuilder &def(const char *name, Func &&f, const Extra &...extra) {
    if (inherits(name))
      cls.attr(name) = nb::cpp_function(std::forward<Func>(f), nb::name(name),
                                        nb::is_method(), extra...);
    else
      cls.attr(name) = nb::cpp_function(std::forward<Func>(f), nb::name(name),
                                        nb::is_method(), nb::scope(cls),
                                        extra...);
    return *this;
  }

  template <typename Func, typename... Extra>
  PyClassBuilder &def_static(const char *name, Func &&f,
                             const Extra &...extra) {
    cls.attr(name) = staticMethod(
        nb::cpp_function(std::forward<Func>(f), nb::name(name), extra...));
    return *this;
  }

  template <typename Func, typename... Extra>
  PyClassBuilder &def_classmethod(const char *name, Func &&f,
                                  const Extra &...extra) {
    cls.attr(name) = classMethod(
        nb::cpp_function(std::forward<Func>(f), nb::name(name), extra...));
    return *this;
  }

  template <typename Getter, typename... Extra>
  PyClassBuilder &def_prop_ro(const char *name, Getter &&getter,
                              const Extra &...extra) {
    nb::object fget = nb::cpp_function(std::forward<Getter>(getter),
                                       nb::name(name), nb::is_method(),
                                       extra...);
    nb::object property =
        nb::borrow<nb::object>((PyObject *)&PyProperty_Type);
    cls.attr(name) = property(fget);
    return *this;
  }

  template <typename Getter, typename Setter, typename... Extra>
  PyClassBuilder &def_prop_rw(const char *name, Getter &&getter,
                              Setter &&setter, const Extra &...extra) {
    nb::object fget = nb::cpp_function(std::forward<Getter>(getter),
                                       nb::name(name), nb::is_method(),
                                       extra...);
    nb::object fset = nb::cpp_function(std::forward<Setter>(setter),
                                       nb::name(name), nb::is_method());
    nb::object property =
        nb::borrow<nb::object>((PyObject *)&PyProperty_Type);
    cls.attr(name) = property(fget, fset);
    return *this;
  }

  /// A class attribute: `getter(cls)` evaluated once, now.
  template <typename Getter, typename... Extra>
  PyClassBuilder &def_prop_ro_static(const char *name, Getter &&getter,
                                     const Extra &...) {
    cls.attr(name) = nb::cast(getter(cls));
    return *this;
  }

  nb::object attr(const char *name) const { return cls.attr(name); }
  nb::object get_class() const { return cls; }

private:
  bool inherits(const char *name) const {
    return name[0] != '_' && nb::hasattr(cls, name);
  }
  nb::object cls;
};

inline nb::object typeFromCapsule(MlirType t) {
  nb::object capsule = nb::steal<nb::object>(mlirPythonTypeToCapsule(t));
  return irModule().attr("Type").attr(MLIR_PYTHON_CAPI_FACTORY_ATTR)(capsule);
}

inline nb::object attributeFromCapsule(MlirAttribute a) {
  nb::object capsule =
      nb::steal<nb::object>(mlirPythonAttributeToCapsule(a));
  return irModule().attr("Attribute").attr(MLIR_PYTHON_CAPI_FACTORY_ATTR)(
      capsule);
}

inline nb::object valueFromCapsule(MlirValue v) {
  nb::object capsule = nb::steal<nb::object>(mlirPythonValueToCapsule(v));
  return irModule().attr("Value").attr(MLIR_PYTHON_CAPI_FACTORY_ATTR)(capsule);
}

inline std::string repr(nb::handle h) {
  return nb::cast<std::string>(nb::repr(h));
}

/// A casting constructor's argument: an object of the API with a handle of
/// kind `Handle` (its caster refuses anything else), kept as the object.
template <typename Handle>
struct ObjectOf {
  nb::handle object;
  Handle handle;
};
} // namespace cy_detail

//===----------------------------------------------------------------------===//
// Contexts
//===----------------------------------------------------------------------===//

template <typename T>
class PyObjectRef;
class PyMlirContext;
using PyMlirContextRef = PyObjectRef<PyMlirContext>;

/// An mlir.ir.Context: its Python object and its handle.
class MLIR_PYTHON_API_EXPORTED PyMlirContext {
public:
  PyMlirContext() = default;
  PyMlirContext(nanobind::object object, MlirContext context)
      : object(std::move(object)), context(context) {}

  MlirContext get() const { return context; }
  nanobind::object getObject() const { return object; }
  inline PyMlirContextRef getRef() const;

  /// The Python object of a handle (the package's live one).
  static inline PyMlirContextRef forContext(MlirContext context);

private:
  nanobind::object object;
  MlirContext context{nullptr};
};

/// A reference to a Python-backed object (upstream: a pointer plus the
/// object keeping it alive); here the value itself.
template <typename T>
class PyObjectRef {
public:
  PyObjectRef() = default;
  PyObjectRef(T value) : value(std::move(value)) {}
  T *operator->() { return &value; }
  const T *operator->() const { return &value; }
  T &operator*() { return value; }
  T *get() { return &value; }
  nanobind::object getObject() const { return value.getObject(); }
  explicit operator bool() const { return getObject().is_valid(); }

private:
  T value;
};

PyMlirContextRef PyMlirContext::getRef() const { return PyMlirContextRef(*this); }

PyMlirContextRef PyMlirContext::forContext(MlirContext context) {
  nanobind::object capsule =
      nanobind::steal<nanobind::object>(mlirPythonContextToCapsule(context));
  nanobind::object obj = irModule().attr("Context").attr(
      MLIR_PYTHON_CAPI_FACTORY_ATTR)(capsule);
  return PyMlirContextRef(PyMlirContext(obj, context));
}

/// A `context=None` argument: the given Context, or the current one (from
/// `with Context():`), looked up when first used.
class MLIR_PYTHON_API_EXPORTED DefaultingPyMlirContext {
public:
  DefaultingPyMlirContext() = default;
  explicit DefaultingPyMlirContext(nanobind::object given)
      : given(std::move(given)) {}

  PyMlirContext *get() {
    if (!resolved.getObject().is_valid()) {
      nanobind::object obj = given;
      if (!obj.is_valid() || obj.is_none())
        obj = irModule().attr("Context").attr("current");
      if (obj.is_none())
        throw std::runtime_error(
            "An MLIR function requires a Context but none was provided in the "
            "call or from the surrounding environment. Either pass to the "
            "function with a 'context=' argument or establish a default "
            "using 'with Context():'");
      resolved = PyMlirContext(obj, nanobind::cast<MlirContext>(obj));
    }
    return &resolved;
  }
  PyMlirContext *operator->() { return get(); }
  PyMlirContext &operator*() { return *get(); }

  static PyMlirContext &resolve() {
    thread_local DefaultingPyMlirContext current;
    current = DefaultingPyMlirContext();
    return *current.get();
  }

private:
  nanobind::object given;
  PyMlirContext resolved;
};

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// An mlir.ir.Type.
class MLIR_PYTHON_API_EXPORTED PyType {
public:
  static constexpr const char *pyClassName = "Type";
  PyType() = default;
  PyType(PyMlirContextRef contextRef, MlirType type)
      : contextRef(std::move(contextRef)), type(type) {}
  operator MlirType() const { return type; }
  MlirType get() const { return type; }
  PyMlirContextRef &getContext() { return contextRef; }
  /// The Python object of this type, as its registered class.
  nanobind::object maybeDownCast() const {
    return cy_detail::typeFromCapsule(type);
  }
  static nanobind::object pyClass() { return irModule().attr("Type"); }

private:
  PyMlirContextRef contextRef;
  MlirType type{nullptr};
};

/// CRTP base of a Python subclass of Type (or of BaseTy's class) castable
/// from a Type, as upstream's. DerivedTy defines `isaFunction`,
/// `pyClassName` and optionally `getTypeIdFunction`, `name` and
/// `bindDerived(ClassTy &)`.
template <typename DerivedTy, typename BaseTy = PyType>
class MLIR_PYTHON_API_EXPORTED PyConcreteType : public BaseTy {
public:
  using ClassTy = cy_detail::PyClassBuilder<DerivedTy>;
  using IsAFunctionTy = bool (*)(MlirType);
  using GetTypeIDFunctionTy = MlirTypeID (*)();
  using Base = PyConcreteType;
  static constexpr GetTypeIDFunctionTy getTypeIdFunction = nullptr;
  static inline const MlirStringRef name{};

  PyConcreteType() = default;
  PyConcreteType(PyMlirContextRef contextRef, MlirType t)
      : BaseTy(std::move(contextRef), t) {}
  PyConcreteType(PyType &orig)
      : PyConcreteType(orig.getContext(), castFrom(orig)) {}

  static MlirType castFrom(PyType &orig) {
    if (!DerivedTy::isaFunction(orig))
      throw nanobind::value_error(
          (llvm::Twine("Cannot cast type to ") + DerivedTy::pyClassName +
           " (from " + cy_detail::repr(orig.maybeDownCast()) + ")")
              .str()
              .c_str());
    return orig;
  }

  /// The Python class: the one bind() made, else mlir.ir's of that name.
  static nanobind::object pyClass() {
    if (slot().cls)
      return nanobind::borrow<nanobind::object>(slot().cls);
    return irModule().attr(DerivedTy::pyClassName);
  }
  static bool isBound() { return slot().cls != nullptr; }

  static void bind(nanobind::module_ &m) {
    namespace nb = nanobind;
    nb::object super = BaseTy::pyClass();
    nb::object cls = cy_detail::makeSubclass(m, DerivedTy::pyClassName, super);
    slot().set(cls);
    cls.attr("__init__") = nb::cpp_function(
        [super](nb::handle self, cy_detail::ObjectOf<MlirType> other) {
          if (!DerivedTy::isaFunction(other.handle))
            throw nb::value_error(
                (llvm::Twine("Cannot cast type to ") + DerivedTy::pyClassName +
                 " (from " + cy_detail::repr(other.object) +
                 ")")
                    .str()
                    .c_str());
          super.attr("__init__")(self, other.object);
        },
        nb::name("__init__"), nb::is_method(), nb::scope(cls),
        nb::arg("cast_from_type"),
        nb::sig("def __init__(self, cast_from_type: " MLIR_CYTHON_CORE_QUALNAME(
            "ir.Type") ") -> None"));
    cls.attr("isinstance") = cy_detail::staticMethod(nb::cpp_function(
        [](nb::handle other) {
          MlirType t;
          return nb::try_cast<MlirType>(other, t) && DerivedTy::isaFunction(t);
        },
        nb::name("isinstance"), nb::arg("other")));
    cls.attr("__repr__") = nb::cpp_function(
        [](nb::handle self) {
          return std::string(DerivedTy::pyClassName) + "(" +
                 nb::cast<std::string>(nb::str(self)) + ")";
        },
        nb::name("__repr__"), nb::is_method(), nb::scope(cls));
    if (DerivedTy::getTypeIdFunction) {
      MlirTypeID typeID = DerivedTy::getTypeIdFunction();
      cls.attr("static_typeid") = nb::cast(typeID);
      irModule().attr("register_type_caster")(typeID,
                                              nb::arg("replace") = true)(cls);
    }
    if (DerivedTy::name.length != 0)
      cls.attr("type_name") = nb::str(DerivedTy::name.data, DerivedTy::name.length);
    ClassTy builder(cls);
    DerivedTy::bindDerived(builder);
  }

  static void bindDerived(ClassTy &) {}

private:
  static cy_detail::ClassSlot &slot() {
    static cy_detail::ClassSlot s;
    return s;
  }
};

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// An mlir.ir.Attribute.
class MLIR_PYTHON_API_EXPORTED PyAttribute {
public:
  static constexpr const char *pyClassName = "Attribute";
  PyAttribute() = default;
  PyAttribute(PyMlirContextRef contextRef, MlirAttribute attr)
      : contextRef(std::move(contextRef)), attr(attr) {}
  operator MlirAttribute() const { return attr; }
  MlirAttribute get() const { return attr; }
  PyMlirContextRef &getContext() { return contextRef; }
  nanobind::object maybeDownCast() const {
    return cy_detail::attributeFromCapsule(attr);
  }
  static nanobind::object pyClass() { return irModule().attr("Attribute"); }

private:
  PyMlirContextRef contextRef;
  MlirAttribute attr{nullptr};
};

/// CRTP base of a Python subclass of Attribute, as PyConcreteType.
template <typename DerivedTy, typename BaseTy = PyAttribute>
class MLIR_PYTHON_API_EXPORTED PyConcreteAttribute : public BaseTy {
public:
  using ClassTy = cy_detail::PyClassBuilder<DerivedTy>;
  using IsAFunctionTy = bool (*)(MlirAttribute);
  using GetTypeIDFunctionTy = MlirTypeID (*)();
  static constexpr GetTypeIDFunctionTy getTypeIdFunction = nullptr;
  static inline const MlirStringRef name{};
  using Base = PyConcreteAttribute;

  PyConcreteAttribute() = default;
  PyConcreteAttribute(PyMlirContextRef contextRef, MlirAttribute attr)
      : BaseTy(std::move(contextRef), attr) {}
  PyConcreteAttribute(PyAttribute &orig)
      : PyConcreteAttribute(orig.getContext(), castFrom(orig)) {}

  static MlirAttribute castFrom(PyAttribute &orig) {
    if (!DerivedTy::isaFunction(orig))
      throw nanobind::value_error(
          (llvm::Twine("Cannot cast attribute to ") + DerivedTy::pyClassName +
           " (from " + cy_detail::repr(orig.maybeDownCast()) + ")")
              .str()
              .c_str());
    return orig;
  }

  static nanobind::object pyClass() {
    if (slot().cls)
      return nanobind::borrow<nanobind::object>(slot().cls);
    return irModule().attr(DerivedTy::pyClassName);
  }
  static bool isBound() { return slot().cls != nullptr; }

  static void bind(nanobind::module_ &m, PyType_Slot * /*slots*/ = nullptr) {
    namespace nb = nanobind;
    nb::object super = BaseTy::pyClass();
    nb::object cls = cy_detail::makeSubclass(m, DerivedTy::pyClassName, super);
    slot().set(cls);
    cls.attr("__init__") = nb::cpp_function(
        [super](nb::handle self, cy_detail::ObjectOf<MlirAttribute> other) {
          if (!DerivedTy::isaFunction(other.handle))
            throw nb::value_error(
                (llvm::Twine("Cannot cast attribute to ") +
                 DerivedTy::pyClassName + " (from " +
                 cy_detail::repr(other.object) + ")")
                    .str()
                    .c_str());
          super.attr("__init__")(self, other.object);
        },
        nb::name("__init__"), nb::is_method(), nb::scope(cls),
        nb::arg("cast_from_attr"),
        nb::sig("def __init__(self, cast_from_attr: " MLIR_CYTHON_CORE_QUALNAME(
            "ir.Attribute") ") -> None"));
    cls.attr("isinstance") = cy_detail::staticMethod(nb::cpp_function(
        [](nb::handle other) {
          MlirAttribute a;
          return nb::try_cast<MlirAttribute>(other, a) &&
                 DerivedTy::isaFunction(a);
        },
        nb::name("isinstance"), nb::arg("other")));
    cls.attr("__repr__") = nb::cpp_function(
        [](nb::handle self) {
          return std::string(DerivedTy::pyClassName) + "(" +
                 nb::cast<std::string>(nb::str(self)) + ")";
        },
        nb::name("__repr__"), nb::is_method(), nb::scope(cls));
    if (DerivedTy::getTypeIdFunction) {
      MlirTypeID typeID = DerivedTy::getTypeIdFunction();
      cls.attr("static_typeid") = nb::cast(typeID);
      irModule().attr("register_attribute_caster")(
          typeID, nb::arg("replace") = true)(cls);
    }
    if (DerivedTy::name.length != 0)
      cls.attr("attr_name") = nb::str(DerivedTy::name.data, DerivedTy::name.length);
    ClassTy builder(cls);
    DerivedTy::bindDerived(builder);
  }

  static void bindDerived(ClassTy &) {}

private:
  static cy_detail::ClassSlot &slot() {
    static cy_detail::ClassSlot s;
    return s;
  }
};

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

/// An mlir.ir.Value.
class MLIR_PYTHON_API_EXPORTED PyValue {
public:
  static constexpr const char *pyClassName = "Value";
  PyValue() = default;
  explicit PyValue(MlirValue value) : value(value) {}
  operator MlirValue() const { return value; }
  MlirValue get() const { return value; }
  nanobind::object maybeDownCast() const {
    return cy_detail::valueFromCapsule(value);
  }
  static nanobind::object pyClass() { return irModule().attr("Value"); }

private:
  MlirValue value{nullptr};
};

/// CRTP base of a Python subclass of Value, as PyConcreteType; with a
/// `getTypeIdFunction`, values of that type come out of the API as this
/// class (a value caster).
template <typename DerivedTy, typename BaseTy = PyValue>
class MLIR_PYTHON_API_EXPORTED PyConcreteValue : public BaseTy {
public:
  using ClassTy = cy_detail::PyClassBuilder<DerivedTy>;
  using IsAFunctionTy = bool (*)(MlirValue);
  using GetTypeIDFunctionTy = MlirTypeID (*)();
  static constexpr GetTypeIDFunctionTy getTypeIdFunction = nullptr;
  using Base = PyConcreteValue;

  PyConcreteValue() = default;
  explicit PyConcreteValue(MlirValue value) : BaseTy(value) {}
  PyConcreteValue(PyValue &orig) : BaseTy(castFrom(orig)) {}

  static MlirValue castFrom(PyValue &orig) {
    if (!DerivedTy::isaFunction(orig))
      throw nanobind::value_error(
          (llvm::Twine("Cannot cast value to ") + DerivedTy::pyClassName +
           " (from " + cy_detail::repr(orig.maybeDownCast()) + ")")
              .str()
              .c_str());
    return orig;
  }

  static nanobind::object pyClass() {
    if (slot().cls)
      return nanobind::borrow<nanobind::object>(slot().cls);
    return irModule().attr(DerivedTy::pyClassName);
  }
  static bool isBound() { return slot().cls != nullptr; }

  static void bind(nanobind::module_ &m) {
    namespace nb = nanobind;
    nb::object super = BaseTy::pyClass();
    nb::object cls = cy_detail::makeSubclass(m, DerivedTy::pyClassName, super);
    slot().set(cls);
    cls.attr("__init__") = nb::cpp_function(
        [super](nb::handle self, cy_detail::ObjectOf<MlirValue> other) {
          if (!DerivedTy::isaFunction(other.handle))
            throw nb::value_error(
                (llvm::Twine("Cannot cast value to ") + DerivedTy::pyClassName +
                 " (from " +
                 cy_detail::repr(other.object) + ")")
                    .str()
                    .c_str());
          super.attr("__init__")(self, other.object);
        },
        nb::name("__init__"), nb::is_method(), nb::scope(cls),
        nb::arg("value"),
        nb::sig("def __init__(self, value: " MLIR_CYTHON_CORE_QUALNAME(
            "ir.Value") ") -> None"));
    cls.attr("isinstance") = cy_detail::staticMethod(nb::cpp_function(
        [](nb::handle other) {
          MlirValue v;
          return nb::try_cast<MlirValue>(other, v) && DerivedTy::isaFunction(v);
        },
        nb::name("isinstance"), nb::arg("other_value")));
    if (DerivedTy::getTypeIdFunction) {
      MlirTypeID typeID = DerivedTy::getTypeIdFunction();
      irModule().attr("register_value_caster")(typeID,
                                               nb::arg("replace") = true)(cls);
    }
    ClassTy builder(cls);
    DerivedTy::bindDerived(builder);
  }

  static void bindDerived(ClassTy &) {}

private:
  static cy_detail::ClassSlot &slot() {
    static cy_detail::ClassSlot s;
    return s;
  }
};

} // namespace MLIR_BINDINGS_PYTHON_DOMAIN
} // namespace python
} // namespace mlir

//===----------------------------------------------------------------------===//
// Conversions between Python objects and the classes above.
//===----------------------------------------------------------------------===//

namespace nanobind {
namespace detail {

template <>
struct type_caster<
    mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::DefaultingPyMlirContext> {
  using Ctx = mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::DefaultingPyMlirContext;
  NB_TYPE_CASTER(Ctx, const_name(MAKE_MLIR_PYTHON_QUALNAME("ir.Context")) +
                          const_name(" | None"))
  bool from_python(handle src, uint8_t, cleanup_list *) noexcept {
    if (src.is_none()) {
      value = Ctx(borrow<object>(src));
      return true;
    }
    if (auto capsule = mlirApiObjectToCapsule(src)) {
      if (mlirContextIsNull(mlirPythonCapsuleToContext(capsule->ptr())))
        return false;
      value = Ctx(borrow<object>(src));
      return true;
    }
    return false;
  }
};

template <>
struct type_caster<mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyMlirContext> {
  using Ctx = mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyMlirContext;
  NB_TYPE_CASTER(Ctx, const_name(MAKE_MLIR_PYTHON_QUALNAME("ir.Context")))
  bool from_python(handle src, uint8_t, cleanup_list *) noexcept {
    if (auto capsule = mlirApiObjectToCapsule(src)) {
      MlirContext c = mlirPythonCapsuleToContext(capsule->ptr());
      if (mlirContextIsNull(c))
        return false;
      value = Ctx(borrow<object>(src), c);
      return true;
    }
    return false;
  }
  static handle from_cpp(const Ctx &c, rv_policy, cleanup_list *) noexcept {
    return c.getObject().inc_ref();
  }
};

template <typename Root>
struct mlir_cython_root_name;
template <>
struct mlir_cython_root_name<mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyType> {
  static constexpr auto name = const_name(MAKE_MLIR_PYTHON_QUALNAME("ir.Type"));
};
template <>
struct mlir_cython_root_name<
    mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyAttribute> {
  static constexpr auto name =
      const_name(MAKE_MLIR_PYTHON_QUALNAME("ir.Attribute"));
};
template <>
struct mlir_cython_root_name<mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyValue> {
  static constexpr auto name = const_name(MAKE_MLIR_PYTHON_QUALNAME("ir.Value"));
};

template <typename Handle>
struct type_caster<mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::cy_detail::ObjectOf<Handle>> {
  using Arg = mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::cy_detail::ObjectOf<Handle>;
  NB_TYPE_CASTER(Arg, make_caster<Handle>::Name)
  bool from_python(handle src, uint8_t, cleanup_list *) noexcept {
    Handle h;
    if (!try_cast<Handle>(src, h))
      return false;
    value = Arg{src, h};
    return true;
  }
};

/// Types, attributes and values of the classes above (and of extensions'
/// subclasses of them).
template <typename T, typename Handle, typename Root>
struct mlir_cython_object_caster {
  NB_TYPE_CASTER(T, mlir_cython_root_name<Root>::name)

  static bool accepts(Handle h) {
    if constexpr (std::is_same_v<T, Root>)
      return true;
    else
      return T::isaFunction(h);
  }

  bool from_python(handle src, uint8_t flags, cleanup_list *cleanup) noexcept {
    Handle h;
    if (!try_cast<Handle>(src, h) || !accepts(h))
      return false;
    try {
      if constexpr (std::is_same_v<Root,
                                   mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyValue>) {
        Root r(h);
        value = T(r);
      } else {
        Root r(mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyMlirContext::
                   forContext(contextOf(h)),
               h);
        value = T(r);
      }
    } catch (...) {
      PyErr_Clear();
      return false;
    }
    return true;
  }

  static handle from_cpp(const T &v, rv_policy, cleanup_list *) noexcept {
    try {
      Handle h = v;
      if (!h.ptr)
        return none().release();
      object obj = Root(wrapArgs(h)).maybeDownCast();
      if constexpr (!std::is_same_v<T, Root>) {
        if (T::isBound() && !isinstance(obj, T::pyClass()))
          obj = T::pyClass()(obj);
      }
      return obj.release();
    } catch (python_error &e) {
      e.restore();
      return handle();
    } catch (...) {
      PyErr_SetString(PyExc_RuntimeError, "cannot convert an MLIR object");
      return handle();
    }
  }

private:
  static MlirContext contextOf(MlirType t) { return mlirTypeGetContext(t); }
  static MlirContext contextOf(MlirAttribute a) {
    return mlirAttributeGetContext(a);
  }
  static MlirContext contextOf(MlirValue v) {
    return mlirTypeGetContext(mlirValueGetType(v));
  }
  static auto wrapArgs(Handle h) {
    if constexpr (std::is_same_v<Root,
                                 mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyValue>)
      return h;
    else
      return Root(mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyMlirContextRef(),
                  h);
  }
};

template <typename T>
struct type_caster<
    T, enable_if_t<std::is_base_of_v<
           mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyType, T>>>
    : mlir_cython_object_caster<
          T, MlirType, mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyType> {};

template <typename T>
struct type_caster<
    T, enable_if_t<std::is_base_of_v<
           mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyAttribute, T>>>
    : mlir_cython_object_caster<
          T, MlirAttribute,
          mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyAttribute> {};

template <typename T>
struct type_caster<
    T, enable_if_t<std::is_base_of_v<
           mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyValue, T>>>
    : mlir_cython_object_caster<
          T, MlirValue, mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::PyValue> {};

} // namespace detail
} // namespace nanobind

#endif // MLIR_CYTHON_NANOBIND_IRCORE_H
