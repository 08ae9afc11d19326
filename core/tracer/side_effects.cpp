// side_effects.cpp — see side_effects.h.
#include "core/tracer/side_effects.h"

namespace dynrr::tracer {

SideEffects::~SideEffects() {
  for (const auto& cell : cells_) cell->setContents(nullptr);
}

std::shared_ptr<vt::CellVariable> SideEffects::trackCellNew(const std::string& localName) {
  auto cell = vt::CellVariable::makeNew(localName);
  cells_.push_back(cell);
  tracked_.push_back({cell, false, "", {}});
  return cell;
}

std::shared_ptr<vt::CellVariable> SideEffects::findCell(uint64_t identity) const {
  if (identity == 0) return nullptr;
  for (const auto& c : cells_) {
    if (c->preExisting() && c->identity() == identity) return c;
  }
  return nullptr;
}

std::shared_ptr<vt::CellVariable> SideEffects::trackCellExisting(const std::string& localName,
                                                                 vt::SourcePtr cellSource,
                                                                 uint64_t identity) {
  if (auto seen = findCell(identity)) return seen;
  auto cell = vt::CellVariable::makeExisting(localName, std::move(cellSource), identity);
  cells_.push_back(cell);
  tracked_.push_back({cell, false, "", {}});
  return cell;
}

void SideEffects::storeCell(const std::shared_ptr<vt::CellVariable>& cell, vt::VtPtr value) {
  if (cell->preExisting())
    ++mutations_;
  else
    noteNewMutation(*cell);
  cell->setContents(std::move(value));
  cell->markWritten();
  if (!cell->preExisting()) return;
  // One pending write per cell: the last value stored is what is replayed.
  std::string target = cell->source() ? cell->source()->name() : "cell " + cell->localName();
  for (auto& m : pending_) {
    if (m.kind == "cell" && m.target == target) {
      m.detail = cell->contents()->repr();
      return;
    }
  }
  pending_.push_back(Mutation{"cell", target, cell->contents()->repr()});
}

void SideEffects::trackExisting(const vt::VtPtr& container) {
  for (const auto& t : tracked_) {
    if (t.value == container) return;
  }
  tracked_.push_back({container, false, "", {}});
}

void SideEffects::markMutated(const vt::VariableTracker* container, const std::string& how) {
  ++mutations_;
  for (auto& t : tracked_) {
    if (t.value.get() != container) continue;
    std::string target = container->source() ? container->source()->name() : "<no source>";
    if (!t.mutated) pending_.push_back(Mutation{container->pythonTypeName(), target, how});
    t.mutated = true;
    return;
  }
}

namespace {
void setAttr(std::vector<std::pair<std::string, vt::VtPtr>>& attrs, const std::string& name,
             vt::VtPtr value) {
  for (auto& [n, v] : attrs) {
    if (n == name) {
      v = std::move(value);
      return;
    }
  }
  attrs.emplace_back(name, std::move(value));
}
}  // namespace

void SideEffects::storeAttr(const vt::VtPtr& object, const std::string& name, vt::VtPtr value) {
  if (object->mutationType() == vt::MutationType::kAttributeMutationExisting)
    ++mutations_;
  else
    noteNewMutation(*object);
  std::string target = object->source() ? object->source()->name() : "<no source>";
  for (auto& t : tracked_) {
    if (t.value != object) continue;
    t.mutated = true;
    pending_.push_back(Mutation{"attribute", target, name + " = " + value->repr()});
    setAttr(t.attrs, name, std::move(value));
    return;
  }
  tracked_.push_back({object, true, "", {}});
  pending_.push_back(Mutation{"attribute", target, name + " = " + value->repr()});
  setAttr(tracked_.back().attrs, name, std::move(value));
}

vt::VtPtr SideEffects::pendingAttr(const vt::VariableTracker* object,
                                   const std::string& name) const {
  for (const auto& t : tracked_) {
    if (t.value.get() != object) continue;
    for (const auto& [n, v] : t.attrs)
      if (n == name) return v;
  }
  return nullptr;
}

const std::vector<std::pair<std::string, vt::VtPtr>>* SideEffects::attrsOf(
    const vt::VariableTracker* object) const {
  for (const auto& t : tracked_)
    if (t.value.get() == object) return &t.attrs;
  return nullptr;
}

bool SideEffects::hasPendingAttrs(const vt::VariableTracker* object) const {
  for (const auto& t : tracked_)
    if (t.value.get() == object && !t.attrs.empty()) return true;
  return false;
}

void SideEffects::storeGlobal(const std::string& name, vt::VtPtr value) {
  ++mutations_;
  pending_.push_back(Mutation{"global", "G['" + name + "']", value->repr()});
  for (auto& t : tracked_) {
    if (!t.value && t.global == name) {
      t.attrs[0].second = std::move(value);
      return;
    }
  }
  tracked_.push_back({nullptr, true, name, {{name, std::move(value)}}});
}

vt::VtPtr SideEffects::pendingGlobal(const std::string& name) const {
  for (const auto& t : tracked_)
    if (!t.value && t.global == name) return t.attrs[0].second;
  return nullptr;
}

std::vector<std::string> SideEffects::describeCells() const {
  std::vector<std::string> out;
  for (const auto& c : cells_) {
    std::string line =
        c->localName() + ": " + (c->preExisting() ? "pre-existing" : "new") + " cell";
    if (c->source()) line += " " + c->source()->name();
    line += c->contents() ? " = " + c->contents()->repr() : " (empty)";
    if (c->written()) line += " [written]";
    out.push_back(std::move(line));
  }
  return out;
}

std::vector<std::string> SideEffects::describePending() const {
  std::vector<std::string> out;
  for (const Mutation& m : pending_) {
    out.push_back(m.kind + " " + m.target + (m.detail.empty() ? "" : ": " + m.detail));
  }
  return out;
}

}  // namespace dynrr::tracer

namespace dynrr::tracer {

bool SideEffects::isModified(const vt::VariableTracker* container) const {
  for (const auto& t : tracked_) {
    if (t.value.get() == container) return t.mutated;
  }
  return false;
}

}  // namespace dynrr::tracer
