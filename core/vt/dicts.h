// dicts.h — dicts with constant keys (torch/_dynamo/variables/dicts.py ConstDictVariable:
// getitem, get, keys/values/items views, update, setdefault, __setitem__, __delitem__,
// __contains__, __len__, and the guards reading a pre-existing dict installs:
// install_dict_keys_match_guard, install_dict_contains_guard). Views are modelled as
// lists of their items (see SequenceVariable::viewType).
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "core/vt/base.h"

namespace dynrr::vt {

class DictVariable final : public VariableTracker {
 public:
  // Keys are constants (ConstDictVariable only models hashable constant keys here).
  DictVariable(std::vector<std::pair<VtPtr, VtPtr>> entries, SourcePtr source, MutationType m)
      : VariableTracker(VtKind::kDict, std::move(source), m), entries_(std::move(entries)) {}
  const std::vector<std::pair<VtPtr, VtPtr>>& entries() const { return entries_; }
  std::vector<std::pair<VtPtr, VtPtr>>& mutableEntries() { return entries_; }
  // "dict", or the dict subclass Dynamo models with this class: "collections.OrderedDict"
  // (ConstDictVariable with user_cls OrderedDict) or "collections.defaultdict"
  // (DefaultDictVariable, whose missing keys call default_factory).
  std::string pythonTypeName() const override { return userCls_; }
  std::string className() const override {
    if (hooksDict_) return "NNModuleHooksDictVariable";
    return defaultFactory_ ? "DefaultDictVariable" : "ConstDictVariable";
  }
  void setUserCls(std::string cls, VtPtr defaultFactory = nullptr) {
    userCls_ = std::move(cls);
    defaultFactory_ = std::move(defaultFactory);
  }
  const std::string& userCls() const { return userCls_; }
  // DunderDictVariable: an object's __dict__, read-only here. Dynamo routes its
  // mutations through the side-effects table and installs no key guards on it.
  void setDunderDict() {
    dunderDict_ = true;
    readOnly_ = "an object's __dict__ (Dynamo stores through the side-effects table)";
  }
  bool isDunderDict() const { return dunderDict_; }
  // A snapshot of a new object's __dict__ (SideEffectsProxyDict over the side-effects
  // table) taken when `mutations` mutations were pending: used after a later mutation it
  // would be stale, so that use is refused.
  void setSnapshotOf(size_t mutations) { snapshotAt_ = mutations; }
  Status checkSnapshot(Tx& tx) const;
  // NNModuleHooksDictVariable (a non-empty hook dict of an nn.Module): no guard on its
  // keys (the hook ids), neither DICT_KEYS_MATCH nor DICT_CONTAINS; read-only here.
  void setHooksDict() {
    hooksDict_ = true;
    readOnly_ = "an nn.Module hook dict";
  }
  bool isHooksDict() const { return hooksDict_; }
  // A pre-existing OrderedDict, which VariableBuilder wraps as an OrderedDictVariable
  // (over a ConstDictVariable): generic_jump does not take it for a ConstDictVariable.
  void setOrderedDictVariable() { orderedDictVariable_ = true; }
  bool isOrderedDictVariable() const { return orderedDictVariable_; }
  // Only some of the dict's keys are known (an object's __dict__ whose recorded instance
  // dict is missing): a lookup of an entry it holds works, anything else is refused.
  void setPartialKeys() { partialKeys_ = true; }
  // Mutating methods are refused with this reason (not modelled for this dict).
  void setReadOnly(std::string why) { readOnly_ = std::move(why); }
  const VtPtr& defaultFactory() const { return defaultFactory_; }
  std::string describe() const override;

  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  // Iterating a dict gives its keys; a pre-existing dict's keys are guarded.
  Expected<std::vector<VtPtr>> unpackVarSequence(Tx& tx) override;
  Expected<bool> boolValue(Tx&) override {
    if (partialKeys_) return unsupported("the truth of a __dict__ whose keys are not all recorded");
    return !entries_.empty();
  }

  // Where the entry whose key == `key` (Python equality) is, if any.
  Expected<std::optional<size_t>> findKey(Tx& tx, const VtPtr& key) const;
  // Sets `key` to `value`: replaces an equal key's value, or appends.
  Status setEntry(Tx& tx, const VtPtr& key, const VtPtr& value);
  // install_dict_keys_match_guard: DICT_KEYS_MATCH on a dict with a source.
  void guardKeys(Tx& tx) const;
  // install_dict_contains_guard: `key in d` or a missing d.get(key) on a dict with a
  // source that was not modified: DICT_CONTAINS / DICT_NOT_CONTAINS for a constant key.
  void installDictContainsGuard(Tx& tx, const VtPtr& key, bool contains) const;
  // A pre-existing dict changed is written back after the graph.
  void markChanged(Tx& tx, const std::string& how);

 private:
  std::vector<std::pair<VtPtr, VtPtr>> entries_;
  std::string userCls_ = "dict";
  VtPtr defaultFactory_;
  bool dunderDict_ = false;
  std::optional<size_t> snapshotAt_;
  bool hooksDict_ = false;
  bool orderedDictVariable_ = false;
  bool partialKeys_ = false;
  std::string readOnly_;
};

// types.MappingProxyType(d) made while tracing (MappingProxyVariable): a read-only view
// whose reads (len, [], in, iteration, keys / values / items / get / copy) go to the
// dict it proxies, so later changes to the dict show through. A proxy reaching the
// graph's outputs (reconstruction) is refused by the codegen.
class MappingProxyVariable final : public VariableTracker {
 public:
  explicit MappingProxyVariable(std::shared_ptr<DictVariable> dict)
      : VariableTracker(VtKind::kMappingProxy, nullptr, MutationType::kImmutable),
        dict_(std::move(dict)) {}
  const std::shared_ptr<DictVariable>& dict() const { return dict_; }
  std::string pythonTypeName() const override { return "mappingproxy"; }
  std::string describe() const override { return "mappingproxy(" + dict_->describe() + ")"; }
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  Expected<std::vector<VtPtr>> unpackVarSequence(Tx& tx) override {
    return dict_->unpackVarSequence(tx);
  }
  Expected<bool> boolValue(Tx& tx) override { return dict_->boolValue(tx); }

 private:
  std::shared_ptr<DictVariable> dict_;
};

inline DictVariable* asDict(const VtPtr& v) {
  return v && v->kind() == VtKind::kDict ? static_cast<DictVariable*>(v.get()) : nullptr;
}

// == / != of two dicts (polyfills.dict___eq__) or of a dict_keys view and a set or
// dict_keys view (polyfills.dictview_richcompare), with the guards of the inlined
// polyfill (dict_richcompare.cpp); nullopt when the operands are neither.
std::optional<Expected<VtPtr>> dictRichCompare(Tx& tx, const std::string& base, const VtPtr& a,
                                               const VtPtr& b);

}  // namespace dynrr::vt
