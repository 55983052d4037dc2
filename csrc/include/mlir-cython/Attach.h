/*===-- mlir-cython/Attach.h - attaching interface implementations -------===*\
|*                                                                            *|
|* What attaching an interface implementation to a registered operation     *|
|* name reports, for every interface the library attaches (Effects.h,       *|
|* TransformInterface.h).                                                   *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_ATTACH_H
#define MLIR_CYTHON_ATTACH_H

/// What attaching an implementation to an operation name did.
enum MlirCyAttachResult {
  MLIR_CY_ATTACHED = 0,
  /// No operation of that name is registered in the context.
  MLIR_CY_ATTACH_UNREGISTERED = 1,
  /// The operation implements the interface in C++ already.
  MLIR_CY_ATTACH_IMPLEMENTED = 2,
};

#endif // MLIR_CYTHON_ATTACH_H
