// iter.cpp — see iter.h.
#include "core/vt/iter.h"

#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"
#include "core/vt/user_defined.h"

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

Expected<std::vector<VtPtr>> IteratorVariable::unpackVarSequence(Tx& tx) {
  return drainIterator(tx, *this);
}

Expected<VtPtr> getIter(Tx& tx, const VtPtr& v) {
  auto r = tx.realize(v);
  if (!r) return r;
  if (asIterator(*r)) return *r;
  if ((*r)->kind() == VtKind::kUserClass) {
    auto* cls = static_cast<UserClassVariable*>(r->get());
    if (cls->isEnumClass(tx)) return cls->enumMembersIterator(tx);
  }
  auto items = (*r)->unpackVarSequence(tx);
  if (!items) return items.error();
  return VtPtr(std::make_shared<ListIteratorVariable>(std::move(*items)));
}

Expected<std::vector<VtPtr>> drainIterator(Tx& tx, IteratorVariable& it) {
  std::vector<VtPtr> out;
  for (;;) {
    auto next = it.nextVariable(tx);
    if (!next) return next.error();
    if (!*next) return out;
    if (Status st = checkMaterialized(out.size() + 1, "items of an iterator"); !st)
      return st.error();
    out.push_back(*next);
  }
}

namespace {
Expected<VtPtr> nextOf(Tx& tx, const VtPtr& it) {
  IteratorVariable* iter = asIterator(it);
  if (!iter) return unsupported("next() of a " + it->pythonTypeName());
  return iter->nextVariable(tx);
}
}  // namespace

Expected<std::vector<VtPtr>> ZipVariable::nextRow(Tx& tx) {
  if (done_) return std::vector<VtPtr>{};
  std::vector<VtPtr> row;
  for (size_t i = 0; i < iterators_.size(); ++i) {
    auto next = nextOf(tx, iterators_[i]);
    if (!next) return next.error();
    if (!*next) {
      done_ = true;
      if (strict_ && (i > 0 || iterators_.size() > 1)) {
        // strict: the others must be exhausted too, else ValueError.
        bool ragged = i > 0;
        for (size_t j = i + 1; j < iterators_.size() && !ragged; ++j) {
          auto other = nextOf(tx, iterators_[j]);
          if (!other) return other.error();
          ragged = *other != nullptr;
        }
        if (ragged)
          return unsupported(
              "zip(strict=True) over iterables of different lengths "
              "(ValueError path)");
      }
      return std::vector<VtPtr>{};
    }
    row.push_back(*next);
  }
  if (row.empty()) done_ = true;
  return row;
}

Expected<VtPtr> ZipVariable::nextVariable(Tx& tx) {
  auto row = nextRow(tx);
  if (!row) return row.error();
  if (row->empty()) return VtPtr();
  return makeTuple(std::move(*row));
}

std::string ZipVariable::describe() const {
  return std::to_string(iterators_.size()) + " iterables" + (strict_ ? ", strict" : "");
}

Expected<VtPtr> MapVariable::nextVariable(Tx& tx) {
  Args row;
  for (const auto& it : iterators_) {
    auto next = nextOf(tx, it);
    if (!next) return next;
    if (!*next) return VtPtr();
    row.push_back(*next);
  }
  if (row.empty()) return VtPtr();
  return fn_->callFunction(tx, std::move(row), {});
}

std::string MapVariable::describe() const { return "map(" + fn_->pythonTypeName() + ")"; }

Expected<VtPtr> FilterVariable::nextVariable(Tx& tx) {
  for (;;) {
    auto next = nextOf(tx, iterator_);
    if (!next || !*next) return next;
    VtPtr verdict = *next;
    const ConstantVariable* fnConst = asConstant(fn_);
    if (!(fnConst && fnConst->isNone())) {
      auto r = fn_->callFunction(tx, {*next}, {});
      if (!r) return r;
      verdict = *r;
    }
    auto v = tx.realize(verdict);
    if (!v) return v;
    const ConstantVariable* c = asConstant(*v);
    if (!c) return unsupported("filter() whose predicate gives a " + (*v)->pythonTypeName());
    if (constantTruth(c->value())) return *next;
  }
}

std::string FilterVariable::describe() const { return "filter(" + fn_->pythonTypeName() + ")"; }

Expected<VtPtr> ChainVariable::nextVariable(Tx& tx) {
  for (;;) {
    if (current_) {
      auto next = nextOf(tx, current_);
      if (!next || *next) return next;
      current_ = nullptr;
    }
    auto iterable = nextOf(tx, outer_);
    if (!iterable || !*iterable) return iterable;
    auto it = getIter(tx, *iterable);  // GET_YIELD_FROM_ITER
    if (!it) return it;
    current_ = *it;
  }
}

}  // namespace dynrr::vt
