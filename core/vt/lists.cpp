// lists.cpp — see lists.h. BaseListVariable.call_method (__getitem__ with an int or a
// slice, __contains__, __len__), ListVariable.call_method (append, extend, pop, insert,
// __setitem__; a pre-existing list mutated is a side effect written back after the
// graph), RangeVariable, SliceVariable and ListIteratorVariable.
#include "core/vt/lists.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

#include "core/fake/dtype.h"
#include "core/tracer/instruction_translator.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/misc.h"
#include "core/vt/tensor.h"

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

VtPtr none() { return ConstantVariable::make(NoneValue{}); }

Expected<VtPtr> listAppend(SequenceVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 1) return Error("");
  if (Status st = self.markMutating(tx, ".append()"); !st) return st.error();
  self.mutableItems().push_back(args[0]);
  return none();
}

Expected<VtPtr> listExtend(SequenceVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 1) return Error("");
  if (Status st = self.markMutating(tx, ".extend()"); !st) return st.error();
  auto it = tx.realize(args[0]);
  if (!it) return it;
  auto items = (*it)->unpackVarSequence(tx);
  if (!items) return items.error();
  for (auto& item : *items) self.mutableItems().push_back(item);
  return none();
}

Expected<VtPtr> listPop(SequenceVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() > 1) return Error("");
  if (Status st = self.markMutating(tx, ".pop()"); !st) return st.error();
  auto& items = self.mutableItems();
  if (items.empty()) return unsupported("pop from an empty list (IndexError path)");
  int64_t n = static_cast<int64_t>(items.size()), k = n - 1;
  if (args.size() == 1) {
    auto r = tx.realize(args[0]);
    if (!r) return r;
    auto i = constantInt(*r);
    if (!i) return unsupported("list.pop with a non-constant index");
    k = *i < 0 ? *i + n : *i;
    if (k < 0 || k >= n) return unsupported("pop index out of range (IndexError path)");
  }
  VtPtr out = items[static_cast<size_t>(k)];
  items.erase(items.begin() + k);
  return out;
}

Expected<VtPtr> listInsert(SequenceVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 2) return Error("");
  if (Status st = self.markMutating(tx, ".insert()"); !st) return st.error();
  auto r = tx.realize(args[0]);
  if (!r) return r;
  auto i = constantInt(*r);
  if (!i) return unsupported("list.insert with a non-constant index");
  auto& items = self.mutableItems();
  int64_t n = static_cast<int64_t>(items.size());
  int64_t k = std::clamp<int64_t>(*i < 0 ? *i + n : *i, 0, n);
  items.insert(items.begin() + k, args[1]);
  return none();
}

// The items as Python constants (as_python_constant of each, which realises lazy items
// and so guards them), or null when one is not a constant.
Expected<std::optional<std::vector<VtPtr>>> constantItems(SequenceVariable& self, Tx& tx) {
  std::vector<VtPtr> out;
  for (const auto& item : self.items()) {
    auto r = tx.realize(item);
    if (!r) return r.error();
    if ((*r)->kind() != VtKind::kConstant) return std::optional<std::vector<VtPtr>>();
    out.push_back(*r);
  }
  return std::optional<std::vector<VtPtr>>(std::move(out));
}

