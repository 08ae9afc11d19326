// ops_view.cpp — meta functions of view and shape ops, and tensor metadata queries.
//
// Mirrors ATen's TensorShape.cpp (view, reshape, flatten, permute, transpose, t,
// unsqueeze, squeeze, expand, contiguous, detach) as FakeTensorMode runs them: views keep
// the storage (MetaValue::aliasOf names the input) and the storage offset; reshape copies
// only when computeStride fails. Also size()/dim()/numel()/shape/dtype/device.
#include <algorithm>

#include "core/fake/ops.h"
#include "core/fake/strides.h"
#include "core/fake/view_util.h"

namespace dynrr::fake {
namespace {

// The tensor is always the first positional argument (self / input) of these ops.
Expected<TensorMeta> self(const OpCall& call) {
  if (call.args.empty() || !call.args[0].is<TensorMeta>()) {
    return opError(call, "expected a Tensor as first argument in " + describeCall(call));
  }
  return call.args[0].as<TensorMeta>();
}

MetaValue asView(const OpCall& call, TensorMeta t, bool keepGrad = true) {
  // A view shares its base's requires_grad even under no_grad (as_view keeps it).
  t.requiresGrad = keepGrad && t.requiresGrad;
  return MetaValue::view(std::move(t), 0);
}

Expected<MetaValue> viewOp(const OpCall& call) {
  auto t = self(call);
  if (!t) return t.error();
  if (call.args.size() == 2 && call.args[1].is<DType>()) {
    return opError(call, "view(dtype) is not supported");
  }
  auto shape = sizeVarargs(call, 1, "size");
  if (!shape) return shape.error();
  auto inferred = inferSize(*shape, t->numel());
  if (!inferred) return opError(call, inferred.error().message());
  auto out = viewMeta(*t, *inferred);
  if (!out) return opError(call, out.error().message());
  return asView(call, std::move(out.value()));
}

Expected<MetaValue> reshapeResult(const OpCall& call, const TensorMeta& t, const Shape& shape) {
  auto inferred = inferSize(shape, t.numel());
  if (!inferred) return opError(call, inferred.error().message());
  bool isView = false;
  auto out = reshapeMeta(t, *inferred, isView);
  if (!out) return opError(call, out.error().message());
  if (isView) return asView(call, std::move(out.value()));
  out->requiresGrad = outputRequiresGrad(call.ctx, out->dtype, {t.requiresGrad});
  return MetaValue(std::move(out.value()));
}

Expected<MetaValue> reshapeOp(const OpCall& call) {
  auto t = self(call);
  if (!t) return t.error();
  auto shape = sizeVarargs(call, 1, "shape");
  if (!shape) return shape.error();
  return reshapeResult(call, *t, *shape);
}

Expected<MetaValue> flattenOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "start_dim", "end_dim"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  auto s = b->integer("start_dim", 0);
  if (!s) return s.error();
  auto e = b->integer("end_dim", -1);
  if (!e) return e.error();
  if (t->dim() == 0) return reshapeResult(call, *t, {1});
  auto start = wrapDim(*s, t->dim());
  auto end = wrapDim(*e, t->dim());
  if (!start) return opError(call, start.error().message());
  if (!end) return opError(call, end.error().message());
  if (*start > *end)
    return opError(call, "flatten() has invalid args: start_dim cannot come after end_dim");
  if (*start == *end) return asView(call, *t);
  Shape shape(t->sizes.begin(), t->sizes.begin() + *start);
  std::int64_t n = 1;
  for (auto i = *start; i <= *end; ++i) n = satMul(n, t->sizes[i]);
  shape.push_back(n);
  shape.insert(shape.end(), t->sizes.begin() + *end + 1, t->sizes.end());
  return reshapeResult(call, *t, shape);
}

Expected<MetaValue> permuteOp(const OpCall& call) {
  auto t = self(call);
  if (!t) return t.error();
  auto dims = sizeVarargs(call, 1, "dims");
  if (!dims) return dims.error();
  if (static_cast<std::int64_t>(dims->size()) != t->dim()) {
    return opError(call,
                   "permute(sparse_coo): number of dimensions in the tensor input does not "
                   "match the length of the desired ordering of dimensions i.e. input.dim() = " +
                       std::to_string(t->dim()) +
                       " is not equal to len(dims) = " + std::to_string(dims->size()));
  }
  TensorMeta out = *t;
  std::vector<bool> seen(t->dim(), false);
  for (size_t i = 0; i < dims->size(); ++i) {
    auto d = wrapDim((*dims)[i], t->dim());
    if (!d) return opError(call, d.error().message());
    if (seen[*d]) return opError(call, "permute(): duplicate dims are not allowed.");
    seen[*d] = true;
    out.sizes[i] = t->sizes[*d];
    out.strides[i] = t->strides[*d];
  }
  return asView(call, std::move(out));
}

Expected<MetaValue> transposeOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim0", "dim1"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  auto d0 = b->integer("dim0");
  if (!d0) return d0.error();
  auto d1 = b->integer("dim1");
  if (!d1) return d1.error();
  auto a = wrapDim(*d0, t->dim());
  if (!a) return opError(call, a.error().message());
  auto c = wrapDim(*d1, t->dim());
  if (!c) return opError(call, c.error().message());
  TensorMeta out = *t;
  if (t->dim() > 0) {
    std::swap(out.sizes[*a], out.sizes[*c]);
    std::swap(out.strides[*a], out.strides[*c]);
  }
  return asView(call, std::move(out));
}

