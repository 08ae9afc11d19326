// py_repr.cpp — Python repr() of heap objects (see py_repr.h).
#include "core/bytecode/py_repr.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <vector>

namespace dynrr::bytecode {
namespace {

struct Range32 {
  uint32_t lo;
  uint32_t hi;
};

constexpr Range32 kNonPrintable[] = {
#include "core/bytecode/unicode_printable.inc"
};

// Py_UNICODE_ISPRINTABLE for code points >= 0x80.
bool isPrintableNonAscii(uint32_t cp) {
  auto it = std::upper_bound(std::begin(kNonPrintable), std::end(kNonPrintable), cp,
                             [](uint32_t c, const Range32& r) { return c < r.lo; });
  if (it == std::begin(kNonPrintable)) return true;
  --it;
  return cp > it->hi;
}

// Decodes UTF-8 (surrogates allowed, as surrogatepass writes them). A byte that does
// not start a valid sequence decodes as the code point of its value.
std::vector<uint32_t> decodeUtf8(std::string_view s) {
  std::vector<uint32_t> out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    const auto b0 = static_cast<uint8_t>(s[i]);
    int len = 0;
    uint32_t cp = 0;
    if (b0 < 0x80) {
      len = 1;
      cp = b0;
    } else if ((b0 & 0xE0) == 0xC0) {
      len = 2;
      cp = b0 & 0x1F;
    } else if ((b0 & 0xF0) == 0xE0) {
      len = 3;
      cp = b0 & 0x0F;
    } else if ((b0 & 0xF8) == 0xF0) {
      len = 4;
      cp = b0 & 0x07;
    }
    bool ok = len > 0 && i + len <= s.size();
    for (int k = 1; ok && k < len; ++k) {
      const auto b = static_cast<uint8_t>(s[i + k]);
      if ((b & 0xC0) != 0x80) ok = false;
      cp = (cp << 6) | (b & 0x3F);
    }
    if (ok && len > 1) {
      static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
      if (cp < kMin[len] || cp > 0x10FFFF) ok = false;
    }
    if (!ok) {
      out.push_back(b0);
      ++i;
      continue;
    }
    out.push_back(cp);
    i += len;
  }
  return out;
}

void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

void appendHex(std::string& out, uint32_t value, int digits) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4)
    out.push_back(kHex[(value >> shift) & 15]);
}

// PyOS_double_to_string(v, 'r', 0, flags): shortest round-trip digits, exponent form
// when the decimal point position is < -4 or > 16.
std::string formatShortest(double v, bool addDot0, bool forceSign) {
  std::string out;
  if (std::isnan(v)) {
    out = "nan";
    if (forceSign) out = "+" + out;
    return out;
  }
  if (std::signbit(v)) {
    out.push_back('-');
    v = -v;
  } else if (forceSign) {
    out.push_back('+');
  }
  if (std::isinf(v)) return out + "inf";
  if (v == 0) return out + (addDot0 ? "0.0" : "0");
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string_view sci(buf, static_cast<size_t>(res.ptr - buf));
  // sci is "d[.ddd]e[+-]XX": digits and a decimal exponent.
  const size_t e = sci.find('e');
  std::string digits;
  for (char c : sci.substr(0, e)) {
    if (c != '.') digits.push_back(c);
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  int exp10 = 0;
  std::from_chars(sci.data() + e + 1 + (sci[e + 1] == '+' ? 1 : 0), sci.data() + sci.size(), exp10);
  const int decpt = exp10 + 1;  // value = 0.DIGITS * 10^decpt
  const int n = static_cast<int>(digits.size());
  if (decpt <= -4 || decpt > 16) {
    out += digits[0];
    if (n > 1) {
      out.push_back('.');
      out.append(digits, 1, std::string::npos);
    }
    out.push_back('e');
    const int x = decpt - 1;
    out.push_back(x < 0 ? '-' : '+');
    const std::string xs = std::to_string(x < 0 ? -x : x);
    if (xs.size() < 2) out.push_back('0');
    out += xs;
    return out;
  }
  if (decpt <= 0) {
    out += "0.";
    out.append(static_cast<size_t>(-decpt), '0');
    out += digits;
  } else if (decpt >= n) {
    out += digits;
    out.append(static_cast<size_t>(decpt - n), '0');
    if (addDot0) out += ".0";
  } else {
    out.append(digits, 0, static_cast<size_t>(decpt));
    out.push_back('.');
    out.append(digits, static_cast<size_t>(decpt), std::string::npos);
  }
  return out;
}

std::string hexAddress(uint64_t address) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(address));
  return buf;
}

