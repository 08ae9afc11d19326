// ops_pointwise.cpp — more pointwise meta functions: rounding, float predicates, sign,
// reciprocal/exp2/log10, activations (leaky_relu, elu, hardtanh, relu6, mish, hardswish,
// hardsigmoid, logsigmoid, softplus, softsign, glu), clamp_min/clamp_max, lerp,
// addcmul/addcdiv, float_power and the reflected Tensor operators (__rsub__ ...).
//
// Mirrors ATen's UnaryOps.cpp / Activation.cpp / PointwiseOps.cpp structured kernels as
// TensorIterator builds them (elementwise.h): the dtype rule of each op (rounding keeps
// integers, predicates give bool, "float" ops promote integers to the default dtype) and
// the CPU kernels' dtype-support errors ("leaky_relu_cpu" not implemented for 'Long').
// torch.nn.functional.softsign and glu follow their Python / at::glu definitions.
#include "core/fake/elementwise.h"
#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/view_util.h"

namespace dynrr::fake {
namespace {

std::string notImplemented(std::string_view kernel, DType d) {
  return "\"" + std::string(kernel) + "\" not implemented for '" + std::string(scalarTypeName(d)) +
         "'";
}

enum class Rule {
  kRounding,   // floor/ceil/round/trunc: integers kept, bool and complex rejected
  kPredicate,  // isnan/isinf/isfinite: bool output
  kSign,       // sign/sgn: same dtype; sign rejects complex
  kFloat,      // reciprocal/exp2/log10: integers become the default dtype
  kFloatOnly,  // activation kernels defined for floating types only
  kHardtanh,   // hardtanh/relu6: any dtype but bool
  kSquare,     // square = pow(x, 2): bool becomes int64
};

Expected<MetaValue> unaryOp(const OpCall& call, Rule rule, std::string_view kernel,
                            std::vector<std::string_view> extra) {
  std::vector<std::string_view> params = {"input"};
  params.insert(params.end(), extra.begin(), extra.end());
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  DType out = x->dtype;
  bool differentiable = true;
  switch (rule) {
    case Rule::kRounding:
      if (isComplex(x->dtype)) {
        return opError(call, std::string(kernel.substr(0, kernel.find('_'))) +
                                 " is not supported for complex inputs");
      }
      if (b->has("decimals") && !isFloating(x->dtype)) {
        return opError(call, notImplemented("round_cpu", x->dtype));
      }
      if (x->dtype == DType::kBool) return opError(call, notImplemented(kernel, x->dtype));
      break;
    case Rule::kPredicate:
      out = DType::kBool;
      differentiable = false;
      break;
    case Rule::kSign:
      if (isComplex(x->dtype) && kernel == "sign") {
        return opError(call,
                       "Unlike NumPy, torch.sign is not intended to support complex numbers. "
                       "Please use torch.sgn instead.");
      }
      break;
    case Rule::kFloat:
      if (isIntegral(x->dtype, true)) out = call.ctx.defaultDtype;
      break;
    case Rule::kFloatOnly:
      if (!isFloating(x->dtype)) return opError(call, notImplemented(kernel, x->dtype));
      break;
    case Rule::kHardtanh:
      if (x->dtype == DType::kBool) return opError(call, "Bool inputs not supported for hardtanh");
      break;
    case Rule::kSquare:
      if (x->dtype == DType::kBool) out = DType::kInt64;
      break;
  }
  auto r = pointwiseOutput(call, {{*x, false}}, out, differentiable, out);
  if (!r) return r.error();
  // log_sigmoid_forward fills a contiguous buffer (eager; FakeTensorMode preserves strides).
  if (kernel == "log_sigmoid_cpu") r->strides = contiguousStrides(r->sizes);
  return MetaValue(std::move(r.value()));
}

void addUnary(OpRegistry& r, std::initializer_list<const char*> names, Rule rule,
              const char* kernel, std::vector<std::string_view> extra = {}) {
  for (const char* n : names) {
    r.add(n, [rule, kernel, extra](const OpCall& c) { return unaryOp(c, rule, kernel, extra); });
  }
}

// F.softsign(x) = x / (1 + |x|): true division, so integers become floats.
Expected<MetaValue> softsignOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  if (x->dtype == DType::kBool) return opError(call, notImplemented("abs_cpu", x->dtype));
  const DType out = isIntegral(x->dtype, true) ? call.ctx.defaultDtype : x->dtype;
  auto r = pointwiseOutput(call, {{*x, false}}, out, true, out);
  if (!r) return r.error();
  return MetaValue(std::move(r.value()));
}

// glu(input, dim=-1): a TensorIterator over the two halves of `dim`.
Expected<MetaValue> gluOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto d = b->integer("dim", -1);
  if (!d) return d.error();
  if (x->dim() == 0) {
    return opError(call, "glu does not support scalars because halving size must be even");
  }
  auto dim = wrapDim(*d, x->dim());
  if (!dim) return opError(call, dim.error().message());
  const std::int64_t size = x->sizes[*dim];
  if (size % 2 != 0) {
    return opError(call, "Halving dimension must be even, but dimension " + std::to_string(*dim) +
                             " is size " + std::to_string(size));
  }
  if (!isFloating(x->dtype)) return opError(call, notImplemented("glu_cpu", x->dtype));
  TensorMeta first = narrowMeta(*x, *dim, 0, size / 2);
  TensorMeta second = narrowMeta(*x, *dim, size / 2, size / 2);
  auto r = pointwiseOutput(call, {{first, false}, {second, false}}, x->dtype);
  if (!r) return r.error();
  return MetaValue(std::move(r.value()));
}

