// ops_surface_more.cpp — meta functions for more Tensor methods of Dynamo's surface: the
// out-of-place index/scatter writers, the NaN-skipping and cumulative reductions, the
// (value, index) reductions along a dim, and matrix-vector products.
//
// Mirrors the aten kernels' meta functions as FakeTensorMode runs them for the call_method
// nodes TensorVariable.call_method emits (torch/_dynamo/variables/tensor.py): index_add /
// index_copy / index_fill / masked_scatter / scatter_reduce / *_scatter return a copy of
// self (self.clone() then the in-place kernel: empty_like's preserved strides); cummax /
// cummin keep the input's shape with int64 indices; kthvalue / mode / median(dim) /
// nanmedian(dim) reduce one dim; mv / addmv / addr / addbmm follow the BLAS shape rules.
#include <algorithm>
#include <string>
#include <tuple>
#include <utility>

#include "core/fake/broadcast.h"
#include "core/fake/elementwise.h"
#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/promotion.h"
#include "core/fake/strides.h"

namespace dynrr::fake {
namespace {

TensorMeta withStrides(TensorMeta t, Shape strides) {
  t.strides = std::move(strides);
  t.storageOffset = 0;
  return t;
}

// A new dense tensor of `sizes` (contiguous strides) with `dtype`.
TensorMeta fresh(const TensorMeta& like, Shape sizes, DType dtype, bool requiresGrad) {
  TensorMeta t = like;
  t.sizes = std::move(sizes);
  t.strides = contiguousStrides(t.sizes);
  t.storageOffset = 0;
  t.dtype = dtype;
  t.requiresGrad = requiresGrad;
  return t;
}

// self.clone() written by an in-place kernel: self's shape and dtype, preserved strides;
// requires_grad when any float tensor argument requires it under grad mode.
// Structured kernels (index_add, scatter_reduce) allocate a contiguous output instead.
Expected<MetaValue> copyOfSelf(const OpCall& call, std::vector<std::string_view> params,
                               bool structured = false) {
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto self = b->tensor(params[0]);
  if (!self) return self.error();
  TensorMeta out = withStrides(
      *self, structured ? contiguousStrides(self->sizes) : preserveFormatStrides(*self));
  bool grad = self->requiresGrad;
  for (auto p : params) {
    if (const MetaArg* a = b->get(p); a && a->is<TensorMeta>() && p != params[0])
      grad = grad || a->as<TensorMeta>().requiresGrad;
  }
  out.requiresGrad = outputRequiresGrad(call.ctx, out.dtype, {grad});
  return MetaValue(std::move(out));
}

// The dim-reducing (values, indices) ops: kthvalue(k, dim=-1), mode(dim=-1),
// median(dim) / nanmedian(dim) (without a dim: a 0-dim value only).
Expected<MetaValue> valuesIndices(const OpCall& call, bool hasK, bool dimOptional) {
  std::vector<std::string_view> params = {"input"};
  if (hasK) params.push_back("k");
  params.push_back("dim");
  params.push_back("keepdim");
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto keep = b->boolean("keepdim", false);
  if (!keep) return keep.error();
  const auto ndim = static_cast<std::int64_t>(self->sizes.size());
  if (dimOptional && !b->has("dim")) {
    bool grad = outputRequiresGrad(call.ctx, self->dtype, {self->requiresGrad});
    return MetaValue(fresh(*self, {}, self->dtype, grad));
  }
  auto dimArg = b->integer("dim", -1);
  if (!dimArg) return dimArg.error();
  auto dim = wrapDim(*dimArg, ndim);
  if (!dim) return dim.error();
  Shape sizes = self->sizes;
  if (hasK) {
    auto k = b->integer("k");
    if (!k) return k.error();
    const std::int64_t n = ndim == 0 ? 1 : sizes[*dim];
    if (*k < 1 || *k > n) return opError(call, "kthvalue(): selected number k out of range");
  }
  if (ndim > 0) {
    if (*keep)
      sizes[*dim] = 1;
    else
      sizes.erase(sizes.begin() + *dim);
  }
  bool grad = outputRequiresGrad(call.ctx, self->dtype, {self->requiresGrad});
  return MetaValue::tuple({MetaValue(fresh(*self, sizes, self->dtype, grad)),
                           MetaValue(fresh(*self, sizes, DType::kInt64, false))});
}

// cummax / cummin(dim): values and int64 indices of the input's shape.
Expected<MetaValue> cumExtreme(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto dimArg = b->integer("dim");
  if (!dimArg) return dimArg.error();
  auto dim = wrapDim(*dimArg, static_cast<std::int64_t>(self->sizes.size()));
  if (!dim) return dim.error();
  bool grad = outputRequiresGrad(call.ctx, self->dtype, {self->requiresGrad});
  return MetaValue::tuple({MetaValue(fresh(*self, self->sizes, self->dtype, grad)),
                           MetaValue(fresh(*self, self->sizes, DType::kInt64, false))});
}

// logcumsumexp(dim): a float tensor of the input's shape.
Expected<MetaValue> logcumsumexp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto dimArg = b->integer("dim");
  if (!dimArg) return dimArg.error();
  auto dim = wrapDim(*dimArg, static_cast<std::int64_t>(self->sizes.size()));
  if (!dim) return dim.error();
  if (!isFloatingOrComplex(self->dtype))
    return opError(call, "\"logcumsumexp_out_cpu\" not implemented for '" +
                             std::string(scalarTypeName(self->dtype)) + "'");
  bool grad = outputRequiresGrad(call.ctx, self->dtype, {self->requiresGrad});
  return MetaValue(fresh(*self, self->sizes, self->dtype, grad));
}

// mv(mat, vec), addmv(input, mat, vec), addr(input, vec1, vec2), addbmm(input, b1, b2):
// the product's shape; input must broadcast to it; the dtypes must agree.
enum class Blas { kMv, kAddmv, kAddr, kAddbmm };
Expected<MetaValue> blasOp(const OpCall& call, Blas kind) {
  std::vector<std::string_view> params;
  if (kind == Blas::kMv)
    params = {"input", "vec"};
  else
    params = {"input", "a", "b", "beta", "alpha"};
  auto bd = BoundArgs::bind(call, params);
  if (!bd) return bd.error();
  auto self = bd->tensor("input");
  if (!self) return self.error();
  std::vector<TensorMeta> ops = {*self};
  Shape out;
  if (kind == Blas::kMv) {
    auto v = bd->tensor("vec");
    if (!v) return v.error();
    if (self->dim() != 2 || v->dim() != 1)
      return opError(call, "vector + matrix @ vector expected, got " + std::to_string(self->dim()) +
                               ", " + std::to_string(v->dim()));
    if (self->sizes[1] != v->sizes[0])
      return opError(call, "size mismatch, got input (" + std::to_string(self->sizes[0]) +
                               "), mat (" + std::to_string(self->sizes[0]) + "x" +
                               std::to_string(self->sizes[1]) + "), vec (" +
                               std::to_string(v->sizes[0]) + ")");
    out = {self->sizes[0]};
    ops.push_back(*v);
  } else {
    auto a = bd->tensor("a");
    if (!a) return a.error();
    auto c = bd->tensor("b");
    if (!c) return c.error();
    ops.push_back(*a);
    ops.push_back(*c);
    if (kind == Blas::kAddmv) {
      if (a->dim() != 2 || c->dim() != 1 || a->sizes[1] != c->sizes[0])
        return opError(call, "size mismatch in addmv");
      out = {a->sizes[0]};
    } else if (kind == Blas::kAddr) {
      if (a->dim() != 1 || c->dim() != 1) return opError(call, "addr: expected 1-D vectors");
      out = {a->sizes[0], c->sizes[0]};
    } else {
      if (a->dim() != 3 || c->dim() != 3 || a->sizes[0] != c->sizes[0] ||
          a->sizes[2] != c->sizes[1])
        return opError(call, "addbmm: incompatible batch matrices");
      out = {a->sizes[1], c->sizes[2]};
    }
    auto shape = broadcastShapes(self->sizes, out);
    if (!shape || *shape != out)
      return opError(call, "The expanded size of the input " + shapeStr(self->sizes) +
                               " must match the product's size " + shapeStr(out));
  }
  for (const auto& t : ops) {
    if (t.dtype != ops[0].dtype)
      return opError(call, "expected m1 and m2 to have the same dtype, but got: " +
                               std::string(cppTypeName(ops[0].dtype)) +
                               " != " + std::string(cppTypeName(t.dtype)));
  }
  bool anyGrad = false;
  for (const auto& t : ops) anyGrad = anyGrad || t.requiresGrad;
  bool grad = outputRequiresGrad(call.ctx, self->dtype, {anyGrad});
  return MetaValue(fresh(*self, out, self->dtype, grad));
}

// nan_to_num / renorm / positive-shaped pointwise ops that keep self's dtype.
Expected<MetaValue> sameAsSelf(const OpCall& call, std::vector<std::string_view> params) {
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto self = b->tensor(params[0]);
  if (!self) return self.error();
  auto result = pointwiseOutput(call, {IterOperand{*self, false}}, self->dtype, true, self->dtype);
  if (!result) return result.error();
  return MetaValue(std::move(result.value()));
}

// isclose(other, rtol, atol, equal_nan): a bool tensor of the broadcast shape.
Expected<MetaValue> isclose(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "other", "rtol", "atol", "equal_nan"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto y = b->tensor("other");
  if (!y) return y.error();
  if (x->dtype != y->dtype)
    return opError(call, std::string(scalarTypeName(x->dtype)) + " did not match " +
                             std::string(scalarTypeName(y->dtype)));
  auto result = pointwiseOutput(call, {IterOperand{*x, false}, IterOperand{*y, false}},
                                DType::kBool, false, x->dtype);
  if (!result) return result.error();
  return MetaValue(std::move(result.value()));
}

// trace(): the 0-dim sum of a matrix's diagonal (integers accumulate in int64).
Expected<MetaValue> traceOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  if (self->dim() != 2) return opError(call, "trace: expected a matrix");
  DType out = isIntegral(self->dtype, true) ? DType::kInt64 : self->dtype;
  bool grad = outputRequiresGrad(call.ctx, out, {self->requiresGrad});
  return MetaValue(fresh(*self, {}, out, grad));
}

