#!/usr/bin/env python3
"""make_goldens.py — runs op cases on real torch 2.13 tensors and writes fake_goldens.txt.

Run with the project venv: /work/main/.venv/bin/python tests/core/fake/make_goldens.py
Each line of the output is one case, tab separated:
    name  ctx  op  args  kwargs  result
ctx is "grad=<0|1>,dtype=<default dtype>". Values use a small literal syntax that
core_fake_test parses (see golden_parser.h):
    T(float32,[2,3],[3,1],0,rg)  tensor meta (dtype, sizes, strides, storage offset, requires_grad)
    5  2.5  True  None  ...  'same'  torch.int64  device(cpu)  slice(1,None,2)  [a,b]  (a,b)
A tensor result may end in @i (aliases the storage of positional argument i) or @- (owns
fresh storage) or @? (zero-byte storage: aliasing not observable). An error result is
"ERR <ExceptionType>: <first line of message>".
A seventh field holds what FakeTensorMode (Dynamo's example values) gives for the same
call when it differs from eager, else "=". core_fake_test matches eager (the first six
fields) and reports the fake-mode differences.
"""
import logging
import os

import torch
import torch._inductor.inductor_prims  # noqa: F401  (registers prims.fma, which Dynamo emits)
import torch.nn.functional as F

from golden_harness import *  # noqa: F401,F403  (specs, case(), run_case, CASES, OUT)


# ---------------------------------------------------------------- cases
f32, f64, f16, bf16 = torch.float32, torch.float64, torch.float16, torch.bfloat16
i64, i32, i16, i8, u8, b = torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8, torch.bool
c64, c128 = torch.complex64, torch.complex128

# --- binary elementwise: promotion, broadcasting, strides
BIN = ["operator.add", "operator.sub", "operator.mul", "operator.truediv", "operator.floordiv",
       "operator.pow", "operator.mod", "torch.add", "torch.sub", "torch.mul", "torch.div",
       "torch.remainder", "torch.pow"]
for op in BIN:
    case(op + "/ff", op, S(2, 3), S(2, 3))
    case(op + "/ff_bcast", op, S(4, 1, 3, rg=True), S(5, 1))
    case(op + "/if", op, S(2, 3, dt=i64), S(2, 3, rg=True))
    case(op + "/ii", op, S(2, 3, dt=i64), S(3, dt=i32))
    case(op + "/t_scalar_f", op, S(2, 3, dt=i64), 2.5)
    case(op + "/t_scalar_i", op, S(2, 3, lay="T", rg=True), 2)
CMP = ["operator.eq", "operator.ne", "operator.lt", "operator.le", "operator.gt", "operator.ge",
       "torch.eq", "torch.lt", "torch.gt", "torch.ge", "torch.le", "torch.ne"]
for op in CMP:
    case(op + "/ff", op, S(2, 3, rg=True), S(3))
    case(op + "/scalar", op, S(2, 3, dt=i32, lay="T"), 1.5)
    case(op + "/bad_bcast", op, S(2, 3), S(4))
# reversed scalar operands
for op in ["operator.add", "operator.sub", "operator.mul", "operator.truediv", "operator.pow",
           "operator.floordiv", "operator.mod", "operator.lt", "operator.eq"]:
    case(op + "/rscalar_int", op, 3, S(2, 4, dt=i64))
    case(op + "/rscalar_float", op, 2.0, S(2, 4, rg=True))
# promotion matrix
PROMO = [(b, b), (b, u8), (u8, i8), (i16, i32), (i8, u8), (f16, bf16), (f16, f32), (bf16, i64),
         (f32, f64), (c64, f64), (c64, f16), (i64, c128), (u8, f16), (b, f32)]
for x, y in PROMO:
    case("promo/%s_%s" % (DTYPES[x], DTYPES[y]), "torch.add", S(3, dt=x), S(3, dt=y))
    case("promo0d/%s_%s" % (DTYPES[x], DTYPES[y]), "torch.mul", S(3, dt=x), S(dt=y))
for dt in [b, u8, i32, i64, f16, f64, c64]:
    case("promo_pyint/" + DTYPES[dt], "operator.mul", S(2, dt=dt), 3)
    case("promo_pyfloat/" + DTYPES[dt], "operator.mul", S(2, dt=dt), 3.5)
    case("promo_pybool/" + DTYPES[dt], "operator.add", S(2, dt=dt), True)
    case("truediv_int/" + DTYPES[dt], "operator.truediv", S(2, dt=dt), S(2, dt=dt))
case("promo_default64/pyfloat", "operator.mul", S(2, dt=i64), 3.5, default_dtype="float64")
case("promo_default64/truediv", "operator.truediv", S(2, dt=i64), 2, default_dtype="float64")
case("promo/0d_0d", "torch.add", S(dt=i32), S(dt=f64))
case("promo/0d_scalar", "torch.add", S(dt=i32), 2.5)
case("promo/0d_int_vs_1d_float16", "torch.add", S(3, dt=f16), S(dt=f64))
case("promo/0d_float_vs_1d_int", "torch.add", S(3, dt=i16), S(dt=f64))
case("sub/bool_bool", "torch.sub", S(3, dt=b), S(3, dt=b))
case("add/alpha", "torch.add", S(3), S(3), alpha=2)
case("nograd/add", "torch.add", S(3, rg=True), S(3), grad=False)
case("bcast/err_shapes", "torch.add", S(2, 3), S(2, 4))
case("bcast/zero", "torch.add", S(0, 3), S(1, 3))
case("bcast/zero_bad", "torch.add", S(0, 3), S(2, 3))
case("bcast/0d_0d", "torch.mul", S(), S(rg=True))
case("bcast/3way", "torch.add", S(2, 1, 4), S(3, 1))
# stride propagation (TensorIterator)
for lay in ["T", "cl", "rev", "exp", "step", "off"]:
    shp = (2, 3, 4, 5)
    case("strides/unary_sin_" + lay, "torch.sin", S(*shp, lay=lay))
    case("strides/add_scalar_" + lay, "operator.add", S(*shp, lay=lay), 1.0)
    case("strides/add_contig_" + lay, "operator.add", S(*shp, lay=lay), S(*shp))
    case("strides/add_same_" + lay, "operator.add", S(*shp, lay=lay), S(*shp, lay=lay))
    case("strides/add_bcast_" + lay, "operator.mul", S(*shp, lay=lay), S(5))
    case("strides/add_bcast2_" + lay, "operator.mul", S(3, 1, 1), S(*shp, lay=lay))
case("strides/cl_plus_T", "torch.add", S(2, 3, 4, 4, lay="cl"), S(2, 3, 4, 4, lay="T"))
case("strides/T_2d", "torch.mul", S(3, 4, lay="T"), S(3, 4, lay="T", rg=True))
case("strides/T_vs_c_2d", "torch.mul", S(3, 4, lay="T"), S(3, 4))
case("strides/c_vs_T_2d", "torch.mul", S(3, 4), S(3, 4, lay="T"))
case("strides/T_bcast_row", "torch.add", S(3, 4, lay="T"), S(1, 4))
case("strides/size1_dims", "torch.add", S(1, 4, 1, lay="rev"), S(1, 4, 1, lay="rev"))
case("strides/zero_size_T", "torch.exp", S(0, 4, lay="T"))
case("strides/cl_size1c", "torch.add", S(2, 1, 4, 4, lay="cl"), 1)
case("strides/cl_zero", "torch.neg", S(0, 3, 2, 2, lay="cl"))
case("strides/exp_1d", "torch.add", S(4, lay="exp"), S(4, lay="exp"))
# 4-d layouts that size-1 dims make both contiguous and channels_last: eager's fast setup
# picks contiguous, the meta kernels (FakeTensorMode) keep equal strides or reorder.
for shp, lays in [((2, 1, 8, 16), ["p0213", "p0132", "p2013"]), ((3, 1, 3, 1), ["p0213", "p2031"]),
                  ((1, 3, 1, 1), ["p0231", "p3012"]), ((2, 1, 1, 3), ["p0213", "p1023"])]:
    for lay in lays:
        tag = "x".join(map(str, shp)) + "_" + lay
        case("ambiguous/neg_" + tag, "torch.neg", S(*shp, lay=lay))
        case("ambiguous/mul_c_" + tag, "operator.mul", S(*shp, lay=lay), S(*shp))
        case("ambiguous/mul_" + tag + "_c", "operator.mul", S(*shp), S(*shp, lay=lay))
        case("ambiguous/add_same_" + tag, "torch.add", S(*shp, lay=lay), S(*shp, lay=lay))
        case("ambiguous/add_scalar_" + tag, "operator.add", S(*shp, lay=lay), 1.0)

# --- unary math
UNARY = ["torch.sin", "torch.cos", "torch.exp", "torch.log", "torch.sqrt", "torch.abs",
         "torch.neg", "torch.relu", "torch.sigmoid", "torch.tanh", "torch.nn.functional.relu",
         "torch.nn.functional.gelu", "torch.nn.functional.silu", "torch.nn.functional.sigmoid",
         "torch.nn.functional.tanh", "Tensor.sin", "Tensor.exp", "Tensor.relu", "Tensor.abs",
         "Tensor.neg", "Tensor.sigmoid", "Tensor.sqrt", "operator.neg"]
for op in UNARY:
    case(op + "/f", op, S(2, 3, rg=True))
    case(op + "/i64", op, S(2, 3, dt=i64, lay="T"))
    case(op + "/f16_cl", op, S(1, 2, 3, 3, dt=f16, lay="cl"))
for op in ["torch.abs", "torch.neg", "torch.sin", "torch.relu", "torch.exp"]:
    case(op + "/bool", op, S(3, dt=b))
    case(op + "/0d", op, S(rg=True))
case("gelu/tanh", "torch.nn.functional.gelu", S(4, rg=True), approximate="tanh")

# --- matmul family
MM = [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 4)), ((2, 3), (3, 4)), ((5, 2, 3), (3,)),
      ((5, 2, 3), (3, 4)), ((3,), (5, 3, 4)), ((2, 3), (5, 3, 4)), ((5, 2, 3), (5, 3, 4)),
      ((1, 2, 3), (6, 3, 4)), ((7, 1, 2, 3), (6, 3, 4)), ((2, 3), (4, 4)), ((2, 0), (0, 4)),
      ((4, 5, 2, 3), (3,)), ((3,), (2, 4, 3, 4))]
for i, (x, y) in enumerate(MM):
    case("matmul/%d" % i, "torch.matmul", S(*x, rg=(i % 2 == 0)), S(*y))
    case("matmul_op/%d" % i, "operator.matmul", S(*x), S(*y))
case("matmul/T", "torch.matmul", S(3, 4, lay="T"), S(4, 5, lay="T"))
case("matmul/3d_T", "torch.matmul", S(2, 3, 4, lay="T"), S(2, 4, 5, lay="T"))
case("matmul/0d", "torch.matmul", S(), S(3))
case("matmul/int", "torch.matmul", S(2, 3, dt=i64), S(3, 2, dt=i64))
case("matmul/mixed", "torch.matmul", S(2, 3, dt=f64), S(3, 2))
case("mm/basic", "torch.mm", S(2, 3, rg=True), S(3, 4))
case("mm/T", "torch.mm", S(2, 3, lay="T"), S(3, 4, lay="T"))
case("mm/bad", "torch.mm", S(2, 3), S(4, 4))
case("mm/1d", "torch.mm", S(3), S(3, 4))
case("bmm/basic", "torch.bmm", S(5, 2, 3), S(5, 3, 4, rg=True))
case("bmm/bad_batch", "torch.bmm", S(5, 2, 3), S(4, 3, 4))
case("addmm/basic", "torch.addmm", S(4), S(2, 3), S(3, 4))
case("addmm/full_bias", "torch.addmm", S(2, 4, rg=True), S(2, 3), S(3, 4))
case("Tensor.matmul", "Tensor.matmul", S(2, 3), S(3, 4))
case("Tensor.mm", "Tensor.mm", S(2, 3), S(3, 4))
case("linear/1d", "torch.nn.functional.linear", S(3), S(4, 3), S(4))
case("linear/2d", "torch.nn.functional.linear", S(2, 3), S(4, 3, rg=True), S(4, rg=True))
case("linear/3d", "torch.nn.functional.linear", S(5, 2, 3), S(4, 3), S(4))
case("linear/3d_nobias", "torch.nn.functional.linear", S(5, 2, 3), S(4, 3))
case("linear/3d_T", "torch.nn.functional.linear", S(5, 2, 3, lay="T"), S(4, 3), S(4))
case("linear/4d", "torch.nn.functional.linear", S(6, 5, 2, 3), S(4, 3), S(4))
case("linear/bad", "torch.nn.functional.linear", S(2, 3), S(4, 5))

# --- reductions
RED = [("Tensor.sum", [], {}), ("Tensor.sum", [1], {}), ("Tensor.sum", [-1], {"keepdim": True}),
       ("Tensor.sum", [(0, 2)], {}), ("Tensor.sum", [], {"dtype": f64}),
       ("Tensor.mean", [], {}), ("Tensor.mean", [0], {"keepdim": True}), ("Tensor.mean", [[1, 2]], {}),
       ("Tensor.amax", [1], {}), ("Tensor.amax", [(0, 1)], {"keepdim": True}),
       ("Tensor.max", [], {}), ("Tensor.max", [1], {}), ("Tensor.max", [-1], {"keepdim": True}),
       ("Tensor.argmax", [], {}), ("Tensor.argmax", [1], {}), ("Tensor.argmax", [2], {"keepdim": True}),
       ("torch.sum", [1], {}), ("torch.mean", [], {}), ("torch.amax", [-1], {}),
       ("torch.max", [0], {}), ("torch.argmax", [0], {}), ("torch.sum", [], {"dim": 2})]
for i, (op, a, k) in enumerate(RED):
    case("red/%d/%s" % (i, op), op, S(2, 3, 4, rg=True), *a, **k)
    case("red_T/%d/%s" % (i, op), op, S(2, 3, 4, lay="T"), *a, **k)
    case("red_int/%d/%s" % (i, op), op, S(2, 3, 4, dt=i32), *a, **k)
case("red/bool_sum", "torch.sum", S(3, dt=b))
case("red/0d_sum", "torch.sum", S())
case("red/0d_sum_dim", "torch.sum", S(), 0)
case("red/bad_dim", "torch.sum", S(2, 3), 2)
case("red/cl_sum", "torch.sum", S(2, 3, 4, 4, lay="cl"), 1, keepdim=True)
case("red/max_binary", "torch.max", S(2, 3), S(3))
case("red/zero_size_sum", "torch.sum", S(0, 3), 0)
case("red/mean_f16", "torch.mean", S(3, 4, dt=f16), -1)
for op in ["torch.softmax", "torch.log_softmax", "torch.nn.functional.softmax",
           "torch.nn.functional.log_softmax", "Tensor.softmax", "Tensor.log_softmax"]:
    case(op + "/d1", op, S(2, 3, 4, rg=True), 1)
    case(op + "/neg", op, S(2, 3, 4, lay="T"), -1)
    case(op + "/cl", op, S(2, 3, 4, 4, lay="cl"), 1)
    case(op + "/dtype", op, S(2, 3), -1, dtype=f64)
    case(op + "/int", op, S(2, 3, dt=i64), -1)
case("softmax/kw", "torch.nn.functional.softmax", S(2, 3), dim=0)

# --- views
X = S(2, 3, 4, rg=True)
VIEWS = [("Tensor.view", [6, 4]), ("Tensor.view", [-1]), ("Tensor.view", [(4, -1)]),
         ("Tensor.view", [2, -1, 2]), ("Tensor.view", [5, -1]), ("Tensor.view", [-1, -1]),
         ("Tensor.reshape", [4, 6]), ("Tensor.reshape", [-1, 3]), ("Tensor.reshape", [(24,)]),
         ("torch.reshape", [(2, 12)]), ("Tensor.flatten", []), ("Tensor.flatten", [1]),
         ("torch.flatten", [0, 1]), ("Tensor.permute", [2, 0, 1]), ("Tensor.permute", [(1, 2, 0)]),
         ("torch.permute", [(2, 1, 0)]), ("Tensor.transpose", [0, 2]), ("torch.transpose", [-1, 0]),
         ("Tensor.contiguous", []), ("Tensor.unsqueeze", [0]), ("Tensor.unsqueeze", [-1]),
         ("torch.unsqueeze", [2]), ("Tensor.squeeze", []), ("Tensor.squeeze", [0]),
         ("Tensor.expand", [5, 2, 3, 4]), ("Tensor.expand", [2, -1, 4]),
         ("Tensor.expand", [3, 3, 4]), ("Tensor.size", []), ("Tensor.size", [1]),
         ("Tensor.size", [-1]), ("Tensor.dim", []), ("Tensor.numel", []), ("Tensor.shape", []),
         ("Tensor.dtype", []), ("Tensor.device", []), ("Tensor.ndim", []),
         ("Tensor.permute", [0, 1, 2])]
