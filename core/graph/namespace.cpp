// namespace.cpp — FX's _Namespace and Dynamo's graph-input naming (see namespace.h).
#include "core/graph/namespace.h"

#include <optional>

#include "core/support/assert.h"

namespace dynrr::graph {
namespace {

bool isIdentChar(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isDigit(char c) { return c >= '0' && c <= '9'; }

struct NameMatch {
  std::string base;
  std::optional<std::string> number;
};

// _name_regex: ^([a-zA-Z_][0-9a-zA-Z_]*?)(?:_(\d+))?$ — the lazy base stops at the
// only "_<digits>" suffix that can end the name.
std::optional<NameMatch> matchName(const std::string& s) {
  if (s.empty() || isDigit(s[0])) return std::nullopt;
  for (char c : s) {
    if (!isIdentChar(c)) return std::nullopt;
  }
  size_t p = s.rfind('_');
  if (p != std::string::npos && p >= 1 && p + 1 < s.size()) {
    bool allDigits = true;
    for (size_t i = p + 1; i < s.size(); ++i) allDigits = allDigits && isDigit(s[i]);
    if (allDigits) return NameMatch{s.substr(0, p), s.substr(p + 1)};
  }
  return NameMatch{s, std::nullopt};
}

// _illegal_char_regex.sub("_", s): each run of non-identifier characters becomes "_".
std::string sanitize(std::string_view s) {
  std::string out;
  bool inRun = false;
  for (char c : s) {
    if (isIdentChar(c)) {
      out += c;
      inRun = false;
    } else if (!inRun) {
      out += '_';
      inRun = true;
    }
  }
  return out;
}

int64_t parseNumber(const std::string& digits) {
  int64_t value = 0;
  for (char c : digits) {
    // TODO(fidelity): Python ints do not overflow; names with 19+ digit suffixes saturate.
    if (value > (INT64_MAX - 9) / 10) return INT64_MAX / 2;
    value = value * 10 + (c - '0');
  }
  return value;
}

}  // namespace

std::string Namespace::createName(std::string_view rawCandidate, const ObjectKey& obj) {
  if (!obj.empty()) {
    auto it = objectToName_.find(obj);
    if (it != objectToName_.end()) return it->second;
  }
  std::string candidate(rawCandidate);
  std::optional<NameMatch> match = matchName(candidate);
  if (!match) {
    candidate = sanitize(candidate);
    if (candidate.empty()) candidate = "_unnamed";
    if (isDigit(candidate[0])) candidate = "_" + candidate;
    match = matchName(candidate);
    DYNRR_ASSERT(match.has_value(), candidate);
  }
  const std::string base = match->base;
  int64_t num = 0;
  if (!match->number || used_.count(candidate)) {
    auto it = baseCount_.find(base);
    num = it == baseCount_.end() ? 0 : it->second;
    if (isPythonIllegalName(candidate) && pythonIllegalNameOwner(candidate) != obj) {
      num += 1;
      candidate = base + "_" + std::to_string(num);
    }
  } else {
    num = parseNumber(*match->number);
  }
  while (used_.count(candidate)) {
    num += 1;
    candidate = base + "_" + std::to_string(num);
  }
  used_.insert(candidate);
  baseCount_[base] = num;
  if (!obj.empty()) objectToName_[obj] = candidate;
  return candidate;
}

void Namespace::associateNameWithObject(const std::string& name, const ObjectKey& obj) {
  auto [it, inserted] = objectToName_.emplace(obj, name);
  DYNRR_ASSERT(inserted || it->second == name, obj, name, it->second);
}

void Namespace::renameObject(const ObjectKey& obj, const std::string& name) {
  DYNRR_ASSERT(objectToName_.count(obj) != 0, obj, name);
  objectToName_[obj] = name;
  used_.insert(name);
}

std::string snakeCase(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 4);
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c >= 'A' && c <= 'Z') {
      if (i > 0 && text[i - 1] >= 'a' && text[i - 1] <= 'z') out += '_';
      out += static_cast<char>(c - 'A' + 'a');
    } else {
      out += c;
    }
  }
  return out;
}

std::string targetToStr(std::string_view target, bool isCallable) {
  std::string_view op = target;
  if (!isCallable && op.size() >= 4 && op.substr(0, 2) == "__" &&
      op.substr(op.size() - 2) == "__") {
    op = op.substr(2, op.size() - 4);
  }
  return snakeCase(op);
}

std::string placeholderNameForSource(std::string_view sourceName) {
  std::string out;
  bool inRun = false;
  for (char c : sourceName) {
    bool keep = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (keep) {
      out += c;
      inRun = false;
    } else if (!inRun) {
      out += '_';
      inRun = true;
    }
  }
  return out;
}

std::string uniqueNameWrt(std::string_view prefix, const std::unordered_set<std::string>& used,
                          bool requiresSuffix) {
  std::string name(prefix);
  if (!requiresSuffix && !used.count(name)) return name;
  for (int64_t i = 0;; ++i) {
    std::string candidate = name + "_" + std::to_string(i);
    if (!used.count(candidate)) return candidate;
  }
}

}  // namespace dynrr::graph
