// python_repr.cpp — CPython 3.11 repr() of floats and strings (see python_repr.h).
#include "core/graph/python_repr.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <system_error>

#include "core/support/assert.h"

namespace dynrr::graph {

std::string pythonFloatRepr(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (value == 0.0) return std::signbit(value) ? "-0.0" : "0.0";
  // Shortest round-trip digits in scientific form, e.g. "1.2345e+02".
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), value, std::chars_format::scientific);
  DYNRR_ASSERT(res.ec == std::errc(), value);
  std::string_view sci(buf, static_cast<size_t>(res.ptr - buf));
  bool negative = false;
  if (!sci.empty() && sci.front() == '-') {
    negative = true;
    sci.remove_prefix(1);
  }
  size_t ePos = sci.find('e');
  DYNRR_ASSERT(ePos != std::string_view::npos, std::string(sci));
  std::string digits;
  for (char c : sci.substr(0, ePos)) {
    if (c != '.') digits.push_back(c);
  }
  int exponent = std::atoi(std::string(sci.substr(ePos + 1)).c_str());
  // CPython: the value is 0.DIGITS * 10**decpt.
  int decpt = exponent + 1;
  std::string out = negative ? "-" : "";
  if (decpt <= -4 || decpt > 16) {
    out += digits[0];
    if (digits.size() > 1) {
      out += '.';
      out += digits.substr(1);
    }
    int e = decpt - 1;
    char ebuf[16];
    std::snprintf(ebuf, sizeof(ebuf), "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
    out += ebuf;
  } else if (decpt <= 0) {
    out += "0.";
    out.append(static_cast<size_t>(-decpt), '0');
    out += digits;
  } else if (static_cast<size_t>(decpt) >= digits.size()) {
    out += digits;
    out.append(static_cast<size_t>(decpt) - digits.size(), '0');
    out += ".0";
  } else {
    out += digits.substr(0, static_cast<size_t>(decpt));
    out += '.';
    out += digits.substr(static_cast<size_t>(decpt));
  }
  return out;
}

std::string pythonStringRepr(std::string_view text) {
  bool hasSingle = text.find('\'') != std::string_view::npos;
  bool hasDouble = text.find('"') != std::string_view::npos;
  char quote = (hasSingle && !hasDouble) ? '"' : '\'';
  std::string out(1, quote);
  for (char ch : text) {
    auto c = static_cast<unsigned char>(ch);
    if (ch == quote || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (ch == '\t') {
      out += "\\t";
    } else if (ch == '\n') {
      out += "\\n";
    } else if (ch == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\x%02x", c);
      out += buf;
    } else {
      // TODO(fidelity): non-printable non-ASCII code points are escaped by CPython.
      out += ch;
    }
  }
  out += quote;
  return out;
}

std::string pythonDeviceRepr(std::string_view type, std::optional<int64_t> index) {
  std::string out = "device(type=" + pythonStringRepr(type);
  if (index) out += ", index=" + std::to_string(*index);
  return out + ")";
}

std::string pythonSizeRepr(const std::vector<int64_t>& sizes) {
  std::string out = "torch.Size([";
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(sizes[i]);
  }
  return out + "])";
}

}  // namespace dynrr::graph
