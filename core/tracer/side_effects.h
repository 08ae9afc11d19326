// side_effects.h — the side effects a traced frame buffers until its graph is compiled
// (torch/_dynamo/side_effects.py SideEffects: tracked mutable objects by identity,
// store_attr_mutations, cell contents, codegen_update_mutated), and the cells the
// frame touches (variables/misc.py CellVariable / NewCellVariable).
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/vt/misc.h"

namespace dynrr::tracer {

class SideEffects {
 public:
  SideEffects() = default;
  SideEffects(const SideEffects&) = delete;
  SideEffects& operator=(const SideEffects&) = delete;
  // Empties every tracked cell: a cell holding a function whose closure holds the cell
  // (a recursive nested function) is a cycle of shared pointers, broken here when the
  // frame's replay ends.
  ~SideEffects();

  // One pending mutation to replay after the graph, as Dynamo's SideEffects would.
  struct Mutation {
    std::string kind;    // "cell", "attribute", "list", "dict", "set", "global"
    std::string target;  // the source name or cell name of what is mutated
    std::string detail;  // e.g. the attribute name and new value's repr
  };

  // track_cell_new / track_cell_existing: every cell the frame touches, in the order
  // they were first reached. Pre-existing cells are deduplicated by identity.
  std::shared_ptr<vt::CellVariable> trackCellNew(const std::string& localName);
  std::shared_ptr<vt::CellVariable> findCell(uint64_t identity) const;
  std::shared_ptr<vt::CellVariable> trackCellExisting(const std::string& localName,
                                                      vt::SourcePtr cellSource, uint64_t identity);
  const std::vector<std::shared_ptr<vt::CellVariable>>& cells() const { return cells_; }

  // track_mutable: a pre-existing list or dict wrapped from a source. Mutating it
  // (markMutated) makes Dynamo write its new contents back after the graph.
  void trackExisting(const vt::VtPtr& container);
  void markMutated(const vt::VariableTracker* container, const std::string& how);
  // is_modified for a pre-existing container: mutated since it was wrapped.
  bool isModified(const vt::VariableTracker* container) const;
  // Everything tracked (cells and pre-existing containers), in the order Dynamo's
  // id_to_variable has them: the order codegen_update_mutated writes them back.
  struct Tracked {
    vt::VtPtr value;  // null for a global name (track_global_existing)
    bool mutated = false;
    std::string global;  // the global's name, for a global written by STORE_GLOBAL
    // store_attr_mutations: attribute (or, for a global, the name) -> value, in first-
    // store order; the last store wins.
    std::vector<std::pair<std::string, vt::VtPtr>> attrs;
  };
  // A deque: realising a lazy value while walking it (codegen) may track more objects,
  // and the elements already walked must stay where they are. Walk it by index.
  const std::deque<Tracked>& tracked() const { return tracked_; }

  // store_attr on a pre-existing object tracked by trackExisting (AttributeMutationExisting).
  void storeAttr(const vt::VtPtr& object, const std::string& name, vt::VtPtr value);
  // load_attr of a pending store; null when the attribute was not stored to.
  vt::VtPtr pendingAttr(const vt::VariableTracker* object, const std::string& name) const;
  // The attributes stored to the object while tracing, in first-store order (null when
  // none).
  const std::vector<std::pair<std::string, vt::VtPtr>>* attrsOf(
      const vt::VariableTracker* object) const;
  // Whether any attribute of the object was stored to while tracing.
  bool hasPendingAttrs(const vt::VariableTracker* object) const;
  // store_global / load_global of the root frame's globals (symbolic_globals).
  void storeGlobal(const std::string& name, vt::VtPtr value);
  vt::VtPtr pendingGlobal(const std::string& name) const;

  // store_cell: writes through to the cell; a write to a pre-existing cell is a side
  // effect replayed after the graph.
  void storeCell(const std::shared_ptr<vt::CellVariable>& cell, vt::VtPtr value);

  const std::vector<Mutation>& pending() const { return pending_; }
  void record(Mutation m) {
    ++mutations_;
    pending_.push_back(std::move(m));
  }
  // How many mutations of pre-existing state (containers, objects and cells from a
  // source, globals, records) were buffered so far: a higher-order op compares it before
  // and after a branch (a side effect outside the subgraph's scope).
  uint64_t mutationCount() const { return mutations_; }
  // A mutation of a container, cell or object made while tracing: outside the current
  // higher-order op's scope (made before it began: serial below scopeStart) it counts
  // as a mutation of pre-existing state.
  void noteNewMutation(const vt::VariableTracker& value) {
    if (value.serial() < scopeStart_) ++mutations_;
  }
  // The first tracker serial of the innermost subgraph being traced (0: none).
  uint64_t scopeStart() const { return scopeStart_; }
  void setScopeStart(uint64_t serial) { scopeStart_ = serial; }

  // One line per cell / pending mutation, for `dynrr debug`'s `cells` and `effects`.
  std::vector<std::string> describeCells() const;
  std::vector<std::string> describePending() const;

 private:
  std::vector<std::shared_ptr<vt::CellVariable>> cells_;
  std::deque<Tracked> tracked_;
  std::vector<Mutation> pending_;
  uint64_t mutations_ = 0;
  uint64_t scopeStart_ = 0;
};

}  // namespace dynrr::tracer
