// guard_set.h — the guards a traced frame has installed so far (torch/_guards.py
// GuardsSet, held by GuardsContext.dynamo_guards): one guard per (kind, source), in
// installation order, with checkpoint and restore as GuardsContext.copy_graphstate /
// restore_graphstate provide for speculation.
#pragma once

#include <cstddef>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/guards/guard.h"

namespace dynrr::guards {

class GuardSet {
 public:
  // Installs a guard unless one of the same kind on the same source is installed
  // already (GuardsSet.add deduplicates, the first guard's detail stays). Returns
  // whether it was new; the observer sees new guards only.
  bool add(GuardKind kind, const std::string& source, const std::string& detail = "");
  bool contains(GuardKind kind, const std::string& source) const;
  // Removes an installed guard (LazyConstantVariable.realize discards its TYPE_MATCH
  // once CONSTANT_MATCH subsumes it). It stays in guards() marked discarded, so
  // checkpoints taken before still restore by position.
  void discard(GuardKind kind, const std::string& source);

  // SkipGuardSource(source): no guard is installed on it or on a source built on it
  // (is_from_skip_guard_source). Sources are matched by printed name: a derived
  // source's name contains its base's, followed by '.', '[', ')' or ','.
  void addSkipSource(const std::string& source) { skipSources_.insert(source); }
  bool fromSkipSource(const std::string& source) const;

  const std::vector<Guard>& guards() const { return guards_; }
  size_t size() const { return guards_.size(); }
  bool empty() const { return guards_.empty(); }

  struct Checkpoint {
    size_t size = 0;
  };
  Checkpoint checkpoint() const { return Checkpoint{guards_.size()}; }
  // Drops every guard installed after `cp` (restore_graphstate).
  void restore(Checkpoint cp);

  // Called with each new guard (dynrr debug's guard events).
  void setObserver(std::function<void(const Guard&)> observer) { observer_ = std::move(observer); }

 private:
  std::vector<Guard> guards_;
  std::set<std::pair<GuardKind, std::string>> keys_;
  std::function<void(const Guard&)> observer_;
  std::set<std::string> skipSources_;
};

}  // namespace dynrr::guards