for i, (op, a) in enumerate(VIEWS):
    case("view/%d/%s" % (i, op), op, X, *a)
    case("view_T/%d/%s" % (i, op), op, S(2, 3, 4, lay="T"), *a)
    case("view_step/%d/%s" % (i, op), op, S(2, 3, 4, lay="step"), *a)
case("view/1x", "Tensor.view", S(1, 3, 1, 4, lay="rev"), 3, 4)
case("view/0d", "Tensor.view", S(), 1, 1)
case("view/0d_to", "Tensor.view", S(1, 1), [])
case("view/zero2", "Tensor.view", S(0, 4), -1, 2)
case("view/exp", "Tensor.view", S(3, 4, lay="exp"), 12)
case("reshape/exp", "Tensor.reshape", S(3, 4, lay="exp"), 12)
case("reshape/exp_ok", "Tensor.reshape", S(3, 4, lay="exp"), 3, 2, 2)
case("view/off", "Tensor.view", S(2, 6, lay="off"), 3, 4)
case("squeeze/multi", "torch.squeeze", S(1, 3, 1, lay="T"), (0, 2))
case("squeeze/non1", "Tensor.squeeze", S(2, 3), 1)
case("t/2d", "Tensor.t", S(2, 3, rg=True))
case("t/1d", "torch.t", S(3))
case("t/3d", "torch.t", S(2, 3, 4))
case("contiguous/T", "Tensor.contiguous", S(3, 4, lay="T"))
case("contiguous/cl", "Tensor.contiguous", S(2, 3, 4, 4, lay="cl"))
case("expand_as/basic", "Tensor.expand_as", S(3, 1), S(2, 3, 4))
case("expand/bad", "Tensor.expand", S(3, 2), 3, 4)
case("permute/bad", "Tensor.permute", S(3, 2), 0, 0)
case("flatten/0d", "torch.flatten", S())
case("flatten/cl", "torch.flatten", S(2, 3, 4, 4, lay="cl"), 1)
case("flatten/T", "torch.flatten", S(2, 3, 4, lay="T"), 1)

# --- cat / stack / split / chunk
case("cat/d0", "torch.cat", [S(2, 3), S(4, 3, rg=True)])
case("cat/d1", "torch.cat", [S(2, 3), S(2, 1)], 1)
case("cat/neg", "torch.cat", [S(2, 3), S(2, 5)], dim=-1)
case("cat/promo", "torch.cat", [S(2, 3, dt=i64), S(2, 3, dt=f16)])
case("cat/tuple", "torch.cat", (S(2, 3), S(2, 3)), 1)
case("cat/cl", "torch.cat", [S(2, 3, 4, 4, lay="cl"), S(2, 3, 4, 4, lay="cl")], 1)
case("cat/mixed_cl", "torch.cat", [S(2, 3, 4, 4, lay="cl"), S(2, 3, 4, 4)], 1)
case("cat/T", "torch.cat", [S(3, 4, lay="T"), S(3, 4, lay="T")], 0)
case("cat/empty1d", "torch.cat", [S(2, 3), S(0)])
case("cat/bad", "torch.cat", [S(2, 3), S(2, 4)])
case("stack/d0", "torch.stack", [S(2, 3), S(2, 3, rg=True)])
case("stack/d1", "torch.stack", [S(2, 3), S(2, 3), S(2, 3)], 1)
case("stack/dlast", "torch.stack", [S(2, 3), S(2, 3)], -1)
case("stack/promo", "torch.stack", [S(2, dt=i32), S(2, dt=f64)])
case("stack/bad", "torch.stack", [S(2, 3), S(3, 2)])
for op in ["torch.split", "Tensor.split"]:
    case(op + "/int", op, S(5, 4, rg=True), 2)
    case(op + "/list", op, S(5, 4), [1, 4])
    case(op + "/dim1", op, S(5, 4, lay="T"), 3, 1)
    case(op + "/dimkw", op, S(5, 4), [2, 2], dim=-1)
    case(op + "/bad", op, S(5, 4), [2, 2])
for op in ["torch.chunk", "Tensor.chunk"]:
    case(op + "/3", op, S(5, 4), 3)
    case(op + "/dim1", op, S(5, 4, lay="T"), 2, 1)
    case(op + "/more", op, S(2, 4), 4)
    case(op + "/6of13", op, S(13, 2), 6)

# --- indexing
G = "operator.getitem"
IDX = [0, -1, 2, Sl(1, None), Sl(None, None, 2), Sl(-3, -1), Sl(1, 100), Sl(5, 2), None, Ellipsis,
       (0, 1), (Sl(None), 1), (Ellipsis, 0), (None, Sl(None, None, 2), None),
       (1, Sl(0, 3, 2), Ellipsis, None), (Ellipsis, None), (Sl(None), Sl(None), Sl(1, None, 3)),
       (-1, -1, -1), (0, Ellipsis, 0), 5, (0, 0, 0, 0), (Ellipsis, Ellipsis), Sl(None, None, -1),
       (None, Ellipsis, 1, None)]
for i, ix in enumerate(IDX):
    case("getitem/%d" % i, G, S(4, 3, 5, rg=True), ix)
    case("getitem_T/%d" % i, G, S(4, 3, 5, lay="T"), ix)
    case("getitem_off/%d" % i, G, S(4, 3, 5, lay="step"), ix)
case("getitem/0d_none", G, S(), None)
case("getitem/0d_ell", G, S(), Ellipsis)
case("getitem/0d_int", G, S(), 0)
case("getitem/cl", G, S(2, 3, 4, 4, lay="cl"), (Sl(None), 1))

# --- nn
case("layer_norm/basic", "torch.nn.functional.layer_norm", S(2, 3, 4), (4,), S(4, rg=True), S(4))
case("layer_norm/noaffine", "torch.nn.functional.layer_norm", S(2, 3, 4, lay="T"), [3, 4])
case("layer_norm/cl", "torch.nn.functional.layer_norm", S(2, 3, 4, 4, lay="cl"), (4,))
case("layer_norm/bad", "torch.nn.functional.layer_norm", S(2, 3, 4), (3,))
case("layer_norm/f16", "torch.nn.functional.layer_norm", S(2, 4, dt=f16), (4,))
for tr in [True, False]:
    case("dropout/%d" % tr, "torch.nn.functional.dropout", S(2, 3, rg=True), 0.5, tr)
    case("dropout_T/%d" % tr, "torch.nn.functional.dropout", S(2, 3, lay="T"), p=0.3, training=tr)
    case("dropout_cl/%d" % tr, "torch.nn.functional.dropout", S(2, 3, 4, 4, lay="cl"), training=tr)
    case("dropout_exp/%d" % tr, "torch.nn.functional.dropout", S(2, 3, lay="exp"), training=tr)
case("dropout/p0", "torch.nn.functional.dropout", S(2, 3), 0.0, True)
case("dropout/p1", "torch.nn.functional.dropout", S(2, 3), 1.0, True)
CONV = [dict(), dict(stride=2), dict(padding=1), dict(padding="same"), dict(padding="valid"),
        dict(dilation=2), dict(stride=(2, 1), padding=(1, 0)), dict(padding="same", dilation=2)]
for i, k in enumerate(CONV):
    case("conv2d/%d" % i, "torch.nn.functional.conv2d", S(2, 3, 8, 8), S(4, 3, 3, 3, rg=True), S(4), **k)
    case("conv2d_cl/%d" % i, "torch.nn.functional.conv2d", S(2, 3, 8, 8, lay="cl"), S(4, 3, 3, 3), None, **k)
case("conv2d/groups", "torch.nn.functional.conv2d", S(1, 4, 5, 5), S(6, 2, 3, 3), None, 1, 1, 1, 2)
case("conv2d/unbatched", "torch.nn.functional.conv2d", S(3, 6, 6), S(2, 3, 3, 3))
case("conv2d/bad_ch", "torch.nn.functional.conv2d", S(1, 4, 5, 5), S(2, 3, 3, 3))
case("conv2d/same_stride", "torch.nn.functional.conv2d", S(1, 3, 5, 5), S(2, 3, 3, 3), stride=2, padding="same")
case("conv2d/even_same", "torch.nn.functional.conv2d", S(1, 3, 5, 5), S(2, 3, 2, 4), padding="same")
case("conv2d/w_cl", "torch.nn.functional.conv2d", S(1, 3, 5, 5), S(2, 3, 3, 3, lay="cl"))
POOL = [(2,), (3,), (3, 2), (2, 1, 1), (3, 2, 1, 1, True)]
for i, a in enumerate(POOL):
    case("max_pool2d/%d" % i, "torch.nn.functional.max_pool2d", S(2, 3, 9, 8, rg=True), *a)
    case("max_pool2d_cl/%d" % i, "torch.nn.functional.max_pool2d", S(2, 3, 9, 8, lay="cl"), *a)
case("max_pool2d/unbatched", "torch.nn.functional.max_pool2d", S(3, 8, 8), 2)
case("max_pool2d/kw", "torch.nn.functional.max_pool2d", S(1, 3, 7, 7), kernel_size=3, stride=2, padding=1)
case("max_pool2d/ceil", "torch.nn.functional.max_pool2d", S(1, 1, 5, 5), 2, ceil_mode=True)
case("embedding/basic", "torch.nn.functional.embedding", S(2, 3, dt=i64), S(10, 4, rg=True))
case("embedding/1d", "torch.nn.functional.embedding", S(5, dt=i32), S(10, 4))
case("embedding/T", "torch.nn.functional.embedding", S(3, 2, dt=i64, lay="T"), S(4, 10, lay="T"))
case("embedding/float_idx", "torch.nn.functional.embedding", S(5), S(10, 4))
case("masked_fill/basic", "Tensor.masked_fill", S(2, 3, rg=True), S(2, 3, dt=b), 0.0)
case("masked_fill/bcast", "Tensor.masked_fill", S(2, 3), S(3, dt=b), float("-inf"))
case("masked_fill/T", "Tensor.masked_fill", S(2, 3, lay="T"), S(2, 3, dt=b), 1)
case("masked_fill/cl", "torch.masked_fill", S(2, 3, 4, 4, lay="cl"), S(4, dt=b), 1.0)
case("masked_fill/float_mask", "Tensor.masked_fill", S(2, 3), S(2, 3), 0.0)
case("masked_fill/tensor_val", "Tensor.masked_fill", S(2, 3, dt=i64), S(2, 3, dt=b), S())
case("where/basic", "torch.where", S(2, 3, dt=b), S(2, 3, rg=True), S(2, 3))
case("where/bcast", "torch.where", S(3, dt=b), S(2, 1), S(1, 3, dt=f64))
case("where/scalar", "torch.where", S(2, 3, dt=b), S(2, 3, dt=i64), 0.5)
case("where/scalars", "torch.where", S(2, 3, dt=b), 1.0, 0)
case("where/T", "torch.where", S(2, 3, dt=b, lay="T"), S(2, 3, lay="T"), S(2, 3, lay="T"))
case("where/method", "Tensor.where", S(2, 3), S(2, 3, dt=b), S(2, 3))

# --- conversions
for op, a in [("Tensor.to", [f16]), ("Tensor.to", [f32]), ("Tensor.float", []), ("Tensor.half", []),
              ("Tensor.long", []), ("Tensor.int", []), ("Tensor.bool", []), ("Tensor.double", []),
              ("Tensor.bfloat16", []), ("Tensor.to", ["cpu"]), ("Tensor.type_as", [S(1, dt=i32)])]:
    tag = op + ("" if not a else "_" + (DTYPES[a[0]] if isinstance(a[0], torch.dtype) else
                                        "spec" if isinstance(a[0], Spec) else str(a[0])))
    case("to/" + tag, op, S(2, 3, 4, rg=True), *a)
    case("to_T/" + tag, op, S(2, 3, 4, lay="T"), *a)
    case("to_exp/" + tag, op, S(2, 3, 4, lay="exp"), *a)
case("to/kw", "Tensor.to", S(2, 3), dtype=f64)
case("to/cl", "Tensor.to", S(2, 3, 4, 4, lay="cl"), i64)
case("to/step", "Tensor.float", S(2, 3, 4, dt=i32, lay="step"))

# --- factories
case("zeros/varargs", "torch.zeros", 2, 3)
case("zeros/tuple", "torch.zeros", (2, 3, 4))
case("zeros/dtype", "torch.zeros", [3], dtype=i32)
case("zeros/rg", "torch.zeros", 3, requires_grad=True)
case("zeros/rg_int", "torch.zeros", 3, dtype=i64, requires_grad=True)
case("zeros/default64", "torch.zeros", 3, default_dtype="float64")
case("zeros/empty", "torch.zeros", ())
case("ones/basic", "torch.ones", 2, 0, 3)
case("ones/dev", "torch.ones", 2, device="cpu")
case("full/float", "torch.full", (2, 3), 1.5)
case("full/int", "torch.full", (2, 3), 7)
case("full/bool", "torch.full", (2,), True)
case("full/dtype", "torch.full", [2], 1, dtype=f16)
case("arange/int", "torch.arange", 5)
case("arange/float", "torch.arange", 0, 1, 0.1)
case("arange/start", "torch.arange", 2, 10, 3)
case("arange/neg", "torch.arange", 10, 0, -3)
case("arange/dtype", "torch.arange", 4, dtype=f32)
case("arange/f64", "torch.arange", 1.0, 4.0, default_dtype="float64")
case("randn/basic", "torch.randn", 2, 3)
case("randn/rg", "torch.randn", (4,), requires_grad=True)
case("rand/basic", "torch.rand", 3, dtype=f64)
for op in ["torch.zeros_like", "torch.ones_like", "torch.empty_like", "torch.randn_like"]:
    case(op + "/c", op, S(2, 3, rg=True))
    case(op + "/T", op, S(2, 3, lay="T"))
    case(op + "/step", op, S(2, 3, lay="step"))
    case(op + "/exp", op, S(2, 3, lay="exp"))
    case(op + "/int", op, S(2, 3, dt=i64))
case("zeros_like/dtype", "torch.zeros_like", S(2, 3, dt=i64), dtype=f32)
case("full_like/basic", "torch.full_like", S(2, 3, lay="T"), 2)


