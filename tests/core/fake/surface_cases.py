"""Golden cases of the Tensor methods (and torch functions) added for Dynamo's surface
(core/fake/ops_surface.cpp, ops_surface_more.cpp): every name they register runs here on
real torch and under FakeTensorMode."""
import torch

from golden_harness import S, Spec, Unit, case

f32, i64, i32, b = torch.float32, torch.int64, torch.int32, torch.bool

FLOAT_UNARY = ["acosh", "asinh", "atanh", "digamma", "lgamma", "erfc", "erfinv", "i0", "sinc",
               "deg2rad", "rad2deg", "logit", "arccos", "arcsin", "arctan", "arccosh", "arcsinh",
               "arctanh", "signbit", "isposinf", "isneginf", "isreal", "positive", "resolve_conj",
               "resolve_neg", "conj", "frexp", "ravel", "fliplr", "flipud", "nansum", "nanmean",
               "median", "nanmedian", "aminmax", "count_nonzero", "absolute", "negative"]
for op in FLOAT_UNARY:
    for prefix in ("torch.", "Tensor."):
        case("surface/%s%s/f" % (prefix, op), prefix + op, S(3, 4, lay="T", rg=True))
    case("surface/Tensor.%s/i" % op, "Tensor." + op, S(2, 3, dt=i64))
case("surface/operator.pos/f", "operator.pos", S(2, 3))
case("surface/operator.pos/bool", "operator.pos", S(2, 3, dt=b))
case("surface/Tensor.logit/eps", "Tensor.logit", S(2, 3), eps=1e-6)
case("surface/Tensor.aminmax/dim", "Tensor.aminmax", S(2, 3), dim=1, keepdim=True)
case("surface/torch.count_nonzero/dim", "torch.count_nonzero", S(2, 3, 4), dim=(0, 2))
case("surface/Tensor.frexp/i32", "Tensor.frexp", S(2, 3, dt=i32))

INPLACE_UNARY = ["acos_", "asin_", "atan_", "cosh_", "sinh_", "acosh_", "asinh_", "atanh_",
                 "digamma_", "lgamma_", "erfc_", "erfinv_", "i0_", "sinc_", "deg2rad_",
                 "rad2deg_", "logit_", "arccos_", "arcsin_", "arctan_", "arccosh_", "arcsinh_",
                 "arctanh_", "fix_", "absolute_", "negative_", "exponential_", "cauchy_",
                 "log_normal_", "fill_diagonal_:0.0", "geometric_:0.5", "bernoulli_:0.5",
                 "nan_to_num_", "cumsum_:0", "cumprod_:1", "renorm_:2,0,1.0"]
for spec in INPLACE_UNARY:
    op, _, extra = spec.partition(":")
    args = [float(a) if "." in a else int(a) for a in extra.split(",")] if extra else []
    case("surface/Tensor.%s/f" % op, "Tensor." + op, S(3, 3, lay="T"), *args)
    case("surface/Tensor.%s/i" % op, "Tensor." + op, S(3, 3, dt=i64), *args)

FLOAT_BINARY = ["atan2", "arctan2", "hypot", "copysign", "logaddexp", "logaddexp2", "xlogy",
                "nextafter", "igamma", "igammac", "ldexp", "fmax", "fmin", "heaviside",
                "gcd", "lcm", "divide", "multiply", "subtract", "true_divide", "greater",
                "greater_equal", "less", "less_equal", "not_equal", "isclose", "dist"]
for op in FLOAT_BINARY:
    for prefix in ("torch.", "Tensor."):
        if prefix == "torch." and op in ("divide", "multiply", "subtract", "true_divide",
                                         "greater", "greater_equal", "less", "less_equal",
                                         "not_equal"):
            continue
        case("surface/%s%s/ff" % (prefix, op), prefix + op, S(2, 3, rg=True), S(3))
    case("surface/Tensor.%s/ii" % op, "Tensor." + op, S(2, 3, dt=i64), S(2, 3, dt=i64))
    lay = "c" if op in ("copysign", "xlogy") else "T"  # FakeTensorMode's strides differ there
    case("surface/Tensor.%s/if" % op, "Tensor." + op, S(2, 3, dt=i32), S(2, 3, lay=lay))
