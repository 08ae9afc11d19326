// ops_surface.cpp — meta functions for the Tensor methods (and their torch.* functions) of
// Dynamo's surface that are aliases or close relatives of ops modelled elsewhere.
//
// Mirrors what TensorVariable.call_method (torch/_dynamo/variables/tensor.py) leads to for
// a method without a `method_<name>` handler: a call_method node whose example value
// FakeTensorMode computes with the aten kernel's meta. The aliases follow ATen's alias
// table (native_functions.yaml: arccos = acos, greater = gt, divide = div, swapdims =
// transpose, ...); the new families are the float unary ops of UnaryOps.cpp (acosh,
// digamma, erfc, ... promote integers to the default dtype), the float binary ops of
// BinaryOps.cpp (atan2, hypot, copysign, logaddexp, xlogy, ... the same promotion), the
// integer-only gcd/lcm, the boolean predicates (signbit, isposinf, isneginf, isreal) and
// the shape helpers that are views or reshapes (view_as, reshape_as, ravel, broadcast_to,
// fliplr, flipud, unflatten, moveaxis). Registered last: it forwards to registered ops.
#include <string>
#include <utility>

#include "core/fake/broadcast.h"
#include "core/fake/elementwise.h"
#include "core/fake/op_args.h"
#include "core/fake/ops.h"