class Printer {
 public:
  explicit Printer(const trace::TraceReader& trace) : trace_(trace) {}

  std::string repr(trace::ObjRef ref) {
    if (!trace_.validRef(ref)) return "<invalid ref " + std::to_string(ref) + ">";
    if (depth_ > kMaxDepth) return "...";
    auto obj = trace_.objectUnchecked(ref);
    using W = schema::Object::Which;
    switch (obj.which()) {
      case W::NONE: return "None";
      case W::ELLIPSIS: return "Ellipsis";
      case W::NOT_IMPLEMENTED: return "NotImplemented";
      case W::BOOL: return obj.getBool() ? "True" : "False";
      case W::INT: return std::to_string(obj.getInt());
      case W::BIG_INT: {
        auto b = obj.getBigInt();
        auto mag = b.getMagnitude();
        return bigIntRepr(b.getNegative(),
                          std::string_view(reinterpret_cast<const char*>(mag.begin()), mag.size()));
      }
      case W::FLOAT: return floatRepr(obj.getFloat());
      case W::COMPLEX: return complexRepr(obj.getComplex().getReal(), obj.getComplex().getImag());
      case W::STR: return strRepr(std::string_view(obj.getStr().cStr(), obj.getStr().size()));
      case W::BYTES: {
        auto d = obj.getBytes();
        return bytesRepr(std::string_view(reinterpret_cast<const char*>(d.begin()), d.size()));
      }
      case W::TUPLE: {
        auto items = obj.getTuple();
        std::string s = "(" + join(items);
        if (items.size() == 1) s += ",";
        return s + ")";
      }
      case W::LIST: return guarded(ref, "[...]", [&] { return "[" + join(obj.getList()) + "]"; });
      case W::SET:
        return guarded(ref, "{...}", [&] {
          return obj.getSet().size() == 0 ? std::string("set()") : "{" + join(obj.getSet()) + "}";
        });
      case W::FROZENSET:
        return obj.getFrozenset().size() == 0 ? std::string("frozenset()")
                                              : "frozenset({" + join(obj.getFrozenset()) + "})";
      case W::DICT:
        return guarded(ref, "{...}", [&] {
          std::string s = "{";
          bool first = true;
          for (auto e : obj.getDict()) {
            if (!first) s += ", ";
            first = false;
            s += nested(e.getKey()) + ": " + nested(e.getValue());
          }
          return s + "}";
        });
      case W::SLICE: {
        auto sl = obj.getSlice();
        return "slice(" + nested(sl.getStart()) + ", " + nested(sl.getStop()) + ", " +
               nested(sl.getStep()) + ")";
      }
      case W::RANGE: {
        auto r = obj.getRange();
        std::string s =
            "range(" + std::to_string(r.getStart()) + ", " + std::to_string(r.getStop());
        if (r.getStep() != 1) s += ", " + std::to_string(r.getStep());
        return s + ")";
      }
      case W::CODE: {
        auto c = obj.getCode();
        return codeRepr(c.getName().cStr(), c.getFilename().cStr(), c.getFirstlineno(), ref);
      }
      case W::FUNCTION:
        return "<function " + std::string(obj.getFunction().getQualname().cStr()) + " at " +
               hexAddress(ref) + ">";
      case W::CELL: {
        auto cell = obj.getCell();
        if (cell.getEmpty()) return "<cell at " + hexAddress(ref) + ": empty>";
        return "<cell at " + hexAddress(ref) + ": " + typeName(cell.getContents()) + " object at " +
               hexAddress(cell.getContents()) + ">";
      }
      case W::MODULE: {
        auto m = obj.getModule();
        std::string s = "<module '" + std::string(m.getName().cStr()) + "'";
        if (m.getFile().size() > 0) s += " from '" + std::string(m.getFile().cStr()) + "'";
        return s + ">";
      }
      case W::CLASS: {
        auto c = obj.getClass();
        std::string mod = c.getModule().cStr();
        return "<class '" + (mod.empty() || mod == "builtins" ? "" : mod + ".") +
               std::string(c.getQualname().cStr()) + "'>";
      }
      case W::INSTANCE: return "<" + typeName(ref) + " object at " + hexAddress(ref) + ">";
      case W::BOUND_METHOD: {
        auto bm = obj.getBoundMethod();
        return "<bound method " + nestedName(bm.getFunction()) + " of " + nested(bm.getSelf()) +
               ">";
      }
      case W::CALLABLE: {
        auto c = obj.getCallable();
        std::string mod = c.getModule().cStr();
        if (mod == "builtins")
          return "<built-in function " + std::string(c.getQualname().cStr()) + ">";
        return "<function " + mod + "." + std::string(c.getQualname().cStr()) + ">";
      }
      case W::TENSOR: return "<tensor at " + hexAddress(ref) + ">";
      case W::NDARRAY: return "<numpy.ndarray at " + hexAddress(ref) + ">";
      case W::TENSOR_META: return "<tensor metadata>";
      case W::DTYPE: return obj.getDtype().cStr();
      case W::DEVICE: return deviceRepr(obj.getDevice().cStr());
      case W::TORCH_SIZE: {
        std::string s = "torch.Size([";
        bool first = true;
        for (int64_t d : obj.getTorchSize()) {
          if (!first) s += ", ";
          first = false;
          s += std::to_string(d);
        }
        return s + "])";
      }
      case W::ENUM: {
        auto e = obj.getEnum();
        return "<" + nestedName(e.getClass()) + "." + std::string(e.getName().cStr()) + ": " +
               nested(e.getValue()) + ">";
      }
      case W::OPAQUE: {
        auto o = obj.getOpaque();
        if (o.getRepr().size() > 0) return o.getRepr().cStr();
        return "<" + std::string(o.getTypeName().cStr()) + " object>";
      }
    }
    return "<unknown object>";
  }

