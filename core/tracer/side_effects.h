// side_effects.h — the side effects a traced frame buffers until its graph is compiled
// (torch/_dynamo/side_effects.py SideEffects: tracked mutable objects by identity,
// store_attr_mutations, cell contents, codegen_update_mutated), and the cells the
// frame touches (variables/misc.py CellVariable / NewCellVariable).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/vt/variable_tracker.h"

namespace dynrr::tracer {

class SideEffects {
 public:
  // A cell the frame reads or writes. `preExisting` cells came with the recorded frame
  // or a recorded function's __closure__ (identity token from the trace); others were
  // created while tracing (MAKE_CELL, or a nested function's new cell).
  struct Cell {
    std::string name;
    bool preExisting = false;
    uint64_t identity = 0;  // trace identity token, 0 for new cells
    vt::SourcePtr source;   // e.g. L['fn'].__closure__[0], null for new cells
    vt::VtPtr contents;     // null while empty
    bool written = false;   // stored to during tracing
  };

  // One pending mutation to replay after the graph, as Dynamo's SideEffects would.
  struct Mutation {
    std::string kind;    // "cell", "attribute", "list", "dict", "set", "global"
    std::string target;  // the source name or cell name of what is mutated
    std::string detail;  // e.g. the attribute name and new value's repr
  };

  std::vector<Cell>& cells() { return cells_; }
  const std::vector<Cell>& cells() const { return cells_; }
  const std::vector<Mutation>& pending() const { return pending_; }
  void record(Mutation m) { pending_.push_back(std::move(m)); }

  // One line per cell / pending mutation, for `dynrr debug`'s `cells` and `effects`.
  std::vector<std::string> describeCells() const;
  std::vector<std::string> describePending() const;

 private:
  std::vector<Cell> cells_;
  std::vector<Mutation> pending_;
};

}  // namespace dynrr::tracer
