// polyfilled_function.h — typing.cast as Dynamo 2.13 sees it: a PolyfilledFunctionVariable
// (torch/_dynamo/variables/functions.py) over the substitute_in_graph polyfill of
// torch/_dynamo/polyfills/builtins.py, guarded by ID_MATCH, with can_constant_fold_through:
// the call asks is_python_constant of each argument in order (realising a lazy one, so
// guarding it) up to the first that is not a constant, then returns `val` (folded, or
// from the inlined polyfill `return val`; the value is the same tracker either way).
#pragma once

#include "core/vt/base.h"

namespace dynrr::vt {

class PolyfilledCastVariable final : public VariableTracker {
 public:
  explicit PolyfilledCastVariable(SourcePtr source)
      : VariableTracker(VtKind::kPolyfilled, std::move(source), MutationType::kImmutable) {}
  std::string pythonTypeName() const override { return "function"; }
  std::string describe() const override { return "typing.cast (polyfilled)"; }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
};

}  // namespace dynrr::vt