// dist(other, p): the 0-dim p-norm of the difference (the promoted float dtype).
Expected<MetaValue> distOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "other", "p"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto y = b->tensor("other");
  if (!y) return y.error();
  const DType common = promoteTypes(x->dtype, y->dtype);
  if (!isFloatingOrComplex(common))
    return opError(call, "norm(): input dtype should be either floating point or complex. Got " +
                             std::string(scalarTypeName(common)) + " instead.");
  auto shape = broadcastShapes(x->sizes, y->sizes);
  if (!shape) return opError(call, shape.error().message());
  bool grad = outputRequiresGrad(call.ctx, common, {x->requiresGrad, y->requiresGrad});
  return MetaValue(fresh(*x, {}, common, grad));
}

// count_nonzero(dim=None): int64 counts over the reduced dims.
Expected<MetaValue> countNonzero(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto dims = b->optIntList("dim");
  if (!dims) return dims.error();
  const auto ndim = static_cast<std::int64_t>(self->sizes.size());
  std::vector<bool> reduced(self->sizes.size(), !dims->has_value());
  if (dims->has_value()) {
    for (auto d : **dims) {
      auto w = wrapDim(d, ndim);
      if (!w) return w.error();
      if (ndim > 0) reduced[*w] = true;
    }
  }
  Shape sizes;
  for (size_t i = 0; i < self->sizes.size(); ++i)
    if (!reduced[i]) sizes.push_back(self->sizes[i]);
  return MetaValue(fresh(*self, sizes, DType::kInt64, false));
}

