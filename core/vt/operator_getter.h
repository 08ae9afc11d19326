// operator_getter.h — what operator.itemgetter / attrgetter / methodcaller give when
// called while tracing (torch/_dynamo/polyfills/operator.py: each class is substituted by
// a polyfill whose nested closure is the getter).
#pragma once

#include <string>

#include "core/vt/base.h"

namespace dynrr::vt {

// operator.itemgetter(*items), attrgetter(*attrs), methodcaller(name, *args, **kwargs)
// made while tracing. Dynamo substitutes each class by its polyfill
// (polyfills/operator.py, substitute_in_graph(is_embedded_type=True)), inlined: the
// call returns the polyfill's nested `getter` / `caller` closure (a
// NestedUserFunctionVariable), and calling that inlines it. `construct` runs the
// polyfill's checks with the guards their builtin reads give; `callFunction` runs the
// closure: obj[item], getattr along a dotted name (its STORE_FAST names the value
// "obj"), or getattr(obj, name)(*args, **kwargs), a tuple of them for several items.
class OperatorGetterVariable final : public VariableTracker {
 public:
  enum class Flavor { kItem, kAttr, kMethod };
  OperatorGetterVariable(Flavor flavor, Args items, Kwargs kwargs)
      : VariableTracker(VtKind::kOperatorGetter, nullptr, MutationType::kImmutable),
        flavor_(flavor),
        items_(std::move(items)),
        kwargs_(std::move(kwargs)) {}
  // The polyfill of class `qualname` ("operator.itemgetter", ...) called with args.
  static Expected<VtPtr> construct(Tx& tx, const std::string& qualname, Args args, Kwargs kwargs);
  std::string pythonTypeName() const override { return "function"; }
  std::string describe() const override;
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  Expected<bool> boolValue(Tx&) override { return true; }

 private:
  Flavor flavor_;
  Args items_;  // the items, the attribute names, or the method name and its arguments
  Kwargs kwargs_;
};

}  // namespace dynrr::vt
