// ops_misc.cpp — meta functions for shape-preserving ops outside the families above:
// triu/tril, flip, cumsum, clamp/clip, outer, and diff. Mirrors the meta kernels torch 2.13
// registers for them (torch/_refs and torch/_meta_registrations.py): outputs are
// fresh tensors with the input's memory format preserved (empty_like) unless noted.
#include "core/fake/elementwise.h"
#include "core/fake/ops.h"
#include "core/fake/strides.h"

namespace dynrr::fake {
namespace {

// A fresh output shaped like `self`: memory format preserved (flip, clamp) or plain
// contiguous (triu/tril and cumsum allocate contiguous outputs in torch 2.13).
TensorMeta freshLike(const TensorMeta& self, DType dtype, bool requiresGrad,
                     bool contiguous = false) {
  TensorMeta out = self;
  out.dtype = dtype;
  out.strides = contiguous ? contiguousStrides(self.sizes) : preserveFormatStrides(self);
  out.storageOffset = 0;
  out.requiresGrad = requiresGrad;
  return out;
}

Expected<MetaValue> triangular(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "diagonal"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto diag = b->integer("diagonal", 0);
  if (!diag) return diag.error();
  if (self->dim() < 2) {
    std::string name = call.op.find("triu") != std::string_view::npos ? "triu" : "tril";
    return opError(call, name + ": input tensor must have at least 2 dimensions");
  }
  return MetaValue(freshLike(
      *self, self->dtype, outputRequiresGrad(call.ctx, self->dtype, {self->requiresGrad}), true));
}

Expected<MetaValue> flip(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dims"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto dims = b->intList("dims");
  if (!dims) return dims.error();
  for (int64_t d : *dims) {
    if (auto w = wrapDim(d, self->dim()); !w) return opError(call, w.error().message());
  }
  return MetaValue(freshLike(*self, self->dtype,
                             outputRequiresGrad(call.ctx, self->dtype, {self->requiresGrad})));
}

Expected<MetaValue> cumsum(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim", "dtype"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto dim = b->integer("dim");
  if (!dim) return dim.error();
  if (auto w = wrapDim(*dim, std::max<int64_t>(self->dim(), 1)); !w) {
    return opError(call, w.error().message());
  }
  auto dtype = b->dtype("dtype");
  if (!dtype) return dtype.error();
  DType out = dtype->value_or(isIntegral(self->dtype, true) ? DType::kInt64 : self->dtype);
  return MetaValue(
      freshLike(*self, out, outputRequiresGrad(call.ctx, out, {self->requiresGrad}), true));
}

Expected<MetaValue> clamp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "min", "max"});
  if (!b) return b.error();
  if (!b->has("min") && !b->has("max")) {
    return opError(call, "torch.clamp: At least one of 'min' or 'max' must not be None");
  }
  std::vector<IterOperand> operands;
  for (std::string_view name : {"input", "min", "max"}) {
    const MetaArg* arg = b->get(name);
    if (!arg) continue;
    auto op = toOperand(call, *arg, name);
    if (!op) return op.error();
    operands.push_back(*op);
  }
  DType common = commonDtype(operands, call.ctx.defaultDtype);
  if (common == DType::kBool) return opError(call, "\"clamp\" not implemented for 'Bool'");
  std::vector<IterOperand> converted;
  for (const auto& op : operands) converted.push_back(convertedTo(op, common));
  auto out = pointwiseOutput(call, converted, common);
  if (!out) return out.error();
  return MetaValue(*out);
}