for op in ["atan2_", "arctan2_", "hypot_", "copysign_", "xlogy_", "nextafter_", "igamma_",
           "igammac_", "ldexp_", "heaviside_", "gcd_", "lcm_", "eq_", "ne_", "lt_", "le_", "gt_",
           "ge_", "greater_", "greater_equal_", "less_", "less_equal_", "not_equal_",
           "logical_and_", "logical_or_", "logical_xor_", "divide_", "multiply_", "subtract_",
           "true_divide_"]:
    case("surface/Tensor.%s/ff" % op, "Tensor." + op, S(2, 3), S(3))
    case("surface/Tensor.%s/ii" % op, "Tensor." + op, S(2, 3, dt=i64), S(2, 3, dt=i64))
    dt = i64 if op in ("gcd_", "lcm_") else f32
    case("surface/Tensor.%s/bcast_self" % op, "Tensor." + op, S(3, dt=dt), S(2, 3, dt=dt))

# Shapes.
case("surface/Tensor.view_as", "Tensor.view_as", S(3, 4), S(4, 3))
case("surface/Tensor.view_as/T", "Tensor.view_as", S(3, 4, lay="T"), S(12))
case("surface/Tensor.reshape_as/T", "Tensor.reshape_as", S(3, 4, lay="T"), S(12))
for prefix in ("torch.", "Tensor."):
    case("surface/%sbroadcast_to" % prefix, prefix + "broadcast_to", S(4, lay="c"), (2, 4))
    case("surface/%sunflatten" % prefix, prefix + "unflatten", S(3, 4), 1, (2, -1))
    case("surface/%sunflatten/bad" % prefix, prefix + "unflatten", S(3, 4), 1, (3, 2))
    case("surface/%sswapdims" % prefix, prefix + "swapdims", S(2, 3, 4), 0, 2)
case("surface/Tensor.fliplr/1d", "Tensor.fliplr", S(3))
case("surface/Tensor.movedim", "Tensor.movedim", S(2, 3, 4), 0, 2)
case("surface/Tensor.moveaxis", "Tensor.moveaxis", S(2, 3, 4), -1, 0)
case("surface/Tensor.cpu", "Tensor.cpu", S(2, 3, lay="T"))
case("surface/Tensor.split_with_sizes", "Tensor.split_with_sizes", S(3, 4), [1, 3], 1)
case("surface/Tensor.unsafe_split", "Tensor.unsafe_split", S(3, 4), 2, 1)
case("surface/Tensor.unsafe_split_with_sizes", "Tensor.unsafe_split_with_sizes", S(3, 4), [2, 1])
case("surface/Tensor.unsafe_chunk", "Tensor.unsafe_chunk", S(3, 4), 2)

# Index writers, scatters, reductions along a dim.
IDX = S(2, dt=i64)
for prefix in ("torch.", "Tensor."):
    p = prefix
    case("surface/%sindex_add" % p, p + "index_add", S(3, 3, lay="T"), 0, IDX, S(2, 3, rg=True))
    case("surface/%sindex_copy" % p, p + "index_copy", S(3, 3), 0, IDX, S(2, 3))
    case("surface/%sindex_fill" % p, p + "index_fill", S(3, 3), 1, IDX, -1.0)
    case("surface/%smasked_scatter" % p, p + "masked_scatter", S(3, 4), S(3, 4, dt=b), S(3, 4))
    case("surface/%sscatter_reduce" % p, p + "scatter_reduce", S(3, 4), 1, S(3, 2, dt=i64),
         S(3, 2), "sum")
    case("surface/%sselect_scatter" % p, p + "select_scatter", S(3, 3), S(3), 0, 1)
    case("surface/%sslice_scatter" % p, p + "slice_scatter", S(3, 3), S(3, 2), 1, 0, 2)
    case("surface/%sdiagonal_scatter" % p, p + "diagonal_scatter", S(3, 3), S(3))
    case("surface/%skthvalue" % p, p + "kthvalue", S(3, 4), 2, 1)
    case("surface/%smode" % p, p + "mode", S(3, 4), 0)
    case("surface/%smedian/dim" % p, p + "median", S(3, 4), 1, True)
    case("surface/%snanmedian/dim" % p, p + "nanmedian", S(3, 4), 0)
    case("surface/%scummax" % p, p + "cummax", S(3, 4, lay="T"), 0)
    case("surface/%scummin" % p, p + "cummin", S(3, 4), 1)
    case("surface/%slogcumsumexp" % p, p + "logcumsumexp", S(3, 4), 1)
    case("surface/%snan_to_num" % p, p + "nan_to_num", S(3, 4, lay="T"), nan=0.0)
    case("surface/%srenorm" % p, p + "renorm", S(3, 4), 2, 0, 1.0)
    case("surface/%strace" % p, p + "trace", S(3, 3, dt=i32))
    case("surface/%stake_along_dim" % p, p + "take_along_dim", S(3, 4), S(3, 1, dt=i64), 1)
    case("surface/%srepeat_interleave" % p, p + "repeat_interleave", S(2, 3), 2, 1)
    case("surface/%shistc" % p, p + "histc", S(20), 5, -2, 2)
    case("surface/%smatrix_power" % p, p + "matrix_power", S(3, 3), 3)
    case("surface/%smatrix_exp" % p, p + "matrix_exp", S(2, 3, 3))
    case("surface/%sinverse" % p, p + "inverse", S(3, 3))
    case("surface/%sdet" % p, p + "det", S(2, 3, 3))
    case("surface/%slogdet" % p, p + "logdet", S(3, 3))
    case("surface/%smv" % p, p + "mv", S(3, 4), S(4))
    case("surface/%saddmv" % p, p + "addmv", S(3), S(3, 4), S(4))
    case("surface/%saddr" % p, p + "addr", S(3, 4), S(3), S(4))
    case("surface/%saddbmm" % p, p + "addbmm", S(3, 5), S(2, 3, 4), S(2, 4, 5))
