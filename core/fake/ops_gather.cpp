// ops_gather.cpp — meta functions of index-driven ops: gather, scatter(_add),
// index_select, topk, sort, argsort.
//
// Mirrors ATen's TensorAdvancedIndexing.cpp structured metas (gather/scatter: int64 index
// of the same rank, index no larger than self/src outside `dim`; contiguous outputs of
// the index's or self's shape; index_select: a 1-D int index, contiguous output) and
// Sorting.cpp (topk: contiguous (values, indices) with k at `dim`; sort/argsort:
// values/indices like empty_like(self), strides preserved).
#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/strides.h"

namespace dynrr::fake {
namespace {

TensorMeta fresh(const OpCall& call, DType dtype, Shape shape, const Device& device, bool rg) {
  TensorMeta out = TensorMeta::contiguous(dtype, std::move(shape), device);
  out.requiresGrad = outputRequiresGrad(call.ctx, dtype, {rg});
  return out;
}

// gather_shape_check / scatter_shape_check.
Status indexShapeCheck(const OpCall& call, const char* who, const TensorMeta& self,
                       std::int64_t dim, const TensorMeta& index, const TensorMeta* src) {
  if (index.dtype != DType::kInt64 && index.dtype != DType::kInt32) {
    return opError(call, std::string(who) + "(): Expected dtype int32/int64 for index");
  }
  const auto selfDims = std::max<std::int64_t>(self.dim(), 1);
  const auto indexDims = std::max<std::int64_t>(index.dim(), 1);
  if (indexDims != selfDims) {
    return opError(call, std::string("Index tensor must have the same number of dimensions as ") +
                             (src ? "self" : "input") + " tensor");
  }
  if (index.numel() == 0) return {};
  for (std::int64_t d = 0; d < index.dim(); ++d) {
    const std::int64_t isz = index.sizes[d];
    const bool tooBigSelf = d != dim && self.dim() > d && isz > self.sizes[d];
    const bool tooBigSrc = src && src->dim() > d && isz > src->sizes[d];
    if (tooBigSelf || tooBigSrc) {
      if (src) {
        return opError(call, "Expected index " + shapeStr(index.sizes) +
                                 " to be no larger than self " + shapeStr(self.sizes) +
                                 " apart from dimension " + std::to_string(dim) +
                                 " and to be no larger size than src " + shapeStr(src->sizes));
      }
      return opError(call, "Size does not match at dimension " + std::to_string(d) +
                               " expected index " + shapeStr(index.sizes) +
                               " to be no larger than self " + shapeStr(self.sizes) +
                               " apart from dimension " + std::to_string(dim));
    }
  }
  return {};
}

Expected<MetaValue> gatherOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim", "index", "sparse_grad"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto d = b->integer("dim");
  if (!d) return d.error();
  auto idx = b->tensor("index");
  if (!idx) return idx.error();
  auto dim = wrapDim(*d, x->dim());
  if (!dim) return opError(call, dim.error().message());
  if (auto s = indexShapeCheck(call, "gather", *x, *dim, *idx, nullptr); !s) return s.error();
  return MetaValue(fresh(call, x->dtype, idx->sizes, x->device, x->requiresGrad));
}

// scatter(input, dim, index, src|value, reduce=) and scatter_add(input, dim, index, src).
Expected<MetaValue> scatterOp(const OpCall& call, bool add) {
  auto b = add ? BoundArgs::bind(call, {"input", "dim", "index", "src"})
               : BoundArgs::bind(call, {"input", "dim", "index", "src", "reduce", "value"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto d = b->integer("dim");
  if (!d) return d.error();
  auto idx = b->tensor("index");
  if (!idx) return idx.error();
  const MetaArg* src = b->get("src");
  if (src == nullptr) src = b->get("value");
  if (src == nullptr) return b->typeError("src", "Tensor or Number");
  auto dim = wrapDim(*d, x->dim());
  if (!dim) return opError(call, dim.error().message());
  bool rg = x->requiresGrad;
  const char* who = add ? "scatter_add" : "scatter";
  if (const auto* s = src->get<TensorMeta>()) {
    if (auto st = indexShapeCheck(call, who, *x, *dim, *idx, s); !st) return st.error();
    if (s->dtype != x->dtype) {
      return opError(call, std::string(who) + "(): Expected self.dtype to be equal to src.dtype");
    }
    rg = rg || s->requiresGrad;
  } else if (src->is<bool>() || src->is<std::int64_t>() || src->is<double>()) {
    if (add) return b->typeError("src", "Tensor");
    if (auto st = indexShapeCheck(call, who, *x, *dim, *idx, nullptr); !st) return st.error();
  } else {
    return b->typeError("src", "Tensor or Number");
  }
  return MetaValue(fresh(call, x->dtype, x->sizes, x->device, rg));
}

Expected<MetaValue> indexSelectOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim", "index"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto d = b->integer("dim");
  if (!d) return d.error();
  auto idx = b->tensor("index");
  if (!idx) return idx.error();
  auto dim = wrapDim(*d, x->dim());
  if (!dim) return opError(call, dim.error().message());
  if (idx->dim() > 1) return opError(call, "index_select(): Index is supposed to be a vector");
  if (idx->dtype != DType::kInt64 && idx->dtype != DType::kInt32) {
    return opError(call, "index_select(): Expected dtype int32 or int64 for index");
  }
  Shape shape = x->sizes;
  if (x->dim() > 0) shape[*dim] = idx->numel();
  return MetaValue(fresh(call, x->dtype, shape, x->device, x->requiresGrad));
}

Expected<MetaValue> topkOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "k", "dim", "largest", "sorted"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto k = b->integer("k");
  if (!k) return k.error();
  auto d = b->integer("dim", -1);
  if (!d) return d.error();
  auto dim = wrapDim(*d, x->dim());
  if (!dim) return opError(call, dim.error().message());
  const std::int64_t size = x->dim() > 0 ? x->sizes[*dim] : 1;
  if (*k < 0 || *k > size) return opError(call, "selected index k out of range");
  Shape shape = x->sizes;
  if (x->dim() > 0) shape[*dim] = *k;
  return MetaValue::tuple({MetaValue(fresh(call, x->dtype, shape, x->device, x->requiresGrad)),
                           MetaValue(fresh(call, DType::kInt64, shape, x->device, false))});
}

// sort(input, dim=-1, descending=False, stable=False) and argsort: outputs like
// empty_like(self) (strides kept for dense inputs).
Expected<MetaValue> sortOp(const OpCall& call, bool argsort) {
  auto b = BoundArgs::bind(call, {"input", "dim", "descending", "stable"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  if (const MetaArg* s = b->get("stable"); s && !s->is<bool>()) {
    return b->typeError("stable", "bool");
  }
  auto d = b->integer("dim", -1);
  if (!d) return d.error();
  if (auto dim = wrapDim(*d, x->dim()); !dim) return opError(call, dim.error().message());
  TensorMeta values = *x;
  values.strides = preserveFormatStrides(*x);
  values.storageOffset = 0;
  values.requiresGrad = outputRequiresGrad(call.ctx, x->dtype, {x->requiresGrad});
  TensorMeta indices = values;
  indices.dtype = DType::kInt64;
  indices.requiresGrad = false;
  if (argsort) return MetaValue(std::move(indices));
  return MetaValue::tuple({MetaValue(std::move(values)), MetaValue(std::move(indices))});
}

}  // namespace

void registerGatherOps(OpRegistry& r) {
  for (const char* n : {"torch.gather", "Tensor.gather"}) r.add(n, gatherOp);
  for (const char* n : {"torch.scatter", "Tensor.scatter"})
    r.add(n, [](const OpCall& c) { return scatterOp(c, false); });
  for (const char* n : {"torch.scatter_add", "Tensor.scatter_add"})
    r.add(n, [](const OpCall& c) { return scatterOp(c, true); });
  for (const char* n : {"torch.index_select", "Tensor.index_select"}) r.add(n, indexSelectOp);
  for (const char* n : {"torch.topk", "Tensor.topk"}) r.add(n, topkOp);
  for (const char* n : {"torch.sort", "Tensor.sort"})
    r.add(n, [](const OpCall& c) { return sortOp(c, false); });
  for (const char* n : {"torch.argsort", "Tensor.argsort"})
    r.add(n, [](const OpCall& c) { return sortOp(c, true); });
}

}  // namespace dynrr::fake
