// guard_set.cpp — see guard_set.h.
#include "core/guards/guard_set.h"

namespace dynrr::guards {

bool GuardSet::add(GuardKind kind, const std::string& source, const std::string& detail) {
  if (!skipSources_.empty() && fromSkipSource(source)) return false;
  if (!keys_.insert({kind, source}).second) return false;
  guards_.push_back(Guard{kind, source, detail});
  if (observer_) observer_(guards_.back());
  return true;
}

bool GuardSet::fromSkipSource(const std::string& source) const {
  for (const auto& base : skipSources_) {
    for (size_t at = source.find(base); at != std::string::npos; at = source.find(base, at + 1)) {
      size_t end = at + base.size();
      if (end == source.size() || source[end] == '.' || source[end] == '[' || source[end] == ')' ||
          source[end] == ',')
        return true;
    }
  }
  return false;
}

bool GuardSet::contains(GuardKind kind, const std::string& source) const {
  return keys_.count({kind, source}) != 0;
}

void GuardSet::discard(GuardKind kind, const std::string& source) {
  if (!keys_.erase({kind, source})) return;
  for (auto& g : guards_) {
    if (!g.discarded && g.kind == kind && g.source == source) g.discarded = true;
  }
}

void GuardSet::restore(Checkpoint cp) {
  while (guards_.size() > cp.size) {
    if (!guards_.back().discarded) keys_.erase({guards_.back().kind, guards_.back().source});
    guards_.pop_back();
  }
}

}  // namespace dynrr::guards
