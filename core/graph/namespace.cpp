// namespace.cpp — FX's _Namespace and Dynamo's graph-input naming (see namespace.h).
#include "core/graph/namespace.h"

#include <algorithm>
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

// The number of "<base>_<digits>" when the digits are how Python prints it (no leading
// zero) and it is below `limit`; -1 otherwise (the name is kept whole).
int64_t denseNumber(std::string_view digits, int64_t limit) {
  if (digits.empty() || digits.size() > 9 || (digits.size() > 1 && digits[0] == '0')) return -1;
  int64_t value = parseNumber(digits);
  return value < limit ? value : -1;
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

bool Namespace::isUsed(std::string_view name) const {
  std::optional<NameMatch> match = matchName(name);
  if (match) {
    auto it = bases_.find(match->base);
    if (!match->number) {
      if (it != bases_.end() && it->second.bare) return true;
    } else if (int64_t n = denseNumber(*match->number, kDenseNumbers); n >= 0) {
      if (it == bases_.end()) return false;
      const std::vector<bool>& numbers = it->second.numbers;
      return static_cast<size_t>(n) < numbers.size() && numbers[static_cast<size_t>(n)];
    }
  }
  return otherUsed_.find(name) != otherUsed_.end();
}

void Namespace::markUsed(std::string_view name) {
  std::optional<NameMatch> match = matchName(name);
  if (match && !match->number) {
    entry(match->base).bare = true;
    return;
  }
  if (match) {
    if (int64_t n = denseNumber(*match->number, kDenseNumbers); n >= 0) {
      auto& numbers = entry(match->base).numbers;
      if (static_cast<size_t>(n) >= numbers.size())
        numbers.resize(std::max(static_cast<size_t>(n) + 1, 2 * numbers.size()));
      numbers[static_cast<size_t>(n)] = true;
      return;
    }
  }
  otherUsed_.emplace(name);
}

Namespace::BaseNames& Namespace::entry(std::string_view base) {
  auto it = bases_.find(base);
  if (it == bases_.end()) it = bases_.emplace(std::string(base), BaseNames{}).first;
  return it->second;
}

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
  BaseNames& names = entry(base);  // an empty entry takes no name; references stay valid
  // Whether base_<num> (as numbered() prints it) is taken.
  auto numberTaken = [&](int64_t n, const std::string& name) {
    if (n < kDenseNumbers)
      return static_cast<size_t>(n) < names.numbers.size() && names.numbers[static_cast<size_t>(n)];
    return otherUsed_.find(name) != otherUsed_.end();
  };
  // isUsed(candidate), from the match already made: a bare base is its entry's flag, a
  // dense number its bit, anything else a whole name in otherUsed_.
  bool taken;
  if (!number) {
    taken = names.bare || otherUsed_.find(candidate) != otherUsed_.end();
  } else if (int64_t n = denseNumber(*match->number, kDenseNumbers); n >= 0) {
    taken = static_cast<size_t>(n) < names.numbers.size() && names.numbers[static_cast<size_t>(n)];
  } else {
    taken = otherUsed_.find(candidate) != otherUsed_.end();
  }
  int64_t num = 0;
  bool renumbered = false;  // candidate is numbered(base, num)
  if (!number || taken) {
    num = names.count;
    if (isPythonIllegalName(candidate) && (!obj || pythonIllegalNameOwner(candidate) != *obj)) {
      num += 1;
      candidate = numbered(base, num);
      renumbered = true;
      taken = numberTaken(num, candidate);
    }
  } else {
    num = *number;
  }
  while (taken) {
    num += 1;
    candidate = numbered(base, num);
    renumbered = true;
    taken = numberTaken(num, candidate);
  }
  // markUsed(candidate): "<base>_<num>" as numbered() prints it parses back to (base, num).
  if (renumbered && num < kDenseNumbers) {
    auto& numbers = names.numbers;
    if (static_cast<size_t>(num) >= numbers.size())
      numbers.resize(std::max(static_cast<size_t>(num) + 1, 2 * numbers.size()));
    numbers[static_cast<size_t>(num)] = true;
  } else {
    markUsed(candidate);
  }
  names.count = num;
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
  markUsed(name);
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
