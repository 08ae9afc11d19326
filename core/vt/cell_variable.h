// cell_variable.h — cells and the functions that capture them, as Dynamo models them
// (torch/_dynamo/variables/misc.py CellVariable; side_effects.py track_cell_new /
// track_cell_existing / load_cell / store_cell; variables/functions.py
// NestedUserFunctionVariable for functions made by MAKE_FUNCTION while tracing).
//
// A cell is always a CellVariable, whoever made it: the root frame (MAKE_CELL), an
// inlined function's own cellvars, or a pre-existing cell reached through a recorded
// closure. Pre-existing cells are found again by the cell object's identity token, so
// two closures sharing a cell share one CellVariable; reads and writes go through the
// CellVariable, never through a copy of its contents.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/trace/trace_format.h"
#include "core/vt/variable_tracker.h"

namespace dynrr::vt {

class CellVariable final : public VariableTracker {
 public:
  // A new cell (AttributeMutationNew): made while tracing, or a root-frame cellvar.
  static std::shared_ptr<CellVariable> makeNew(std::string localName) {
    return std::shared_ptr<CellVariable>(
        new CellVariable(std::move(localName), nullptr, 0, MutationType::kAttributeMutationNew));
  }
  // A pre-existing cell (AttributeMutationExisting) with its identity token and the
  // source of the cell object (e.g. G['f'].__closure__[0]; null when sourceless).
  static std::shared_ptr<CellVariable> makeExisting(std::string localName, SourcePtr cellSource,
                                                    uint64_t identity) {
    return std::shared_ptr<CellVariable>(
        new CellVariable(std::move(localName), std::move(cellSource), identity,
                         MutationType::kAttributeMutationExisting));
  }

  bool preExisting() const { return mutationType() == MutationType::kAttributeMutationExisting; }
  uint64_t identity() const { return identity_; }
  // The name of the variable the cell backs in the frame that made or captured it
  // (CellVariable.local_name), used as the name hint of values stored into it.
  const std::string& localName() const { return localName_; }
  // Contents, null while the cell is empty (reading it raises NameError).
  const VtPtr& contents() const { return contents_; }
  void setContents(VtPtr v) { contents_ = std::move(v); }
  // Only the root frame's cells carry CellVariable.local_name in Dynamo, so only
  // values stored into them take the variable's name as a name hint.
  bool givesNameHint() const { return givesNameHint_; }
  void setGivesNameHint() { givesNameHint_ = true; }
  bool written() const { return written_; }
  void markWritten() { written_ = true; }

  std::string pythonTypeName() const override { return "cell"; }
  std::string describe() const override {
    return localName_ + (contents_ ? " = " + contents_->repr() : std::string(" (empty)"));
  }

 private:
  CellVariable(std::string localName, SourcePtr source, uint64_t identity, MutationType m)
      : VariableTracker(VtKind::kCell, std::move(source), m),
        identity_(identity),
        localName_(std::move(localName)) {}

  uint64_t identity_;
  std::string localName_;
  VtPtr contents_;
  bool written_ = false;
  bool givesNameHint_ = false;
};

// A code object constant (LOAD_CONST feeding MAKE_FUNCTION).
class CodeVariable final : public VariableTracker {
 public:
  CodeVariable(trace::ObjRef code, std::string qualname)
      : VariableTracker(VtKind::kCode, nullptr, MutationType::kImmutable),
        code_(code),
        qualname_(std::move(qualname)) {}
  trace::ObjRef code() const { return code_; }
  const std::string& qualname() const { return qualname_; }
  std::string pythonTypeName() const override { return "code"; }
  std::string describe() const override { return "<code object " + qualname_ + ">"; }

 private:
  trace::ObjRef code_;
  std::string qualname_;
};

// A function created by MAKE_FUNCTION during tracing. It has no source; its closure
// is the tuple of CellVariables the bytecode built, its globals those of the frame
// that made it.
class NestedFunctionVariable final : public VariableTracker {
 public:
  NestedFunctionVariable(trace::ObjRef code, std::string qualname, trace::ObjRef globals,
                         VtPtr defaults, VtPtr kwdefaults, std::vector<VtPtr> closure)
      : VariableTracker(VtKind::kNestedFunction, nullptr, MutationType::kImmutable),
        code_(code),
        qualname_(std::move(qualname)),
        globals_(globals),
        defaults_(std::move(defaults)),
        kwdefaults_(std::move(kwdefaults)),
        closure_(std::move(closure)) {}
  trace::ObjRef code() const { return code_; }
  const std::string& qualname() const { return qualname_; }
  trace::ObjRef globals() const { return globals_; }
  const VtPtr& defaults() const { return defaults_; }             // TupleVariable or null
  const VtPtr& kwdefaults() const { return kwdefaults_; }         // ConstDictVariable or null
  const std::vector<VtPtr>& closure() const { return closure_; }  // CellVariables
  std::string pythonTypeName() const override { return "function"; }
  std::string describe() const override {
    return qualname_ + (closure_.empty() ? "" : ", " + std::to_string(closure_.size()) + " cells");
  }

 private:
  trace::ObjRef code_;
  std::string qualname_;
  trace::ObjRef globals_;
  VtPtr defaults_;
  VtPtr kwdefaults_;
  std::vector<VtPtr> closure_;
};

}  // namespace dynrr::vt
