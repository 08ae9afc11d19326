// container_variables.h — tuples, lists, dicts, ranges, slices and torch.Size
// (torch/_dynamo/variables/lists.py: TupleVariable, ListVariable, RangeVariable,
// SizeVariable; dicts.py: ConstDictVariable; misc/constant: SliceVariable).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/vt/variable_tracker.h"

namespace dynrr::vt {

// Tuples, lists and torch.Size share this: an ordered sequence of trackers.
class SequenceVariable : public VariableTracker {
 public:
  SequenceVariable(VtKind kind, std::vector<VtPtr> items, SourcePtr source, MutationType m)
      : VariableTracker(kind, std::move(source), m), items_(std::move(items)) {}
  const std::vector<VtPtr>& items() const { return items_; }
  // Only for mutable lists; the caller records the side effect.
  std::vector<VtPtr>& mutableItems() { return items_; }
  std::string pythonTypeName() const override;
  std::string describe() const override;
  // A dict view (dict.keys()/values()/items()) is modelled as a list of its items made
  // when the view is taken; the view's type name is kept ("dict_values"), since Dynamo
  // treats views differently from lists (a view is not a Python constant).
  void setViewType(std::string t) { viewType_ = std::move(t); }
  const std::string& viewType() const { return viewType_; }
  // A torch.return_types structseq (the result of torch.max(x, dim), sort, topk, ...)
  // is a tuple whose items are also attributes: its field names, in order.
  void setFieldNames(std::vector<std::string> names) { fieldNames_ = std::move(names); }
  const std::vector<std::string>& fieldNames() const { return fieldNames_; }

 private:
  std::vector<VtPtr> items_;
  std::string viewType_;
  std::vector<std::string> fieldNames_;
};

VtPtr makeTuple(std::vector<VtPtr> items, SourcePtr source = nullptr);
// A list created during tracing (ValueMutationNew) or pre-existing (with source).
VtPtr makeList(std::vector<VtPtr> items, SourcePtr source = nullptr);
VtPtr makeSize(std::vector<VtPtr> items, SourcePtr source = nullptr);

class DictVariable final : public VariableTracker {
 public:
  // Keys are constants (ConstDictVariable only models hashable constant keys here).
  DictVariable(std::vector<std::pair<VtPtr, VtPtr>> entries, SourcePtr source, MutationType m)
      : VariableTracker(VtKind::kDict, std::move(source), m), entries_(std::move(entries)) {}
  const std::vector<std::pair<VtPtr, VtPtr>>& entries() const { return entries_; }
  std::vector<std::pair<VtPtr, VtPtr>>& mutableEntries() { return entries_; }
  std::string pythonTypeName() const override { return "dict"; }
  std::string describe() const override;

 private:
  std::vector<std::pair<VtPtr, VtPtr>> entries_;
};

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
  int64_t at(int64_t i) const { return start_ + i * step_; }
  std::string pythonTypeName() const override { return "range"; }
  std::string describe() const override;

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

 private:
  VtPtr start_, stop_, step_;
};

// Iterator over a snapshot of items (ListIteratorVariable), used by FOR_ITER.
class IteratorVariable final : public VariableTracker {
 public:
  explicit IteratorVariable(std::vector<VtPtr> items)
      : VariableTracker(VtKind::kIterator, nullptr, MutationType::kValueMutationNew),
        items_(std::move(items)) {}
  bool done() const { return index_ >= items_.size(); }
  VtPtr next() { return items_[index_++]; }
  size_t remaining() const { return items_.size() - index_; }
  // The items not consumed yet, consuming them (unpack_var_sequence of an iterator).
  std::vector<VtPtr> takeRemaining() {
    std::vector<VtPtr> rest(items_.begin() + static_cast<std::ptrdiff_t>(index_), items_.end());
    index_ = items_.size();
    return rest;
  }
  std::string pythonTypeName() const override { return "list_iterator"; }
  std::string describe() const override;

 private:
  std::vector<VtPtr> items_;
  size_t index_ = 0;
};

// A set of Python constants (SetVariable; items compared with ==, kept in insertion
// order). Sets of tensors or objects are not modelled.
class SetVariable final : public VariableTracker {
 public:
  SetVariable(std::vector<VtPtr> items, SourcePtr source, MutationType m)
      : VariableTracker(VtKind::kSet, std::move(source), m), items_(std::move(items)) {}
  const std::vector<VtPtr>& items() const { return items_; }
  std::vector<VtPtr>& mutableItems() { return items_; }
  std::string pythonTypeName() const override { return "set"; }
  std::string describe() const override;

 private:
  std::vector<VtPtr> items_;
};

}  // namespace dynrr::vt