// Random in-place fills (exponential_, geometric_, log_normal_, cauchy_,
// bernoulli_) and fill_diagonal_: self, unchanged.
Expected<MetaValue> selfUnchanged(const OpCall& call, bool floatOnly, const char* kernel) {
  if (call.args.empty() || !call.args[0].is<TensorMeta>())
    return opError(call, "expected a tensor self in " + describeCall(call));
  const TensorMeta& self = call.args[0].as<TensorMeta>();
  if (floatOnly && !isFloatingOrComplex(self.dtype))
    return opError(call, "\"" + std::string(kernel) + "\" not implemented for '" +
                             std::string(scalarTypeName(self.dtype)) + "'");
  return MetaValue::view(self, 0);
}

// conj / resolve_conj / resolve_neg of a real tensor: the tensor itself.
Expected<MetaValue> realIdentity(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  if (isComplex(self->dtype))
    return opError(call, "conjugation of complex tensors is not modelled");
  return MetaValue::view(*self, 0);
}

// frexp(): the float mantissa and the int32 exponent, both of the input's shape.
Expected<MetaValue> frexpOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  if (!isFloating(self->dtype))
    return opError(call, "torch.frexp() only supports floating-point dtypes, but got " +
                             std::string(scalarTypeName(self->dtype)));
  Shape strides = preserveFormatStrides(*self);
  TensorMeta mant = withStrides(*self, strides);
  mant.requiresGrad = outputRequiresGrad(call.ctx, self->dtype, {self->requiresGrad});
  TensorMeta expo = withStrides(*self, strides);
  expo.dtype = DType::kInt32;
  expo.requiresGrad = false;
  return MetaValue::tuple({MetaValue(std::move(mant)), MetaValue(std::move(expo))});
}

