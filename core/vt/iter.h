// iter.h — iterators (torch/_dynamo/variables/iter.py IteratorVariable: the base of
// every iterator Dynamo models; next_variable gives the next item, and iterating an
// iterator gives itself). The list iterator is ListIteratorVariable in lists.h, as in
// Dynamo's lists.py. The lazy builtins map, filter and zip are MapVariable,
// FilterVariable and ZipVariable (iter.py): each next() pulls from the underlying
// iterators and calls the function then, so calls interleave as in Python.
#pragma once

#include <string>
#include <vector>

#include "core/vt/base.h"

namespace dynrr::vt {

class IteratorVariable : public VariableTracker {
 public:
  // next_variable(tx): the next item, or null once exhausted (StopIteration).
  virtual Expected<VtPtr> nextVariable(Tx& tx) = 0;
  // iter(it) is it; next(it) advances it.
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  // Unpacking an iterator drains it (next_variable until exhausted).
  Expected<std::vector<VtPtr>> unpackVarSequence(Tx& tx) override;

 protected:
  IteratorVariable()
      : VariableTracker(VtKind::kIterator, nullptr, MutationType::kValueMutationNew) {}
};

// isinstance(v, IteratorVariable).
inline IteratorVariable* asIterator(const VtPtr& v) {
  return v && v->kind() == VtKind::kIterator ? static_cast<IteratorVariable*>(v.get()) : nullptr;
}

// generic_getiter(tx, v): an iterator is itself; anything iterable becomes a list
// iterator over what unpack_var_sequence gives.
Expected<VtPtr> getIter(Tx& tx, const VtPtr& v);

// Drains an iterator (unpack_var_sequence of an iterator: next_variable until exhausted).
Expected<std::vector<VtPtr>> drainIterator(Tx& tx, IteratorVariable& it);

// map(fn, *iterables) (iter.py MapVariable, a ZipVariable whose rows are passed to fn).
class MapVariable final : public IteratorVariable {
 public:
  MapVariable(VtPtr fn, std::vector<VtPtr> iterators)
      : fn_(std::move(fn)), iterators_(std::move(iterators)) {}
  std::string pythonTypeName() const override { return "map"; }
  std::string className() const override { return "MapVariable"; }
  std::string describe() const override;
  Expected<VtPtr> nextVariable(Tx& tx) override;

 private:
  VtPtr fn_;
  std::vector<VtPtr> iterators_;
};

// filter(fn, iterable) (iter.py FilterVariable): fn None keeps truthy items; the
// predicate's result must be a constant (a tensor's truth graph-breaks in Dynamo).
class FilterVariable final : public IteratorVariable {
 public:
  FilterVariable(VtPtr fn, VtPtr iterator) : fn_(std::move(fn)), iterator_(std::move(iterator)) {}
  std::string pythonTypeName() const override { return "filter"; }
  std::string className() const override { return "FilterVariable"; }
  std::string describe() const override;
  Expected<VtPtr> nextVariable(Tx& tx) override;

 private:
  VtPtr fn_;
  VtPtr iterator_;
};

// zip(*iterables, strict=False) (iter.py ZipVariable): rows are tuples; strict raises
// ValueError when lengths differ, which is modelled as unsupported (exception path).
class ZipVariable final : public IteratorVariable {
 public:
  ZipVariable(std::vector<VtPtr> iterators, bool strict)
      : iterators_(std::move(iterators)), strict_(strict) {}
  std::string pythonTypeName() const override { return "zip"; }
  std::string className() const override { return "ZipVariable"; }
  std::string describe() const override;
  Expected<VtPtr> nextVariable(Tx& tx) override;
  // The next row's items, or an empty vector once any iterator is exhausted.
  Expected<std::vector<VtPtr>> nextRow(Tx& tx);

 private:
  std::vector<VtPtr> iterators_;
  bool strict_;
  bool done_ = false;
};

// itertools.chain(*iterables) and chain.from_iterable(iterable): Dynamo inlines the
// generator polyfills (polyfills/itertools.py: `for it in iterables: yield from it`), so
// each iterable is iterated only when the previous one is exhausted.
class ChainVariable final : public IteratorVariable {
 public:
  explicit ChainVariable(VtPtr outer) : outer_(std::move(outer)) {}
  std::string pythonTypeName() const override { return "itertools.chain"; }
  std::string className() const override { return "LocalGeneratorObjectVariable"; }
  std::string describe() const override { return "chain"; }
  Expected<VtPtr> nextVariable(Tx& tx) override;

 private:
  VtPtr outer_;    // iterator over the iterables
  VtPtr current_;  // iterator of the iterable being drained
};

}  // namespace dynrr::vt