namespace dynrr::fake {
namespace {

// `name` runs the meta of `target` (under target's name, so target's own name checks and
// messages apply). Skipped when target is unknown or name already exists.
void forwardTo(OpRegistry& r, const std::string& name, const std::string& target) {
  const MetaFn* fn = r.find(target);
  if (fn == nullptr || r.find(name) != nullptr) return;
  MetaFn f = *fn;
  r.add(name, [f, target](const OpCall& c) { return f(OpCall{target, c.args, c.kwargs, c.ctx}); });
}

// `name` runs `target` with the arguments rewritten by `rewrite` (which may fail).
using Rewrite = std::function<Expected<std::vector<MetaArg>>(const OpCall&)>;
void rewriteTo(OpRegistry& r, const std::string& name, const std::string& target, Rewrite rewrite) {
  const MetaFn* fn = r.find(target);
  if (fn == nullptr) return;
  MetaFn f = *fn;
  r.add(name, [f, target, rewrite](const OpCall& c) -> Expected<MetaValue> {
    auto args = rewrite(c);
    if (!args) return args.error();
    static const Kwargs kNone;
    return f(OpCall{target, *args, kNone, c.ctx});
  });
}

// UnaryOps.cpp's float ops (unary_float_op): integers and bool compute in the default dtype.
Expected<MetaValue> floatUnary(const OpCall& call, std::vector<std::string_view> extra) {
  std::vector<std::string_view> params = {"input"};
  params.insert(params.end(), extra.begin(), extra.end());
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto in = b->tensor("input");
  if (!in) return in.error();
  DType out = isIntegral(in->dtype, true) ? call.ctx.defaultDtype : in->dtype;
  auto result = pointwiseOutput(call, {IterOperand{*in, false}}, out, true, out);
  if (!result) return result.error();
  return MetaValue(std::move(result.value()));
}

// signbit / isposinf / isneginf / isreal: a bool tensor of the input's shape.
Expected<MetaValue> boolUnary(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input"});
  if (!b) return b.error();
  auto in = b->tensor("input");
  if (!in) return in.error();
  if (call.op.find("signbit") != std::string_view::npos && isComplex(in->dtype))
    return opError(call, "signbit is not implemented for complex tensors.");
  auto result = pointwiseOutput(call, {IterOperand{*in, false}}, DType::kBool, false, in->dtype);
  if (!result) return result.error();
  return MetaValue(std::move(result.value()));
}

enum class FloatBinary { kPromoteInt, kFloatKernel, kIntegerOnly };

// BinaryOps.cpp's float binary ops (binary_float_op: atan2, hypot, copysign, logaddexp,
// xlogy ...): the common dtype, integers promoted to the default dtype; gcd and lcm are
// integer-only.
Expected<MetaValue> binaryOp(const OpCall& call, FloatBinary kind, const char* kernel) {
  auto b = BoundArgs::bind(call, {"input", "other"});
  if (!b) return b.error();
  const MetaArg* x = b->get("input");
  const MetaArg* y = b->get("other");
  if (x == nullptr || y == nullptr) return opError(call, "expected two operands");
  if (!x->is<TensorMeta>() && !y->is<TensorMeta>())
    return opError(call, "expected at least one Tensor operand in " + describeCall(call));
  auto lhs = toOperand(call, *x, "input");
  if (!lhs) return lhs.error();
  auto rhs = toOperand(call, *y, "other");
  if (!rhs) return rhs.error();
  std::vector<IterOperand> ops = {*lhs, *rhs};
  DType common = commonDtype(ops, call.ctx.defaultDtype);
  DType out = common;
  if (kind == FloatBinary::kPromoteInt && isIntegral(common, true)) out = call.ctx.defaultDtype;
  if (kind == FloatBinary::kFloatKernel && isIntegral(common, true)) {
    // Float-only CPU kernels (hypot, logaddexp, nextafter, igamma ...): no integer kernel.
    const std::string_view base = call.op.substr(call.op.rfind('.') + 1);
    return opError(call, "\"" + std::string(base) + "_cpu\" not implemented for '" +
                             std::string(scalarTypeName(common)) + "'");
  }
  if (kind == FloatBinary::kIntegerOnly && !isIntegral(common, false)) {
    return opError(call, "\"" + std::string(kernel) + "\" not implemented for '" +
                             std::string(scalarTypeName(common)) + "'");
  }
  auto result = pointwiseOutput(call, ops, out, isFloatingOrComplex(out), out);
  if (!result) return result.error();
  return MetaValue(std::move(result.value()));
}

// Both spellings: torch.<op> and Tensor.<op>.
template <typename F>
void addBoth(OpRegistry& r, const std::string& op, F fn) {
  for (const std::string& n : {"torch." + op, "Tensor." + op})
    if (r.find(n) == nullptr) r.add(n, fn);
}

Expected<TensorMeta> selfTensor(const OpCall& c) {
  if (c.args.empty() || !c.args[0].is<TensorMeta>())
    return opError(c, "expected a tensor self in " + describeCall(c));
  return c.args[0].as<TensorMeta>();
}

MetaArg intList(const Shape& s) {
  std::vector<MetaArg> items;
  items.reserve(s.size());
  for (auto v : s) items.emplace_back(std::int64_t{v});
  return MetaArg::list(std::move(items));
}

}  // namespace

static void registerAliasesAndElementwise(OpRegistry& r) {
  // ATen aliases (native_functions.yaml): the method and its in-place form.
  const std::pair<const char*, const char*> aliases[] = {
      {"absolute", "abs"},       {"divide", "div"},      {"multiply", "mul"},  {"negative", "neg"},
      {"subtract", "sub"},       {"true_divide", "div"}, {"ger", "outer"},     {"greater", "gt"},
      {"greater_equal", "ge"},   {"less", "lt"},         {"less_equal", "le"}, {"not_equal", "ne"},
      {"arccos", "acos"},        {"arcsin", "asin"},     {"arctan", "atan"},   {"arccosh", "acosh"},
      {"arcsinh", "asinh"},      {"arctanh", "atanh"},   {"arctan2", "atan2"}, {"fix", "trunc"},
      {"swapdims", "transpose"}, {"clip", "clamp"},      {"fmax", "maximum"},  {"fmin", "minimum"},
      {"moveaxis", "movedim"}};

  // Float unary ops (both spellings), then their in-place forms.
  for (const char* op : {"acosh", "asinh", "atanh", "digamma", "lgamma", "erfc", "erfinv", "i0",
                         "sinc", "deg2rad", "rad2deg", "acos", "asin", "atan", "cosh", "sinh"}) {
    addBoth(r, op, [](const OpCall& c) { return floatUnary(c, {}); });
  }
  addBoth(r, "logit", [](const OpCall& c) { return floatUnary(c, {"eps"}); });
  for (const char* op : {"signbit", "isposinf", "isneginf", "isreal"}) addBoth(r, op, boolUnary);
  for (const char* op : {"atan2", "copysign", "xlogy", "ldexp"}) {
    addBoth(r, op, [](const OpCall& c) { return binaryOp(c, FloatBinary::kPromoteInt, ""); });
  }
  for (const char* op : {"hypot", "logaddexp", "logaddexp2", "nextafter", "igamma", "igammac"}) {
    addBoth(r, op, [](const OpCall& c) { return binaryOp(c, FloatBinary::kFloatKernel, ""); });
  }
  // ldexp_ on an integer self: the float result cannot be written back.
  r.add("Tensor.ldexp_", [](const OpCall& c) -> Expected<MetaValue> {
    if (!c.args.empty() && c.args[0].is<TensorMeta>() &&
        isIntegral(c.args[0].as<TensorMeta>().dtype, true))
      return opError(c, "ldexp can't be cast to the desired output type " +
                            std::string(scalarTypeName(c.args[0].as<TensorMeta>().dtype)));
    auto out =
        binaryOp(OpCall{"Tensor.ldexp", c.args, c.kwargs, c.ctx}, FloatBinary::kPromoteInt, "");
    if (!out) return out;
    TensorMeta self = c.args[0].as<TensorMeta>();
    if (out->as<TensorMeta>().sizes != self.sizes)
      return opError(c, "output with shape " + shapeStr(self.sizes) +
                            " doesn't match the broadcast shape " +
                            shapeStr(out->as<TensorMeta>().sizes));
    self.requiresGrad = self.requiresGrad || out->as<TensorMeta>().requiresGrad;
    return MetaValue::view(std::move(self), 0);
  });
  addBoth(r, "gcd",
          [](const OpCall& c) { return binaryOp(c, FloatBinary::kIntegerOnly, "gcd_cpu"); });
  addBoth(r, "lcm",
          [](const OpCall& c) { return binaryOp(c, FloatBinary::kIntegerOnly, "lcm_cpu"); });
  // heaviside: the common dtype (both sides must agree, checked by the kernel).
  for (const char* n : {"torch.heaviside", "Tensor.heaviside"}) {
    const MetaFn* fn = r.find("torch.maximum");
    if (fn == nullptr) break;
    MetaFn f = *fn;
    r.add(n, [f](const OpCall& c) -> Expected<MetaValue> {
      if (c.args.size() == 2 && c.args[0].is<TensorMeta>() && c.args[1].is<TensorMeta>() &&
          c.args[0].as<TensorMeta>().dtype != c.args[1].as<TensorMeta>().dtype)
        return opError(c, "heaviside is not yet implemented for tensors with different dtypes.");
      return f(OpCall{"torch.maximum", c.args, c.kwargs, c.ctx});
    });
  }

  if (r.find("Tensor.movedim") == nullptr && r.find("Tensor.permute") != nullptr) {
    // movedim(source, destination) with ints: the permutation that moves one dim.
    rewriteTo(r, "Tensor.movedim", "Tensor.permute",
              [](const OpCall& c) -> Expected<std::vector<MetaArg>> {
                auto self = selfTensor(c);
                if (!self) return self.error();
                auto b = BoundArgs::bind(c, {"source", "destination"}, 1);
                if (!b) return b.error();
                auto src = b->integer("source");
                if (!src) return src.error();
                auto dst = b->integer("destination");
                if (!dst) return dst.error();
                auto n = static_cast<std::int64_t>(self->sizes.size());
                auto s = wrapDim(*src, n);
                if (!s) return s.error();
                auto d = wrapDim(*dst, n);
                if (!d) return d.error();
                Shape order;
                for (std::int64_t i = 0; i < n; ++i)
                  if (i != *s) order.push_back(i);
                order.insert(order.begin() + *d, *s);
                return std::vector<MetaArg>{c.args[0], intList(order)};
              });
  }
  for (const auto& [alias, target] : aliases) {
    forwardTo(r, std::string("Tensor.") + alias, std::string("Tensor.") + target);
    forwardTo(r, std::string("torch.") + alias, std::string("torch.") + target);
  }
  // In-place forms of the ops above and of the comparisons (x.eq_(y) keeps x's dtype).
  for (const char* op : {"acosh",      "asinh",       "atanh",       "digamma", "lgamma",
                         "erfc",       "erfinv",      "i0",          "sinc",    "deg2rad",
                         "rad2deg",    "logit",       "atan2",       "hypot",   "copysign",
                         "xlogy",      "nextafter",   "igamma",      "igammac", "ldexp",
                         "gcd",        "lcm",         "heaviside",   "acos",    "asin",
                         "atan",       "cosh",        "sinh",        "eq",      "ne",
                         "lt",         "le",          "gt",          "ge",      "logical_and",
                         "logical_or", "logical_xor", "absolute",    "divide",  "multiply",
                         "negative",   "subtract",    "true_divide", "greater", "greater_equal",
                         "less",       "less_equal",  "not_equal",   "arccos",  "arcsin",
                         "arctan",     "arccosh",     "arcsinh",     "arctanh", "arctan2",
                         "fix",        "cumsum",      "cumprod"}) {
    addInplaceVariant(r, std::string("Tensor.") + op + "_", std::string("Tensor.") + op);
  }
}

static void registerShapesAndInplace(OpRegistry& r) {
  // Shapes: view_as / reshape_as / broadcast_to / ravel / fliplr / flipud / unflatten.
  rewriteTo(r, "Tensor.view_as", "Tensor.view",
            [](const OpCall& c) -> Expected<std::vector<MetaArg>> {
              if (c.args.size() != 2 || !c.args[1].is<TensorMeta>() || !c.kwargs.empty())
                return opError(c, "expected (self, other) in " + describeCall(c));
              return std::vector<MetaArg>{c.args[0], intList(c.args[1].as<TensorMeta>().sizes)};
            });
  rewriteTo(r, "Tensor.reshape_as", "Tensor.reshape",
            [](const OpCall& c) -> Expected<std::vector<MetaArg>> {
              if (c.args.size() != 2 || !c.args[1].is<TensorMeta>() || !c.kwargs.empty())
                return opError(c, "expected (self, other) in " + describeCall(c));
              return std::vector<MetaArg>{c.args[0], intList(c.args[1].as<TensorMeta>().sizes)};
            });
  for (const char* n : {"Tensor.broadcast_to", "torch.broadcast_to"}) {
    rewriteTo(r, n, "Tensor.expand", [](const OpCall& c) -> Expected<std::vector<MetaArg>> {
      auto b = BoundArgs::bind(c, {"input", "size"});
      if (!b) return b.error();
      auto self = b->tensor("input");
      if (!self) return self.error();
      auto size = b->intList("size");
      if (!size) return size.error();
      return std::vector<MetaArg>{c.args[0], intList(*size)};
    });
  }
  for (const char* n : {"Tensor.ravel", "torch.ravel"}) {
    rewriteTo(r, n, "Tensor.reshape", [](const OpCall& c) -> Expected<std::vector<MetaArg>> {
      auto b = BoundArgs::bind(c, {"input"});
      if (!b) return b.error();
      auto self = b->tensor("input");
      if (!self) return self.error();
      return std::vector<MetaArg>{c.args[0], intList({-1})};
    });
  }
  for (const auto& [n, dim] : {std::pair<const char*, int>{"fliplr", 1}, {"flipud", 0}}) {
    const int d = dim;
    const std::string name = n;
    auto rw = [d, name](const OpCall& c) -> Expected<std::vector<MetaArg>> {
      auto b = BoundArgs::bind(c, {"input"});
      if (!b) return b.error();
      auto self = b->tensor("input");
      if (!self) return self.error();
      if (static_cast<int>(self->sizes.size()) < d + 1)
        return opError(c, "Input must be >= " + std::to_string(d + 1) + "-d.");
      return std::vector<MetaArg>{c.args[0], intList({d})};
    };
    rewriteTo(r, "Tensor." + name, "Tensor.flip", rw);
    rewriteTo(r, "torch." + name, "Tensor.flip", rw);
  }
  for (const char* n : {"Tensor.unflatten", "torch.unflatten"}) {
    rewriteTo(r, n, "Tensor.reshape", [](const OpCall& c) -> Expected<std::vector<MetaArg>> {
      auto b = BoundArgs::bind(c, {"input", "dim", "sizes"});
      if (!b) return b.error();
      auto self = b->tensor("input");
      if (!self) return self.error();
      auto dim = b->integer("dim");
      if (!dim) return dim.error();
      auto sizes = b->intList("sizes");
      if (!sizes) return sizes.error();
      auto d = wrapDim(*dim, static_cast<std::int64_t>(self->sizes.size()));
      if (!d) return d.error();
      if (sizes->empty()) return opError(c, "unflatten: sizes must be non-empty");
      // One -1 is inferred from the unflattened dim's size.
      std::int64_t known = 1;
      int infer = -1;
      for (size_t i = 0; i < sizes->size(); ++i) {
        if ((*sizes)[i] == -1) {
          if (infer >= 0) return opError(c, "only one dimension can be inferred");
          infer = static_cast<int>(i);
        } else {
          known = satMul(known, (*sizes)[i]);  // hostile sizes overflowed (deep fuzzer, UBSan)
        }
      }
      Shape expanded = *sizes;
      const std::int64_t dimSize = self->sizes[*d];
      if (infer >= 0) {
        if (known == 0 || dimSize % known != 0)
          return opError(c, "unflatten: cannot infer the size of dim " + std::to_string(infer));
        expanded[infer] = dimSize / known;
      } else if (known != dimSize) {
        return opError(c, "unflatten: Provided sizes " + shapeStr(*sizes) +
                              " don't multiply up to the size of dim " + std::to_string(*dim) +
                              " (" + std::to_string(dimSize) + ") in the input tensor");
      }
      Shape shape(self->sizes.begin(), self->sizes.begin() + *d);
      shape.insert(shape.end(), expanded.begin(), expanded.end());
      shape.insert(shape.end(), self->sizes.begin() + *d + 1, self->sizes.end());
      return std::vector<MetaArg>{c.args[0], intList(shape)};
    });
  }
  // operator.pos / positive: the tensor itself (at::positive returns self); bool rejected.
  for (const char* n : {"operator.pos", "torch.positive", "Tensor.positive"}) {
    r.add(n, [](const OpCall& c) -> Expected<MetaValue> {
      auto b = BoundArgs::bind(c, {"input"});
      if (!b) return b.error();
      auto self = b->tensor("input");
      if (!self) return self.error();
      if (self->dtype == DType::kBool)
        return opError(c, "The `+` operator, on a bool tensor is not supported.");
      return MetaValue::view(*self, 0);
    });
  }
  // cpu() of a CPU tensor is the tensor itself.
  r.add("Tensor.cpu", [](const OpCall& c) -> Expected<MetaValue> {
    auto self = selfTensor(c);
    if (!self) return self.error();
    if (c.args.size() != 1 || !c.kwargs.empty())
      return opError(c, "cpu() with arguments is not modelled");
    if (self->device.type != "cpu") return opError(c, "cpu() of a non-CPU tensor is not modelled");
    return MetaValue::view(*self, 0);
  });
}

void registerSurfaceOps(OpRegistry& r) {
  registerAliasesAndElementwise(r);
  registerShapesAndInplace(r);
}

}  // namespace dynrr::fake
