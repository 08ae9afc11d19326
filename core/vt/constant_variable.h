// constant_variable.h — Python constants: None, bool, int, float, str, Ellipsis
// (ConstantVariable in torch/_dynamo/variables/constant.py), plus torch.dtype and
// torch.device values, which Dynamo also treats as constants.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "core/vt/variable_tracker.h"

namespace dynrr::vt {

struct NoneValue {
  friend bool operator==(NoneValue, NoneValue) { return true; }
};
struct EllipsisValue {
  friend bool operator==(EllipsisValue, EllipsisValue) { return true; }
};
// torch.dtype or torch.device, by the name torch prints ("torch.float32", "cpu").
struct TorchConstant {
  enum class Kind { kDtype, kDevice } kind;
  std::string name;
  friend bool operator==(const TorchConstant&, const TorchConstant&) = default;
};

// A bytes object (a LOAD_CONST b"..." passed along; never a graph argument).
struct BytesValue {
  std::string data;
  friend bool operator==(const BytesValue&, const BytesValue&) = default;
};

using ConstantValue = std::variant<NoneValue, bool, int64_t, double, std::string, EllipsisValue,
                                   TorchConstant, BytesValue>;

// Python repr of a constant ("None", "True", "3", "0.5", "'s'", "Ellipsis", "torch.float32").
std::string constantRepr(const ConstantValue& v);
// Python truthiness of a constant.
bool constantTruth(const ConstantValue& v);

class ConstantVariable final : public VariableTracker {
 public:
  explicit ConstantVariable(ConstantValue value, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kConstant, std::move(source), MutationType::kImmutable),
        value_(std::move(value)) {}
  static VtPtr make(ConstantValue value, SourcePtr source = nullptr) {
    return std::make_shared<ConstantVariable>(std::move(value), std::move(source));
  }
  const ConstantValue& value() const { return value_; }
  bool isNone() const { return std::holds_alternative<NoneValue>(value_); }
  std::optional<int64_t> asInt() const;    // ints and bools
  std::optional<double> asNumber() const;  // ints, bools and floats
  std::string pythonTypeName() const override;
  std::string describe() const override { return constantRepr(value_); }

 private:
  ConstantValue value_;
};

}  // namespace dynrr::vt
