// literal.cpp — shape and dtype inference of torch.tensor(data).
#include "core/fake/literal.h"

#include "core/fake/promotion.h"

namespace dynrr::fake {
namespace {

std::optional<DType> scalarType(const MetaArg& v, DType defaultDtype) {
  if (v.is<bool>()) return DType::kBool;
  if (v.is<std::int64_t>()) return DType::kInt64;
  if (v.is<double>()) return defaultDtype;
  return std::nullopt;
}

// infer_scalar_type: every element counts, nested sequences included.
Expected<DType> inferType(const MetaArg& v, DType defaultDtype) {
  if (auto t = scalarType(v, defaultDtype)) return *t;
  const auto* seq = v.get<ArgSeq>();
  if (seq == nullptr) {
    if (v.is<TensorMeta>()) {
      return Error(
          "torch.tensor of data holding tensors is not modelled (their values are "
          "unknown to fake tensors)");
    }
    return Error("Could not infer dtype of " + v.typeName());
  }
  if (seq->items.empty()) return defaultDtype;
  std::optional<DType> out;
  for (const auto& item : seq->items) {
    auto t = inferType(item, defaultDtype);
    if (!t) return t.error();
    out = out ? promoteTypes(*out, *t) : *t;
  }
  return *out;
}

Error storeError(const MetaArg& item, DType dtype) {
  const std::string type = item.typeName();
  if (isFloatingOrComplex(dtype)) return Error("must be real number, not " + type);
  return Error("'" + type + "' object cannot be interpreted as an integer");
}

// recursive_store: checks every level against the sizes compute_sizes found.
Status store(const MetaArg& v, const Shape& sizes, size_t dim, DType dtype,
             std::vector<double>& out) {
  if (dim == sizes.size()) {
    if (v.is<bool>()) {
      out.push_back(v.as<bool>() ? 1.0 : 0.0);
    } else if (v.is<std::int64_t>()) {
      out.push_back(static_cast<double>(v.as<std::int64_t>()));
    } else if (v.is<double>()) {
      out.push_back(v.as<double>());
    } else {
      return storeError(v, dtype);
    }
    return {};
  }
  const auto* seq = v.get<ArgSeq>();
  if (seq == nullptr) return Error("not a sequence");
  const auto n = static_cast<std::int64_t>(seq->items.size());
  if (n != sizes[dim]) {
    return Error("expected sequence of length " + std::to_string(sizes[dim]) + " at dim " +
                 std::to_string(dim) + " (got " + std::to_string(n) + ")");
  }
  for (const auto& item : seq->items) {
    if (auto s = store(item, sizes, dim + 1, dtype, out); !s) return s;
  }
  return {};
}

}  // namespace

Expected<Literal> parseLiteral(const MetaArg& data, DType defaultDtype) {
  Literal lit;
  auto dtype = inferType(data, defaultDtype);
  if (!dtype) return dtype.error();
  lit.dtype = *dtype;
  // compute_sizes: follow the first element down while it is a sequence.
  const MetaArg* cur = &data;
  while (const auto* seq = cur->get<ArgSeq>()) {
    lit.sizes.push_back(static_cast<std::int64_t>(seq->items.size()));
    if (seq->items.empty()) break;
    cur = &seq->items.front();
  }
  if (auto s = store(data, lit.sizes, 0, lit.dtype, lit.values); !s) return s.error();
  return lit;
}

}  // namespace dynrr::fake