// clamp_min(input, min) / clamp_max(input, max): result_type(input, bound).
Expected<MetaValue> clampOneOp(const OpCall& call, bool isMin) {
  auto b = BoundArgs::bind(call, {"input", isMin ? "min" : "max"});
  if (!b) return b.error();
  const MetaArg* x = b->get("input");
  const MetaArg* bound = b->get(isMin ? "min" : "max");
  if (x == nullptr || !x->is<TensorMeta>()) return b->typeError("input", "Tensor");
  if (bound == nullptr) return b->typeError(isMin ? "min" : "max", "Number or Tensor");
  auto a = toOperand(call, *x, "input");
  if (!a) return a.error();
  auto c = toOperand(call, *bound, isMin ? "min" : "max");
  if (!c) return c.error();
  const DType common = commonDtype({*a, *c}, call.ctx.defaultDtype);
  if (common == DType::kBool) {
    return opError(call,
                   notImplemented(isMin ? "clamp_min_scalar_cpu" : "clamp_max_scalar_cpu", common));
  }
  auto r = pointwiseOutput(call, {convertedTo(*a, common), convertedTo(*c, common)}, common);
  if (!r) return r.error();
  return MetaValue(std::move(r.value()));
}

// torch.ops.prims.fma.default(a, b, c) = a * b + c, which Dynamo's Tensor.addcdiv_
// decomposition emits: a prim, so no type promotion; operands of one dtype (a number
// operand is a wrapped scalar), broadcast.
Expected<MetaValue> fmaOp(const OpCall& call) {
  if (call.args.size() != 3 || !call.kwargs.empty())
    return opError(call, "fma takes (a, b, c) in " + describeCall(call));
  std::vector<IterOperand> ops;
  std::optional<DType> dtype;
  for (size_t i = 0; i < 3; ++i) {
    auto op = toOperand(call, call.args[i], i == 0 ? "a" : i == 1 ? "b" : "c");
    if (!op) return op.error();
    if (!op->wrappedNumber) {
      if (dtype && *dtype != op->meta.dtype)
        return Error("no meta function for prims.fma of tensors of different dtypes");
      dtype = op->meta.dtype;
    }
    ops.push_back(*op);
  }
  if (!dtype) return Error("no meta function for prims.fma of numbers only");
  auto r = pointwiseOutput(call, ops, *dtype);
  if (!r) return r.error();
  return MetaValue(std::move(r.value()));
}

// Ops over several tensor/number operands with result_type promotion:
// lerp(input, end, weight), addcmul/addcdiv(input, tensor1, tensor2, value).
enum class Multi { kLerp, kAddcmul, kAddcdiv };

