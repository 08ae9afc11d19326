// ops_join.cpp — meta functions of cat, stack, split, chunk, unbind.
//
// Mirrors ATen's TensorShape.cpp: cat (legacy skipping of 1-d empty tensors, type
// promotion over the inputs, output memory format shared by all inputs or contiguous —
// cat_compute_output_memory_format), stack (unsqueeze then cat), split /
// split_with_sizes / chunk (narrow views of the input, returned as a tuple).
#include "core/fake/elementwise.h"
#include "core/fake/ops.h"
#include "core/fake/promotion.h"
#include "core/fake/strides.h"
#include "core/fake/view_util.h"

namespace dynrr::fake {
namespace {

Expected<std::vector<TensorMeta>> tensorList(const OpCall& call, const BoundArgs& b,
                                             std::string_view name) {
  const MetaArg* v = b.get(name);
  const auto* seq = v ? v->get<ArgSeq>() : nullptr;
  if (seq == nullptr) return b.typeError(name, "tuple of Tensors");
  std::vector<TensorMeta> out;
  for (const auto& item : seq->items) {
    const auto* t = item.get<TensorMeta>();
    if (t == nullptr) {
      return opError(call, "expected Tensor as element " + std::to_string(out.size()) +
                               " in argument '" + std::string(name) + "', but got " +
                               item.typeName());
    }
    out.push_back(*t);
  }
  return out;
}

Expected<TensorMeta> catMeta(const OpCall& call, const std::vector<TensorMeta>& tensors,
                             std::int64_t dimArg) {
  if (tensors.empty()) return opError(call, "expected a non-empty list of Tensors");
  std::vector<PromotionOperand> promo;
  bool rg = false;
  for (size_t i = 0; i < tensors.size(); ++i) {
    if (tensors[i].dim() == 0) {
      return opError(call, "zero-dimensional tensor (at position " + std::to_string(i) +
                               ") cannot be concatenated");
    }
    promo.push_back(PromotionOperand::tensor(tensors[i].dtype, false));
    rg = rg || tensors[i].requiresGrad;
  }
  const DType dtype = resultType(promo, call.ctx.defaultDtype).value_or(tensors[0].dtype);
  auto skipped = [](const TensorMeta& t) { return t.dim() == 1 && t.numel() == 0; };
  const TensorMeta* ref = nullptr;
  size_t refIndex = 0;
  for (size_t i = 0; i < tensors.size(); ++i) {
    if (!skipped(tensors[i])) {
      ref = &tensors[i];
      refIndex = i;
      break;
    }
  }
  // cat_compute_output_memory_format: a format all inputs suggest, else contiguous.
  std::optional<MemoryFormat> format;
  for (const auto& t : tensors) {
    MemoryFormat f = t.suggestMemoryFormat();
    if (format && *format != f) {
      format = MemoryFormat::kContiguous;
      break;
    }
    format = f;
  }
  if (ref == nullptr) {
    TensorMeta out = TensorMeta::contiguous(dtype, {0}, tensors[0].device);
    out.requiresGrad = outputRequiresGrad(call.ctx, dtype, {rg});
    return out;
  }
  auto wrapped = wrapDim(dimArg, ref->dim());
  if (!wrapped) return opError(call, wrapped.error().message());
  const std::int64_t dim = *wrapped;
  Shape shape = ref->sizes;
  shape[dim] = 0;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const TensorMeta& t = tensors[i];
    if (skipped(t)) continue;
    if (t.dim() != ref->dim()) {
      return opError(call, "Tensors must have same number of dimensions: got " +
                               std::to_string(ref->dim()) + " and " + std::to_string(t.dim()));
    }
    for (std::int64_t d = 0; d < t.dim(); ++d) {
      if (d != dim && t.sizes[d] != ref->sizes[d]) {
        return opError(call, "Sizes of tensors must match except in dimension " +
                                 std::to_string(dim) + ". Expected size " +
                                 std::to_string(ref->sizes[d]) + " but got size " +
                                 std::to_string(t.sizes[d]) + " for tensor number " +
                                 std::to_string(i) + " in the list.");
      }
    }
    shape[dim] += t.sizes[dim];
  }
  (void)refIndex;
  TensorMeta out = TensorMeta::contiguous(dtype, shape, ref->device);
  out.strides = stridesForFormat(shape, format.value_or(MemoryFormat::kContiguous));
  out.requiresGrad = outputRequiresGrad(call.ctx, dtype, {rg});
  return out;
}

Expected<MetaValue> catOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"tensors", "dim"});
  if (!b) return b.error();
  auto tensors = tensorList(call, *b, "tensors");
  if (!tensors) return tensors.error();
  auto dim = b->integer("dim", 0);
  if (!dim) return dim.error();
  auto out = catMeta(call, *tensors, *dim);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

