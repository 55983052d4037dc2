"""The gpu dialect (mlir.dialects.gpu): gpu.module, gpu.func (GPUFuncOp, its
signature and attribute names), gpu.launch_func, gpu.launch and its
decorator, built from Python, verified, printed exactly and parsed back;
the async token type and the object attribute; bad input raises TypeError
or ValueError naming the op and the argument."""

import pytest

from mlir.ir import (Attribute, DenseI32ArrayAttr, F32Type,
                     FunctionType, IndexType, InsertionPoint, IntegerType,
                     MemRefType, Module, Operation, StringAttr,
                     Type, TypeAttr, UnitAttr)
from mlir.dialects import arith, func, gpu, memref

from .helpers import build, check, same


# -- types and attributes -----------------------------------------------------

def test_gpu_async_token(ctx):
    t = gpu.AsyncTokenType.get()
    assert str(t) == "!gpu.async.token"
    assert same(Type.parse("!gpu.async.token"), t)
    assert t.typeid == gpu.AsyncTokenType.static_typeid
    assert gpu.AsyncTokenType.get(context=ctx) == t
    with pytest.raises(ValueError,
                       match=r"^Cannot cast type to AsyncTokenType \(from Type\(i1\)\)$"):
        gpu.AsyncTokenType(IntegerType.get_signless(1))


def test_gpu_object_attr(ctx):
    a = Attribute.parse('#gpu.object<#nvvm.target, properties = {O = 3 : i32}, "BLOB">')
    assert type(a) is gpu.ObjectAttr
    assert str(a.target) == "#nvvm.target"
    assert a.format == 4                   # fatbin, the default
    assert a.object == b"BLOB"
    assert str(a.properties) == "{O = 3 : i32}"
    assert a.kernels is None
    b = gpu.ObjectAttr.get(a.target, 2, b"\x00asm", a.properties)
    assert str(b) == ('#gpu.object<#nvvm.target, properties = {O = 3 : i32}, '
                      'assembly = "\\00asm">')
    assert b.object == b"\x00asm" and b.format == 2
    k = Attribute.parse('#gpu.kernel_table<>')
    c = gpu.ObjectAttr.get(a.target, 3, b"bin", kernels=k)
    # (MLIR prints the kernel table without its mnemonic here.)
    assert str(c) == '#gpu.object<#nvvm.target, kernels = <>, bin = "bin">'
    assert c.kernels == k and c.properties is None
    assert same(Attribute.parse(str(c)), c)
    with pytest.raises(ValueError, match="format"):
        gpu.ObjectAttr.get(a.target, 7, b"")
    with pytest.raises(TypeError, match="properties"):
        gpu.ObjectAttr.get(a.target, 1, b"", Attribute.parse("unit"))
    with pytest.raises(TypeError, match="kernels"):
        gpu.ObjectAttr.get(a.target, 1, b"", kernels=Attribute.parse("{}"))
    with pytest.raises(ValueError,
                       match=r"^Cannot cast attribute to ObjectAttr \(from Attribute\(unit\)\)$"):
        gpu.ObjectAttr(Attribute.parse("unit"))
    # Verified before it is made: MLIR built with assertions (PyPI's, which
    # the manylinux wheel links) aborts on such a target.
    with pytest.raises(ValueError, match="^the target attribute must "
                       "implement or promise the `gpu::TargetAttrInterface`$"):
        gpu.ObjectAttr.get(Attribute.parse("unit"), 1, b"")


# -- kernels and launches -----------------------------------------------------

