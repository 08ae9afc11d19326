// constant.cpp — see constant.h. ConstantVariable.var_getattr / call_method for the
// str methods the core models (ASCII only, as indexing is).
#include "core/vt/constant.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>

#include "core/bytecode/py_repr.h"
#include "core/graph/python_repr.h"
#include "core/tracer/instruction_translator.h"
#include "core/vt/lists.h"
#include "core/vt/misc.h"

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

namespace {

// One str method: `self` is the constant's str, `strs` the str arguments (realised).
using StrMethod = Expected<VtPtr> (*)(Tx& tx, const std::string& self, Args& args,
                                      const std::vector<std::string>& strs);

bool isSpace(char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r'); }

Expected<VtPtr> strAffix(const std::string& self, const std::vector<std::string>& strs,
                         bool prefix) {
  if (strs.size() != 1) return Error("");  // not modelled: the caller says so
  const std::string& p = strs[0];
  bool ok =
      p.size() <= self.size() && (prefix ? self.compare(0, p.size(), p) == 0
                                         : self.compare(self.size() - p.size(), p.size(), p) == 0);
  return ConstantVariable::make(ok);
}

std::string changeCase(std::string out, bool upper) {
  for (char& ch : out) {
    if (upper && ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 32);
    if (!upper && ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch + 32);
  }
  return out;
}

std::string stripped(const std::string& self, bool left, bool right) {
  size_t b = 0, e = self.size();
  if (left)
    while (b < e && isSpace(self[b])) ++b;
  if (right)
    while (e > b && isSpace(self[e - 1])) --e;
  return self.substr(b, e - b);
}

Expected<VtPtr> strJoin(Tx& tx, const std::string& self, const VtPtr& iterable) {
  auto it = tx.realize(iterable);
  if (!it) return it;
  auto items = (*it)->unpackVarSequence(tx);
  if (!items) return items.error();
  std::string out;
  for (size_t i = 0; i < items->size(); ++i) {
    auto r = tx.realize((*items)[i]);
    if (!r) return r;
    const std::string* s = constantStr(*r);
    if (!s) return unsupported("str.join of a " + (*r)->pythonTypeName());
    out += (i ? self : "") + *s;
  }
  return ConstantVariable::make(out);
}

const std::unordered_map<std::string, StrMethod>& strMethods() {
  static const std::unordered_map<std::string, StrMethod> kTable = {
      {"startswith",
       [](Tx&, const std::string& s, Args& a, const std::vector<std::string>& strs) {
         return a.size() == 1 ? strAffix(s, strs, true) : Expected<VtPtr>(Error(""));
       }},
      {"endswith",
       [](Tx&, const std::string& s, Args& a, const std::vector<std::string>& strs) {
         return a.size() == 1 ? strAffix(s, strs, false) : Expected<VtPtr>(Error(""));
       }},
      {"upper",
       [](Tx&, const std::string& s, Args& a, const std::vector<std::string>&) {
         return a.empty() ? Expected<VtPtr>(ConstantVariable::make(changeCase(s, true)))
                          : Expected<VtPtr>(Error(""));
       }},
      {"lower",
       [](Tx&, const std::string& s, Args& a, const std::vector<std::string>&) {
         return a.empty() ? Expected<VtPtr>(ConstantVariable::make(changeCase(s, false)))
                          : Expected<VtPtr>(Error(""));
       }},
      {"strip",
       [](Tx&, const std::string& s, Args& a, const std::vector<std::string>&) {
         return a.empty() ? Expected<VtPtr>(ConstantVariable::make(stripped(s, true, true)))
                          : Expected<VtPtr>(Error(""));
       }},
      {"lstrip",
       [](Tx&, const std::string& s, Args& a, const std::vector<std::string>&) {
         return a.empty() ? Expected<VtPtr>(ConstantVariable::make(stripped(s, true, false)))
                          : Expected<VtPtr>(Error(""));
       }},
      {"rstrip",
       [](Tx&, const std::string& s, Args& a, const std::vector<std::string>&) {
         return a.empty() ? Expected<VtPtr>(ConstantVariable::make(stripped(s, false, true)))
                          : Expected<VtPtr>(Error(""));
       }},
      {"replace",
       [](Tx&, const std::string& self, Args& a, const std::vector<std::string>& strs) {
         if (a.size() != 2 || strs.size() != 2 || strs[0].empty())
           return Expected<VtPtr>(Error(""));
         std::string out;
         size_t at = 0;
         for (size_t hit; (hit = self.find(strs[0], at)) != std::string::npos;
              at = hit + strs[0].size())
           out += self.substr(at, hit - at) + strs[1];
         return Expected<VtPtr>(ConstantVariable::make(out + self.substr(at)));
       }},
      {"split",
       [](Tx&, const std::string& self, Args& a, const std::vector<std::string>& strs) {
         if (a.size() != 1 || strs.size() != 1 || strs[0].empty())
           return Expected<VtPtr>(Error(""));
         std::vector<VtPtr> parts;
         size_t at = 0;
         for (size_t hit; (hit = self.find(strs[0], at)) != std::string::npos;
              at = hit + strs[0].size())
           parts.push_back(ConstantVariable::make(self.substr(at, hit - at)));
         parts.push_back(ConstantVariable::make(self.substr(at)));
         return Expected<VtPtr>(makeList(std::move(parts)));
       }},
      {"isdigit",
       [](Tx&, const std::string& self, Args& a, const std::vector<std::string>&) {
         if (!a.empty()) return Expected<VtPtr>(Error(""));
         bool ok = !self.empty();
         for (char ch : self) ok = ok && ch >= '0' && ch <= '9';
         return Expected<VtPtr>(ConstantVariable::make(ok));
       }},
      {"join",
       [](Tx& tx, const std::string& self, Args& a, const std::vector<std::string>&) {
         return a.size() == 1 ? strJoin(tx, self, a[0]) : Expected<VtPtr>(Error(""));
       }},
      // Looked up like the others, but formatting is not modelled.
      {"format", [](Tx&, const std::string&, Args&,
                    const std::vector<std::string>&) { return Expected<VtPtr>(Error("")); }},
  };
  return kTable;
}

}  // namespace

Expected<VtPtr> ConstantVariable::varGetattr(Tx& tx, const std::string& name) {
  (void)tx;
  if (asStr() && strMethods().count(name))
    return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
  return unsupported("getattr '" + name + "' on a " + pythonTypeName() + " constant");
}

namespace {

// A constant str (ASCII: one byte, one code point) indexed or sliced.
Expected<VtPtr> strGetItem(Tx& tx, const std::string& str, const VtPtr& index) {
  for (unsigned char ch : str)
    if (ch >= 0x80) return unsupported("indexing a non-ASCII str");
  auto i = tx.realize(index);
  if (!i) return i;
  int64_t n = static_cast<int64_t>(str.size());
  if (auto k = constantInt(*i)) {
    int64_t at = *k < 0 ? *k + n : *k;
    if (at < 0 || at >= n) return unsupported("string index out of range (IndexError path)");
    return ConstantVariable::make(std::string(1, str[static_cast<size_t>(at)]));
  }
  if ((*i)->kind() == VtKind::kSlice) {
    auto picked = static_cast<const SliceVariable&>(**i).indices(n);
    if (!picked) return picked.error();
    std::string out;
    for (int64_t k : *picked) out += str[static_cast<size_t>(k)];
    return ConstantVariable::make(out);
  }
  return unsupported("str index of type " + (*i)->pythonTypeName());
}

}  // namespace

Expected<VtPtr> ConstantVariable::callMethod(Tx& tx, const std::string& name, Args args,
                                             Kwargs kwargs) {
  const std::string* str = asStr();
  if (name == "__getitem__" && args.size() == 1 && kwargs.empty()) {
    if (!str) return unsupported("subscript of " + pythonTypeName());
    return strGetItem(tx, *str, args[0]);
  }
  if (name == "__len__" && str && args.empty()) return ConstantVariable::make(int64_t(str->size()));
  if (!str || !kwargs.empty()) return unsupported("method " + name + " of a constant");
  for (unsigned char ch : *str)
    if (ch >= 0x80) return unsupported("str methods of a non-ASCII str");
  std::vector<std::string> strs;
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r;
    a = *r;
    if (const std::string* s = constantStr(a)) strs.push_back(*s);
  }
  auto it = strMethods().find(name);
  if (it != strMethods().end()) {
    auto r = it->second(tx, *str, args, strs);
    if (r || !r.error().message().empty()) return r;
  }
  return unsupported("str." + name + " with these arguments");
}

}  // namespace dynrr::vt