// aminmax(dim=None, keepdim=False): (min, max) reduced over dim or everything.
Expected<MetaValue> aminmaxOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim", "keepdim"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto keep = b->boolean("keepdim", false);
  if (!keep) return keep.error();
  auto dimArg = b->optInteger("dim");
  if (!dimArg) return dimArg.error();
  Shape sizes;
  if (dimArg->has_value()) {
    auto dim = wrapDim(**dimArg, self->dim());
    if (!dim) return dim.error();
    sizes = self->sizes;
    if (self->dim() > 0) {
      if (*keep)
        sizes[*dim] = 1;
      else
        sizes.erase(sizes.begin() + *dim);
    }
  } else if (*keep) {
    sizes.assign(self->sizes.size(), 1);
  }
  bool grad = outputRequiresGrad(call.ctx, self->dtype, {self->requiresGrad});
  return MetaValue::tuple({MetaValue(fresh(*self, sizes, self->dtype, grad)),
                           MetaValue(fresh(*self, sizes, self->dtype, grad))});
}

// take_along_dim(indices, dim): the broadcast of self and indices except along dim, where
// the indices' size is kept.
Expected<MetaValue> takeAlongDim(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "indices", "dim"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto idx = b->tensor("indices");
  if (!idx) return idx.error();
  if (!isIntegral(idx->dtype, false) || idx->dtype != DType::kInt64)
    return opError(call, "torch.take_along_dim(): dtype of indices should be Long but got " +
                             std::string(scalarTypeName(idx->dtype)));
  auto dimArg = b->optInteger("dim");
  if (!dimArg) return dimArg.error();
  bool grad = outputRequiresGrad(call.ctx, self->dtype, {self->requiresGrad});
  if (!dimArg->has_value()) return MetaValue(fresh(*self, idx->sizes, self->dtype, grad));
  if (self->dim() != idx->dim())
    return opError(call,
                   "torch.take_along_dim(): input and indices should have the same "
                   "number of dimensions, but got " +
                       std::to_string(self->dim()) + " dimensions for input, and " +
                       std::to_string(idx->dim()) + " dimensions for indices");
  auto dim = wrapDim(**dimArg, self->dim());
  if (!dim) return dim.error();
  Shape a = self->sizes, c = idx->sizes;
  a[*dim] = 1;
  c[*dim] = 1;
  auto shape = broadcastShapes(a, c);
  if (!shape) return opError(call, shape.error().message());
  Shape out = *shape;
  out[*dim] = idx->sizes[*dim];
  return MetaValue(fresh(*self, out, self->dtype, grad));
}

// repeat_interleave(repeats: int, dim=None): dim's size times repeats (flattened without
// a dim).
Expected<MetaValue> repeatInterleave(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "repeats", "dim", "output_size"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  const MetaArg* rep = b->get("repeats");
  if (rep == nullptr || !rep->is<std::int64_t>())
    return opError(call, "repeat_interleave with tensor repeats (data-dependent output size)");
  const std::int64_t n = rep->as<std::int64_t>();
  if (n < 0) return opError(call, "repeats can not be negative");
  auto dimArg = b->optInteger("dim");
  if (!dimArg) return dimArg.error();
  bool grad = outputRequiresGrad(call.ctx, self->dtype, {self->requiresGrad});
  if (!dimArg->has_value())
    return MetaValue(fresh(*self, {satMul(shapeNumel(self->sizes), n)}, self->dtype, grad));
  auto dim = wrapDim(**dimArg, self->dim());
  if (!dim) return dim.error();
  Shape out = self->sizes;
  if (!out.empty()) out[*dim] = satMul(out[*dim], n);
  return MetaValue(fresh(*self, out, self->dtype, grad));
}

// histc(bins=100, min=0, max=0): a float tensor of `bins` counts.
Expected<MetaValue> histcOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "bins", "min", "max"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto bins = b->integer("bins", 100);
  if (!bins) return bins.error();
  if (!isFloating(self->dtype))
    return opError(call, "\"histogram_cpu\" not implemented for '" +
                             std::string(scalarTypeName(self->dtype)) + "'");
  return MetaValue(fresh(*self, {*bins}, self->dtype, false));
}