# ---------------------------------------------------------------- harder edge cases
# stride propagation with mixed layouts, ambiguous orders and zero sizes
case("edge/where_mixed", "torch.where", S(2, 3, 4, 4, dt=b, lay="T"), S(2, 3, 4, 4), S(2, 3, 4, 4, lay="cl"))
case("edge/where_cl_first", "torch.where", S(2, 3, 4, 4, dt=b, lay="cl"), S(2, 3, 4, 4, lay="T"), 0.0)
case("edge/T_rev", "torch.add", S(2, 3, 4, lay="T"), S(2, 3, 4, lay="rev"))
case("edge/rev_T", "torch.add", S(2, 3, 4, lay="rev"), S(2, 3, 4, lay="T"))
case("edge/exp_T", "torch.mul", S(3, 4, 5, lay="exp"), S(3, 4, 5, lay="T"))
case("edge/T_exp", "torch.mul", S(3, 4, 5, lay="T"), S(3, 4, 5, lay="exp"))
case("edge/int8_T_f32", "torch.add", S(3, 4, dt=i8, lay="T"), S(3, 4))
case("edge/0d_T", "torch.add", S(dt=f64), S(3, 4, lay="T"))
case("edge/zero_general", "operator.add", S(3, 0, lay="T"), 1.0)
case("edge/zero_bcast_T", "operator.add", S(0, 4, lay="T"), S(4))
case("edge/zero_mid", "torch.mul", S(2, 0, 3, lay="rev"), S(3))
case("edge/step_T", "torch.sin", S(4, 6, lay="step").transpose if False else S(6, 4, lay="T"))
case("edge/bcast_leading", "torch.add", S(4, 5, lay="T"), S(2, 3, 1, 1))
case("edge/bcast_leading2", "torch.add", S(2, 3, 1, 1), S(4, 5, lay="T"))
case("edge/bcast_size1_T", "torch.add", S(1, 5, lay="T"), S(4, 1))
case("edge/cl_bcast_c", "torch.add", S(2, 3, 4, 4, lay="cl"), S(3, 1, 1))
case("edge/cl_bcast_n", "torch.add", S(1, 3, 4, 4, lay="cl"), S(2, 1, 1, 1))
case("edge/cl_vs_cl_bcast", "torch.add", S(2, 3, 4, 4, lay="cl"), S(1, 3, 4, 4, lay="cl"))
case("edge/three_way_T", "torch.where", S(4, 1, dt=b), S(1, 5, lay="T"), S(4, 5, lay="T"))
case("edge/size1_all", "torch.sin", S(1, 1, 1, lay="rev"))
case("edge/exp_all", "torch.cos", S(3, 4, lay="exp"))
case("edge/off_T", "torch.exp", S(3, 4, lay="T"))
case("edge/rev_sum_bcast", "torch.add", S(4, 3, 2, lay="rev"), S(1, 1, 2))
case("edge/cmp_T", "operator.lt", S(3, 4, dt=i32, lay="T"), S(3, 4, dt=f16))
case("edge/pow_int_float", "torch.pow", S(3, dt=i64), 0.5)
case("edge/pow_scalar_base", "torch.pow", 2, S(3, dt=i64))
case("edge/floordiv_bool", "operator.floordiv", S(3, dt=b), S(3, dt=b))
case("edge/mod_bool", "operator.mod", S(3, dt=b), 2)
case("edge/mul_bool", "operator.mul", S(3, dt=b), S(3, dt=b))
case("edge/add_bool_int", "operator.add", S(3, dt=b), 1)
case("edge/div_floor", "torch.div", S(3, dt=i64), 2, rounding_mode="floor")
case("edge/div_trunc_f", "torch.div", S(3), S(3), rounding_mode="trunc")
case("edge/add_alpha_float_int", "torch.add", S(3, dt=i64), S(3, dt=i64), alpha=0.5)
case("edge/sub_alpha", "torch.sub", S(3), 1, alpha=2)
case("edge/max_binary_promo", "torch.maximum", S(3, dt=i32), S(3, dt=f16))
case("edge/neg_int0d", "torch.neg", S(dt=i32))
case("edge/abs_u8", "torch.abs", S(3, dt=u8))
case("edge/sigmoid_bf16", "torch.sigmoid", S(2, 3, dt=bf16, lay="T"))
case("edge/exp_c64", "torch.exp", S(3, dt=c64))
case("edge/sin_default64", "torch.sin", S(3, dt=i32), default_dtype="float64")
case("edge/nograd_unary", "torch.sin", S(3, rg=True), grad=False)
case("edge/nograd_view", "Tensor.view", S(2, 3, rg=True), 6, grad=False)
case("edge/nograd_sum", "torch.sum", S(2, 3, rg=True), grad=False)
case("edge/nograd_cat", "torch.cat", [S(2, rg=True), S(2)], grad=False)
case("edge/nograd_matmul", "torch.matmul", S(2, 3, rg=True), S(3), grad=False)
case("edge/nograd_to", "Tensor.double", S(2, rg=True), grad=False)
case("edge/rg_int_cmp", "operator.gt", S(3, rg=True), 0)
case("edge/rg_to_int", "Tensor.long", S(3, rg=True))
# views
case("edge/view_cl", "Tensor.view", S(2, 3, 4, 4, lay="cl"), 2, 3, 16)
case("edge/view_cl_ok", "Tensor.view", S(2, 3, 4, 4, lay="cl"), 2, -1)
case("edge/reshape_cl", "Tensor.reshape", S(2, 3, 4, 4, lay="cl"), 2, 3, 16)
case("edge/flatten_cl_all", "Tensor.flatten", S(2, 3, 4, 4, lay="cl"))
case("edge/view_size1_T", "Tensor.view", S(1, 4, lay="T"), 4)
case("edge/view_split_dim", "Tensor.view", S(6, 4, lay="T"), 2, 3, 4)
case("edge/view_merge_T", "Tensor.view", S(6, 4, lay="T"), 24)
case("edge/view_exp_split", "Tensor.view", S(6, 4, lay="exp"), 2, 3, 4)
case("edge/view_zero_neg", "Tensor.view", S(0, 4), -1)
case("edge/view_zero_amb", "Tensor.view", S(0, 4), 0, -1)
case("edge/view_kw", "Tensor.view", S(2, 3), size=(3, 2)) if False else None
case("edge/reshape_zero", "torch.reshape", S(2, 0, 3, lay="T"), (0, 6))
case("edge/unsqueeze_neg", "Tensor.unsqueeze", S(2, 3, lay="T"), -2)
case("edge/unsqueeze_0d", "torch.unsqueeze", S(), 0)
case("edge/unsqueeze_bad", "torch.unsqueeze", S(2, 3), 3)
case("edge/unsqueeze_step", "Tensor.unsqueeze", S(2, 3, lay="step"), 2)
case("edge/squeeze_0d", "Tensor.squeeze", S())
case("edge/squeeze_neg", "Tensor.squeeze", S(2, 1, lay="T"), -1)
case("edge/squeeze_exp", "Tensor.squeeze", S(3, 1, lay="exp"))
case("edge/permute_neg", "Tensor.permute", S(2, 3, 4, lay="T"), -1, 0, 1)
case("edge/permute_len", "Tensor.permute", S(2, 3, 4), 0, 1)
case("edge/transpose_same", "Tensor.transpose", S(2, 3), 1, 1)
case("edge/transpose_0d", "torch.transpose", S(), 0, -1)
case("edge/t_0d", "Tensor.t", S())
case("edge/expand_new", "Tensor.expand", S(3, 1, lay="T"), 2, 3, 4)
case("edge/expand_new1", "Tensor.expand", S(3, 1), 1, 3, 4)
case("edge/expand_0d", "Tensor.expand", S(), 2, 3)
case("edge/expand_neg_lead", "Tensor.expand", S(3), -1, 3)
case("edge/expand_tuple", "Tensor.expand", S(1, 3), (4, 3))
case("edge/expand_same", "Tensor.expand", S(2, 3, lay="step"), 2, 3)
case("edge/expand_as_T", "Tensor.expand_as", S(1, 4, lay="T"), S(3, 4))
case("edge/contiguous_exp", "Tensor.contiguous", S(3, 4, lay="exp"))
case("edge/contiguous_step", "Tensor.contiguous", S(3, 4, lay="step"))
case("edge/contiguous_size1", "Tensor.contiguous", S(1, 4, 1, lay="rev"))
case("edge/flatten_range", "torch.flatten", S(2, 3, 4, 5), 1, 2)
case("edge/flatten_neg", "torch.flatten", S(2, 3, 4, 5, lay="T"), -2)
case("edge/flatten_same", "torch.flatten", S(2, 3, 4, lay="T"), 1, 1)
case("edge/flatten_1d", "torch.flatten", S(5, lay="step"))
case("edge/flatten_bad", "torch.flatten", S(2, 3, 4), 2, 1)
case("edge/size_0d", "Tensor.size", S())
case("edge/size_0d_dim", "Tensor.size", S(), 0)
case("edge/numel_zero", "Tensor.numel", S(0, 3))
case("edge/dim_0d", "Tensor.dim", S())
case("edge/shape_0d", "Tensor.shape", S())
case("edge/detach", "Tensor.detach", S(2, 3, rg=True, lay="T"))
case("edge/split_zero", "torch.split", S(0, 3), 2)
case("edge/split_big", "torch.split", S(3, 4, lay="T"), 10)
case("edge/split_step", "Tensor.split", S(4, 6, lay="step"), 2, -1)
case("edge/split_list_zero", "torch.split", S(4, 3), [0, 4])
case("edge/chunk_neg", "torch.chunk", S(3, 7, lay="off"), 3, -1)
case("edge/chunk_zero", "torch.chunk", S(0, 2), 2)
case("edge/chunk_bad", "torch.chunk", S(4, 2), 0)
case("edge/unbind", "torch.unbind", S(2, 3, lay="T"), 1)
case("edge/select", "torch.select", S(3, 4, lay="T"), 1, -1)
case("edge/narrow", "Tensor.narrow", S(5, 4, lay="step"), 1, 1, 2)
case("edge/narrow_bad", "Tensor.narrow", S(5, 4), 0, 3, 3)
# indexing
for i, ix in enumerate([Sl(-100, 100), Sl(2, 2), Sl(None, -1, 3), (Sl(None, None, 2), Sl(None, None, 2)),
                        (None, None), (Ellipsis, None, 0), (0, None, Sl(1, None)), (-4,), (Sl(None), -1, None),
                        (Sl(1, 3), Ellipsis, Sl(None, None, 4)), (Sl(0, 0),)]):
    case("edge/getitem/%d" % i, G, S(4, 3, 5, lay="rev"), ix)
    case("edge/getitem_cl/%d" % i, G, S(4, 3, 5, 2, lay="cl"), ix)
case("edge/getitem_zero", G, S(0, 3), (Sl(None), 1))
case("edge/getitem_exp", G, S(3, 4, lay="exp"), (1, Sl(None, None, 2)))
case("edge/getitem_neg_oob", G, S(3, 4), -4)
case("edge/getitem_size_tuple", G, (2, 3, 4), -1) if False else None
# matmul family
case("edge/matmul_bcast1", "torch.matmul", S(2, 1, 3, 4), S(1, 5, 4, 2))
case("edge/matmul_zero_batch", "torch.matmul", S(0, 2, 3), S(3, 4))
case("edge/matmul_T_fold", "torch.matmul", S(5, 2, 3, lay="T"), S(3, 4))
case("edge/matmul_rg_both", "torch.matmul", S(2, 3, rg=True), S(3, 4, rg=True))
case("edge/matmul_1d_bad", "torch.matmul", S(3), S(4))
case("edge/matmul_mv_bad", "torch.matmul", S(2, 3), S(4))
case("edge/matmul_batch_bad", "torch.matmul", S(2, 2, 3), S(3, 4, 5))
case("edge/matmul_f16", "torch.matmul", S(2, 3, dt=f16), S(3, 2, dt=f16))
case("edge/bmm_T", "torch.bmm", S(2, 3, 4, lay="T"), S(2, 4, 5, lay="rev"))
case("edge/bmm_2d", "torch.bmm", S(3, 4), S(4, 5))
case("edge/mm_int_rg", "torch.mm", S(2, 3, dt=i32), S(3, 2, dt=i32))
case("edge/addmm_bad_bias", "torch.addmm", S(3), S(2, 3), S(3, 4))
case("edge/addmm_col_bias", "torch.addmm", S(2, 1), S(2, 3), S(3, 4))
case("edge/addmm_kw", "torch.addmm", S(4), S(2, 3), S(3, 4), beta=0.5, alpha=2)
case("edge/linear_1dw", "torch.nn.functional.linear", S(2, 3), S(3))
case("edge/linear_0d_bias", "torch.nn.functional.linear", S(2, 3), S(4, 3), S())
case("edge/linear_rg_bias", "torch.nn.functional.linear", S(2, 3), S(4, 3), S(4, rg=True))
case("edge/linear_cl", "torch.nn.functional.linear", S(2, 3, 4, 5, lay="cl"), S(6, 5), S(6))
case("edge/linear_T3", "torch.nn.functional.linear", S(5, 2, 3, lay="rev"), S(4, 3))
# reductions
case("edge/sum_neg_dims", "torch.sum", S(2, 3, 4, 5, lay="cl"), (-1, 1), keepdim=True)
case("edge/sum_dup", "torch.sum", S(2, 3), (0, -2))
case("edge/sum_empty_list", "torch.sum", S(2, 3), [])
case("edge/sum_bool_dim", "torch.sum", S(2, 3, dt=b), 1)
case("edge/sum_u8", "Tensor.sum", S(2, 3, dt=u8))
case("edge/sum_f16", "Tensor.sum", S(2, 3, dt=f16), 0)
case("edge/sum_dtype_int", "Tensor.sum", S(2, 3), 0, dtype=i32)
case("edge/mean_int_dtype", "torch.mean", S(2, 3, dt=i64), dtype=f64)
case("edge/mean_zero", "torch.mean", S(0, 3), 0)
case("edge/amax_bool", "torch.amax", S(2, 3, dt=b), 0)
case("edge/amax_nodim", "torch.amax", S(2, 3))
case("edge/amax_zero", "torch.amax", S(0, 3), 1)
case("edge/amax_zero_bad", "torch.amax", S(0, 3), 0)
case("edge/max_zero", "torch.max", S(0, 3))
case("edge/max_0d_dim", "torch.max", S(), 0)
case("edge/max_kw", "Tensor.max", S(2, 3), dim=1, keepdim=True)
case("edge/argmax_keep_nodim", "torch.argmax", S(2, 3), keepdim=True)
case("edge/argmax_bool", "torch.argmax", S(2, 3, dt=b), 0)
case("edge/argmax_0d", "torch.argmax", S())
case("edge/min_dim", "torch.min", S(2, 3, lay="T"), 0)
case("edge/amin", "torch.amin", S(2, 3, dt=i32), -1)
case("edge/argmin", "Tensor.argmin", S(2, 3), 1, True)
case("edge/softmax_0d", "torch.softmax", S(), 0)
case("edge/softmax_f16", "torch.softmax", S(2, 3, dt=f16), 1)
case("edge/softmax_bad_dim", "torch.softmax", S(2, 3), 2)
case("edge/softmax_int_dtype", "torch.softmax", S(2, 3, dt=i64), 0, dtype=f32)
case("edge/log_softmax_mid", "torch.log_softmax", S(2, 3, 4, dt=i64), 1)
case("edge/softmax_exp", "torch.softmax", S(3, 4, lay="exp"), 0)
# join
case("edge/cat_0d", "torch.cat", [S(), S()])
case("edge/cat_ndim", "torch.cat", [S(2, 3), S(2, 3, 1)])
case("edge/cat_all_empty", "torch.cat", [S(0), S(0)])
case("edge/cat_empty_first", "torch.cat", [S(0), S(2, 3)], 1)
case("edge/cat_bool_int", "torch.cat", [S(2, dt=b), S(2, dt=u8)])
case("edge/cat_cl_size1c", "torch.cat", [S(2, 1, 4, 4, lay="cl"), S(2, 1, 4, 4, lay="cl")], 0)
case("edge/cat_cl_0", "torch.cat", [S(2, 3, 4, 4, lay="cl"), S(1, 3, 4, 4, lay="cl")], 0)
case("edge/cat_rev", "torch.cat", [S(2, 3, 4, lay="rev"), S(2, 3, 4, lay="rev")], 2)
case("edge/cat_bad_dim", "torch.cat", [S(2, 3), S(2, 3)], 2)
case("edge/cat_single", "torch.cat", [S(2, 3, lay="T")])
case("edge/cat_rg_int", "torch.cat", [S(2, rg=True), S(2, dt=i64)])
case("edge/stack_0d", "torch.stack", [S(), S()])
case("edge/stack_cl", "torch.stack", [S(2, 3, 4, 4, lay="cl"), S(2, 3, 4, 4, lay="cl")], 1)
case("edge/stack_T", "torch.stack", [S(3, 4, lay="T"), S(3, 4, lay="T")], 2)
case("edge/stack_bad_dim", "torch.stack", [S(2), S(2)], 3)
case("edge/stack_kw", "torch.stack", [S(2, 3), S(2, 3)], dim=-2)
# nn
case("edge/layer_norm_2d", "torch.nn.functional.layer_norm", S(2, 3, 4, lay="T"), (3, 4), S(3, 4), S(3, 4, rg=True))
case("edge/layer_norm_int", "torch.nn.functional.layer_norm", S(2, 4, dt=i64), (4,))
case("edge/layer_norm_wshape", "torch.nn.functional.layer_norm", S(2, 4), (4,), S(3))
case("edge/layer_norm_nograd", "torch.nn.functional.layer_norm", S(2, 4), (4,), S(4, rg=True), grad=False)
case("edge/layer_norm_eps", "torch.nn.functional.layer_norm", S(2, 4), [4], eps=1e-6)
case("edge/dropout_int", "torch.nn.functional.dropout", S(2, 3, dt=i64), 0.5, True)
case("edge/dropout_bad_p", "torch.nn.functional.dropout", S(2, 3), 1.5)
case("edge/dropout_step", "torch.nn.functional.dropout", S(2, 3, lay="step"), 0.2)
case("edge/dropout_0d", "torch.nn.functional.dropout", S(rg=True), 0.2)
case("edge/dropout_zero", "torch.nn.functional.dropout", S(0, 3), 0.2)
case("edge/dropout_p1_T", "torch.nn.functional.dropout", S(2, 3, lay="T"), 1.0)
case("edge/conv_1x1_cl", "torch.nn.functional.conv2d", S(2, 3, 4, 4, lay="cl"), S(5, 3, 1, 1))
case("edge/conv_groups_cl", "torch.nn.functional.conv2d", S(1, 4, 5, 5, lay="cl"), S(4, 1, 3, 3), None, 1, 1, 1, 4)
case("edge/conv_dtype", "torch.nn.functional.conv2d", S(1, 3, 5, 5, dt=f64), S(2, 3, 3, 3))
case("edge/conv_too_small", "torch.nn.functional.conv2d", S(1, 3, 2, 2), S(2, 3, 3, 3))
case("edge/conv_pad_tuple", "torch.nn.functional.conv2d", S(1, 3, 5, 6), S(2, 3, 3, 2), padding=(2, 1), dilation=(1, 2))
case("edge/conv_nograd", "torch.nn.functional.conv2d", S(1, 3, 5, 5), S(2, 3, 3, 3, rg=True), grad=False)
case("edge/conv_T_input", "torch.nn.functional.conv2d", S(1, 3, 5, 5, lay="T"), S(2, 3, 3, 3))
case("edge/conv_rev_input", "torch.nn.functional.conv2d", S(2, 3, 5, 5, lay="rev"), S(2, 3, 3, 3))
case("edge/conv_c1", "torch.nn.functional.conv2d", S(2, 1, 5, 5, lay="cl"), S(2, 1, 3, 3))
case("edge/conv_unbatched_same", "torch.nn.functional.conv2d", S(3, 6, 6), S(2, 3, 3, 3), padding="same")
case("edge/conv_bias_bad", "torch.nn.functional.conv2d", S(1, 3, 5, 5), S(2, 3, 3, 3), S(3))
case("edge/pool_dil", "torch.nn.functional.max_pool2d", S(1, 2, 9, 9), 3, 1, 1, 2)
case("edge/pool_pad_bad", "torch.nn.functional.max_pool2d", S(1, 2, 9, 9), 2, 2, 2)
case("edge/pool_idx", "torch.nn.functional.max_pool2d", S(1, 2, 8, 8, lay="cl"), 2, return_indices=True)
case("edge/pool_tuple", "torch.nn.functional.max_pool2d", S(1, 2, 8, 9), (2, 3), (1, 2))
case("edge/pool_T", "torch.nn.functional.max_pool2d", S(1, 2, 8, 8, lay="T"), 2)
case("edge/pool_int", "torch.nn.functional.max_pool2d", S(1, 2, 8, 8, dt=i64), 2)
case("edge/pool_ceil_edge", "torch.nn.functional.max_pool2d", S(1, 1, 6, 6), 3, 2, 1, ceil_mode=True)
case("edge/emb_0d", "torch.nn.functional.embedding", S(dt=i64), S(5, 3))
case("edge/emb_pad", "torch.nn.functional.embedding", S(2, 2, dt=i64), S(5, 3, rg=True), padding_idx=0)
case("edge/emb_w1d", "torch.nn.functional.embedding", S(2, dt=i64), S(5))
case("edge/masked_fill_big_mask", "Tensor.masked_fill", S(3), S(2, 3, dt=b), 0.0)
case("edge/masked_fill_0d", "Tensor.masked_fill", S(2, 3, lay="T"), S(dt=b), 1.0)
case("edge/masked_fill_val1d", "Tensor.masked_fill", S(2, 3), S(2, 3, dt=b), S(1))
case("edge/masked_fill_rgval", "Tensor.masked_fill", S(2, 3), S(2, 3, dt=b), S(rg=True))
case("edge/masked_fill_bool", "Tensor.masked_fill", S(2, 3, dt=b), S(2, 3, dt=b), True)
case("edge/where_cond_float", "torch.where", S(2, 3), S(2, 3), S(2, 3))
case("edge/where_0d_cond", "torch.where", S(dt=b), S(2, 3, lay="T"), 1)
case("edge/where_int_bool", "torch.where", S(3, dt=b), S(3, dt=b), 2)
case("edge/where_0d_vals", "torch.where", S(2, 3, dt=b), S(dt=f64), S(3, dt=f16))
# factories
case("edge/zeros_zero", "torch.zeros", 0)
case("edge/zeros_kwsize", "torch.zeros", size=(2, 3))
case("edge/zeros_neg", "torch.zeros", -1)
case("edge/empty_dtype", "torch.empty", 2, 3, dtype=torch.bool)
case("edge/full_default64", "torch.full", (2,), 1.5, default_dtype="float64")
case("edge/full_rg", "torch.full", (2,), 1.5, requires_grad=True)
case("edge/arange_float_ceil", "torch.arange", 0.0, 1.0, 0.3)
case("edge/arange_neg_float", "torch.arange", 1, -1, -0.5)
case("edge/arange_bad", "torch.arange", 0, 5, -1)
case("edge/arange_zero_step", "torch.arange", 0, 5, 0)
case("edge/arange_empty", "torch.arange", 3, 3)
case("edge/arange_kw", "torch.arange", start=1, end=7, step=2)
case("edge/randn_int", "torch.randn", 2, dtype=i64)
case("edge/rand_rg", "torch.rand", (2, 2), requires_grad=True)
case("edge/ones_like_cl", "torch.ones_like", S(2, 3, 4, 4, lay="cl"))
case("edge/ones_like_rev", "torch.ones_like", S(2, 3, 4, lay="rev"))
case("edge/zeros_like_rg", "torch.zeros_like", S(2, 3), requires_grad=True)
case("edge/empty_like_dtype", "torch.empty_like", S(2, 3, lay="T"), dtype=i64)
case("edge/full_like_T", "torch.full_like", S(2, 3, lay="T"), 1.5)
case("edge/rand_like_int", "torch.rand_like", S(2, 3, dt=i64))
case("edge/rand_like_f64", "torch.rand_like", S(2, 3, dt=f64, lay="exp"))
# conversions
case("edge/to_other", "Tensor.to", S(2, 3, lay="T"), S(1, dt=f64))
case("edge/to_dev_dtype", "Tensor.to", S(2, 3), "cpu", f64)
case("edge/to_copy", "Tensor.to", S(2, 3, lay="T"), f32, copy=True)
case("edge/to_copy_pos", "Tensor.to", S(2, 3), f32, False, True)
case("edge/to_dev_kw", "Tensor.to", S(2, 3), device="cpu")
case("edge/to_cl", "Tensor.half", S(2, 3, 4, 4, lay="cl"))
case("edge/to_size1", "Tensor.double", S(1, 4, 1, lay="rev"))
case("edge/to_0d", "Tensor.int", S(rg=True))
case("edge/type_as_same", "Tensor.type_as", S(2, 3), S(1))
case("edge/to_exp_rev", "Tensor.half", S(3, 4, 5, lay="exp").__class__(shape=(3, 4, 5), layout="exp") if False else S(4, 3, lay="exp"))
case("edge/clone_T", "torch.clone", S(2, 3, lay="T"))
case("edge/clone_step", "Tensor.clone", S(2, 3, lay="step"))
case("edge/clone_exp", "Tensor.clone", S(2, 3, lay="exp", rg=True))
for op, a in [("Tensor.transpose", [0, 1]), ("Tensor.expand", [2, 2, 3]), ("Tensor.unsqueeze", [0]),
              ("Tensor.reshape", [6]), ("Tensor.t", []), ("Tensor.contiguous", []), ("Tensor.squeeze", []),
              ("Tensor.permute", [1, 0]), ("Tensor.flatten", []), ("Tensor.detach", [])]:
    case("nograd_view/" + op, op, S(2, 3, lay="T", rg=True), *a, grad=False)
