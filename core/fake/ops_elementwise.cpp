// ops_elementwise.cpp — meta functions of pointwise ops: arithmetic, comparisons, unary math.
//
// Mirrors the structured meta functions of ATen's BinaryOps.cpp / UnaryOps.cpp /
// Activation.cpp as FakeTensorMode runs them: TensorIterator shape, dtype and stride
// computation (elementwise.h), the dtype rules of each family (true division and float
// unary ops promote integers to the default dtype, comparisons return bool) and the
// checks torch makes (no bool subtraction or negation, float-only activations).
#include <string>

#include "core/fake/elementwise.h"
#include "core/fake/ops.h"

namespace dynrr::fake {
namespace {

enum class Binary {
  kAdd,
  kSub,
  kMul,
  kTrueDiv,
  kFloorDiv,
  kPow,
  kRemainder,
  kMinMax,
  kCompare,
  kBitwiseAnd,
  kBitwiseOr,
  kBitwiseXor,
  kLshift,
  kRshift,
  kLogical,
};

const char* bitwiseKernel(Binary kind) {
  switch (kind) {
    case Binary::kBitwiseAnd: return "bitwise_and_cpu";
    case Binary::kBitwiseOr: return "bitwise_or_cpu";
    default: return "bitwise_xor_cpu";
  }
}

Expected<MetaValue> binaryMeta(const OpCall& call, Binary kind, bool hasAlpha) {
  std::vector<std::string_view> params = {"input", "other"};
  if (hasAlpha) params.push_back("alpha");
  if (kind == Binary::kTrueDiv && call.op != "operator.truediv") params.push_back("rounding_mode");
  auto bound = BoundArgs::bind(call, params);
  if (!bound) return bound.error();
  const MetaArg* a = bound->get("input");
  const MetaArg* b = bound->get("other");
  if (a == nullptr || b == nullptr) {
    return opError(call, "expected two operands in " + describeCall(call));
  }
  if (!a->is<TensorMeta>() && !b->is<TensorMeta>()) {
    return opError(call, "expected at least one Tensor operand in " + describeCall(call));
  }
  auto lhsOrError = toOperand(call, *a, "input");
  if (!lhsOrError) return lhsOrError.error();
  auto rhsOrError = toOperand(call, *b, "other");
  if (!rhsOrError) return rhsOrError.error();
  std::vector<IterOperand> operands;
  operands.reserve(2);
  operands.push_back(std::move(*lhsOrError));
  operands.push_back(std::move(*rhsOrError));
  const IterOperand* lhs = &operands[0];
  const IterOperand* rhs = &operands[1];
  DType common = commonDtype(operands, call.ctx.defaultDtype);
  DType out = common;
  switch (kind) {
    case Binary::kSub:
      if (lhs->meta.dtype == DType::kBool && rhs->meta.dtype == DType::kBool) {
        return opError(call,
                       "Subtraction, the `-` operator, with two bool tensors is not supported. "
                       "Use the `^` or `logical_xor()` operator instead.");
      }
      if (lhs->meta.dtype == DType::kBool || rhs->meta.dtype == DType::kBool) {
        return opError(call,
                       "Subtraction, the `-` operator, with a bool tensor is not supported. If "
                       "you are trying to invert a mask, use the `~` or `logical_not()` "
                       "operator instead.");
      }
      break;
    case Binary::kTrueDiv: {
      const MetaArg* mode = bound->get("rounding_mode");
      if (mode != nullptr) {
        const auto* s = mode->get<std::string>();
        if (s == nullptr || (*s != "trunc" && *s != "floor")) {
          return opError(call,
                         "div expected rounding_mode to be one of None, 'trunc', or "
                         "'floor' but found " +
                             mode->str());
        }
      } else if (isIntegral(common, /*includeBool=*/true)) {
        out = call.ctx.defaultDtype;
      }
      break;
    }
    case Binary::kFloorDiv:
      if (common == DType::kBool)
        return opError(call, "\"div_floor_cpu\" not implemented for 'Bool'");
      break;
    case Binary::kCompare:
    case Binary::kLogical: out = DType::kBool; break;
    case Binary::kLshift:
    case Binary::kRshift:
      // Integer-only kernels (no bool, no floating point).
      if (!isIntegral(common, /*includeBool=*/false)) {
        return opError(call,
                       std::string(kind == Binary::kLshift ? "\"lshift_cpu\"" : "\"rshift_cpu\"") +
                           " not implemented for '" + std::string(scalarTypeName(common)) + "'");
      }
      break;
    case Binary::kBitwiseAnd:
    case Binary::kBitwiseOr:
    case Binary::kBitwiseXor:
      // Integer-only ops: floating/complex inputs have no kernel.
      if (!isIntegral(common, /*includeBool=*/true)) {
        return opError(call, "\"" + std::string(bitwiseKernel(kind)) + "\" not implemented for '" +
                                 std::string(scalarTypeName(common)) + "'");
      }
      break;
    default: break;
  }
  if (hasAlpha) {
    if (const MetaArg* alpha = bound->get("alpha")) {
      if (alpha->is<double>() && isIntegral(common, true)) {
        return opError(call,
                       "For integral input tensors, argument alpha must not be a floating point "
                       "number.");
      }
    }
  }
  // Inputs are converted to the computation dtype first (true division of integers
  // computes in the float result dtype).
  const bool boolOut = kind == Binary::kCompare || kind == Binary::kLogical;
  const DType compute = boolOut ? common : out;
  auto result = pointwiseOutput(call, operands, out, !boolOut && isFloatingOrComplex(out), compute);
  if (!result) return result.error();
  return MetaValue(std::move(result.value()));
}

enum class Unary { kFloat, kAbs, kNeg, kRelu, kFloatOnly, kSame, kBitwiseNot, kLogicalNot };

Expected<MetaValue> unaryMeta(const OpCall& call, Unary kind, const char* kernel,
                              std::vector<std::string_view> extra = {}) {
  std::vector<std::string_view> params = {"input"};
  params.insert(params.end(), extra.begin(), extra.end());
  auto bound = BoundArgs::bind(call, params);
  if (!bound) return bound.error();
  auto in = bound->tensor("input");
  if (!in) return in.error();
  DType out = in->dtype;
  switch (kind) {
    case Unary::kFloat:
      if (isIntegral(in->dtype, true)) out = call.ctx.defaultDtype;
      break;
    case Unary::kAbs:
      if (in->dtype == DType::kBool) {
        return opError(call, "\"abs_cpu\" not implemented for 'Bool'");
      }
      // The magnitude of a complex tensor is real (at::abs: toRealValueType).
      if (in->dtype == DType::kComplex64) out = DType::kFloat32;
      if (in->dtype == DType::kComplex128) out = DType::kFloat64;
      break;
    case Unary::kNeg:
      if (in->dtype == DType::kBool) {
        return opError(call,
                       "Negation, the `-` operator, on a bool tensor is not supported. If you "
                       "are trying to invert a mask, use the `~` or `logical_not()` operator "
                       "instead.");
      }
      break;
    case Unary::kRelu:
      if (in->dtype == DType::kBool) return opError(call, "Boolean inputs not supported for relu");
      break;
    case Unary::kFloatOnly:
      if (!isFloating(in->dtype)) {
        return opError(call, "\"" + std::string(kernel) + "\" not implemented for '" +
                                 std::string(scalarTypeName(in->dtype)) + "'");
      }
      break;
    case Unary::kSame: break;
    case Unary::kBitwiseNot:
      if (!isIntegral(in->dtype, true) && call.op == "operator.invert") {
        return opError(
            call, "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
      }
      if (!isIntegral(in->dtype, true)) {
        return opError(call, "\"bitwise_not_cpu\" not implemented for '" +
                                 std::string(scalarTypeName(in->dtype)) + "'");
      }
      break;
    case Unary::kLogicalNot: out = DType::kBool; break;
  }
  if (kind == Unary::kFloatOnly) {
    if (const MetaArg* approx = bound->get("approximate")) {
      const auto* s = approx->get<std::string>();
      if (s == nullptr || (*s != "none" && *s != "tanh")) {
        return opError(call, "approximate argument must be either none or tanh.");
      }
    }
  }
  const DType compute = kind == Unary::kLogicalNot ? in->dtype : out;
  std::vector<IterOperand> operands(1);
  operands[0].meta = std::move(*in);
  auto result = pointwiseOutput(call, operands, out, true, compute);
  if (!result) return result.error();
  return MetaValue(std::move(result.value()));
}

void addBinary(OpRegistry& r, std::initializer_list<const char*> names, Binary kind) {
  for (const char* name : names) {
    std::string_view n(name);
    const bool isOperator = n.substr(0, 9) == "operator.";
    const bool hasAlpha = !isOperator && (kind == Binary::kAdd || kind == Binary::kSub);
    r.add(name, [kind, hasAlpha](const OpCall& c) { return binaryMeta(c, kind, hasAlpha); });
  }
}

void addUnary(OpRegistry& r, std::initializer_list<const char*> names, Unary kind,
              const char* kernel = "", std::vector<std::string_view> extra = {}) {
  for (const char* name : names) {
    r.add(name,
          [kind, kernel, extra](const OpCall& c) { return unaryMeta(c, kind, kernel, extra); });
  }
}

}  // namespace

// In-place binary ops (Tensor.add_, operator.iadd on tensors): the result is `self`,
// whose shape must equal the broadcast shape and whose dtype the result must cast to
// (torch's canCast); requires_grad becomes true if any input requires grad.
void addInplaceBinary(OpRegistry& r, std::initializer_list<const char*> names, Binary kind) {
  for (const char* name : names) {
    std::string_view n(name);
    const bool hasAlpha =
        n.substr(0, 9) != "operator." && (kind == Binary::kAdd || kind == Binary::kSub);
    r.add(name, [kind, hasAlpha, n](const OpCall& c) -> Expected<MetaValue> {
      if (c.args.empty() || !c.args[0].is<TensorMeta>()) {
        return Error(std::string(n) + ": in-place op needs a tensor self");
      }
      auto out = binaryMeta(c, kind, hasAlpha);
      if (!out) return out;
      const TensorMeta& self = c.args[0].as<TensorMeta>();
      if (!out->is<TensorMeta>()) return Error(std::string(n) + ": unexpected result");
      const TensorMeta& result = out->as<TensorMeta>();
      if (result.sizes != self.sizes) {
        return Error("output with shape " + shapeStr(self.sizes) +
                     " doesn't match the broadcast shape " + shapeStr(result.sizes));
      }
      if (isFloatingOrComplex(result.dtype) && !isFloatingOrComplex(self.dtype)) {
        return Error("result type " + std::string(scalarTypeName(result.dtype)) +
                     " can't be cast to the desired output type " +
                     std::string(scalarTypeName(self.dtype)));
      }
      TensorMeta inplace = self;
      inplace.requiresGrad = self.requiresGrad || result.requiresGrad;
      return MetaValue::view(inplace, 0);
    });
  }
}

void registerElementwiseOps(OpRegistry& r) {
  addInplaceBinary(r, {"Tensor.add_", "operator.iadd"}, Binary::kAdd);
  addInplaceBinary(r, {"Tensor.sub_", "operator.isub"}, Binary::kSub);
  addInplaceBinary(r, {"Tensor.mul_", "operator.imul"}, Binary::kMul);
  addInplaceBinary(r, {"Tensor.div_", "operator.itruediv"}, Binary::kTrueDiv);
  addBinary(r, {"operator.add", "torch.add", "Tensor.add", "Tensor.__add__", "Tensor.__radd__"},
            Binary::kAdd);
  addBinary(r, {"operator.sub", "torch.sub", "torch.subtract", "Tensor.sub", "Tensor.__sub__"},
            Binary::kSub);
  addBinary(r, {"operator.mul", "torch.mul", "torch.multiply", "Tensor.mul", "Tensor.__mul__"},
            Binary::kMul);
  addBinary(r,
            {"operator.truediv", "torch.div", "torch.divide", "torch.true_divide", "Tensor.div",
             "Tensor.__truediv__"},
            Binary::kTrueDiv);
  addBinary(r, {"operator.floordiv", "torch.floor_divide", "Tensor.floor_divide"},
            Binary::kFloorDiv);
  addBinary(r, {"operator.pow", "torch.pow", "Tensor.pow", "Tensor.__pow__"}, Binary::kPow);
  addBinary(r, {"operator.mod", "torch.remainder", "torch.fmod", "Tensor.remainder", "Tensor.fmod"},
            Binary::kRemainder);
  addBinary(r, {"torch.maximum", "torch.minimum", "Tensor.maximum", "Tensor.minimum"},
            Binary::kMinMax);
  addBinary(
      r,
      {"operator.eq",      "operator.ne",     "operator.lt",   "operator.le", "operator.gt",
       "operator.ge",      "torch.eq",        "torch.ne",      "torch.lt",    "torch.le",
       "torch.gt",         "torch.ge",        "torch.greater", "torch.less",  "torch.greater_equal",
       "torch.less_equal", "torch.not_equal", "Tensor.eq",     "Tensor.ne",   "Tensor.lt",
       "Tensor.le",        "Tensor.gt",       "Tensor.ge"},
      Binary::kCompare);

  addUnary(r,
           {"torch.sin",
            "torch.cos",
            "torch.tan",
            "torch.exp",
            "torch.log",
            "torch.log2",
            "torch.log1p",
            "torch.expm1",
            "torch.sqrt",
            "torch.rsqrt",
            "torch.sigmoid",
            "torch.tanh",
            "torch.erf",
            "torch.nn.functional.sigmoid",
            "torch.nn.functional.tanh",
            "Tensor.sin",
            "Tensor.cos",
            "Tensor.tan",
            "Tensor.exp",
            "Tensor.log",
            "Tensor.log2",
            "Tensor.log1p",
            "Tensor.expm1",
            "Tensor.sqrt",
            "Tensor.rsqrt",
            "Tensor.sigmoid",
            "Tensor.tanh",
            "Tensor.erf"},
           Unary::kFloat);
  addBinary(r, {"operator.and_", "torch.bitwise_and", "Tensor.bitwise_and", "Tensor.__and__"},
            Binary::kBitwiseAnd);
  addBinary(r, {"operator.or_", "torch.bitwise_or", "Tensor.bitwise_or", "Tensor.__or__"},
            Binary::kBitwiseOr);
  addBinary(r, {"operator.xor", "torch.bitwise_xor", "Tensor.bitwise_xor", "Tensor.__xor__"},
            Binary::kBitwiseXor);
  addBinary(r,
            {"torch.logical_and", "torch.logical_or", "torch.logical_xor", "Tensor.logical_and",
             "Tensor.logical_or", "Tensor.logical_xor"},
            Binary::kLogical);
  addBinary(r,
            {"operator.lshift", "torch.bitwise_left_shift", "Tensor.bitwise_left_shift",
             "Tensor.__lshift__"},
            Binary::kLshift);
  addBinary(r,
            {"operator.rshift", "torch.bitwise_right_shift", "Tensor.bitwise_right_shift",
             "Tensor.__rshift__"},
            Binary::kRshift);
  addUnary(r, {"operator.invert", "torch.bitwise_not", "Tensor.bitwise_not"}, Unary::kBitwiseNot);
  addUnary(r, {"torch.logical_not", "Tensor.logical_not"}, Unary::kLogicalNot);
  addUnary(r, {"torch.abs", "torch.absolute", "Tensor.abs", "operator.abs"}, Unary::kAbs);
  addUnary(r, {"torch.neg", "torch.negative", "Tensor.neg", "operator.neg"}, Unary::kNeg);
  addUnary(r, {"torch.relu", "Tensor.relu"}, Unary::kRelu);
  addUnary(r, {"torch.nn.functional.relu"}, Unary::kRelu, "", {"inplace"});
  addUnary(r, {"torch.nn.functional.gelu", "torch._C._nn.gelu"}, Unary::kFloatOnly,
           "GeluKernelImpl", {"approximate"});
  addUnary(r, {"torch.nn.functional.silu"}, Unary::kFloatOnly, "silu_cpu", {"inplace"});
}

}  // namespace dynrr::fake