Expected<MetaValue> multiOp(const OpCall& call, Multi kind) {
  auto b = kind == Multi::kLerp ? BoundArgs::bind(call, {"input", "end", "weight"})
                                : BoundArgs::bind(call, {"input", "tensor1", "tensor2", "value"});
  if (!b) return b.error();
  std::vector<std::string_view> names =
      kind == Multi::kLerp ? std::vector<std::string_view>{"input", "end"}
                           : std::vector<std::string_view>{"input", "tensor1", "tensor2"};
  std::vector<IterOperand> ops;
  for (auto n : names) {
    auto t = b->tensor(n);
    if (!t) return t.error();
    ops.push_back({*t, false});
  }
  if (kind == Multi::kLerp) {
    const MetaArg* w = b->get("weight");
    if (w == nullptr) return b->typeError("weight", "Number or Tensor");
    auto op = toOperand(call, *w, "weight");
    if (!op) return op.error();
    const DType d = ops[0].meta.dtype;
    if (ops[1].meta.dtype != d) {
      return opError(call, "expected dtype " + std::string(cppTypeName(d)) +
                               " for `end` but got dtype " +
                               std::string(cppTypeName(ops[1].meta.dtype)));
    }
    if (!op->wrappedNumber) {
      if (op->meta.dtype != d) {
        return opError(call, "expected dtype " + std::string(cppTypeName(d)) +
                                 " for `weight` but got dtype " +
                                 std::string(cppTypeName(op->meta.dtype)));
      }
      ops.push_back(*op);
    }
    if (!isFloatingOrComplex(d)) return opError(call, notImplemented("lerp_kernel_scalar", d));
    auto r = pointwiseOutput(call, ops, d);
    if (!r) return r.error();
    return MetaValue(std::move(r.value()));
  }
  const DType common = commonDtype(ops, call.ctx.defaultDtype);
  if (kind == Multi::kAddcdiv && isIntegral(ops[1].meta.dtype, true) &&
      isIntegral(ops[2].meta.dtype, true)) {
    return opError(call,
                   "Integer division with addcdiv is no longer supported, and in a future  "
                   "release addcdiv will perform a true division of tensor1 and tensor2. The "
                   "historic addcdiv behavior can be implemented as (input + value * "
                   "torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as "
                   "(input + value * tensor1 / tensor2) for float inputs. The future addcdiv "
                   "behavior is just the latter implementation: (input + value * tensor1 / "
                   "tensor2), for all dtypes.");
  }
  auto r = pointwiseOutput(call, ops, common, true, common);
  if (!r) return r.error();
  return MetaValue(std::move(r.value()));
}

// float_power: computes in float64 (complex128 for complex operands).
Expected<MetaValue> floatPowerOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "exponent"});
  if (!b) return b.error();
  const MetaArg* x = b->get("input");
  const MetaArg* e = b->get("exponent");
  if (x == nullptr || e == nullptr) return opError(call, "expected (input, exponent)");
  auto a = toOperand(call, *x, "input");
  if (!a) return a.error();
  auto c = toOperand(call, *e, "exponent");
  if (!c) return c.error();
  const bool complex = isComplex(a->meta.dtype) || isComplex(c->meta.dtype);
  const DType out = complex ? DType::kComplex128 : DType::kFloat64;
  auto r = pointwiseOutput(call, {*a, *c}, out, true, out);
  if (!r) return r.error();
  return MetaValue(std::move(r.value()));
}

// Tensor.__rsub__(self, other) is other - self: the registered op on swapped operands.
void addReflected(OpRegistry& r, const char* name, const char* forward) {
  const MetaFn* fn = r.find(forward);
  if (fn == nullptr) return;
  MetaFn f = *fn;
  std::string fwd = forward;
  r.add(name, [f, fwd](const OpCall& c) -> Expected<MetaValue> {
    if (c.args.size() != 2 || !c.kwargs.empty()) {
      return opError(c, "expected (self, other) in " + describeCall(c));
    }
    std::vector<MetaArg> swapped = {c.args[1], c.args[0]};
    auto out = f(OpCall{fwd, swapped, c.kwargs, c.ctx});
    if (out && out->aliasOf) out->aliasOf = 1 - *out->aliasOf;
    return out;
  });
}

}  // namespace