Expected<MetaValue> tOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  if (t->dim() > 2) {
    return opError(call, "t() expects a tensor with <= 2 dimensions, but self is " +
                             std::to_string(t->dim()) + "D");
  }
  TensorMeta out = *t;
  if (t->dim() == 2) {
    std::swap(out.sizes[0], out.sizes[1]);
    std::swap(out.strides[0], out.strides[1]);
  }
  return asView(call, std::move(out));
}

Expected<MetaValue> contiguousOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "memory_format"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  MemoryFormat format = MemoryFormat::kContiguous;
  if (const MetaArg* f = b->get("memory_format")) {
    const auto* s = f->get<std::string>();
    if (s != nullptr && *s == "torch.channels_last") {
      format = MemoryFormat::kChannelsLast;
    } else if (s == nullptr || *s != "torch.contiguous_format") {
      return b->typeError("memory_format", "torch.memory_format");
    }
  }
  const bool already =
      format == MemoryFormat::kContiguous ? t->isContiguous() : t->isChannelsLastContiguous();
  if (already) return MetaValue::view(*t, 0);
  TensorMeta out = *t;
  out.strides = format == MemoryFormat::kChannelsLast && t->dim() == 4
                    ? channelsLastStrides(t->sizes)
                    : contiguousStrides(t->sizes);
  out.storageOffset = 0;
  out.requiresGrad = outputRequiresGrad(call.ctx, out.dtype, {t->requiresGrad});
  return MetaValue(std::move(out));
}

// clone(memory_format=preserve): empty_like(preserve) then copy_, so a dense input's
// strides are kept exactly (also on size-1 dims).
Expected<MetaValue> cloneOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "memory_format"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  TensorMeta out = *t;
  out.storageOffset = 0;
  out.strides = preserveFormatStrides(*t);
  if (const MetaArg* f = b->get("memory_format")) {
    const auto* s = f->get<std::string>();
    if (s != nullptr && *s == "torch.contiguous_format") {
      out.strides = contiguousStrides(t->sizes);
    } else if (s != nullptr && *s == "torch.channels_last" && t->dim() == 4) {
      out.strides = channelsLastStrides(t->sizes);
    } else if (s == nullptr || *s != "torch.preserve_format") {
      return b->typeError("memory_format", "torch.memory_format");
    }
  }
  out.requiresGrad = outputRequiresGrad(call.ctx, out.dtype, {t->requiresGrad});
  return MetaValue(std::move(out));
}

Expected<MetaValue> unsqueezeOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  auto d = b->integer("dim");
  if (!d) return d.error();
  auto dim = wrapDim(*d, t->dim() + 1);
  if (!dim) return opError(call, dim.error().message());
  return asView(call, unsqueezeMeta(*t, *dim));
}

Expected<MetaValue> squeezeOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  std::vector<bool> drop(t->dim(), false);
  if (b->has("dim")) {
    auto dims = b->intList("dim");
    if (!dims) return dims.error();
    for (auto d : *dims) {
      auto w = wrapDim(d, t->dim());
      if (!w) return opError(call, w.error().message());
      if (t->dim() > 0 && t->sizes[*w] == 1) drop[*w] = true;
    }
  } else {
    for (std::int64_t i = 0; i < t->dim(); ++i) drop[i] = t->sizes[i] == 1;
  }
  TensorMeta out = *t;
  out.sizes.clear();
  out.strides.clear();
  for (std::int64_t i = 0; i < t->dim(); ++i) {
    if (drop[i]) continue;
    out.sizes.push_back(t->sizes[i]);
    out.strides.push_back(t->strides[i]);
  }
  return asView(call, std::move(out));
}

