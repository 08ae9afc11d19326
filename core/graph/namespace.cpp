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

// Views into the matched name.
struct NameMatch {
  std::string_view base;
  std::optional<std::string_view> number;
};

// _name_regex: ^([a-zA-Z_][0-9a-zA-Z_]*?)(?:_(\d+))?$ — the lazy base stops at the
// only "_<digits>" suffix that can end the name.
std::optional<NameMatch> matchName(std::string_view s) {
  if (s.empty() || isDigit(s[0])) return std::nullopt;
  for (char c : s) {
    if (!isIdentChar(c)) return std::nullopt;
  }
  size_t p = s.rfind('_');
  if (p != std::string_view::npos && p >= 1 && p + 1 < s.size()) {
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

int64_t parseNumber(std::string_view digits) {
  int64_t value = 0;
  for (char c : digits) {
    // TODO(fidelity): Python ints do not overflow; names with 19+ digit suffixes saturate.
    if (value > (INT64_MAX - 9) / 10) return INT64_MAX / 2;
    value = value * 10 + (c - '0');
  }
  return value;
}

// base + "_" + num.
std::string numbered(const std::string& base, int64_t num) {
  std::string out;
  out.reserve(base.size() + 21);
  out += base;
  out += '_';
  out += std::to_string(num);
  return out;
}

}  // namespace

std::string Namespace::createName(std::string_view candidate, const ObjectKey& obj) {
  return create(candidate, &obj);
}

std::string Namespace::createNameForNewObject(std::string_view candidate) {
  return create(candidate, nullptr);
}

std::string Namespace::create(std::string_view rawCandidate, const ObjectKey* obj) {
  if (obj && !obj->empty()) {
    auto it = objectToName_.find(*obj);
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
  // `candidate` changes below: the base is copied, the number parsed now.
  const std::string base(match->base);
  const std::optional<int64_t> number =
      match->number ? std::optional<int64_t>(parseNumber(*match->number)) : std::nullopt;
  int64_t num = 0;
  bool taken = used_.count(candidate) != 0;
  if (!number || taken) {
    auto it = baseCount_.find(base);
    num = it == baseCount_.end() ? 0 : it->second;
    if (isPythonIllegalName(candidate) && (!obj || pythonIllegalNameOwner(candidate) != *obj)) {
      num += 1;
      candidate = numbered(base, num);
      taken = used_.count(candidate) != 0;
    }
  } else {
    num = *number;
  }
  while (taken) {
    num += 1;
    candidate = numbered(base, num);
    taken = used_.count(candidate) != 0;
  }
  used_.insert(candidate);
  baseCount_[base] = num;
  if (obj && !obj->empty()) objectToName_[*obj] = candidate;
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