case("surface/Tensor.repeat_interleave/flat", "Tensor.repeat_interleave", S(2, 3), 3)
case("surface/Tensor.take_along_dim/flat", "Tensor.take_along_dim", S(3, 4), S(5, dt=i64))
case("surface/Tensor.unique_consecutive", "Tensor.unique_consecutive", S(5, dt=i64))
for op, args in [("index_add_", (0, IDX, S(2, 3))), ("index_copy_", (0, IDX, S(2, 3))),
                 ("index_fill_", (1, IDX, 0.5)), ("masked_scatter_", (S(3, 3, dt=b), S(3, 3))),
                 ("scatter_reduce_", (1, S(3, 2, dt=i64), S(3, 2), "amax")),
                 ("addmv_", None), ("addr_", None), ("addbmm_", None), ("addmm_", None),
                 ("baddbmm_", None)]:
    if args is not None:
        case("surface/Tensor.%s" % op, "Tensor." + op, S(3, 3), *args)
case("surface/Tensor.addmv_", "Tensor.addmv_", S(3), S(3, 4), S(4))
case("surface/Tensor.addr_", "Tensor.addr_", S(3, 4), S(3), S(4))
case("surface/Tensor.addbmm_", "Tensor.addbmm_", S(3, 5), S(2, 3, 4), S(2, 4, 5))
case("surface/Tensor.addmm_", "Tensor.addmm_", S(3, 5), S(3, 4), S(4, 5))
case("surface/Tensor.baddbmm_", "Tensor.baddbmm_", S(2, 3, 5), S(2, 3, 4), S(2, 4, 5))
case("surface/Tensor.ger", "Tensor.ger", S(3), S(4))

# Diagonals, take, msort and the int-sections splits.
for p in ("torch.", "Tensor."):
    case("surface/%sdiagonal" % p, p + "diagonal", S(3, 4, lay="T"))
    case("surface/%sdiag" % p, p + "diag", S(3))
    case("surface/%stake" % p, p + "take", S(3, 4), S(2, 2, dt=i64))
    case("surface/%smsort" % p, p + "msort", S(3, 4, lay="T"))
    case("surface/%stensor_split" % p, p + "tensor_split", S(3, 7), 3, 1)
    case("surface/%shsplit" % p, p + "hsplit", S(3, 4), 2)
    case("surface/%svsplit" % p, p + "vsplit", S(4, 3), 2)
case("surface/Tensor.diagonal/offset", "Tensor.diagonal", S(2, 3, 4), 1, 1, 2)
case("surface/Tensor.diagonal/neg", "Tensor.diagonal", S(3, 4), -1)
case("surface/Tensor.diag/2d", "Tensor.diag", S(3, 4, lay="T"), 1)
case("surface/Tensor.diag/neg", "Tensor.diag", S(3), -2)
case("surface/Tensor.hsplit/bad", "Tensor.hsplit", S(3, 5), 2)

