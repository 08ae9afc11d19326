// lists.h — tuples, lists, torch.Size, ranges, slices and the list iterator
// (torch/_dynamo/variables/lists.py: BaseListVariable, TupleVariable, ListVariable,
// SizeVariable, RangeVariable, SliceVariable, ListIteratorVariable). Tuples, lists and
// torch.Size are one class here (SequenceVariable, told apart by kind()), as
// BaseListVariable's subclasses share almost all of their behaviour.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "core/vt/base.h"
#include "core/vt/iter.h"

namespace dynrr::vt {

// Tuples, lists and torch.Size share this: an ordered sequence of trackers.
class SequenceVariable : public VariableTracker {
 public:
  SequenceVariable(VtKind kind, std::vector<VtPtr> items, SourcePtr source, MutationType m)
      : VariableTracker(kind, std::move(source), m), items_(std::move(items)) {}
  const std::vector<VtPtr>& items() const { return items_; }
  // Only for mutable lists; the caller records the side effect.
  std::vector<VtPtr>& mutableItems() { return items_; }
  bool isList() const { return kind() == VtKind::kList; }
  bool isTuple() const { return kind() == VtKind::kTuple; }
  std::string pythonTypeName() const override;
  std::string describe() const override;
  // A dict view (dict.keys()/values()/items()) is modelled as a list of its items made
  // when the view is taken; the view's type name is kept ("dict_values"), since Dynamo
  // treats views differently from lists (a view is not a Python constant).
  void setViewType(std::string t) { viewType_ = std::move(t); }
  const std::string& viewType() const { return viewType_; }
  // A keys view also keeps the dict's values, one per key (DictKeysVariable.dv_dict):
  // `key in view` looks the key up in the dict, which realises a present key's value.
  void setViewValues(std::vector<VtPtr> values) { viewValues_ = std::move(values); }
  const std::vector<VtPtr>& viewValues() const { return viewValues_; }
  // A torch.return_types structseq (the result of torch.max(x, dim), sort, topk, ...)
  // is a tuple whose items are also attributes: its field names, in order.
  void setFieldNames(std::vector<std::string> names) { fieldNames_ = std::move(names); }
  const std::vector<std::string>& fieldNames() const { return fieldNames_; }
  // A collections.namedtuple instance (NamedTupleVariable over its TupleVariable): the
  // tuple with its field names and its class's qualified name as its type.
  void setNamedTupleType(std::string t) { namedTupleType_ = std::move(t); }
  const std::string& namedTupleType() const { return namedTupleType_; }
  // A new sequence of the same kind (list, tuple or torch.Size) holding `items`.
  VtPtr withItems(std::vector<VtPtr> items) const;

  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  Expected<std::vector<VtPtr>> unpackVarSequence(Tx&) override { return items_; }
  bool isPythonConstant() const override;
  Expected<bool> boolValue(Tx&) override { return !items_.empty(); }

  // ListVariable's mutating methods (append, extend, pop, insert, __setitem__): a
  // pre-existing list mutated is written back after the graph.
  Status markMutating(Tx& tx, const std::string& how);

 private:
  std::vector<VtPtr> items_;
  std::string viewType_;
  std::vector<VtPtr> viewValues_;
  std::vector<std::string> fieldNames_;
  std::string namedTupleType_;
};

VtPtr makeTuple(std::vector<VtPtr> items, SourcePtr source = nullptr);
// A list created during tracing (ValueMutationNew) or pre-existing (with source).
VtPtr makeList(std::vector<VtPtr> items, SourcePtr source = nullptr);
VtPtr makeSize(std::vector<VtPtr> items, SourcePtr source = nullptr);
// isinstance(v, BaseListVariable) for a tuple, list or torch.Size.
inline SequenceVariable* asSequence(const VtPtr& v) {
  switch (v ? v->kind() : VtKind::kNull) {
    case VtKind::kTuple:
    case VtKind::kList:
    case VtKind::kSize: return static_cast<SequenceVariable*>(v.get());
    default: return nullptr;
  }
}

class RangeVariable final : public VariableTracker {
 public:
  RangeVariable(int64_t start, int64_t stop, int64_t step, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kRange, std::move(source), MutationType::kImmutable),
        start_(start),
        stop_(stop),
        step_(step) {}
  int64_t start() const { return start_; }
  int64_t stop() const { return stop_; }
  int64_t step() const { return step_; }
  int64_t length() const;
  // Unsigned, wrapping: for i < length() the result is in range even where i * step is not.
  int64_t at(int64_t i) const {
    return static_cast<int64_t>(static_cast<uint64_t>(start_) +
                                static_cast<uint64_t>(i) * static_cast<uint64_t>(step_));
  }
  std::string pythonTypeName() const override { return "range"; }
  std::string describe() const override;

  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  Expected<std::vector<VtPtr>> unpackVarSequence(Tx&) override;
  Expected<bool> boolValue(Tx&) override { return length() > 0; }

 private:
  int64_t start_, stop_, step_;
};

class SliceVariable final : public VariableTracker {
 public:
  SliceVariable(VtPtr start, VtPtr stop, VtPtr step)
      : VariableTracker(VtKind::kSlice, nullptr, MutationType::kImmutable),
        start_(std::move(start)),
        stop_(std::move(stop)),
        step_(std::move(step)) {}
  const VtPtr& start() const { return start_; }
  const VtPtr& stop() const { return stop_; }
  const VtPtr& step() const { return step_; }
  std::string pythonTypeName() const override { return "slice"; }
  std::string describe() const override;
  // The indices this slice (constant bounds) picks from a sequence of n items
  // (PySlice_AdjustIndices + the slice walk).
  Expected<std::vector<int64_t>> indices(int64_t n) const;

  // The bounds fake tensors slice with when a bound is a SymInt: the stand-ins of the
  // indices _compute_slice_index resolved them to (set by a tensor's __getitem__).
  using FakeBounds = std::array<std::optional<int64_t>, 3>;
  const std::optional<FakeBounds>& fakeBounds() const { return fakeBounds_; }
  void setFakeBounds(FakeBounds b) { fakeBounds_ = b; }

 private:
  VtPtr start_, stop_, step_;
  std::optional<FakeBounds> fakeBounds_;
};

// Iterator over a snapshot of items (ListIteratorVariable), used by FOR_ITER.
class ListIteratorVariable final : public IteratorVariable {
 public:
  explicit ListIteratorVariable(std::vector<VtPtr> items) : items_(std::move(items)) {}
  bool done() const { return index_ >= items_.size(); }
  size_t remaining() const { return items_.size() - index_; }
  std::string pythonTypeName() const override { return "list_iterator"; }
  std::string describe() const override;

  Expected<VtPtr> nextVariable(Tx&) override { return done() ? VtPtr() : items_[index_++]; }
  // The items not consumed yet, consuming them (unpack_var_sequence of an iterator).
  Expected<std::vector<VtPtr>> unpackVarSequence(Tx&) override {
    std::vector<VtPtr> rest(items_.begin() + static_cast<std::ptrdiff_t>(index_), items_.end());
    index_ = items_.size();
    return rest;
  }

 private:
  std::vector<VtPtr> items_;
  size_t index_ = 0;
};

}  // namespace dynrr::vt
