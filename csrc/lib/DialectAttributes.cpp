//===- DialectAttributes.cpp - dialect attributes beyond the C API --------===//
//
// The TypeID of #gpu.object is taken from the class, not from an instance:
// an instance needs valid parameters (a target that promises the GPU target
// interface), and MLIR built with assertions aborts on invalid ones, which
// is also why the constructor here verifies first.
//
//===----------------------------------------------------------------------===//

#include "mlir-cython/DialectAttributes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"

MlirTypeID mlirCyGPUObjectAttrGetTypeID(void) {
  return wrap(mlir::TypeID::get<mlir::gpu::ObjectAttr>());
}

MlirAttribute mlirCyGPUObjectAttrGetChecked(MlirLocation loc,
                                            MlirAttribute target,
                                            uint32_t format,
                                            MlirStringRef object,
                                            MlirAttribute properties,
                                            MlirAttribute kernels) {
  mlir::Location l = unwrap(loc);
  mlir::MLIRContext *ctx = l.getContext();
  auto props = properties.ptr
                   ? llvm::cast<mlir::DictionaryAttr>(unwrap(properties))
                   : mlir::DictionaryAttr();
  auto table = kernels.ptr
                   ? llvm::cast<mlir::gpu::KernelTableAttr>(unwrap(kernels))
                   : mlir::gpu::KernelTableAttr();
  return wrap(mlir::gpu::ObjectAttr::getChecked(
      [&] { return mlir::emitError(l); }, ctx, unwrap(target),
      static_cast<mlir::gpu::CompilationTarget>(format),
      mlir::StringAttr::get(ctx, unwrap(object)), props, table));
}