# ops_surface_extra.cpp: pointwise, composite and view methods, and a Python number
# beside a contiguous column with an arbitrary size-1 stride (fake mode: contiguous).
for p in ("torch.", "Tensor."):
    case("surface/%sangle" % p, p + "angle", S(3, 4, lay="T"))
    case("surface/%sangle/int" % p, p + "angle", S(3, dt=i64))
    case("surface/%shardshrink" % p, p + "hardshrink", S(3, 4), 0.3)
    case("surface/%smvlgamma" % p, p + "mvlgamma", S(3, 4), 2)
    case("surface/%sconj_physical" % p, p + "conj_physical", S(3, 4, lay="T"))
    case("surface/%skron" % p, p + "kron", S(2, 3), S(2, 2))
    case("surface/%sinner" % p, p + "inner", S(2, 3), S(4, 3))
    case("surface/%scross" % p, p + "cross", S(4, 3), S(4, 3), dim=1)
    case("surface/%sdiag_embed" % p, p + "diag_embed", S(2, 3))
    case("surface/%sdiagflat" % p, p + "diagflat", S(2, 3), 1)
    case("surface/%snarrow_copy" % p, p + "narrow_copy", S(3, 4, lay="T"), 1, 1, 2)
    case("surface/%sadjoint" % p, p + "adjoint", S(2, 3, 4))
case("torch.nn.functional.hardshrink", "torch.nn.functional.hardshrink", S(3, 4))
case("surface/Tensor.polygamma", "Tensor.polygamma", S(3, 4), 1)
case("surface/Tensor.polygamma_", "Tensor.polygamma_", S(3, 4), 2)
case("surface/Tensor.mvlgamma_", "Tensor.mvlgamma_", S(3, 4), 1)
case("surface/Tensor.conj_physical_", "Tensor.conj_physical_", S(3, 4))
case("surface/Tensor.float_power_", "Tensor.float_power_", S(3, 4, dt=torch.float64), 2)
case("surface/Tensor.sum_to_size", "Tensor.sum_to_size", S(3, 4), 1, 4)
case("surface/Tensor.new_empty_strided", "Tensor.new_empty_strided", S(3, 4), (2, 2), (1, 2))
case("surface/Tensor.unfold", "Tensor.unfold", S(2, 5, lay="T"), 1, 2, 1)
case("surface/Tensor.detach_", "Tensor.detach_", S(3, 4))
case("strides/column_T_plus_int", "operator.add", S(2, 1, lay="T"), 1)
case("strides/column_T_times_float", "operator.mul", S(2, 1, lay="T"), 2.5)
for p in ("torch.", "Tensor."):
    case("surface/%sdsplit" % p, p + "dsplit", S(2, 3, 4), 2)
for p in ("torch.", "Tensor."):
    case("surface/%srot90" % p, p + "rot90", S(3, 4))
    case("surface/%srot90/k2" % p, p + "rot90", S(2, 3, 4), 2, (1, 2))
    case("surface/%srot90/k3" % p, p + "rot90", S(2, 3, 4), -1, (2, 0))
# to_dense of a strided tensor (the tensor itself) and `a @= b` (no Tensor.__imatmul__:
# a fresh matmul result).
case("surface/Tensor.to_dense", "Tensor.to_dense", S(3, 4, lay="T"))
case("surface/operator.imatmul", "operator.imatmul", S(2, 3), S(3, 4))
case("surface/operator.imatmul/batched", "operator.imatmul", S(5, 2, 3), S(3,))
# ops_surface_data.cpp: shapes known from the arguments,
# and equal / allclose / is_nonzero / bincount, which raise in fake mode: the
# data-dependent answer is expected whatever eager computed).
for p in ("torch.", "Tensor."):
    case("surface/%snonzero_static" % p, p + "nonzero_static", S(3, 4), size=4)
    case("surface/%shistogram" % p, p + "histogram", S(3, 4), 3)
    case("surface/%smultinomial" % p, p + "multinomial", S(2, 5, rg=False), 3)
    case("surface/%smultinomial/1d" % p, p + "multinomial", S(5), 2, True)
    case("surface/%sbernoulli" % p, p + "bernoulli", Unit((3, 4)))
    case("surface/%sequal" % p, p + "equal", S(3, 4), S(3, 4))
    case("surface/%sallclose" % p, p + "allclose", S(3, 4), S(3, 4))
    case("surface/%sis_nonzero" % p, p + "is_nonzero", S(1))
    case("surface/%sbincount" % p, p + "bincount", S(5, dt=torch.int64))
