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
  registerInplaceOps(registry);
  return registry;
}

const OpRegistry& defaultOpRegistry() {
  static const OpRegistry registry = makeDefaultOpRegistry();
  return registry;
}

Expected<MetaValue> callOp(const OpRegistry& registry, std::string_view op,
                           const std::vector<MetaArg>& args, const Kwargs& kwargs,
                           const FakeContext& ctx) {
  const MetaFn* fn = registry.find(op);
  if (fn == nullptr) return Error("no meta function for " + std::string(op));
  return (*fn)(OpCall{op, args, kwargs, ctx});
}

Expected<MetaValue> callOp(std::string_view op, const std::vector<MetaArg>& args,
                           const Kwargs& kwargs, const FakeContext& ctx) {
  return callOp(defaultOpRegistry(), op, args, kwargs, ctx);
}

}  // namespace dynrr::fake