// polyfills.index(self, item), inlined when an item or the needle is no constant:
// `for i, elem in islice(enumerate(self), 0, None): if elem is item or elem == item`. Its
// reads guard the result: itertools.islice (imported inside the polyfill:
// G['__import_itertools'].islice) and the builtins enumerate, slice, int and isinstance
// its islice polyfill reaches. `is` holds for the same tracker or one tensor node; `==`
// is modelled between constants (a tensor's == is a graph op whose truth breaks).
Expected<std::optional<size_t>> polyfillIndex(SequenceVariable& self, Tx& tx, const VtPtr& needle) {
  auto& out = tx.context().output;
  out.addGuard(guards::GuardKind::CLASS_MATCH, "G['__import_itertools'].islice");
  for (const char* b : {"int", "slice", "isinstance"})
    out.addGuard(guards::GuardKind::BUILTIN_MATCH,
                 std::string("G['__builtins_dict___0']['") + b + "']");
  out.addGuard(guards::GuardKind::CLASS_MATCH, "G['__builtins_dict___0']['enumerate']");
  auto sameTensor = [](const VtPtr& a, const VtPtr& b) {
    return a->kind() == VtKind::kTensor && b->kind() == VtKind::kTensor &&
           static_cast<const TensorVariable&>(*a).node() ==
               static_cast<const TensorVariable&>(*b).node();
  };
  for (size_t i = 0; i < self.items().size(); ++i) {
    auto elem = tx.realize(self.items()[i]);
    if (!elem) return elem.error();
    if (elem->get() == needle.get() || sameTensor(*elem, needle)) return std::optional<size_t>(i);
    if ((*elem)->kind() != VtKind::kConstant || needle->kind() != VtKind::kConstant)
      return unsupported(self.pythonTypeName() + ".index comparing a " + (*elem)->pythonTypeName() +
                         " with a " + needle->pythonTypeName() +
                         " (polyfills.index's elem == item)");
    auto eq = constEquals(*elem, needle);
    if (eq && *eq) return std::optional<size_t>(i);
  }
  return std::optional<size_t>();
}

// Where the first item equal to `x` is (BaseListVariable.call_method("index") over
// constants: list.index of the Python constants).
Expected<std::optional<size_t>> constantIndex(SequenceVariable& self, Tx& tx, const VtPtr& x) {
  auto items = constantItems(self, tx);
  if (!items) return items.error();
  auto needle = tx.realize(x);
  if (!needle) return needle.error();
  if (!*items || (*needle)->kind() != VtKind::kConstant) return polyfillIndex(self, tx, *needle);
  for (size_t i = 0; i < (*items)->size(); ++i) {
    auto eq = constEquals((**items)[i], *needle);
    if (eq && *eq) return std::optional<size_t>(i);
  }
  return std::optional<size_t>();
}

Expected<VtPtr> listIndex(SequenceVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 1) return Error("");
  auto at = constantIndex(self, tx, args[0]);
  if (!at) return at.error();
  if (!*at)
    return unsupported(self.pythonTypeName() + ".index of a missing value (ValueError path)");
  return ConstantVariable::make(static_cast<int64_t>(**at));
}

// count goes through operator.countOf; modelled for a list made in the frame holding
// constants (the polyfill's reads of a pre-existing list are not modelled).
Expected<VtPtr> listCount(SequenceVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 1) return Error("");
  if (self.source())
    return unsupported(self.pythonTypeName() + ".count of a pre-existing " + self.pythonTypeName() +
                       " (operator.countOf)");
  auto items = constantItems(self, tx);
  if (!items) return items.error();
  auto needle = tx.realize(args[0]);
  if (!needle) return needle;
  if (!*items || (*needle)->kind() != VtKind::kConstant)
    return unsupported(self.pythonTypeName() +
                       ".count over values that are not constants (operator.countOf)");
  int64_t n = 0;
  for (const auto& item : **items) {
    auto eq = constEquals(item, *needle);
    if (eq && *eq) ++n;
  }
  return ConstantVariable::make(n);
}

Expected<VtPtr> listReverse(SequenceVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (!args.empty()) return Error("");
  if (Status st = self.markMutating(tx, ".reverse()"); !st) return st.error();
  std::reverse(self.mutableItems().begin(), self.mutableItems().end());
  return none();
}

Expected<VtPtr> listClear(SequenceVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (!args.empty()) return Error("");
  if (Status st = self.markMutating(tx, ".clear()"); !st) return st.error();
  self.mutableItems().clear();
  return none();
}

