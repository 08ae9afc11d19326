// constant.cpp — see constant.h. ConstantVariable.var_getattr / call_method for the
// str methods the core models (ASCII only, as indexing is).
#include "core/vt/constant.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <unordered_set>

#include "core/bytecode/code_object.h"
#include "core/bytecode/py_repr.h"
#include "core/fake/device.h"
#include "core/fake/dtype.h"
#include "core/graph/python_repr.h"
#include "core/guards/rules.h"
#include "core/tracer/instruction_translator.h"
#include "core/vt/lists.h"
#include "core/vt/misc.h"
#include "core/vt/user_defined.h"

namespace dynrr::vt {

namespace {

// complex_repr: each part as repr(float) without a ".0" suffix; a zero real part with a
// positive sign is left out ("2j"), else "(re+imj)" with the imaginary part's sign.
std::string complexPart(double d) {
  std::string s = graph::pythonFloatRepr(d);
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

std::string complexRepr(const ComplexValue& c) {
  if (c.real == 0.0 && !std::signbit(c.real)) return complexPart(c.imag) + "j";
  std::string im = complexPart(c.imag);
  if (im[0] != '-') im = "+" + im;
  return "(" + complexPart(c.real) + im + "j)";
}

}  // namespace

std::string constantRepr(const ConstantValue& v) {
  struct Visitor {
    std::string operator()(NoneValue) const { return "None"; }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const { return graph::pythonFloatRepr(d); }
    std::string operator()(const std::string& s) const { return pyStrRepr(s); }
    std::string operator()(EllipsisValue) const { return "Ellipsis"; }
    std::string operator()(const TorchConstant& t) const {
      return t.kind == TorchConstant::Kind::kDevice ? "device(type='" + t.name + "')" : t.name;
    }
    std::string operator()(const BytesValue& b) const { return bytecode::bytesRepr(b.data); }
    std::string operator()(const ComplexValue& c) const { return complexRepr(c); }
  };
  return std::visit(Visitor{}, v);
}

namespace {

struct FormatSpec {
  char fill = ' ';
  char align = 0;  // one of < > ^ =, or 0 for the type's default
  char sign = '-';
  int64_t width = 0;
  std::optional<int64_t> precision;
  char type = 0;
};

// Parses [[fill]align][sign][0][width][.precision][type]; the alternate form (#) and
// the grouping options are refused.
Expected<FormatSpec> parseFormatSpec(const std::string& spec) {
  FormatSpec f;
  size_t i = 0;
  auto isAlign = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  if (spec.size() >= 2 && isAlign(spec[1]) && static_cast<unsigned char>(spec[0]) < 0x80) {
    f.fill = spec[0];
    f.align = spec[1];
    i = 2;
  } else if (!spec.empty() && isAlign(spec[0])) {
    f.align = spec[0];
    i = 1;
  }
  if (i < spec.size() && (spec[i] == '+' || spec[i] == '-' || spec[i] == ' ')) f.sign = spec[i++];
  if (i < spec.size() && spec[i] == '0') {
    if (!f.align) {
      f.fill = '0';
      f.align = '=';
    }
    ++i;
  }
  auto digits = [&]() -> std::optional<int64_t> {
    size_t start = i;
    int64_t n = 0;
    while (i < spec.size() && spec[i] >= '0' && spec[i] <= '9' && i - start < 9)
      n = n * 10 + (spec[i++] - '0');
    return i > start ? std::optional<int64_t>(n) : std::nullopt;
  };
  if (auto w = digits()) f.width = *w;
  if (i < spec.size() && spec[i] == '.') {
    ++i;
    f.precision = digits();
    if (!f.precision) return unsupported("format spec '" + spec + "' (ValueError path)");
  }
  if (i < spec.size()) f.type = spec[i++];
  if (i != spec.size() || f.type == '#' || f.type == ',' || f.type == '_')
    return unsupported("format spec '" + spec + "'");
  return f;
}

std::string pad(const std::string& sign, const std::string& body, const FormatSpec& f,
                char defaultAlign) {
  int64_t len = static_cast<int64_t>(sign.size() + body.size());
  if (len >= f.width) return sign + body;
  std::string fill(static_cast<size_t>(f.width - len), f.fill);
  switch (f.align ? f.align : defaultAlign) {
    case '<': return sign + body + fill;
    case '^': {
      size_t left = fill.size() / 2;
      return fill.substr(0, left) + sign + body + fill.substr(left);
    }
    case '=': return sign + fill + body;
    default: return fill + sign + body;
  }
}

std::string printfDouble(const char* fmt, int precision, double x) {
  char buf[512];
  int n = std::snprintf(buf, sizeof buf, fmt, precision, x);
  return n < 0 || n >= static_cast<int>(sizeof buf) ? std::string() : std::string(buf);
}

}  // namespace

Expected<std::string> formatConstant(const ConstantValue& v, const std::string& spec) {
  if (spec.empty()) {
    if (const auto* s = std::get_if<std::string>(&v)) return *s;
    if (const auto* t = std::get_if<TorchConstant>(&v)) return t->name;
    return constantRepr(v);
  }
  auto f = parseFormatSpec(spec);
  if (!f) return f.error();
  if (const auto* s = std::get_if<std::string>(&v)) {
    if ((f->type && f->type != 's') || f->align == '=' || f->sign != '-')
      return unsupported("format spec '" + spec + "' of a str (ValueError path)");
    std::string body = *s;
    if (f->precision) {
      // Truncation counts code points; the UTF-8 continuation bytes go with their lead.
      size_t cut = 0;
      int64_t points = 0;
      while (cut < body.size() && points < *f->precision) {
        ++cut;
        while (cut < body.size() && (static_cast<unsigned char>(body[cut]) & 0xC0) == 0x80) ++cut;
        ++points;
      }
      body.resize(cut);
    }
    for (unsigned char c : body) {
      if (c >= 0x80) return unsupported("format spec with padding of a non-ASCII str");
    }
    return pad("", body, *f, '<');
  }
  const auto* iv = std::get_if<int64_t>(&v);
  const auto* dv = std::get_if<double>(&v);
  if (!iv && !dv) return unsupported("format spec '" + spec + "' of a constant of this type");
  std::string body;
  bool negative = false;
  char t = f->type;
  if (iv && (t == 0 || t == 'd' || t == 'x' || t == 'X' || t == 'o' || t == 'b')) {
    if (f->precision) return unsupported("precision in an int format (ValueError path)");
    negative = *iv < 0;
    uint64_t m = negative ? 0 - static_cast<uint64_t>(*iv) : static_cast<uint64_t>(*iv);
    int base = t == 'x' || t == 'X' ? 16 : t == 'o' ? 8 : t == 'b' ? 2 : 10;
    const char* dig = t == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
    do {
      body.insert(body.begin(), dig[m % static_cast<uint64_t>(base)]);
      m /= static_cast<uint64_t>(base);
    } while (m);
  } else if (t == 'f' || t == 'F' || t == 'e' || t == 'E' || t == '%') {
    double x = iv ? static_cast<double>(*iv) : *dv;
    negative = std::signbit(x) && !std::isnan(x);
    x = std::fabs(x);
    int prec = static_cast<int>(f->precision.value_or(6));
    if (t == '%') x *= 100.0;
    const char* fmt = t == 'F' ? "%.*F" : t == 'e' ? "%.*e" : t == 'E' ? "%.*E" : "%.*f";
    body = printfDouble(fmt, prec, x);
    if (body.empty()) return unsupported("a float format too long to fold");
    if (t == '%') body += '%';
  } else {
    return unsupported("format spec '" + spec + "' of a " + (iv ? "int" : "float"));
  }
  std::string sign = negative ? "-" : f->sign == '+' ? "+" : f->sign == ' ' ? " " : "";
  return pad(sign, body, *f, '>');
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
    bool operator()(const ComplexValue& c) const { return c.real != 0.0 || c.imag != 0.0; }
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
      return t.kind == TorchConstant::Kind::kDtype    ? "torch.dtype"
             : t.kind == TorchConstant::Kind::kLayout ? "torch.layout"
                                                      : "torch.device";
    }
    std::string operator()(const BytesValue&) const { return "bytes"; }
    std::string operator()(const ComplexValue&) const { return "complex"; }
  };
  return std::visit(Visitor{}, value_);
}

