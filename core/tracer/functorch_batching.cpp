// functorch_batching.cpp — see functorch_batching.h.
#include "core/tracer/functorch_batching.h"

#include <algorithm>
#include <set>

#include "core/tracer/derived_sizes.h"

namespace dynrr::tracer {
namespace {

// The pointwise operators (BatchRulesUnary.cpp, BatchRulesBinaryOps.cpp), by the name
// after the last dot of the meta operator ("Tensor.sin", "operator.mul", "torch.add").
bool isPointwise(const std::string& op) {
  static const std::set<std::string> kNames = {
      "sin",      "cos",        "tan",         "tanh",         "exp",      "expm1",   "log",
      "log1p",    "log2",       "sqrt",        "rsqrt",        "abs",      "neg",     "relu",
      "sigmoid",  "floor",      "ceil",        "round",        "trunc",    "sign",    "erf",
      "square",   "reciprocal", "silu",        "gelu",         "asin",     "acos",    "atan",
      "sinh",     "cosh",       "add",         "sub",          "mul",      "truediv", "div",
      "pow",      "maximum",    "minimum",     "__add__",      "__radd__", "__sub__", "__rsub__",
      "__mul__",  "__rmul__",   "__truediv__", "__rtruediv__", "__pow__",  "__neg__", "subtract",
      "multiply", "divide",     "true_divide"};
  return kNames.count(op.substr(op.rfind('.') + 1)) > 0;
}

bool isSumOrMean(const std::string& op) {
  return op == "Tensor.sum" || op == "torch.sum" || op == "Tensor.mean" || op == "torch.mean";
}

Expected<fake::TensorMeta> tensorOp(const std::string& op, std::vector<fake::MetaArg> args,
                                    const fake::FakeContext& fctx) {
  auto r = fake::callOp(op, args, {}, fctx);
  if (!r) return r.error();
  if (!r->is<fake::TensorMeta>()) return unsupported("vmap: " + op + " did not give a tensor");
  return r->as<fake::TensorMeta>();
}

// A view op (Tensor.movedim(src, dst) or Tensor.unsqueeze(dim)) run on a tensor at some
// level. Batched there, the view's batch rule (BatchRulesViews.cpp movedim / unsqueeze)
// moves the batch dim to the front (moveBatchDimToFront), then runs the view on the
// physical tensor with the logical dims shifted past it, one level down; the result is
// batched at dim 0.
Expected<LevelTensor> viewAt(const std::string& op, const LevelTensor& x, std::vector<int64_t> dims,
                             const fake::FakeContext& fctx) {
  if (!x.batched) {
    std::vector<fake::MetaArg> args = {fake::MetaArg(x.meta)};
    for (int64_t d : dims) args.emplace_back(d);
    auto r = tensorOp(op, std::move(args), fctx);
    if (!r) return r.error();
    return LevelTensor{*r, nullptr};
  }
  const BatchedTensorInfo& b = *x.batched;
  LevelTensor physical{b.physical, b.inner};
  if (b.bdim != 0) {
    auto front = viewAt("Tensor.movedim", physical, {b.bdim, 0}, fctx);
    if (!front) return front;
    physical = *front;
  }
  const int64_t rank = x.meta.dim() + (op == "Tensor.unsqueeze" ? 1 : 0);
  for (auto& d : dims) {
    if (d < -rank || d >= rank) return unsupported("vmap: " + op + " with a dim out of range");
    d = (d < 0 ? d + rank : d) + 1;
  }
  auto r = viewAt(op, physical, std::move(dims), fctx);
  if (!r) return r;
  BatchedTensorInfo out{r->meta, 0, b.level, r->batched};
  return LevelTensor{logicalMeta(out), std::make_shared<const BatchedTensorInfo>(out)};
}

// moveBatchDimToFront, then maybePadToLogicalRank: size-1 dims after the batch dim; the
// physical tensor as the level below sees it.
Expected<LevelTensor> frontAndPad(const BatchedTensorInfo& b, int64_t rank,
                                  const fake::FakeContext& fctx) {
  auto m = viewAt("Tensor.movedim", LevelTensor{b.physical, b.inner}, {b.bdim, 0}, fctx);
  if (!m) return m;
  while (m->meta.dim() - 1 < rank) {
    m = viewAt("Tensor.unsqueeze", *m, {1}, fctx);
    if (!m) return m;
  }
  return m;
}

// The pointwise rules at the highest level an argument is batched at, the op then run one
// level down (where the physical tensors, and operands batched only at lower levels, may
// be batched again): binary_pointwise_batch_rule moves the batch dims of batched operands
// to the front and pads them to the largest logical rank; the unary rule keeps it.
Expected<LevelTensor> pointwiseAt(const std::string& op, std::vector<fake::MetaArg> args,
                                  std::vector<std::shared_ptr<const BatchedTensorInfo>> batched,
                                  const fake::Kwargs& kwargs, const fake::FakeContext& fctx) {
  int64_t level = 0;
  for (const auto& b : batched)
    if (b) level = std::max(level, b->level);
  if (level == 0) {
    auto r = fake::callOp(op, args, kwargs, fctx);
    if (!r) return r.error();
    // The physical op under symbolic sizes takes FakeTensorMode's fast path, as in the frame.
    fastBinaryStrides(fctx.symbolBase, op, args, kwargs, *r);
    if (!r->is<fake::TensorMeta>()) return unsupported("vmap: " + op + " did not give a tensor");
    return LevelTensor{r->as<fake::TensorMeta>(), nullptr};
  }
  if (args.size() == 1) {
    // basic_unary_batch_rule (BatchRulesUnary.cpp): the op on the physical tensor as it
    // is, the batch dim where it was (which shows in the strides when a dim has size 1).
    const BatchedTensorInfo& b = *batched[0];
    auto r = pointwiseAt(op, {fake::MetaArg(b.physical)}, {b.inner}, kwargs, fctx);
    if (!r) return r;
    BatchedTensorInfo out{r->meta, b.bdim, level, r->batched};
    return LevelTensor{logicalMeta(out), std::make_shared<const BatchedTensorInfo>(out)};
  }
  int64_t rank = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    if (batched[i] && batched[i]->level == level)
      rank = std::max(rank, batched[i]->physical.dim() - 1);
    else if (const auto* t = args[i].get<fake::TensorMeta>())
      rank = std::max(rank, t->dim());
  }
  for (size_t i = 0; i < args.size(); ++i) {
    if (!batched[i] || batched[i]->level != level) continue;
    auto m = frontAndPad(*batched[i], rank, fctx);
    if (!m) return m.error();
    args[i] = fake::MetaArg(m->meta);
    batched[i] = m->batched;
  }
  auto r = pointwiseAt(op, std::move(args), std::move(batched), kwargs, fctx);
  if (!r) return r;
  BatchedTensorInfo out{r->meta, 0, level, r->batched};
  return LevelTensor{logicalMeta(out), std::make_shared<const BatchedTensorInfo>(out)};
}

Expected<BatchedTensorInfo> pointwise(const std::string& op, std::vector<fake::MetaArg> args,
                                      const std::vector<const BatchedTensorInfo*>& batched,
                                      const fake::Kwargs& kwargs, const fake::FakeContext& fctx) {
  std::vector<std::shared_ptr<const BatchedTensorInfo>> infos;
  for (const auto* b : batched)
    infos.push_back(b ? std::make_shared<const BatchedTensorInfo>(*b) : nullptr);
  auto r = pointwiseAt(op, std::move(args), std::move(infos), kwargs, fctx);
  if (!r) return r.error();
  return *r->batched;
}

// boxed_reduction_batch_rule for sum / mean: logical dims shifted past the batch dim in
// front; no dim reduces every logical dim. Under nested vmap levels the reduction of the
// moved physical tensor runs one level down, where it is batched again: the same rule
// there, with the dims now given.
Expected<BatchedTensorInfo> reduction(const std::string& op, const std::vector<fake::MetaArg>& args,
                                      const BatchedTensorInfo& b, fake::Kwargs kwargs,
                                      const fake::FakeContext& fctx) {
  const int64_t rank = b.physical.dim() - 1;
  if (rank == 0) return unsupported("vmap: " + op + " of a batched 0-d tensor (not modelled)");
  std::optional<fake::MetaArg> dimArg;
  std::vector<fake::MetaArg> rest;
  if (args.size() > 1) dimArg = args[1];
  for (size_t i = 2; i < args.size(); ++i) rest.push_back(args[i]);
  for (auto it = kwargs.begin(); it != kwargs.end();) {
    if (it->first == "dim") {
      dimArg = it->second;
      it = kwargs.erase(it);
    } else {
      ++it;
    }
  }
  std::vector<int64_t> logical;
  if (!dimArg || dimArg->is<fake::NoneValue>()) {
    if (!rest.empty()) return unsupported("vmap: " + op + " with a None dim and more arguments");
    for (int64_t d = 0; d < rank; ++d) logical.push_back(d);
  } else if (const auto* d = dimArg->get<int64_t>()) {
    logical.push_back(*d);
  } else if (const auto* seq = dimArg->get<fake::ArgSeq>()) {
    for (const auto& item : seq->items) {
      const auto* d = item.get<int64_t>();
      if (!d) return unsupported("vmap: " + op + " with a dim list of non-ints");
      logical.push_back(*d);
    }
    if (logical.empty()) return unsupported("vmap: " + op + " with an empty dim list");
  } else {
    return unsupported("vmap: " + op + " with a dim that is not an int or a list of ints");
  }
  std::vector<fake::MetaArg> dims;
  for (int64_t d : logical) {
    if (d < -rank || d >= rank) return unsupported("vmap: " + op + " with a dim out of range");
    dims.emplace_back((d < 0 ? d + rank : d) + 1);
  }
  auto front = frontAndPad(b, rank, fctx);
  if (!front) return front.error();
  std::vector<fake::MetaArg> call = {fake::MetaArg(front->meta),
                                     fake::MetaArg::list(std::move(dims))};
  for (auto& r : rest) call.push_back(std::move(r));
  if (front->batched) {
    auto below = reduction(op, call, *front->batched, kwargs, fctx);
    if (!below) return below;
    return BatchedTensorInfo{logicalMeta(*below), 0, b.level,
                             std::make_shared<const BatchedTensorInfo>(*below)};
  }
  auto r = fake::callOp(op, call, kwargs, fctx);
  if (!r) return r.error();
  if (!r->is<fake::TensorMeta>()) return unsupported("vmap: " + op + " did not give a tensor");
  return BatchedTensorInfo{r->as<fake::TensorMeta>(), 0, b.level, nullptr};
}

// F.linear with only its input batched. linear is CompositeImplicitAutograd: under vmap it
// decomposes into matmul (+ bias), and with the input's batch dim in front of a
// contiguous physical tensor, the matmul rule folds the batch into the rows: the physical
// result is linear of the physical input, batch dim in front (contiguous). A batched
// weight or bias, or an input batched elsewhere (moved to the front, not contiguous) is
// refused.
Expected<BatchedTensorInfo> linear(const std::string& op, std::vector<fake::MetaArg> args,
                                   const std::vector<const BatchedTensorInfo*>& batched,
                                   const fake::Kwargs& kwargs, const fake::FakeContext& fctx) {
  if (args.empty() || !batched[0] || !kwargs.empty())
    return unsupported("vmap: " + op + " with other than a batched input and positional arguments");
  for (size_t i = 1; i < batched.size(); ++i)
    if (batched[i]) return unsupported("vmap: " + op + " with a batched weight or bias");
  const BatchedTensorInfo& b = *batched[0];
  if (b.inner) return unsupported("vmap: " + op + " under nested vmap levels (not modelled)");
  if (b.bdim != 0 || !b.physical.isContiguous() || b.physical.dim() < 2)
    return unsupported("vmap: " + op +
                       " of an input whose batch dim is not in front of a contiguous tensor");
  args[0] = fake::MetaArg(b.physical);
  auto r = tensorOp(op, std::move(args), fctx);
  if (!r) return r.error();
  return BatchedTensorInfo{*r, 0, b.level, nullptr};
}

}  // namespace

