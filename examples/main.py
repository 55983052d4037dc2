"""The main job: parse a module, let MLIR verify it, and print it.

(Grows into: build IR from Python, lower it with passes, JIT-run it.)"""

import time

from mlir.ir import Context, Module

SOURCE = """
func.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %xi = memref.load %x[%i] : memref<?xf32>
    %yi = memref.load %y[%i] : memref<?xf32>
    %axi = arith.mulf %a, %xi : f32
    %r = arith.addf %axi, %yi : f32
    memref.store %r, %y[%i] : memref<?xf32>
  }
  return
}
"""


def main():
    t0 = time.perf_counter()
    with Context():
        module = Module.parse(SOURCE)  # parsing verifies the module
        print(module)
    dt = (time.perf_counter() - t0) * 1e3
    print(f"parsed, verified and printed @saxpy in {dt:.1f} ms")


if __name__ == "__main__":
    main()