namespace {

// One str method: `self` is the constant's str, `strs` the str arguments (realised).
using StrMethod = Expected<VtPtr> (*)(Tx& tx, const std::string& self, Args& args,
                                      const std::vector<std::string>& strs);

bool isSpace(char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r'); }

bool isLetter(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }
bool isUpperCh(char ch) { return ch >= 'A' && ch <= 'Z'; }
bool isLowerCh(char ch) { return ch >= 'a' && ch <= 'z'; }
char toUpper(char ch) { return isLowerCh(ch) ? static_cast<char>(ch - 32) : ch; }
char toLower(char ch) { return isUpperCh(ch) ? static_cast<char>(ch + 32) : ch; }

// str.count: non-overlapping occurrences; the empty str occurs len + 1 times.
int64_t countOf(const std::string& self, const std::string& sub) {
  if (sub.empty()) return static_cast<int64_t>(self.size()) + 1;
  int64_t n = 0;
  for (size_t at = self.find(sub); at != std::string::npos; at = self.find(sub, at + sub.size()))
    ++n;
  return n;
}

// str.title: a letter after a letter is lowered, any other letter raised.
std::string title(const std::string& self) {
  std::string out = self;
  bool prevCased = false;
  for (char& ch : out) {
    ch = prevCased ? toLower(ch) : toUpper(ch);
    prevCased = isLetter(ch);
  }
  return out;
}

std::string capitalize(const std::string& self) {
  std::string out = self;
  for (size_t i = 0; i < out.size(); ++i) out[i] = i == 0 ? toUpper(out[i]) : toLower(out[i]);
  return out;
}

std::string swapcase(const std::string& self) {
  std::string out = self;
  for (char& ch : out) ch = isUpperCh(ch) ? toLower(ch) : toUpper(ch);
  return out;
}

// str.zfill: zeros after a leading sign, up to `width`.
std::string zfill(const std::string& self, int64_t width) {
  if (width <= static_cast<int64_t>(self.size())) return self;
  size_t fill = static_cast<size_t>(width) - self.size();
  bool sign = !self.empty() && (self[0] == '+' || self[0] == '-');
  return sign ? self.substr(0, 1) + std::string(fill, '0') + self.substr(1)
              : std::string(fill, '0') + self;
}

bool isAlpha(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), isLetter);
}
bool isAlnum(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char ch) {
    return isLetter(ch) || (ch >= '0' && ch <= '9');
  });
}
bool isSpaceStr(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), isSpace);
}
// str.isidentifier on ASCII text: a letter or '_' first, then letters, digits or '_'.
// Non-ASCII text (XID_Start / XID_Continue) is not modelled: nullopt.
std::optional<bool> isIdentifierAscii(const std::string& s) {
  for (char ch : s)
    if (static_cast<unsigned char>(ch) >= 0x80) return std::nullopt;
  if (s.empty() || !(isLetter(s[0]) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char ch) { return isLetter(ch) || ch == '_' || (ch >= '0' && ch <= '9'); });
}
// isupper / islower: at least one cased character, and none of the other case.
bool isUpperStr(const std::string& s) {
  return std::any_of(s.begin(), s.end(), isUpperCh) && std::none_of(s.begin(), s.end(), isLowerCh);
}
bool isLowerStr(const std::string& s) {
  return std::any_of(s.begin(), s.end(), isLowerCh) && std::none_of(s.begin(), s.end(), isUpperCh);
}