case("nograd_view/getitem", G, S(2, 3, rg=True), (0, Sl(1, None)), grad=False)
case("nograd_view/split", "torch.split", S(4, 3, rg=True), 2, grad=False)
case("nograd_view/chunk", "torch.chunk", S(4, 3, rg=True), 2, 1, grad=False)
case("nograd_view/select", "torch.select", S(4, 3, rg=True), 1, 0, grad=False)
case("nograd_view/dropout_eval", "torch.nn.functional.dropout", S(4, rg=True), training=False, grad=False)
case("nograd_view/stack", "torch.stack", [S(2, rg=True), S(2)], grad=False)
case("nograd_view/to_same", "Tensor.to", S(2, rg=True), f32, grad=False)
case("edge/stack_cl_last", "torch.stack", [S(2, 3, 4, 4, lay="cl"), S(2, 3, 4, 4, lay="cl")], 4)
case("edge/stack_T0", "torch.stack", [S(3, 4, lay="T"), S(3, 4, lay="T")], 0)
case("edge/stack_T1", "torch.stack", [S(3, 4, lay="T"), S(3, 4)], 1)
case("edge/stack_mixed_last", "torch.stack", [S(3, 4, lay="T"), S(3, 4, lay="T")], -1)
case("edge/argmin_bool", "torch.argmin", S(2, 3, dt=b), 0)
case("edge/argmax_zero", "torch.argmax", S(0, 3), 0)
case("edge/max_zero_dim", "torch.max", S(0, 3), 0)
case("edge/max_zero_other", "torch.max", S(0, 3), 1)
case("edge/sum_zero_dim", "torch.sum", S(0, 3), 0)
case("edge/ones_neg", "torch.ones", 2, -3)

# randomized layouts through TensorIterator (fixed seed: reproducible)
_rng = __import__("random").Random(1234)
for i in range(150):
    nd = _rng.choice([1, 2, 3, 4])
    shape = tuple(_rng.choice([1, 2, 3, 4, 0] if i % 10 == 0 else [1, 2, 3, 4]) for _ in range(nd))
    a = rand_spec(_rng, shape)
    kind = i % 5
    if kind == 0:
        case("rand/unary/%d" % i, "torch.exp", a)
    elif kind == 1:
        case("rand/binary/%d" % i, "torch.add", a, rand_spec(_rng, shape, _rng.choice([f32, i64, f16])))
    elif kind == 2:
        sub = tuple(s2 if _rng.random() < 0.6 else 1 for s2 in shape[_rng.randrange(0, nd):])
        case("rand/bcast/%d" % i, "torch.mul", a, rand_spec(_rng, sub))
    elif kind == 3:
        case("rand/where/%d" % i, "torch.where", rand_spec(_rng, shape, b), a, rand_spec(_rng, shape))
    else:
        case("rand/to/%d" % i, "Tensor.to", a, f64)
for i in range(40):
    nd = _rng.choice([2, 3, 4])
    shape = tuple(_rng.choice([1, 2, 3, 4]) for _ in range(nd))
    a = rand_spec(_rng, shape)
    new = list(shape)
    j = _rng.randrange(0, nd - 1)
    new[j:j + 2] = [new[j] * new[j + 1]]
    case("rand/view/%d" % i, "Tensor.view", a, *new)
    case("rand/reshape/%d" % i, "Tensor.reshape", a, *reversed(shape))
    case("rand/contiguous/%d" % i, "Tensor.contiguous", a)
    case("rand/clone/%d" % i, "torch.clone", a)

_rng2 = __import__("random").Random(99)
for i in range(200):
    nd = _rng2.choice([1, 2, 3, 4])
    shape = tuple(_rng2.choice([1, 2, 3, 4]) for _ in range(nd))
    dt1 = _rng2.choice([f32, f32, i64, i32, f16, b, u8])
    a = rand_spec(_rng2, shape, dt1)
    kind = i % 10
    other = rand_spec(_rng2, shape, _rng2.choice([f32, i64, f64, b]))
    if kind == 0:
        case("rand2/sin/%d" % i, "torch.sin", a)
    elif kind == 1:
        case("rand2/truediv/%d" % i, "operator.truediv", a, other)
    elif kind == 2:
        case("rand2/lt/%d" % i, "operator.lt", a, other)
    elif kind == 3:
        case("rand2/where/%d" % i, "torch.where", rand_spec(_rng2, shape, b), a, other)
    elif kind == 4:
        d = _rng2.randrange(-nd, nd)
        case("rand2/cat/%d" % i, "torch.cat", [a, rand_spec(_rng2, shape, dt1)], d)
    elif kind == 5:
        d = _rng2.randrange(-nd - 1, nd + 1)
        case("rand2/stack/%d" % i, "torch.stack", [a, rand_spec(_rng2, shape, dt1)], d)
    elif kind == 6:
        case("rand2/sum/%d" % i, "torch.sum", a, _rng2.randrange(-nd, nd), _rng2.random() < 0.5)
    elif kind == 7:
        perm = list(range(nd))
        _rng2.shuffle(perm)
        case("rand2/permute_view/%d" % i, "Tensor.reshape", rand_spec(_rng2, shape), -1)
        case("rand2/permute/%d" % i, "Tensor.permute", a, *perm)
    elif kind == 8:
        case("rand2/softmax/%d" % i, "torch.softmax", rand_spec(_rng2, shape), _rng2.randrange(-nd, nd))
    else:
        case("rand2/zeros_like/%d" % i, "torch.zeros_like", a)
for i in range(30):
    bshape = tuple(_rng2.choice([1, 2, 3]) for _ in range(_rng2.choice([0, 1, 2])))
    n, k, m = _rng2.choice([1, 2, 3]), _rng2.choice([2, 3]), _rng2.choice([1, 2, 4])
    x = rand_spec(_rng2, bshape + (n, k))
    y = rand_spec(_rng2, (k, m) if _rng2.random() < 0.5 else bshape + (k, m))
    case("rand2/matmul/%d" % i, "torch.matmul", x, y)
for i in range(20):
    shape = (_rng2.choice([1, 2]), _rng2.choice([1, 3, 4]), _rng2.choice([1, 5, 6]), _rng2.choice([5, 6]))
    x = rand_spec(_rng2, shape)
    case("rand2/conv/%d" % i, "torch.nn.functional.conv2d", x, rand_spec(_rng2, (2, shape[1], 3, 1)), padding=1)
    case("rand2/pool/%d" % i, "torch.nn.functional.max_pool2d", x, (1, 2))

# integer-only and logical ops
for op in ["operator.and_", "operator.or_", "operator.xor", "torch.bitwise_and", "Tensor.bitwise_or"]:
    case(op + "/ii", op, S(2, 3, dt=i32, lay="T"), S(3, dt=i64))
    case(op + "/bb", op, S(3, dt=b), S(3, dt=b))
    case(op + "/bool_scalar", op, S(3, dt=u8), True)
    case(op + "/int_scalar", op, S(3, dt=b), 3)
    case(op + "/float", op, S(3), S(3, dt=i64))
    case(op + "/float_scalar", op, S(3, dt=i64), 1.5)
for op in ["torch.logical_and", "torch.logical_or", "Tensor.logical_xor"]:
    case(op + "/mixed", op, S(2, 3, lay="T", rg=True), S(3, dt=i64))
    case(op + "/bb", op, S(3, dt=b), S(3, dt=b))
for op in ["operator.invert", "torch.bitwise_not"]:
    case(op + "/int", op, S(2, 3, dt=i16, lay="T"))
    case(op + "/bool", op, S(3, dt=b))
    case(op + "/float", op, S(3))
for op in ["torch.logical_not", "Tensor.logical_not"]:
    case(op + "/float", op, S(2, 3, lay="step", rg=True))
    case(op + "/int", op, S(3, dt=i64))

# builtins Dynamo's graphs call directly
case("alias/_C_linear", "torch._C._nn.linear", S(5, 2, 3, rg=True), S(4, 3), S(4))
case("alias/_C_gelu", "torch._C._nn.gelu", S(2, 3, lay="T"), approximate="tanh")
case("alias/torch_dropout_train", "torch.dropout", S(2, 3, lay="T"), 0.5, True)
case("alias/torch_dropout_eval", "torch.dropout", S(2, 3), 0.5, False)
case("alias/torch_layer_norm", "torch.layer_norm", S(2, 3), [3], None, None, 1e-5, False)
case("alias/torch_conv2d", "torch.conv2d", S(1, 3, 5, 5, lay="cl"), S(2, 3, 3, 3), None, 2)
case("alias/torch_max_pool2d", "torch.max_pool2d", S(1, 3, 5, 5), 2)
case("alias/torch_concat", "torch.concat", [S(2), S(3)])
case("alias/Tensor_add_alpha", "Tensor.add", S(2, 3), S(3), alpha=3)
case("alias/Tensor_div_mode", "Tensor.div", S(2, dt=i32), 2, rounding_mode="trunc")
case("alias/operator_abs", "operator.abs", S(2, dt=i8))
case("alias/Tensor_stride", "Tensor.stride", S(2, 3, lay="T"))
case("alias/Tensor_stride_dim", "Tensor.stride", S(2, 3, lay="T"), -1)
case("alias/Tensor_dim_order", "Tensor.dim_order", S(2, 3, 4))
case("alias/Tensor_dim_order_1d", "Tensor.dim_order", S(5))
case("alias/Tensor_dim_order_0d", "Tensor.dim_order", S())
case("alias/Tensor_is_contiguous", "Tensor.is_contiguous", S(2, 3, lay="T"))
case("alias/Tensor_requires_grad", "Tensor.requires_grad", S(2, rg=True))
case("alias/Tensor_swapaxes", "Tensor.swapaxes", S(2, 3, 4), 0, 2)
case("alias/torch_numel", "torch.numel", S(2, 3))
case("alias/Tensor_nelement", "Tensor.nelement", S(2, 3))
case("alias/torch_minimum", "torch.minimum", S(2, dt=i64), S(1, dt=u8))
case("alias/torch_fmod", "torch.fmod", S(2, 3, lay="T"), 1.5)
case("alias/Tensor_floor_divide", "Tensor.floor_divide", S(2, dt=i32), S(2, dt=i64))
case("alias/torch_true_divide", "torch.true_divide", S(2, dt=b), S(2, dt=b))
for n in ["tan", "log2", "log1p", "expm1", "rsqrt", "erf"]:
    case("alias/unary_" + n, "torch." + n, S(2, 3, dt=i16, lay="T"))
