// constant_variable.cpp — see constant_variable.h.
#include "core/vt/constant_variable.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/bytecode/py_repr.h"
#include "core/graph/python_repr.h"

namespace dynrr::vt {

std::string constantRepr(const ConstantValue& v) {
  struct Visitor {
    std::string operator()(NoneValue) const { return "None"; }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const { return graph::pythonFloatRepr(d); }
    std::string operator()(const std::string& s) const { return pyStrRepr(s); }
    std::string operator()(EllipsisValue) const { return "Ellipsis"; }
    std::string operator()(const TorchConstant& t) const {
      return t.kind == TorchConstant::Kind::kDtype ? t.name : "device(type='" + t.name + "')";
    }
    std::string operator()(const BytesValue& b) const { return bytecode::bytesRepr(b.data); }
  };
  return std::visit(Visitor{}, v);
}

bool constantTruth(const ConstantValue& v) {
  struct Visitor {
    bool operator()(NoneValue) const { return false; }
    bool operator()(bool b) const { return b; }
    bool operator()(int64_t i) const { return i != 0; }
    bool operator()(double d) const { return d != 0.0; }
    bool operator()(const std::string& s) const { return !s.empty(); }
    bool operator()(EllipsisValue) const { return true; }
    bool operator()(const TorchConstant&) const { return true; }
    bool operator()(const BytesValue& b) const { return !b.data.empty(); }
  };
  return std::visit(Visitor{}, v);
}

std::optional<int64_t> ConstantVariable::asInt() const {
  if (auto* i = std::get_if<int64_t>(&value_)) return *i;
  if (auto* b = std::get_if<bool>(&value_)) return *b ? 1 : 0;
  return std::nullopt;
}

std::optional<double> ConstantVariable::asNumber() const {
  if (auto i = asInt()) return static_cast<double>(*i);
  if (auto* d = std::get_if<double>(&value_)) return *d;
  return std::nullopt;
}

std::string ConstantVariable::pythonTypeName() const {
  struct Visitor {
    std::string operator()(NoneValue) const { return "NoneType"; }
    std::string operator()(bool) const { return "bool"; }
    std::string operator()(int64_t) const { return "int"; }
    std::string operator()(double) const { return "float"; }
    std::string operator()(const std::string&) const { return "str"; }
    std::string operator()(EllipsisValue) const { return "ellipsis"; }
    std::string operator()(const TorchConstant& t) const {
      return t.kind == TorchConstant::Kind::kDtype ? "torch.dtype" : "torch.device";
    }
    std::string operator()(const BytesValue&) const { return "bytes"; }
  };
  return std::visit(Visitor{}, value_);
}

}  // namespace dynrr::vt
