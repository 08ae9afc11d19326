// meta_value.h — arguments to and results of meta functions (no data, metadata only).
//
// MetaArg is what an FX node's args hold once example values replace nodes: fake
// tensors, Python constants, lists/tuples, dtypes, devices, slices, Ellipsis. MetaValue
// is what a meta function returns: a fake tensor (with the input whose storage it
// aliases, for views), a tuple/list of them, or a Python value (size(), dim(), dtype).
// Mirrors the values FakeTensorMode propagates in torch._subclasses.fake_tensor.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/fake/device.h"
#include "core/fake/dtype.h"
#include "core/fake/tensor_meta.h"

namespace dynrr::fake {

struct NoneValue {
  friend bool operator==(NoneValue, NoneValue) { return true; }
};
struct EllipsisValue {
  friend bool operator==(EllipsisValue, EllipsisValue) { return true; }
};
// A Python slice object; absent fields are None.
struct Slice {
  std::optional<std::int64_t> start, stop, step;
  friend bool operator==(const Slice&, const Slice&) = default;
};

struct MetaArg;
// A Python list or tuple of arguments.
struct ArgSeq {
  bool isTuple = false;
  std::vector<MetaArg> items;
  friend bool operator==(const ArgSeq&, const ArgSeq&);
};

struct MetaArg {
  using Variant = std::variant<NoneValue, bool, std::int64_t, double, std::string, DType, Device,
                               Slice, EllipsisValue, TensorMeta, ArgSeq>;
  Variant value;

  MetaArg() = default;
  template <typename T>
  requires(!std::is_same_v<std::decay_t<T>, MetaArg> && std::is_constructible_v<Variant, T>)
      MetaArg(T v)
      : value(std::move(v)) {}                       // NOLINT(google-explicit-constructor)
  MetaArg(int v) : value(std::int64_t{v}) {}         // NOLINT(google-explicit-constructor)
  MetaArg(const char* s) : value(std::string(s)) {}  // NOLINT(google-explicit-constructor)

  template <typename T>
  bool is() const {
    return std::holds_alternative<T>(value);
  }
  template <typename T>
  const T& as() const {
    return std::get<T>(value);
  }
  template <typename T>
  const T* get() const {
    return std::get_if<T>(&value);
  }

  // Python-ish repr for messages: "T(float32,[2, 3],...)", "3", "[1, 2]", "None".
  std::string str() const;
  // Python type name for messages: "Tensor", "int", "float", "list", ...
  std::string typeName() const;

  friend bool operator==(const MetaArg&, const MetaArg&) = default;
  static MetaArg list(std::vector<MetaArg> items) { return ArgSeq{false, std::move(items)}; }
  static MetaArg tuple(std::vector<MetaArg> items) { return ArgSeq{true, std::move(items)}; }
};

inline bool operator==(const ArgSeq& a, const ArgSeq& b) {
  return a.isTuple == b.isTuple && a.items == b.items;
}

struct MetaValue;
struct ValueSeq {
  bool isTuple = true;
  std::vector<MetaValue> items;
};

struct MetaValue {
  using Variant =
      std::variant<NoneValue, bool, std::int64_t, double, DType, Device, TensorMeta, ValueSeq>;
  Variant value;
  // For a tensor result: index of the positional argument whose storage it shares (a view,
  // or the input itself returned unchanged); nullopt for fresh storage.
  std::optional<int> aliasOf;

  MetaValue() = default;
  template <typename T>
  requires(!std::is_same_v<std::decay_t<T>, MetaValue> && std::is_constructible_v<Variant, T>)
      MetaValue(T v)
      : value(std::move(v)) {}                  // NOLINT(google-explicit-constructor)
  MetaValue(int v) : value(std::int64_t{v}) {}  // NOLINT(google-explicit-constructor)

  static MetaValue view(TensorMeta t, int aliasOf) {
    MetaValue v(std::move(t));
    v.aliasOf = aliasOf;
    return v;
  }
  static MetaValue tuple(std::vector<MetaValue> items) { return ValueSeq{true, std::move(items)}; }
  static MetaValue list(std::vector<MetaValue> items) { return ValueSeq{false, std::move(items)}; }

  template <typename T>
  bool is() const {
    return std::holds_alternative<T>(value);
  }
  template <typename T>
  const T& as() const {
    return std::get<T>(value);
  }

  std::string str() const;
};

// The ambient state meta functions read (torch.is_grad_enabled, get_default_dtype).
struct FakeContext {
  bool gradEnabled = true;
  DType defaultDtype = DType::kFloat32;
  // No real tensor has more elements (2**48); a replay whose sizes stand for symbols
  // (large stand-in values) allows up to 2**62.
  std::int64_t maxElements = std::int64_t{1} << 48;
  // Nonzero when sizes may be symbol stand-ins (tracer::kStandInStep apart from this
  // base): values at or above `symbolBase - 1000` are symbolic, which is what decides
  // FakeTensorMode's fast paths (has_symbolic_sizes_strides).
  std::int64_t symbolBase = 0;
};

}  // namespace dynrr::fake
