// rules.cpp — see rules.h.
#include "core/guards/rules.h"

namespace dynrr::guards {

void installAmbientGuards(GuardSet& guards) {
  // init_ambient_guards installs these in this order; FUNCTORCH_STACK_MATCH only when a
  // functorch transform is active, which a recorded top-level frame never has.
  for (GuardKind k : {GuardKind::SHAPE_ENV, GuardKind::DETERMINISTIC_ALGORITHMS,
                      GuardKind::GRAD_MODE, GuardKind::DEFAULT_DEVICE, GuardKind::GLOBAL_STATE,
                      GuardKind::TORCH_FUNCTION_STATE, GuardKind::AUTOGRAD_SAVED_TENSORS_HOOKS}) {
    guards.add(k, "");
  }
}

void installConstantGuards(GuardSet& guards, const vt::Source& source, bool isInt) {
  const std::string name = source.name();
  if (isInt && source.isUnspecializedNNModule()) {
    // Int attributes of nn.Modules are specialised (is_int_specialization_case).
    guards.add(GuardKind::EQUALS_MATCH, name);
    guards.add(GuardKind::CONSTANT_MATCH, name);
    return;
  }
  // Ints whose guard source is not local (globals, attributes of Python modules,
  // attributes of user objects) or that come from a function's defaults are specialised
  // too (is_int_specialization_case);
  // every primitive constant, once used, is guarded with CONSTANT_MATCH
  // (LazyConstantVariable realised).
  if (isInt && (!source.isLocal() || source.isFromDefaults()))
    guards.add(GuardKind::EQUALS_MATCH, name);
  guards.add(GuardKind::CONSTANT_MATCH, name);
}

std::string tensorMatchDetail(const fake::TensorMeta& meta, const std::vector<bool>* dynamicDims) {
  const size_t rank = meta.sizes.size();
  auto dynamic = [&](size_t i) {
    return dynamicDims && i < dynamicDims->size() && (*dynamicDims)[i];
  };
  std::string out = "dtype=" + std::string(fake::dtypeName(meta.dtype)) +
                    " device=" + meta.device.str() +
                    " requires_grad=" + (meta.requiresGrad ? "True" : "False") + " size=[";
  for (size_t i = 0; i < rank; ++i)
    out += (i ? ", " : "") + (dynamic(i) ? std::string("None") : std::to_string(meta.sizes[i]));
  out += "] stride=[";
  for (size_t j = 0; j < rank && j < meta.strides.size(); ++j) {
    bool symbolic = false;
    for (size_t k = j + 1; k < rank; ++k) symbolic = symbolic || dynamic(k);
    out += (j ? ", " : "") + (symbolic ? std::string("None") : std::to_string(meta.strides[j]));
  }
  return out + "]";
}

}  // namespace dynrr::guards
