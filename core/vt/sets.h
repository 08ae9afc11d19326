// sets.h — sets of Python constants (torch/_dynamo/variables/sets.py SetVariable: items
// compared with ==, kept in insertion order; add / discard / remove, __contains__,
// __len__; a pre-existing set is CONSTANT_MATCHed and written back when changed). Sets
// made while tracing may also hold tensors and nn.Modules, compared by identity (the
// memo sets of Module.named_modules and _named_members); sets of other objects are not
// modelled.
#pragma once

#include <optional>
#include <vector>

#include "core/vt/base.h"

namespace dynrr::vt {

// Whether `v` (realised) is an item a set compares by identity: a tensor or an nn.Module.
bool isIdentityHashed(const VtPtr& v);

class SetVariable final : public VariableTracker {
 public:
  SetVariable(std::vector<VtPtr> items, SourcePtr source, MutationType m)
      : VariableTracker(VtKind::kSet, std::move(source), m), items_(std::move(items)) {}
  const std::vector<VtPtr>& items() const { return items_; }
  std::vector<VtPtr>& mutableItems() { return items_; }
  std::string pythonTypeName() const override { return frozen_ ? "frozenset" : "set"; }
  std::string className() const override { return frozen_ ? "FrozensetVariable" : "SetVariable"; }
  // frozenset (sets.py FrozensetVariable): no mutating methods.
  bool frozen() const { return frozen_; }
  void setFrozen() { frozen_ = true; }
  std::string describe() const override;

  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  // Iterating a set is not modelled: Python gives hash order, not insertion order, so
  // the base class's `unsupported` stands.
  Expected<bool> boolValue(Tx&) override { return !items_.empty(); }
  // A set of constants (the only sets modelled) is a Python constant.
  bool isPythonConstant() const override;

  // Where the set holds an item equal (==) to `item`; nullopt when absent. Constants only.
  std::optional<size_t> indexOf(const VtPtr& item) const;
  // Where the set holds `item`, for sets that may hold identity-hashed items (tensors,
  // nn.Modules: see isIdentityHashed); unsupported when an identity is unknown.
  Expected<std::optional<size_t>> find(const VtPtr& item) const;
  // Whether any item is identity-hashed (not a constant).
  bool hasIdentityItems() const {
    for (const auto& i : items_)
      if (i->kind() != VtKind::kConstant) return true;
    return false;
  }
  // Adds `item` (realised; only Python constants are modelled) unless an equal one is there.
  Status insert(Tx& tx, const VtPtr& item);
  // The items set.update(other) / SET_UPDATE adds: a set's items, or what iterating
  // `other` gives.
  Expected<std::vector<VtPtr>> itemsOf(Tx& tx, const VtPtr& other) const;
  // union, intersection, difference, symmetric_difference (and _update forms),
  // isdisjoint, issubset, issuperset, copy, clear; an empty Error for wrong arity.
  // fromOperator: reached from | & - ^ <= >= (folded by Dynamo for constant sets).
  Expected<VtPtr> algebra(Tx& tx, const std::string& name, const Args& args, bool fromOperator);

 private:
  std::vector<VtPtr> items_;
  bool frozen_ = false;
};

}  // namespace dynrr::vt
