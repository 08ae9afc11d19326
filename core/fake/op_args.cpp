// op_args.cpp — argument binding and shared helpers of the meta functions.
#include "core/fake/op_args.h"

#include <algorithm>

namespace dynrr::fake {

std::string describeCall(const OpCall& call) {
  std::string out = std::string(call.op) + "(";
  bool first = true;
  for (const auto& a : call.args) {
    if (!first) out += ", ";
    first = false;
    out += a.str();
  }
  for (const auto& [k, v] : call.kwargs) {
    if (!first) out += ", ";
    first = false;
    out += k + "=" + v.str();
  }
  return out + ")";
}

Error opError(const OpCall& call, const std::string& message) {
  return Error(std::string(call.op) + ": " + message);
}

Expected<BoundArgs> BoundArgs::bind(const OpCall& call, std::vector<std::string_view> params,
                                    size_t skip) {
  BoundArgs b;
  b.call_ = &call;
  b.params_ = std::move(params);
  b.values_.assign(b.params_.size(), nullptr);
  b.positions_.assign(b.params_.size(), -1);
  const size_t npos = call.args.size() > skip ? call.args.size() - skip : 0;
  if (npos > b.params_.size()) {
    return opError(call, "takes " + std::to_string(b.params_.size()) +
                             " positional arguments but " + std::to_string(npos) +
                             " were given in " + describeCall(call));
  }
  for (size_t i = 0; i < npos; ++i) {
    b.values_[i] = &call.args[skip + i];
    b.positions_[i] = static_cast<int>(skip + i);
  }
  for (const auto& [name, value] : call.kwargs) {
    auto it = std::find(b.params_.begin(), b.params_.end(), name);
    if (it == b.params_.end()) {
      return opError(call,
                     "got an unexpected keyword argument '" + name + "' in " + describeCall(call));
    }
    const auto idx = static_cast<size_t>(it - b.params_.begin());
    if (b.values_[idx] != nullptr) {
      return opError(call,
                     "got multiple values for argument '" + name + "' in " + describeCall(call));
    }
    b.values_[idx] = &value;
  }
  return b;
}

const MetaArg* BoundArgs::get(std::string_view name) const {
  for (size_t i = 0; i < params_.size(); ++i) {
    if (params_[i] == name) {
      const MetaArg* v = values_[i];
      if (v == nullptr || v->is<NoneValue>()) return nullptr;
      return v;
    }
  }
  return nullptr;
}

int BoundArgs::positionOf(std::string_view name) const {
  for (size_t i = 0; i < params_.size(); ++i) {
    if (params_[i] == name) return positions_[i];
  }
  return -1;
}

Error BoundArgs::typeError(std::string_view name, std::string_view expected) const {
  const MetaArg* v = get(name);
  std::string got = v ? v->typeName() : "None";
  return opError(*call_, "argument '" + std::string(name) + "' must be " + std::string(expected) +
                             ", not " + got + " in " + describeCall(*call_));
}

Expected<TensorMeta> BoundArgs::tensor(std::string_view name) const {
  const MetaArg* v = get(name);
  if (v == nullptr || !v->is<TensorMeta>()) return typeError(name, "Tensor");
  return v->as<TensorMeta>();
}

Expected<std::optional<TensorMeta>> BoundArgs::optTensor(std::string_view name) const {
  const MetaArg* v = get(name);
  if (v == nullptr) return std::optional<TensorMeta>();
  if (!v->is<TensorMeta>()) return typeError(name, "Tensor");
  return std::optional<TensorMeta>(v->as<TensorMeta>());
}

Expected<std::int64_t> BoundArgs::integer(std::string_view name) const {
  const MetaArg* v = get(name);
  if (v == nullptr || !v->is<std::int64_t>()) return typeError(name, "int");
  return v->as<std::int64_t>();
}

Expected<std::int64_t> BoundArgs::integer(std::string_view name, std::int64_t dflt) const {
  if (!has(name)) return dflt;
  return integer(name);
}

Expected<std::optional<std::int64_t>> BoundArgs::optInteger(std::string_view name) const {
  if (!has(name)) return std::optional<std::int64_t>();
  auto v = integer(name);
  if (!v) return v.error();
  return std::optional<std::int64_t>(*v);
}

Expected<double> BoundArgs::number(std::string_view name, double dflt) const {
  const MetaArg* v = get(name);
  if (v == nullptr) return dflt;
  if (const auto* d = v->get<double>()) return *d;
  if (const auto* i = v->get<std::int64_t>()) return static_cast<double>(*i);
  if (const auto* b = v->get<bool>()) return *b ? 1.0 : 0.0;
  return typeError(name, "float");
}

Expected<bool> BoundArgs::boolean(std::string_view name, bool dflt) const {
  const MetaArg* v = get(name);
  if (v == nullptr) return dflt;
  if (const auto* b = v->get<bool>()) return *b;
  if (const auto* i = v->get<std::int64_t>()) return *i != 0;
  return typeError(name, "bool");
}

Expected<std::optional<DType>> BoundArgs::dtype(std::string_view name) const {
  const MetaArg* v = get(name);
  if (v == nullptr) return std::optional<DType>();
  if (const auto* d = v->get<DType>()) return std::optional<DType>(*d);
  return typeError(name, "torch.dtype");
}

Expected<std::vector<std::int64_t>> BoundArgs::intList(std::string_view name) const {
  const MetaArg* v = get(name);
  if (v == nullptr) return typeError(name, "tuple of ints");
  auto list = toIntList(*v);
  if (!list) return typeError(name, "tuple of ints");
  return list;
}

Expected<std::optional<std::vector<std::int64_t>>> BoundArgs::optIntList(
    std::string_view name) const {
  if (!has(name)) return std::optional<std::vector<std::int64_t>>();
  auto v = intList(name);
  if (!v) return v.error();
  return std::optional<std::vector<std::int64_t>>(std::move(v.value()));
}

Expected<std::int64_t> wrapDim(std::int64_t dim, std::int64_t ndim) {
  const std::int64_t n = std::max<std::int64_t>(ndim, 1);
  if (dim < -n || dim >= n) {
    return Error("Dimension out of range (expected to be in range of [" + std::to_string(-n) +
                 ", " + std::to_string(n - 1) + "], but got " + std::to_string(dim) + ")");
  }
  return dim < 0 ? dim + n : dim;
}

Expected<Shape> toIntList(const MetaArg& arg) {
  if (const auto* i = arg.get<std::int64_t>()) return Shape{*i};
  const auto* seq = arg.get<ArgSeq>();
  if (seq == nullptr) return Error("expected an int or a sequence of ints, got " + arg.typeName());
  Shape out;
  for (const auto& item : seq->items) {
    const auto* i = item.get<std::int64_t>();
    if (i == nullptr) {
      return Error("expected a sequence of ints, got an element of type " + item.typeName());
    }
    out.push_back(*i);
  }
  return out;
}

Expected<Shape> sizeVarargs(const OpCall& call, size_t first, std::string_view kwName) {
  for (const auto& [k, v] : call.kwargs) {
    if (k == kwName) {
      if (call.args.size() > first) {
        return opError(call, "got multiple values for '" + std::string(kwName) + "'");
      }
      auto s = toIntList(v);
      if (!s) return opError(call, s.error().message() + " in " + describeCall(call));
      return s;
    }
  }
  if (call.args.size() == first + 1 && call.args[first].is<ArgSeq>()) {
    auto s = toIntList(call.args[first]);
    if (!s) return opError(call, s.error().message() + " in " + describeCall(call));
    return s;
  }
  Shape out;
  for (size_t i = first; i < call.args.size(); ++i) {
    const auto* v = call.args[i].get<std::int64_t>();
    if (v == nullptr) {
      return opError(call, "size arguments must be ints, got " + call.args[i].typeName() + " in " +
                               describeCall(call));
    }
    out.push_back(*v);
  }
  return out;
}

bool outputRequiresGrad(const FakeContext& ctx, DType out, std::initializer_list<bool> inputs) {
  if (!ctx.gradEnabled || !isFloatingOrComplex(out)) return false;
  return std::any_of(inputs.begin(), inputs.end(), [](bool b) { return b; });
}

bool anyRequiresGrad(const std::vector<MetaArg>& args) {
  for (const auto& a : args) {
    if (const auto* t = a.get<TensorMeta>(); t && t->requiresGrad) return true;
    if (const auto* s = a.get<ArgSeq>(); s && anyRequiresGrad(s->items)) return true;
  }
  return false;
}

}  // namespace dynrr::fake
