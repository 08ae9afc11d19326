// ops_surface_data.cpp — the data-dependent Tensor methods of Dynamo's surface as
// FakeTensorMode sees them (torch/_subclasses/fake_impls.py, torch/_meta_registrations.py):
// equal / allclose / is_nonzero answer a Python value read from the data
// (DataDependentOutputException: Dynamo's get_fake_value breaks with "Data dependent
// operator"); bincount's output size depends on the data (DynamicOutputShapeException);
// nonzero_static, histogram with an int bin count, multinomial and bernoulli have
// shapes known from their arguments; cov / corrcoef compare tensors inside their
// decomposition (a data-dependent value), quantile / nanquantile reduce; prelu is
// pointwise.
#include <algorithm>

#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/tensor_meta.h"

namespace dynrr::fake {
namespace {

TensorMeta freshLike(const TensorMeta& like, Shape sizes, DType dtype) {
  TensorMeta t = like;
  t.sizes = std::move(sizes);
  t.strides = contiguousStrides(t.sizes);
  t.storageOffset = 0;
  t.dtype = dtype;
  t.requiresGrad = false;
  return t;
}

// The marker tensor_ops.cpp turns into Dynamo's "Data dependent operator" break.
Error dataDependentValue(const OpCall& call, const std::string& aten) {
  return opError(call, "data-dependent value (DataDependentOutputException): " + aten);
}

Expected<MetaValue> compareWhole(const OpCall& call, bool close) {
  std::vector<std::string_view> params = {"input", "other"};
  if (close) params.insert(params.end(), {"rtol", "atol", "equal_nan"});
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto y = b->tensor("other");
  if (!y) return y.error();
  return dataDependentValue(call, close ? "aten.allclose.default" : "aten.equal.default");
}

Expected<MetaValue> isNonzero(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  if (x->numel() != 1)
    return opError(call, "is_nonzero of a tensor with numel != 1 is not modelled");
  return dataDependentValue(call, "aten._local_scalar_dense.default");
}

Expected<MetaValue> bincount(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "weights", "minlength"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  return opError(call, "bincount (data-dependent output size)");
}

Expected<MetaValue> nonzeroStatic(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "size", "fill_value"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto size = b->integer("size");
  if (!size) return size.error();
  return MetaValue(freshLike(*x, {*size, x->dim()}, DType::kInt64));
}

// histogram(input, bins: int, *, range, weight, density): (hist[bins], bin_edges[bins + 1])
// in the input's floating dtype.
Expected<MetaValue> histogram(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "bins", "range", "weight", "density"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  if (!isFloating(x->dtype))
    return opError(call, "histogram of a non-float tensor is not modelled");
  if (b->has("weight")) return opError(call, "histogram with weights is not modelled");
  auto bins = b->integer("bins");
  if (!bins) return bins.error();
  return MetaValue::tuple({MetaValue(freshLike(*x, {*bins}, x->dtype)),
                           MetaValue(freshLike(*x, {*bins + 1}, x->dtype))});
}

Expected<MetaValue> multinomial(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "num_samples", "replacement", "generator"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto n = b->integer("num_samples");
  if (!n) return n.error();
  if (x->dim() == 1) return MetaValue(freshLike(*x, {*n}, DType::kInt64));
  if (x->dim() == 2) return MetaValue(freshLike(*x, {x->sizes[0], *n}, DType::kInt64));
  return opError(call, "prob_dist must be 1 or 2 dim");
}

// bernoulli(input) of a contiguous tensor: a fresh tensor of its shape and dtype.
Expected<MetaValue> bernoulli(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  if (!x->isContiguous() || !isFloating(x->dtype))
    return opError(call, "bernoulli of a non-contiguous or non-float tensor is not modelled");
  return MetaValue(freshLike(*x, x->sizes, x->dtype));
}

// cov / corrcoef: their decomposition compares tensors (aten.equal), which FakeTensorMode
// cannot answer.
Expected<MetaValue> covLike(const OpCall& call, bool corr) {
  std::vector<std::string_view> params = {"input"};
  if (!corr) params.insert(params.end(), {"correction", "fweights", "aweights"});
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  if (x->dim() > 2) return opError(call, "cov(): expected input to have two or fewer dimensions");
  return dataDependentValue(call, "aten.equal.default");
}

// quantile / nanquantile(q, dim=None, keepdim=False): q a number or a 0-d tensor gives
// the reduced shape; a 1-d tensor q of k values prepends k (a dim moved to the front).
Expected<MetaValue> quantile(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "q", "dim", "keepdim", "interpolation"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  if (!isFloating(x->dtype) || (x->dtype != DType::kFloat32 && x->dtype != DType::kFloat64))
    return opError(call, "quantile() input tensor must be either float or double dtype");
  Shape lead;
  if (const MetaArg* q = b->get("q"); q && q->is<TensorMeta>()) {
    const TensorMeta& qt = q->as<TensorMeta>();
    if (qt.dim() > 1) return opError(call, "quantile() q must be a scalar or 1D tensor");
    if (qt.dtype != x->dtype)
      return opError(call, "quantile() q tensor must be same dtype as the input tensor");
    if (qt.dim() == 1) lead.push_back(qt.sizes[0]);
  }
  auto keep = b->boolean("keepdim", false);
  if (!keep) return keep.error();
  Shape reduced;
  if (!b->has("dim")) {
    if (*keep) reduced.assign(x->sizes.size(), 1);
  } else {
    auto d = b->integer("dim");
    if (!d) return d.error();
    const std::int64_t nd = std::max<std::int64_t>(x->dim(), 1);
    if (*d < -nd || *d >= nd) return opError(call, "quantile(): dim out of range");
    const std::int64_t dim = *d < 0 ? *d + nd : *d;
    reduced = x->sizes;
    if (!reduced.empty()) {
      if (*keep)
        reduced[dim] = 1;
      else
        reduced.erase(reduced.begin() + dim);
    }
  }
  // A 1-d q: computed with q's values as the last dim, then moved to the front
  // (movedim(-1, 0) of a contiguous result).
  TensorMeta out = freshLike(*x, reduced, x->dtype);
  if (!lead.empty()) {
    Shape base = reduced;
    base.push_back(lead[0]);
    Shape st = contiguousStrides(base);
    out.sizes = lead;
    out.sizes.insert(out.sizes.end(), reduced.begin(), reduced.end());
    out.strides = {st.back()};
    out.strides.insert(out.strides.end(), st.begin(), st.end() - 1);
  }
  out.requiresGrad = outputRequiresGrad(call.ctx, x->dtype, {x->requiresGrad});
  return MetaValue(std::move(out));
}

// prelu(input, weight) of a contiguous float input: a fresh tensor of its shape.
Expected<MetaValue> prelu(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "weight"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto w = b->tensor("weight");
  if (!w) return w.error();
  if (!x->isContiguous() || !isFloating(x->dtype) || w->dtype != x->dtype)
    return opError(call, "prelu of a non-contiguous input or mixed dtypes is not modelled");
  TensorMeta out = freshLike(*x, x->sizes, x->dtype);
  out.requiresGrad = outputRequiresGrad(call.ctx, x->dtype, {x->requiresGrad, w->requiresGrad});
  return MetaValue(std::move(out));
}

}  // namespace

void registerSurfaceDataOps(OpRegistry& r) {
  for (const char* p : {"torch.", "Tensor."}) {
    const std::string s = p;
    r.add(s + "equal", [](const OpCall& c) { return compareWhole(c, false); });
    r.add(s + "allclose", [](const OpCall& c) { return compareWhole(c, true); });
    r.add(s + "is_nonzero", isNonzero);
    r.add(s + "bincount", bincount);
    r.add(s + "nonzero_static", nonzeroStatic);
    r.add(s + "histogram", histogram);
    r.add(s + "multinomial", multinomial);
    r.add(s + "bernoulli", bernoulli);
    r.add(s + "cov", [](const OpCall& c) { return covLike(c, false); });
    r.add(s + "corrcoef", [](const OpCall& c) { return covLike(c, true); });
    r.add(s + "quantile", quantile);
    r.add(s + "prelu", prelu);
    r.add(s + "nanquantile", quantile);
  }
}

}  // namespace dynrr::fake
