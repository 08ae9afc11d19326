// ops_inplace.cpp — in-place variants of registered ops (Tensor.relu_, torch.sigmoid_,
// operator.iand, F.relu(x, inplace=True), masked_fill_ ...) and the in-place fillers
// (zero_, fill_, copy_, uniform_, normal_).
//
// Mirrors how ATen's structured in-place kernels reuse the out-of-place meta with `self`
// as the output (TensorIteratorBase::set_output_raw_strided with an existing output):
// the broadcast shape must equal self's shape ("output with shape [..] doesn't match the
// broadcast shape [..]"), the computed dtype must cast to self's dtype (c10::canCast), and
// the result is self — same storage, sizes and strides — whose requires_grad becomes true
// when any input requires grad. Leaf checks ("a leaf Variable that requires grad is being
// used in an in-place operation") need is_leaf, which TensorMeta does not carry.
#include "core/fake/broadcast.h"
#include "core/fake/elementwise.h"
#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/view_util.h"

namespace dynrr::fake {
namespace {

// c10::canCast.
bool canCast(DType from, DType to) {
  if (isComplex(from) && !isComplex(to)) return false;
  if (isFloating(from) && isIntegral(to, true)) return false;
  if (from != DType::kBool && to == DType::kBool) return false;
  return true;
}

// Runs `f` (the out-of-place meta) and turns its result into an in-place write to arg 0.
// `typeMetaNames`: the cast error names self's dtype as caffe2::TypeMeta prints it ("long
// int"), as the clamp kernels do, rather than as a ScalarType ("Long").
Expected<MetaValue> asInplace(const MetaFn& f, const OpCall& call, std::string_view fwdName,
                              bool typeMetaNames = false) {
  if (call.args.empty() || !call.args[0].is<TensorMeta>()) {
    return opError(call, "in-place op needs a tensor self in " + describeCall(call));
  }
  const TensorMeta& self = call.args[0].as<TensorMeta>();
  auto out = f(OpCall{fwdName, call.args, call.kwargs, call.ctx});
  if (!out) {
    // Re-attribute "<forward>: message" to the in-place op's name.
    const std::string& msg = out.error().message();
    const std::string prefix = std::string(fwdName) + ": ";
    return opError(call, msg.rfind(prefix, 0) == 0 ? msg.substr(prefix.size()) : msg);
  }
  if (!out->is<TensorMeta>()) return opError(call, "in-place op without a tensor result");
  const TensorMeta& result = out->as<TensorMeta>();
  if (result.sizes != self.sizes) {
    return opError(call, "output with shape " + shapeStr(self.sizes) +
                             " doesn't match the broadcast shape " + shapeStr(result.sizes));
  }
  if (!canCast(result.dtype, self.dtype)) {
    return opError(call, "result type " + std::string(scalarTypeName(result.dtype)) +
                             " can't be cast to the desired output type " +
                             std::string(typeMetaNames ? cppTypeName(self.dtype)
                                                       : scalarTypeName(self.dtype)));
  }
  TensorMeta inplace = self;
  inplace.requiresGrad = self.requiresGrad || result.requiresGrad;
  return MetaValue::view(std::move(inplace), 0);
}

void addInplace(OpRegistry& r, const std::string& name, const std::string& forward) {
  const MetaFn* fn = r.find(forward);
  if (fn == nullptr || r.find(name) != nullptr) return;
  MetaFn f = *fn;
  const bool typeMeta =
      forward.find("clamp") != std::string::npos || forward.find("clip") != std::string::npos;
  r.add(name,
        [f, forward, typeMeta](const OpCall& c) { return asInplace(f, c, forward, typeMeta); });
}

}  // namespace

void addInplaceVariant(OpRegistry& r, const std::string& name, const std::string& forward) {
  addInplace(r, name, forward);
}

namespace {

// F.relu(x, inplace=True) and friends: the same op, written into x.
void addInplaceFlag(OpRegistry& r, const char* name, size_t inplacePos) {
  const MetaFn* fn = r.find(name);
  if (fn == nullptr) return;
  MetaFn f = *fn;
  std::string fwd = name;
  r.add(name, [f, fwd, inplacePos](const OpCall& c) -> Expected<MetaValue> {
    bool inplace = c.args.size() > inplacePos && c.args[inplacePos].is<bool>() &&
                   c.args[inplacePos].as<bool>();
    for (const auto& [k, v] : c.kwargs) {
      if (k == "inplace" && v.is<bool>()) inplace = v.as<bool>();
    }
    if (!inplace) return f(c);
    return asInplace(f, c, fwd);
  });
}

// zero_/uniform_/normal_/bernoulli_: self, unchanged metadata (floats only for random).
Expected<MetaValue> fillSelf(const OpCall& call, bool floatOnly, const char* kernel) {
  if (call.args.empty() || !call.args[0].is<TensorMeta>()) {
    return opError(call, "expected a tensor self in " + describeCall(call));
  }
  const TensorMeta& self = call.args[0].as<TensorMeta>();
  if (floatOnly && !isFloatingOrComplex(self.dtype)) {
    return opError(call, "\"" + std::string(kernel) + "\" not implemented for '" +
                             std::string(scalarTypeName(self.dtype)) + "'");
  }
  return MetaValue::view(self, 0);
}

// fill_(value): a number or a 0-dim tensor.
Expected<MetaValue> fillOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "value"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  const MetaArg* v = b->get("value");
  if (v == nullptr) return b->typeError("value", "Number");
  TensorMeta out = *self;
  if (const auto* t = v->get<TensorMeta>()) {
    if (t->dim() != 0) {
      return opError(call, "fill_ only supports 0-dimension value tensor but got tensor with " +
                               std::to_string(t->dim()) + " dimensions.");
    }
    out.requiresGrad = out.requiresGrad ||
                       (call.ctx.gradEnabled && t->requiresGrad && isFloatingOrComplex(out.dtype));
  } else if (!v->is<bool>() && !v->is<std::int64_t>() && !v->is<double>()) {
    return b->typeError("value", "Number");
  }
  return MetaValue::view(std::move(out), 0);
}

// copy_(src): src broadcasts to self (expand_inplace); any dtype converts.
Expected<MetaValue> copyOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "src", "non_blocking"});
  if (!b) return b.error();
  auto self = b->tensor("input");
  if (!self) return self.error();
  auto src = b->tensor("src");
  if (!src) return src.error();
  auto shape = broadcastShapes(self->sizes, src->sizes);
  if (!shape) return opError(call, shape.error().message());
  if (*shape != self->sizes) {
    return opError(call, "output with shape " + shapeStr(self->sizes) +
                             " doesn't match the broadcast shape " + shapeStr(*shape));
  }
  TensorMeta out = *self;
  out.requiresGrad = out.requiresGrad ||
                     (call.ctx.gradEnabled && src->requiresGrad && isFloatingOrComplex(out.dtype));
  return MetaValue::view(std::move(out), 0);
}

}  // namespace

