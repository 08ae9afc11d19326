// autocast_mode.h — torch.autocast (AutocastModeVariable in
// torch/_dynamo/variables/ctx_manager.py, and TorchCtxManagerClassVariable for the class):
// the class as reached from the program (torch.amp.autocast_mode.autocast and the
// torch.cpu.amp / torch.cuda.amp aliases), the manager calling it makes
// (AutocastModeVariable.create: device_type, dtype, enabled, cache_enabled bound to
// autocast.__init__'s signature), and a pre-existing autocast object (VariableBuilder:
// ID_MATCH, its device / fast_dtype / _enabled / _cache_enabled). Entering adds an
// _enter_autocast node, exiting an _exit_autocast node taking it; in between the fake
// tensors of the region follow autocast's CPU cast policy (autocastCastPolicy).
#pragma once

#include <optional>
#include <string>

#include "core/fake/op_registry.h"
#include "core/vt/constant.h"
#include "core/vt/ctx_manager.h"
#include "core/vt/tensor.h"

namespace dynrr::vt {

class AutocastModeVariable final : public ContextWrappingVariable {
 public:
  // The class: `fixedDevice` is "cpu" or "cuda" for the torch.cpu.amp / torch.cuda.amp
  // aliases, empty for torch.autocast.
  static VtPtr makeClass(std::string fixedDevice, SourcePtr source);
  // A manager with its target values: device_type, dtype (a dtype or None), enabled and
  // cache_enabled (a bool or None).
  static VtPtr makeManager(ConstantValue device, ConstantValue dtype, ConstantValue enabled,
                           ConstantValue cacheEnabled, SourcePtr source = nullptr);

  AutocastModeVariable(bool isClass, SourcePtr source)
      : ContextWrappingVariable(VtKind::kAutocast, std::move(source), MutationType::kImmutable),
        isClass_(isClass) {}
  bool isClass() const { return isClass_; }
  std::string pythonTypeName() const override {
    return isClass_ ? "type" : "torch.amp.autocast_mode.autocast";
  }
  std::string describe() const override {
    return isClass_ ? "torch.autocast (class)" : "torch.autocast(...)";
  }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  // torch.amp._enter_autocast(*target_values) as a node (its proxy kept for exit).
  Expected<VtPtr> enter(Tx& tx) override;
  // torch.amp._exit_autocast(proxy) as a node.
  Expected<VtPtr> exit(Tx& tx, Args args) override;

 private:
  bool isClass_;
  std::string fixedDevice_;  // the class: its alias's device type, or empty
  ConstantValue device_, dtype_, enabled_, cacheEnabled_;
  std::optional<NodeId> proxy_;
};

// autocast's cast policy for one operator under an enabled CPU autocast region whose
// lower-precision dtype is `lower` (aten/src/ATen/autocast_mode.cpp's CPU lists): the
// operator's floating-point tensor arguments (float64 excepted) are cast to `lower` for
// the lower_precision_fp operators and to float32 for the fp32 ones; operators on neither
// list run unchanged when known to (elementwise, activations, views, conversions). Any
// other operator (the promote list, composites that dispatch to listed operators) is
// unsupported. `op` is the meta operator's name ("torch._C._nn.linear", "Tensor.float").
Status autocastCastPolicy(const std::string& op, fake::DType lower,
                          std::vector<fake::MetaArg>& args, fake::Kwargs& kwargs);

}  // namespace dynrr::vt
