// ops_surface_linalg.cpp — the LAPACK-backed Tensor methods of Dynamo's surface as their
// meta functions allocate them (torch/_meta_registrations.py, torch/_linalg_utils.py):
// results of cholesky, cholesky_inverse, cholesky_solve, qr, triangular_solve, geqrf,
// orgqr, ormqr, lu (_lu_with_info) and lu_solve are batches of column-major matrices
// (the batch dims outermost and contiguous, each matrix Fortran-ordered); slogdet gives
// the batch shape twice, svd (U column-major, S, V = Vh.mH) and pinverse (a composite
// over svd, contiguous) their usual shapes. Inputs are float32 / float64 matrices or
// batches of them; anything else is refused by name.
#include <algorithm>

#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/tensor_meta.h"

namespace dynrr::fake {
namespace {

// A batch of m x n column-major matrices.
TensorMeta colMajor(const TensorMeta& like, Shape batch, std::int64_t m, std::int64_t n,
                    DType dtype, bool grad) {
  TensorMeta t = like;
  t.sizes = batch;
  t.sizes.push_back(m);
  t.sizes.push_back(n);
  Shape st(t.sizes.size(), 1);
  std::int64_t acc = std::max<std::int64_t>(m, 1) * std::max<std::int64_t>(n, 1);
  st[st.size() - 2] = 1;
  st[st.size() - 1] = std::max<std::int64_t>(m, 1);
  for (size_t i = batch.size(); i-- > 0;) {
    st[i] = acc;
    acc *= std::max<std::int64_t>(batch[i], 1);
  }
  t.strides = std::move(st);
  t.storageOffset = 0;
  t.dtype = dtype;
  t.requiresGrad = grad;
  return t;
}

TensorMeta contiguous(const TensorMeta& like, Shape sizes, DType dtype, bool grad) {
  TensorMeta t = like;
  t.sizes = std::move(sizes);
  t.strides = contiguousStrides(t.sizes);
  t.storageOffset = 0;
  t.dtype = dtype;
  t.requiresGrad = grad;
  return t;
}

struct Mat {
  TensorMeta t;
  Shape batch;
  std::int64_t m = 0, n = 0;
};

Expected<Mat> matrix(const OpCall& call, const BoundArgs& b, std::string_view name) {
  auto t = b.tensor(name);
  if (!t) return t.error();
  if (t->dim() < 2)
    return opError(call, std::string(name) + " must have at least 2 dimensions (not modelled)");
  if (t->dtype != DType::kFloat32 && t->dtype != DType::kFloat64)
    return opError(call, "linalg of a non float32/float64 tensor is not modelled");
  Mat out{*t, Shape(t->sizes.begin(), t->sizes.end() - 2), t->sizes[t->sizes.size() - 2],
          t->sizes.back()};
  return out;
}

bool grad(const OpCall& call, const Mat& a, const Mat* b = nullptr) {
  return outputRequiresGrad(call.ctx, a.t.dtype, {a.t.requiresGrad, b && b->t.requiresGrad});
}

// One matrix argument, the batches of other matrix arguments equal to its own.
Expected<MetaValue> oneMatrix(const OpCall& call, std::vector<std::string_view> params,
                              const std::string& op) {
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto a = matrix(call, *b, "input");
  if (!a) return a.error();
  const bool g = grad(call, *a);
  const std::int64_t k = std::min(a->m, a->n);
  if (op == "cholesky" || op == "cholesky_inverse") {
    if (a->m != a->n) return opError(call, op + " of a non-square matrix");
    return MetaValue(colMajor(a->t, a->batch, a->m, a->n, a->t.dtype, g));
  }
  if (op == "pinverse")
    return MetaValue(contiguous(
        a->t,
        [&] {
          Shape s = a->batch;
          s.push_back(a->n);
          s.push_back(a->m);
          return s;
        }(),
        a->t.dtype, g));
  if (op == "slogdet") {
    if (a->m != a->n) return opError(call, "slogdet of a non-square matrix");
    return MetaValue::tuple({MetaValue(contiguous(a->t, a->batch, a->t.dtype, g)),
                             MetaValue(contiguous(a->t, a->batch, a->t.dtype, g))});
  }
  if (op == "qr") {
    auto some = b->boolean("some", true);
    if (!some) return some.error();
    if (!*some) return opError(call, "qr(some=False) is not modelled");
    return MetaValue::tuple({MetaValue(colMajor(a->t, a->batch, a->m, k, a->t.dtype, g)),
                             MetaValue(colMajor(a->t, a->batch, k, a->n, a->t.dtype, g))});
  }
  if (op == "svd") {
    auto some = b->boolean("some", true);
    if (!some) return some.error();
    auto uv = b->boolean("compute_uv", true);
    if (!uv) return uv.error();
    if (!*some || !*uv) return opError(call, "svd(some=False / compute_uv=False) is not modelled");
    Shape s = a->batch;
    s.push_back(k);
    Shape v = a->batch;
    v.push_back(a->n);
    v.push_back(k);
    return MetaValue::tuple({MetaValue(colMajor(a->t, a->batch, a->m, k, a->t.dtype, g)),
                             MetaValue(contiguous(a->t, s, a->t.dtype, g)),
                             MetaValue(contiguous(a->t, v, a->t.dtype, g))});
  }
  if (op == "geqrf") {
    Shape tau = a->batch;
    tau.push_back(k);
    return MetaValue::tuple({MetaValue(colMajor(a->t, a->batch, a->m, a->n, a->t.dtype, false)),
                             MetaValue(contiguous(a->t, tau, a->t.dtype, false))});
  }
  // lu (_lu_with_info, pivot=True): LU column-major and int32 pivots.
  auto pivot = b->boolean("pivot", true);
  if (!pivot) return pivot.error();
  auto infos = b->boolean("get_infos", false);
  if (!infos) return infos.error();
  if (!*pivot || *infos) return opError(call, "lu(pivot=False / get_infos=True) is not modelled");
  Shape piv = a->batch;
  piv.push_back(k);
  return MetaValue::tuple({MetaValue(colMajor(a->t, a->batch, a->m, a->n, a->t.dtype, g)),
                           MetaValue(contiguous(a->t, piv, DType::kInt32, false))});
}

// self (a right-hand side B, m x k) solved against a square matrix A (n x n): a
// column-major m x k result (cholesky_solve, lu_solve), or with the A copy
// (triangular_solve).
Expected<MetaValue> solve(const OpCall& call, std::vector<std::string_view> params,
                          std::string_view aName, bool withCoefficient) {
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto rhs = matrix(call, *b, "input");
  if (!rhs) return rhs.error();
  auto a = matrix(call, *b, aName);
  if (!a) return a.error();
  if (a->m != a->n || a->m != rhs->m || a->batch != rhs->batch || a->t.dtype != rhs->t.dtype)
    return opError(call,
                   "a solve with broadcast batches, mixed dtypes or mismatched sizes is "
                   "not modelled");
  const bool g = grad(call, *rhs, &*a);
  TensorMeta x = colMajor(rhs->t, rhs->batch, rhs->m, rhs->n, rhs->t.dtype, g);
  if (!withCoefficient) return MetaValue(std::move(x));
  return MetaValue::tuple(
      {MetaValue(std::move(x)), MetaValue(colMajor(a->t, a->batch, a->m, a->n, a->t.dtype, g))});
}

// orgqr(self, tau) and ormqr(self, tau, other): Householder products, column-major.
Expected<MetaValue> householder(const OpCall& call, bool multiply) {
  std::vector<std::string_view> params = {"input", "input2"};
  if (multiply) params.insert(params.end(), {"input3", "left", "transpose"});
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto a = matrix(call, *b, "input");
  if (!a) return a.error();
  auto tau = b->tensor("input2");
  if (!tau) return tau.error();
  if (!multiply) return MetaValue(colMajor(a->t, a->batch, a->m, a->n, a->t.dtype, grad(call, *a)));
  auto c = matrix(call, *b, "input3");
  if (!c) return c.error();
  return MetaValue(colMajor(c->t, c->batch, c->m, c->n, c->t.dtype, grad(call, *a, &*c)));
}

}  // namespace

void registerSurfaceLinalgOps(OpRegistry& r) {
  for (const char* p : {"torch.", "Tensor."}) {
    const std::string s = p;
    r.add(s + "cholesky", [](const OpCall& c) {
      return oneMatrix(c, {"input", "upper"}, "cholesky");
    });
    r.add(s + "cholesky_inverse", [](const OpCall& c) {
      return oneMatrix(c, {"input", "upper"}, "cholesky_inverse");
    });
    r.add(s + "pinverse", [](const OpCall& c) {
      return oneMatrix(c, {"input", "rcond"}, "pinverse");
    });
    r.add(s + "slogdet", [](const OpCall& c) { return oneMatrix(c, {"input"}, "slogdet"); });
    r.add(s + "qr", [](const OpCall& c) { return oneMatrix(c, {"input", "some"}, "qr"); });
    r.add(s + "svd", [](const OpCall& c) {
      return oneMatrix(c, {"input", "some", "compute_uv"}, "svd");
    });
    r.add(s + "geqrf", [](const OpCall& c) { return oneMatrix(c, {"input"}, "geqrf"); });
    r.add(s + "cholesky_solve", [](const OpCall& c) {
      return solve(c, {"input", "input2", "upper"}, "input2", false);
    });
    r.add(s + "lu_solve", [](const OpCall& c) {
      return solve(c, {"input", "LU_data", "LU_pivots"}, "LU_data", false);
    });
    r.add(s + "triangular_solve", [](const OpCall& c) {
      return solve(c, {"input", "A", "upper", "transpose", "unitriangular"}, "A", true);
    });
    r.add(s + "orgqr", [](const OpCall& c) { return householder(c, false); });
    r.add(s + "ormqr", [](const OpCall& c) { return householder(c, true); });
  }
  r.add("Tensor.lu", [](const OpCall& c) {
    return oneMatrix(c, {"input", "pivot", "get_infos"}, "lu");
  });
}

}  // namespace dynrr::fake