Expected<MetaValue> stackOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"tensors", "dim"});
  if (!b) return b.error();
  auto tensors = tensorList(call, *b, "tensors");
  if (!tensors) return tensors.error();
  if (tensors->empty()) return opError(call, "stack expects a non-empty TensorList");
  auto d = b->integer("dim", 0);
  if (!d) return d.error();
  for (size_t i = 1; i < tensors->size(); ++i) {
    if ((*tensors)[i].sizes != (*tensors)[0].sizes) {
      return opError(call, "stack expects each tensor to be equal size, but got " +
                               shapeStr((*tensors)[0].sizes) + " at entry 0 and " +
                               shapeStr((*tensors)[i].sizes) + " at entry " + std::to_string(i));
    }
  }
  auto dim = wrapDim(*d, (*tensors)[0].dim() + 1);
  if (!dim) return opError(call, dim.error().message());
  if (*dim < (*tensors)[0].dim()) {
    // at::stack: cat along the dim, then split it with a view (always possible).
    auto cat = catMeta(call, *tensors, *dim);
    if (!cat) return cat.error();
    Shape sizes = (*tensors)[0].sizes;
    sizes.insert(sizes.begin() + *dim, static_cast<std::int64_t>(tensors->size()));
    auto viewed = computeViewStrides(cat->sizes, cat->strides, sizes);
    if (!viewed) return opError(call, "internal: stack view failed");
    cat->sizes = std::move(sizes);
    cat->strides = std::move(*viewed);
    return MetaValue(std::move(cat.value()));
  }
  std::vector<TensorMeta> unsqueezed;
  for (const auto& t : *tensors) unsqueezed.push_back(unsqueezeMeta(t, *dim));
  auto out = catMeta(call, unsqueezed, *dim);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

// An op returns at most this many tensors. Each becomes a fake tensor, a variable and a
// graph node (about 3 KB and 10 us in a release build), so checkMaterialized's general
// bound would let one instruction of a hostile trace (a dim of 2**20 unbound) take
// seconds and gigabytes, minutes under the sanitizers (issue 21). Real frames make tens.
constexpr std::int64_t kMaxOutputTensors = std::int64_t{1} << 16;
Status checkOutputTensors(const OpCall& call, std::int64_t n) {
  if (n <= kMaxOutputTensors) return Status::success();
  return unsupported(std::string(call.op) + " into " + std::to_string(n) +
                     " tensors (an op returns at most " + std::to_string(kMaxOutputTensors) + ")");
}

Expected<MetaValue> pieces(const OpCall& call, const TensorMeta& t, std::int64_t dim,
                           const std::vector<std::int64_t>& lengths) {
  if (Status s = checkOutputTensors(call, static_cast<std::int64_t>(lengths.size())); !s)
    return s.error();
  std::vector<MetaValue> items;
  std::int64_t start = 0;
  for (auto len : lengths) {
    TensorMeta piece = narrowMeta(t, dim, start, len);
    items.push_back(MetaValue::view(std::move(piece), 0));
    start += len;
  }
  return MetaValue::tuple(std::move(items));
}

Expected<MetaValue> splitBySize(const OpCall& call, const TensorMeta& t, std::int64_t dim,
                                std::int64_t splitSize) {
  if (splitSize < 0) {
    return opError(call, "split expects split_size be non-negative, but got split_size=" +
                             std::to_string(splitSize));
  }
  const std::int64_t dimSize = t.sizes[dim];
  std::int64_t numSplits = 1;
  if (splitSize != 0) numSplits = std::max<std::int64_t>((dimSize + splitSize - 1) / splitSize, 1);
  const std::int64_t last = splitSize - (splitSize * numSplits - dimSize);
  if (Status s = checkMaterialized(numSplits, "split"); !s) return s.error();
  std::vector<std::int64_t> lengths;
  for (std::int64_t i = 0; i < numSplits; ++i)
    lengths.push_back(i < numSplits - 1 ? splitSize : last);
  return pieces(call, t, dim, lengths);
}