Expected<VtPtr> listCopy(SequenceVariable& self, Tx&, Args& args, Kwargs&) {
  if (!args.empty()) return Error("");
  return makeList(self.items());
}

// remove(x): index(x), then pop of that index.
Expected<VtPtr> listRemove(SequenceVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 1) return Error("");
  auto at = constantIndex(self, tx, args[0]);
  if (!at) return at.error();
  if (!*at) return unsupported("list.remove of a missing value (ValueError path)");
  if (Status st = self.markMutating(tx, ".remove()"); !st) return st.error();
  self.mutableItems().erase(self.mutableItems().begin() + static_cast<std::ptrdiff_t>(**at));
  return none();
}

// ListVariable.call_method("sort"): the keys (the items, or key(item) for each item,
// inlined) must be Python constants; sorted stably with Python's <, reverse=True keeping
// equal keys in order.
Expected<VtPtr> listSort(SequenceVariable& self, Tx& tx, Args& args, Kwargs& kwargs) {
  if (!args.empty()) return Error("");
  bool reverse = false;
  VtPtr keyFn;
  for (const auto& [name, value] : kwargs) {
    auto v = tx.realize(value);
    if (!v) return v;
    const ConstantVariable* c = asConstant(*v);
    if (name == "reverse" && c && c->asInt()) {
      reverse = *c->asInt() != 0;
    } else if (name == "key" && !(c && c->isNone())) {
      keyFn = *v;
    } else if (!(name == "key" && c && c->isNone())) {
      return unsupported("list.sort with " + name + "=" + (*v)->pythonTypeName());
    }
  }
  std::vector<VtPtr> keys;
  std::vector<VtPtr> values = self.items();
  if (keyFn) {
    for (const auto& item : values) {
      auto k = keyFn->callFunction(tx, {item}, {});
      if (!k) return k;
      auto r = tx.realize(*k);
      if (!r) return r;
      if (!(*r)->isPythonConstant())
        return unsupported("list.sort with a key giving a " + (*r)->pythonTypeName());
      keys.push_back(*r);
    }
  } else {
    // The items are their own keys: Python constants (tuples of constants included,
    // ordered lexicographically), else "sort with non-constant keys".
    for (auto& item : values) {
      auto r = tx.realize(item);
      if (!r) return r;
      if (!(*r)->isPythonConstant())
        return unsupported("list.sort of values that are not constants");
      item = *r;
    }
    keys = values;
  }
  if (Status st = self.markMutating(tx, ".sort()"); !st) return st.error();
  std::vector<size_t> order(keys.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  for (size_t i = 1; i < order.size(); ++i) {
    for (size_t j = i; j > 0; --j) {
      const VtPtr& a = keys[order[j]];
      const VtPtr& b = keys[order[j - 1]];
      auto lt = applyOperator(tx, "operator.lt", reverse ? Args{b, a} : Args{a, b});
      if (!lt) return lt;
      const ConstantVariable* c = asConstant(*lt);
      if (!c || !constantTruth(c->value())) break;
      std::swap(order[j], order[j - 1]);
    }
  }
  std::vector<VtPtr> sorted;
  for (size_t i : order) sorted.push_back(values[i]);
  self.mutableItems() = std::move(sorted);
  return none();
}

// __getitem__ of a tuple, list or torch.Size: an int or a slice of constants.
Expected<VtPtr> sequenceGetItem(SequenceVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 1) return Error("");
  auto i = tx.realize(args[0]);
  if (!i) return i;
  const auto& items = self.items();
  int64_t n = static_cast<int64_t>(items.size());
  if (auto k = constantInt(*i)) {
    int64_t at = *k < 0 ? *k + n : *k;
    if (at < 0 || at >= n) return unsupported("index out of range (IndexError path)");
    return items[static_cast<size_t>(at)];
  }
  if ((*i)->kind() == VtKind::kSlice) {
    auto picked = static_cast<const SliceVariable&>(**i).indices(n);
    if (!picked) return picked.error();
    std::vector<VtPtr> out;
    for (int64_t k : *picked) out.push_back(items[static_cast<size_t>(k)]);
    return self.withItems(std::move(out));
  }
  if ((*i)->kind() == VtKind::kTensor && (*i)->pythonTypeName() == "Tensor") {
    // TensorVariable.nb_index_impl: an integer tensor's item() (which graph-breaks under
    // capture_scalar_outputs=False) then sym_int; a float one raises TypeError.
    const auto& t = static_cast<const TensorVariable&>(**i);
    if (fake::isFloatingOrComplex(t.meta().dtype))
      return unsupported("sequence index by a floating tensor (TypeError path)");
    auto item = (*i)->callMethod(tx, "item", {}, {});
    if (!item) return item;
    return unsupported("sequence index by a tensor's item() (sym_int of it not modelled)");
  }
  return unsupported("sequence index of type " + (*i)->pythonTypeName());
}