for p in ("torch.", "Tensor."):
    case("surface/%scov" % p, p + "cov", S(3, 5))
    case("surface/%scorrcoef" % p, p + "corrcoef", S(3, 5))
    case("surface/%squantile" % p, p + "quantile", S(3, 5, rg=True), 0.5)
    case("surface/%squantile/qtensor" % p, p + "quantile", S(3, 5), Unit((2,)), dim=1)
    case("surface/%squantile/qtensor_all" % p, p + "quantile", S(3, 5), Unit((2,)))
    case("surface/%snanquantile/keepdim" % p, p + "nanquantile", S(3, 5), 0.3, dim=0, keepdim=True)
    case("surface/%snanquantile/keepall" % p, p + "nanquantile", S(3, 5, lay="T"), 0.3, keepdim=True)


class SPD(Spec):
    """A symmetric positive-definite matrix (cholesky's input)."""

    def build(self):
        t = super().build()
        with torch.no_grad():
            t = t @ t.mT + t.shape[-1] * torch.eye(t.shape[-1], dtype=t.dtype)
        return t.detach().requires_grad_(self.rg)


# ops_surface_linalg.cpp: LAPACK results, column-major.
for p in ("torch.", "Tensor."):
    case("surface/%scholesky" % p, p + "cholesky", SPD((3, 3)))
    case("surface/%scholesky/batched" % p, p + "cholesky", SPD((2, 3, 3), torch.float64))
    case("surface/%scholesky_inverse" % p, p + "cholesky_inverse", S(3, 3))
    case("surface/%scholesky_solve" % p, p + "cholesky_solve", S(3, 2), S(3, 3))
    case("surface/%spinverse" % p, p + "pinverse", S(3, 4))
    case("surface/%sslogdet" % p, p + "slogdet", S(2, 3, 3, rg=True))
    case("surface/%sqr" % p, p + "qr", S(4, 3))
    case("surface/%ssvd" % p, p + "svd", S(3, 3))
    case("surface/%sgeqrf" % p, p + "geqrf", S(3, 3))
    case("surface/%sorgqr" % p, p + "orgqr", S(3, 3), S(3))
    case("surface/%sormqr" % p, p + "ormqr", S(3, 3), S(3), S(3, 2))
    case("surface/%striangular_solve" % p, p + "triangular_solve", S(3, 2), S(3, 3))
    case("surface/%slu_solve" % p, p + "lu_solve", S(3, 2), S(3, 3), S(3, dt=i32))
case("surface/Tensor.lu", "Tensor.lu", S(3, 3))
case("surface/Tensor.lu/wide", "Tensor.lu", S(2, 4))
# put / index_put / index_reduce (a preserve-format copy) and their in-place forms (self).
for p in ("torch.", "Tensor."):
    case("surface/%sput" % p, p + "put", S(3, 4, lay="T"), S(3, dt=i64), S(3), accumulate=True)
    case("surface/%sindex_put" % p, p + "index_put", S(3, 4), (S(2, dt=i64),), S(4))
    case("surface/%sindex_reduce" % p, p + "index_reduce", S(3, 4), 0, S(3, dt=i64), S(3, 4),
         "amax", include_self=False)
case("surface/Tensor.put_", "Tensor.put_", S(3, 4), S(3, dt=i64), S(3))
case("surface/Tensor.index_put_", "Tensor.index_put_", S(3, 4), (S(2, dt=i64),), S(2, 4))
case("surface/Tensor.index_reduce_", "Tensor.index_reduce_", S(3, 4), 0, S(3, dt=i64), S(3, 4),
     "prod")
for p in ("torch.", "Tensor."):
    case("surface/%sprelu" % p, p + "prelu", S(2, 3, 4, rg=True), S(1))
    case("surface/%sprelu/channels" % p, p + "prelu", S(2, 3, 4), S(3))