 private:
  static constexpr int kMaxDepth = 64;

  std::string nested(trace::ObjRef ref) {
    ++depth_;
    std::string s = repr(ref);
    --depth_;
    return s;
  }

  template <typename List>
  std::string join(List items) {
    std::string s;
    bool first = true;
    for (trace::ObjRef r : items) {
      if (!first) s += ", ";
      first = false;
      s += nested(r);
    }
    return s;
  }

  // Python's Py_ReprEnter: a container met again while printing itself.
  template <typename F>
  std::string guarded(trace::ObjRef ref, const char* cycle, F body) {
    if (std::find(active_.begin(), active_.end(), ref) != active_.end()) return cycle;
    active_.push_back(ref);
    std::string s = body();
    active_.pop_back();
    return s;
  }

  std::string nestedName(trace::ObjRef ref) {
    if (!trace_.validRef(ref)) return "?";
    auto o = trace_.objectUnchecked(ref);
    switch (o.which()) {
      case schema::Object::Which::FUNCTION: return o.getFunction().getQualname().cStr();
      case schema::Object::Which::CLASS: return o.getClass().getQualname().cStr();
      case schema::Object::Which::CALLABLE: return o.getCallable().getQualname().cStr();
      default: return typeName(ref);
    }
  }

  std::string typeName(trace::ObjRef ref) {
    if (!trace_.validRef(ref)) return "?";
    auto o = trace_.objectUnchecked(ref);
    using W = schema::Object::Which;
    switch (o.which()) {
      case W::NONE: return "NoneType";
      case W::BOOL: return "bool";
      case W::INT:
      case W::BIG_INT: return "int";
      case W::FLOAT: return "float";
      case W::STR: return "str";
      case W::TUPLE: return "tuple";
      case W::LIST: return "list";
      case W::DICT: return "dict";
      case W::INSTANCE: {
        auto cls = o.getInstance().getClass();
        if (!trace_.validRef(cls)) return "object";
        auto c = trace_.objectUnchecked(cls);
        if (c.which() != W::CLASS) return "object";
        std::string mod = c.getClass().getModule().cStr();
        return (mod.empty() || mod == "builtins" ? "" : mod + ".") +
               std::string(c.getClass().getQualname().cStr());
      }
      case W::TENSOR: return "Tensor";
      case W::NDARRAY: return "numpy.ndarray";
      default: return "object";
    }
  }

  static std::string deviceRepr(std::string_view device) {
    const size_t colon = device.find(':');
    if (colon == std::string_view::npos) return "device(type='" + std::string(device) + "')";
    return "device(type='" + std::string(device.substr(0, colon)) +
           "', index=" + std::string(device.substr(colon + 1)) + ")";
  }

