// json_lite.h — a small JSON reader for the graph goldens (test-only).
//
// Objects keep their key order. Numbers without '.', 'e' or 'E' are int64.
// Throws std::runtime_error on malformed input (tests only).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dynrr::testing {

struct Json {
  enum class Type { kNull, kBool, kInt, kFloat, kString, kArray, kObject };
  Type type = Type::kNull;
  bool b = false;
  int64_t i = 0;
  double f = 0;
  std::string s;
  std::vector<Json> array;
  std::vector<std::pair<std::string, Json>> object;

  bool isNull() const { return type == Type::kNull; }
  const Json* find(std::string_view key) const {
    for (const auto& [k, v] : object) {
      if (k == key) return &v;
    }
    return nullptr;
  }
  const Json& operator[](std::string_view key) const {
    const Json* v = find(key);
    if (!v) throw std::runtime_error("json: missing key " + std::string(key));
    return *v;
  }
  bool has(std::string_view key) const { return find(key) != nullptr; }
};

class JsonParser {
 public:
  explicit JsonParser(std::string_view text) : t_(text) {}
  Json parse() {
    Json v = value();
    ws();
    if (p_ != t_.size()) fail("trailing data");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    throw std::runtime_error("json: " + what + " at " + std::to_string(p_));
  }
  void ws() {
    while (p_ < t_.size() && (t_[p_] == ' ' || t_[p_] == '\n' || t_[p_] == '\t' || t_[p_] == '\r'))
      ++p_;
  }
  bool lit(std::string_view w) {
    if (t_.substr(p_, w.size()) == w) {
      p_ += w.size();
      return true;
    }
    return false;
  }
  void append(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  uint32_t hex4() {
    if (p_ + 4 > t_.size()) fail("short \\u");
    uint32_t v =
        static_cast<uint32_t>(std::strtoul(std::string(t_.substr(p_, 4)).c_str(), nullptr, 16));
    p_ += 4;
    return v;
  }
  std::string str() {
    if (t_[p_] != '"') fail("expected string");
    ++p_;
    std::string out;
    while (p_ < t_.size() && t_[p_] != '"') {
      char c = t_[p_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (p_ >= t_.size()) fail("bad escape");
      char e = t_[p_++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          uint32_t cp = hex4();
          if (cp >= 0xD800 && cp < 0xDC00 && lit("\\u")) {
            uint32_t lo = hex4();
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          }
          append(out, cp);
          break;
        }
        default: out += e;
      }
    }
    if (p_ >= t_.size()) fail("unterminated string");
    ++p_;
    return out;
  }
  Json value() {
    ws();
    if (p_ >= t_.size()) fail("unexpected end");
    Json v;
    char c = t_[p_];
    if (c == '{') {
      ++p_;
      v.type = Json::Type::kObject;
      ws();
      if (t_[p_] == '}') {
        ++p_;
        return v;
      }
      while (true) {
        ws();
        std::string k = str();
        ws();
        if (t_[p_++] != ':') fail("expected :");
        v.object.emplace_back(std::move(k), value());
        ws();
        if (t_[p_] == ',') {
          ++p_;
          continue;
        }
        if (t_[p_++] != '}') fail("expected }");
        return v;
      }
    }
    if (c == '[') {
      ++p_;
      v.type = Json::Type::kArray;
      ws();
      if (t_[p_] == ']') {
        ++p_;
        return v;
      }
      while (true) {
        v.array.push_back(value());
        ws();
        if (t_[p_] == ',') {
          ++p_;
          continue;
        }
        if (t_[p_++] != ']') fail("expected ]");
        return v;
      }
    }
    if (c == '"') {
      v.type = Json::Type::kString;
      v.s = str();
      return v;
    }
    if (lit("null")) return v;
    if (lit("true")) {
      v.type = Json::Type::kBool;
      v.b = true;
      return v;
    }
    if (lit("false")) {
      v.type = Json::Type::kBool;
      return v;
    }
    size_t start = p_;
    bool isFloat = false;
    while (p_ < t_.size() &&
           std::string_view("+-0123456789.eE").find(t_[p_]) != std::string_view::npos) {
      isFloat = isFloat || t_[p_] == '.' || t_[p_] == 'e' || t_[p_] == 'E';
      ++p_;
    }
    if (start == p_) fail("unexpected character");
    std::string num(t_.substr(start, p_ - start));
    if (isFloat) {
      v.type = Json::Type::kFloat;
      v.f = std::strtod(num.c_str(), nullptr);
    } else {
      v.type = Json::Type::kInt;
      v.i = std::strtoll(num.c_str(), nullptr, 10);
    }
    return v;
  }

  std::string_view t_;
  size_t p_ = 0;
};

inline Json parseJson(std::string_view text) { return JsonParser(text).parse(); }

}  // namespace dynrr::testing
