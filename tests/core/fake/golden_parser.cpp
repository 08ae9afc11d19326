// golden_parser.cpp — a recursive-descent reader for the golden literal syntax.
#include "tests/core/fake/golden_parser.h"

#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

namespace dynrr::fake::testing {
namespace {

class Parser {
 public:
  explicit Parser(const std::string& text) : s_(text) {}

  Expected<GoldenValue> parseAll() {
    auto v = value();
    if (!v) return v;
    if (pos_ != s_.size()) return fail("trailing characters");
    return v;
  }

 private:
  Error fail(const std::string& what) const {
    return Error("golden parse error at " + std::to_string(pos_) + " (" + what + ") in: " + s_);
  }
  bool eat(const std::string& tok) {
    if (s_.compare(pos_, tok.size(), tok) == 0) {
      pos_ += tok.size();
      return true;
    }
    return false;
  }
  Expected<std::int64_t> integer() {
    size_t start = pos_;
    if (pos_ < s_.size() && s_[pos_] == '-') ++pos_;
    while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    if (start == pos_) return fail("integer expected");
    return std::strtoll(s_.substr(start, pos_ - start).c_str(), nullptr, 10);
  }
  Expected<Shape> intList() {
    Shape out;
    if (!eat("[")) return fail("[ expected");
    if (eat("]")) return out;
    while (true) {
      auto i = integer();
      if (!i) return i.error();
      out.push_back(*i);
      if (eat("]")) return out;
      if (!eat(",")) return fail(", expected");
    }
  }
  Expected<GoldenValue> tensor() {
    TensorMeta t;
    size_t comma = s_.find(',', pos_);
    if (comma == std::string::npos) return fail("dtype");
    auto dtype = parseDType(s_.substr(pos_, comma - pos_));
    if (!dtype) return fail("unknown dtype");
    t.dtype = *dtype;
    pos_ = comma + 1;
    auto sizes = intList();
    if (!sizes) return sizes.error();
    if (!eat(",")) return fail(",");
    auto strides = intList();
    if (!strides) return strides.error();
    if (!eat(",")) return fail(",");
    auto offset = integer();
    if (!offset) return offset.error();
    if (!eat(",")) return fail(",");
    auto rg = integer();
    if (!rg) return rg.error();
    if (!eat(")")) return fail(")");
    t.sizes = std::move(sizes.value());
    t.strides = std::move(strides.value());
    t.storageOffset = *offset;
    t.requiresGrad = *rg != 0;
    GoldenValue v;
    v.leaf = t;
    if (eat("@")) {
      if (eat("-")) {
        v.alias = "-";
      } else if (eat("?")) {
        v.alias = "?";
      } else {
        auto i = integer();
        if (!i) return i.error();
        v.alias = std::to_string(*i);
      }
    }
    return v;
  }
  Expected<GoldenValue> seq(char close, bool isTuple) {
    GoldenValue v;
    v.isSeq = true;
    v.isTuple = isTuple;
    if (eat(std::string(1, close))) return v;
    while (true) {
      auto item = value();
      if (!item) return item;
      v.items.push_back(std::move(item.value()));
      if (eat(std::string(1, close))) return v;
      if (!eat(",")) return fail(", expected in sequence");
      if (eat(std::string(1, close))) return v;  // trailing comma of 1-tuples
    }
  }
  Expected<std::optional<std::int64_t>> optInt() {
    if (eat("None")) return std::optional<std::int64_t>();
    auto i = integer();
    if (!i) return i.error();
    return std::optional<std::int64_t>(*i);
  }
  Expected<GoldenValue> value() {
    GoldenValue v;
    if (eat("T(")) return tensor();
    if (eat("[")) return seq(']', false);
    if (eat("(")) return seq(')', true);
    if (eat("True")) {
      v.leaf = true;
      return v;
    }
    if (eat("False")) {
      v.leaf = false;
      return v;
    }
    if (eat("None")) {
      v.leaf = NoneValue{};
      return v;
    }
    if (eat("...")) {
      v.leaf = EllipsisValue{};
      return v;
    }
    if (eat("torch.")) {
      size_t start = pos_;
      while (pos_ < s_.size() && std::isalnum(static_cast<unsigned char>(s_[pos_]))) ++pos_;
      auto d = parseDType(s_.substr(start, pos_ - start));
      if (!d) return fail("dtype");
      v.leaf = *d;
      return v;
    }
    if (eat("device(")) {
      size_t close = s_.find(')', pos_);
      auto d = Device::parse(s_.substr(pos_, close - pos_));
      if (!d) return fail("device");
      pos_ = close + 1;
      v.leaf = *d;
      return v;
    }
    if (eat("slice(")) {
      Slice s;
      auto a = optInt();
      if (!a || !eat(",")) return fail("slice start");
      auto b = optInt();
      if (!b || !eat(",")) return fail("slice stop");
      auto c = optInt();
      if (!c || !eat(")")) return fail("slice step");
      s.start = *a;
      s.stop = *b;
      s.step = *c;
      v.leaf = s;
      return v;
    }
    if (eat("'")) {
      size_t close = s_.find('\'', pos_);
      if (close == std::string::npos) return fail("string");
      v.leaf = s_.substr(pos_, close - pos_);
      pos_ = close + 1;
      return v;
    }
    // A number: ints have no '.', 'e', 'inf' or 'nan'.
    size_t start = pos_;
    while (pos_ < s_.size() &&
           std::string("0123456789+-.eEinfa").find(s_[pos_]) != std::string::npos) {
      ++pos_;
    }
    std::string tok = s_.substr(start, pos_ - start);
    if (tok.empty()) return fail("value expected");
    if (tok == "inf" || tok == "-inf") {
      v.leaf = tok[0] == '-' ? -std::numeric_limits<double>::infinity()
                             : std::numeric_limits<double>::infinity();
    } else if (tok == "nan") {
      v.leaf = std::numeric_limits<double>::quiet_NaN();
    } else if (tok.find_first_of(".eE") != std::string::npos) {
      v.leaf = std::strtod(tok.c_str(), nullptr);
    } else {
      v.leaf = static_cast<std::int64_t>(std::strtoll(tok.c_str(), nullptr, 10));
    }
    return v;
  }

