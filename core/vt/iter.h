// iter.h — iterators (torch/_dynamo/variables/iter.py IteratorVariable: the base of
// every iterator Dynamo models; next_variable gives the next item, and iterating an
// iterator gives itself). The list iterator is ListIteratorVariable in lists.h, as in
// Dynamo's lists.py.
#pragma once

#include <vector>

#include "core/vt/base.h"

namespace dynrr::vt {

class IteratorVariable : public VariableTracker {
 public:
  // next_variable(tx): the next item, or null once exhausted (StopIteration).
  virtual Expected<VtPtr> nextVariable(Tx& tx) = 0;
  // iter(it) is it; next(it) advances it.
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;

 protected:
  IteratorVariable()
      : VariableTracker(VtKind::kIterator, nullptr, MutationType::kValueMutationNew) {}
};

// isinstance(v, IteratorVariable).
inline IteratorVariable* asIterator(const VtPtr& v) {
  return v && v->kind() == VtKind::kIterator ? static_cast<IteratorVariable*>(v.get()) : nullptr;
}

}  // namespace dynrr::vt