// lst[a:b:c] = values (ListVariable.mp_ass_subscript_impl's slice form, CPython's
// list_ass_subscript): the values are unpacked first; a step of 1 replaces the run
// [a, b) (either length), another step needs as many values as it picks.
Expected<VtPtr> listSetSlice(SequenceVariable& self, Tx& tx, const SliceVariable& slice,
                             const VtPtr& value) {
  auto v = tx.realize(value);
  if (!v) return v;
  const SequenceVariable* seq = asSequence(*v);
  if (!seq) return unsupported("list slice assignment of a " + (*v)->pythonTypeName());
  std::vector<VtPtr> values = seq->items();
  auto& items = self.mutableItems();
  int64_t n = static_cast<int64_t>(items.size());
  const ConstantVariable* step = asConstant(slice.step());
  if (step && (step->isNone() || step->asInt() == std::optional<int64_t>(1))) {
    auto bound = [&](const VtPtr& b, int64_t dflt) -> std::optional<int64_t> {
      const ConstantVariable* c = asConstant(b);
      if (c && c->isNone()) return dflt;
      if (!c || !c->asInt()) return std::nullopt;
      int64_t x = *c->asInt() < 0 ? *c->asInt() + n : *c->asInt();
      return std::clamp<int64_t>(x, 0, n);
    };
    auto lo = bound(slice.start(), 0), hi = bound(slice.stop(), n);
    if (!lo || !hi) return unsupported("non-constant slice bounds");
    if (*hi < *lo) hi = lo;
    items.erase(items.begin() + *lo, items.begin() + *hi);
    items.insert(items.begin() + *lo, values.begin(), values.end());
    return none();
  }
  auto picked = slice.indices(n);
  if (!picked) return picked.error();
  if (picked->size() != values.size())
    return unsupported("extended slice assignment of another length (ValueError path)");
  for (size_t j = 0; j < values.size(); ++j) items[static_cast<size_t>((*picked)[j])] = values[j];
  return none();
}

Expected<VtPtr> listSetItem(SequenceVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 2) return Error("");
  if (Status st = self.markMutating(tx, "item assignment"); !st) return st.error();
  auto k = tx.realize(args[0]);
  if (!k) return k;
  if ((*k)->kind() == VtKind::kSlice)
    return listSetSlice(self, tx, static_cast<const SliceVariable&>(**k), args[1]);
  auto i = constantInt(*k);
  if (!i) return unsupported("list store with index of type " + (*k)->pythonTypeName());
  int64_t n = static_cast<int64_t>(self.items().size());
  int64_t at = *i < 0 ? *i + n : *i;
  if (at < 0 || at >= n) return unsupported("list assignment index out of range (IndexError path)");
  self.mutableItems()[static_cast<size_t>(at)] = args[1];
  return none();
}