void registerPointwiseOps(OpRegistry& r) {
  addUnary(r, {"torch.floor", "Tensor.floor"}, Rule::kRounding, "floor_vml_cpu");
  addUnary(r, {"torch.ceil", "Tensor.ceil"}, Rule::kRounding, "ceil_vml_cpu");
  addUnary(r, {"torch.round", "Tensor.round"}, Rule::kRounding, "round_vml_cpu", {"decimals"});
  addUnary(r, {"torch.trunc", "Tensor.trunc", "torch.fix", "Tensor.fix"}, Rule::kRounding,
           "trunc_vml_cpu");
  addUnary(r, {"torch.frac", "Tensor.frac"}, Rule::kFloatOnly, "frac_cpu");
  addUnary(r, {"torch.isnan", "Tensor.isnan"}, Rule::kPredicate, "");
  addUnary(r, {"torch.isinf", "Tensor.isinf"}, Rule::kPredicate, "");
  addUnary(r, {"torch.isfinite", "Tensor.isfinite"}, Rule::kPredicate, "");
  addUnary(r, {"torch.sign", "Tensor.sign"}, Rule::kSign, "sign");
  addUnary(r, {"torch.sgn", "Tensor.sgn"}, Rule::kSign, "sgn");
  addUnary(r, {"torch.square", "Tensor.square"}, Rule::kSquare, "");
  addUnary(r,
           {"torch.reciprocal", "Tensor.reciprocal", "torch.exp2", "Tensor.exp2", "torch.log10",
            "Tensor.log10", "torch.special.exp2", "torch.asin", "torch.acos", "torch.atan",
            "Tensor.asin", "Tensor.acos", "Tensor.atan", "torch.sinh", "torch.cosh", "Tensor.sinh",
            "Tensor.cosh"},
           Rule::kFloat, "");
  addUnary(r, {"torch.nn.functional.leaky_relu", "torch._C._nn.leaky_relu"}, Rule::kFloatOnly,
           "leaky_relu_cpu", {"negative_slope", "inplace"});
  addUnary(r, {"torch.nn.functional.elu", "torch._C._nn.elu"}, Rule::kFloatOnly, "elu_cpu",
           {"alpha", "inplace"});
  addUnary(r, {"torch.nn.functional.hardtanh", "torch._C._nn.hardtanh"}, Rule::kHardtanh, "",
           {"min_val", "max_val", "inplace"});
  addUnary(r, {"torch.nn.functional.relu6"}, Rule::kHardtanh, "", {"inplace"});
  addUnary(r, {"torch.nn.functional.mish"}, Rule::kFloatOnly, "mish_cpu", {"inplace"});
  addUnary(r, {"torch.nn.functional.hardswish", "torch._C._nn.hardswish"}, Rule::kFloatOnly,
           "hardswish_cpu", {"inplace"});
  addUnary(r, {"torch.nn.functional.hardsigmoid", "torch._C._nn.hardsigmoid"}, Rule::kFloatOnly,
           "hardsigmoid_cpu", {"inplace"});
  addUnary(r, {"torch.nn.functional.logsigmoid", "torch._C._nn.log_sigmoid"}, Rule::kFloatOnly,
           "log_sigmoid_cpu");
  addUnary(r, {"torch.nn.functional.softplus", "torch._C._nn.softplus"}, Rule::kFloatOnly,
           "softplus_cpu", {"beta", "threshold"});
  addUnary(r, {"torch.nn.functional.celu", "torch.celu"}, Rule::kFloatOnly, "elu_cpu",
           {"alpha", "inplace"});
  r.add("torch.nn.functional.softsign", softsignOp);
  for (const char* n : {"torch.nn.functional.glu", "torch._C._nn.glu"}) r.add(n, gluOp);
  for (const char* n : {"torch.clamp_min", "Tensor.clamp_min"})
    r.add(n, [](const OpCall& c) { return clampOneOp(c, true); });
  for (const char* n : {"torch.clamp_max", "Tensor.clamp_max"})
    r.add(n, [](const OpCall& c) { return clampOneOp(c, false); });
  r.add("torch.ops.prims.fma.default", fmaOp);
  for (const char* n : {"torch.lerp", "Tensor.lerp"})
    r.add(n, [](const OpCall& c) { return multiOp(c, Multi::kLerp); });
  for (const char* n : {"torch.addcmul", "Tensor.addcmul"})
    r.add(n, [](const OpCall& c) { return multiOp(c, Multi::kAddcmul); });
  for (const char* n : {"torch.addcdiv", "Tensor.addcdiv"})
    r.add(n, [](const OpCall& c) { return multiOp(c, Multi::kAddcdiv); });
  for (const char* n : {"torch.float_power", "Tensor.float_power"}) r.add(n, floatPowerOp);
  addReflected(r, "Tensor.__rsub__", "torch.sub");
  addReflected(r, "Tensor.__rmul__", "torch.mul");
  addReflected(r, "Tensor.__rtruediv__", "torch.div");
  addReflected(r, "Tensor.__rpow__", "torch.pow");
  addReflected(r, "Tensor.__rfloordiv__", "torch.floor_divide");
  addReflected(r, "Tensor.__rmod__", "torch.remainder");
}

}  // namespace dynrr::fake