for n in ["short", "char", "byte", "cfloat", "cdouble"]:
    case("alias/cast_" + n, "Tensor." + n, S(2, 3, lay="T", rg=True))

# tuple getitem
case("edge/getitem_tuple_slice", G, (S(2), S(3), S(4)), Sl(1, None))
case("edge/getitem_tuple_oob", G, (S(2), S(3)), 2)

# --- tuple getitem
case("getitem/tuple", G, (S(2), S(3)), 1)
case("getitem/list_neg", G, [S(2), S(3, dt=i64)], -1)

# ---------------------------------------------------------------- unit goldens
META_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "meta_goldens.txt")


def shp(s):
    return "[" + ",".join(map(str, s)) + "]"


def meta_lines():
    """Promotion, broadcasting, contiguity and view-stride facts straight from torch."""
    out = []
    dts = list(DTYPES)
    for a in dts:
        for b2 in dts:
            out.append("promote\t%s\t%s\t%s" % (DTYPES[a], DTYPES[b2], DTYPES[torch.promote_types(a, b2)]))
    # result_type over operand mixes: T=dimensioned tensor, Z=zero-dim tensor, N=Python number
    numbers = {"bool": True, "int": 3, "float": 2.5, "complex": 1 + 2j}
    kinds = []
    for d in [torch.bool, torch.uint8, torch.int8, torch.int32, torch.int64, torch.float16,
              torch.bfloat16, torch.float32, torch.float64, torch.complex64]:
        kinds.append(("T:" + DTYPES[d], lambda d=d: torch.ones(2, dtype=d)))
        kinds.append(("Z:" + DTYPES[d], lambda d=d: torch.ones((), dtype=d)))
    for n, v in numbers.items():
        kinds.append(("N:" + n, lambda v=v: v))
    for default in ["float32", "float64"]:
        torch.set_default_dtype(getattr(torch, default))
        for i, (ka, fa) in enumerate(kinds):
            for kb, fb in kinds[i:]:
                a, b2 = fa(), fb()
                if not isinstance(a, torch.Tensor) and not isinstance(b2, torch.Tensor):
                    continue
                r = torch.result_type(a, b2)
                if r in DTYPES:  # complex32 (float16 with a complex number) is not modelled
                    out.append("result_type\t%s\t%s\t%s\t%s" % (default, ka, kb, DTYPES[r]))
        torch.set_default_dtype(torch.float32)
    # broadcasting
    pairs = [((2, 3), (3,)), ((2, 1), (1, 4)), ((5, 1, 3), (4, 1)), ((), (2, 2)), ((0,), (1,)),
             ((0, 3), (2, 3)), ((2, 3), (2, 4)), ((3,), (4,)), ((1,), ()), ((2, 1, 1), (3, 1, 4, 1))]
    for a, b2 in pairs:
        try:
            r = shp(torch.broadcast_shapes(a, b2))
        except Exception:
            r = "ERR"
        out.append("broadcast\t%s\t%s\t%s" % (shp(a), shp(b2), r))
    # contiguity predicates and suggest_memory_format on strided layouts
    layouts = [((2, 3, 4, 5), (60, 20, 5, 1)), ((2, 3, 4, 5), (60, 1, 15, 3)), ((2, 1, 4, 4), (16, 16, 4, 1)),
               ((2, 1, 4, 4), (16, 1, 4, 1)), ((1, 3, 1, 1), (3, 1, 1, 1)), ((1, 3, 1, 1), (3, 1, 3, 3)),
               ((2, 3), (1, 2)), ((2, 3), (3, 1)), ((2, 3), (0, 1)), ((2, 3), (6, 2)), ((4,), (2,)),
               ((3, 1, 2), (2, 7, 1)), ((0, 3, 2, 2), (12, 1, 6, 3)), ((2, 3, 4, 5), (1, 2, 6, 24)),
               ((5, 1, 1, 1), (1, 1, 1, 1)), ((1, 4, 1, 3), (12, 1, 3, 3))]
    for sz, st in layouts:
        t = torch.empty_strided(sz, st)
        out.append("contig\t%s\t%s\t%d\t%d\t%s\t%s" % (
            shp(sz), shp(st), t.is_contiguous(), t.is_contiguous(memory_format=torch.channels_last),
            shp(torch.empty_like(t).stride()), shp(torch.cat([t]).stride())))
    # view strides (computeStride)
    views = [((2, 3, 4), (12, 4, 1), (6, 4)), ((2, 3, 4), (12, 1, 3), (6, 4)), ((2, 3, 4), (12, 1, 3), (2, 12)),
             ((2, 3, 4), (1, 2, 6), (24,)), ((4, 6), (12, 2), (2, 2, 6)), ((4, 6), (12, 2), (4, 2, 3)),
             ((4, 6), (12, 2), (24,)), ((1, 3, 1, 4), (1, 1, 12, 3), (3, 4)), ((3, 4), (0, 1), (12,)),
             ((3, 4), (0, 1), (3, 2, 2)), ((0, 4), (4, 1), (2, 0, 2)), ((), (), (1, 1)), ((2, 3), (3, 1), (2, 1, 3, 1))]
    for sz, st, new in views:
        base = torch.empty_strided(sz, st)
        try:
            r = shp(base.view(new).stride())
        except Exception:
            r = "ERR"
        out.append("view\t%s\t%s\t%s\t%s" % (shp(sz), shp(st), shp(new), r))
    return out


# misc shape-preserving ops (ops_misc.cpp)
for lay in ("c", "T", "cl"):
    mshape = (2, 3, 4, 5) if lay == "cl" else (3, 4)
    case("misc/triu_" + lay, "torch.triu", S(*mshape, lay=lay, rg=True))
    case("misc/tril_" + lay, "Tensor.tril", S(*mshape, lay=lay), -1)
    case("misc/flip_" + lay, "torch.flip", S(*mshape, lay=lay), [0])
    case("misc/cumsum_" + lay, "Tensor.cumsum", S(*mshape, lay=lay, rg=True), 1)
    case("misc/clamp_" + lay, "torch.clamp", S(*mshape, lay=lay), -0.5, 0.5)
case("misc/triu_1d_bad", "torch.triu", S(3))
case("misc/flip_neg", "Tensor.flip", S(2, 3, 4), (-1, 0))
case("misc/flip_bad", "torch.flip", S(2, 3), [2])
case("misc/cumsum_int", "torch.cumsum", S(2, 3, dt=i32), 0)
case("misc/cumsum_bool", "torch.cumsum", S(2, 3, dt=b), -1)
case("misc/cumsum_dtype", "torch.cumsum", S(2, 3), 0, dtype=f64)
case("misc/cumsum_0d", "torch.cumsum", S(), 0)
case("misc/clamp_min_only", "Tensor.clamp", S(2, 3), min=0.0)
case("misc/clamp_max_only_int", "torch.clamp", S(2, 3, dt=i64), max=3)
case("misc/clamp_int_float_bound", "torch.clamp", S(2, 3, dt=i64), 0.5)
case("misc/clamp_none", "torch.clamp", S(2, 3))
case("misc/clamp_tensor_bounds", "torch.clamp", S(2, 3), S(3), S(2, 1))
case("misc/clip", "Tensor.clip", S(2, 3, rg=True), -1, 1)
case("misc/outer", "torch.outer", S(3), S(4))
case("misc/outer_promote", "Tensor.outer", S(3, dt=i64), S(2, rg=True))
case("misc/outer_bad", "torch.outer", S(3, 2), S(4))
case("factory/tensor_of_tensor_T", "torch.tensor", S(2, 3, lay="T", rg=True))
case("factory/tensor_of_tensor_dtype", "torch.tensor", S(4, dt=i32), dtype=f64)
case("pointwise/prims_fma", "torch.ops.prims.fma.default", S(3, 4), 5.0, S(3, 4, rg=True))
case("pointwise/prims_fma_bcast_T", "torch.ops.prims.fma.default", S(4, 3, lay="T"), S(3), 2.0)
case("misc/type_half", "Tensor.type", S(2, 3, lay="T"), "torch.HalfTensor")
case("misc/type_long", "Tensor.type", S(2, 3, rg=True), "torch.LongTensor")
case("misc/type_same", "Tensor.type", S(2, 3), "torch.FloatTensor")
case("misc/diff_last", "torch.diff", S(2, 5, dt=i64))
case("misc/diff_dim0_n2", "Tensor.diff", S(4, 3, rg=True), n=2, dim=0)
case("misc/diff_bool", "torch.diff", S(6, dt=b))
case("misc/diff_too_short", "torch.diff", S(2, 1), dim=1)
case("misc/diff_prepend", "torch.diff", S(2, 5, dt=i64), dim=-1, prepend=S(2, 1, dt=i64))
case("misc/diff_prepend_expanded", "torch.diff", S(2, 5, dt=i64, lay="exp"), dim=-1,
     prepend=S(2, 1, dt=i64))
case("misc/diff_prepend_T", "torch.diff", S(3, 4, lay="T"), dim=0, prepend=S(1, 4))
case("misc/diff_prepend_append_promote", "torch.diff", S(3, 2, dt=i32), dim=0, prepend=S(1, 2, dt=i64),
     append=S(2, 2, rg=True))
# std/var (ops_reduction.cpp)
case("red/std_all", "Tensor.std", S(3, 4, rg=True))
case("red/var_dim", "torch.var", S(3, 4, lay="T"), 1)
case("red/std_dim_keep", "Tensor.std", S(2, 3, 4), dim=-1, keepdim=True)
case("red/std_correction", "torch.std", S(2, 3), dim=0, correction=0)
case("red/var_unbiased_pos", "Tensor.var", S(2, 3), 1, False, True)
case("red/std_int_bad", "torch.std", S(2, 3, dt=i64))
case("red/var_f64", "Tensor.var", S(4, dt=f64))
# --- issue 4: shifts/bitwise, torch.tensor, advanced indexing, setitem
for op in ["operator.lshift", "operator.rshift", "torch.bitwise_left_shift",
           "torch.bitwise_right_shift", "Tensor.__lshift__", "Tensor.__rshift__"]:
    case("shift/%s/ii" % op, op, S(2, 3, dt=i64), S(3, dt=i32))
    case("shift/%s/scalar" % op, op, S(2, 3, dt=u8, lay="T"), 2)
    case("shift/%s/float" % op, op, S(2, 3), 1)
    case("shift/%s/bool" % op, op, S(3, dt=b), True)
case("shift/i8_i64_bcast", "operator.lshift", S(4, 1, dt=i8), S(3, dt=i64))
case("shift/0d", "operator.rshift", S(dt=i32), S(2, dt=i16))
for op in ["operator.and_", "operator.or_", "operator.xor", "torch.bitwise_and", "Tensor.__and__",
           "Tensor.__or__", "Tensor.__xor__", "Tensor.bitwise_or"]:
    case("bitwise/%s/bool" % op, op, S(2, 3, dt=b), S(3, dt=b))
    case("bitwise/%s/int_bool" % op, op, S(2, 3, dt=i32, lay="T"), True)
    case("bitwise/%s/float" % op, op, S(2, 3), S(2, 3))
case("bitwise/not_int", "torch.bitwise_not", S(2, 3, dt=i16))
case("bitwise/invert_float", "operator.invert", S(2, 3))
for i, data in enumerate([[1, 2], [1.0, 2], [[True, False]], [1, 2.5], (1, 2), [], [[1], [2]], 3, 2.5,
                          True, [True, 1], [[], []], [[1, 2], [3]], [1, [2]], [[1], 2],
                          [[[1.5, 2], [3, 4]], [[5, 6], [7, 8]]]]):
    case("tensor/%d" % i, "torch.tensor", data)
case("tensor/dtype", "torch.tensor", [1, 2], dtype=f16)
case("tensor/rg", "torch.tensor", [1.0, 2.0], requires_grad=True)
case("tensor/rg_nograd", "torch.tensor", [1.0, 2.0], requires_grad=True, grad=False)
case("tensor/rg_int", "torch.tensor", [1, 2], requires_grad=True)
case("tensor/default64", "torch.tensor", [1.0, 2.0], default_dtype="float64")
case("tensor/device", "torch.tensor", [[1, 2]], device="cpu")
case("tensor/refs_int", "torch._refs.tensor", 3)
case("tensor/refs_list", "torch._refs.tensor", [1, 2])
ADV = [S(2, dt=i64), [0, 1], (0, Sl(None), [0, 1]), ([0, 1], Sl(None), 0), (Sl(None), [0, 1]),
       (Sl(None), [[0, 1], [1, 2]]), (S(2, dt=i64), S(2, dt=i32)), (S(2, dt=i64), Sl(None), S(2, dt=i64)),
       (S(2, 1, dt=i64), Sl(None), S(2, dt=i64)), (Ellipsis, [0, 1]), (None, [0, 1]), ([0, 1], None),
       (Sl(None), [0, 1], None, [1, 2]), True, False, (True, 0), S(2, dt=i32), S(2), [[0, 1], [1, 2]],
       ([0, 1], [1, 2], [2, 3]), (Sl(1, 3), [0, 2]), [0, Sl(None)], [True, False, True, False], [5],
       (Sl(None), [7]), S(4, dt=b), (S(4, dt=b), 0), S(3, dt=b), ([],), [], (Sl(None, None, 2), [0, 1]),
       (S(2, dt=i64), Ellipsis, None), (S(2, dt=i64), S(3, dt=i64)), S(dt=i64), S(dt=b), ([1, 0], [2], [4, 0]),
       (Sl(None), Sl(None), [1, 0, 1]), [[True, False, True], [False, True, True], [True, True, False],
                                          [False, False, False]], (S(2, 3, dt=i64), Sl(None), [1])]
for i, ix in enumerate(ADV):
    case("adv/%d" % i, G, S(4, 3, 5, rg=True), ix)
    case("adv_T/%d" % i, G, S(4, 3, 5, lay="T"), ix)
    case("adv_rev/%d" % i, G, S(4, 3, 5, lay="rev"), ix)
case("adv/nograd", G, S(4, 3, rg=True), [0, 1], grad=False)
case("adv/method", "Tensor.__getitem__", S(4, 3), ([0, 1], Sl(None, 2)))
case("adv/int_tensor_bcast", G, S(4, 3, 5, lay="cl" if False else "c"), (S(3, 1, dt=i64), Sl(None), S(1, 2, dt=i64)))
case("adv/zero_dim", G, S(0, 3), [0])
case("adv/zero_dim_empty", G, S(0, 3), ([],))
case("adv/cl", G, S(2, 3, 4, 4, lay="cl"), (Sl(None), [0, 2]))
case("adv/cl_last", G, S(2, 3, 4, 4, lay="cl"), (Ellipsis, [0, 2]))
SI = "operator.setitem"
SET = [(0, 1.0), (0, S(3, rg=True)), (0, S(2)), ((Sl(None), 0), S(4, 1)), ((Sl(None), 0), S(1, 4)),
       ([0, 1], S(2, 3)), ([0, 1], S(3)), ([0, 1], S(3, 3)), ([0, 1], S(2, 3, dt=f64)), (0, S(3, dt=f64)),
       (S(4, dt=b), 1.0), (S(4, dt=b), S(3)), (S(4, dt=b), S(2, 3)), (5, 1.0), ((0, 0, 0), 1.0),
       (Ellipsis, S(3)), (None, S(1, 4, 3)), (None, S(2, 4, 3)), (0, S(1, 1, 3)), (0, S(2, 1, 3)),
       ([0, 1], S(1, 1, 3)), ([0, 1], S(2, 2, 3)), ([0, 1], S(3, dt=i64)), (False, S(7)), (True, S(3)),
       (Sl(1, 3), 2), ((Sl(None), [0, 2]), S(4, 1)), ((S(2, dt=i64), S(2, dt=i64)), S(2, rg=True)),
       ([True, False, True, False], S(2, 3)), ([True, False, True, False], S(3, 3)), (S(4, 3, dt=b), 0.0),
       (S(4, 3, dt=b), S(1)), ("a", 1.0)]
