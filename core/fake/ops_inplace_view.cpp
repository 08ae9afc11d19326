// ops_inplace_view.cpp — in-place view ops (Tensor.unsqueeze_, squeeze_, t_, transpose_,
// swapaxes_, swapdims_, as_strided_) and the strided views as_strided / as_strided_scatter.
//
// Mirrors ATen's ops tagged `inplace_view` (native_functions.yaml): they change self's
// sizes, strides and storage offset and return self. FakeTensorMode runs them on the one
// fake tensor every node of that value shares, so the meta here is the out-of-place view's
// metadata, returned as self (aliasOf 0); the tracer (tensorCall) writes it back to every
// node and tracker of that fake tensor. as_strided follows at::native::as_strided_tensorimpl
// (sizes, strides, storage offset defaulting to self's; no negative strides) and
// as_strided_scatter at::native::as_strided_scatter (self.clone(), then the strided slice
// of the clone, which must have src's shape, is overwritten).
#include <string>

#include "core/fake/op_args.h"
#include "core/fake/ops.h"

namespace dynrr::fake {
namespace {

// The metadata `as_strided(size, stride, storage_offset)` gives `t`. TensorMeta does not
// carry the storage's size: a view reaching past t's own extent (which a view of a larger
// storage may legally do) is refused as not modelled rather than guessed.
Expected<TensorMeta> stridedMeta(const OpCall& call, const BoundArgs& b, const TensorMeta& t) {
  auto size = b.intList("size");
  if (!size) return size.error();
  auto stride = b.intList("stride");
  if (!stride) return stride.error();
  auto offset = b.optInteger("storage_offset");
  if (!offset) return offset.error();
  if (size->size() != stride->size())
    return opError(call, "mismatch in length of strides and shape");
  for (size_t i = 0; i < size->size(); ++i) {
    if ((*stride)[i] < 0)
      return opError(call,
                     "as_strided: Negative strides are not supported at the moment, got strides: " +
                         shapeStr(*stride));
    if ((*size)[i] < 0)
      return opError(call, "Trying to create tensor with negative dimension " +
                               std::to_string((*size)[i]) + ": " + shapeStr(*size));
  }
  TensorMeta out = t;
  out.sizes = *size;
  out.strides = *stride;
  out.storageOffset = offset->value_or(t.storageOffset);
  auto extent = [](const TensorMeta& m) {
    std::int64_t last = m.storageOffset;
    for (size_t i = 0; i < m.sizes.size(); ++i) {
      if (m.sizes[i] == 0) return std::int64_t{0};
      last += (m.sizes[i] - 1) * m.strides[i];
    }
    return last + 1;
  };
  if (out.numel() > 0 && extent(out) > extent(t))
    return opError(call,
                   "as_strided past the input's own elements (the storage's size is not "
                   "modelled)");
  return out;
}

Expected<MetaValue> asStridedOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "size", "stride", "storage_offset"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  auto out = stridedMeta(call, *b, *t);
  if (!out) return out.error();
  return MetaValue::view(std::move(*out), 0);
}

Expected<MetaValue> asStridedScatterOp(const OpCall& call, const MetaFn& clone) {
  auto b = BoundArgs::bind(call, {"input", "src", "size", "stride", "storage_offset"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  auto src = b->tensor("src");
  if (!src) return src.error();
  std::vector<MetaArg> cloneArgs{MetaArg(*t)};
  Kwargs none;
  auto copy = clone(OpCall{"Tensor.clone", cloneArgs, none, call.ctx});
  if (!copy) return copy.error();
  TensorMeta out = copy->as<TensorMeta>();
  auto slice = stridedMeta(call, *b, out);
  if (!slice) return slice.error();
  if (slice->sizes != src->sizes)
    return opError(call, "expected src to have a size equal to the slice of self. src size = " +
                             shapeStr(src->sizes) + ", slice size = " + shapeStr(slice->sizes));
  out.requiresGrad = call.ctx.gradEnabled && (t->requiresGrad || src->requiresGrad);
  return MetaValue(std::move(out));
}

// `Tensor.<view>_`: the out-of-place view's metadata, as self.
void addInplaceView(OpRegistry& r, const std::string& name, const std::string& forward) {
  const MetaFn* fn = r.find(forward);
  if (fn == nullptr || r.find(name) != nullptr) return;
  MetaFn f = *fn;
  r.add(name, [f, forward](const OpCall& c) -> Expected<MetaValue> {
    if (c.args.empty() || !c.args[0].is<TensorMeta>())
      return opError(c, "in-place view needs a tensor self in " + describeCall(c));
    auto out = f(OpCall{forward, c.args, c.kwargs, c.ctx});
    if (!out) return out.error();
    if (!out->is<TensorMeta>()) return opError(c, "in-place view without a tensor result");
    TensorMeta meta = out->as<TensorMeta>();
    meta.requiresGrad = c.args[0].as<TensorMeta>().requiresGrad;
    return MetaValue::view(std::move(meta), 0);
  });
}

}  // namespace

void registerInplaceViewOps(OpRegistry& r) {
  for (const char* n : {"Tensor.as_strided", "torch.as_strided"}) r.add(n, asStridedOp);
  if (const MetaFn* clone = r.find("Tensor.clone")) {
    MetaFn f = *clone;
    for (const char* n : {"Tensor.as_strided_scatter", "torch.as_strided_scatter"})
      r.add(n, [f](const OpCall& c) { return asStridedScatterOp(c, f); });
  }
  const std::pair<const char*, const char*> views[] = {{"Tensor.unsqueeze_", "Tensor.unsqueeze"},
                                                       {"Tensor.squeeze_", "Tensor.squeeze"},
                                                       {"Tensor.t_", "Tensor.t"},
                                                       {"Tensor.transpose_", "Tensor.transpose"},
                                                       {"Tensor.swapaxes_", "Tensor.transpose"},
                                                       {"Tensor.swapdims_", "Tensor.transpose"},
                                                       {"Tensor.as_strided_", "Tensor.as_strided"}};
  for (const auto& [name, fwd] : views) addInplaceView(r, name, fwd);
}

}  // namespace dynrr::fake