Expected<MetaValue> splitOp(const OpCall& call) {
  const std::string_view sizesName =
      call.op == "Tensor.split" ? "split_size" : "split_size_or_sections";
  auto b = BoundArgs::bind(call, {"tensor", sizesName, "dim"});
  if (!b) return b.error();
  auto t = b->tensor("tensor");
  if (!t) return t.error();
  auto d = b->integer("dim", 0);
  if (!d) return d.error();
  if (t->dim() == 0) return opError(call, "split expects at least a 1-dimensional tensor");
  auto dim = wrapDim(*d, t->dim());
  if (!dim) return opError(call, dim.error().message());
  const MetaArg* s = b->get(sizesName);
  if (s == nullptr) return b->typeError(sizesName, "int or list of ints");
  if (const auto* n = s->get<std::int64_t>()) return splitBySize(call, *t, *dim, *n);
  auto sizes = toIntList(*s);
  if (!sizes) return b->typeError(sizesName, "int or list of ints");
  std::int64_t sum = 0;
  for (auto v : *sizes) sum += v;
  if (sum != t->sizes[*dim]) {
    std::string list = "[";
    for (size_t i = 0; i < sizes->size(); ++i)
      list += (i ? ", " : "") + std::to_string((*sizes)[i]);
    return opError(call, "split_with_sizes expects split_sizes to sum exactly to " +
                             std::to_string(t->sizes[*dim]) +
                             " (input tensor's size at dimension " + std::to_string(*dim) +
                             "), but got split_sizes=" + list + "]");
  }
  return pieces(call, *t, *dim, *sizes);
}

Expected<MetaValue> chunkOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "chunks", "dim"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  auto chunks = b->integer("chunks");
  if (!chunks) return chunks.error();
  auto d = b->integer("dim", 0);
  if (!d) return d.error();
  if (t->dim() == 0) return opError(call, "chunk expects at least a 1-dimensional tensor");
  if (*chunks <= 0) {
    return opError(call,
                   "chunk expects `chunks` to be greater than 0, got: " + std::to_string(*chunks));
  }
  auto dim = wrapDim(*d, t->dim());
  if (!dim) return opError(call, dim.error().message());
  const std::int64_t size = t->sizes[*dim];
  const std::int64_t splitSize = (size + *chunks - 1) / *chunks;
  if (splitSize == 0 && size == 0) {
    std::vector<std::int64_t> lengths(*chunks, 0);
    return pieces(call, *t, *dim, lengths);
  }
  return splitBySize(call, *t, *dim, splitSize);
}

Expected<MetaValue> unbindOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  auto d = b->integer("dim", 0);
  if (!d) return d.error();
  if (t->dim() == 0) return opError(call, "Dimension specified as 0 but tensor has no dimensions");
  auto dim = wrapDim(*d, t->dim());
  if (!dim) return opError(call, dim.error().message());
  if (Status s = checkMaterialized(t->sizes[*dim], "unbind"); !s) return s.error();
  if (Status s = checkOutputTensors(call, t->sizes[*dim]); !s) return s.error();
  std::vector<MetaValue> items;
  for (std::int64_t i = 0; i < t->sizes[*dim]; ++i) {
    TensorMeta out = narrowMeta(*t, *dim, i, 1);
    out.sizes.erase(out.sizes.begin() + *dim);
    out.strides.erase(out.strides.begin() + *dim);
    items.push_back(MetaValue::view(std::move(out), 0));
  }
  return MetaValue::tuple(std::move(items));
}

}  // namespace

void registerJoinOps(OpRegistry& r) {
  for (const char* n : {"torch.cat", "torch.concat", "torch.concatenate"}) r.add(n, catOp);
  r.add("torch.stack", stackOp);
  // torch.split is a Python function in torch/functional.py; FX prints it so.
  for (const char* n : {"torch.split", "torch.functional.split", "Tensor.split"}) r.add(n, splitOp);
  for (const char* n : {"torch.chunk", "Tensor.chunk"}) r.add(n, chunkOp);
  for (const char* n : {"torch.unbind", "Tensor.unbind"}) r.add(n, unbindOp);
}

}  // namespace dynrr::fake