template <std::string (*F)(const std::string&)>
Expected<VtPtr> unaryStr(Tx&, const std::string& self, Args& a, const std::vector<std::string>&) {
  if (!a.empty()) return Error("");
  return ConstantVariable::make(F(self));
}

template <bool (*P)(const std::string&)>
Expected<VtPtr> predicate(Tx&, const std::string& self, Args& a, const std::vector<std::string>&) {
  if (!a.empty()) return Error("");
  return ConstantVariable::make(P(self));
}

// ljust / rjust / center(width[, fillchar]); center puts the odd pad on the left when
// width is odd (CPython's pad: left = marg / 2 + (marg & width & 1)).
template <char Side>
Expected<VtPtr> padded(Tx&, const std::string& self, Args& a,
                       const std::vector<std::string>& strs) {
  auto w = a.empty() ? std::nullopt : constantInt(a[0]);
  std::string fill = " ";
  if (a.size() == 2) {
    if (strs.size() != 1 || strs[0].size() != 1) return Error("");
    fill = strs[0];
  }
  if (!w || a.size() > 2) return Error("");
  int64_t marg = *w - static_cast<int64_t>(self.size());
  if (marg <= 0) return ConstantVariable::make(self);
  int64_t left = Side == 'l' ? 0 : Side == 'r' ? marg : marg / 2 + (marg & *w & 1);
  return ConstantVariable::make(std::string(static_cast<size_t>(left), fill[0]) + self +
                                std::string(static_cast<size_t>(marg - left), fill[0]));
}

