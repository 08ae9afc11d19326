// side_effects.cpp — see side_effects.h.
#include "core/tracer/side_effects.h"

namespace dynrr::tracer {

std::vector<std::string> SideEffects::describeCells() const {
  std::vector<std::string> out;
  for (const Cell& c : cells_) {
    std::string line = c.name + ": " + (c.preExisting ? "pre-existing" : "new") + " cell";
    if (c.source) line += " " + c.source->name();
    line += c.contents ? " = " + c.contents->repr() : " (empty)";
    if (c.written) line += " [written]";
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
