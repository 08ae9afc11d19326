// functorch.cpp — see functorch.h.
#include "core/vt/functorch.h"

#include "core/tracer/functorch_batching.h"
#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"
#include "core/vt/functorch_grad.h"
#include "core/vt/tensor.h"

namespace dynrr::vt {

// TorchCtxManagerClassVariable.call_function: vmap_increment_nesting(batch_size,
// randomness) makes the manager; both are read as Python constants when it is entered.
Expected<VtPtr> VmapIncrementNestingVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (!isClass_) return VariableTracker::callFunction(tx, std::move(args), std::move(kwargs));
  if (args.size() != 2 || !kwargs.empty())
    return unsupported("vmap_increment_nesting without exactly two positional arguments");
  auto manager = std::make_shared<VmapIncrementNestingVariable>(false, nullptr);
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r;
    a = *r;
  }
  if (!constantInt(args[0]))
    return unsupported(
        "vmap over a batch size that is not a constant int (a SymInt batch size "
        "is not modelled)");
  const ConstantVariable* mode = asConstant(args[1]);
  if (!mode || !std::holds_alternative<std::string>(mode->value()))
    return unsupported("vmap_increment_nesting with a randomness that is not a str");
  manager->batchSize_ = args[0];
  manager->randomness_ = args[1];
  return VtPtr(manager);
}

// VmapIncrementNestingCtxManagerVariable.enter: the guard on functorch's stack, the next
// level (returned as a constant), and the _vmap_increment_nesting node.
Expected<VtPtr> VmapIncrementNestingVariable::enter(Tx& tx) {
  if (isClass_) return unsupported("a with statement on the function vmap_increment_nesting");
  auto& ctx = tx.context();
  using Kind = tracer::FunctorchLevel::Kind;
  const int64_t grad = ctx.functorchLevels.innermost(Kind::kGrad);
  if (grad > 0 && ctx.functorchLevels.innermost(Kind::kVmap) > 0 &&
      ctx.functorchLevels.innermost(Kind::kVmap) < grad)
    return unsupported(
        "nested functorch transforms (vmap inside torch.func.grad inside vmap: not "
        "modelled)");
  if (ctx.functorchOuterActive)
    return unsupported(
        "torch.func.vmap in a frame entered while a functorch transform is active (the "
        "outer levels are not recorded)");
  ctx.output.addGuard(guards::GuardKind::FUNCTORCH_STACK_MATCH, "");
  const auto& mode = std::get<std::string>(asConstant(randomness_)->value());
  int64_t level = ctx.functorchLevels.push(Kind::kVmap, *constantInt(batchSize_), mode);
  ctx.output.callFunction("torch._functorch.predispatch._vmap_increment_nesting",
                          {tracer::GraphArg::ofConstant(asConstant(batchSize_)->value()),
                           tracer::GraphArg::ofConstant(asConstant(randomness_)->value())},
                          {});
  return ConstantVariable::make(level);
}

// VmapIncrementNestingCtxManagerVariable.exit: the _vmap_decrement_nesting node.
Expected<VtPtr> VmapIncrementNestingVariable::exit(Tx& tx, Args) {
  auto& ctx = tx.context();
  ctx.output.callFunction("torch._functorch.predispatch._vmap_decrement_nesting", {}, {});
  ctx.functorchLevels.pop();
  return ConstantVariable::make(NoneValue{});
}