// matrix_power(n) / matrix_exp() / inverse(): square matrices (batched) of the same shape;
// det() / logdet(): the batch shape.
Expected<MetaValue> squareMatrixOp(const OpCall& call, bool reduceToBatch) {
  std::vector<std::string_view> params = {"input"};
  if (call.op.find("matrix_power") != std::string_view::npos) params.push_back("n");
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  if (self->dim() < 2 || self->sizes[self->dim() - 1] != self->sizes[self->dim() - 2])
    return opError(call,
                   "A must be batches of square matrices, but they are " + shapeStr(self->sizes));
  if (!isFloatingOrComplex(self->dtype) && call.op.find("matrix_power") == std::string_view::npos)
    return opError(call, "Expected a floating point or complex tensor as input. Got " +
                             std::string(scalarTypeName(self->dtype)));
  bool grad = outputRequiresGrad(call.ctx, self->dtype, {self->requiresGrad});
  Shape sizes = self->sizes;
  if (reduceToBatch) sizes.resize(sizes.size() - 2);
  TensorMeta out = fresh(*self, sizes, self->dtype, grad);
  if (call.op.find("inverse") != std::string_view::npos) {
    // linalg_inv_ex writes LAPACK's column-major matrices (batch dims stay row-major).
    const size_t n = out.sizes.size();
    std::swap(out.sizes[n - 1], out.sizes[n - 2]);
    out.strides = contiguousStrides(out.sizes);
    std::swap(out.sizes[n - 1], out.sizes[n - 2]);
    std::swap(out.strides[n - 1], out.strides[n - 2]);
  }
  return MetaValue(std::move(out));
}

// diagonal(offset=0, dim1=0, dim2=1): a view of the diagonal, moved to the last dim.
Expected<MetaValue> diagonalOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "offset", "dim1", "dim2"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto off = b->integer("offset", 0);
  if (!off) return off.error();
  auto a1 = b->integer("dim1", 0);
  if (!a1) return a1.error();
  auto a2 = b->integer("dim2", 1);
  if (!a2) return a2.error();
  auto d1 = wrapDim(*a1, self->dim());
  if (!d1) return d1.error();
  auto d2 = wrapDim(*a2, self->dim());
  if (!d2) return d2.error();
  if (*d1 == *d2)
    return opError(call, "diagonal dimensions cannot be identical " + std::to_string(*a1) + ", " +
                             std::to_string(*a2));
  TensorMeta out = *self;
  std::int64_t len = 0;
  std::int64_t offset = self->storageOffset;
  if (*off >= 0) {
    len = std::max<std::int64_t>(std::min(self->sizes[*d1], self->sizes[*d2] - *off), 0);
    if (len > 0) offset += *off * self->strides[*d2];
  } else {
    len = std::max<std::int64_t>(std::min(self->sizes[*d1] + *off, self->sizes[*d2]), 0);
    if (len > 0) offset -= *off * self->strides[*d1];
  }
  out.sizes.clear();
  out.strides.clear();
  for (std::int64_t i = 0; i < self->dim(); ++i) {
    if (i == *d1 || i == *d2) continue;
    out.sizes.push_back(self->sizes[i]);
    out.strides.push_back(self->strides[i]);
  }
  out.sizes.push_back(len);
  out.strides.push_back(self->strides[*d1] + self->strides[*d2]);
  out.storageOffset = offset;
  return MetaValue::view(std::move(out), 0);
}

// diag(diagonal=0): a vector makes a square matrix, a matrix gives its diagonal (copies).
Expected<MetaValue> diagOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "diagonal"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto k = b->integer("diagonal", 0);
  if (!k) return k.error();
  bool grad = outputRequiresGrad(call.ctx, self->dtype, {self->requiresGrad});
  if (self->dim() == 1) {
    const std::int64_t n = self->sizes[0] + (*k < 0 ? -*k : *k);
    return MetaValue(fresh(*self, {n, n}, self->dtype, grad));
  }
  if (self->dim() != 2)
    return opError(call,
                   "diag(): Supports 1D or 2D tensors. Got " + std::to_string(self->dim()) + "D");
  const std::int64_t len = *k >= 0 ? std::min(self->sizes[0], self->sizes[1] - *k)
                                   : std::min(self->sizes[0] + *k, self->sizes[1]);
  return MetaValue(fresh(*self, {std::max<std::int64_t>(len, 0)}, self->dtype, grad));
}

