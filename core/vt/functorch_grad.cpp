// functorch_grad.cpp — see functorch_grad.h.
#include "core/vt/functorch_grad.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <variant>

#include "core/fake/dtype.h"
#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"
#include "core/vt/functorch.h"
#include "core/vt/lists.h"
#include "core/vt/tensor.h"

namespace dynrr::vt {

using tracer::GraphArg;
constexpr auto kGradKind = tracer::FunctorchLevel::Kind::kGrad;

VtPtr FunctorchGradContextVariable::forFunction(const std::string& module,
                                                const std::string& qualname, SourcePtr source) {
  Which w;
  if (module == "torch.autograd.graph" && qualname == "disable_saved_tensors_hooks")
    w = Which::kDisableSavedTensorsHooks;
  else if (module == "torch._functorch.eager_transforms" && qualname == "grad_increment_nesting")
    w = Which::kGradIncrementNesting;
  else if (module == "torch._functorch.eager_transforms" &&
           qualname == "enable_inplace_requires_grad")
    w = Which::kEnableInplaceRequiresGrad;
  else
    return nullptr;
  return std::make_shared<FunctorchGradContextVariable>(w, true, std::move(source));
}

std::string FunctorchGradContextVariable::className() const {
  switch (which_) {
    case Which::kDisableSavedTensorsHooks: return "DisabledSavedTensorsHooksVariable";
    case Which::kGradIncrementNesting: return "GradIncrementNestingCtxManagerVariable";
    case Which::kEnableInplaceRequiresGrad: return "GradInplaceRequiresGradCtxManagerVariable";
  }
  return "?";
}

std::string FunctorchGradContextVariable::describe() const {
  std::string name;
  switch (which_) {
    case Which::kDisableSavedTensorsHooks:
      name = "torch.autograd.graph.disable_saved_tensors_hooks";
      break;
    case Which::kGradIncrementNesting:
      name = "torch._functorch.eager_transforms.grad_increment_nesting";
      break;
    case Which::kEnableInplaceRequiresGrad:
      name = "torch._functorch.eager_transforms.enable_inplace_requires_grad";
      break;
  }
  return isClass_ ? name : name + "()";
}

// TorchCtxManagerClassVariable.call_function: the manager. disable_saved_tensors_hooks
// (DisabledSavedTensorsHooksVariable.create) disables the hooks when made.
Expected<VtPtr> FunctorchGradContextVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (!isClass_) return VariableTracker::callFunction(tx, std::move(args), std::move(kwargs));
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r;
    a = *r;
  }
  size_t arity = which_ == Which::kGradIncrementNesting ? 0 : 1;
  if (args.size() != arity || !kwargs.empty())
    return unsupported(describe() + " called with other arguments than Dynamo asserts");
  auto manager = std::make_shared<FunctorchGradContextVariable>(which_, false, nullptr);
  auto& ctx = tx.context();
  if (which_ == Which::kEnableInplaceRequiresGrad) {
    const ConstantVariable* c = asConstant(args[0]);
    if (!c || !std::holds_alternative<bool>(c->value()))
      return unsupported("enable_inplace_requires_grad of a value that is not a constant bool");
    manager->enabled_ = std::get<bool>(c->value());
  } else if (which_ == Which::kDisableSavedTensorsHooks) {
    const ConstantVariable* c = asConstant(args[0]);
    if (!c || !std::holds_alternative<std::string>(c->value()))
      return unsupported("disable_saved_tensors_hooks with a message that is not a constant str");
    if (ctx.savedTensorsHooksDisabled && ctx.functorchLevels.innermost(kGradKind) > 0)
      return unsupported(
          "nested torch.func.grad (grad of grad: the second-order backward is not "
          "modelled)");
    if (ctx.savedTensorsHooksDisabled)
      return unsupported(
          "disable_saved_tensors_hooks inside another (the message restored on exit is not "
          "modelled)");
    ctx.savedTensorsHooksDisabled = true;
    ctx.output.callFunction("torch._C._autograd._saved_tensors_hooks_disable",
                            {GraphArg::ofConstant(c->value())}, {});
  }
  return VtPtr(manager);
}

Expected<VtPtr> FunctorchGradContextVariable::enter(Tx& tx) {
  if (isClass_) return unsupported("a with statement on the function " + describe());
  auto& ctx = tx.context();
  using Kind = tracer::FunctorchLevel::Kind;
  switch (which_) {
    case Which::kDisableSavedTensorsHooks: return ConstantVariable::make(NoneValue{});
    case Which::kGradIncrementNesting: {
      if (ctx.functorchLevels.innermost(Kind::kGrad) > 0)
        return unsupported(
            "nested torch.func.grad (grad of grad: the second-order backward is not "
            "modelled)");
      if (ctx.functorchOuterActive)
        return unsupported(
            "torch.func.grad in a frame entered while a functorch transform is active (the "
            "outer levels are not recorded)");
      ctx.output.addGuard(guards::GuardKind::FUNCTORCH_STACK_MATCH, "");
      ctx.output.callFunction("torch._C._functorch._grad_increment_nesting", {}, {});
      return ConstantVariable::make(ctx.functorchLevels.push(Kind::kGrad));
    }
    case Which::kEnableInplaceRequiresGrad:
      if (ctx.inplaceRequiresGradAllowed)
        return unsupported("enable_inplace_requires_grad inside another (not modelled)");
      ctx.inplaceRequiresGradAllowed = enabled_;
      ctx.output.callFunction("torch._C._functorch.set_inplace_requires_grad_allowed",
                              {GraphArg::ofConstant(enabled_)}, {});
      return ConstantVariable::make(NoneValue{});
  }
  return ConstantVariable::make(NoneValue{});
}