  const trace::TraceReader& trace_;
  int depth_ = 0;
  std::vector<trace::ObjRef> active_;
};

}  // namespace

std::string floatRepr(double value) { return formatShortest(value, /*addDot0=*/true, false); }

std::string complexRepr(double real, double imag) {
  if (real == 0 && !std::signbit(real)) return formatShortest(imag, false, false) + "j";
  return "(" + formatShortest(real, false, false) + formatShortest(imag, false, true) + "j)";
}

std::string strRepr(std::string_view utf8) {
  const std::vector<uint32_t> cps = decodeUtf8(utf8);
  bool hasSingle = false, hasDouble = false;
  for (uint32_t c : cps) {
    hasSingle = hasSingle || c == '\'';
    hasDouble = hasDouble || c == '"';
  }
  const char quote = (hasSingle && !hasDouble) ? '"' : '\'';
  std::string out(1, quote);
  for (uint32_t c : cps) {
    if (c == static_cast<uint32_t>(quote) || c == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < ' ' || c == 0x7F) {
      out += "\\x";
      appendHex(out, c, 2);
    } else if (c < 0x7F) {
      out.push_back(static_cast<char>(c));
    } else if (isPrintableNonAscii(c)) {
      appendUtf8(out, c);
    } else if (c <= 0xFF) {
      out += "\\x";
      appendHex(out, c, 2);
    } else if (c <= 0xFFFF) {
      out += "\\u";
      appendHex(out, c, 4);
    } else {
      out += "\\U";
      appendHex(out, c, 8);
    }
  }
  out.push_back(quote);
  return out;
}

std::string bytesRepr(std::string_view bytes) {
  bool hasSingle = bytes.find('\'') != std::string_view::npos;
  bool hasDouble = bytes.find('"') != std::string_view::npos;
  const char quote = (hasSingle && !hasDouble) ? '"' : '\'';
  std::string out = "b";
  out.push_back(quote);
  for (char ch : bytes) {
    const auto c = static_cast<uint8_t>(ch);
    if (c == static_cast<uint8_t>(quote) || c == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < ' ' || c >= 0x7F) {
      out += "\\x";
      appendHex(out, c, 2);
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  out.push_back(quote);
  return out;
}

std::string bigIntRepr(bool negative, std::string_view magnitudeLittleEndian) {
  // Little-endian base-2^32 limbs, divided by 10^9 repeatedly.
  std::vector<uint32_t> limbs((magnitudeLittleEndian.size() + 3) / 4, 0);
  for (size_t i = 0; i < magnitudeLittleEndian.size(); ++i) {
    limbs[i / 4] |= static_cast<uint32_t>(static_cast<uint8_t>(magnitudeLittleEndian[i]))
                    << (8 * (i % 4));
  }
  while (!limbs.empty() && limbs.back() == 0) limbs.pop_back();
  if (limbs.empty()) return "0";
  std::vector<uint32_t> chunks;  // base 10^9, least significant first
  while (!limbs.empty()) {
    uint64_t rem = 0;
    for (size_t i = limbs.size(); i-- > 0;) {
      const uint64_t cur = (rem << 32) | limbs[i];
      limbs[i] = static_cast<uint32_t>(cur / 1000000000u);
      rem = cur % 1000000000u;
    }
    chunks.push_back(static_cast<uint32_t>(rem));
    while (!limbs.empty() && limbs.back() == 0) limbs.pop_back();
  }
  std::string out = negative ? "-" : "";
  out += std::to_string(chunks.back());
  for (size_t i = chunks.size() - 1; i-- > 0;) {
    std::string part = std::to_string(chunks[i]);
    out.append(9 - part.size(), '0');
    out += part;
  }
  return out;
}

std::string codeRepr(std::string_view name, std::string_view filename, uint32_t firstlineno,
                     uint64_t address) {
  return "<code object " + std::string(name) + " at " + hexAddress(address) + ", file \"" +
         std::string(filename) + "\", line " + std::to_string(firstlineno) + ">";
}

std::string pyRepr(const trace::TraceReader& trace, trace::ObjRef ref) {
  return Printer(trace).repr(ref);
}

}  // namespace dynrr::bytecode