# ops_surface_extra.cpp: Python-level methods of torch/_tensor.py (Resize, dequantize of a
# dense float tensor, module_load).
case("surface/Tensor.resize", "Tensor.resize", S(3, 4, rg=True), 2, 6)
case("surface/Tensor.resize/T", "Tensor.resize", S(3, 4, lay="T"), 4, 3)
case("surface/Tensor.resize_as", "Tensor.resize_as", S(3, 4), S(6, 2))
case("surface/Tensor.dequantize", "Tensor.dequantize", S(3, 4))
case("surface/Tensor.module_load", "Tensor.module_load", S(3, 4), S(3, 4, dt=torch.float64))
case("surface/Tensor.module_load/assign", "Tensor.module_load", S(3, 4), S(3, 4, rg=True),
     assign=True)
# ops_inplace_view.cpp: in-place views (self returned with the view's metadata), as_strided
# and as_strided_scatter.
for op, shape, args in [("unsqueeze_", (3, 4), (0,)), ("unsqueeze_", (3, 4), (-1,)),
                        ("squeeze_", (3, 1, 4), ()), ("squeeze_", (3, 1, 4), (1,)),
                        ("t_", (3, 4), ()), ("transpose_", (2, 3, 4), (0, 2)),
                        ("swapaxes_", (3, 4), (1, 0)), ("swapdims_", (2, 3, 4), (-1, 0))]:
    case("surface/Tensor.%s/%s" % (op, "x".join(map(str, shape)) + "_" + "_".join(map(str, args))),
         "Tensor." + op, S(*shape), *args)
case("surface/Tensor.t_/T", "Tensor.t_", S(3, 4, lay="T"))
for p in ("torch.", "Tensor."):
    case("surface/%sas_strided" % p, p + "as_strided", S(3, 4, rg=True), (2, 2), (1, 2))
    case("surface/%sas_strided/offset" % p, p + "as_strided", S(3, 4), (2, 3), (4, 1), 1)
    case("surface/%sas_strided_scatter" % p, p + "as_strided_scatter", S(3, 4), S(2, rg=True),
         (2,), (1,))
    case("surface/%sas_strided_scatter/T" % p, p + "as_strided_scatter", S(3, 4, lay="T"),
         S(2, 2), (2, 2), (1, 3), 1)
case("surface/Tensor.as_strided_", "Tensor.as_strided_", S(3, 4), (2, 3), (3, 1))
case("surface/Tensor.as_strided_/offset", "Tensor.as_strided_", S(3, 4), (2, 2), (1, 2), 2)
case("surface/getattr/real_c64", "getattr", S(3, 2, dt=torch.complex64), "real")
case("surface/getattr/imag_c64", "getattr", S(3, 2, dt=torch.complex64, lay="T"), "imag")
case("surface/getattr/imag_c128", "getattr", S(4, dt=torch.complex128, rg=True), "imag")
# ops_spectral.cpp: stft / istft; ops_factory.cpp: the window functions.
case("surface/Tensor.stft", "Tensor.stft", S(64), 16, hop_length=4, window=S(16),
     return_complex=True)
case("surface/Tensor.stft/batched", "Tensor.stft", S(2, 64, rg=True), 16, hop_length=4,
     window=S(16), return_complex=True)
case("surface/Tensor.stft/no_center", "Tensor.stft", S(50), 8, center=False, onesided=False,
     return_complex=True)
case("surface/Tensor.stft/win_length", "Tensor.stft", S(40, dt=torch.float64), 16, 5, 8,
     return_complex=True)
case("surface/Tensor.istft", "Tensor.istft", S(9, 17, dt=torch.complex64), 16, hop_length=4,
     window=S(16), length=64)
case("surface/Tensor.istft/batched", "Tensor.istft", S(2, 9, 17, dt=torch.complex64), 16,
     hop_length=4, window=S(16))
case("surface/Tensor.istft/c128", "Tensor.istft", S(5, 7, dt=torch.complex128), 8)
for w in ("hann_window", "bartlett_window", "blackman_window", "hamming_window"):
    case("surface/torch.%s" % w, "torch." + w, 16)
    case("surface/torch.%s/args" % w, "torch." + w, 7, False, dtype=torch.float64,
         requires_grad=True)
case("surface/torch.hamming_window/alpha", "torch.hamming_window", 8, True, 0.5, 0.5)
case("surface/Tensor.abs/c64", "Tensor.abs", S(9, 17, dt=torch.complex64, lay="T"))
case("surface/torch.abs/c128", "torch.abs", S(4, dt=torch.complex128, rg=True))
