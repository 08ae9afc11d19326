// tensor_method_breaks.cpp — the Tensor methods TensorVariable.call_method
// (torch/_dynamo/variables/tensor.py, Dynamo 2.13) refuses by name with a graph break:
// method_resize_ / method_resize_as_ / method_sparse_resize_ /
// method_sparse_resize_and_clear_ (unimplemented), method_set_ with more than one
// argument, method_share_memory_ (its handler takes no `tx`, so calling it raises
// TypeError, which call_method reports as "Unhandled args for method"),
// method_as_subclass with a class that is no TensorSubclassVariable, the methods whose
// fake result is a Python value (wrap_fx_proxy_cls: "torch.* op returned non-Tensor":
// is_pinned, is_shared, storage), apply_ / map_ / map2_ (a Python callable among the
// arguments: proxy_args_kwargs has no proxy for it), and method___int__ /
// method___float__ (nb_int_impl / nb_float_impl: item() first, which breaks unless
// capture_scalar_outputs), method___contains__, whose item() breaks too, and
// method_requires_grad_ (a no-op, or a break on a graph input).
#include <unordered_set>

#include "core/fake/dtype.h"
#include "core/tracer/instruction_translator.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/tensor.h"
#include "core/vt/torch.h"

namespace dynrr::vt {

std::optional<Expected<VtPtr>> tensorMethodBreak(Tx& tx, TensorVariable& self,
                                                 const std::string& name, const Args& args,
                                                 const Kwargs& kwargs) {
  static const std::unordered_set<std::string> kUnsupported = {
      "resize_", "resize_as_", "sparse_resize_", "sparse_resize_and_clear_"};
  if (kUnsupported.count(name))
    return tracer::graphBreak(tx, "Unsupported Tensor." + name + "() call",
                              "Dynamo currently does not support tracing `Tensor." + name + "()`.");
  if (name == "set_" && args.size() > 1)
    return tracer::graphBreak(tx, "Unsupported Tensor.set_() call",
                              "Dynamo currently does not support tracing `Tensor.set_()` "
                              "overloads that include more than one argument.");
  if (name == "share_memory_")
    return tracer::graphBreak(tx, "Unhandled args for method",
                              "Dynamo encountered an error while calling the method "
                              "`share_memory_`.");
  if (name == "as_subclass" && args.size() == 1 && kwargs.empty()) {
    auto cls = tx.realize(args[0]);
    if (!cls) return cls;
    const auto* b = (*cls)->kind() == VtKind::kBuiltin
                        ? static_cast<const BuiltinVariable*>(cls->get())
                        : nullptr;
    if (!b || b->name() != "torch.Tensor")
      return unsupported("Tensor.as_subclass of a " + (*cls)->pythonTypeName() +
                         " (TensorWithTFOverrideVariable)");
    return tracer::graphBreak(
        tx, "Argument of `as_subclass` must be a non-dispatcher-style tensor subclass",
        "Currently not supported");
  }
  if ((name == "is_pinned" || name == "is_shared" || name == "storage") && args.empty() &&
      kwargs.empty())
    return tracer::graphBreak(tx, "torch.* op returned non-Tensor",
                              "torch.* ops that return a non-Tensor cannot be traced into the "
                              "Dynamo FX graph output");
  if ((name == "apply_" || name == "map_" || name == "map2_") && !args.empty()) {
    auto fn = tx.realize(args.back());
    if (!fn) return fn;
    if ((*fn)->pythonTypeName() != "function")
      return unsupported("Tensor." + name + " with a " + (*fn)->pythonTypeName());
    return tracer::graphBreak(tx, "Failed to convert args/kwargs to proxy",
                              "Missing `as_proxy()` implementation for some arg/kwarg.");
  }
  // method_requires_grad_: the same flag is a no-op answering self; a change on a graph
  // input breaks; on an intermediate, the traced set_inplace_requires_grad_allowed nodes
  // are not modelled.
  if (name == "requires_grad_" && args.size() <= 1 && kwargs.empty()) {
    bool flag = true;
    if (!args.empty()) {
      auto a = tx.realize(args[0]);
      if (!a) return a;
      const ConstantVariable* c = asConstant(*a);
      const bool* b = c ? std::get_if<bool>(&c->value()) : nullptr;
      if (!b) return unsupported("Tensor.requires_grad_ of a " + (*a)->pythonTypeName());
      flag = *b;
    }
    if (flag == self.meta().requiresGrad) return self.self();
    if (self.source())
      return tracer::graphBreak(tx, "Unsupported Tensor.requires_grad_() call",
                                "Dynamo does not support changes to a Tensor's `requires_grad` "
                                "through calling `requires_grad_()`.");
    return unsupported(
        "Tensor.requires_grad_ changing an intermediate's flag (the "
        "set_inplace_requires_grad_allowed nodes)");
  }
  // method___contains__ (sq_contains): torch.any(torch.eq(self, item)).item().
  if (name == "__contains__" && args.size() == 1 && kwargs.empty()) {
    if (tx.context().trace.configOf(tx.context().event).getCaptureScalarOutputs())
      return unsupported("Tensor.__contains__ under capture_scalar_outputs (an unbacked bool)");
    auto eq = TorchFunctionVariable("torch.eq", true).callFunction(tx, {self.self(), args[0]}, {});
    if (!eq) return eq;
    auto any = TorchFunctionVariable("torch.any", true).callFunction(tx, {*eq}, {});
    if (!any) return any;
    return (*any)->callMethod(tx, "item", {}, {});
  }
  if ((name == "__int__" || name == "__float__") && args.empty() && kwargs.empty()) {
    if (fake::isComplex(self.meta().dtype))
      return unsupported(name + " of a complex tensor (Dynamo raises RuntimeError)");
    if (tx.context().trace.configOf(tx.context().event).getCaptureScalarOutputs())
      return unsupported(name + " under capture_scalar_outputs (item, then a sym_" +
                         name.substr(2, name.size() - 4) + " node)");
    return self.callMethod(tx, "item", {}, {});
  }
  return std::nullopt;
}

}  // namespace dynrr::vt
