// ops_factory.cpp — meta functions of tensor factories and dtype/device conversions.
//
// Mirrors ATen's TensorFactories.cpp (zeros/ones/empty/full/rand/randn/arange: fresh
// contiguous tensors, dtype from the fill value or arange's bounds, the default dtype for
// floats; *_like with memory_format=preserve keeps a dense input's strides, as
// empty_like) and TensorConversions.cpp (to/float/half/...: the input itself when nothing
// changes, otherwise a copy with preserved strides).
#include <cmath>
#include <unordered_set>

#include "core/fake/literal.h"
#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/strides.h"

namespace dynrr::fake {
namespace {

// The keyword-only options every factory takes.
struct FactoryOptions {
  std::optional<DType> dtype;
  Device device;
  bool requiresGrad = false;
};

Expected<FactoryOptions> factoryOptions(const OpCall& call, size_t& npos) {
  // Keyword arguments the op itself handles, or that do not change the metadata.
  static const std::unordered_set<std::string> kOpKwargs = {
      "layout",        "pin_memory", "memory_format", "generator", "size", "fill_value",
      "end",           "start",      "step",          "steps",     "n",    "m",
      "window_length", "periodic",   "alpha",         "beta"};
  FactoryOptions o;
  npos = call.args.size();
  for (const auto& [k, v] : call.kwargs) {
    if (k == "dtype") {
      if (v.is<NoneValue>()) continue;
      if (!v.is<DType>())
        return opError(call, "argument 'dtype' must be torch.dtype, not " + v.typeName());
      o.dtype = v.as<DType>();
    } else if (k == "device") {
      if (v.is<NoneValue>()) continue;
      if (const auto* d = v.get<Device>()) {
        o.device = *d;
      } else if (const auto* s = v.get<std::string>()) {
        auto d2 = Device::parse(*s);
        if (!d2)
          return opError(
              call, "Expected one of cpu, cuda, ... device type at start of device string: " + *s);
        o.device = *d2;
      } else {
        return opError(call, "argument 'device' must be torch.device, not " + v.typeName());
      }
    } else if (k == "requires_grad") {
      if (!v.is<bool>())
        return opError(call, "argument 'requires_grad' must be bool, not " + v.typeName());
      o.requiresGrad = v.as<bool>();
    } else if (kOpKwargs.count(k)) {
      continue;  // handled by the op (or irrelevant to metadata)
    } else {
      return opError(call, "got an unexpected keyword argument '" + k + "'");
    }
  }
  return o;
}

Expected<TensorMeta> finish(const OpCall& call, DType dtype, Shape shape, const FactoryOptions& o) {
  for (auto s : shape) {
    if (s < 0 && call.op == "torch.zeros") {
      return opError(call, "zeros: Dimension size must be non-negative.");
    }
    if (s < 0) {
      return opError(call, "Trying to create tensor with negative dimension " + std::to_string(s) +
                               ": " + shapeStr(shape) + " (Dimension size must be non-negative.)");
    }
  }
  if (o.requiresGrad && !isFloatingOrComplex(dtype)) {
    return opError(call, "Only Tensors of floating point and complex dtype can require gradients");
  }
  TensorMeta out = TensorMeta::contiguous(dtype, std::move(shape), o.device);
  out.requiresGrad = o.requiresGrad;
  return out;
}

DType numberDtype(const MetaArg& v, DType dflt) {
  if (v.is<bool>()) return DType::kBool;
  if (v.is<std::int64_t>()) return DType::kInt64;
  return dflt;
}

enum class Fill { kZeros, kRandn, kRand };

Expected<MetaValue> sizedFactory(const OpCall& call, Fill fill) {
  size_t npos = 0;
  auto o = factoryOptions(call, npos);
  if (!o) return o.error();
  auto shape = sizeVarargs(call, 0, "size");
  if (!shape) return shape.error();
  const DType dtype = o->dtype.value_or(call.ctx.defaultDtype);
  if (fill != Fill::kZeros && !isFloatingOrComplex(dtype)) {
    return opError(call, std::string(fill == Fill::kRandn ? "\"normal_kernel_cpu\""
                                                          : "\"check_uniform_bounds\"") +
                             " not implemented for '" + std::string(scalarTypeName(dtype)) + "'");
  }
  auto out = finish(call, dtype, *shape, *o);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

const MetaArg* findArg(const OpCall& call, size_t pos, std::string_view kw) {
  if (call.args.size() > pos) return &call.args[pos];
  for (const auto& [k, v] : call.kwargs) {
    if (k == kw) return &v;
  }
  return nullptr;
}

Expected<MetaValue> fullOp(const OpCall& call) {
  size_t npos = 0;
  auto o = factoryOptions(call, npos);
  if (!o) return o.error();
  const MetaArg* size = findArg(call, 0, "size");
  const MetaArg* value = findArg(call, 1, "fill_value");
  if (size == nullptr || value == nullptr || call.args.size() > 2) {
    return opError(call, "expected (size, fill_value) in " + describeCall(call));
  }
  auto shape = toIntList(*size);
  if (!shape) return opError(call, shape.error().message());
  if (!value->is<bool>() && !value->is<std::int64_t>() && !value->is<double>()) {
    return opError(call, "argument 'fill_value' must be Number, not " + value->typeName());
  }
  const DType dtype = o->dtype.value_or(numberDtype(*value, call.ctx.defaultDtype));
  auto out = finish(call, dtype, *shape, *o);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

Expected<MetaValue> arangeOp(const OpCall& call) {
  size_t npos = 0;
  auto o = factoryOptions(call, npos);
  if (!o) return o.error();
  std::vector<const MetaArg*> bounds;
  for (const auto& a : call.args) bounds.push_back(&a);
  for (const char* k : {"start", "end", "step"}) {
    for (const auto& [name, v] : call.kwargs) {
      if (name == k) bounds.push_back(&v);
    }
  }
  if (bounds.empty() || bounds.size() > 3) {
    return opError(call,
                   "expected arange(end), arange(start, end) or arange(start, end, step) in " +
                       describeCall(call));
  }
  bool anyFloat = false;
  std::vector<double> v;
  for (const MetaArg* a : bounds) {
    if (const auto* i = a->get<std::int64_t>()) {
      v.push_back(static_cast<double>(*i));
    } else if (const auto* d = a->get<double>()) {
      v.push_back(*d);
      anyFloat = true;
    } else {
      return opError(call, "arange() bounds must be numbers, got " + a->typeName());
    }
  }
  double start = 0, end = 0, step = 1;
  if (v.size() == 1) {
    end = v[0];
  } else {
    start = v[0];
    end = v[1];
    if (v.size() == 3) step = v[2];
  }
  if (step == 0) return opError(call, "step must be nonzero");
  if ((step > 0 && end < start) || (step < 0 && end > start)) {
    return opError(call, "upper bound and lower bound inconsistent with step sign");
  }
  const auto n = static_cast<std::int64_t>(std::ceil((end - start) / step));
  const DType dtype = o->dtype.value_or(anyFloat ? call.ctx.defaultDtype : DType::kInt64);
  auto out = finish(call, dtype, {n}, *o);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

Expected<MetaValue> likeOp(const OpCall& call, Fill fill, bool hasValue) {
  if (call.args.empty() || !call.args[0].is<TensorMeta>()) {
    return opError(call, "expected a Tensor as first argument in " + describeCall(call));
  }
  const TensorMeta& t = call.args[0].as<TensorMeta>();
  if (call.args.size() > (hasValue ? 2u : 1u)) {
    return opError(call, "too many positional arguments in " + describeCall(call));
  }
  size_t npos = 0;
  auto o = factoryOptions(call, npos);
  if (!o) return o.error();
  if (hasValue && findArg(call, 1, "fill_value") == nullptr) {
    return opError(call, "missing fill_value in " + describeCall(call));
  }
  bool deviceGiven = false;
  for (const auto& [k, v] : call.kwargs)
    deviceGiven = deviceGiven || (k == "device" && !v.is<NoneValue>());
  const DType dtype = o->dtype.value_or(t.dtype);
  if (fill != Fill::kZeros && !isFloatingOrComplex(dtype)) {
    return opError(call, std::string(fill == Fill::kRandn ? "\"normal_kernel_cpu\""
                                                          : "\"check_uniform_bounds\"") +
                             " not implemented for '" + std::string(scalarTypeName(dtype)) + "'");
  }
  if (o->requiresGrad && !isFloatingOrComplex(dtype)) {
    return opError(call, "Only Tensors of floating point and complex dtype can require gradients");
  }
  TensorMeta out = t;
  out.dtype = dtype;
  if (deviceGiven) out.device = o->device;
  out.strides = preserveFormatStrides(t);
  out.storageOffset = 0;
  out.requiresGrad = o->requiresGrad;
  return MetaValue(std::move(out));
}

// torch.tensor(data): shape and dtype from the nested Python data (literal.h).
Expected<MetaValue> tensorOp(const OpCall& call) {
  if (call.args.size() != 1) {
    return opError(call, "tensor() takes 1 positional argument (data) in " + describeCall(call));
  }
  size_t npos = 0;
  auto o = factoryOptions(call, npos);
  if (!o) return o.error();
  if (const auto* t = call.args[0].get<TensorMeta>()) {
    // torch.tensor(t): a copy (clone().detach(): the memory format preserved) with t's
    // dtype and device unless dtype= / device= say otherwise.
    bool deviceGiven = false;
    for (const auto& [k, v] : call.kwargs)
      deviceGiven = deviceGiven || (k == "device" && !v.is<NoneValue>());
    if (!deviceGiven) o->device = t->device;
    auto out = finish(call, o->dtype.value_or(t->dtype), t->sizes, *o);
    if (!out) return out.error();
    out->strides = preserveFormatStrides(*t);
    return MetaValue(std::move(out.value()));
  }
  auto lit = parseLiteral(call.args[0], call.ctx.defaultDtype);
  if (!lit) return opError(call, lit.error().message());
  auto out = finish(call, o->dtype.value_or(lit->dtype), lit->sizes, *o);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

// Tensor.new_tensor(data): self's dtype and device unless dtype=/device= say otherwise.
Expected<MetaValue> newTensorOp(const OpCall& call) {
  if (call.args.size() != 2 || !call.args[0].is<TensorMeta>()) {
    return opError(call, "new_tensor() takes self and data in " + describeCall(call));
  }
  const TensorMeta& t = call.args[0].as<TensorMeta>();
  size_t npos = 0;
  auto o = factoryOptions(call, npos);
  if (!o) return o.error();
  bool deviceGiven = false;
  for (const auto& [k, v] : call.kwargs)
    deviceGiven = deviceGiven || (k == "device" && !v.is<NoneValue>());
  if (!deviceGiven) o->device = t.device;
  if (call.args[1].is<TensorMeta>()) {
    return opError(call, "new_tensor of a tensor is not modelled (use clone().detach())");
  }
  auto lit = parseLiteral(call.args[1], call.ctx.defaultDtype);
  if (!lit) return opError(call, lit.error().message());
  auto out = finish(call, o->dtype.value_or(t.dtype), lit->sizes, *o);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

MetaValue convert(const OpCall& call, const TensorMeta& t, DType dtype, const Device& device,
                  bool copy);

// torch.as_tensor(data, dtype=None, device=None): Python data as torch.tensor does; a tensor
// is returned itself when nothing changes, else converted as to() does.
Expected<MetaValue> asTensorOp(const OpCall& call) {
  if (call.args.empty() || !call.args[0].is<TensorMeta>()) return tensorOp(call);
  const TensorMeta& t = call.args[0].as<TensorMeta>();
  size_t npos = 0;
  auto o = factoryOptions(call, npos);
  if (!o) return o.error();
  bool deviceGiven = false;
  for (const auto& [k, v] : call.kwargs)
    deviceGiven = deviceGiven || (k == "device" && !v.is<NoneValue>());
  return convert(call, t, o->dtype.value_or(t.dtype), deviceGiven ? o->device : t.device, false);
}

// Tensor.new_zeros/new_ones/new_empty(size) and new_full(size, fill_value): self's dtype
// and device unless given, contiguous, requires_grad only when asked for.
Expected<MetaValue> newOp(const OpCall& call, bool hasValue) {
  if (call.args.empty() || !call.args[0].is<TensorMeta>()) {
    return opError(call, "expected a Tensor as first argument in " + describeCall(call));
  }
  const TensorMeta& t = call.args[0].as<TensorMeta>();
  size_t npos = 0;
  auto o = factoryOptions(call, npos);
  if (!o) return o.error();
  bool deviceGiven = false;
  for (const auto& [k, v] : call.kwargs)
    deviceGiven = deviceGiven || (k == "device" && !v.is<NoneValue>());
  if (!deviceGiven) o->device = t.device;
  Expected<Shape> shape = Shape{};
  if (hasValue) {
    const MetaArg* size = findArg(call, 1, "size");
    const MetaArg* value = findArg(call, 2, "fill_value");
    if (size == nullptr || value == nullptr || call.args.size() > 3) {
      return opError(call, "expected (size, fill_value) in " + describeCall(call));
    }
    shape = toIntList(*size);
    if (!shape) return opError(call, shape.error().message());
  } else {
    shape = sizeVarargs(call, 1, "size");
    if (!shape) return shape.error();
  }
  auto out = finish(call, o->dtype.value_or(t.dtype), *shape, *o);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

// torch.eye(n, m=None): an n x m matrix of the default dtype.
Expected<MetaValue> eyeOp(const OpCall& call) {
  size_t npos = 0;
  auto o = factoryOptions(call, npos);
  if (!o) return o.error();
  const MetaArg* n = findArg(call, 0, "n");
  const MetaArg* m = findArg(call, 1, "m");
  if (n == nullptr || !n->is<std::int64_t>() || call.args.size() > 2) {
    return opError(call, "expected eye(n, m=None) in " + describeCall(call));
  }
  const std::int64_t rows = n->as<std::int64_t>();
  std::int64_t cols = rows;
  if (m != nullptr && !m->is<NoneValue>()) {
    if (!m->is<std::int64_t>())
      return opError(call, "argument 'm' must be int, not " + m->typeName());
    cols = m->as<std::int64_t>();
  }
  if (rows < 0)
    return opError(call, "n must be greater or equal to 0, got " + std::to_string(rows));
  if (cols < 0)
    return opError(call, "m must be greater or equal to 0, got " + std::to_string(cols));
  auto out = finish(call, o->dtype.value_or(call.ctx.defaultDtype), {rows, cols}, *o);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

// torch.hann_window / bartlett_window / blackman_window(window_length, periodic=True)
// and hamming_window(window_length, periodic, alpha, beta): 1-d of window_length, a
// floating dtype (the default one unless dtype= is given; window_function_checks).
Expected<MetaValue> windowOp(const OpCall& call, size_t maxPositional) {
  size_t npos = 0;
  auto o = factoryOptions(call, npos);
  if (!o) return o.error();
  const MetaArg* n = findArg(call, 0, "window_length");
  if (n == nullptr || !n->is<std::int64_t>() || call.args.size() > maxPositional)
    return opError(
        call, "expected a window function's (window_length, periodic...) in " + describeCall(call));
  const std::int64_t len = n->as<std::int64_t>();
  if (len < 0)
    return opError(call, "window_length must be non-negative, got " + std::to_string(len));
  const DType dtype = o->dtype.value_or(call.ctx.defaultDtype);
  if (!isFloating(dtype))
    return opError(call, "expected a floating point or complex dtype, got " +
                             std::string(scalarTypeName(dtype)));
  auto out = finish(call, dtype, {len}, *o);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

// torch.linspace(start, end, steps): 1-d, the default dtype unless dtype= is given.
Expected<MetaValue> linspaceOp(const OpCall& call) {
  size_t npos = 0;
  auto o = factoryOptions(call, npos);
  if (!o) return o.error();
  const MetaArg* start = findArg(call, 0, "start");
  const MetaArg* end = findArg(call, 1, "end");
  const MetaArg* steps = findArg(call, 2, "steps");
  if (start == nullptr || end == nullptr || steps == nullptr || call.args.size() > 3) {
    return opError(call, "expected (start, end, steps) in " + describeCall(call));
  }
  for (const MetaArg* a : {start, end}) {
    if (!a->is<std::int64_t>() && !a->is<double>() && !a->is<bool>()) {
      return opError(call, "linspace() bounds must be numbers, got " + a->typeName());
    }
  }
  const auto* n = steps->get<std::int64_t>();
  if (n == nullptr) return opError(call, "argument 'steps' must be int, not " + steps->typeName());
  if (*n < 0) return opError(call, "number of steps must be non-negative");
  auto out = finish(call, o->dtype.value_or(call.ctx.defaultDtype), {*n}, *o);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

// to(): the input itself when dtype and device are unchanged (and no copy asked for).
MetaValue convert(const OpCall& call, const TensorMeta& t, DType dtype, const Device& device,
                  bool copy) {
  if (dtype == t.dtype && device == t.device && !copy) return MetaValue::view(t, 0);
  TensorMeta out = t;
  out.dtype = dtype;
  out.device = device;
  out.strides = preserveFormatStrides(t);
  out.storageOffset = 0;
  out.requiresGrad = outputRequiresGrad(call.ctx, dtype, {t.requiresGrad});
  return MetaValue(std::move(out));
}

Expected<MetaValue> toOp(const OpCall& call) {
  if (call.args.empty() || !call.args[0].is<TensorMeta>()) {
    return opError(call, "expected a Tensor as first argument in " + describeCall(call));
  }
  const TensorMeta& t = call.args[0].as<TensorMeta>();
  DType dtype = t.dtype;
  Device device = t.device;
  bool copy = false;
  int bools = 0;
  auto setDevice = [&](const MetaArg& a) -> bool {
    if (const auto* d = a.get<Device>()) {
      device = *d;
      return true;
    }
    if (const auto* s = a.get<std::string>()) {
      auto d = Device::parse(*s);
      if (!d) return false;
      device = *d;
      if (device.type == "cpu") device.index = -1;
      return true;
    }
    return false;
  };
  for (size_t i = 1; i < call.args.size(); ++i) {
    const MetaArg& a = call.args[i];
    if (const auto* d = a.get<DType>()) {
      dtype = *d;
    } else if (const auto* o = a.get<TensorMeta>()) {
      dtype = o->dtype;
      device = o->device;
    } else if (const auto* b = a.get<bool>()) {
      if (bools++ == 1) copy = *b;  // to(dtype, non_blocking, copy)
    } else if (a.is<NoneValue>()) {
      continue;
    } else if (!setDevice(a)) {
      return opError(call, "unsupported argument " + a.str() + " in " + describeCall(call));
    }
  }
  for (const auto& [k, v] : call.kwargs) {
    if (v.is<NoneValue>()) continue;
    if (k == "dtype" && v.is<DType>()) {
      dtype = v.as<DType>();
    } else if (k == "device" && setDevice(v)) {
      continue;
    } else if (k == "copy" && v.is<bool>()) {
      copy = v.as<bool>();
    } else if (k != "non_blocking" && k != "memory_format") {
      return opError(call,
                     "unsupported keyword " + k + "=" + v.str() + " in " + describeCall(call));
    }
  }
  return convert(call, t, dtype, device, copy);
}

Expected<MetaValue> castOp(const OpCall& call, DType dtype) {
  if (call.args.size() != 1 || !call.args[0].is<TensorMeta>()) {
    return opError(call, "expected only the tensor in " + describeCall(call));
  }
  const TensorMeta& t = call.args[0].as<TensorMeta>();
  return convert(call, t, dtype, t.device, false);
}

Expected<MetaValue> typeAsOp(const OpCall& call) {
  if (call.args.size() != 2 || !call.args[0].is<TensorMeta>() || !call.args[1].is<TensorMeta>()) {
    return opError(call, "expected (Tensor, Tensor) in " + describeCall(call));
  }
  const TensorMeta& t = call.args[0].as<TensorMeta>();
  const TensorMeta& o = call.args[1].as<TensorMeta>();
  return convert(call, t, o.dtype, o.device, false);
}

// Tensor.type(name): a CPU legacy tensor type name ("torch.HalfTensor") converts as
// .to(dtype) does (Dynamo passes tensortype classes to the graph as these strings).
Expected<MetaValue> typeOp(const OpCall& call) {
  if (call.args.size() != 2 || !call.args[0].is<TensorMeta>() || !call.kwargs.empty())
    return opError(call, "expected (Tensor, str) in " + describeCall(call));
  const TensorMeta& t = call.args[0].as<TensorMeta>();
  std::optional<DType> dtype;
  if (const auto* s = call.args[1].get<std::string>()) dtype = dtypeOfTensorType(*s);
  if (const auto* d = call.args[1].get<DType>()) dtype = *d;
  if (!dtype) return Error("no meta function for Tensor.type(" + call.args[1].str() + ")");
  return convert(call, t, *dtype, t.device, false);
}

}  // namespace

void registerFactoryOps(OpRegistry& r) {
  for (const char* n : {"torch.zeros", "torch.ones", "torch.empty"}) {
    r.add(n, [](const OpCall& c) { return sizedFactory(c, Fill::kZeros); });
  }
  r.add("torch.randn", [](const OpCall& c) { return sizedFactory(c, Fill::kRandn); });
  r.add("torch.rand", [](const OpCall& c) { return sizedFactory(c, Fill::kRand); });
  r.add("torch.full", fullOp);
  r.add("torch.arange", arangeOp);
  r.add("torch.tensor", tensorOp);
  r.add("torch._refs.tensor", tensorOp);  // handle_tensor's form for symbolic data
  r.add("Tensor.new_tensor", newTensorOp);
  r.add("torch.as_tensor", asTensorOp);
  r.add("torch.linspace", linspaceOp);
  r.add("torch.eye", eyeOp);
  for (const char* n : {"torch.hann_window", "torch.bartlett_window", "torch.blackman_window"})
    r.add(n, [](const OpCall& c) { return windowOp(c, 2); });
  r.add("torch.hamming_window", [](const OpCall& c) { return windowOp(c, 4); });
  for (const char* n : {"Tensor.new_zeros", "Tensor.new_ones", "Tensor.new_empty"}) {
    r.add(n, [](const OpCall& c) { return newOp(c, false); });
  }
  r.add("Tensor.new_full", [](const OpCall& c) { return newOp(c, true); });
  for (const char* n : {"torch.zeros_like", "torch.ones_like", "torch.empty_like"}) {
    r.add(n, [](const OpCall& c) { return likeOp(c, Fill::kZeros, false); });
  }
  r.add("torch.randn_like", [](const OpCall& c) { return likeOp(c, Fill::kRandn, false); });
  r.add("torch.rand_like", [](const OpCall& c) { return likeOp(c, Fill::kRand, false); });
  r.add("torch.full_like", [](const OpCall& c) { return likeOp(c, Fill::kZeros, true); });

  r.add("Tensor.to", toOp);
  r.add("Tensor.type", typeOp);
  r.add("Tensor.type_as", typeAsOp);
  const std::pair<const char*, DType> casts[] = {
      {"Tensor.float", DType::kFloat32},    {"Tensor.double", DType::kFloat64},
      {"Tensor.half", DType::kFloat16},     {"Tensor.bfloat16", DType::kBFloat16},
      {"Tensor.long", DType::kInt64},       {"Tensor.int", DType::kInt32},
      {"Tensor.short", DType::kInt16},      {"Tensor.char", DType::kInt8},
      {"Tensor.byte", DType::kUInt8},       {"Tensor.bool", DType::kBool},
      {"Tensor.cfloat", DType::kComplex64}, {"Tensor.cdouble", DType::kComplex128}};
  for (const auto& [name, dtype] : casts) {
    DType d = dtype;
    r.add(name, [d](const OpCall& c) { return castOp(c, d); });
  }
}

}  // namespace dynrr::fake