void registerInplaceOps(OpRegistry& r) {
  // Tensor.<op>_ and torch.<op>_ from the registered out-of-place op.
  const char* methods[] = {"relu",
                           "sigmoid",
                           "tanh",
                           "exp",
                           "log",
                           "sqrt",
                           "rsqrt",
                           "abs",
                           "neg",
                           "sin",
                           "cos",
                           "floor",
                           "ceil",
                           "round",
                           "trunc",
                           "clamp",
                           "clamp_min",
                           "clamp_max",
                           "clip",
                           "sign",
                           "reciprocal",
                           "pow",
                           "masked_fill",
                           "addcmul",
                           "addcdiv",
                           "lerp",
                           "fmod",
                           "remainder",
                           "floor_divide",
                           "bitwise_and",
                           "bitwise_or",
                           "bitwise_xor",
                           "bitwise_not",
                           "logical_not",
                           "exp2",
                           "log2",
                           "log1p",
                           "expm1",
                           "erf",
                           "square",
                           "frac",
                           "tan",
                           "log10",
                           "sgn",
                           "bitwise_left_shift",
                           "bitwise_right_shift",
                           "tril",
                           "triu",
                           "scatter",
                           "scatter_add"};
  for (const char* m : methods) {
    addInplace(r, std::string("Tensor.") + m + "_", std::string("Tensor.") + m);
  }
  // The torch.<op>_ functions torch 2.13 has.
  const char* functions[] = {"relu",  "sigmoid",    "tanh",  "exp",   "log",       "sqrt",
                             "rsqrt", "abs",        "neg",   "sin",   "cos",       "floor",
                             "ceil",  "round",      "trunc", "clamp", "clamp_min", "clamp_max",
                             "clip",  "reciprocal", "exp2",  "log2",  "log1p",     "expm1",
                             "erf",   "square",     "frac",  "tan",   "log10"};
  for (const char* m : functions) {
    addInplace(r, std::string("torch.") + m + "_", std::string("torch.") + m);
  }
  const std::pair<const char*, const char*> operators[] = {
      {"operator.iand", "operator.and_"},
      {"operator.ior", "operator.or_"},
      {"operator.ixor", "operator.xor"},
      {"operator.ilshift", "operator.lshift"},
      {"operator.irshift", "operator.rshift"},
      {"operator.ifloordiv", "operator.floordiv"},
      {"operator.imod", "operator.mod"},
      {"operator.ipow", "operator.pow"},
      {"Tensor.__iand__", "operator.and_"},
      {"Tensor.__ior__", "operator.or_"},
      {"Tensor.__ixor__", "operator.xor"},
      {"Tensor.__ilshift__", "operator.lshift"},
      {"Tensor.__irshift__", "operator.rshift"},
      {"torch.nn.functional.relu_", "torch.relu"},
      {"torch.nn.functional.leaky_relu_", "torch.nn.functional.leaky_relu"},
      {"torch.nn.functional.elu_", "torch.nn.functional.elu"},
      {"torch.nn.functional.hardtanh_", "torch.nn.functional.hardtanh"},
      {"torch._C._nn.leaky_relu_", "torch.nn.functional.leaky_relu"},
      {"torch._C._nn.elu_", "torch.nn.functional.elu"},
      {"torch._C._nn.hardtanh_", "torch.nn.functional.hardtanh"}};
  for (const auto& [name, fwd] : operators) addInplace(r, name, fwd);
  const std::pair<const char*, size_t> flagged[] = {
      {"torch.nn.functional.relu", 1},   {"torch.nn.functional.silu", 1},
      {"torch.nn.functional.mish", 1},   {"torch.nn.functional.hardswish", 1},
      {"torch.nn.functional.relu6", 1},  {"torch.nn.functional.hardsigmoid", 1},
      {"torch.nn.functional.elu", 2},    {"torch.nn.functional.leaky_relu", 2},
      {"torch.nn.functional.celu", 2},   {"torch.nn.functional.hardtanh", 3},
      {"torch.nn.functional.dropout", 3}};
  for (const auto& [name, pos] : flagged) addInplaceFlag(r, name, pos);
  r.add("Tensor.zero_", [](const OpCall& c) { return fillSelf(c, false, ""); });
  r.add("Tensor.uniform_",
        [](const OpCall& c) { return fillSelf(c, true, "check_uniform_bounds"); });
  r.add("Tensor.normal_", [](const OpCall& c) { return fillSelf(c, true, "normal_kernel_cpu"); });
  r.add("Tensor.fill_", fillOp);
  r.add("Tensor.copy_", copyOp);
}

}  // namespace dynrr::fake