Expected<MetaValue> expandOp(const OpCall& call) {
  auto t = self(call);
  if (!t) return t.error();
  std::vector<MetaArg> rest(call.args.begin(), call.args.end());
  Kwargs kw;
  for (const auto& [k, v] : call.kwargs) {
    if (k != "implicit") kw.emplace_back(k, v);
  }
  OpCall sub{call.op, rest, kw, call.ctx};
  auto sizes = sizeVarargs(sub, 1, "size");
  if (!sizes) return sizes.error();
  auto out = expandMeta(*t, *sizes);
  if (!out) return opError(call, out.error().message());
  return asView(call, std::move(out.value()));
}

Expected<MetaValue> expandAsOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "other"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  auto o = b->tensor("other");
  if (!o) return o.error();
  auto out = expandMeta(*t, o->sizes);
  if (!out) return opError(call, out.error().message());
  return asView(call, std::move(out.value()));
}

Expected<MetaValue> detachOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  return asView(call, *t, /*keepGrad=*/false);
}

// builtins.getattr(tensor, name) for the tensor attributes Dynamo puts in the graph
// generically (TensorVariable.var_getattr's try_generic_attr_handling): T and H reverse
// the dims, mT and mH swap the last two, real of a real tensor is the tensor itself.
Expected<MetaValue> tensorAttrOp(const OpCall& call) {
  if (call.args.size() != 2 || !call.args[1].is<std::string>())
    return opError(call, "getattr(tensor, name) expected");
  const auto* t = call.args[0].get<TensorMeta>();
  if (!t) return opError(call, "getattr of a non-tensor");
  const std::string& name = call.args[1].as<std::string>();
  TensorMeta out = *t;
  int64_t n = t->dim();
  if (name == "T" || name == "H") {
    for (int64_t i = 0; i < n; ++i) {
      out.sizes[i] = t->sizes[n - 1 - i];
      out.strides[i] = t->strides[n - 1 - i];
    }
    if (name == "H" && n > 2)
      return opError(call, "tensor.H is only supported on matrices (2-D tensors).");
    if (name == "H" && isComplex(t->dtype))
      return opError(call, "tensor.H of a complex tensor (conj view) is not modelled");
    return asView(call, std::move(out));
  }
  if (name == "mT" || name == "mH") {
    if (n < 2)
      return opError(call, "tensor." + name +
                               " is only supported on matrices or batches of matrices. Got " +
                               std::to_string(n) + "-D tensor.");
    if (name == "mH" && isComplex(t->dtype))
      return opError(call, "tensor.mH of a complex tensor (conj view) is not modelled");
    std::swap(out.sizes[n - 1], out.sizes[n - 2]);
    std::swap(out.strides[n - 1], out.strides[n - 2]);
    return asView(call, std::move(out));
  }
  if (name == "real" && !isComplex(t->dtype)) return asView(call, std::move(out));
  if (name == "imag" && !isComplex(t->dtype))
    return opError(call, "imag is not implemented for tensors with non-complex dtypes.");
  if (name == "real" || name == "imag") {
    // at::real / at::imag: select(-1, 0 or 1) of view_as_real, whose elements are the
    // complex elements' halves (strides and storage offset doubled, in real units).
    out.dtype = t->dtype == DType::kComplex128 ? DType::kFloat64 : DType::kFloat32;
    for (auto& st : out.strides) st *= 2;
    out.storageOffset = t->storageOffset * 2 + (name == "imag" ? 1 : 0);
    return asView(call, std::move(out));
  }
  return opError(call, "tensor attribute ." + name + " is not modelled");
}

MetaValue intTuple(const Shape& s) {
  std::vector<MetaValue> items;
  for (auto v : s) items.emplace_back(v);
  return MetaValue::tuple(std::move(items));
}