// del lst[i] / del lst[a:b:c] (ListVariable.mp_ass_subscript_impl with value None): the
// items are removed without being read; a pre-existing list is written back.
Expected<VtPtr> listDelItem(SequenceVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 1) return Error("");
  if (!self.isList() || !self.viewType().empty())
    return unsupported("del on an item of a " + self.pythonTypeName() + " (TypeError path)");
  // Seen with real Dynamo: `del history[0]` on a list argument guards the removed int's
  // type (TYPE_MATCH L['history'][0]); where that comes from is not modelled yet.
  if (self.mutationType() != MutationType::kValueMutationNew)
    return unsupported(
        "del on items of a pre-existing list (the guards on removed items are "
        "not modelled)");
  auto k = tx.realize(args[0]);
  if (!k) return k;
  int64_t n = static_cast<int64_t>(self.items().size());
  std::vector<int64_t> picked;
  if (auto i = constantInt(*k)) {
    int64_t at = *i < 0 ? *i + n : *i;
    if (at < 0 || at >= n) return unsupported("list deletion index out of range (IndexError path)");
    picked.push_back(at);
  } else if ((*k)->kind() == VtKind::kSlice) {
    auto sel = static_cast<const SliceVariable&>(**k).indices(n);
    if (!sel) return sel.error();
    picked = std::move(*sel);
  } else {
    return unsupported("list deletion with index of type " + (*k)->pythonTypeName());
  }
  if (Status st = self.markMutating(tx, "item deletion"); !st) return st.error();
  std::sort(picked.begin(), picked.end());
  picked.erase(std::unique(picked.begin(), picked.end()), picked.end());
  auto& items = self.mutableItems();
  for (auto it = picked.rbegin(); it != picked.rend(); ++it)
    items.erase(items.begin() + static_cast<std::ptrdiff_t>(*it));
  return none();
}

Expected<VtPtr> sequenceContains(SequenceVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 1) return Error("");
  auto x = tx.realize(args[0]);
  if (!x) return x;
  // iter_contains: a constant searched for is compared with the constant items only
  // (a tensor item is never asked `==`), so the answer is a constant; its any() stops at
  // the first match, leaving later (lazy) items unrealised and unguarded.
  const bool constSearch = asConstant(*x) != nullptr;
  bool found = false;
  for (const auto& e : self.items()) {
    auto re = tx.realize(e);
    if (!re) return re;
    if (constSearch && !(*re)->isPythonConstant()) continue;
    auto eq = constEquals(*re, *x);
    if (!eq) return unsupported("`in` over values of type " + (*re)->pythonTypeName());
    if (*eq) found = true;
    if (found && constSearch) break;
  }
  return ConstantVariable::make(found);
}

Expected<VtPtr> sequenceLen(SequenceVariable& self, Tx&, Args& args, Kwargs&) {
  if (!args.empty()) return Error("");
  return ConstantVariable::make(static_cast<int64_t>(self.items().size()));
}

using SeqMethod = MethodHandler<SequenceVariable>;

// The list methods a program can look up (varGetattr) and call. index and count are
// BaseListVariable's (tuples have them too, but only lists look them up here).
const std::unordered_map<std::string, SeqMethod>& listMethods() {
  static const std::unordered_map<std::string, SeqMethod> kTable = {
      {"append", &listAppend},   {"extend", &listExtend}, {"pop", &listPop},
      {"insert", &listInsert},   {"index", &listIndex},   {"count", &listCount},
      {"reverse", &listReverse}, {"clear", &listClear},   {"copy", &listCopy},
      {"remove", &listRemove},   {"sort", &listSort}};
  return kTable;
}

// The protocol's dunder methods (what operators and builtins call).
const std::unordered_map<std::string, SeqMethod>& sequenceDunders() {
  static const std::unordered_map<std::string, SeqMethod> kTable = {
      {"__getitem__", &sequenceGetItem},
      {"__contains__", &sequenceContains},
      {"__len__", &sequenceLen},
      {"__setitem__", &listSetItem},
      {"__delitem__", &listDelItem}};
  return kTable;
}

}  // namespace