for i, (ix, v) in enumerate(SET):
    case("setitem/%d" % i, SI, S(4, 3), ix, v)
    case("setitem_T/%d" % i, SI, S(4, 3, lay="T"), ix, v)
case("setitem/int_float", SI, S(4, 3, dt=i64), [0, 1], 2.5)
case("setitem/int_tensor_float", SI, S(4, 3, dt=i64), [0, 1], S(3))
case("setitem/nograd_value_rg", SI, S(4, 3), 0, S(3, rg=True), grad=False)
case("setitem/int_self_value_rg", SI, S(4, 3, dt=i64), 0, S(3, rg=True))
case("setitem/method", "Tensor.__setitem__", S(4, 3), (Sl(None), 1), 0)
case("setitem/0d", SI, S(), Ellipsis, 1.0)
case("setitem/0d_int", SI, S(), 0, 1.0)
case("setitem/str_value", SI, S(4, 3), 0, "x")

# --- issue 4: normalisation layers and norms (ops_norm.cpp)
BN = "torch.nn.functional.batch_norm"
RM, RV = S(3), S(3)
for lay in ("c", "cl", "T"):
    case("batch_norm/eval_" + lay, BN, S(4, 3, 5, 5, lay=lay), RM, RV)
    case("batch_norm/train_" + lay, BN, S(4, 3, 5, 5, lay=lay), RM, RV, S(3, rg=True), S(3), True)
    case("group_norm/" + lay, "torch.nn.functional.group_norm", S(2, 6, 4, 4, lay=lay), 3)
    case("instance_norm/" + lay, "torch.nn.functional.instance_norm", S(2, 6, 4, 4, lay=lay))
    case("normalize/" + lay, "torch.nn.functional.normalize", S(2, 6, 4, 4, lay=lay))
case("batch_norm/no_stats_train", BN, S(4, 3, 5, 5), None, None, training=True)
case("batch_norm/no_stats_eval", BN, S(4, 3, 5, 5), None, None, training=False)
case("batch_norm/1d", BN, S(4, 3), RM, RV)
case("batch_norm/1d_T", BN, S(4, 3, lay="T", rg=True), RM, RV)
case("batch_norm/3d", BN, S(4, 3, 7), RM, RV, None, None, True)
case("batch_norm/one_value", BN, S(1, 3), RM, RV, training=True)
case("batch_norm/one_value_3d", BN, S(1, 3, 1), RM, RV, training=True)
case("batch_norm/bad_stats", BN, S(4, 4), RM, RV)
case("batch_norm/bad_weight", BN, S(4, 3), RM, RV, S(4))
case("batch_norm/mixed_f64", BN, S(4, 3, dt=f64), RM, RV)
case("batch_norm/mixed_f16", BN, S(4, 3, dt=f16), RM, RV)
case("batch_norm/mixed_f16_f64", BN, S(4, 3, dt=f16), S(3, dt=f64), S(3, dt=f64))
case("batch_norm/int", BN, S(4, 3, dt=i64), RM, RV)
case("batch_norm/nograd", BN, S(4, 3, rg=True), RM, RV, grad=False)
case("batch_norm/torch", "torch.batch_norm", S(4, 3, 5, 5), S(3, rg=True), S(3), RM, RV, False, 0.1, 1e-5, True)
case("group_norm/affine", "torch.nn.functional.group_norm", S(2, 6, 5, rg=True), 2, S(6), S(6))
case("group_norm/bad_groups", "torch.nn.functional.group_norm", S(2, 6, 4), 4)
case("group_norm/bad_weight", "torch.nn.functional.group_norm", S(2, 6, 4), 3, S(4))
case("group_norm/1d", "torch.nn.functional.group_norm", S(6), 3)
case("group_norm/one_value", "torch.nn.functional.group_norm", S(1, 3), 3)
case("group_norm/int", "torch.nn.functional.group_norm", S(2, 6, 4, dt=i64), 3)
case("instance_norm/spatial1", "torch.nn.functional.instance_norm", S(2, 3, 1))
case("instance_norm/stats", "torch.nn.functional.instance_norm", S(2, 6, 4, 4), S(6), S(6))
case("instance_norm/bad_stats", "torch.nn.functional.instance_norm", S(2, 6, 4, 4), S(5), S(5))
case("instance_norm/affine", "torch.nn.functional.instance_norm", S(2, 6, 4, rg=True), None, None, S(6), S(6))
case("normalize/dim_last", "torch.nn.functional.normalize", S(2, 6, 4, lay="rev"), dim=-1)
case("normalize/p1", "torch.nn.functional.normalize", S(3, 4, rg=True), 1.0, 0)
case("normalize/int", "torch.nn.functional.normalize", S(2, 3, dt=i64))
for i, (a, k) in enumerate([((), {}), ((), {"dim": 1}), ((1,), {"dim": (1, 2), "keepdim": True}),
                            (("fro", (0, 1)), {}), ((float("inf"), 1), {}), (("nuc",), {}),
                            (("fro", (0, 1, 2)), {})]):
    case("norm/%d" % i, "torch.norm", S(2, 3, 4, rg=True), *a, **k)
case("norm/int", "torch.norm", S(2, 3, dt=i64))
case("norm/method", "Tensor.norm", S(2, 3), dim=0)
case("vector_norm/dims", "torch.linalg.vector_norm", S(2, 3, 4), 2, (1, 2))
case("vector_norm/complex", "torch.linalg.vector_norm", S(2, 3, dt=c64))
case("vector_norm/int", "torch.linalg.vector_norm", S(2, 3, dt=i64))
case("vector_norm/dtype", "torch.linalg.vector_norm", S(2, 3), dtype=f64)
case("vector_norm/keep", "torch.linalg.vector_norm", S(2, 3), 1, -1, True)

# --- issue 4: losses (ops_loss.cpp)
CE, NLL = "torch.nn.functional.cross_entropy", "torch.nn.functional.nll_loss"
for red in ["mean", "sum", "none"]:
    for op in [CE, NLL]:
        tag = op.split(".")[-1]
        case("loss/%s_%s" % (tag, red), op, S(4, 5, rg=True), S(4, dt=i64), reduction=red)
        case("loss/%s_3d_%s" % (tag, red), op, S(4, 5, 6), S(4, 6, dt=i64), reduction=red)
        case("loss/%s_4d_%s" % (tag, red), op, S(4, 5, 6, 7, lay="cl"), S(4, 6, 7, dt=i64), reduction=red)
        case("loss/%s_1d_%s" % (tag, red), op, S(5), S(dt=i64), reduction=red)
    case("loss/ce_prob_%s" % red, CE, S(4, 5, rg=True), S(4, 5), reduction=red)
    case("loss/ce_prob3d_%s" % red, CE, S(2, 4, 5, 6, lay="T"), S(2, 4, 5, 6), reduction=red)
    case("loss/ce_smooth_%s" % red, CE, S(4, 5, rg=True), S(4, dt=i64), label_smoothing=0.1, reduction=red)
    for op in ["mse_loss", "l1_loss", "smooth_l1_loss", "kl_div", "binary_cross_entropy",
               "binary_cross_entropy_with_logits"]:
        F_ = "torch.nn.functional." + op
        P = Unit if op == "binary_cross_entropy" else Spec
        case("loss/%s_%s" % (op, red), F_, P((2, 3), f32, "c", True), P((2, 3)), reduction=red)
        case("loss/%s_T_%s" % (op, red), F_, P((2, 3), f32, "T", False), P((2, 3)), reduction=red)
        case("loss/%s_bcast_%s" % (op, red), F_, S(2, 3), S(3), reduction=red)
        case("loss/%s_int_%s" % (op, red), F_, S(2, 3, dt=i64), S(2, 3, dt=i64), reduction=red)
        case("loss/%s_f64_%s" % (op, red), F_, S(2, 3), S(2, 3, dt=f64), reduction=red)
case("loss/ce_prob_f64", CE, S(4, 5), S(4, 5, dt=f64))
case("loss/ce_prob_int", CE, S(4, 5), S(4, 5, dt=i64))
case("loss/ce_multi_target", CE, S(4, 5), S(4, 6))
case("loss/ce_batch", CE, S(4, 5), S(3, dt=i64))
case("loss/ce_int_target", CE, S(4, 5), S(4, dt=i32))
case("loss/ce_float_target", CE, S(4, 5), S(4))
case("loss/ce_weight", CE, S(4, 5), S(4, dt=i64), S(5, rg=True), reduction="none")
case("loss/ce_bad_weight", CE, S(4, 5), S(4, dt=i64), S(4))
case("loss/ce_bad_reduction", CE, S(4, 5), S(4, dt=i64), reduction="bad")
case("loss/ce_ignore", CE, S(4, 5), S(4, dt=i64), ignore_index=1)
case("loss/ce_int_input", CE, S(4, 5, dt=i64), S(4, dt=i64))
case("loss/ce_int_input3d", CE, S(4, 5, 6, dt=i64), S(4, 6, dt=i64))
case("loss/ce_f16", CE, S(4, 5, dt=f16), S(4, dt=i64))
case("loss/ce_legacy", CE, S(4, 5), S(4, dt=i64), size_average=False)
case("loss/ce_legacy_reduce", CE, S(4, 5), S(4, dt=i64), reduce=False)
case("loss/ce_T", CE, S(5, 4, lay="T"), S(5, dt=i64), reduction="none")
case("loss/nll_f64", NLL, S(4, 5, dt=f64), S(4, dt=i64))
case("loss/nll_int", NLL, S(4, 5, dt=i64), S(4, dt=i64))
case("loss/nll_int3d", NLL, S(4, 5, 6, dt=i64), S(4, 6, dt=i64))
case("loss/nll_float_target", NLL, S(4, 5), S(4, 5))
case("loss/nll_3d_int_target", NLL, S(4, 5, 6), S(4, 6, dt=i32))
case("loss/nll_4d_bad", NLL, S(4, 5, 6, 7), S(4, 6, 8, dt=i64))
case("loss/nll_4d_target2d", NLL, S(4, 5, 6, 7), S(4, 6, dt=i64))
case("loss/nll_3d_bad", NLL, S(4, 5, 6), S(4, 7, dt=i64))
case("loss/nll_5d", NLL, S(2, 3, 4, 5, 6), S(2, 4, 5, 6, dt=i64), reduction="none")
case("loss/nll_0d", NLL, S(), S(dt=i64))
case("loss/kl_batchmean", "torch.nn.functional.kl_div", S(2, 3), S(2, 3), reduction="batchmean")
case("loss/kl_log_target", "torch.nn.functional.kl_div", S(2, 3), S(2, 3), reduction="sum", log_target=True)
case("loss/bcel_pos_weight", "torch.nn.functional.binary_cross_entropy_with_logits", S(2, 3), S(2, 3),
     pos_weight=S(3), reduction="none")
case("loss/bcel_weight_rg", "torch.nn.functional.binary_cross_entropy_with_logits", S(2, 3), S(2, 3),
     S(3, rg=True), reduction="none")
case("loss/smooth_beta", "torch.nn.functional.smooth_l1_loss", S(2, 3), S(2, 3), beta=0.5)

# --- issue 4: more pointwise ops (ops_pointwise.cpp) and reductions
PW = ["torch.floor", "torch.ceil", "torch.round", "torch.trunc", "torch.frac", "torch.isnan",
      "torch.isinf", "torch.isfinite", "torch.sign", "torch.sgn", "torch.square", "torch.reciprocal",
      "torch.exp2", "torch.log10", "Tensor.floor", "Tensor.isnan", "Tensor.reciprocal",
      "torch.nn.functional.leaky_relu", "torch.nn.functional.elu", "torch.nn.functional.hardtanh",
      "torch.nn.functional.relu6", "torch.nn.functional.mish", "torch.nn.functional.hardswish",
      "torch.nn.functional.hardsigmoid", "torch.nn.functional.logsigmoid",
      "torch.nn.functional.softplus", "torch._C._nn.softplus", "torch.nn.functional.softsign",
      "torch.nn.functional.glu", "torch.nn.functional.celu", "torch.asin", "torch.cosh"]
for op in PW:
    case("pw/%s/f" % op, op, S(2, 4, rg=True))
    case("pw/%s/T" % op, op, S(2, 4, 6, lay="T"))
    case("pw/%s/i64" % op, op, S(2, 4, dt=i64))
    case("pw/%s/bool" % op, op, S(2, 4, dt=b))
    case("pw/%s/f16" % op, op, S(2, 4, dt=f16))
case("pw/sign_complex", "torch.sign", S(2, dt=c64))
case("pw/floor_complex", "torch.floor", S(2, dt=c64))
case("pw/round_decimals", "torch.round", S(2, 3, dt=i64), decimals=1)
case("pw/round_decimals_f", "torch.round", S(2, 3), decimals=2)
case("pw/glu_odd", "torch.nn.functional.glu", S(2, 3))
case("pw/glu_0d", "torch.nn.functional.glu", S())
case("pw/glu_dim0", "torch.nn.functional.glu", S(4, 3, lay="T"), 0)
case("pw/softplus_kw", "torch.nn.functional.softplus", S(2, 3, rg=True), beta=2, threshold=10)
case("pw/leaky_slope", "torch.nn.functional.leaky_relu", S(2, 3), 0.2)
case("pw/hardtanh_bounds", "torch.nn.functional.hardtanh", S(2, 3, dt=i32), -2, 2)
for op in ["torch.clamp_min", "torch.clamp_max", "Tensor.clamp_min"]:
    case("pw/%s/f" % op, op, S(2, 3, rg=True), 0.5)
    case("pw/%s/i_float" % op, op, S(2, 3, dt=i64), 0.5)
    case("pw/%s/i_int" % op, op, S(2, 3, dt=i64), 1)
    case("pw/%s/bool" % op, op, S(2, 3, dt=b), True)
    case("pw/%s/tensor" % op, op, S(2, 3, lay="T"), S(3, dt=f64))
for op in ["torch.lerp", "Tensor.lerp"]:
    case("pw/%s/scalar" % op, op, S(2, 3, rg=True), S(3), 0.5)
    case("pw/%s/tensor" % op, op, S(2, 3, lay="T"), S(2, 3), S(2, 1))
    case("pw/%s/bad_end" % op, op, S(2, 3), S(3, dt=f64), 0.5)
    case("pw/%s/bad_weight" % op, op, S(2, 3), S(3), S(3, dt=f64))
    case("pw/%s/int" % op, op, S(2, 3, dt=i64), S(3, dt=i64), 1)
for op in ["torch.addcmul", "torch.addcdiv", "Tensor.addcmul"]:
    case("pw/%s/f" % op, op, S(2, 3, rg=True), S(3), S(2, 1))
    case("pw/%s/value" % op, op, S(2, 3), S(2, 3), S(2, 3), value=0.5)
    case("pw/%s/promote" % op, op, S(2, 3, dt=i64), S(2, 3, dt=i64), S(3))
    case("pw/%s/int" % op, op, S(2, 3, dt=i64), S(2, 3, dt=i64), S(3, dt=i32))
    case("pw/%s/T" % op, op, S(2, 3, lay="T"), S(2, 3, lay="T"), S(2, 3, lay="T"))
for op in ["torch.float_power"]:
    case("pw/fp/i", op, S(2, 3, dt=i64), 2)
    case("pw/fp/f", op, S(2, 3, rg=True), S(3))
    case("pw/fp/c", op, S(2, dt=c64), 2.0)
for op in ["Tensor.__rsub__", "Tensor.__rmul__", "Tensor.__rtruediv__", "Tensor.__rpow__",
           "Tensor.__rfloordiv__", "Tensor.__rmod__"]:
    case("pw/%s/f" % op, op, S(2, 3, rg=True), 2)
    case("pw/%s/i" % op, op, S(2, 3, dt=i64), 2.5)
    if op not in ("Tensor.__rfloordiv__", "Tensor.__rmod__"):  # 1 // False: data-dependent
        case("pw/%s/bool" % op, op, S(2, 3, dt=b), 1)
for op in ["torch.prod", "Tensor.prod", "torch.all", "torch.any", "Tensor.any", "torch.logsumexp",
           "torch.cumprod"]:
    args = [1] if op in ("torch.logsumexp", "torch.cumprod") else []
    case("red/%s/f" % op, op, S(2, 3, 4, lay="T", rg=True), *args)
    case("red/%s/i" % op, op, S(2, 3, dt=i32), *(args or [0]))
    case("red/%s/b" % op, op, S(2, 3, dt=b), *(args or [1]), keepdim=True) if op != "torch.cumprod" else None
    case("red/%s/u8" % op, op, S(2, 3, dt=u8), *args)