namespace {

Expected<std::vector<int64_t>> constantInts(const Args& args, size_t from, const char* what) {
  std::vector<int64_t> out;
  for (size_t i = from; i < args.size(); ++i) {
    auto v = constantInt(args[i]);
    if (!v) return unsupported(std::string(what) + " with an argument that is not a constant int");
    out.push_back(*v);
  }
  return out;
}

// _add_batch_dim(tensor, in_dim, level): a BatchedTensor over the tensor.
Expected<VtPtr> addBatchDim(Tx& tx, const std::string& qualname, Args& args) {
  if (args.size() != 3 || args[0]->kind() != VtKind::kTensor)
    return unsupported("_add_batch_dim with other arguments than (tensor, in_dim, level)");
  auto ints = constantInts(args, 1, "_add_batch_dim");
  if (!ints) return ints.error();
  auto& ctx = tx.context();
  const auto& t = static_cast<const TensorVariable&>(*args[0]);
  // Inside torch.func.grad (a vmap level above a grad level) a tensor requiring grad is
  // one the grad level differentiates: the BatchedTensor's plain tensor requires grad,
  // its example value does not. The layout of its gradient is modelled for in_dim 0
  // (core/vt/functorch_grad.cpp gradientMeta).
  fake::TensorMeta plain = t.meta();
  const bool gradBelow =
      plain.requiresGrad && ctx.functorchLevels.innermost(tracer::FunctorchLevel::Kind::kGrad) > 0;
  if (gradBelow) plain.requiresGrad = false;
  auto b = tracer::addBatchDim(plain, (*ints)[0], (*ints)[1]);
  if (!b) return b.error();
  if (gradBelow) b->physical.requiresGrad = true;
  if (auto inner = ctx.batchedTensors.find(t.node()); inner != ctx.batchedTensors.end()) {
    // A BatchedTensor of a lower level wrapped again (nested vmap).
    if (inner->second.level >= b->level)
      return unsupported("_add_batch_dim of a tensor batched at a level not below the new one");
    b->inner = std::make_shared<const tracer::BatchedTensorInfo>(inner->second);
  }
  NodeId node = ctx.output.callFunction(
      qualname,
      {tracer::GraphArg::ofNode(t.node()), tracer::GraphArg::ofConstant((*ints)[0]),
       tracer::GraphArg::ofConstant((*ints)[1])},
      {});
  fake::TensorMeta logical = tracer::logicalMeta(*b);
  ctx.output.graph().node(node).meta = logical;
  ctx.batchedTensors[node] = *b;
  return VtPtr(std::make_shared<TensorVariable>(node, logical));
}

// _remove_batch_dim(tensor, level, batch_size, out_dim): the physical tensor with its
// batch dim at out_dim.
Expected<VtPtr> removeBatchDim(Tx& tx, const std::string& qualname, Args& args) {
  if (args.size() != 4 || args[0]->kind() != VtKind::kTensor)
    return unsupported("_remove_batch_dim with other arguments than (tensor, level, size, dim)");
  auto ints = constantInts(args, 1, "_remove_batch_dim");
  if (!ints) return ints.error();
  auto& ctx = tx.context();
  const auto& t = static_cast<const TensorVariable&>(*args[0]);
  auto it = ctx.batchedTensors.find(t.node());
  const tracer::BatchedTensorInfo* b = it == ctx.batchedTensors.end() ? nullptr : &it->second;
  if (b && b->level != (*ints)[0])
    return unsupported("_remove_batch_dim of a tensor batched at another level");
  auto meta = tracer::removeBatchDim(b, t.meta(), (*ints)[1], (*ints)[2]);
  if (!meta) return meta.error();
  std::vector<tracer::GraphArg> gargs = {tracer::GraphArg::ofNode(t.node())};
  for (int64_t v : *ints) gargs.push_back(tracer::GraphArg::ofConstant(v));
  NodeId node = ctx.output.callFunction(qualname, std::move(gargs), {});
  ctx.output.graph().node(node).meta = meta->meta;
  if (meta->batched) ctx.batchedTensors[node] = *meta->batched;  // still batched below
  return VtPtr(std::make_shared<TensorVariable>(node, meta->meta));
}

}  // namespace

Expected<VtPtr> functorchInGraphCall(Tx& tx, const std::string& qualname, Args& args,
                                     Kwargs& kwargs) {
  static const std::string kPre = "torch._functorch.predispatch.";
  if (auto g = functorchGradInGraphCall(tx, qualname, args, kwargs);
      g || !g.error().message().empty())
    return g;
  if (qualname.rfind(kPre, 0) != 0) return Error("");
  if (!kwargs.empty()) return unsupported(qualname + " with keyword arguments");
  const std::string name = qualname.substr(kPre.size());
  if (name == "lazy_load_decompositions" && args.empty()) {
    tx.context().output.callFunction(qualname, {}, {});
    return ConstantVariable::make(NoneValue{});
  }
  if (name == "_add_batch_dim") return addBatchDim(tx, qualname, args);
  if (name == "_remove_batch_dim") return removeBatchDim(tx, qualname, args);
  return unsupported("functorch in-graph function " + qualname + " (not modelled)");
}

}  // namespace dynrr::vt
