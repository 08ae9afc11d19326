// constant.h — Python constants: None, bool, int, float, str, bytes, Ellipsis
// (ConstantVariable in torch/_dynamo/variables/constant.py), plus torch.dtype and
// torch.device values, which Dynamo also treats as constants, and code objects (a
// ConstantVariable of a code object in Dynamo; CodeVariable here). Methods of a str run
// the real method on the constant (ConstantVariable.call_method).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "core/trace/trace_format.h"
#include "core/vt/base.h"

namespace dynrr::vt {

struct NoneValue {
  friend bool operator==(NoneValue, NoneValue) { return true; }
};
struct EllipsisValue {
  friend bool operator==(EllipsisValue, EllipsisValue) { return true; }
};
// torch.dtype, torch.device or torch.layout, by the name torch prints ("torch.float32",
// "cpu", "torch.strided").
struct TorchConstant {
  enum class Kind { kDtype, kDevice, kLayout } kind;
  std::string name;
  friend bool operator==(const TorchConstant&, const TorchConstant&) = default;
};

// A bytes object (a LOAD_CONST b"..." passed along; never a graph argument).
struct BytesValue {
  std::string data;
  friend bool operator==(const BytesValue&, const BytesValue&) = default;
};

// A Python complex number (builtins.complex folded on constants).
struct ComplexValue {
  double real = 0.0, imag = 0.0;
  friend bool operator==(const ComplexValue&, const ComplexValue&) = default;
};

using ConstantValue = std::variant<NoneValue, bool, int64_t, double, std::string, EllipsisValue,
                                   TorchConstant, BytesValue, ComplexValue>;

// Python repr of a constant ("None", "True", "3", "0.5", "'s'", "Ellipsis", "torch.float32",
// "(1+2j)").
std::string constantRepr(const ConstantValue& v);
// format(v, spec) of a constant (str.__format__, int.__format__, float.__format__ with
// the format-spec mini-language: fill, align, sign, 0, width, precision and the types
// s, d, x, X, o, b, f, F, e, E, %). Unsupported for the rest (#, grouping, g, general
// float formats with a precision), never a guess.
Expected<std::string> formatConstant(const ConstantValue& v, const std::string& spec);
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
  const std::string* asStr() const { return std::get_if<std::string>(&value_); }
  std::string pythonTypeName() const override;
  std::string describe() const override { return constantRepr(value_); }

  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  bool isPythonConstant() const override { return true; }
  Expected<bool> boolValue(Tx&) override { return constantTruth(value_); }
  // Iterating a str gives its characters (code points; the UTF-8 bytes of one are kept
  // together).
  Expected<std::vector<VtPtr>> unpackVarSequence(Tx& tx) override;

 private:
  ConstantValue value_;
};

// The constant a realised tracker holds, or null (isinstance(v, ConstantVariable)).
inline const ConstantVariable* asConstant(const VtPtr& v) {
  return v && v->kind() == VtKind::kConstant ? static_cast<const ConstantVariable*>(v.get())
                                             : nullptr;
}
// The str or int a constant tracker holds, if it is one.
inline const std::string* constantStr(const VtPtr& v) {
  const ConstantVariable* c = asConstant(v);
  return c ? c->asStr() : nullptr;
}
inline std::optional<int64_t> constantInt(const VtPtr& v) {
  const ConstantVariable* c = asConstant(v);
  return c ? c->asInt() : std::nullopt;
}

// A code object constant (LOAD_CONST feeding MAKE_FUNCTION).
class CodeVariable final : public VariableTracker {
 public:
  CodeVariable(trace::ObjRef code, std::string qualname)
      : VariableTracker(VtKind::kCode, nullptr, MutationType::kImmutable),
        code_(code),
        qualname_(std::move(qualname)) {}
  trace::ObjRef code() const { return code_; }
  const std::string& qualname() const { return qualname_; }
  std::string pythonTypeName() const override { return "code"; }
  std::string describe() const override { return "<code object " + qualname_ + ">"; }
  bool isPythonConstant() const override { return true; }
  // co_varnames, co_argcount, co_name ... of the recorded code object (constants).
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;

 private:
  trace::ObjRef code_;
  std::string qualname_;
};

// FakeIdVariable (constant.py): id(x) of a tracker with no runtime object (no source,
// not None/True/False), a compile-time-only int named by the tracker it was taken of.
// Two of them compare with == / != to a constant (the same tracker or not); anything
// else (other comparisons, arithmetic, a dict key, reconstruction) is refused by name.
class FakeIdVariable final : public VariableTracker {
 public:
  explicit FakeIdVariable(VtPtr of)
      : VariableTracker(VtKind::kFakeId, nullptr, MutationType::kImmutable), of_(std::move(of)) {}
  const VariableTracker* of() const { return of_.get(); }
  std::string pythonTypeName() const override { return "int"; }
  std::string describe() const override { return "FakeIdVariable(id of a traced value)"; }

 private:
  // The tracker id() was taken of (Dynamo's id(vt)), kept alive so its address stays
  // its own; only compared.
  VtPtr of_;
};

// An enum.Enum member: VariableBuilder gives a UserDefinedObjectVariable with ID_MATCH,
// and as_python_constant() returns the member, so operators on members fold. Equality
// is Python's: the same member; a member of a str or int mixin enum (class E(str,
// Enum)) also equals its value.
class EnumVariable final : public VariableTracker {
 public:
  // `member` names the recorded member object (the same member, the same ObjRef).
  EnumVariable(trace::ObjRef member, std::string typeName, std::string name,
               std::optional<ConstantValue> value, bool valueMixin, SourcePtr source)
      : VariableTracker(VtKind::kEnum, std::move(source), MutationType::kImmutable),
        identity_(member),
        typeName_(std::move(typeName)),
        name_(std::move(name)),
        value_(std::move(value)),
        valueMixin_(valueMixin) {}
  trace::ObjRef identity() const { return identity_; }
  bool valueMixin() const { return valueMixin_; }
  // The member's _value_ when it is a constant.
  const std::optional<ConstantValue>& value() const { return value_; }
  // The same member without a source (SourcelessBuilder's UserDefinedObjectVariable).
  std::shared_ptr<EnumVariable> sourceless() const {
    return std::make_shared<EnumVariable>(identity_, typeName_, name_, value_, valueMixin_,
                                          nullptr);
  }
  std::string pythonTypeName() const override { return typeName_; }
  std::string describe() const override { return "<" + typeName_ + "." + name_ + ">"; }
  bool isPythonConstant() const override { return true; }
  Expected<bool> boolValue(Tx&) override { return true; }
  // .name and .value (constants); other attributes are not modelled.
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  // Python == against another tracker; nullopt where not modelled.
  std::optional<bool> equals(const VtPtr& other) const;

 private:
  trace::ObjRef identity_;
  std::string typeName_;
  std::string name_;
  std::optional<ConstantValue> value_;
  bool valueMixin_;
};

}  // namespace dynrr::vt