case("red/prod_dtype", "torch.prod", S(2, 3), 1, dtype=f64)
case("red/prod_dims", "torch.prod", S(2, 3), (0, 1))
case("red/all_dims", "torch.all", S(2, 3, 4), (0, 2))
case("red/any_0d", "torch.any", S(), 0)
case("red/logsumexp_keep", "torch.logsumexp", S(2, 3, 4), (0, 2), True)
case("red/logsumexp_nodim", "torch.logsumexp", S(2, 3, 4))
case("where/one_arg", "torch.where", S(2, 3, dt=b))

# --- issue 4: in-place variants (ops_inplace.cpp)
for op, a in [("Tensor.relu_", []), ("Tensor.sigmoid_", []), ("torch.relu_", []), ("Tensor.exp_", []),
              ("Tensor.floor_", []), ("Tensor.clamp_", [0.0, 1.0]), ("Tensor.clamp_min_", [0.0]),
              ("Tensor.pow_", [2]), ("Tensor.masked_fill_", [S(3, dt=b), 0.0]),
              ("Tensor.masked_fill_", [S(2, 2, 3, dt=b), 0.0]), ("Tensor.addcmul_", [S(3), S(2, 1)]),
              ("Tensor.lerp_", [S(3), 0.5]), ("Tensor.fmod_", [2]), ("Tensor.zero_", []),
              ("Tensor.fill_", [1.5]), ("Tensor.fill_", [S()]), ("Tensor.fill_", [S(3)]),
              ("Tensor.copy_", [S(3, dt=f64)]), ("Tensor.copy_", [S(4)]), ("Tensor.uniform_", []),
              ("Tensor.normal_", []), ("operator.iand", [S(2, 3, dt=b)]), ("operator.ior", [1]),
              ("operator.ilshift", [1]), ("operator.ifloordiv", [2]), ("operator.imod", [2.5]),
              ("operator.ipow", [S(3)]), ("torch.sigmoid_", []), ("Tensor.sqrt_", []),
              ("Tensor.abs_", []), ("Tensor.neg_", []), ("Tensor.tril_", []), ("Tensor.add_", [S(2, 1, 3)])]:
    tag = "%s_%d" % (op, len([c for c in CASES if c[0].startswith("inplace/")]))
    for lay, dt in [("c", f32), ("T", f32), ("c", i64)]:
        case("inplace/%s/%s_%s" % (tag, lay, DTYPES[dt]), op, S(2, 3, lay=lay, dt=dt), *a)
case("inplace/relu_rg_value", "Tensor.masked_fill_", S(2, 3), S(2, 3, dt=b), S(rg=True))
case("inplace/copy_rg", "Tensor.copy_", S(2, 3), S(2, 3, rg=True))
case("inplace/copy_rg_nograd", "Tensor.copy_", S(2, 3), S(2, 3, rg=True), grad=False)
case("inplace/mul_rg", "Tensor.mul_", S(2, 3), S(3, rg=True))
for op, a, k in [("torch.nn.functional.relu", [], {"inplace": True}), ("torch.nn.functional.relu", [True], {}),
                 ("torch.nn.functional.leaky_relu", [0.1, True], {}), ("torch.nn.functional.elu", [], {"inplace": True}),
                 ("torch.nn.functional.hardtanh", [], {"inplace": True}), ("torch.nn.functional.silu", [], {"inplace": True}),
                 ("torch.nn.functional.relu6", [], {"inplace": True}), ("torch.nn.functional.hardswish", [], {"inplace": True}),
                 ("torch.nn.functional.dropout", [0.5, True, True], {}), ("torch.nn.functional.relu_", [], {}),
                 ("torch.nn.functional.leaky_relu_", [0.2], {})]:
    tag = "%s_%d_%d" % (op.split(".")[-1], len(a), len(k))
    case("inplace_f/%s/c" % tag, op, S(2, 3, lay="T"), *a, **k)
    case("inplace_f/%s/i" % tag, op, S(2, 3, dt=i64), *a, **k)

# --- issue 4: factories (ops_factory.cpp)
for op in ["Tensor.new_zeros", "Tensor.new_ones", "Tensor.new_empty"]:
    case("new/%s/varargs" % op, op, S(2, 3, dt=i32, lay="T"), 4, 5)
    case("new/%s/tuple" % op, op, S(2, 3, rg=True), (4,))
    case("new/%s/dtype" % op, op, S(2, 3), [2], dtype=f64, requires_grad=True)
    case("new/%s/bad_rg" % op, op, S(2, 3, dt=i64), [2], requires_grad=True)
case("new/full", "Tensor.new_full", S(2, 3, dt=i64), (2, 2), 1.5)
case("new/full_dtype", "Tensor.new_full", S(2, 3), [3], 1, dtype=i32)
case("linspace/int", "torch.linspace", 0, 10, 5)
case("linspace/float", "torch.linspace", 0.0, 1.0, steps=7, dtype=f64)
case("linspace/neg", "torch.linspace", 0, 1, -1)
case("linspace/rg", "torch.linspace", 0, 1, 3, requires_grad=True)
case("linspace/default64", "torch.linspace", 0, 1, 3, default_dtype="float64")

# --- issue 4: products and contractions (ops_matmul.cpp, ops_einsum.cpp)
case("dot/basic", "torch.dot", S(3, rg=True), S(3))
case("dot/int", "torch.dot", S(3, dt=i64), S(3, dt=i64))
case("dot/method", "Tensor.dot", S(3, lay="step"), S(3))
case("dot/size", "torch.dot", S(3), S(4))
case("dot/2d", "torch.dot", S(3, 1), S(3))
case("dot/dtype", "torch.dot", S(3), S(3, dt=f64))
case("dot/nograd", "torch.dot", S(3, rg=True), S(3), grad=False)
case("baddbmm/basic", "torch.baddbmm", S(2, 3, 5), S(2, 3, 4, rg=True), S(2, 4, 5))
case("baddbmm/bcast", "torch.baddbmm", S(5), S(2, 3, 4), S(2, 4, 5), beta=0.5, alpha=2)
case("baddbmm/T", "Tensor.baddbmm", S(2, 3, 5, lay="T"), S(2, 3, 4, lay="T"), S(2, 4, 5))
case("baddbmm/bad_bias", "torch.baddbmm", S(2, 3, 6), S(2, 3, 4), S(2, 4, 5))
case("baddbmm/bad_batch", "torch.baddbmm", S(2, 3, 5), S(2, 3, 4), S(2, 3, 5))
EIN = [("ij,jk->ik", [(2, 3), (3, 4)]), ("ij,jk", [(2, 3), (3, 4)]), ("bij,bjk->bik", [(5, 2, 3), (5, 3, 4)]),
       ("ij->ji", [(2, 3)]), ("ij->", [(2, 3)]), ("i,j->ij", [(2,), (3,)]), ("bhqd,bhkd->bhqk", [(2, 4, 6, 8), (2, 4, 7, 8)]),
       ("...ij,...jk->...ik", [(5, 2, 3), (5, 3, 4)]), ("ij,ij->ij", [(2, 3), (2, 3)]), ("ij,jk->ik", [(2, 3), (4, 4)]),
       ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 5)]), ("bij->bj", [(2, 3, 4)]), ("ij", [(2, 3)]), ("ji", [(2, 3)]),
       ("ij,jk->ik", [(2, 3)]), ("ijk->ij", [(2, 3)]), ("ij->ik", [(2, 3)]), ("b i j , b j k -> b i k", [(5, 2, 3), (5, 3, 4)]),
       ("ij,j->i", [(2, 3), (3,)]), ("ijk->kji", [(2, 3, 4)]), ("bn,anm,bm->ba", [(2, 3), (4, 3, 5), (2, 5)]),
       ("...i->...", [(2, 3, 4)]), ("i...->...", [(2, 3, 4)])]
for i, (eq, shapes) in enumerate(EIN):
    case("einsum/%d" % i, "torch.einsum", eq, *[S(*sh, rg=(k == 0)) for k, sh in enumerate(shapes)])
    case("einsum_T/%d" % i, "torch.einsum", eq, *[S(*sh, lay="rev") for sh in shapes])
case("einsum/list", "torch.einsum", "ij,jk->ik", [S(2, 3), S(3, 4)])
case("einsum/diag", "torch.einsum", "ii->i", S(3, 3))
SD = "torch.nn.functional.scaled_dot_product_attention"
case("sdpa/basic", SD, S(2, 4, 6, 8, rg=True), S(2, 4, 7, 8), S(2, 4, 7, 8))
case("sdpa/ev", SD, S(2, 4, 6, 8), S(2, 4, 7, 8), S(2, 4, 7, 9))
case("sdpa/T", SD, S(2, 4, 6, 8, lay="rev"), S(2, 4, 7, 8), S(2, 4, 7, 8))
case("sdpa/3d", SD, S(4, 6, 8), S(4, 7, 8), S(4, 7, 9))
case("sdpa/mask", SD, S(2, 4, 6, 8), S(2, 4, 7, 8), S(2, 4, 7, 8), attn_mask=S(6, 7, dt=b))
case("sdpa/gqa", SD, S(2, 4, 6, 8), S(2, 2, 7, 8), S(2, 2, 7, 8), enable_gqa=True)
case("sdpa/gqa_rev_causal", SD, S(2, 4, 6, 8, lay="rev"), S(2, 1, 6, 8), S(2, 1, 6, 8),
     is_causal=True, enable_gqa=True)
case("sdpa/causal", SD, S(2, 4, 6, 8), S(2, 4, 6, 8), S(2, 4, 6, 8), is_causal=True)
case("sdpa/bad_e", SD, S(2, 4, 6, 8), S(2, 4, 7, 9), S(2, 4, 7, 8))
MHA = "torch.nn.functional.multi_head_attention_forward"
MHA_ARGS = (8, 2, S(24, 8, rg=True), S(24, rg=True), None, None, False, 0.0, S(8, 8, rg=True),
            S(8, rg=True))
case("mha/weights", MHA, S(5, 2, 8), S(7, 2, 8), S(7, 2, 8), *MHA_ARGS, training=False)
case("mha/no_weights", MHA, S(5, 2, 8), S(7, 2, 8), S(7, 2, 8), *MHA_ARGS, training=False,
     need_weights=False, key_padding_mask=S(2, 7, dt=b))
case("mha/per_head", MHA, S(5, 2, 8), S(7, 2, 8), S(7, 2, 8), *MHA_ARGS, training=False,
     average_attn_weights=False, attn_mask=S(5, 7))
case("mha/no_grad", MHA, S(5, 2, 8), S(5, 2, 8), S(5, 2, 8), *MHA_ARGS, training=False, grad=False)
case("encoder_layer_fwd/basic", "torch._transformer_encoder_layer_fwd", S(3, 6, 8), 8, 2,
     S(24, 8), S(24), S(8, 8), S(8), False, False, 1e-5, S(8), S(8), S(8), S(8), S(16, 8), S(16),
     S(8, 16), S(8), grad=False)
case("sdpa/dtype", SD, S(2, 4, 6, 8), S(2, 4, 7, 8, dt=f64), S(2, 4, 7, 8))
case("sdpa/nograd", SD, S(2, 4, 6, 8, rg=True), S(2, 4, 6, 8), S(2, 4, 6, 8), grad=False)

# --- issue 4: gather/scatter/sort family (ops_gather.cpp) and repeat/tile/roll (ops_shape.cpp)
IX = S(2, 2, dt=i64)
case("gather/basic", "torch.gather", S(4, 3, lay="T", rg=True), 0, IX)
case("gather/dim1", "Tensor.gather", S(4, 3), 1, S(4, 2, dt=i64, lay="T"))
case("gather/int32", "torch.gather", S(4, 3), 0, S(2, 2, dt=i32))
case("gather/rank", "torch.gather", S(4, 3), 0, S(2, dt=i64))
case("gather/size", "torch.gather", S(4, 3), 0, S(2, 5, dt=i64))
case("gather/dim_oob", "torch.gather", S(4, 3), 2, IX)
case("scatter/src", "torch.scatter", S(4, 3, lay="T"), 0, IX, S(2, 2, rg=True))
case("scatter/value", "Tensor.scatter", S(4, 3, lay="T"), 0, IX, 1.5)
case("scatter/reduce", "torch.scatter", S(4, 3), 0, IX, S(2, 2), reduce="add")
case("scatter/dtype", "torch.scatter", S(4, 3), 0, IX, S(2, 2, dt=f64))
case("scatter/size", "torch.scatter", S(4, 3), 0, S(2, 5, dt=i64), S(2, 5))
case("scatter/src_small", "torch.scatter", S(4, 3), 0, IX, S(1, 2))
case("scatter_add/basic", "torch.scatter_add", S(4, 3), 1, IX, S(2, 2))
case("scatter_add/int_index", "Tensor.scatter_add", S(4, 3), 1, S(2, 2, dt=i32), S(2, 2))
case("index_select/basic", "torch.index_select", S(4, 3, lay="T", rg=True), 0, S(2, dt=i64))
case("index_select/dim1", "Tensor.index_select", S(2, 3, 4, lay="rev"), 1, S(5, dt=i32))
case("index_select/0d_index", "torch.index_select", S(4, 3), 1, S(dt=i64))
case("index_select/2d_index", "torch.index_select", S(4, 3), 1, IX)
case("index_select/float_index", "torch.index_select", S(4, 3), 1, S(2))
for op in ["torch.topk", "Tensor.topk"]:
    case("topk/%s/basic" % op, op, S(4, 3, lay="T", rg=True), 2)
    case("topk/%s/dim" % op, op, S(2, 3, 4, lay="rev"), 2, dim=1, largest=False)
    case("topk/%s/big_k" % op, op, S(4, 3), 5)
    case("topk/%s/0d" % op, op, S(), 1)
for op in ["torch.sort", "Tensor.sort", "torch.argsort", "Tensor.argsort"]:
    case("sort/%s/basic" % op, op, S(4, 3, lay="T", rg=True))
    case("sort/%s/dim" % op, op, S(2, 3, 4, lay="rev"), 1)
    case("sort/%s/desc" % op, op, S(2, 3, dt=i64), dim=0, descending=True)
    case("sort/%s/step" % op, op, S(2, 3, lay="step"))
    case("sort/%s/bad_dim" % op, op, S(2, 3), 2)
case("sort/stable", "torch.sort", S(2, 3), stable=True)
for lay in ("c", "T", "cl", "step"):
    shp_ = (2, 3, 4, 4) if lay == "cl" else (3, 4)
    case("repeat/" + lay, "Tensor.repeat", S(*shp_, lay=lay, rg=True), *([2] + [1] * len(shp_)))
    case("tile/" + lay, "torch.tile", S(*shp_, lay=lay), (2,))
    case("roll/" + lay, "torch.roll", S(*shp_, lay=lay, rg=True), 1)
    case("roll_dims/" + lay, "Tensor.roll", S(*shp_, lay=lay), (1, 2), (0, 1))
case("repeat/tuple", "Tensor.repeat", S(3), (2, 2))
case("repeat/too_few", "Tensor.repeat", S(2, 3), 2)
case("repeat/zero", "Tensor.repeat", S(2, 3), 0, 1)
case("tile/more", "Tensor.tile", S(2, 3), (2, 1, 3))
case("roll/misaligned", "torch.roll", S(2, 3), (1, 2), (0,))
case("roll/bad_dim", "torch.roll", S(2, 3), 1, 2)

# --- issue 4: conv1d, conv_transpose2d, pools, pad (ops_conv_pool.cpp)
for i, k in enumerate([dict(), dict(stride=2), dict(padding=1), dict(padding="same"), dict(dilation=2, groups=1)]):
    case("conv1d/%d" % i, "torch.nn.functional.conv1d", S(2, 3, 8), S(4, 3, 3, rg=True), S(4), **k)
