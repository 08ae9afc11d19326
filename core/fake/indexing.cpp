// indexing.cpp — x[index] and x[index] = value (basic and advanced indexing).
#include "core/fake/indexing.h"

#include <algorithm>

#include "core/fake/broadcast.h"
#include "core/fake/literal.h"
#include "core/fake/strides.h"
#include "core/fake/view_util.h"

namespace dynrr::fake {
namespace {

// An advanced index tensor; `values` holds its elements when it came from a Python list
// (known constants: bounds and mask counts can be checked, as eager does).
struct IndexTensor {
  TensorMeta meta;
  std::optional<std::vector<double>> values;
  bool isMask() const { return meta.dtype == DType::kBool || meta.dtype == DType::kUInt8; }
};

// One element of the index tuple after Python-level conversion.
struct IndexItem {
  enum class Kind { kInt, kSlice, kNone, kEllipsis, kBool, kTensor };
  Kind kind = Kind::kNone;
  std::int64_t integer = 0;
  Slice slice;
  bool boolean = false;
  IndexTensor tensor;
};

std::string legacyTypeName(DType d) { return "torch." + std::string(scalarTypeName(d)) + "Tensor"; }

Error dataDependent(const OpCall& call, const std::string& what) {
  return opError(call, std::string(kDataDependentIndex) + ": " + what +
                           " (FakeTensorMode has no static shape for it; Dynamo graph-breaks "
                           "or allocates an unbacked symbol) in " +
                           describeCall(call));
}

// sequenceToVariable: a Python list index becomes torch.tensor(list).
Expected<IndexTensor> listToIndex(const OpCall& call, const MetaArg& list, const TensorMeta& self) {
  auto lit = parseLiteral(list, call.ctx.defaultDtype);
  if (!lit) return opError(call, lit.error().message());
  // indexing_tensor_from_data: a bool list stays a mask, anything else becomes int64.
  IndexTensor out;
  const DType dtype = lit->dtype == DType::kBool ? DType::kBool : DType::kInt64;
  out.meta = TensorMeta::contiguous(dtype, lit->sizes, self.device);
  for (auto& v : lit->values) v = static_cast<double>(static_cast<std::int64_t>(v));
  out.values = std::move(lit->values);
  return out;
}

// treatSequenceAsTuple: a short list holding tensors, sequences, slices, Ellipsis or None
// is a tuple of indices (numpy's legacy rule); otherwise it is one index tensor.
bool listIsTuple(const ArgSeq& seq) {
  if (seq.items.size() >= 32) return false;
  return std::any_of(seq.items.begin(), seq.items.end(), [](const MetaArg& a) {
    return a.is<TensorMeta>() || a.is<ArgSeq>() || a.is<Slice>() || a.is<EllipsisValue>() ||
           a.is<NoneValue>();
  });
}

struct Parsed {
  std::vector<IndexItem> items;
  bool single = false;  // a bare (non-tuple) index
};

Expected<Parsed> parseIndex(const OpCall& call, const TensorMeta& self, const MetaArg& index) {
  Parsed p;
  std::vector<const MetaArg*> raw;
  const auto* seq = index.get<ArgSeq>();
  if (seq != nullptr && (seq->isTuple || listIsTuple(*seq))) {
    for (const auto& it : seq->items) raw.push_back(&it);
  } else {
    raw.push_back(&index);
    p.single = true;
  }
  for (const MetaArg* a : raw) {
    IndexItem item;
    if (const auto* b = a->get<bool>()) {
      item.kind = IndexItem::Kind::kBool;
      item.boolean = *b;
    } else if (const auto* i = a->get<std::int64_t>()) {
      item.kind = IndexItem::Kind::kInt;
      item.integer = *i;
    } else if (const auto* s = a->get<Slice>()) {
      item.kind = IndexItem::Kind::kSlice;
      item.slice = *s;
    } else if (a->is<NoneValue>()) {
      item.kind = IndexItem::Kind::kNone;
    } else if (a->is<EllipsisValue>()) {
      item.kind = IndexItem::Kind::kEllipsis;
    } else if (const auto* t = a->get<TensorMeta>()) {
      item.kind = IndexItem::Kind::kTensor;
      item.tensor.meta = *t;
    } else if (a->is<ArgSeq>()) {
      auto t = listToIndex(call, *a, self);
      if (!t) return t.error();
      item.kind = IndexItem::Kind::kTensor;
      item.tensor = std::move(t.value());
    } else if (const auto* str = a->get<std::string>()) {
      (void)str;
      return opError(call, "new(): invalid data type 'str'");
    } else {
      return opError(call,
                     "only integers, slices (`:`), ellipsis (`...`), None and long or byte "
                     "Variables are valid indices (got " +
                         a->typeName() + ")");
    }
    p.items.push_back(std::move(item));
  }
  return p;
}

// count_specified_dimensions.
std::int64_t specifiedDims(const std::vector<IndexItem>& items) {
  std::int64_t n = 0;
  for (const auto& it : items) {
    switch (it.kind) {
      case IndexItem::Kind::kInt:
      case IndexItem::Kind::kSlice: ++n; break;
      case IndexItem::Kind::kTensor: n += it.tensor.isMask() ? it.tensor.meta.dim() : 1; break;
      default: break;
    }
  }
  return n;
}

struct Sliced {
  TensorMeta result;
  std::vector<std::optional<IndexTensor>> indices;  // per dim of `result`; nullopt = ":"
  bool isView() const {
    return std::none_of(indices.begin(), indices.end(),
                        [](const auto& i) { return i.has_value(); });
  }
};

IndexTensor boolIndex(bool value, const Device& device) {
  IndexTensor t;
  t.meta = TensorMeta::contiguous(DType::kInt64, {value ? 1 : 0}, device);
  t.values = value ? std::vector<double>{0.0} : std::vector<double>{};
  return t;
}

// applySlicing: basic indexing applied in order; tensors recorded at their dim.
Expected<Sliced> applySlicing(const OpCall& call, const TensorMeta& self,
                              const std::vector<IndexItem>& items) {
  std::int64_t specified = specifiedDims(items);
  if (specified > self.dim()) {
    return opError(call, "too many indices for tensor of dimension " + std::to_string(self.dim()));
  }
  Sliced s{self, {}};
  std::int64_t dim = 0;
  auto record = [&](IndexTensor t) {
    if (static_cast<std::int64_t>(s.indices.size()) <= dim) s.indices.resize(dim + 1);
    const std::int64_t width = t.isMask() ? t.meta.dim() : 1;
    s.indices[dim] = std::move(t);
    dim += width;
  };
  auto extend = [&](std::int64_t n) {
    if (!s.indices.empty()) s.indices.resize(s.indices.size() + n);
  };
  for (const auto& it : items) {
    switch (it.kind) {
      case IndexItem::Kind::kInt: {
        auto r = selectMeta(s.result, dim, it.integer);
        if (!r) return opError(call, r.error().message());
        s.result = std::move(r.value());
        break;
      }
      case IndexItem::Kind::kSlice: {
        auto r = sliceMeta(s.result, dim, it.slice);
        if (!r) return opError(call, r.error().message());
        s.result = std::move(r.value());
        ++dim;
        extend(1);
        break;
      }
      case IndexItem::Kind::kEllipsis:
        dim += self.dim() - specified;
        extend(self.dim() - specified);
        break;
      case IndexItem::Kind::kNone:
        s.result = unsqueezeMeta(s.result, dim);
        ++dim;
        extend(1);
        break;
      case IndexItem::Kind::kBool:
        s.result = unsqueezeMeta(s.result, dim);
        record(boolIndex(it.boolean, self.device));
        break;
      case IndexItem::Kind::kTensor: {
        const TensorMeta& t = it.tensor.meta;
        if (t.dim() == 0 && isIntegral(t.dtype, true) && !it.tensor.values) {
          if (!it.tensor.isMask()) {
            return dataDependent(call,
                                 "a 0-dim integer tensor index selects at a data-dependent "
                                 "position (torch calls .item() on it)");
          }
          return dataDependent(call, "a 0-dim boolean tensor index keeps 0 or 1 rows");
        }
        if (t.dim() == 0 && it.tensor.values && !it.tensor.isMask() && isIntegral(t.dtype, false)) {
          auto r = selectMeta(s.result, dim, static_cast<std::int64_t>(it.tensor.values->at(0)));
          if (!r) return opError(call, r.error().message());
          s.result = std::move(r.value());
          break;
        }
        record(it.tensor);
        break;
      }
    }
  }
  return s;
}

// checkIndexTensorTypes, then expandTensors: masks become one long tensor per mask dim
// (nonzero()).
Expected<std::vector<std::optional<IndexTensor>>> expandIndexTensors(
    const OpCall& call, const TensorMeta& self,
    const std::vector<std::optional<IndexTensor>>& indices) {
  for (const auto& i : indices) {
    if (!i) continue;
    const DType d = i->meta.dtype;
    if (d != DType::kInt64 && d != DType::kInt32 && d != DType::kUInt8 && d != DType::kBool) {
      return opError(call, "tensors used as indices must be long, int, byte or bool tensors");
    }
  }
  std::vector<std::optional<IndexTensor>> expanded;
  for (const auto& i : indices) {
    if (!i || !i->isMask()) {
      expanded.push_back(i);
      continue;
    }
    const auto at = static_cast<std::int64_t>(expanded.size());
    for (std::int64_t j = 0; j < i->meta.dim(); ++j) {
      if (at + j >= self.dim()) {
        return opError(call,
                       "too many indices for tensor of dimension " + std::to_string(self.dim()));
      }
      if (i->meta.sizes[j] != self.sizes[at + j]) {
        return opError(call, "The shape of the mask " + shapeStr(i->meta.sizes) + " at index " +
                                 std::to_string(j) +
                                 " does not match the shape of the indexed tensor " +
                                 shapeStr(self.sizes) + " at index " + std::to_string(at + j));
      }
    }
    if (!i->values) {
      return dataDependent(call,
                           "indexing with a boolean mask tensor: the output size is the "
                           "mask's number of true elements");
    }
    const auto count = static_cast<std::int64_t>(
        std::count_if(i->values->begin(), i->values->end(), [](double v) { return v != 0.0; }));
    const std::int64_t nd = i->meta.dim();
    for (std::int64_t j = 0; j < nd; ++j) {
      IndexTensor col;  // nonzero().select(1, j): a column of a (count, nd) tensor
      col.meta = TensorMeta::contiguous(DType::kInt64, {count}, self.device);
      col.meta.strides = {nd};
      col.meta.storageOffset = j;
      expanded.push_back(std::move(col));
    }
  }
  return expanded;
}

// expand_outplace: the shape the index tensors broadcast to.
Expected<Shape> broadcastIndexShapes(const OpCall& call,
                                     const std::vector<std::optional<IndexTensor>>& expanded) {
  std::vector<Shape> shapes;
  for (const auto& i : expanded) {
    if (i) shapes.push_back(i->meta.sizes);
  }
  Shape common;
  for (size_t k = 0; k < shapes.size(); ++k) {
    auto b = k == 0 ? Expected<Shape>(shapes[0]) : broadcastShapes(common, shapes[k]);
    if (!b) {
      std::string all;
      for (size_t q = 0; q < shapes.size(); ++q) all += (q ? ", " : "") + shapeStr(shapes[q]);
      return opError(call,
                     "shape mismatch: indexing tensors could not be broadcast together with "
                     "shapes " +
                         all);
    }
    common = std::move(b.value());
  }
  return common;
}

// hasContiguousSubspace, else transposeToFront: the indexed dims moved first when they are
// not one contiguous run. Returns the source with its dims in that order.
TensorMeta transposeToFront(const TensorMeta& self, std::vector<std::optional<TensorMeta>>& idx) {
  TensorMeta src = self;
  int state = 0;  // 0: before, 1: inside, 2: after the defined run
  bool contiguous = true;
  for (const auto& i : idx) {
    if (i && state == 2) contiguous = false;
    if (i && state == 0) state = 1;
    if (!i && state == 1) state = 2;
  }
  if (!contiguous) {
    std::vector<std::optional<TensorMeta>> front;
    Shape sizes, strides;
    for (int pass = 0; pass < 2; ++pass) {
      for (size_t d = 0; d < idx.size(); ++d) {
        if (idx[d].has_value() != (pass == 0)) continue;
        front.push_back(idx[d]);
        sizes.push_back(self.sizes[d]);
        strides.push_back(self.strides[d]);
      }
    }
    idx = std::move(front);
    src.sizes = std::move(sizes);
    src.strides = std::move(strides);
  }
  return src;
}

// Bounds of constant indices (eager checks them in the kernel).
Status checkConstantIndexBounds(const OpCall& call, const TensorMeta& self,
                                const std::vector<std::optional<IndexTensor>>& expanded) {
  for (size_t d = 0, k = 0; d < expanded.size(); ++d) {
    const auto& i = expanded[d];
    if (!i) continue;
    const std::int64_t dimNo = static_cast<std::int64_t>(k++);  // torch counts indexed dims
    if (!i->values || i->isMask()) continue;
    const std::int64_t size = self.sizes[d];
    for (double v : *i->values) {
      const auto k = static_cast<std::int64_t>(v);
      if (k < -size || k >= size) {
        return opError(call, "index " + std::to_string(k) + " is out of bounds for dimension " +
                                 std::to_string(dimNo) + " with size " + std::to_string(size));
      }
    }
  }
  return Status::success();
}

// The result of at::index(self, indices) (also the shape index_put_ writes to).
Expected<TensorMeta> advancedIndex(const OpCall& call, const TensorMeta& self,
                                   std::vector<std::optional<IndexTensor>> indices) {
  while (!indices.empty() && !indices.back()) indices.pop_back();
  auto expandedOr = expandIndexTensors(call, self, indices);
  if (!expandedOr) return expandedOr.error();
  const auto& expanded = *expandedOr;
  auto commonOr = broadcastIndexShapes(call, expanded);
  if (!commonOr) return commonOr.error();
  const Shape& common = *commonOr;
  std::vector<std::optional<TensorMeta>> idx;
  for (const auto& i : expanded) {
    if (!i) {
      idx.emplace_back();
      continue;
    }
    auto e = expandMeta(i->meta, common);
    if (!e) return opError(call, e.error().message());
    idx.emplace_back(std::move(e.value()));
  }
  idx.resize(std::max<size_t>(idx.size(), static_cast<size_t>(self.dim())));
  // hasContiguousSubspace, else transposeToFront.
  TensorMeta src = transposeToFront(self, idx);
  // AdvancedIndex: restride_src and reshape_indexer.
  std::int64_t before = 0, after = 0, indexed = 0;
  bool zeroIndexedDim = false;
  for (size_t d = 0; d < idx.size(); ++d) {
    if (!idx[d]) {
      (indexed == 0 ? before : after) += 1;
    } else {
      ++indexed;
      zeroIndexedDim = zeroIndexedDim || src.sizes[d] == 0;
    }
  }
  if (zeroIndexedDim && shapeNumel(common) != 0) {
    return opError(call, "index is out of bounds for dimension with size 0");
  }
  if (Status st = checkConstantIndexBounds(call, self, expanded); !st) return st.error();
  TensorMeta restrided = src;
  restrided.sizes.assign(src.sizes.begin(), src.sizes.begin() + before);
  restrided.strides.assign(src.strides.begin(), src.strides.begin() + before);
  for (auto s : common) {
    restrided.sizes.push_back(s);
    restrided.strides.push_back(0);
  }
  restrided.sizes.insert(restrided.sizes.end(), src.sizes.begin() + before + indexed,
                         src.sizes.end());
  restrided.strides.insert(restrided.strides.end(), src.strides.begin() + before + indexed,
                           src.strides.end());
  std::vector<TensorMeta> indexers;
  for (const auto& i : idx) {
    if (!i) continue;
    Shape shape(before, 1);
    shape.insert(shape.end(), common.begin(), common.end());
    shape.insert(shape.end(), after, 1);
    auto v = viewMeta(*i, shape);
    if (!v) return opError(call, v.error().message());
    indexers.push_back(std::move(v.value()));
  }
  std::vector<const TensorMeta*> operands = {&restrided};
  for (const auto& i : indexers) operands.push_back(&i);
  TensorMeta out = TensorMeta::contiguous(self.dtype, restrided.sizes, self.device);
  out.strides = elementwiseOutputStrides(out.sizes, operands);
  out.requiresGrad = outputRequiresGrad(call.ctx, out.dtype, {self.requiresGrad});
  return out;
}

// copy_to(dst, src): same sizes, a 0-dim value, or the value (leading 1s dropped)
// expanded to dst as Tensor.expand does.
Status copyTo(const OpCall& call, const TensorMeta& dst, const TensorMeta& src) {
  if (dst.sizes == src.sizes || src.dim() == 0) return {};
  TensorMeta view = src;
  while (!view.sizes.empty() && view.sizes.front() == 1) {
    view.sizes.erase(view.sizes.begin());
    view.strides.erase(view.strides.begin());
  }
  if (view.dim() > dst.dim()) {
    return opError(call, "expand(" + legacyTypeName(view.dtype) + "{" + shapeStr(view.sizes) +
                             "}, size=" + shapeStr(dst.sizes) +
                             "): the number of sizes provided (" + std::to_string(dst.dim()) +
                             ") must be greater or equal to the number of dimensions in the "
                             "tensor (" +
                             std::to_string(view.dim()) + ")");
  }
  auto e = expandMeta(view, dst.sizes);
  if (!e) return opError(call, e.error().message());
  return {};
}

}  // namespace

Expected<TensorMeta> selectMeta(const TensorMeta& t, std::int64_t dim, std::int64_t index) {
  const std::int64_t size = t.sizes[dim];
  if (index < -size || index >= size) {
    return Error("index " + std::to_string(index) + " is out of bounds for dimension " +
                 std::to_string(dim) + " with size " + std::to_string(size));
  }
  if (index < 0) index += size;
  TensorMeta out = t;
  out.storageOffset += index * t.strides[dim];
  out.sizes.erase(out.sizes.begin() + dim);
  out.strides.erase(out.strides.begin() + dim);
  return out;
}

Expected<TensorMeta> sliceMeta(const TensorMeta& t, std::int64_t dim, const Slice& s) {
  const std::int64_t step = s.step.value_or(1);
  if (step == 0) return Error("slice step cannot be zero");
  if (step < 0) return Error("step must be greater than zero");
  const std::int64_t size = t.sizes[dim];
  std::int64_t start = s.start.value_or(0);
  std::int64_t end = s.stop.value_or(INT64_MAX);
  if (start < 0) start += size;
  if (end < 0) end += size;
  if (start < 0) {
    start = 0;
  } else if (start >= size) {
    start = size;
  }
  if (end < start) {
    end = start;
  } else if (end >= size) {
    end = size;
  }
  TensorMeta out = t;
  out.storageOffset += start * t.strides[dim];
  out.sizes[dim] = (end - start + step - 1) / step;
  out.strides[dim] = satMul(out.strides[dim], step);
  return out;
}

Expected<MetaValue> tensorGetitem(const OpCall& call, const TensorMeta& t, const MetaArg& index) {
  auto parsed = parseIndex(call, t, index);
  if (!parsed) return parsed.error();
  if (t.dim() == 0 && parsed->items.size() == 1 && parsed->items[0].kind == IndexItem::Kind::kInt) {
    return opError(call,
                   "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                   "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
  }
  auto sliced = applySlicing(call, t, parsed->items);
  if (!sliced) return sliced.error();
  if (sliced->isView()) {
    TensorMeta out = std::move(sliced->result);
    out.requiresGrad = t.requiresGrad;  // views keep it, even under no_grad
    return MetaValue::view(std::move(out), 0);
  }
  auto out = advancedIndex(call, sliced->result, std::move(sliced->indices));
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

Expected<MetaValue> tensorSetitem(const OpCall& call, const TensorMeta& t, const MetaArg& index,
                                  const MetaArg& value) {
  // valueToTensor: Python numbers become 0-dim tensors of self's dtype.
  TensorMeta v;
  if (const auto* vt = value.get<TensorMeta>()) {
    v = *vt;
  } else if (value.is<bool>() || value.is<std::int64_t>() || value.is<double>()) {
    v = TensorMeta::contiguous(t.dtype, {}, t.device);
  } else {
    return opError(call, "can't assign a " + value.typeName() + " to a " + legacyTypeName(t.dtype));
  }
  auto parsed = parseIndex(call, t, index);
  if (!parsed) return parsed.error();
  TensorMeta self = t;
  self.requiresGrad =
      t.requiresGrad || (call.ctx.gradEnabled && v.requiresGrad && isFloatingOrComplex(t.dtype));
  const auto& items = parsed->items;
  if (parsed->single && items[0].kind == IndexItem::Kind::kBool && !items[0].boolean) {
    return MetaValue::view(t, 0);  // x[False] = v writes nothing
  }
  if (t.dim() == 0 && items.size() == 1 && items[0].kind == IndexItem::Kind::kInt) {
    return opError(call,
                   "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                   "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
  }
  if (parsed->single && items[0].kind == IndexItem::Kind::kBool) {
    if (auto s = copyTo(call, unsqueezeMeta(t, 0), v); !s) return s.error();
    return MetaValue::view(std::move(self), 0);
  }
  auto sliced = applySlicing(call, t, items);
  if (!sliced) return sliced.error();
  if (sliced->isView()) {
    if (auto s = copyTo(call, sliced->result, v); !s) return s.error();
    return MetaValue::view(std::move(self), 0);
  }
  // index_put_: the value must have self's dtype and broadcast to the indexed shape.
  const bool hasMask = std::any_of(sliced->indices.begin(), sliced->indices.end(),
                                   [](const auto& i) { return i && i->isMask() && !i->values; });
  if (v.dtype != t.dtype) {
    return opError(call, "Index put requires the source and destination dtypes match, got " +
                             std::string(scalarTypeName(t.dtype)) + " for the destination and " +
                             std::string(scalarTypeName(v.dtype)) + " for the source.");
  }
  TensorMeta src = v;  // set_item drops the value's leading 1s (slicePrefix1sSize)
  while (!src.sizes.empty() && src.sizes.front() == 1) {
    src.sizes.erase(src.sizes.begin());
    src.strides.erase(src.strides.begin());
  }
  if (hasMask) {
    // The indexed shape has a data-dependent dim: accept values that broadcast whatever the
    // number of true elements is (a 0-dim value, or size 1 / absent at that dim).
    auto withCount = [&](std::int64_t count) {
      std::vector<std::optional<IndexTensor>> known = sliced->indices;
      for (auto& i : known) {
        if (i && i->isMask() && !i->values) {
          std::vector<double> vals(static_cast<size_t>(shapeNumel(i->meta.sizes)), 0.0);
          for (std::int64_t k = 0; k < count && k < static_cast<std::int64_t>(vals.size()); ++k)
            vals[k] = 1.0;
          i->values = std::move(vals);
        }
      }
      return advancedIndex(call, sliced->result, std::move(known));
    };
    // Accept when some number of true elements makes the value broadcast (FakeTensorMode's
    // index_put_ cannot check more); candidates: 1 and each of the value's sizes.
    std::vector<std::int64_t> counts = {1};
    counts.insert(counts.end(), src.sizes.begin(), src.sizes.end());
    bool fits = false;
    for (std::int64_t count : counts) {
      auto shape = withCount(count);
      if (!shape) return shape.error();
      fits = fits || isExpandableTo(src.sizes, shape->sizes);
    }
    if (!fits) {
      return dataDependent(call, "assigning a value of shape " + shapeStr(v.sizes) +
                                     " through a boolean mask: it broadcasts to no number of "
                                     "true elements");
    }
    return MetaValue::view(std::move(self), 0);
  }
  auto shape = advancedIndex(call, sliced->result, sliced->indices);
  if (!shape) return shape.error();
  if (!isExpandableTo(src.sizes, shape->sizes)) {
    return opError(call, "shape mismatch: value tensor of shape " + shapeStr(src.sizes) +
                             " cannot be broadcast to indexing result of shape " +
                             shapeStr(shape->sizes));
  }
  return MetaValue::view(std::move(self), 0);
}

}  // namespace dynrr::fake