// partition / rpartition(sep): (head, sep, tail); an empty sep raises ValueError.
template <bool FromRight>
Expected<VtPtr> partitioned(Tx&, const std::string& self, Args& a,
                            const std::vector<std::string>& strs) {
  if (a.size() != 1 || strs.size() != 1 || strs[0].empty()) return Error("");
  const std::string& sep = strs[0];
  size_t at = FromRight ? self.rfind(sep) : self.find(sep);
  auto part = [](std::string s) { return ConstantVariable::make(std::move(s)); };
  if (at == std::string::npos)
    return FromRight ? makeTuple({part(""), part(""), part(self)})
                     : makeTuple({part(self), part(""), part("")});
  return makeTuple({part(self.substr(0, at)), part(sep), part(self.substr(at + sep.size()))});
}

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
  static const std::
      unordered_map<std::string, StrMethod>
          kTable =
              {
                  {"startswith",
                   [](Tx&, const std::string& s, Args& a, const std::vector<std::string>& strs) {
                     return a.size() == 1 ? strAffix(s, strs, true) : Expected<VtPtr>(Error(""));
                   }},
                  {"endswith",
                   [](Tx&, const std::string& s, Args& a, const std::vector<std::string>& strs) {
                     return a.size() == 1 ? strAffix(s, strs, false) : Expected<VtPtr>(Error(""));
                   }},
                  {"encode",
                   // str.encode of an ASCII str (callMethod refuses others) with a codec
                   // that maps ASCII to itself: the same bytes.
                   [](Tx&, const std::string& s, Args& a, const std::vector<std::string>& strs) {
                     static const std::unordered_set<std::string> kCodecs = {
                         "utf-8", "utf8", "UTF-8", "ascii", "latin-1", "latin1"};
                     if (a.size() > 2 || strs.size() != a.size() ||
                         (!strs.empty() && !kCodecs.count(strs[0])))
                       return Expected<VtPtr>(Error(""));
                     return Expected<VtPtr>(ConstantVariable::make(BytesValue{s}));
                   }},
                  {"upper",
                   [](Tx&, const std::string& s, Args& a, const std::vector<std::string>&) {
                     return a.empty() ? Expected<VtPtr>(ConstantVariable::make(changeCase(s, true)))
                                      : Expected<VtPtr>(Error(""));
                   }},
                  {"lower",
                   [](Tx&, const std::string& s, Args& a, const std::vector<std::string>&) {
                     return a.empty()
                                ? Expected<VtPtr>(ConstantVariable::make(changeCase(s, false)))
                                : Expected<VtPtr>(Error(""));
                   }},
                  {"strip",
                   [](Tx&, const std::string& s, Args& a, const std::vector<std::string>&) {
                     return a.empty()
                                ? Expected<VtPtr>(ConstantVariable::make(stripped(s, true, true)))
                                : Expected<VtPtr>(Error(""));
                   }},
                  {"lstrip",
                   [](Tx&, const std::string& s, Args& a, const std::vector<std::string>&) {
                     return a.empty()
                                ? Expected<VtPtr>(ConstantVariable::make(stripped(s, true, false)))
                                : Expected<VtPtr>(Error(""));
                   }},
                  {"rstrip",
                   [](Tx&, const std::string& s, Args& a, const std::vector<std::string>&) {
                     return a.empty()
                                ? Expected<VtPtr>(ConstantVariable::make(stripped(s, false, true)))
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
                  {"__contains__",
                   [](Tx&, const std::string& self, Args& a, const std::vector<std::string>& strs) {
                     if (a.size() != 1 || strs.size() != 1) return Expected<VtPtr>(Error(""));
                     return Expected<VtPtr>(
                         ConstantVariable::make(self.find(strs[0]) != std::string::npos));
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
                  {"find",
                   [](Tx&, const std::string& self, Args& a, const std::vector<std::string>& strs) {
                     if (a.size() != 1 || strs.size() != 1) return Expected<VtPtr>(Error(""));
                     size_t at = self.find(strs[0]);
                     return Expected<VtPtr>(ConstantVariable::make(
                         at == std::string::npos ? int64_t{-1} : int64_t(at)));
                   }},
                  {"rfind",
                   [](Tx&, const std::string& self, Args& a, const std::vector<std::string>& strs) {
                     if (a.size() != 1 || strs.size() != 1) return Expected<VtPtr>(Error(""));
                     size_t at = self.rfind(strs[0]);
                     return Expected<VtPtr>(ConstantVariable::make(
                         at == std::string::npos ? int64_t{-1} : int64_t(at)));
                   }},
                  {"count",
                   [](Tx&, const std::string& self, Args& a, const std::vector<std::string>& strs) {
                     if (a.size() != 1 || strs.size() != 1) return Expected<VtPtr>(Error(""));
                     return Expected<VtPtr>(ConstantVariable::make(countOf(self, strs[0])));
                   }},
                  {"title", unaryStr<&title>},
                  {"capitalize", unaryStr<&capitalize>},
                  {"swapcase", unaryStr<&swapcase>},
                  {"zfill",
                   [](Tx&, const std::string& self, Args& a, const std::vector<std::string>&) {
                     auto w = a.size() == 1 ? constantInt(a[0]) : std::nullopt;
                     if (!w) return Expected<VtPtr>(Error(""));
                     return Expected<VtPtr>(ConstantVariable::make(zfill(self, *w)));
                   }},
                  {"ljust", padded<'l'>},
                  {"rjust", padded<'r'>},
                  {"center", padded<'c'>},
                  {"partition", partitioned<false>},
                  {"rpartition", partitioned<true>},
                  {"isidentifier",
                   [](Tx&, const std::string& self, Args& a, const std::vector<std::string>&) {
                     auto ok = a.empty() ? isIdentifierAscii(self) : std::nullopt;
                     if (!ok) return Expected<VtPtr>(Error(""));
                     return Expected<VtPtr>(ConstantVariable::make(*ok));
                   }},
                  {"isalpha", predicate<&isAlpha>},
                  {"isalnum", predicate<&isAlnum>},
                  {"isspace", predicate<&isSpaceStr>},
                  {"isupper", predicate<&isUpperStr>},
                  {"islower", predicate<&isLowerStr>},
                  // Looked up like the others, but formatting is not modelled.
                  {"format",
                   [](Tx&, const std::string&, Args&,
                      const std::vector<std::string>&) { return Expected<VtPtr>(Error("")); }},
              };
  return kTable;
}

}  // namespace

Expected<VtPtr> ConstantVariable::varGetattr(Tx& tx, const std::string& name) {
  (void)tx;
  if (asStr() && strMethods().count(name))
    return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
  // complex.real / complex.imag (ConstantVariable.var_getattr reads the value's getset
  // attributes): floats.
  if (const auto* z = std::get_if<ComplexValue>(&value_)) {
    if (name == "real") return ConstantVariable::make(z->real);
    if (name == "imag") return ConstantVariable::make(z->imag);
    return unsupported("complex." + name);
  }
  // Attributes of a torch.dtype / torch.device constant (ConstantVariable.var_getattr
  // reads them off the Python value): device.type / .index, dtype.is_floating_point /
  // .is_complex / .is_signed / .itemsize.
  if (const auto* t = std::get_if<TorchConstant>(&value_)) {
    if (t->kind == TorchConstant::Kind::kDevice) {
      if (auto d = fake::Device::parse(t->name)) {
        if (name == "type") return ConstantVariable::make(d->type);
        if (name == "index")
          return d->index < 0 ? ConstantVariable::make(NoneValue{})
                              : ConstantVariable::make(int64_t{d->index});
      }
    } else if (auto d = t->kind == TorchConstant::Kind::kDtype ? fake::parseDType(t->name)
                                                               : std::nullopt) {
      if (name == "is_floating_point") return ConstantVariable::make(fake::isFloating(*d));
      if (name == "is_complex") return ConstantVariable::make(fake::isComplex(*d));
      if (name == "itemsize") return ConstantVariable::make(int64_t{fake::elementSize(*d)});
      if (name == "is_signed")
        return ConstantVariable::make(*d != fake::DType::kUInt8 && *d != fake::DType::kBool);
    }
  }
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
  if (const auto* b = std::get_if<BytesValue>(&value()); b && name == "__len__" && args.empty())
    return ConstantVariable::make(static_cast<int64_t>(b->data.size()));
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

Expected<std::vector<VtPtr>> ConstantVariable::unpackVarSequence(Tx& tx) {
  const std::string* str = asStr();
  if (!str) return VariableTracker::unpackVarSequence(tx);
  if (Status st = checkMaterialized(static_cast<int64_t>(str->size()), "characters of a str"); !st)
    return st.error();
  std::vector<VtPtr> out;
  for (size_t i = 0; i < str->size();) {
    size_t n = 1;
    auto c = static_cast<unsigned char>((*str)[i]);
    if (c >= 0xF0)
      n = 4;
    else if (c >= 0xE0)
      n = 3;
    else if (c >= 0xC0)
      n = 2;
    out.push_back(ConstantVariable::make(str->substr(i, n)));
    i += n;
  }
  return out;
}

Expected<VtPtr> CodeVariable::varGetattr(Tx& tx, const std::string& name) {
  auto code = bytecode::codeFromTrace(tx.context().trace, code_);
  if (!code) return code.error();
  auto strTuple = [](const std::vector<std::string>& xs) {
    std::vector<VtPtr> items;
    for (const auto& x : xs) items.push_back(ConstantVariable::make(x));
    return makeTuple(std::move(items));
  };
  if (name == "co_varnames") return strTuple(code->varnames);
  if (name == "co_names") return strTuple(code->names);
  if (name == "co_freevars") return strTuple(code->freevars);
  if (name == "co_cellvars") return strTuple(code->cellvars);
  if (name == "co_argcount") return ConstantVariable::make(int64_t{code->argcount});
  if (name == "co_posonlyargcount") return ConstantVariable::make(int64_t{code->posonlyargcount});
  if (name == "co_kwonlyargcount") return ConstantVariable::make(int64_t{code->kwonlyargcount});
  if (name == "co_firstlineno") return ConstantVariable::make(int64_t{code->firstlineno});
  if (name == "co_flags") return ConstantVariable::make(int64_t{code->flags});
  if (name == "co_name") return ConstantVariable::make(code->name);
  if (name == "co_qualname") return ConstantVariable::make(code->qualname);
  if (name == "co_filename") return ConstantVariable::make(code->filename);
  return unsupported("code object attribute " + name);
}

// .name and .value are enum.property descriptors of enum.Enum; Dynamo inlines their
// fget (`return self._name_` / `self._value_`). On a member with a source the descriptor
// is found by walking type(member).__mro__ (TYPE_MATCH on it, CLOSURE_MATCH on its
// fget) and the attribute read is wrapped from `<member>._value_` (a constant, guarded
// as one); a member without a source (made by Mode(1)) gives the constant alone.
Expected<VtPtr> EnumVariable::varGetattr(Tx& tx, const std::string& name) {
  auto refuse = [&](const std::string& why) {
    return unsupported("attribute " + name + " of enum member " + typeName_ + "." + name_ + " (" +
                       why + ")");
  };
  if (name != "name" && name != "value") return refuse("only .name and .value are modelled");
  if (name == "value" && !value_) return refuse("a value that is not an int, float, str or bool");
  auto& trace = tx.context().trace;
  auto member = trace.object(identity_);
  if (!member || member->which() != schema::Object::Which::ENUM)
    return refuse("member not recorded");
  trace::ObjRef cls = member->getEnum().getClass();
  auto c = trace.object(cls);
  if (!c || c->which() != schema::Object::Which::CLASS) return refuse("class not recorded");
  int64_t owner = -1, index = 0;
  for (auto k : c->getClass().getMro()) {
    std::string qn = qualifiedClassName(trace, k);
    if (qn == "enum.Enum") {
      owner = index;
      break;
    }
    if (auto kc = trace.object(k); kc && kc->which() == schema::Object::Which::CLASS &&
                                   findAttr(kc->getClass().getAttrs(), name))
      return refuse("redefined by " + qn);
    ++index;
  }
  if (owner < 0) return refuse("enum.Enum not in the recorded MRO");
  // Classes between the member's class and enum.Enum (IntEnum, ReprEnum ...) would add
  // DICT_NOT_CONTAINS guards on each: not modelled.
  if (owner != 1) return refuse("enum.Enum is not the direct base");
  VtPtr out = name == "name" ? ConstantVariable::make(name_) : ConstantVariable::make(*value_);
  if (const SourcePtr& src = source()) {
    // The descriptor's source is found once per descriptor (get_source_by_walking_mro's
    // cache): the first member read guards it, later members of any enum reuse it.
    auto enumCls = trace.object(c->getClass().getMro()[1]);
    if (!enumCls || enumCls->which() != schema::Object::Which::CLASS)
      return refuse("enum.Enum not recorded");
    auto descr = findAttr(enumCls->getClass().getAttrs(), name);
    if (!descr) return refuse("enum.Enum." + name + " not recorded");
    auto d = trace.object(*descr);
    uint64_t key = d && d->getIdentity() != 0 ? d->getIdentity() : (uint64_t{1} << 63) | *descr;
    auto& cache = tx.context().mroSourceCache;
    if (!cache.count({key, name})) {
      std::string descrName = "dict(type(" + src->name() + ").__mro__[" + std::to_string(owner) +
                              "].__dict__)['" + name + "']";
      tx.context().output.addGuard(guards::GuardKind::TYPE_MATCH, descrName);
      tx.context().output.addGuard(guards::GuardKind::CLOSURE_MATCH, descrName + ".fget");
      cache[{key, name}] = Source::expr(src, descrName);
    }
    auto attrSrc = Source::attr(src, name == "name" ? "_name_" : "_value_");
    bool isInt = name == "value" && std::holds_alternative<int64_t>(*value_);
    guards::installConstantGuards(tx.context().output.guardSet(), *attrSrc, isInt);
    out->setSource(attrSrc);
  }
  return out;
}

std::optional<bool> EnumVariable::equals(const VtPtr& other) const {
  if (other->kind() == VtKind::kEnum) {
    const auto& e = static_cast<const EnumVariable&>(*other);
    if (e.identity_ == identity_ && identity_ != 0) return true;
    if (!valueMixin_ || !e.valueMixin_)
      return typeName_ == e.typeName_ ? std::optional<bool>(false) : std::nullopt;
    if (!value_ || !e.value_) return std::nullopt;
    return *value_ == *e.value_;
  }
  if (const ConstantVariable* c = asConstant(other)) {
    if (!valueMixin_) return false;
    if (!value_) return std::nullopt;
    return *value_ == c->value();
  }
  return std::nullopt;
}

}  // namespace dynrr::vt