def test_gpu_kernel_and_launches():
    def body():
        module_op = InsertionPoint.current.block.owner
        module_op.attributes["gpu.container_module"] = UnitAttr.get()
        f32 = F32Type.get()
        mt = MemRefType.get([16], f32)
        kernels = gpu.GPUModuleOp("kernels")
        with InsertionPoint(kernels.bodyRegion.blocks.append()):
            def kernel_body(op):
                tid = gpu.thread_id(gpu.Dimension.x)
                arg = op.entry_block.arguments[0]
                x = memref.load(arg, [tid])
                memref.store(arith.addf(x, x), arg, [tid])
                gpu.printf("tid %d\n", tid)
                gpu.ReturnOp([])

            k = gpu.GPUFuncOp(FunctionType.get([mt], []), "double",
                              kernel=True, body_builder=kernel_body,
                              known_block_size=[16, 1, 1])
            assert k.is_kernel and k.name.value == "double"
            assert k.type == FunctionType.get([mt], [])
            assert k.known_block_size == DenseI32ArrayAttr.get([16, 1, 1])
            plain = gpu.GPUFuncOp(TypeAttr.get(FunctionType.get([], [])),
                                  "helper")
            assert not plain.is_kernel
            with InsertionPoint(plain.add_entry_block()):
                gpu.ReturnOp([])
            with pytest.raises(RuntimeError, match="already exists"):
                plain.add_entry_block()

        @func.FuncOp.from_py_func(mt)
        def host(a):
            c16 = arith.constant(IndexType.get(), 16)
            op = gpu.LaunchFuncOp(["kernels", "double"], (1, 1, 1),
                                  (c16, 1, 1), [a])
            assert isinstance(op, gpu.LaunchFuncOp)
            t = gpu.wait()
            t2 = gpu.launch_func(["kernels", "double"], (1, 1, 1),
                                 (c16, 1, 1), [a], async_dependencies=[t])
            assert t2.type == gpu.AsyncTokenType.get()
            gpu.wait([t2])
            launch = gpu.LaunchOp((1, 1, 1), (c16, 1, 1))
            with InsertionPoint(launch.regions[0].blocks[0]):
                tx = launch.regions[0].blocks[0].arguments[3]
                memref.store(arith.constant(f32, 1.0), a, [tx])
                gpu.TerminatorOp()

    check(build(body), """
        module attributes {gpu.container_module} {
          gpu.module @kernels {
            gpu.func @double(%arg0: memref<16xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
              %thread_id_x = gpu.thread_id  x
              %0 = memref.load %arg0[%thread_id_x] : memref<16xf32>
              %1 = arith.addf %0, %0 : f32
              memref.store %1, %arg0[%thread_id_x] : memref<16xf32>
              gpu.printf "tid %d\\0A", %thread_id_x : index
              gpu.return
            }
            gpu.func @helper() {
              gpu.return
            }
          }
          func.func @host(%arg0: memref<16xf32>) {
            %c16 = arith.constant 16 : index
            %c1 = arith.constant 1 : index
            %c1_0 = arith.constant 1 : index
            %c1_1 = arith.constant 1 : index
            %c1_2 = arith.constant 1 : index
            %c1_3 = arith.constant 1 : index
            gpu.launch_func  @kernels::@double blocks in (%c1, %c1_0, %c1_1) threads in (%c16, %c1_2, %c1_3)  args(%arg0 : memref<16xf32>)
            %0 = gpu.wait async
            %c1_4 = arith.constant 1 : index
            %c1_5 = arith.constant 1 : index
            %c1_6 = arith.constant 1 : index
            %c1_7 = arith.constant 1 : index
            %c1_8 = arith.constant 1 : index
            %1 = gpu.launch_func async [%0] @kernels::@double blocks in (%c1_4, %c1_5, %c1_6) threads in (%c16, %c1_7, %c1_8)  args(%arg0 : memref<16xf32>)
            %2 = gpu.wait async [%1]
            %c1_9 = arith.constant 1 : index
            %c1_10 = arith.constant 1 : index
            %c1_11 = arith.constant 1 : index
            %c1_12 = arith.constant 1 : index
            %c1_13 = arith.constant 1 : index
            gpu.launch blocks(%arg1, %arg2, %arg3) in (%arg7 = %c1_9, %arg8 = %c1_10, %arg9 = %c1_11) threads(%arg4, %arg5, %arg6) in (%arg10 = %c16, %arg11 = %c1_12, %arg12 = %c1_13) {
              %cst = arith.constant 1.000000e+00 : f32
              memref.store %cst, %arg0[%arg4] : memref<16xf32>
              gpu.terminator
            }
            return
          }
        }
    """)


def test_gpu_bad_input(ctx):
    m = Module.create()
    with InsertionPoint(m.body):
        with pytest.raises(TypeError, match=r"gpu\.func: function_type"):
            gpu.GPUFuncOp(F32Type.get())
        with pytest.raises(ValueError, match=r"gpu\.func: sym_name"):
            gpu.GPUFuncOp(FunctionType.get([], []), 3)
        with pytest.raises(ValueError, match=r"gpu\.func: known_block_size "
                                             r"must have 3 sizes"):
            gpu.GPUFuncOp(FunctionType.get([], []), "k",
                          known_block_size=[1, 2])
        with pytest.raises(ValueError, match=r"gpu\.launch_func: grid_size "
                                             r"must have 3 sizes"):
            gpu.LaunchFuncOp(["m", "k"], (1, 1), (1, 1, 1))
        with pytest.raises(TypeError, match=r"gpu\.launch: block_size\[2\]"):
            gpu.LaunchOp((1, 1, 1), (1, 1, "z"))
        with pytest.raises(TypeError, match=r"gpu\.launch: grid_size must be"):
            gpu.LaunchOp(4, (1, 1, 1))
    assert str(gpu.AsyncTokenType.get()) == "!gpu.async.token"
    assert gpu.gpu_async_token() == gpu.AsyncTokenType.get()


