// ops_surface_extra.cpp — more Tensor methods of Dynamo's surface, with their torch.*
// spellings: pointwise (angle, hardshrink, mvlgamma, polygamma, conj_physical and their
// in-place forms, float_power_), new dense tensors (kron, inner, diag_embed, diagflat,
// narrow_copy, sum_to_size, cross, new_empty_strided, rot90), views (adjoint, unfold)
// and detach_ on a tensor that needs no grad; the deprecated out-of-place resize /
// resize_as (torch.autograd._functions.Resize), dequantize of a float tensor and
// module_load (torch/_tensor.py).
//
// Mirrors the meta functions FakeTensorMode runs for these ops (torch/_refs and
// torch/_meta_registrations.py, ATen's native kernels for the allocation of their
// outputs): out-of-place results of the composite ops are fresh contiguous tensors,
// views keep the input's storage with the strides their view function computes.
// Where a case would need more than the rule written here (complex inputs, mixed
// dtypes, broadcasting), the op is refused by name rather than approximated.
#include "core/fake/elementwise.h"
#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/promotion.h"
#include "core/fake/tensor_meta.h"

namespace dynrr::fake {
namespace {

TensorMeta dense(const TensorMeta& like, Shape sizes, DType dtype, bool requiresGrad) {
  TensorMeta t = like;
  t.sizes = std::move(sizes);
  t.strides = contiguousStrides(t.sizes);
  t.storageOffset = 0;
  t.dtype = dtype;
  t.requiresGrad = requiresGrad;
  return t;
}

Error notModelled(const OpCall& call, const std::string& what) {
  return opError(call, what + " is not modelled");
}

// A pointwise op of one tensor: `intToFloat` computes integers in the default dtype
// (unary_float_op); `floatOnly` refuses integer inputs (the kernel is not defined for them).
Expected<MetaValue> unary(const OpCall& call, std::vector<std::string_view> params, bool intToFloat,
                          bool floatOnly) {
  auto b = BoundArgs::bind(call, std::move(params));
  if (!b) return b.error();
  auto in = b->tensor("input");
  if (!in) return in.error();
  if (isComplex(in->dtype)) return notModelled(call, "a complex input");
  if (floatOnly && isIntegral(in->dtype, true)) return notModelled(call, "an integer input");
  DType out = intToFloat && isIntegral(in->dtype, true) ? call.ctx.defaultDtype : in->dtype;
  auto result = pointwiseOutput(call, {IterOperand{*in, false}}, out, true, out);
  if (!result) return result.error();
  return MetaValue(std::move(result.value()));
}

// kron(a, b) of tensors of one dtype and rank: sizes multiply dim by dim.
Expected<MetaValue> kron(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "other"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto y = b->tensor("other");
  if (!y) return y.error();
  if (x->dtype != y->dtype || x->dim() != y->dim())
    return notModelled(call, "kron of tensors of different dtypes or ranks");
  Shape out;
  for (size_t i = 0; i < x->sizes.size(); ++i) out.push_back(satMul(x->sizes[i], y->sizes[i]));
  bool grad = outputRequiresGrad(call.ctx, x->dtype, {x->requiresGrad, y->requiresGrad});
  return MetaValue(dense(*x, std::move(out), x->dtype, grad));
}

// inner(a, b) = tensordot over the last dims: a.shape[:-1] + b.shape[:-1].
Expected<MetaValue> inner(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "other"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto y = b->tensor("other");
  if (!y) return y.error();
  if (x->dtype != y->dtype || x->dim() == 0 || y->dim() == 0)
    return notModelled(call, "inner of scalars or of tensors of different dtypes");
  if (x->sizes.back() != y->sizes.back())
    return opError(call, "inner() the last dimension must match on both input tensors");
  Shape out(x->sizes.begin(), x->sizes.end() - 1);
  out.insert(out.end(), y->sizes.begin(), y->sizes.end() - 1);
  bool grad = outputRequiresGrad(call.ctx, x->dtype, {x->requiresGrad, y->requiresGrad});
  return MetaValue(dense(*x, std::move(out), x->dtype, grad));
}

// cross(a, b, dim) of two contiguous tensors of one shape and dtype (the output is
// allocated contiguous; broadcasting and strided inputs are not modelled).
Expected<MetaValue> cross(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "other", "dim"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto y = b->tensor("other");
  if (!y) return y.error();
  if (!b->has("dim")) return notModelled(call, "cross without dim (the deprecated default)");
  auto d = b->integer("dim");
  if (!d) return d.error();
  if (x->sizes != y->sizes || x->dtype != y->dtype || !x->isContiguous() || !y->isContiguous())
    return notModelled(call, "cross of differently shaped, typed or strided tensors");
  auto dim = wrapDim(*d, x->dim());
  if (!dim) return dim.error();
  if (x->sizes[*dim] != 3)
    return opError(call, "linalg.cross: inputs dimension " + std::to_string(*d) +
                             " must have length 3. Got " + std::to_string(x->sizes[*dim]) +
                             " and " + std::to_string(y->sizes[*dim]));
  bool grad = outputRequiresGrad(call.ctx, x->dtype, {x->requiresGrad, y->requiresGrad});
  return MetaValue(dense(*x, x->sizes, x->dtype, grad));
}

// diag_embed(offset=0, dim1=-2, dim2=-1) with the default dims, and diagflat(offset=0).
Expected<MetaValue> diagEmbed(const OpCall& call, bool flat) {
  auto b = BoundArgs::bind(call,
                           flat ? std::vector<std::string_view>{"input", "offset"}
                                : std::vector<std::string_view>{"input", "offset", "dim1", "dim2"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto off = b->integer("offset", 0);
  if (!off) return off.error();
  if (!flat && (b->has("dim1") || b->has("dim2")))
    return notModelled(call, "diag_embed with explicit dims");
  int64_t n = flat ? x->numel() : (x->dim() == 0 ? 1 : x->sizes.back());
  int64_t m = n + (*off < 0 ? -*off : *off);
  Shape out;
  if (!flat) out.assign(x->sizes.begin(), x->sizes.end() - (x->dim() ? 1 : 0));
  out.push_back(m);
  out.push_back(m);
  bool grad = outputRequiresGrad(call.ctx, x->dtype, {x->requiresGrad});
  return MetaValue(dense(*x, std::move(out), x->dtype, grad));
}

// narrow_copy(dim, start, length): the narrowed shape, copied into a contiguous tensor.
Expected<MetaValue> narrowCopy(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim", "start", "length"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto d = b->integer("dim");
  if (!d) return d.error();
  auto start = b->integer("start");
  if (!start) return start.error();
  auto len = b->integer("length");
  if (!len) return len.error();
  if (x->dim() == 0) return opError(call, "narrow() cannot be applied to a 0-dim tensor.");
  auto dim = wrapDim(*d, x->dim());
  if (!dim) return dim.error();
  int64_t size = x->sizes[*dim];
  int64_t s = *start < 0 ? *start + size : *start;
  if (s < 0 || *len < 0 || s > size - *len)
    return opError(call, "start (" + std::to_string(*start) + ") + length (" +
                             std::to_string(*len) + ") exceeds dimension size (" +
                             std::to_string(size) + ").");
  Shape out = x->sizes;
  out[*dim] = *len;
  bool grad = outputRequiresGrad(call.ctx, x->dtype, {x->requiresGrad});
  return MetaValue(dense(*x, std::move(out), x->dtype, grad));
}

// sum_to_size(*size) of a floating tensor to a shape it expands to (the sum's keepdim
// result is contiguous); integer inputs (whose sum promotes) are not modelled.
Expected<MetaValue> sumToSize(const OpCall& call) {
  if (call.args.empty() || !call.args[0].is<TensorMeta>())
    return opError(call, "expected a tensor self in " + describeCall(call));
  const TensorMeta& x = call.args[0].as<TensorMeta>();
  auto size = sizeVarargs(call, 1, "size");
  if (!size) return size.error();
  if (!isFloatingOrComplex(x.dtype)) return notModelled(call, "sum_to_size of an integer tensor");
  if (size->size() > x.sizes.size())
    return opError(call, "size {" + shapeStr(*size) + "} is not expandable to size {" +
                             shapeStr(x.sizes) + "}.");
  size_t lead = x.sizes.size() - size->size();
  for (size_t i = 0; i < size->size(); ++i) {
    int64_t want = (*size)[i], have = x.sizes[lead + i];
    if (want != have && want != 1)
      return opError(call, "size " + shapeStr(*size) + " is not expandable to size " +
                               shapeStr(x.sizes) + ".");
  }
  if (*size == x.sizes) return MetaValue::view(x, 0);
  bool grad = outputRequiresGrad(call.ctx, x.dtype, {x.requiresGrad});
  return MetaValue(dense(x, *size, x.dtype, grad));
}

// new_empty_strided(size, stride): self's dtype and device, the given strides.
Expected<MetaValue> newEmptyStrided(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "size", "stride"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto size = b->intList("size");
  if (!size) return size.error();
  auto stride = b->intList("stride");
  if (!stride) return stride.error();
  if (size->size() != stride->size())
    return opError(call, "mismatch in length of strides and shape");
  TensorMeta t = *x;
  t.sizes = Shape(size->begin(), size->end());
  t.strides = Shape(stride->begin(), stride->end());
  t.storageOffset = 0;
  t.requiresGrad = false;
  return MetaValue(std::move(t));
}

// adjoint() of a real tensor: transpose(-2, -1), a view.
Expected<MetaValue> adjoint(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  if (isComplex(x->dtype)) return notModelled(call, "adjoint of a complex tensor (conj view)");
  if (x->dim() < 2)
    return opError(call,
                   "tensor.adjoint() is only supported on matrices or batches of "
                   "matrices. Got 1-D tensor.");
  TensorMeta t = *x;
  std::swap(t.sizes[t.sizes.size() - 1], t.sizes[t.sizes.size() - 2]);
  std::swap(t.strides[t.strides.size() - 1], t.strides[t.strides.size() - 2]);
  return MetaValue::view(std::move(t), 0);
}

// unfold(dimension, size, step): a view with the window as a new last dim.
Expected<MetaValue> unfold(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dimension", "size", "step"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto d = b->integer("dimension");
  if (!d) return d.error();
  auto size = b->integer("size");
  if (!size) return size.error();
  auto step = b->integer("step");
  if (!step) return step.error();
  if (x->dim() == 0) return notModelled(call, "unfold of a 0-dim tensor");
  auto dim = wrapDim(*d, x->dim());
  if (!dim) return dim.error();
  int64_t n = x->sizes[*dim];
  if (*size > n || *size < 0)
    return opError(call, "maximum size for tensor at dimension " + std::to_string(*dim) + " is " +
                             std::to_string(n) + " but size is " + std::to_string(*size));
  if (*step <= 0) return opError(call, "step is " + std::to_string(*step) + " but must be > 0");
  TensorMeta t = *x;
  t.sizes[*dim] = (n - *size) / *step + 1;
  t.strides[*dim] = satMul(x->strides[*dim], *step);
  t.sizes.push_back(*size);
  t.strides.push_back(x->strides[*dim]);
  return MetaValue::view(std::move(t), 0);
}

// rot90(k=1, dims=[0, 1]) of a contiguous tensor: flips into a fresh contiguous tensor,
// then for odd k a transpose of `dims` (a view of it); strided inputs are not modelled.
Expected<MetaValue> rot90(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "k", "dims"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto k = b->integer("k", 1);
  if (!k) return k.error();
  std::vector<std::int64_t> dims = {0, 1};
  if (b->has("dims")) {
    auto d = b->intList("dims");
    if (!d) return d.error();
    dims = *d;
  }
  if (dims.size() != 2)
    return opError(
        call, "expected total rotation dims == 2, but got dims = " + std::to_string(dims.size()));
  if (x->dim() < 2)
    return opError(call,
                   "expected total dims >= 2, but got total dims = " + std::to_string(x->dim()));
  auto d0 = wrapDim(dims[0], x->dim());
  if (!d0) return d0.error();
  auto d1 = wrapDim(dims[1], x->dim());
  if (!d1) return d1.error();
  if (*d0 == *d1) return notModelled(call, "rot90 over one dim twice (RuntimeError path)");
  if (!x->isContiguous()) return notModelled(call, "rot90 of a strided tensor");
  bool grad = outputRequiresGrad(call.ctx, x->dtype, {x->requiresGrad});
  TensorMeta t = dense(*x, x->sizes, x->dtype, grad);
  if (((*k % 4) + 4) % 4 % 2 == 1) {
    std::swap(t.sizes[*d0], t.sizes[*d1]);
    std::swap(t.strides[*d0], t.strides[*d1]);
  }
  return MetaValue(std::move(t));
}

// detach_() of a tensor that does not require grad: self, unchanged. (Detaching one that
// does changes the metadata every earlier node holding it shows: not modelled.)
Expected<MetaValue> detachInplace(const OpCall& call) {
  if (call.args.size() != 1 || !call.args[0].is<TensorMeta>() || !call.kwargs.empty())
    return opError(call, "expected a tensor self in " + describeCall(call));
  const TensorMeta& x = call.args[0].as<TensorMeta>();
  if (x.requiresGrad) return notModelled(call, "detach_ of a tensor that requires grad");
  return MetaValue::view(x, 0);
}

// to_dense(dtype=None) of a strided tensor returns the tensor itself (ATen's to_dense
// of a dense layout); another dtype or a masked_grad keyword is not modelled.
Expected<MetaValue> toDenseStrided(const OpCall& call) {
  if (call.args.size() != 1 || !call.args[0].is<TensorMeta>() || !call.kwargs.empty())
    return notModelled(call, "to_dense with arguments");
  return MetaValue::view(call.args[0].as<TensorMeta>(), 0);
}

// Resize.forward (torch/autograd/_functions/tensor.py), which Tensor.resize(*sizes) and
// Tensor.resize_as(other) apply: the sizes must hold the tensor's numel; a contiguous
// tensor is viewed (tensor.new(tensor).contiguous().view(sizes): its storage), another
// copied contiguous first. Sizes given as one tuple or with -1 fail in Resize's numel
// check: not modelled here.
Expected<MetaValue> resizeTo(const OpCall& call, const TensorMeta& x, const Shape& sizes) {
  int64_t numel = 1;
  for (int64_t s : sizes) {
    if (s < 0) return notModelled(call, "resize to a negative size");
    numel *= s;
  }
  if (numel != x.numel()) return notModelled(call, "resize to another numel (Resize raises)");
  bool grad = outputRequiresGrad(call.ctx, x.dtype, {x.requiresGrad});
  if (!x.isContiguous()) return MetaValue(dense(x, sizes, x.dtype, grad));
  TensorMeta t = x;
  t.sizes = sizes;
  t.strides = contiguousStrides(sizes);
  t.requiresGrad = grad;
  return MetaValue::view(std::move(t), 0);
}

Expected<MetaValue> resize(const OpCall& call) {
  if (call.args.size() < 2 || !call.args[0].is<TensorMeta>() || !call.kwargs.empty())
    return notModelled(call, "resize with these arguments");
  Shape sizes;
  for (size_t i = 1; i < call.args.size(); ++i) {
    const std::int64_t* v = call.args[i].get<std::int64_t>();
    if (v == nullptr)
      return notModelled(call, "resize with a " + call.args[i].typeName() + " size");
    sizes.push_back(*v);
  }
  return resizeTo(call, call.args[0].as<TensorMeta>(), sizes);
}

Expected<MetaValue> resizeAs(const OpCall& call) {
  if (call.args.size() != 2 || !call.args[0].is<TensorMeta>() || !call.args[1].is<TensorMeta>() ||
      !call.kwargs.empty())
    return notModelled(call, "resize_as with these arguments");
  return resizeTo(call, call.args[0].as<TensorMeta>(), call.args[1].as<TensorMeta>().sizes);
}

// dequantize() of a dense tensor is self.to(torch.float): a float32 tensor that needs no
// grad is returned as is (autograd has no formula for dequantize: with grad, and for
// other dtypes, not modelled).
Expected<MetaValue> dequantizeDense(const OpCall& call) {
  if (call.args.size() != 1 || !call.args[0].is<TensorMeta>() || !call.kwargs.empty())
    return notModelled(call, "dequantize with arguments");
  const TensorMeta& x = call.args[0].as<TensorMeta>();
  if (x.dtype != DType::kFloat32 || x.requiresGrad)
    return notModelled(call, "dequantize of a tensor that is not a float32 one without grad");
  return MetaValue::view(x, 0);
}

// module_load(other, assign=False): self.copy_(other).detach(), or other.detach() with
// assign=True; an alias that needs no grad. Only `other` of self's sizes (copy_'s
// broadcasting is not modelled) and real dtypes.
Expected<MetaValue> moduleLoad(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "other", "assign"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto other = b->tensor("other");
  if (!other) return other.error();
  bool assign = false;
  for (const auto& [k, v] : call.kwargs) {
    const bool* flag = v.get<bool>();
    if (k != "assign" || flag == nullptr) return notModelled(call, "module_load's " + k);
    assign = *flag;
  }
  if (call.args.size() > 2) return notModelled(call, "module_load with assign by position");
  if (isComplex(x->dtype) || isComplex(other->dtype) || other->sizes != x->sizes)
    return notModelled(call, "module_load of another shape or a complex tensor");
  if (!assign && x->requiresGrad)
    return notModelled(call, "module_load copying into a tensor that requires grad");
  TensorMeta t = assign ? *other : *x;
  t.requiresGrad = false;
  return MetaValue::view(std::move(t), assign ? 1 : 0);
}

void addBoth(OpRegistry& r, const std::string& op, const MetaFn& fn) {
  for (const std::string& n : {"torch." + op, "Tensor." + op})
    if (r.find(n) == nullptr) r.add(n, fn);
}

}  // namespace

void registerSurfaceExtraOps(OpRegistry& r) {
  r.add("Tensor.to_dense", toDenseStrided);
  addBoth(r, "angle", [](const OpCall& c) { return unary(c, {"input"}, true, false); });
  addBoth(r, "hardshrink", [](const OpCall& c) {
    return unary(c, {"input", "lambd"}, false, true);
  });
  r.add("torch.nn.functional.hardshrink", [](const OpCall& c) {
    return unary(c, {"input", "lambd"}, false, true);
  });
  addBoth(r, "mvlgamma", [](const OpCall& c) { return unary(c, {"input", "p"}, true, false); });
  // conj_physical of a real tensor is the tensor itself (at::conj_physical returns self).
  addBoth(r, "conj_physical", [](const OpCall& c) -> Expected<MetaValue> {
    auto b = BoundArgs::bind(c, {"input"});
    if (!b) return b.error();
    auto x = b->tensor("input");
    if (!x) return x.error();
    if (isComplex(x->dtype)) return notModelled(c, "conj_physical of a complex tensor");
    return MetaValue::view(*x, 0);
  });
  // Tensor.polygamma(n) (torch.polygamma takes n first: not registered here).
  r.add("Tensor.polygamma", [](const OpCall& c) { return unary(c, {"input", "n"}, true, false); });
  addBoth(r, "kron", kron);
  addBoth(r, "inner", inner);
  addBoth(r, "cross", cross);
  addBoth(r, "diag_embed", [](const OpCall& c) { return diagEmbed(c, false); });
  addBoth(r, "diagflat", [](const OpCall& c) { return diagEmbed(c, true); });
  addBoth(r, "narrow_copy", narrowCopy);
  addBoth(r, "adjoint", adjoint);
  addBoth(r, "rot90", rot90);
  r.add("Tensor.sum_to_size", sumToSize);
  r.add("Tensor.new_empty_strided", newEmptyStrided);
  r.add("Tensor.unfold", unfold);
  r.add("Tensor.detach_", detachInplace);
  r.add("Tensor.resize", resize);
  r.add("Tensor.resize_as", resizeAs);
  r.add("Tensor.dequantize", dequantizeDense);
  r.add("Tensor.module_load", moduleLoad);
  for (const char* op : {"mvlgamma", "polygamma", "conj_physical"})
    addInplaceVariant(r, std::string("Tensor.") + op + "_", std::string("Tensor.") + op);
  // float_power_ computes in double (complex double): self must already have that dtype.
  if (const MetaFn* fwd = r.find("Tensor.float_power"); fwd && !r.find("Tensor.float_power_")) {
    MetaFn f = *fwd;
    r.add("Tensor.float_power_", [f](const OpCall& c) -> Expected<MetaValue> {
      if (c.args.empty() || !c.args[0].is<TensorMeta>())
        return opError(c, "expected a tensor self in " + describeCall(c));
      const TensorMeta& self = c.args[0].as<TensorMeta>();
      if (self.dtype != DType::kFloat64)
        return notModelled(c, "float_power_ of a tensor that is not float64");
      auto out = f(OpCall{"Tensor.float_power", c.args, c.kwargs, c.ctx});
      if (!out) return out;
      if (!out->is<TensorMeta>() || out->as<TensorMeta>().sizes != self.sizes ||
          out->as<TensorMeta>().dtype != self.dtype)
        return notModelled(c, "float_power_ whose result does not fit self");
      TensorMeta t = self;
      t.requiresGrad = self.requiresGrad || out->as<TensorMeta>().requiresGrad;
      return MetaValue::view(std::move(t), 0);
    });
  }
}

}  // namespace dynrr::fake
