// meta_value.cpp — printing of meta arguments and values for messages and tests.
#include "core/fake/meta_value.h"

#include <sstream>

namespace dynrr::fake {
namespace {

std::string formatDouble(double d) {
  std::ostringstream out;
  out.precision(17);
  out << d;
  return out.str();
}

std::string optInt(const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) : "None"; }

}  // namespace

std::string MetaArg::str() const {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, NoneValue>) {
          return "None";
        } else if constexpr (std::is_same_v<T, bool>) {
          return v ? "True" : "False";
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
          return std::to_string(v);
        } else if constexpr (std::is_same_v<T, double>) {
          return formatDouble(v);
        } else if constexpr (std::is_same_v<T, std::string>) {
          return "'" + v + "'";
        } else if constexpr (std::is_same_v<T, DType>) {
          return std::string(dtypeName(v));
        } else if constexpr (std::is_same_v<T, Device>) {
          return "device(" + v.str() + ")";
        } else if constexpr (std::is_same_v<T, Slice>) {
          return "slice(" + optInt(v.start) + ", " + optInt(v.stop) + ", " + optInt(v.step) + ")";
        } else if constexpr (std::is_same_v<T, EllipsisValue>) {
          return "...";
        } else if constexpr (std::is_same_v<T, TensorMeta>) {
          return v.str();
        } else {
          std::string out = v.isTuple ? "(" : "[";
          for (size_t i = 0; i < v.items.size(); ++i) {
            if (i) out += ", ";
            out += v.items[i].str();
          }
          if (v.isTuple && v.items.size() == 1) out += ",";
          return out + (v.isTuple ? ")" : "]");
        }
      },
      value);
}

std::string MetaArg::typeName() const {
  static const char* kNames[] = {"NoneType", "bool",        "int",          "float",
                                 "str",      "torch.dtype", "torch.device", "slice",
                                 "ellipsis", "Tensor",      "list"};
  if (const auto* seq = get<ArgSeq>(); seq && seq->isTuple) return "tuple";
  return kNames[value.index()];
}

std::string MetaValue::str() const {
  std::string out = std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, NoneValue>) {
          return "None";
        } else if constexpr (std::is_same_v<T, bool>) {
          return v ? "True" : "False";
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
          return std::to_string(v);
        } else if constexpr (std::is_same_v<T, double>) {
          return formatDouble(v);
        } else if constexpr (std::is_same_v<T, DType>) {
          return std::string(dtypeName(v));
        } else if constexpr (std::is_same_v<T, Device>) {
          return "device(" + v.str() + ")";
        } else if constexpr (std::is_same_v<T, TensorMeta>) {
          return v.str();
        } else {
          std::string s = v.isTuple ? "(" : "[";
          for (size_t i = 0; i < v.items.size(); ++i) {
            if (i) s += ", ";
            s += v.items[i].str();
          }
          if (v.isTuple && v.items.size() == 1) s += ",";
          return s + (v.isTuple ? ")" : "]");
        }
      },
      value);
  if (aliasOf) out += "@" + std::to_string(*aliasOf);
  return out;
}

}  // namespace dynrr::fake