// take(index): self's dtype in the index's shape.
Expected<MetaValue> takeOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "index"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto idx = b->tensor("index");
  if (!idx) return idx.error();
  if (idx->dtype != DType::kInt64)
    return opError(call, "take(): Expected a long tensor for index, but got " +
                             std::string(scalarTypeName(idx->dtype)));
  bool grad = outputRequiresGrad(call.ctx, self->dtype, {self->requiresGrad});
  return MetaValue(fresh(*self, idx->sizes, self->dtype, grad));
}

void addBoth(OpRegistry& r, const std::string& op, MetaFn fn) {
  for (const std::string& n : {"torch." + op, "Tensor." + op})
    if (r.find(n) == nullptr) r.add(n, fn);
}

}  // namespace

static void registerIndexAndReductionOps(OpRegistry& r) {
  addBoth(r, "index_add", [](const OpCall& c) {
    return copyOfSelf(c, {"input", "dim", "index", "source", "alpha"}, true);
  });
  addBoth(r, "index_copy", [](const OpCall& c) {
    return copyOfSelf(c, {"input", "dim", "index", "source"});
  });
  addBoth(r, "index_fill", [](const OpCall& c) {
    return copyOfSelf(c, {"input", "dim", "index", "value"});
  });
  addBoth(r, "masked_scatter", [](const OpCall& c) {
    return copyOfSelf(c, {"input", "mask", "source"});
  });
  addBoth(r, "scatter_reduce", [](const OpCall& c) {
    return copyOfSelf(c, {"input", "dim", "index", "src", "reduce", "include_self"}, true);
  });
  addBoth(r, "select_scatter", [](const OpCall& c) {
    return copyOfSelf(c, {"input", "src", "dim", "index"});
  });
  addBoth(r, "slice_scatter", [](const OpCall& c) {
    return copyOfSelf(c, {"input", "src", "dim", "start", "end", "step"});
  });
  addBoth(r, "diagonal_scatter", [](const OpCall& c) {
    return copyOfSelf(c, {"input", "src", "offset", "dim1", "dim2"});
  });
  // put / index_put / index_reduce: clone(preserve_format), then the in-place write; the
  // in-place forms answer self (a source that needs grad would make self need it: not
  // modelled).
  addBoth(r, "put", [](const OpCall& c) {
    return copyOfSelf(c, {"input", "index", "source", "accumulate"});
  });
  addBoth(r, "index_put", [](const OpCall& c) {
    return copyOfSelf(c, {"input", "indices", "values", "accumulate"});
  });
  addBoth(r, "index_reduce", [](const OpCall& c) {
    return copyOfSelf(c, {"input", "dim", "index", "source", "reduce", "include_self"});
  });
  for (const char* n : {"Tensor.put_", "Tensor.index_put_", "Tensor.index_reduce_"}) {
    r.add(n, [](const OpCall& c) -> Expected<MetaValue> {
      for (size_t i = 1; i < c.args.size(); ++i)
        if (c.args[i].is<TensorMeta>() && c.args[i].as<TensorMeta>().requiresGrad)
          return opError(c, "an in-place write of a tensor that requires grad is not modelled");
      return selfUnchanged(c, false, "");
    });
  }
  addBoth(r, "kthvalue", [](const OpCall& c) { return valuesIndices(c, true, false); });
  addBoth(r, "mode", [](const OpCall& c) { return valuesIndices(c, false, false); });
  addBoth(r, "median", [](const OpCall& c) { return valuesIndices(c, false, true); });
  addBoth(r, "nanmedian", [](const OpCall& c) { return valuesIndices(c, false, true); });
  addBoth(r, "cummax", cumExtreme);
  addBoth(r, "cummin", cumExtreme);
  addBoth(r, "logcumsumexp", logcumsumexp);
  addBoth(r, "mv", [](const OpCall& c) { return blasOp(c, Blas::kMv); });
  addBoth(r, "addmv", [](const OpCall& c) { return blasOp(c, Blas::kAddmv); });
  addBoth(r, "addr", [](const OpCall& c) { return blasOp(c, Blas::kAddr); });
  addBoth(r, "addbmm", [](const OpCall& c) { return blasOp(c, Blas::kAddbmm); });
  addBoth(r, "nan_to_num", [](const OpCall& c) {
    return sameAsSelf(c, {"input", "nan", "posinf", "neginf"});
  });
  addBoth(r, "renorm", [](const OpCall& c) -> Expected<MetaValue> {
    if (!c.args.empty() && c.args[0].is<TensorMeta>() &&
        !isFloatingOrComplex(c.args[0].as<TensorMeta>().dtype))
      return opError(c,
                     "linalg.vector_norm: Expected a floating point or complex tensor as "
                     "input. Got " +
                         std::string(scalarTypeName(c.args[0].as<TensorMeta>().dtype)));
    return sameAsSelf(c, {"input", "p", "dim", "maxnorm"});
  });
  addBoth(r, "isclose", isclose);
  addBoth(r, "trace", traceOp);
  addBoth(r, "dist", distOp);
  addBoth(r, "count_nonzero", countNonzero);
  // NaN-skipping sum and mean have sum's and mean's shapes and dtypes.
  if (const MetaFn* sum = r.find("Tensor.sum")) {
    MetaFn f = *sum;
    for (const char* n : {"Tensor.nansum", "torch.nansum"})
      r.add(n, [f](const OpCall& c) { return f(OpCall{"Tensor.sum", c.args, c.kwargs, c.ctx}); });
  }
  if (const MetaFn* mean = r.find("Tensor.mean")) {
    MetaFn f = *mean;
    for (const char* n : {"Tensor.nanmean", "torch.nanmean"})
      r.add(n, [f](const OpCall& c) -> Expected<MetaValue> {
        if (!c.args.empty() && c.args[0].is<TensorMeta>() &&
            !isFloatingOrComplex(c.args[0].as<TensorMeta>().dtype))
          return opError(c,
                         "nanmean(): expected input to have floating point or complex dtype "
                         "but got " +
                             std::string(scalarTypeName(c.args[0].as<TensorMeta>().dtype)));
        return f(OpCall{"Tensor.mean", c.args, c.kwargs, c.ctx});
      });
  }

  // The continuous distributions refuse integer tensors (check_floating_point; log_normal_
  // has no integer kernel); geometric_ and bernoulli_ fill any dtype.
  for (const auto& [n, dist, cppName] :
       {std::tuple<const char*, const char*, bool>{"exponential_", "Exponential", false},
        {"cauchy_", "Cauchy", true}}) {
    const std::string what = dist;
    const bool typeMeta = cppName;
    r.add(std::string("Tensor.") + n, [what, typeMeta](const OpCall& c) -> Expected<MetaValue> {
      if (!c.args.empty() && c.args[0].is<TensorMeta>() &&
          !isFloating(c.args[0].as<TensorMeta>().dtype)) {
        const DType d = c.args[0].as<TensorMeta>().dtype;
        return opError(c, what +
                              " distribution is a continuous probability distribution. dtype "
                              "must be a floating point but you specified " +
                              std::string(typeMeta ? cppTypeName(d) : scalarTypeName(d)));
      }
      return selfUnchanged(c, false, "");
    });
  }
  r.add("Tensor.log_normal_",
        [](const OpCall& c) { return selfUnchanged(c, true, "log_normal_cpu"); });
  r.add("Tensor.geometric_", [](const OpCall& c) { return selfUnchanged(c, false, ""); });
  r.add("Tensor.bernoulli_", [](const OpCall& c) { return selfUnchanged(c, false, ""); });
  r.add("Tensor.fill_diagonal_", [](const OpCall& c) { return selfUnchanged(c, false, ""); });
  for (const char* op : {"conj", "resolve_conj", "resolve_neg"}) addBoth(r, op, realIdentity);
  addBoth(r, "frexp", frexpOp);
  addBoth(r, "aminmax", aminmaxOp);
  addBoth(r, "take_along_dim", takeAlongDim);
  addBoth(r, "repeat_interleave", repeatInterleave);
  addBoth(r, "histc", histcOp);
  for (const char* op : {"matrix_power", "matrix_exp", "inverse"})
    addBoth(r, op, [](const OpCall& c) { return squareMatrixOp(c, false); });
  for (const char* op : {"det", "logdet"})
    addBoth(r, op, [](const OpCall& c) { return squareMatrixOp(c, true); });
}

