// ops_reduction.cpp — meta functions of reductions and softmax.
//
// Mirrors ATen's ReduceOps.cpp / ReduceOpsUtils.h (resize_reduction: the output is a
// fresh contiguous tensor of the reduced shape; sum of integers accumulates in int64;
// prod too; all/any give bool; logsumexp floats integers; mean needs a floating/complex dtype;
// max/min with a dim return values and int64 indices) and SoftMax.cpp (contiguous output, optional
// dtype conversion first).
#include <algorithm>

#include "core/fake/elementwise.h"
#include "core/fake/op_args.h"
#include "core/fake/ops.h"

namespace dynrr::fake {
namespace {

// Which dims a reduction removes; empty/absent `dims` reduces all.
Expected<std::vector<bool>> reducedDims(const OpCall& call, const TensorMeta& t,
                                        const std::optional<std::vector<std::int64_t>>& dims) {
  const auto ndim = t.dim();
  std::vector<bool> mask(ndim, false);
  if (!dims || dims->empty()) {
    std::fill(mask.begin(), mask.end(), true);
    return mask;
  }
  for (auto d : *dims) {
    auto w = wrapDim(d, ndim);
    if (!w) return opError(call, w.error().message());
    if (ndim == 0) continue;
    if (mask[*w]) {
      return opError(call,
                     "dim " + std::to_string(*w) + " appears multiple times in the list of dims");
    }
    mask[*w] = true;
  }
  return mask;
}

TensorMeta reducedTensor(const OpCall& call, const TensorMeta& t, const std::vector<bool>& mask,
                         bool keepdim, DType dtype, bool differentiable) {
  Shape shape;
  for (std::int64_t i = 0; i < t.dim(); ++i) {
    if (!mask[i]) {
      shape.push_back(t.sizes[i]);
    } else if (keepdim) {
      shape.push_back(1);
    }
  }
  TensorMeta out = TensorMeta::contiguous(dtype, std::move(shape), t.device);
  out.requiresGrad = differentiable && outputRequiresGrad(call.ctx, dtype, {t.requiresGrad});
  return out;
}

enum class Reduce { kSum, kMean, kAmax, kMaxMin, kArgmax, kStdVar, kProd, kAllAny, kLogsumexp };

Expected<MetaValue> reduceOp(const OpCall& call, Reduce kind, const char* name) {
  std::vector<std::string_view> params = {"input", "dim", "keepdim"};
  if (kind == Reduce::kSum || kind == Reduce::kMean || kind == Reduce::kProd) {
    params.push_back("dtype");
  }
  // std/var(input, dim, unbiased, keepdim, *, correction): the legacy `unbiased` sits
  // between dim and keepdim.
  if (kind == Reduce::kStdVar) params = {"input", "dim", "unbiased", "keepdim", "correction"};
  // max(input, other) is the binary maximum.
  if (kind == Reduce::kMaxMin && call.args.size() >= 2 && call.args[1].is<TensorMeta>()) {
    auto b = BoundArgs::bind(call, {"input", "other"});
    if (!b) return b.error();
    auto x = b->tensor("input");
    if (!x) return x.error();
    auto y = b->tensor("other");
    if (!y) return y.error();
    std::vector<IterOperand> ops = {{*x, false}, {*y, false}};
    const DType common = commonDtype(ops, call.ctx.defaultDtype);
    auto out = pointwiseOutput(call, ops, common, true, common);
    if (!out) return out.error();
    return MetaValue(std::move(out.value()));
  }
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  auto keepdim = b->boolean("keepdim", false);
  if (!keepdim) return keepdim.error();
  std::optional<std::vector<std::int64_t>> dims;
  if (b->has("dim")) {
    auto d = b->intList("dim");
    if (!d) return d.error();
    dims = std::move(d.value());
  }
  auto mask = reducedDims(call, *t, dims);
  if (!mask) return mask.error();
  if (kind == Reduce::kArgmax && t->dtype == DType::kBool) {
    return opError(call, std::string(name) + "(): does not support bool input");
  }
  if (kind == Reduce::kProd && dims && (dims->size() != 1 || b->get("dim")->is<ArgSeq>())) {
    return opError(call, "prod() received an invalid combination of arguments - got (Tensor, " +
                             b->get("dim")->typeName() + "), but expected one of:");
  }
  if (kind == Reduce::kLogsumexp && !dims) {
    return opError(call, "logsumexp() missing 1 required positional arguments: \"dim\"");
  }
  if (kind != Reduce::kSum && kind != Reduce::kMean && kind != Reduce::kProd &&
      kind != Reduce::kAllAny && kind != Reduce::kLogsumexp && dims) {
    // amax/max/argmax with a dim: every reduced dim must be non-empty.
    for (std::int64_t i = 0; i < t->dim(); ++i) {
      if ((*mask)[i] && t->sizes[i] == 0) {
        return opError(call, std::string(name) + "(): Expected reduction dim " + std::to_string(i) +
                                 " to have non-zero size.");
      }
    }
  }
  switch (kind) {
    case Reduce::kAllAny: {
      // all/any return bool, except uint8 inputs keep uint8.
      const DType out = t->dtype == DType::kUInt8 ? DType::kUInt8 : DType::kBool;
      return MetaValue(reducedTensor(call, *t, *mask, *keepdim, out, false));
    }
    case Reduce::kLogsumexp: {
      const DType out = isIntegral(t->dtype, true) ? call.ctx.defaultDtype : t->dtype;
      return MetaValue(reducedTensor(call, *t, *mask, *keepdim, out, true));
    }
    case Reduce::kProd:
    case Reduce::kSum:
    case Reduce::kMean: {
      auto requested = b->dtype("dtype");
      if (!requested) return requested.error();
      DType out = t->dtype;
      if (*requested) {
        out = **requested;
      } else if (kind != Reduce::kMean && isIntegral(t->dtype, true)) {
        out = DType::kInt64;
      }
      if (kind == Reduce::kMean && !isFloatingOrComplex(out)) {
        return opError(call,
                       "mean(): could not infer output dtype. Input dtype must be either a "
                       "floating point or complex dtype. Got: " +
                           std::string(scalarTypeName(out)));
      }
      return MetaValue(reducedTensor(call, *t, *mask, *keepdim, out, true));
    }
    case Reduce::kStdVar: {
      if (!isFloatingOrComplex(t->dtype)) {
        return opError(call, "std and var only support floating point and complex dtypes");
      }
      DType out = t->dtype == DType::kComplex64    ? DType::kFloat32
                  : t->dtype == DType::kComplex128 ? DType::kFloat64
                                                   : t->dtype;
      return MetaValue(reducedTensor(call, *t, *mask, *keepdim, out, true));
    }
    case Reduce::kAmax: return MetaValue(reducedTensor(call, *t, *mask, *keepdim, t->dtype, true));
    case Reduce::kMaxMin: {
      if (!dims) {
        if (t->numel() == 0) {
          return opError(call,
                         std::string(name) +
                             "(): Expected reduction dim to be specified for input.numel() == 0. "
                             "Specify the reduction dim with the 'dim' argument.");
        }
        return MetaValue(reducedTensor(call, *t, *mask, false, t->dtype, true));
      }
      if (dims->size() != 1) return b->typeError("dim", "int");
      auto values = reducedTensor(call, *t, *mask, *keepdim, t->dtype, true);
      auto indices = reducedTensor(call, *t, *mask, *keepdim, DType::kInt64, false);
      return MetaValue::tuple({MetaValue(std::move(values)), MetaValue(std::move(indices))});
    }
    case Reduce::kArgmax: {
      if (dims && dims->size() != 1) return b->typeError("dim", "int");
      return MetaValue(reducedTensor(call, *t, *mask, *keepdim, DType::kInt64, false));
    }
  }
  return opError(call, "unreachable reduction kind");
}

Expected<MetaValue> softmaxOp(const OpCall& call, bool log) {
  std::vector<std::string_view> params = {"input", "dim"};
  if (call.op.substr(0, 19) == "torch.nn.functional") {
    params.push_back("_stacklevel");
  }
  params.push_back("dtype");
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  if (!b->has("dim")) {
    return opError(call,
                   "softmax without an explicit dim is not modelled in " + describeCall(call));
  }
  auto d = b->integer("dim");
  if (!d) return d.error();
  auto dim = wrapDim(*d, t->dim());
  if (!dim) return opError(call, dim.error().message());
  auto requested = b->dtype("dtype");
  if (!requested) return requested.error();
  DType out = requested->value_or(t->dtype);
  if (!isFloating(out)) {
    const bool lastDim = t->dim() == 0 || *dim == t->dim() - 1;
    std::string kernel = std::string(log ? "log_softmax" : "softmax") +
                         (lastDim ? "_lastdim_kernel_impl" : "_kernel_impl");
    return opError(
        call, "\"" + kernel + "\" not implemented for '" + std::string(scalarTypeName(out)) + "'");
  }
  TensorMeta result = TensorMeta::contiguous(out, t->sizes, t->device);
  result.requiresGrad = outputRequiresGrad(call.ctx, out, {t->requiresGrad});
  return MetaValue(std::move(result));
}

void add(OpRegistry& r, std::initializer_list<const char*> names, Reduce kind, const char* name) {
  for (const char* n : names)
    r.add(n, [kind, name](const OpCall& c) { return reduceOp(c, kind, name); });
}

}  // namespace

void registerReductionOps(OpRegistry& r) {
  add(r, {"torch.sum", "Tensor.sum"}, Reduce::kSum, "sum");
  add(r, {"torch.mean", "Tensor.mean"}, Reduce::kMean, "mean");
  add(r, {"torch.std", "Tensor.std"}, Reduce::kStdVar, "std");
  add(r, {"torch.var", "Tensor.var"}, Reduce::kStdVar, "var");
  add(r, {"torch.amax", "Tensor.amax"}, Reduce::kAmax, "amax");
  add(r, {"torch.amin", "Tensor.amin"}, Reduce::kAmax, "amin");
  add(r, {"torch.max", "Tensor.max"}, Reduce::kMaxMin, "max");
  add(r, {"torch.min", "Tensor.min"}, Reduce::kMaxMin, "min");
  add(r, {"torch.argmax", "Tensor.argmax"}, Reduce::kArgmax, "argmax");
  add(r, {"torch.argmin", "Tensor.argmin"}, Reduce::kArgmax, "argmin");
  add(r, {"torch.prod", "Tensor.prod"}, Reduce::kProd, "prod");
  add(r, {"torch.all", "Tensor.all"}, Reduce::kAllAny, "all");
  add(r, {"torch.any", "Tensor.any"}, Reduce::kAllAny, "any");
  add(r, {"torch.logsumexp", "Tensor.logsumexp"}, Reduce::kLogsumexp, "logsumexp");
  for (const char* n : {"torch.softmax", "Tensor.softmax", "torch.nn.functional.softmax"}) {
    r.add(n, [](const OpCall& c) { return softmaxOp(c, false); });
  }
  for (const char* n :
       {"torch.log_softmax", "Tensor.log_softmax", "torch.nn.functional.log_softmax"}) {
    r.add(n, [](const OpCall& c) { return softmaxOp(c, true); });
  }
}

}  // namespace dynrr::fake
