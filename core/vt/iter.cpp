// iter.cpp — see iter.h.
#include "core/vt/iter.h"

namespace dynrr::vt {

Expected<VtPtr> IteratorVariable::callMethod(Tx& tx, const std::string& name, Args args,
                                             Kwargs kwargs) {
  if (name == "__iter__" && args.empty() && kwargs.empty()) return self();
  if (name == "__next__" && args.empty() && kwargs.empty()) {
    auto next = nextVariable(tx);
    if (next && !*next) return unsupported("next() of an exhausted iterator (StopIteration path)");
    return next;
  }
  return VariableTracker::callMethod(tx, name, std::move(args), std::move(kwargs));
}

}  // namespace dynrr::vt