  const std::string& s_;
  size_t pos_ = 0;
};

std::vector<std::string> splitTabs(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  std::string field;
  while (std::getline(ss, field, '\t')) out.push_back(field);
  return out;
}

// Splits "a=1,b=(1,2)" at top-level commas.
std::vector<std::string> splitTop(const std::string& s) {
  std::vector<std::string> out;
  int depth = 0;
  bool quote = false;
  std::string cur;
  for (char c : s) {
    if (c == '\'') quote = !quote;
    if (!quote && (c == '(' || c == '[')) ++depth;
    if (!quote && (c == ')' || c == ']')) --depth;
    if (!quote && depth == 0 && c == ',') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

}  // namespace

MetaArg GoldenValue::toArg() const {
  if (!isSeq) return leaf;
  std::vector<MetaArg> out;
  for (const auto& i : items) out.push_back(i.toArg());
  return isTuple ? MetaArg::tuple(std::move(out)) : MetaArg::list(std::move(out));
}

Expected<GoldenValue> parseGoldenValue(const std::string& text) { return Parser(text).parseAll(); }

Expected<std::vector<GoldenCase>> loadGoldens(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error("cannot open " + path);
  std::vector<GoldenCase> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto f = splitTabs(line);
    if (f.size() != 6 && f.size() != 7) return Error("expected 6 or 7 fields in: " + line);
    GoldenCase c;
    c.line = line;
    c.name = f[0];
    c.ctx.gradEnabled = f[1].find("grad=1") != std::string::npos;
    auto dt = parseDType(f[1].substr(f[1].find("dtype=") + 6));
    if (!dt) return Error("bad ctx in: " + line);
    c.ctx.defaultDtype = *dt;
    c.op = f[2];
    if (f.size() == 7 && f[6] != "=") c.fakeResult = f[6];
    auto args = parseGoldenValue(f[3]);
    if (!args) return args.error();
    for (const auto& a : args->items) c.args.push_back(a.toArg());
    if (f[4].size() < 2) return Error("bad kwargs in: " + line);
    for (const auto& kv : splitTop(f[4].substr(1, f[4].size() - 2))) {
      auto eq = kv.find('=');
      auto v = parseGoldenValue(kv.substr(eq + 1));
      if (!v) return v.error();
      c.kwargs.emplace_back(kv.substr(0, eq), v->toArg());
    }
    if (f[5].rfind("ERR ", 0) == 0) {
      c.expectError = true;
      c.error = f[5].substr(4);
    } else {
      auto r = parseGoldenValue(f[5]);
      if (!r) return r.error();
      c.result = std::move(r.value());
    }
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<std::vector<std::string>> loadMetaFacts(const std::string& path,
                                                    const std::string& kind) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> out;
  std::string line;
  while (std::getline(in, line)) {
    auto f = splitTabs(line);
    if (f.empty() || f[0] != kind) continue;
    f.erase(f.begin());
    out.push_back(std::move(f));
  }
  return out;
}

Shape parseShape(const std::string& text) {
  auto v = parseGoldenValue(text);
  Shape out;
  if (!v) return out;
  for (const auto& i : v->items) out.push_back(i.leaf.as<std::int64_t>());
  return out;
}

std::string compareResult(const GoldenValue& expected, const MetaValue& actual) {
  if (expected.isSeq) {
    const auto* seq = std::get_if<ValueSeq>(&actual.value);
    if (seq == nullptr) return "expected a sequence, got " + actual.str();
    if (seq->isTuple != expected.isTuple) return "tuple/list mismatch";
    if (seq->items.size() != expected.items.size()) {
      return "expected " + std::to_string(expected.items.size()) + " items, got " +
             std::to_string(seq->items.size());
    }
    for (size_t i = 0; i < seq->items.size(); ++i) {
      std::string r = compareResult(expected.items[i], seq->items[i]);
      if (!r.empty()) return "item " + std::to_string(i) + ": " + r;
    }
    return "";
  }
  const MetaArg& e = expected.leaf;
  if (const auto* t = e.get<TensorMeta>()) {
    const auto* a = std::get_if<TensorMeta>(&actual.value);
    if (a == nullptr) return "expected a tensor, got " + actual.str();
    if (a->dtype != t->dtype || a->sizes != t->sizes || a->strides != t->strides ||
        a->storageOffset != t->storageOffset || a->requiresGrad != t->requiresGrad) {
      return "expected " + t->str() + ", got " + a->str();
    }
    if (expected.alias == "-" && actual.aliasOf) {
      return "expected fresh storage, got alias of arg " + std::to_string(*actual.aliasOf);
    }
    if (!expected.alias.empty() && expected.alias != "-" && expected.alias != "?") {
      if (!actual.aliasOf || std::to_string(*actual.aliasOf) != expected.alias) {
        return "expected alias of arg " + expected.alias + ", got " + actual.str();
      }
    }
    return "";
  }
  if (const auto* i = e.get<std::int64_t>()) {
    const auto* a = std::get_if<std::int64_t>(&actual.value);
    return a && *a == *i ? "" : "expected " + e.str() + ", got " + actual.str();
  }
  if (const auto* b = e.get<bool>()) {
    const auto* a = std::get_if<bool>(&actual.value);
    return a && *a == *b ? "" : "expected " + e.str() + ", got " + actual.str();
  }
  if (const auto* d = e.get<double>()) {
    const auto* a = std::get_if<double>(&actual.value);
    return a && *a == *d ? "" : "expected " + e.str() + ", got " + actual.str();
  }
  if (const auto* d = e.get<DType>()) {
    const auto* a = std::get_if<DType>(&actual.value);
    return a && *a == *d ? "" : "expected " + e.str() + ", got " + actual.str();
  }
  if (const auto* d = e.get<Device>()) {
    const auto* a = std::get_if<Device>(&actual.value);
    return a && *a == *d ? "" : "expected " + e.str() + ", got " + actual.str();
  }
  if (e.get<NoneValue>() != nullptr)
    return std::holds_alternative<NoneValue>(actual.value) ? ""
                                                           : "expected None, got " + actual.str();
  return "unsupported expected value " + e.str();
}

}  // namespace dynrr::fake::testing