Expected<MetaValue> outer(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "vec2"});
  if (!b) return b.error();
  auto a = b->tensor("input");
  if (!a) return a.error();
  auto v = b->tensor("vec2");
  if (!v) return v.error();
  if (a->dim() != 1) {
    return opError(call,
                   "outer: Expected 1-D argument self, but got " + std::to_string(a->dim()) + "-D");
  }
  if (v->dim() != 1) {
    return opError(call,
                   "outer: Expected 1-D argument vec2, but got " + std::to_string(v->dim()) + "-D");
  }
  std::vector<IterOperand> ops = {IterOperand{*a, false}, IterOperand{*v, false}};
  DType common = commonDtype(ops, call.ctx.defaultDtype);
  TensorMeta out = TensorMeta::contiguous(common, {a->sizes[0], v->sizes[0]}, a->device);
  out.requiresGrad = outputRequiresGrad(call.ctx, common, {a->requiresGrad, v->requiresGrad});
  return MetaValue(out);
}

// torch.diff (a composite: n rounds of narrow(dim, 1, L-1) - narrow(dim, 0, L-1), or
// logical_xor for bool): the length along dim shrinks by n (not below 0), the dtype is
// kept. prepend/append (a cat first) and non-contiguous inputs are not modelled.
Expected<MetaValue> diff(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "n", "dim", "prepend", "append"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto n = b->integer("n", 1);
  if (!n) return n.error();
  auto dim = b->integer("dim", -1);
  if (!dim) return dim.error();
  if (self->dim() == 0) return opError(call, "diff expects input to be at least one-dimensional");
  if (*n < 0) return opError(call, "order must be non-negative but got " + std::to_string(*n));
  auto w = wrapDim(*dim, self->dim());
  if (!w) return opError(call, w.error().message());
  size_t d = static_cast<size_t>(*w);
  // A cat (prepend/append) of at most 3 dims allocates a contiguous tensor; otherwise
  // only a contiguous input is modelled (the narrow-and-subtract keeps its layout).
  bool viaCat = (b->has("prepend") || b->has("append")) && self->dim() <= 3;
  if (!viaCat && self->strides != contiguousStrides(self->sizes))
    return Error("no meta function for torch.diff of a non-contiguous tensor");
  // prepend / append tensors are concatenated along dim first (torch.cat's promotion).
  std::vector<int64_t> sizes = self->sizes;
  std::vector<IterOperand> parts = {IterOperand{*self, false}};
  bool anyGrad = self->requiresGrad;
  for (std::string_view extra : {"prepend", "append"}) {
    if (!b->has(extra)) continue;
    auto t = b->tensor(extra);
    if (!t) return Error("no meta function for torch.diff with a non-tensor " + std::string(extra));
    if (t->dim() != self->dim())
      return opError(call, "diff expects prepend or append to be the same dimension as input");
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (i != d && t->sizes[i] != sizes[i])
        return opError(call,
                       "diff expects the shape of tensor to prepend or append to match that "
                       "of input except along the differencing dimension");
    }
    sizes[d] += t->sizes[d];
    parts.push_back(IterOperand{*t, false});
    anyGrad = anyGrad || t->requiresGrad;
  }
  DType dtype = parts.size() == 1 ? self->dtype : commonDtype(parts, call.ctx.defaultDtype);
  sizes[d] = std::max<int64_t>(0, sizes[d] - *n);
  TensorMeta out = TensorMeta::contiguous(dtype, sizes, self->device);
  out.requiresGrad = outputRequiresGrad(call.ctx, dtype, {anyGrad});
  return MetaValue(out);
}

}  // namespace

void registerMiscOps(OpRegistry& r) {
  for (const char* n : {"torch.diff", "Tensor.diff"}) r.add(n, diff);
  for (const char* n : {"torch.triu", "Tensor.triu", "torch.tril", "Tensor.tril"})
    r.add(n, triangular);
  for (const char* n : {"torch.flip", "Tensor.flip"}) r.add(n, flip);
  for (const char* n : {"torch.cumsum", "Tensor.cumsum", "torch.cumprod", "Tensor.cumprod"})
    r.add(n, cumsum);
  for (const char* n : {"torch.clamp", "Tensor.clamp", "torch.clip", "Tensor.clip"})
    r.add(n, clamp);
  for (const char* n : {"torch.outer", "Tensor.outer", "torch.ger"}) r.add(n, outer);
}

}  // namespace dynrr::fake
