// container_variables.cpp — see container_variables.h.
#include "core/vt/container_variables.h"

namespace dynrr::vt {
namespace {

std::string joinReprs(const std::vector<VtPtr>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    out += items[i] ? items[i]->repr() : "<null>";
  }
  return out;
}

}  // namespace

std::string SequenceVariable::pythonTypeName() const {
  if (!viewType_.empty()) return viewType_;
  switch (kind()) {
    case VtKind::kTuple: return "tuple";
    case VtKind::kSize: return "torch.Size";
    default: return "list";
  }
}

std::string SequenceVariable::describe() const {
  std::string inner = joinReprs(items_);
  switch (kind()) {
    case VtKind::kTuple: return "(" + inner + (items_.size() == 1 ? ",)" : ")");
    case VtKind::kSize: return "torch.Size([" + inner + "])";
    default: return "[" + inner + "]";
  }
}

VtPtr makeTuple(std::vector<VtPtr> items, SourcePtr source) {
  return std::make_shared<SequenceVariable>(VtKind::kTuple, std::move(items), std::move(source),
                                            MutationType::kImmutable);
}
VtPtr makeList(std::vector<VtPtr> items, SourcePtr source) {
  MutationType m = source ? MutationType::kValueMutationExisting : MutationType::kValueMutationNew;
  return std::make_shared<SequenceVariable>(VtKind::kList, std::move(items), std::move(source), m);
}
VtPtr makeSize(std::vector<VtPtr> items, SourcePtr source) {
  return std::make_shared<SequenceVariable>(VtKind::kSize, std::move(items), std::move(source),
                                            MutationType::kImmutable);
}

std::string DictVariable::describe() const {
  std::string out = "{";
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (i) out += ", ";
    out += entries_[i].first->repr() + ": " + entries_[i].second->repr();
  }
  return out + "}";
}

int64_t RangeVariable::length() const {
  if (step_ > 0 && start_ < stop_) return (stop_ - start_ + step_ - 1) / step_;
  if (step_ < 0 && start_ > stop_) return (start_ - stop_ - step_ - 1) / (-step_);
  return 0;
}

std::string RangeVariable::describe() const {
  return "range(" + std::to_string(start_) + ", " + std::to_string(stop_) + ", " +
         std::to_string(step_) + ")";
}

std::string SliceVariable::describe() const {
  return "slice(" + start_->repr() + ", " + stop_->repr() + ", " + step_->repr() + ")";
}

std::string IteratorVariable::describe() const {
  return "at " + std::to_string(index_) + " of " + std::to_string(items_.size());
}

std::string SetVariable::describe() const {
  std::string out = "{";
  for (size_t i = 0; i < items_.size(); ++i) out += (i ? ", " : "") + items_[i]->repr();
  return out + "}";
}

}  // namespace dynrr::vt
