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
//
// The generic call_method path breaks after FakeTensorMode ran the method too
// (wrap_fx_proxy_cls / get_fake_value), for three families of a dense CPU tensor:
// results that are Python values (is_set_to, is_distributed, dense_dim, sparse_dim:
// "torch.* op returned non-Tensor"); sparse results (to_sparse and its layout forms:
// wrap_fx_proxy_cls refuses a sparse example value, "Attempted to wrap sparse Tensor
// with VariableTracker"); and methods with no CPU kernel for a dense tensor, whose fake
// run raises NotImplementedError (the quantized queries int_repr / q_scale /
// q_zero_point / q_per_channel_* / qscheme, the nested to_padded_tensor, and to_mkldnn,
// whose OpaqueTensorImpl storage fake tensors cannot reach: "NotImplementedError/
// UnsupportedFakeTensorException when running FX node"). Each is modelled only where
// the fake run is known to get that far (arguments the kernel accepts, static sizes);
// anything else is refused by name.
#include <unordered_set>

#include "core/fake/dtype.h"
#include "core/tracer/instruction_translator.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/delay_graph_break.h"
#include "core/vt/tensor.h"
#include "core/vt/torch.h"

namespace dynrr::vt {
namespace {

// The static sizes of `self`, or nullopt when a dim is symbolic in this replay.
bool staticSizes(Tx& tx, const TensorVariable& self) {
  return !anySymbolicSize(tx.context(), self.meta().sizes);
}

// A constant int argument, or nullopt.
std::optional<int64_t> constInt(Tx& tx, const VtPtr& v) {
  auto r = tx.realize(v);
  if (!r) return std::nullopt;
  const ConstantVariable* c = asConstant(*r);
  const int64_t* i = c ? std::get_if<int64_t>(&c->value()) : nullptr;
  if (!i) return std::nullopt;
  return *i;
}

// Whether FakeTensorMode gets a sparse result out of `name(args)` on `self` (the
// conversions ATen's dense_to_sparse_* accept): to_sparse() / to_sparse(k) with
// 1 <= k <= dim and to_sparse_coo() on a tensor of at least one dim; to_sparse_csr() /
// to_sparse_csc() on a matrix; to_sparse_bsr(blocksize) / to_sparse_bsc(blocksize) on a
// matrix with a tuple of two positive ints dividing its sizes.
Expected<bool> sparseConversion(Tx& tx, const TensorVariable& self, const std::string& name,
                                const Args& args, const Kwargs& kwargs) {
  const auto& m = self.meta();
  if (!kwargs.empty() || !staticSizes(tx, self) || m.layout != fake::Layout::kStrided) return false;
  if (name == "to_sparse" || name == "to_sparse_coo") {
    if (m.dim() < 1 || args.size() > (name == "to_sparse" ? 1u : 0u)) return false;
    if (args.empty()) return true;
    auto k = constInt(tx, args[0]);
    return k && *k >= 1 && *k <= m.dim();
  }
  if (m.dim() != 2) return false;
  if (name == "to_sparse_csr" || name == "to_sparse_csc") return args.empty();
  if (args.size() != 1) return false;
  auto r = tx.realize(args[0]);
  if (!r) return r.error();
  if ((*r)->kind() != VtKind::kTuple) return false;
  auto items = (*r)->unpackVarSequence(tx);
  if (!items) return items.error();
  if (items->size() != 2) return false;
  for (size_t i = 0; i < 2; ++i) {
    auto b = constInt(tx, (*items)[i]);
    if (!b || *b <= 0 || m.sizes[i] % *b != 0) return false;
  }
  return true;
}

}  // namespace

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
  const bool cpu = self.meta().device.type == "cpu";
  // Python-valued results of a dense CPU tensor: is_set_to(tensor), and the
  // no-argument queries.
  bool valued =
      (name == "is_distributed" || name == "dense_dim" || name == "sparse_dim") && args.empty();
  if (name == "is_set_to" && args.size() == 1) {
    auto other = tx.realize(args[0]);
    if (!other) return other;
    valued = (*other)->kind() == VtKind::kTensor;
  }
  if (valued && kwargs.empty() && cpu && self.meta().layout == fake::Layout::kStrided)
    return tracer::graphBreak(tx, "torch.* op returned non-Tensor",
                              "torch.* ops that return a non-Tensor cannot be traced into the "
                              "Dynamo FX graph output");
  static const std::unordered_set<std::string> kSparse = {"to_sparse",     "to_sparse_coo",
                                                          "to_sparse_csr", "to_sparse_csc",
                                                          "to_sparse_bsr", "to_sparse_bsc"};
  if (kSparse.count(name) && cpu) {
    auto ok = sparseConversion(tx, self, name, args, kwargs);
    if (!ok) return ok.error();
    if (!*ok)
      return unsupported("Tensor." + name +
                         " with these arguments (whether the fake "
                         "conversion succeeds is not modelled)");
    return tracer::graphBreak(tx, "Attempted to wrap sparse Tensor with VariableTracker",
                              "torch.compile does not support sparse Tensors with "
                              "VariableTracker");
  }
  static const std::unordered_set<std::string> kNoDenseKernel = {"int_repr",
                                                                 "q_scale",
                                                                 "q_zero_point",
                                                                 "q_per_channel_scales",
                                                                 "q_per_channel_zero_points",
                                                                 "q_per_channel_axis",
                                                                 "qscheme"};
  bool noKernel = kNoDenseKernel.count(name) && args.empty();
  // to_padded_tensor(padding): nested tensors only; to_mkldnn() of a float32 tensor
  // (other dtypes fail earlier, in the fake conversion).
  noKernel = noKernel || (name == "to_padded_tensor" && args.size() == 1);
  noKernel = noKernel ||
             (name == "to_mkldnn" && args.empty() && self.meta().dtype == fake::DType::kFloat32);
  if (noKernel && kwargs.empty() && cpu && self.meta().layout == fake::Layout::kStrided)
    return tracer::graphBreak(
        tx,
        "NotImplementedError/UnsupportedFakeTensorException when "
        "running FX node",
        "Dynamo failed to run FX node with fake tensors: call_method " + name);
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

bool isInplaceViewMethod(const std::string& name) {
  static const std::unordered_set<std::string> kNames = {
      "as_strided_", "detach_",   "resize_", "resize_as_", "set_",      "squeeze_",
      "swapaxes_",   "swapdims_", "t_",      "transpose_", "unsqueeze_"};
  return kNames.count(name) > 0;
}

Expected<VtPtr> DelayGraphBreakVariable::callFunction(Tx& tx, Args, Kwargs) {
  std::string name = source() ? source()->name() : "";
  return tracer::graphBreak(tx, "Unsupported function call (delayed)",
                            "Dynamo determined that a graph break should occur when calling `" +
                                name + "`. Reason: " + msg_);
}

}  // namespace dynrr::vt