// size()/stride() with an optional dim.
Expected<MetaValue> sizeLike(const OpCall& call, bool strides) {
  auto b = BoundArgs::bind(call, {"input", "dim"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  const Shape& s = strides ? t->strides : t->sizes;
  if (!b->has("dim")) return intTuple(s);
  auto d = b->integer("dim");
  if (!d) return d.error();
  if (t->dim() == 0) {
    return opError(
        call, "Dimension specified as " + std::to_string(*d) + " but tensor has no dimensions");
  }
  auto w = wrapDim(*d, t->dim());
  if (!w) return opError(call, w.error().message());
  return MetaValue(s[*w]);
}

// Tensor.dim_order() (torch/_tensor.py, ambiguity_check=False): the dims from outermost
// to innermost, as compute_elementwise_output_logical_to_physical_perm gives them. Only its
// short cuts are modelled: no or one dim, and a contiguous tensor that is not also
// channels-last contiguous (a 4-d one with a size-1 dim may be both); the stride sort is not.
Expected<MetaValue> dimOrderOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  const int64_t ndim = t->dim();
  bool maybeChannelsLast =
      ndim == 4 && std::any_of(t->sizes.begin(), t->sizes.end(), [](int64_t s) { return s == 1; });
  if (ndim > 1 && (!t->isContiguous() || maybeChannelsLast))
    return Error(
        "no meta function for Tensor.dim_order of a tensor that is not plainly contiguous");
  std::vector<MetaValue> order;
  for (int64_t d = 0; d < ndim; ++d) order.emplace_back(d);
  return MetaValue::tuple(std::move(order));
}

// Attribute-like queries that take only the tensor.
template <typename F>
MetaFn query(F f) {
  return [f](const OpCall& call) -> Expected<MetaValue> {
    auto b = BoundArgs::bind(call, {"input"});
    if (!b) return b.error();
    auto t = b->tensor("input");
    if (!t) return t.error();
    return f(*t);
  };
}

}  // namespace

void registerViewOps(OpRegistry& r) {
  r.add("Tensor.view", viewOp);
  for (const char* n : {"Tensor.reshape", "torch.reshape"}) r.add(n, reshapeOp);
  for (const char* n : {"Tensor.flatten", "torch.flatten"}) r.add(n, flattenOp);
  for (const char* n : {"Tensor.permute", "torch.permute"}) r.add(n, permuteOp);
  for (const char* n :
       {"Tensor.transpose", "torch.transpose", "torch.swapaxes", "Tensor.swapaxes"}) {
    r.add(n, transposeOp);
  }
  for (const char* n : {"Tensor.t", "torch.t"}) r.add(n, tOp);
  r.add("Tensor.contiguous", contiguousOp);
  for (const char* n : {"Tensor.clone", "torch.clone"}) r.add(n, cloneOp);
  for (const char* n : {"Tensor.unsqueeze", "torch.unsqueeze"}) r.add(n, unsqueezeOp);
  for (const char* n : {"Tensor.squeeze", "torch.squeeze"}) r.add(n, squeezeOp);
  r.add("Tensor.expand", expandOp);
  r.add("Tensor.expand_as", expandAsOp);
  for (const char* n : {"Tensor.detach", "torch.detach", "torch._C._autograd._get_data_attr"})
    r.add(n, detachOp);
  r.add("getattr", tensorAttrOp);

  r.add("Tensor.size", [](const OpCall& c) { return sizeLike(c, false); });
  r.add("Tensor.stride", [](const OpCall& c) { return sizeLike(c, true); });
  r.add("Tensor.dim_order", dimOrderOp);
  r.add("Tensor.shape", query([](const TensorMeta& t) { return intTuple(t.sizes); }));
  for (const char* n : {"Tensor.dim", "Tensor.ndimension", "Tensor.ndim"}) {
    r.add(n, query([](const TensorMeta& t) { return MetaValue(t.dim()); }));
  }
  for (const char* n : {"Tensor.numel", "torch.numel", "Tensor.nelement"}) {
    r.add(n, query([](const TensorMeta& t) { return MetaValue(t.numel()); }));
  }
  r.add("Tensor.dtype", query([](const TensorMeta& t) { return MetaValue(t.dtype); }));
  r.add("Tensor.device", query([](const TensorMeta& t) { return MetaValue(t.device); }));
  r.add("Tensor.requires_grad",
        query([](const TensorMeta& t) { return MetaValue(t.requiresGrad); }));
  r.add("Tensor.is_contiguous",
        query([](const TensorMeta& t) { return MetaValue(t.isContiguous()); }));
  r.add("Tensor.is_floating_point",
        query([](const TensorMeta& t) { return MetaValue(isFloating(t.dtype)); }));
}

}  // namespace dynrr::fake
