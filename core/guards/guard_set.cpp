// guard_set.cpp — see guard_set.h.
#include "core/guards/guard_set.h"

namespace dynrr::guards {

bool GuardSet::add(GuardKind kind, const std::string& source, const std::string& detail) {
  if (!keys_.insert({kind, source}).second) return false;
  guards_.push_back(Guard{kind, source, detail});
  if (observer_) observer_(guards_.back());
  return true;
}

bool GuardSet::contains(GuardKind kind, const std::string& source) const {
  return keys_.count({kind, source}) != 0;
}

void GuardSet::restore(Checkpoint cp) {
  while (guards_.size() > cp.size) {
    keys_.erase({guards_.back().kind, guards_.back().source});
    guards_.pop_back();
  }
}

}  // namespace dynrr::guards