case("conv1d/T", "torch.nn.functional.conv1d", S(2, 3, 8, lay="T"), S(4, 3, 3))
case("conv1d/unbatched", "torch.nn.functional.conv1d", S(3, 8), S(4, 3, 3))
case("conv1d/groups", "torch.nn.functional.conv1d", S(1, 4, 8), S(6, 2, 3), None, 1, 0, 1, 2)
case("conv1d/bad_ch", "torch.nn.functional.conv1d", S(1, 4, 8), S(6, 3, 3))
case("conv1d/bad_rank", "torch.nn.functional.conv1d", S(1, 4, 8, 8), S(6, 4, 3))
case("conv1d/small", "torch.nn.functional.conv1d", S(1, 3, 2), S(6, 3, 3))
CT = "torch.nn.functional.conv_transpose2d"
for i, k in enumerate([dict(), dict(stride=2), dict(stride=2, padding=1, output_padding=1), dict(dilation=2),
                       dict(stride=(2, 1), padding=(1, 0))]):
    case("conv_t/%d" % i, CT, S(2, 3, 8, 8), S(3, 4, 3, 3, rg=True), S(4), **k)
    case("conv_t_cl/%d" % i, CT, S(2, 3, 8, 8, lay="cl"), S(3, 4, 3, 3), **k)
case("conv_t/groups", CT, S(1, 4, 5, 5), S(4, 3, 3, 3), None, 1, 0, 0, 2)
case("conv_t/unbatched", CT, S(3, 5, 5), S(3, 2, 3, 3))
case("conv_t/bad_ch", CT, S(1, 4, 5, 5), S(3, 2, 3, 3))
case("conv_t/bad_outpad", CT, S(1, 3, 5, 5), S(3, 2, 3, 3), output_padding=1)
case("conv_t/w_cl", CT, S(1, 3, 5, 5), S(3, 2, 3, 3, lay="cl"))
AP = "torch.nn.functional.avg_pool2d"
for i, a in enumerate([(2,), (3,), (3, 2), (2, 1, 1), (3, 2, 1, True), (3, None, 1)]):
    case("avg_pool2d/%d" % i, AP, S(2, 3, 9, 8, rg=True), *a)
    case("avg_pool2d_cl/%d" % i, AP, S(2, 3, 9, 8, lay="cl"), *a)
case("avg_pool2d/unbatched", AP, S(3, 8, 8), 2)
case("avg_pool2d/bad_pad", AP, S(1, 3, 8, 8), 2, 2, 2)
case("avg_pool2d/2d", AP, S(8, 8), 2)
case("avg_pool2d/int", AP, S(1, 3, 8, 8, dt=i64), 2)
case("avg_pool2d/T", AP, S(1, 3, 8, 8, lay="T"), 2)
for op in ["torch.nn.functional.adaptive_avg_pool2d", "torch.nn.functional.adaptive_max_pool2d"]:
    tag = op.split(".")[-1]
    for i, osz in enumerate([1, (1, 1), (3, 5), (3, None), 4]):
        case("%s/%d" % (tag, i), op, S(2, 3, 8, 8, rg=True), osz)
        case("%s_cl/%d" % (tag, i), op, S(2, 3, 8, 8, lay="cl"), osz)
        case("%s_T/%d" % (tag, i), op, S(2, 3, 8, 8, lay="T"), osz)
    case("%s/unbatched" % tag, op, S(3, 8, 8), 2)
    case("%s/2d" % tag, op, S(8, 8), 2)
    case("%s/int" % tag, op, S(1, 3, 8, 8, dt=i64), 2)
case("adaptive_max_pool2d/indices", "torch.nn.functional.adaptive_max_pool2d", S(2, 3, 8, 8, lay="cl"), 3, True)
PAD = "torch.nn.functional.pad"
for lay in ("c", "T", "cl"):
    shp_ = (2, 3, 8, 8) if lay == "cl" else (3, 4)
    case("pad/const_" + lay, PAD, S(*shp_, lay=lay, rg=True), (1, 1))
    case("pad/const2_" + lay, PAD, S(*shp_, lay=lay), (1, 2, 0, 1), value=1.5)
    case("pad/neg_" + lay, PAD, S(*shp_, lay=lay), (-1, 1))
case("pad/reflect", PAD, S(2, 3, 8, 8, lay="cl"), (1, 1, 2, 2), mode="reflect")
case("pad/replicate", PAD, S(2, 3, 8), (1, 2), mode="replicate")
case("pad/circular", PAD, S(2, 3, 8, 8), (1, 2, 3, 0), mode="circular")
case("pad/reflect_big", PAD, S(2, 3, 4, 4), (5, 5), mode="reflect")
case("pad/odd", PAD, S(3, 4), (1,))
case("pad/too_long", PAD, S(3, 4), (1, 1, 1, 1, 1, 1))
case("pad/too_negative", PAD, S(3, 4), (-3, -2))
case("pad/reflect_value", PAD, S(2, 3, 4), (1, 1), mode="reflect", value=1.0)
case("pad/int", PAD, S(3, 4, dt=i64), (1, 1), value=2)

# --- issue 4: data-dependent outputs, eye, pow forms
for op in ["torch.nonzero", "Tensor.nonzero", "torch.masked_select", "torch.argwhere", "torch.unique"]:
    a = [S(4, dt=b)] if op == "torch.masked_select" else []
    case("datadep/" + op, op, S(2, 4), *a)
case("eye/n", "torch.eye", 3)
case("eye/nm", "torch.eye", 2, 5, dtype=i64)
case("eye/neg", "torch.eye", -1)
case("eye/rg", "torch.eye", 2, requires_grad=True)
case("pow/scalar_base", "torch.pow", 2, S(2, 3, rg=True))
case("pow/scalar_base_int", "torch.pow", 2.5, S(2, 3, dt=i64))
case("pow/tensor_int_exp", "Tensor.pow", S(2, 3, lay="T"), S(3, dt=i64))

# --- issue 4: one case per remaining registered alias (the name the graph may use)
for op in ["Tensor.acos", "Tensor.asin", "Tensor.atan", "Tensor.ceil", "Tensor.cosh", "Tensor.exp2", "Tensor.fix",
           "Tensor.frac", "Tensor.isfinite", "Tensor.isinf", "Tensor.log10", "Tensor.round", "Tensor.sgn",
           "Tensor.sign", "Tensor.sinh", "Tensor.square", "Tensor.trunc", "Tensor.log", "Tensor.log1p",
           "Tensor.log2", "Tensor.expm1", "Tensor.rsqrt", "Tensor.tan", "Tensor.tanh", "Tensor.erf", "Tensor.cos",
           "torch.acos", "torch.atan", "torch.sinh", "torch.fix", "torch.special.exp2", "torch._C._nn.elu",
           "torch._C._nn.glu", "torch._C._nn.hardsigmoid", "torch._C._nn.hardswish", "torch._C._nn.hardtanh",
           "torch._C._nn.leaky_relu", "torch._C._nn.log_sigmoid", "torch.celu", "Tensor.all", "Tensor.clamp_max",
           "torch._C._nn.elu_", "torch._C._nn.hardtanh_", "torch._C._nn.leaky_relu_", "torch.nn.functional.elu_",
           "torch.nn.functional.hardtanh_", "torch._C._linalg.linalg_vector_norm", "torch.functional.norm"] + \
          ["Tensor.%s_" % m for m in ["ceil", "cos", "erf", "exp2", "expm1", "frac", "log10", "log1p", "log2", "log",
                                      "reciprocal", "round", "rsqrt", "sgn", "sign", "sin", "square", "tan", "tanh",
                                      "trunc", "triu", "logical_not"]] + \
          ["torch.%s_" % m for m in ["abs", "ceil", "cos", "erf", "exp2", "exp", "expm1", "floor", "frac", "log10",
                                     "log1p", "log2", "log", "neg", "reciprocal", "round", "rsqrt", "sin", "sqrt",
                                     "square", "tan", "tanh", "trunc"]]:
    a = [0.5] if "clamp_max" in op else []
    case("alias/%s/f" % op, op, S(2, 3, lay="T", rg=not op.endswith("_")), *a)
    case("alias/%s/i" % op, op, S(2, 3, dt=i64), *a)
for op, a in [("Tensor.sub_", [S(3)]), ("Tensor.remainder_", [S(3)]), ("Tensor.floor_divide_", [S(3)]),
              ("Tensor.clip_", [0, 1]), ("Tensor.clamp_max_", [0.5]), ("torch.clamp_", [0, 1]),
              ("torch.clamp_min_", [0]), ("torch.clamp_max_", [1]), ("torch.clip_", [0, 1]),
              ("Tensor.addcdiv", [S(3), S(2, 1)]), ("Tensor.addcdiv_", [S(3), S(2, 1)]),
              ("Tensor.logsumexp", [1]), ("Tensor.cumprod", [0]), ("Tensor.float_power", [2]),
              ("Tensor.masked_select", [S(3, dt=b)]), ("Tensor.unique", []), ("Tensor.argwhere", []),
              ("torch.functional.unique", []), ("torch.unique_consecutive", [])]:
    case("alias/%s/f%d" % (op, len(a)), op, S(2, 3, lay="T"), *a)
for op in ["Tensor.bitwise_and_", "Tensor.bitwise_or_", "Tensor.bitwise_xor_", "Tensor.bitwise_left_shift_",
           "Tensor.bitwise_right_shift_", "Tensor.bitwise_left_shift", "Tensor.bitwise_right_shift",
           "Tensor.__iand__", "Tensor.__ior__", "Tensor.__ixor__", "Tensor.__ilshift__", "Tensor.__irshift__",
           "operator.ixor", "operator.irshift"]:
    case("alias/%s/i" % op, op, S(2, 3, dt=i64), S(3, dt=i64))
    case("alias/%s/b" % op, op, S(2, 3, dt=b), True)
case("alias/Tensor.bitwise_not_", "Tensor.bitwise_not_", S(2, 3, dt=i32))
case("alias/vdot", "torch.vdot", S(3), S(3, rg=True))
case("alias/Tensor.vdot", "Tensor.vdot", S(3), S(3))
case("alias/_nn.adaptive_avg_pool2d", "torch._C._nn.adaptive_avg_pool2d", S(2, 3, 8, 8, lay="cl"), (3, 5))
case("alias/_nn.avg_pool2d", "torch._C._nn.avg_pool2d", S(2, 3, 8, 8, lay="cl"), 2)
case("alias/_nn.pad", "torch._C._nn.pad", S(3, 4, lay="T"), (1, 1))
case("alias/_nn.sdpa", "torch._C._nn.scaled_dot_product_attention", S(2, 4, 6, 8), S(2, 4, 7, 8), S(2, 4, 7, 8))
case("alias/conv1d", "torch.conv1d", S(2, 3, 8), S(4, 3, 3))
case("alias/conv_transpose1d", "torch.conv_transpose1d", S(2, 3, 8), S(3, 4, 3), None, 2)
case("alias/F.conv_transpose1d", "torch.nn.functional.conv_transpose1d", S(2, 3, 8), S(3, 4, 3), stride=2,
     padding=1, output_padding=1)
case("alias/conv_transpose2d", "torch.conv_transpose2d", S(2, 3, 8, 8), S(3, 4, 3, 3))
case("alias/functional.einsum", "torch.functional.einsum", "ij,jk->ik", S(2, 3), S(3, 4))
case("alias/group_norm", "torch.group_norm", S(2, 6, 4, rg=True), 3)
case("alias/amp_with_indices", "torch.nn.functional.adaptive_max_pool2d_with_indices", S(2, 3, 8, 8), 2)

# --- registered names that had no case yet (so every name has one; golden_test checks it)
for op in ["Tensor.__add__", "Tensor.__mul__", "Tensor.__pow__", "Tensor.__radd__", "Tensor.__sub__",
           "Tensor.__truediv__", "Tensor.eq", "Tensor.ge", "Tensor.gt", "Tensor.le", "Tensor.lt", "Tensor.ne",
           "Tensor.fmod", "Tensor.remainder", "Tensor.maximum", "Tensor.minimum", "Tensor.mul", "Tensor.sub",
           "torch.divide", "torch.floor_divide", "torch.greater", "torch.greater_equal", "torch.less",
           "torch.less_equal", "torch.logical_xor", "torch.multiply", "torch.not_equal", "torch.subtract",
           "Tensor.logical_and", "Tensor.logical_or", "operator.iadd", "operator.imul", "operator.isub",
           "operator.itruediv", "Tensor.div_"]:
    inplace = op.startswith("operator.i") or op.endswith("_")  # a leaf requiring grad would fail
    case("named/%s" % op, op, S(2, 3, lay="T", rg=not inplace), S(3))
for op in ["torch.bitwise_or", "torch.bitwise_xor", "Tensor.bitwise_and", "Tensor.bitwise_xor"]:
    case("named/%s" % op, op, S(2, 3, dt=i64, lay="T"), S(3, dt=i32))
for op, a in [("Tensor.__matmul__", [S(2, 3, rg=True), S(3, 4)]), ("Tensor.bmm", [S(2, 3, 4), S(2, 4, 5)]),
              ("Tensor.addmm", [S(4), S(2, 3), S(3, 4)]), ("Tensor.amin", [S(2, 3), 1]),
              ("Tensor.min", [S(2, 3), 1]), ("Tensor.bitwise_not", [S(2, 3, dt=i16)]),
              ("Tensor.is_floating_point", [S(2, 3)]), ("Tensor.ndimension", [S(2, 3)]),
              ("Tensor.select", [S(2, 3, lay="T"), 0, 1]), ("Tensor.triu", [S(3, 4, lay="T")]),
              ("Tensor.unbind", [S(2, 3, rg=True)]), ("torch.absolute", [S(2, 3, dt=i32)]),
              ("torch.clip", [S(2, 3), 0, 1]), ("torch.concatenate", [[S(2, 3), S(2, 3, lay="T")]]),
              ("torch.detach", [S(2, 3, rg=True)]), ("torch.functional.split", [S(4, 3), 2]),
              ("torch.ger", [S(3), S(4)]), ("torch.narrow", [S(4, 3), 0, 1, 2]), ("torch.negative", [S(2, 3)]),
              ("torch.swapaxes", [S(2, 3, 4), 0, 2]), ("torch.tril", [S(3, 4, lay="T")])]:
    case("named/%s" % op, op, *a)

# --- new_tensor / as_tensor, scatter_ family in place
case("new_tensor/int_data", "Tensor.new_tensor", S(2, dt=f64, rg=True), [1, 2])
case("new_tensor/dtype", "Tensor.new_tensor", S(2, dt=i32), [[1.5], [2.0]], dtype=f16)
case("new_tensor/rg", "Tensor.new_tensor", S(2), [1.0], requires_grad=True)
case("as_tensor/list", "torch.as_tensor", [[1, 2], [3, 4]])
case("as_tensor/list_dtype", "torch.as_tensor", [1.5, 2.0], dtype=f64)
case("as_tensor/tensor", "torch.as_tensor", S(2, 3, lay="T"))
case("as_tensor/tensor_dtype", "torch.as_tensor", S(2, 3, lay="T", rg=True), dtype=f64)
case("inplace/scatter_", "Tensor.scatter_", S(4, 3, lay="T"), 0, S(2, 2, dt=i64), S(2, 2, rg=True))
case("inplace/scatter_value", "Tensor.scatter_", S(4, 3), 1, S(2, 2, dt=i64), 2.0)
case("inplace/scatter_add_", "Tensor.scatter_add_", S(4, 3), 0, S(2, 2, dt=i64), S(2, 2))
case("inplace/index_select_bad", "Tensor.index_select", S(4, 3), 0, S(2, 2, dt=i64))
# tensor attributes Dynamo puts in graphs as getattr(t, name) nodes, and .data
case("attr/T_2d", "getattr", S(2, 3, rg=True), "T")
case("attr/T_3d", "getattr", S(2, 3, 4, lay="T"), "T")
case("attr/mT_3d", "getattr", S(2, 3, 4), "mT")
case("attr/mT_1d", "getattr", S(3), "mT")
case("attr/H_2d", "getattr", S(2, 3, lay="T"), "H")
case("attr/mH_3d", "getattr", S(2, 3, 4), "mH")
case("attr/real", "getattr", S(2, 3, rg=True), "real")
case("attr/get_data_attr", "torch._C._autograd._get_data_attr", S(2, 3, rg=True, lay="T"))


import surface_cases  # noqa: E402,F401  (the surface ops' cases: surface_cases.py)


def main():
    logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)
    meta = meta_lines()
    with open(META_OUT, "w") as f:
        f.write("# generated by make_goldens.py with torch %s; do not edit\n" % torch.__version__)
        for l in meta:
            f.write(l + "\n")
    print("wrote %d unit facts to %s" % (len(meta), META_OUT))
    lines = [run_case(*c) for c in CASES]
    names = [l.split("\t")[0] for l in lines]
    assert len(set(names)) == len(names), "duplicate case names"
    with open(OUT, "w") as f:
        f.write("# generated by make_goldens.py with torch %s; do not edit\n" % torch.__version__)
        for l in lines:
            f.write(l + "\n")
    print("wrote %d cases to %s" % (len(lines), OUT))


if __name__ == "__main__":
    main()
