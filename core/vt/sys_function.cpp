// sys_function.cpp — see sys_function.h.
#include "core/vt/sys_function.h"

#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"
#include "core/vt/exceptions.h"
#include "core/vt/lists.h"

namespace dynrr::vt {
namespace {

// The handled exception's __traceback__ (a TracebackVariable in Dynamo once raised).
class UnmodelledTraceback final : public VariableTracker {
 public:
  UnmodelledTraceback() : VariableTracker(VtKind::kOpaque, nullptr, MutationType::kImmutable) {}
  std::string className() const override { return "TracebackVariable"; }
  std::string pythonTypeName() const override { return "traceback"; }
  std::string describe() const override {
    return "the traceback of a handled exception (not modelled)";
  }
};

}  // namespace

Expected<VtPtr> SysFunctionVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (!args.empty() || !kwargs.empty())
    return unsupported("sys." + name_ + " with arguments (TypeError path)");
  const auto& stack = tx.context().exceptions;
  VtPtr none = ConstantVariable::make(NoneValue{});
  if (stack.empty()) {
    if (name_ == "exception") return none;
    return makeTuple({none, none, none});
  }
  VtPtr exc = stack.top();
  const ExceptionVariable* e = asException(exc);
  if (!e) return unsupported("sys." + name_ + " while handling a " + exc->className());
  if (name_ == "exception") return exc;
  return makeTuple({e->classVariable(), exc, std::make_shared<UnmodelledTraceback>()});
}

}  // namespace dynrr::vt