std::string SequenceVariable::pythonTypeName() const {
  if (!viewType_.empty()) return viewType_;
  if (!namedTupleType_.empty()) return namedTupleType_;
  switch (kind()) {
    case VtKind::kTuple: return "tuple";
    case VtKind::kSize: return "torch.Size";
    default: return "list";
  }
}

std::string SequenceVariable::describe() const {
  std::string inner = joinReprs(items_);
  switch (kind()) {
    case VtKind::kTuple:
      return namedTupleType_ + "(" + inner +
             (items_.size() == 1 && namedTupleType_.empty() ? ",)" : ")");
    case VtKind::kSize: return "torch.Size([" + inner + "])";
    default: return "[" + inner + "]";
  }
}

VtPtr SequenceVariable::withItems(std::vector<VtPtr> items) const {
  switch (kind()) {
    case VtKind::kList: return makeList(std::move(items));
    case VtKind::kSize: return makeSize(std::move(items));
    default: return makeTuple(std::move(items));
  }
}

bool SequenceVariable::isPythonConstant() const {
  if (!viewType_.empty()) return false;
  for (const auto& item : items_)
    if (!item || !item->isPythonConstant()) return false;
  return true;
}

Status SequenceVariable::markMutating(Tx& tx, const std::string& how) {
  if (mutationType() == MutationType::kValueMutationExisting) {
    if (!isList())
      return unsupported("mutation of a pre-existing " + pythonTypeName() + " via " + how);
    tx.context().sideEffects.markMutated(this, how);
  } else {
    tx.context().sideEffects.noteNewMutation(*this);
  }
  return Status::success();
}

Expected<VtPtr> SequenceVariable::varGetattr(Tx&, const std::string& name) {
  if (isTuple()) {
    // A torch.return_types structseq: its fields are attributes.
    for (size_t i = 0; i < fieldNames_.size() && i < items_.size(); ++i) {
      if (fieldNames_[i] == name) return items_[i];
    }
    if (name == "index" || name == "count")
      return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
    if (!namedTupleType_.empty())
      return unsupported("attribute " + name + " of namedtuple " + namedTupleType_ +
                         " (_replace, _asdict, _make and class attributes run the class's "
                         "generated methods in Dynamo; not modelled)");
    return unsupported("getattr '" + name + "' on a tuple");
  }
  if (isList()) {
    if (listMethods().count(name)) return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
    return unsupported("list method " + name);
  }
  return unsupported("getattr '" + name + "' on " + std::string(vtKindName(kind())));
}

