// op_registry.cpp — building the default registry and dispatching callOp.
#include "core/fake/op_registry.h"

#include <algorithm>

#include "core/fake/ops.h"

namespace dynrr::fake {

std::vector<std::string> OpRegistry::names() const {
  std::vector<std::string> out;
  out.reserve(fns_.size());
  for (const auto& [name, fn] : fns_) out.push_back(name);
  std::sort(out.begin(), out.end());
  return out;
}

OpRegistry makeDefaultOpRegistry() {
  OpRegistry registry;
  registerElementwiseOps(registry);
  registerReductionOps(registry);
  registerViewOps(registry);
  registerIndexOps(registry);
  registerJoinOps(registry);
  registerMatmulOps(registry);
  registerNnOps(registry);
  registerFactoryOps(registry);
  registerMiscOps(registry);
  registerNormOps(registry);
  registerLossOps(registry);
  registerPointwiseOps(registry);
  registerEinsumOps(registry);
  registerGatherOps(registry);
  registerShapeOps(registry);
  registerConvPoolOps(registry);
  registerSpectralOps(registry);
  registerInplaceOps(registry);
  registerInplaceViewOps(registry);
  registerSurfaceOps(registry);
  registerSurfaceMoreOps(registry);
  registerSurfaceExtraOps(registry);
  registerSurfaceDataOps(registry);
  registerSurfaceLinalgOps(registry);
  return registry;
}

const OpRegistry& defaultOpRegistry() {
  static const OpRegistry registry = makeDefaultOpRegistry();
  return registry;
}

namespace {
// Every tensor an op produces stays far from int64 overflow in its size arithmetic.
bool withinSizeBound(const MetaValue& v, std::int64_t maxElements) {
  if (v.is<TensorMeta>()) {
    const auto& t = v.as<TensorMeta>();
    return t.sizes.size() <= 64 && shapeNumel(t.sizes) <= maxElements;
  }
  if (v.is<ValueSeq>()) {
    for (const auto& item : v.as<ValueSeq>().items)
      if (!withinSizeBound(item, maxElements)) return false;
  }
  return true;
}
}  // namespace

Expected<MetaValue> callOp(const OpRegistry& registry, std::string_view op,
                           const std::vector<MetaArg>& args, const Kwargs& kwargs,
                           const FakeContext& ctx) {
  const MetaFn* fn = registry.find(op);
  if (fn == nullptr) return Error("no meta function for " + std::string(op));
  auto out = (*fn)(OpCall{op, args, kwargs, ctx});
  if (out && !withinSizeBound(*out, ctx.maxElements)) {
    return Error(
        "unsupported: " + std::string(op) + " gives a tensor of more than " +
        std::string(ctx.maxElements > (std::int64_t{1} << 48)
                        ? "2**62 elements (symbolic sizes' stand-ins overflow)"
                        : "2**48 elements (a damaged trace: no real tensor is that large)") +
        " or of rank above 64");
  }
  return out;
}

Expected<MetaValue> callOp(std::string_view op, const std::vector<MetaArg>& args,
                           const Kwargs& kwargs, const FakeContext& ctx) {
  return callOp(defaultOpRegistry(), op, args, kwargs, ctx);
}

}  // namespace dynrr::fake
