// ops_shape.cpp — meta functions of shape-building copies: repeat, tile, roll.
//
// Mirrors ATen's TensorShape.cpp (repeat: at least as many repeats as dims, the input
// padded with leading 1s, a contiguous result; tile: repeats padded with leading 1s, then
// repeat) and TensorTransformations.cpp (roll: shifts and dims pair up, the output is
// empty_like(self) in the input's suggested memory format).
#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/strides.h"

namespace dynrr::fake {
namespace {

Expected<MetaValue> repeatMeta(const OpCall& call, const TensorMeta& x, const Shape& repeats) {
  if (static_cast<std::int64_t>(repeats.size()) < x.dim()) {
    return opError(call,
                   "Number of dimensions of repeat dims can not be smaller than number of "
                   "dimensions of tensor");
  }
  Shape shape(repeats.size());
  const auto pad = static_cast<std::int64_t>(repeats.size()) - x.dim();
  for (size_t i = 0; i < repeats.size(); ++i) {
    if (repeats[i] < 0) {
      return opError(call, "Trying to create tensor with negative dimension " +
                               std::to_string(repeats[i]) + ": " + shapeStr(repeats));
    }
    const std::int64_t in = static_cast<std::int64_t>(i) < pad ? 1 : x.sizes[i - pad];
    shape[i] = in * repeats[i];
  }
  TensorMeta out = TensorMeta::contiguous(x.dtype, shape, x.device);
  out.requiresGrad = outputRequiresGrad(call.ctx, x.dtype, {x.requiresGrad});
  return MetaValue(std::move(out));
}

Expected<MetaValue> repeatOp(const OpCall& call) {
  if (call.args.empty() || !call.args[0].is<TensorMeta>()) {
    return opError(call, "expected a Tensor self in " + describeCall(call));
  }
  auto repeats = sizeVarargs(call, 1, "repeats");
  if (!repeats) return repeats.error();
  return repeatMeta(call, call.args[0].as<TensorMeta>(), *repeats);
}

Expected<MetaValue> tileOp(const OpCall& call) {
  if (call.args.empty() || !call.args[0].is<TensorMeta>()) {
    return opError(call, "expected a Tensor self in " + describeCall(call));
  }
  auto dims = sizeVarargs(call, 1, "dims");
  if (!dims) return dims.error();
  const TensorMeta& x = call.args[0].as<TensorMeta>();
  Shape reps = *dims;
  while (static_cast<std::int64_t>(reps.size()) < x.dim()) reps.insert(reps.begin(), 1);
  return repeatMeta(call, x, reps);
}

Expected<MetaValue> rollOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "shifts", "dims"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto shifts = b->intList("shifts");
  if (!shifts) return shifts.error();
  Shape dims;
  if (b->has("dims")) {
    auto d = b->intList("dims");
    if (!d) return d.error();
    dims = *d;
  }
  if (dims.empty() && shifts->size() != 1) {
    return opError(call, "`shifts` required");
  }
  if (!dims.empty() && dims.size() != shifts->size()) {
    return opError(call,
                   "shifts and dimensions must align. shifts: " + std::to_string(shifts->size()) +
                       ", dims:" + std::to_string(dims.size()));
  }
  for (auto d : dims) {
    if (auto w = wrapDim(d, x->dim()); !w) return opError(call, w.error().message());
  }
  TensorMeta out = TensorMeta::contiguous(x->dtype, x->sizes, x->device);
  // Without dims roll works on the flattened tensor: contiguous.
  if (!dims.empty() && x->dim() == 4 && x->suggestMemoryFormat() == MemoryFormat::kChannelsLast) {
    out.strides = channelsLastStrides(x->sizes);
  }
  out.requiresGrad = outputRequiresGrad(call.ctx, x->dtype, {x->requiresGrad});
  return MetaValue(std::move(out));
}

}  // namespace

void registerShapeOps(OpRegistry& r) {
  r.add("Tensor.repeat", repeatOp);
  for (const char* n : {"torch.tile", "Tensor.tile"}) r.add(n, tileOp);
  for (const char* n : {"torch.roll", "Tensor.roll"}) r.add(n, rollOp);
}

}  // namespace dynrr::fake