static void registerSplitsAndLinalg(OpRegistry& r) {
  // The unsafe_ spellings and split_with_sizes are split / chunk without the view checks.
  for (const auto& [alias, target] :
       {std::pair<const char*, const char*>{"Tensor.unsafe_split", "Tensor.split"},
        {"Tensor.split_with_sizes", "Tensor.split"},
        {"Tensor.unsafe_split_with_sizes", "Tensor.split"},
        {"Tensor.unsafe_chunk", "Tensor.chunk"}}) {
    if (const MetaFn* fn = r.find(target)) {
      MetaFn f = *fn;
      std::string t = target;
      r.add(alias, [f, t](const OpCall& c) { return f(OpCall{t, c.args, c.kwargs, c.ctx}); });
    }
  }
  addBoth(r, "diagonal", diagonalOp);
  addBoth(r, "diag", diagOp);
  addBoth(r, "take", takeOp);
  // msort(): sort(dim=0)'s values.
  if (const MetaFn* sort = r.find("Tensor.sort")) {
    MetaFn f = *sort;
    for (const char* n : {"Tensor.msort", "torch.msort"}) {
      r.add(n, [f](const OpCall& c) -> Expected<MetaValue> {
        if (c.args.size() != 1 || !c.kwargs.empty()) return opError(c, "msort() takes one tensor");
        std::vector<MetaArg> args = {c.args[0], MetaArg(0)};
        static const Kwargs kNone;
        auto out = f(OpCall{"Tensor.sort", args, kNone, c.ctx});
        if (!out) return out;
        if (!out->is<ValueSeq>() || out->as<ValueSeq>().items.empty())
          return opError(c, "internal: sort without values");
        return out->as<ValueSeq>().items[0];
      });
    }
  }
  // tensor_split(sections: int, dim=0) / hsplit(int) / vsplit(int) / dsplit(int): split with
  // the lengths torch computes (the first size % n pieces one longer; hsplit/vsplit/dsplit
  // need divisibility).
  if (const MetaFn* split = r.find("Tensor.split")) {
    MetaFn f = *split;
    for (const char* n :
         {"Tensor.tensor_split", "torch.tensor_split", "Tensor.hsplit", "torch.hsplit",
          "Tensor.vsplit", "torch.vsplit", "Tensor.dsplit", "torch.dsplit"}) {
      const std::string name = n;
      r.add(name, [f, name](const OpCall& c) -> Expected<MetaValue> {
        const bool ts = name.find("tensor_split") != std::string::npos;
        auto b = BoundArgs::bind(c, ts ? std::vector<std::string_view>{"input", "sections", "dim"}
                                       : std::vector<std::string_view>{"input", "sections"});
        if (!b) return b.error();
        auto self = b->tensor("input");
        if (!self) return self.error();
        const MetaArg* sec = b->get("sections");
        if (sec == nullptr || !sec->is<std::int64_t>())
          return opError(c, "only an int number of sections is modelled");
        const std::int64_t parts = sec->as<std::int64_t>();
        std::int64_t dim = 0;
        if (ts) {
          auto d = b->integer("dim", 0);
          if (!d) return d.error();
          auto w = wrapDim(*d, self->dim());
          if (!w) return w.error();
          dim = *w;
        } else if (name.find("hsplit") != std::string::npos) {
          dim = self->dim() == 1 ? 0 : 1;
        } else if (name.find("dsplit") != std::string::npos) {
          dim = 2;
        }
        if (parts <= 0)
          return opError(c,
                         "number of sections must be larger than 0, got " + std::to_string(parts));
        if (self->dim() <= dim) return opError(c, "needs a tensor with more dimensions");
        const std::int64_t size = self->sizes[dim];
        if (!ts && size % parts != 0)
          return opError(c, "torch." + name.substr(name.rfind('.') + 1) +
                                " attempted to split along dimension " + std::to_string(dim) +
                                ", but the size of the dimension " + std::to_string(size) +
                                " is not divisible by the split_size " + std::to_string(parts) +
                                "!");
        std::vector<MetaArg> lengths;
        for (std::int64_t i = 0; i < parts; ++i)
          lengths.emplace_back(std::int64_t{size / parts + (i < size % parts ? 1 : 0)});
        std::vector<MetaArg> args = {c.args[0], MetaArg::list(std::move(lengths)),
                                     MetaArg(std::int64_t{dim})};
        static const Kwargs kNone;
        return f(OpCall{"Tensor.split", args, kNone, c.ctx});
      });
    }
  }
  for (const char* op :
       {"index_add", "index_copy", "index_fill", "masked_scatter", "scatter_reduce", "addmv",
        "addr", "addbmm", "nan_to_num", "renorm", "addmm", "baddbmm"}) {
    addInplaceVariant(r, std::string("Tensor.") + op + "_", std::string("Tensor.") + op);
  }
}

void registerSurfaceMoreOps(OpRegistry& r) {
  registerIndexAndReductionOps(r);
  registerSplitsAndLinalg(r);
}

}  // namespace dynrr::fake