fake::TensorMeta logicalMeta(const BatchedTensorInfo& b) {
  fake::TensorMeta m = b.physical;
  m.sizes.erase(m.sizes.begin() + b.bdim);
  m.strides.erase(m.strides.begin() + b.bdim);
  m.requiresGrad = false;
  return m;
}

Expected<BatchedTensorInfo> addBatchDim(const fake::TensorMeta& t, int64_t inDim, int64_t level) {
  if (t.requiresGrad)
    return unsupported(
        "vmap over a tensor that requires grad (the autograd metadata of its "
        "BatchedTensor is not modelled)");
  if (inDim < 0 || inDim >= t.dim()) return unsupported("_add_batch_dim with a dim out of range");
  return BatchedTensorInfo{t, inDim, level, nullptr};
}

Expected<LevelTensor> removeBatchDim(const BatchedTensorInfo* b, const fake::TensorMeta& t,
                                     int64_t batchSize, int64_t outDim) {
  if (!b) {
    // An output that does not depend on a batched input: expanded along a new dim.
    if (outDim != 0)
      return unsupported("vmap: an unbatched output with out_dim != 0 (not modelled)");
    fake::TensorMeta m = t;
    m.sizes.insert(m.sizes.begin(), batchSize);
    m.strides.insert(m.strides.begin(), 0);
    return LevelTensor{m, nullptr};
  }
  const int64_t rank = b->physical.dim();
  if (outDim < 0) outDim += rank;
  if (outDim < 0 || outDim >= rank)
    return unsupported("_remove_batch_dim with out_dim out of range");
  fake::FakeContext fctx;
  return viewAt("Tensor.movedim", LevelTensor{b->physical, b->inner}, {b->bdim, outDim}, fctx);
}

Expected<BatchedTensorInfo> batchedCall(const std::string& op,
                                        const std::vector<fake::MetaArg>& args,
                                        const std::vector<const BatchedTensorInfo*>& batched,
                                        const fake::Kwargs& kwargs, const fake::FakeContext& fctx) {
  size_t count = 0;
  for (const auto* b : batched) count += b ? 1 : 0;
  for (const auto& [name, value] : kwargs)
    if (value.is<fake::TensorMeta>())
      return unsupported("vmap: " + op + " with a tensor keyword argument (not modelled)");
  if (isPointwise(op)) return pointwise(op, args, batched, kwargs, fctx);
  if (isSumOrMean(op) && count == 1 && batched[0])
    return reduction(op, args, *batched[0], kwargs, fctx);
  if (op == "torch._C._nn.linear" || op == "torch.nn.functional.linear")
    return linear(op, args, batched, kwargs, fctx);
  return unsupported("vmap: the batching rule of " + op +
                     " (functorch's BatchRules for it are not modelled)");
}

}  // namespace dynrr::tracer