Expected<VtPtr> FunctorchGradContextVariable::exit(Tx& tx, Args) {
  auto& ctx = tx.context();
  switch (which_) {
    case Which::kDisableSavedTensorsHooks:
      // The message before was None: exiting re-enables the hooks.
      ctx.savedTensorsHooksDisabled = false;
      ctx.output.callFunction("torch._C._autograd._saved_tensors_hooks_enable", {}, {});
      break;
    case Which::kGradIncrementNesting:
      ctx.output.callFunction("torch._C._functorch._grad_decrement_nesting", {}, {});
      ctx.functorchLevels.pop();
      break;
    case Which::kEnableInplaceRequiresGrad:
      ctx.inplaceRequiresGradAllowed = false;
      ctx.output.callFunction("torch._C._functorch.set_inplace_requires_grad_allowed",
                              {GraphArg::ofConstant(false)}, {});
      break;
  }
  return ConstantVariable::make(NoneValue{});
}

namespace {

// The innermost grad level, 0 outside torch.func.grad.
int64_t gradLevel(const tracer::TracingContext& ctx) {
  return ctx.functorchLevels.innermost(kGradKind);
}

// A GradTrackingTensor over a BatchedTensor (or one unwrapped from it) is batched as the
// tensor it wraps: `to` gets `from`'s entry.
void keepBatching(tracer::TracingContext& ctx, NodeId from, NodeId to) {
  if (auto it = ctx.batchedTensors.find(from); it != ctx.batchedTensors.end())
    ctx.batchedTensors[to] = it->second;
}

const TensorVariable* asTensor(const VtPtr& v) {
  return v->kind() == VtKind::kTensor ? static_cast<const TensorVariable*>(v.get()) : nullptr;
}

// Calls `visit` on every node `node`'s arguments reach (its ancestors), once each.
void forEachAncestor(const tracer::ProtoGraph& g, NodeId node,
                     const std::function<void(NodeId)>& visit) {
  std::set<NodeId> seen;
  std::vector<NodeId> work = {node};
  std::function<void(const GraphArg&)> push = [&](const GraphArg& a) {
    if (a.kind == GraphArg::Kind::kNode) {
      if (seen.insert(a.node).second) work.push_back(a.node);
      return;
    }
    for (const auto& i : a.items) push(i);
  };
  while (!work.empty()) {
    NodeId n = work.back();
    work.pop_back();
    visit(n);
    for (const auto& a : g.node(n).args) push(a);
    for (const auto& [k, a] : g.node(n).kwargs) push(a);
  }
}

// A tensor requiring grad outside the transform (a graph input or attribute that
// requires grad) among `node`'s ancestors.
bool reachesOuterGrad(const tracer::ProtoGraph& g, NodeId node) {
  bool found = false;
  forEachAncestor(g, node, [&](NodeId n) {
    const auto& pn = g.node(n);
    if ((pn.op == "placeholder" || pn.op == "get_attr") && pn.meta && pn.meta->requiresGrad)
      found = true;
  });
  return found;
}

// _wrap_for_grad(tensor, level): a GradTrackingTensor over the tensor, the same metadata.
Expected<VtPtr> wrapForGrad(Tx& tx, const std::string& qualname, Args& args) {
  auto level = args.size() == 2 ? constantInt(args[1]) : std::nullopt;
  const TensorVariable* t = args.empty() ? nullptr : asTensor(args[0]);
  if (!t || !level) return unsupported("_wrap_for_grad with other arguments than (tensor, level)");
  auto& ctx = tx.context();
  if (*level != gradLevel(ctx) || ctx.functorchLevels.top()->level != *level)
    return unsupported("_wrap_for_grad at another level than the innermost grad's");
  if (t->meta().requiresGrad)
    return unsupported(
        "torch.func.grad of a tensor that requires grad outside the transform (what "
        "_unwrap_for_grad gives depends on the outer autograd graph: not modelled)");
  NodeId node = ctx.output.callFunction(
      qualname, {GraphArg::ofNode(t->node()), GraphArg::ofConstant(*level)}, {});
  ctx.output.graph().node(node).meta = t->meta();
  ctx.gradWrapped.insert(node);
  keepBatching(ctx, t->node(), node);
  return VtPtr(std::make_shared<TensorVariable>(node, t->meta()));
}

// _set_tensor_requires_grad(x): x.requires_grad_() on x's fake tensor, which the node
// returns: x's example value (and every tracker of it) requires grad from here on.
Expected<VtPtr> setTensorRequiresGrad(Tx& tx, const std::string& qualname, Args& args) {
  if (args.size() != 1 || !asTensor(args[0]))
    return unsupported("_set_tensor_requires_grad of other arguments than one tensor");
  auto& ctx = tx.context();
  auto& t = static_cast<TensorVariable&>(*args[0]);
  if (!ctx.gradWrapped.count(t.node()) || !ctx.inplaceRequiresGradAllowed)
    return unsupported("_set_tensor_requires_grad outside grad_and_value_impl's pattern");
  if (!fake::isFloatingOrComplex(t.meta().dtype))
    return unsupported("torch.func.grad of a tensor that is not floating point (an error)");
  fake::TensorMeta meta = t.meta();
  meta.requiresGrad = true;
  t.setRequiresGrad(true);
  ctx.output.graph().node(t.node()).meta = meta;
  NodeId node = ctx.output.callFunction(qualname, {GraphArg::ofNode(t.node())}, {});
  ctx.output.graph().node(node).meta = meta;
  keepBatching(ctx, t.node(), node);
  return VtPtr(std::make_shared<TensorVariable>(node, meta));
}

// The name of an op without its module prefix ("torch.sum", "_operator.mul" -> "sum", "mul").
std::string opBaseName(const tracer::ProtoNode& n) {
  std::string base = n.target;
  for (const char* prefix : {"_operator.", "operator.", "torch."})
    if (base.rfind(prefix, 0) == 0) base = base.substr(std::string(prefix).size());
  return base;
}

// The ops whose backward allocates a fresh gradient for every tensor argument (a
// TensorIterator or matmul result): the gradient an input reached only through them gets
// is contiguous. Others (add and sub pass the incoming gradient through, sum expands it,
// views restride it) would give layouts the core does not derive.
bool freshGradientOp(const tracer::ProtoNode& n) {
  static const std::set<std::string> kOps = {"sin",     "cos",     "tanh",  "exp", "log",
                                             "sigmoid", "relu",    "sqrt",  "pow", "mul",
                                             "div",     "truediv", "matmul"};
  if (n.op != "call_method" && n.op != "call_function") return false;
  return kOps.count(opBaseName(n)) > 0;
}

// A full reduction `x.sum()` / `torch.sum(x)` / `x.mean()` (no dim, no dtype): sum's
// backward (derivatives.yaml sum: grad.expand_symint(self.sym_sizes())) gives the 0-d
// incoming gradient expanded to the input's sizes; mean's divides that expansion by
// numel, a TensorIterator result, contiguous.
enum class FullReduction { kNone, kSum, kMean };
FullReduction fullReduction(const tracer::ProtoNode& n) {
  if ((n.op != "call_method" && n.op != "call_function") || n.args.size() != 1 || !n.kwargs.empty())
    return FullReduction::kNone;
  std::string base = opBaseName(n);
  if (base == "sum") return FullReduction::kSum;
  if (base == "mean") return FullReduction::kMean;
  return FullReduction::kNone;
}

bool isBatchDimCall(const tracer::ProtoNode& n) {
  return n.target == "torch._functorch.predispatch._add_batch_dim" ||
         n.target == "torch._functorch.predispatch._remove_batch_dim";
}

// The nodes of `g` (the grad transform's own functorch calls aside) that take `input` as
// an argument.
std::vector<NodeId> usersOf(const tracer::ProtoGraph& g, NodeId input) {
  std::vector<NodeId> users;
  for (size_t i = 0; i < g.size(); ++i) {
    const auto& n = g.node(static_cast<NodeId>(i));
    if (n.erased || (n.target.find("_functorch") != std::string::npos && !isBatchDimCall(n)))
      continue;
    bool uses = false;
    std::function<void(const GraphArg&)> scan = [&](const GraphArg& a) {
      if (a.kind == GraphArg::Kind::kNode && a.node == input) uses = true;
      for (const auto& it : a.items) scan(it);
    };
    for (const auto& a : n.args) scan(a);
    for (const auto& [k, a] : n.kwargs) scan(a);
    if (uses) users.push_back(static_cast<NodeId>(i));
  }
  return users;
}

// A differentiated input vmapped inside the transform (`n` = _add_batch_dim(input,
// in_dim, level), node `batched`): with in_dim 0 the batching rules run the ops on the
// input itself (moveBatchDimToFront moves nothing), so its gradient is what their
// backward gives the physical tensor: fresh (contiguous) when every use of the
// BatchedTensor is a fresh-gradient op. Other dims (a movedim view whose backward
// restrides the gradient) and other uses (a batched reduction's expansion) are refused.
Status batchedInputGradient(const tracer::ProtoGraph& g, const tracer::ProtoNode& n,
                            NodeId batched) {
  if (n.args.size() != 3 || n.args[1].kind != GraphArg::Kind::kConstant ||
      n.args[1].constant != ConstantValue(int64_t{0}))
    return unsupported(
        "torch.func.grad of an input vmapped over a dim other than 0 inside the transform "
        "(the layout of its gradient is not modelled)");
  for (NodeId u : usersOf(g, batched)) {
    const auto& user = g.node(u);
    if (!freshGradientOp(user) || user.target.find("matmul") != std::string::npos)
      return unsupported("torch.func.grad of an input vmapped inside the transform, through " +
                         user.target + " (the layout of its gradient is not modelled)");
  }
  return Status::success();
}

// The layout of the gradient _autograd_grad gives `input`: stride 0 along its dims of size other
// than 1 when its only use is a full sum (the expanded gradient is returned as is); contiguous when
// every use allocates a fresh gradient (matmul: of 2-d operands) or is a full reduction, since
// accumulating two gradients (InputBuffer::accumulate's out-of-place add) allocates too.
Expected<fake::TensorMeta> gradientMeta(const tracer::ProtoGraph& g, NodeId input,
                                        const fake::TensorMeta& meta) {
  if (!meta.isContiguous())
    return unsupported(
        "torch.func.grad with respect to a non-contiguous tensor (its "
        "gradient's strides are not modelled)");
  std::vector<NodeId> users = usersOf(g, input);
  for (NodeId u : users) {
    const auto& n = g.node(u);
    if (n.target == "torch._functorch.predispatch._add_batch_dim") {
      if (Status s = batchedInputGradient(g, n, u); !s) return s.error();
      continue;
    }
    bool matmul2d = n.target.find("matmul") == std::string::npos || meta.dim() == 2;
    // _remove_batch_dim of an unbatched input (vmap inside grad) expands it: its
    // backward sums the batch dim away (sum_to_size), a fresh tensor.
    bool known = (freshGradientOp(n) && matmul2d) || fullReduction(n) != FullReduction::kNone ||
                 n.target == "torch._functorch.predispatch._remove_batch_dim";
    if (!known)
      return unsupported("torch.func.grad through " + n.target +
                         " applied to a differentiated input (the layout of its gradient is "
                         "not modelled)");
  }
  fake::TensorMeta out = fake::TensorMeta::contiguous(meta.dtype, meta.sizes, meta.device);
  if (users.size() == 1 && fullReduction(g.node(users[0])) == FullReduction::kSum) {
    // Under Dynamo the expansion is traced through the Python decomposition
    // (prims.broadcast_in_dim's meta): stride 0 along each expanded dim, 1 along a dim of
    // size 1 (eager's at::expand would give 0 there too; seen in the hops fuzz family).
    for (size_t d = 0; d < meta.sizes.size(); ++d) out.strides[d] = meta.sizes[d] == 1 ? 1 : 0;
  }
  return out;
}

// Whether the tensor `a` requires grad at the innermost grad level. Inside vmap levels
// above it (grad of a function calling vmap) a BatchedTensor's example value does not
// require grad itself; the plain tensor under its levels, the grad level's, may.
bool nodeRequiresGrad(const tracer::TracingContext& ctx, const GraphArg& a) {
  if (a.kind != GraphArg::Kind::kNode) return false;
  const auto& pn = ctx.output.graph().node(a.node);
  if (pn.meta && pn.meta->requiresGrad) return true;
  auto it = ctx.batchedTensors.find(a.node);
  if (it == ctx.batchedTensors.end() || it->second.level < gradLevel(ctx)) return false;
  const tracer::BatchedTensorInfo* b = &it->second;
  while (b->inner) b = b->inner.get();
  return b->physical.requiresGrad;
}

// Whether the gradient op `n` passes to its argument `i` requires grad, given whether the
// gradient reaching `n` does (`incoming`): with create_graph=True the backward formulas
// (derivatives.yaml) are recorded, so the gradient requires grad when the formula uses a
// tensor that does. Ops without a rule here are refused by name.
Expected<bool> argGradientRequiresGrad(const tracer::TracingContext& ctx,
                                       const tracer::ProtoNode& n, size_t i, bool incoming) {
  static const std::set<std::string> kUsesInput = {"sin", "cos",     "tanh", "exp",
                                                   "log", "sigmoid", "relu", "sqrt"};
  std::string base = opBaseName(n);
  bool binary = n.args.size() == 2 && n.kwargs.empty();
  const GraphArg* other = binary ? &n.args[1 - i] : nullptr;
  if (fullReduction(n) != FullReduction::kNone) return incoming;  // expand (/ numel)
  if (isBatchDimCall(n) && i == 0) return incoming;  // the physical tensor, moved (a view)
  if (kUsesInput.count(base) && n.args.size() == 1 && n.kwargs.empty())
    return true;  // grad * f'(x): the input (or result) requires grad
  if (binary && (base == "add" || base == "sub")) return incoming;
  if (binary && (base == "mul" || base == "matmul"))
    return incoming || nodeRequiresGrad(ctx, *other);  // grad * other
  if (binary && (base == "div" || base == "truediv"))
    return i == 1 || incoming || nodeRequiresGrad(ctx, *other);  // -grad * a / b^2 for b
  if (binary && base == "pow" && i == 0 && other->kind == GraphArg::Kind::kConstant &&
      other->constant != ConstantValue(int64_t{0}) && other->constant != ConstantValue(0.0))
    return true;  // grad * e * x^(e-1)
  return unsupported("torch.func.grad through " + n.target +
                     " (whether its gradient requires grad under create_graph=True is not "
                     "modelled)");
}

// Whether the gradient _autograd_grad gives `input` requires grad: the backward pass run
// over the recorded forward ops in reverse creation order, from `outputs` (whose
// gradients, ones, do not), through the differentiated nodes (those requiring grad),
// gradients accumulating by or.
Expected<bool> gradientRequiresGrad(const tracer::TracingContext& ctx,
                                    const std::vector<NodeId>& outputs, NodeId input) {
  const auto& g = ctx.output.graph();
  std::map<NodeId, bool> reached;  // node -> its incoming gradient requires grad
  for (NodeId o : outputs) reached[o] = false;
  while (!reached.empty()) {
    auto last = std::prev(reached.end());
    auto [id, incoming] = *last;
    reached.erase(last);
    if (id == input) return incoming;
    const auto& n = g.node(id);
    for (size_t i = 0; i < n.args.size(); ++i) {
      if (!nodeRequiresGrad(ctx, n.args[i])) continue;
      auto rg = argGradientRequiresGrad(ctx, n, i, incoming);
      if (!rg) return rg.error();
      reached[n.args[i].node] = reached[n.args[i].node] || *rg;
    }
    for (const auto& [k, a] : n.kwargs)
      if (nodeRequiresGrad(ctx, a))
        return unsupported("torch.func.grad through " + n.target + " with keyword arguments");
  }
  return unsupported(
      "torch.func.grad with respect to an input reached only through ops that do not "
      "require grad (not modelled)");
}

Expected<std::vector<const TensorVariable*>> tensorsOf(const VtPtr& seq, const char* what) {
  const SequenceVariable* s = asSequence(seq);
  if (!s) return unsupported(std::string("_autograd_grad with ") + what + " not a tuple or list");
  std::vector<const TensorVariable*> out;
  for (const auto& item : s->items()) {
    const TensorVariable* t = asTensor(item);
    if (!t) return unsupported(std::string("_autograd_grad with a non-tensor in ") + what);
    out.push_back(t);
  }
  return out;
}

GraphArg sequenceArg(const std::vector<const TensorVariable*>& ts, bool list) {
  GraphArg a;
  a.kind = list ? GraphArg::Kind::kList : GraphArg::Kind::kTuple;
  for (const auto* t : ts) a.items.push_back(GraphArg::ofNode(t->node()));
  return a;
}

// A gradient (or forward value) as the batching rules see it: its logical metadata and,
// when it is batched, its BatchedTensorInfo.
struct GradValue {
  fake::TensorMeta logical;
  std::shared_ptr<const tracer::BatchedTensorInfo> batched;
};

// The forward value of node `n` (requires_grad dropped: only layouts matter here).
GradValue forwardValue(const tracer::TracingContext& ctx, NodeId n) {
  GradValue v{*ctx.output.graph().node(n).meta, nullptr};
  v.logical.requiresGrad = false;
  if (auto it = ctx.batchedTensors.find(n); it != ctx.batchedTensors.end())
    v.batched = std::make_shared<const tracer::BatchedTensorInfo>(it->second);
  return v;
}

// A pointwise op of the backward formulas on gradients, forward values and numbers, by
// functorch's batching rules when some operand is batched (tracer::batchedCall).
Expected<GradValue> pointwiseGrad(const std::string& op,
                                  const std::vector<std::variant<GradValue, double>>& operands) {
  std::vector<fake::MetaArg> args;
  std::vector<const tracer::BatchedTensorInfo*> batched;
  bool any = false;
  for (const auto& o : operands) {
    if (const auto* d = std::get_if<double>(&o)) {
      args.emplace_back(*d);
      batched.push_back(nullptr);
      continue;
    }
    const auto& v = std::get<GradValue>(o);
    args.emplace_back(v.batched ? v.batched->physical : v.logical);
    batched.push_back(v.batched.get());
    any = any || v.batched;
  }
  if (!any) {
    auto r = fake::callOp(op, args, {}, fake::FakeContext{});
    if (!r) return r.error();
    if (!r->is<fake::TensorMeta>()) return unsupported("torch.func.grad: " + op + " in backward");
    return GradValue{r->as<fake::TensorMeta>(), nullptr};
  }
  auto b = tracer::batchedCall(op, args, batched, {}, fake::FakeContext{});
  if (!b) return b.error();
  return GradValue{tracer::logicalMeta(*b), std::make_shared<const tracer::BatchedTensorInfo>(*b)};
}

// sum's backward: the 0-d incoming gradient expanded to `sizes` (one batched level: the
// batch dim keeps its stride, the logical dims get 0).
Expected<GradValue> expandGrad(const GradValue& g, const fake::Shape& sizes) {
  if (g.logical.dim() != 0 || !g.batched || g.batched->inner ||
      std::count(sizes.begin(), sizes.end(), 1) > 0)
    return unsupported(
        "torch.func.grad under vmap: a full sum's batched expansion of this kind (not "
        "modelled)");
  tracer::BatchedTensorInfo b = *g.batched;
  b.physical.sizes.insert(b.physical.sizes.end(), sizes.begin(), sizes.end());
  b.physical.strides.resize(b.physical.sizes.size(), 0);
  return GradValue{tracer::logicalMeta(b), std::make_shared<const tracer::BatchedTensorInfo>(b)};
}

// The gradient op `n` passes to its argument `i` given the incoming gradient `g`, by the
// backward formulas (derivatives.yaml, operand order kept: TensorIterator follows the
// first operand's layout) run through the batching rules. No broadcasting between an
// argument and the result (sum_to_size) is modelled.
Expected<GradValue> argGradient(const tracer::TracingContext& ctx, const tracer::ProtoNode& n,
                                size_t i, const GradValue& g) {
  static const std::set<std::string> kUnary = {"sin", "cos",     "tanh", "exp",
                                               "log", "sigmoid", "relu", "sqrt"};
  const std::string base = opBaseName(n);
  GradValue arg = forwardValue(ctx, n.args[i].node);
  const bool binary = n.args.size() == 2 && n.kwargs.empty();
  auto operand = [&](const GraphArg& a) -> std::optional<std::variant<GradValue, double>> {
    if (a.kind == GraphArg::Kind::kNode) return forwardValue(ctx, a.node);
    if (a.kind != GraphArg::Kind::kConstant) return std::nullopt;
    if (const auto* d = std::get_if<double>(&a.constant)) return *d;
    if (const auto* k = std::get_if<int64_t>(&a.constant)) return static_cast<double>(*k);
    return std::nullopt;
  };
  Expected<GradValue> r = unsupported("torch.func.grad under vmap through " + n.target +
                                      " (its batched gradient's layout is not modelled)");
  if (fullReduction(n) == FullReduction::kSum) {
    r = expandGrad(g, arg.logical.sizes);
  } else if (fullReduction(n) == FullReduction::kMean) {
    auto e = expandGrad(g, arg.logical.sizes);
    if (!e) return e;
    r = pointwiseGrad("operator.truediv", {*e, static_cast<double>(arg.logical.numel())});
  } else if (kUnary.count(base) && n.args.size() == 1 && n.kwargs.empty()) {
    r = pointwiseGrad("operator.mul", {g, arg});  // grad * f'(x), f'(x) laid out as x
  } else if (binary && base == "add") {
    r = g;
  } else if (binary && base == "sub") {
    r = i == 0 ? Expected<GradValue>(g) : pointwiseGrad("Tensor.neg", {g});
  } else if (binary && (base == "mul" || base == "div" || base == "truediv" || base == "pow")) {
    auto other = operand(n.args[1 - i]);
    if (!other) return r;
    if (base == "mul") {
      r = pointwiseGrad("operator.mul", {g, *other});
    } else if (base == "pow" && i == 0 && std::holds_alternative<double>(*other)) {
      auto ge = pointwiseGrad("operator.mul", {g, std::get<double>(*other)});
      if (!ge) return ge;
      r = pointwiseGrad("operator.mul", {*ge, arg});
    } else if (base != "pow" && i == 0) {
      r = pointwiseGrad("operator.truediv", {g, *other});  // grad / b
    } else if (base != "pow") {
      auto ng = pointwiseGrad("Tensor.neg", {g});  // -grad * a / (b * b)
      if (!ng) return ng;
      auto na = pointwiseGrad("operator.mul", {*ng, *other});
      if (!na) return na;
      auto bb = pointwiseGrad("operator.mul", {arg, arg});
      if (!bb) return bb;
      r = pointwiseGrad("operator.truediv", {*na, *bb});
    }
  }
  if (r && r->logical.sizes != arg.logical.sizes)
    return unsupported("torch.func.grad under vmap through " + n.target +
                       " with broadcasting (sum_to_size of a batched gradient is not modelled)");
  return r;
}

// The batched gradient `input` gets: the backward pass over the recorded ops in reverse
// creation order from `outputs` (ones_like each: the output's layout), gradients of two
// uses accumulated by an out-of-place add.
Expected<GradValue> batchedGradient(const tracer::TracingContext& ctx,
                                    const std::vector<NodeId>& outputs, NodeId input) {
  const auto& g = ctx.output.graph();
  std::map<NodeId, GradValue> reached;
  for (NodeId o : outputs) reached.emplace(o, forwardValue(ctx, o));
  while (!reached.empty()) {
    auto last = std::prev(reached.end());
    NodeId id = last->first;
    GradValue incoming = last->second;
    reached.erase(last);
    if (id == input) return incoming;
    const auto& n = g.node(id);
    for (size_t i = 0; i < n.args.size(); ++i) {
      if (!nodeRequiresGrad(ctx, n.args[i])) continue;
      auto ag = argGradient(ctx, n, i, incoming);
      if (!ag) return ag.error();
      NodeId a = n.args[i].node;
      if (auto it = reached.find(a); it != reached.end()) {
        auto sum = pointwiseGrad("operator.add", {it->second, *ag});
        if (!sum) return sum.error();
        it->second = *sum;
      } else {
        reached.emplace(a, *ag);
      }
    }
  }
  return unsupported("torch.func.grad under vmap: the input is not reached (not modelled)");
}

// The vmap levels (ascending) at which some of `outputs` is batched.
std::vector<int64_t> batchedLevels(const tracer::TracingContext& ctx,
                                   const std::vector<NodeId>& outputs) {
  std::set<int64_t> levels;
  for (NodeId o : outputs) {
    auto it = ctx.batchedTensors.find(o);
    if (it == ctx.batchedTensors.end()) continue;
    for (const tracer::BatchedTensorInfo* b = &it->second; b; b = b->inner.get())
      levels.insert(b->level);
  }
  return {levels.begin(), levels.end()};
}

// Under vmap levels below the grad level: the BatchedTensor the gradient `logical` is
// (`sumOnly`: the input's only use is a full sum), none when no output is batched (then no value
// the backward pass reads is). With outputs batched, the incoming gradient (ones_like of a
// BatchedTensor) is batched at their levels and so is every gradient the backward formulas compute
// from it. The gradients the grad model allows come out of a TensorIterator op (freshGradientOp, a
// mean's division) whose operands are BatchedTensors with their batch dims in front of
// contiguous physical tensors, expansions of them (a full sum's backward: stride 0, no
// say in the layout) or unbatched tensors padded in front: each level's physical result
// is contiguous with its batch dim first, the plain tensor [B_outer, ..., B_inner,
// logical sizes] (stride 0 along the logical dims when the input's only use is a full
// sum). Anything else among the outputs' ancestors is refused by name.
Expected<std::optional<tracer::BatchedTensorInfo>> gradientBatching(
    const tracer::TracingContext& ctx, const std::vector<NodeId>& outputs, NodeId input,
    const fake::TensorMeta& logical, bool sumOnly) {
  std::vector<int64_t> levels = batchedLevels(ctx, outputs);
  if (levels.empty()) return std::optional<tracer::BatchedTensorInfo>();
  const auto& g = ctx.output.graph();
  const bool expanded = sumOnly && logical.dim() > 0;
  if (expanded && std::count(logical.sizes.begin(), logical.sizes.end(), 1) > 0)
    return unsupported(
        "torch.func.grad under vmap of an input with a size-1 dim whose only use is a full "
        "sum (the strides of the batched expansion there are not modelled)");
  Status bad;
  bool frontContiguous = true;
  for (NodeId o : outputs)
    forEachAncestor(g, o, [&](NodeId n) {
      if (g.node(n).target.find("matmul") != std::string::npos ||
          g.node(n).target.find("linear") != std::string::npos)
        bad = unsupported("torch.func.grad under vmap through " + g.node(n).target +
                          " (the layout of its batched gradient is not modelled)");
      auto it = ctx.batchedTensors.find(n);
      if (it == ctx.batchedTensors.end()) return;
      for (const tracer::BatchedTensorInfo* b = &it->second; b; b = b->inner.get())
        frontContiguous = frontContiguous && b->bdim == 0 && b->physical.isContiguous();
    });
  if (!bad) return bad.error();
  if (!frontContiguous) {
    // Batch dims elsewhere: the backward formulas run through the batching rules
    // (batchedGradient; run on every batched gradient of the corpus it gives the same
    // layouts as the rule below where both apply).
    auto sim = batchedGradient(ctx, outputs, input);
    if (!sim) return sim.error();
    if (!sim->batched) return unsupported("torch.func.grad under vmap: an unbatched gradient");
    return std::optional<tracer::BatchedTensorInfo>(*sim->batched);
  }
  std::vector<int64_t> sizes;
  for (int64_t l : levels) sizes.push_back(ctx.functorchLevels.find(l)->batchSize);
  sizes.insert(sizes.end(), logical.sizes.begin(), logical.sizes.end());
  fake::TensorMeta plain = fake::TensorMeta::contiguous(logical.dtype, sizes, logical.device);
  if (expanded) {
    // sum's backward expands the batched 0-d incoming gradient (physical [B...]): the
    // batch dims keep their strides, the expanded logical dims get 0.
    fake::Shape batch(sizes.begin(), sizes.begin() + static_cast<std::ptrdiff_t>(levels.size()));
    fake::Shape strides = fake::contiguousStrides(batch);
    strides.resize(sizes.size(), 0);
    plain.strides = strides;
  }
  tracer::BatchedTensorInfo b{plain, 0, levels[0], nullptr};
  for (size_t i = 1; i < levels.size(); ++i) {
    tracer::BatchedTensorInfo next{tracer::logicalMeta(b), 0, levels[i],
                                   std::make_shared<const tracer::BatchedTensorInfo>(b)};
    b = std::move(next);
  }
  return std::optional<tracer::BatchedTensorInfo>(std::move(b));
}

// _autograd_grad(outputs, inputs, create_graph=True): one gradient per input, as a tuple
// (wrap_fx_proxy: a getitem node per item).
Expected<VtPtr> autogradGrad(Tx& tx, const std::string& qualname, Args& args, Kwargs& kwargs) {
  if (args.size() != 2 || kwargs.size() != 1 || kwargs.begin()->first != "create_graph")
    return unsupported("_autograd_grad with other arguments than (outputs, inputs, create_graph)");
  const ConstantVariable* cg = asConstant(kwargs.begin()->second);
  if (!cg || cg->value() != ConstantValue(true))
    return unsupported("_autograd_grad without create_graph=True");
  auto outputs = tensorsOf(args[0], "outputs");
  if (!outputs) return outputs.error();
  auto inputs = tensorsOf(args[1], "inputs");
  if (!inputs) return inputs.error();
  auto& ctx = tx.context();
  auto& g = ctx.output.graph();
  std::vector<fake::TensorMeta> metas;
  std::vector<std::optional<tracer::BatchedTensorInfo>> batching;
  for (const auto* in : *inputs) {
    bool reached = false;
    for (const auto* o : *outputs) {
      if (!o->meta().requiresGrad)
        return unsupported(
            "torch.func.grad of an output that does not require grad "
            "(_autograd_grad's zeros_like path)");
      forEachAncestor(g, o->node(), [&](NodeId n) { reached = reached || n == in->node(); });
    }
    if (!reached)
      return unsupported(
          "torch.func.grad with respect to an input the output does not depend "
          "on (_autograd_grad's zeros_like path)");
    std::vector<NodeId> outs;
    for (const auto* o : *outputs) outs.push_back(o->node());
    auto rg = gradientRequiresGrad(ctx, outs, in->node());
    if (!rg) return rg.error();
    auto m = gradientMeta(g, in->node(), in->meta());
    Expected<std::optional<tracer::BatchedTensorInfo>> b = std::nullopt;
    if (!m && !batchedLevels(ctx, outs).empty()) {
      // A layout the rules of gradientMeta do not give, under vmap: the backward formulas
      // through the batching rules may (they refuse what they do not model).
      auto sim = batchedGradient(ctx, outs, in->node());
      if (!sim || !sim->batched) return m.error();
      m = sim->logical;
      b = std::optional<tracer::BatchedTensorInfo>(*sim->batched);
    } else {
      if (!m) return m.error();
      std::vector<NodeId> users = usersOf(g, in->node());
      bool sumOnly = users.size() == 1 && fullReduction(g.node(users[0])) == FullReduction::kSum;
      b = gradientBatching(ctx, outs, in->node(), *m, sumOnly);
    }
    if (!b) return b.error();
    if (*b) m = tracer::logicalMeta(**b);
    m->requiresGrad = *rg;  // create_graph=True at the grad level
    metas.push_back(*m);
    batching.push_back(*b);
  }
  NodeId node = ctx.output.callFunction(qualname,
                                        {sequenceArg(*outputs, args[0]->kind() == VtKind::kList),
                                         sequenceArg(*inputs, args[1]->kind() == VtKind::kList)},
                                        {{"create_graph", GraphArg::ofConstant(true)}});
  g.node(node).metaTuple = metas;
  std::vector<VtPtr> items;
  for (size_t i = 0; i < metas.size(); ++i) {
    NodeId item = ctx.output.callFunction(
        "operator.getitem", {GraphArg::ofNode(node), GraphArg::ofConstant(static_cast<int64_t>(i))},
        {});
    g.node(item).meta = metas[i];
    if (batching[i]) ctx.batchedTensors[item] = *batching[i];
    items.push_back(std::make_shared<TensorVariable>(item, metas[i]));
  }
  return makeTuple(std::move(items));
}

// _unwrap_for_grad(tensor, level): the tensor one level down, which does not require grad
// (no tensor requiring grad outside the transform reaches it).
Expected<VtPtr> unwrapForGrad(Tx& tx, const std::string& qualname, Args& args) {
  auto level = args.size() == 2 ? constantInt(args[1]) : std::nullopt;
  const TensorVariable* t = args.empty() ? nullptr : asTensor(args[0]);
  if (!t || !level)
    return unsupported("_unwrap_for_grad with other arguments than (tensor, level)");
  auto& ctx = tx.context();
  if (*level != gradLevel(ctx)) return unsupported("_unwrap_for_grad at another level than grad's");
  if (reachesOuterGrad(ctx.output.graph(), t->node()))
    return unsupported(
        "torch.func.grad over a tensor that requires grad outside the transform (what "
        "_unwrap_for_grad gives depends on the outer autograd graph: not modelled)");
  fake::TensorMeta meta = t->meta();
  meta.requiresGrad = false;
  NodeId node = ctx.output.callFunction(
      qualname, {GraphArg::ofNode(t->node()), GraphArg::ofConstant(*level)}, {});
  ctx.output.graph().node(node).meta = meta;
  keepBatching(ctx, t->node(), node);
  return VtPtr(std::make_shared<TensorVariable>(node, meta));
}

}  // namespace

Expected<VtPtr> functorchGradInGraphCall(Tx& tx, const std::string& qualname, Args& args,
                                         Kwargs& kwargs) {
  if (qualname == "torch._functorch.eager_transforms._autograd_grad")
    return autogradGrad(tx, qualname, args, kwargs);
  bool known = qualname == "torch._C._functorch._wrap_for_grad" ||
               qualname == "torch._functorch.eager_transforms._set_tensor_requires_grad" ||
               qualname == "torch._functorch.predispatch._unwrap_for_grad";
  if (!known) return Error("");
  if (!kwargs.empty()) return unsupported(qualname + " with keyword arguments");
  if (gradLevel(tx.context()) == 0)
    return unsupported(qualname + " outside torch.func.grad's level (not modelled)");
  if (qualname == "torch._C._functorch._wrap_for_grad") return wrapForGrad(tx, qualname, args);
  if (qualname == "torch._functorch.predispatch._unwrap_for_grad")
    return unwrapForGrad(tx, qualname, args);
  return setTensorRequiresGrad(tx, qualname, args);
}

}  // namespace dynrr::vt