Expected<VtPtr> SequenceVariable::callMethod(Tx& tx, const std::string& name, Args args,
                                             Kwargs kwargs) {
  const auto& table = name.rfind("__", 0) == 0 ? sequenceDunders() : listMethods();
  auto it = table.find(name);
  // index and count are BaseListVariable's: tuples have them too.
  bool tupleToo = isTuple() && (name == "index" || name == "count");
  bool listOnly =
      it != table.end() && !tupleToo && (it->second == &listSetItem || &table == &listMethods());
  if (it == table.end() || (listOnly && !isList())) {
    if (name == "__setitem__") return unsupported("item assignment on " + pythonTypeName());
    return unsupported("call of method " + name + " on " + pythonTypeName());
  }
  if (!kwargs.empty() && name != "sort")
    return unsupported("keyword arguments to " + pythonTypeName() + "." + name);
  auto r = it->second(*this, tx, args, kwargs);
  if (!r && r.error().message().empty())
    return unsupported("call of method " + name + " on " + pythonTypeName());
  return r;
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

int64_t RangeVariable::length() const {
  // In unsigned arithmetic, where the distance between any two int64 bounds and the size
  // of any step fit (a hostile trace's range(-2**63, 2**62) overflowed: deep fuzzer,
  // UBSan); a length past 2**63 - 1 saturates (nothing that long is materialised).
  auto count = [](uint64_t distance, uint64_t step) -> int64_t {
    uint64_t n = distance / step + (distance % step != 0 ? 1 : 0);
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
    return n > static_cast<uint64_t>(kMax) ? kMax : static_cast<int64_t>(n);
  };
  if (step_ > 0 && start_ < stop_)
    return count(static_cast<uint64_t>(stop_) - static_cast<uint64_t>(start_),
                 static_cast<uint64_t>(step_));
  if (step_ < 0 && start_ > stop_)
    return count(static_cast<uint64_t>(start_) - static_cast<uint64_t>(stop_),
                 0 - static_cast<uint64_t>(step_));
  return 0;
}

std::string RangeVariable::describe() const {
  return "range(" + std::to_string(start_) + ", " + std::to_string(stop_) + ", " +
         std::to_string(step_) + ")";
}

Expected<std::vector<VtPtr>> RangeVariable::unpackVarSequence(Tx&) {
  if (Status s = checkMaterialized(length(), "unpacking a range"); !s) return s.error();
  std::vector<VtPtr> items;
  for (int64_t i = 0; i < length(); ++i) items.push_back(ConstantVariable::make(at(i)));
  return items;
}

Expected<VtPtr> RangeVariable::callMethod(Tx& tx, const std::string& name, Args args,
                                          Kwargs kwargs) {
  if (name == "__len__" && args.empty()) return ConstantVariable::make(length());
  if (name == "__getitem__" && args.size() == 1 && kwargs.empty()) {
    auto i = tx.realize(args[0]);
    if (!i) return i;
    if (auto k = constantInt(*i)) {
      int64_t at = *k < 0 ? *k + length() : *k;
      if (at < 0 || at >= length()) return unsupported("range index out of range");
      return ConstantVariable::make(this->at(at));
    }
    return unsupported("subscript of range");
  }
  return VariableTracker::callMethod(tx, name, std::move(args), std::move(kwargs));
}

std::string SliceVariable::describe() const {
  return "slice(" + start_->repr() + ", " + stop_->repr() + ", " + step_->repr() + ")";
}

Expected<std::vector<int64_t>> SliceVariable::indices(int64_t n) const {
  auto stepValue = [&]() -> std::optional<int64_t> {
    const ConstantVariable* cv = asConstant(step_);
    if (cv && cv->isNone()) return 1;
    if (cv && cv->asInt()) return *cv->asInt();
    return std::nullopt;
  }();
  if (!stepValue || *stepValue == 0) return unsupported("slice step of a sequence");
  int64_t step = *stepValue;
  int64_t lower = step > 0 ? 0 : -1, upper = step > 0 ? n : n - 1;
  auto adjust = [&](const VtPtr& v, int64_t dflt) -> std::optional<int64_t> {
    const ConstantVariable* cv = asConstant(v);
    if (cv && cv->isNone()) return dflt;
    if (!cv || !cv->asInt()) return std::nullopt;
    int64_t x = *cv->asInt();
    if (x < 0) {
      x += n;
      if (x < lower) x = lower;
    } else if (x > upper) {
      x = upper;
    }
    return x;
  };
  auto b = adjust(start_, step > 0 ? lower : upper);
  auto e = adjust(stop_, step > 0 ? upper : lower);
  if (!b || !e) return unsupported("non-constant slice bounds");
  std::vector<int64_t> out;
  for (int64_t k = *b; step > 0 ? k < *e : k > *e; k += step) {
    if (k >= 0 && k < n) out.push_back(k);
  }
  return out;
}

std::string ListIteratorVariable::describe() const {
  return "at " + std::to_string(index_) + " of " + std::to_string(items_.size());
}

}  // namespace dynrr::vt