def test_gpu_launch_decorator():
    def body():
        f32 = F32Type.get()

        @func.FuncOp.from_py_func(MemRefType.get([16], f32))
        def fill(a):
            @gpu.launch((1, 1, 1), (16, 1, 1))
            def kernel(bx, by, bz, tx, ty, tz, *sizes):
                assert len(sizes) == 6
                memref.store(arith.constant(f32, 2.0), a, [tx])
            # As upstream: a result-less op comes back as its Operation.
            assert type(kernel) is Operation
            assert isinstance(kernel.opview, gpu.LaunchOp)

    check(build(body), """
        module {
          func.func @fill(%arg0: memref<16xf32>) {
            %c1 = arith.constant 1 : index
            %c1_0 = arith.constant 1 : index
            %c1_1 = arith.constant 1 : index
            %c16 = arith.constant 16 : index
            %c1_2 = arith.constant 1 : index
            %c1_3 = arith.constant 1 : index
            gpu.launch blocks(%arg1, %arg2, %arg3) in (%arg7 = %c1, %arg8 = %c1_0, %arg9 = %c1_1) threads(%arg4, %arg5, %arg6) in (%arg10 = %c16, %arg11 = %c1_2, %arg12 = %c1_3) {
              %cst = arith.constant 2.000000e+00 : f32
              memref.store %cst, %arg0[%arg4] : memref<16xf32>
              gpu.terminator
            }
            return
          }
        }
    """)


def test_gpu_func_positional_arguments_and_names():
    seen = {}

    def body():
        module_op = InsertionPoint.current.block.owner
        module_op.attributes["gpu.container_module"] = UnitAttr.get()
        i32 = IntegerType.get_signless(32)
        gm = gpu.GPUModuleOp("mods")
        with InsertionPoint(gm.bodyRegion.blocks.append()):
            ft = FunctionType.get([i32, i32], [])

            def kbody(op):
                seen["arguments"] = op.arguments
                seen["block_args"] = [str(a.type)
                                      for a in op.entry_block.arguments]
                gpu.ReturnOp([])

            # function_type, sym_name, arg_attrs, res_attrs, kernel,
            # workgroup_attrib_attrs, private_attrib_attrs,
            # known_block_size, known_grid_size, loc, ip, body_builder
            k = gpu.GPUFuncOp(ft, "k", [{"llvm.zeroext": UnitAttr.get()}, {}],
                              None, True, None, None, [4, 1, 1],
                              DenseI32ArrayAttr.get([2, 2, 1]), None, None,
                              kbody)
            seen["k"] = (str(k.name), k.is_kernel)
            h = gpu.GPUFuncOp(TypeAttr.get(FunctionType.get([], [])),
                              StringAttr.get("h"))
            with pytest.raises(RuntimeError,
                               match=r"^Entry block does not exist for h\. Do you need to call the add_entry_block\(\) method") as e:
                h.entry_block
            assert str(e.value) == (
                "Entry block does not exist for h. Do you need to call the "
                "add_entry_block() method on this GPUFuncOp?")
            with InsertionPoint(h.add_entry_block()):
                gpu.ReturnOp([])
            with pytest.raises(RuntimeError, match=r"^Entry block already exists for h$") as e:
                h.add_entry_block()
            assert str(e.value) == "Entry block already exists for h"
            with pytest.raises(ValueError, match="sym_name must be a str"):
                gpu.GPUFuncOp(ft)
            with pytest.raises(ValueError, match="known_grid_size must be"):
                gpu.GPUFuncOp(ft, "z", known_grid_size=5)

    check(build(body), """
        module attributes {gpu.container_module} {
          gpu.module @mods {
            gpu.func @k(%arg0: i32 {llvm.zeroext}, %arg1: i32) kernel attributes {known_block_size = array<i32: 4, 1, 1>, known_grid_size = array<i32: 2, 2, 1>} {
              gpu.return
            }
            gpu.func @h() {
              gpu.return
            }
          }
        }
    """)
    assert [str(t) for t in seen["arguments"]] == ["i32", "i32"]
    assert seen["block_args"] == ["i32", "i32"]
    assert seen["k"] == ('"k"', True)
    assert (gpu.GPUFuncOp.KERNEL_ATTR_NAME,
            gpu.GPUFuncOp.KNOWN_BLOCK_SIZE_ATTR_NAME,
            gpu.GPUFuncOp.KNOWN_GRID_SIZE_ATTR_NAME,
            gpu.GPUFuncOp.FUNCTION_TYPE_ATTR_NAME,
            gpu.GPUFuncOp.SYM_NAME_ATTR_NAME) == (
        "gpu.kernel", "known_block_size", "known_grid_size", "function_type",
        "sym_name")
