// dicts.cpp — see dicts.h (ConstDictVariable.call_method and its guards).
#include "core/vt/dicts.h"

#include <unordered_map>
#include <unordered_set>

#include "core/tracer/instruction_translator.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/exceptions.h"
#include "core/vt/lazy.h"
#include "core/vt/lists.h"
#include "core/vt/misc.h"
#include "core/vt/user_defined.h"

namespace dynrr::vt {
namespace {

using guards::GuardKind;
using DictMethod = MethodHandler<DictVariable>;

VtPtr none() { return ConstantVariable::make(NoneValue{}); }

Expected<VtPtr> dictGet(DictVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 1 && args.size() != 2) return Error("");
  auto key = tx.realize(args[0]);
  if (!key) return key;
  auto at = self.findKey(tx, *key);
  if (!at) return at.error();
  if (*at) {
    // `args[0] not in self` (ConstDictVariable.__contains__) asks whether the value is a
    // DeletedVariable: isinstance on a lazy value realises it (a lazy constant: TYPE_MATCH).
    const VtPtr& value = self.entries()[**at].second;
    if (Status st = LazyVariable::isinstanceCheck(tx, value); !st) return st.error();
    return value;
  }
  if ((*key)->kind() != VtKind::kConstant)
    return unsupported("dict.get with a " + (*key)->pythonTypeName() + " key");
  self.installDictContainsGuard(tx, *key, false);
  return args.size() == 2 ? args[1] : none();
}

// keys() / values() / items(): iterating a view of a pre-existing dict guards its keys.
Expected<VtPtr> dictView(DictVariable& self, Tx& tx, const std::string& which) {
  self.guardKeys(tx);
  std::vector<VtPtr> items;
  for (const auto& [k, v] : self.entries())
    items.push_back(which == "keys" ? k : which == "values" ? v : makeTuple({k, v}));
  VtPtr view = makeList(std::move(items));
  auto* seq = static_cast<SequenceVariable*>(view.get());
  seq->setViewType("dict_" + which);
  if (which == "keys") {
    std::vector<VtPtr> values;
    for (const auto& kv : self.entries()) values.push_back(kv.second);
    seq->setViewValues(std::move(values));
  }
  return view;
}

// The (key, value) pairs of an iterable passed to dict.update (PyDict_MergeFromSeq2:
// each item unpacked, two values required). Lists, tuples and iterators only: an
// object with keys() takes the mapping path, not modelled.
Expected<std::vector<std::pair<VtPtr, VtPtr>>> updatePairs(Tx& tx, const VtPtr& other) {
  VtKind k = other->kind();
  if (k != VtKind::kList && k != VtKind::kTuple && k != VtKind::kIterator)
    return unsupported("dict.update with a " + other->pythonTypeName());
  auto items = other->unpackVarSequence(tx);
  if (!items) return items.error();
  std::vector<std::pair<VtPtr, VtPtr>> out;
  for (const auto& item : *items) {
    auto r = tx.realize(item);
    if (!r) return r.error();
    if ((*r)->kind() != VtKind::kList && (*r)->kind() != VtKind::kTuple)
      return unsupported("dict.update with a sequence of " + (*r)->pythonTypeName());
    auto pair = (*r)->unpackVarSequence(tx);
    if (!pair) return pair.error();
    if (pair->size() != 2)
      return unsupported("dict.update sequence element of length " + std::to_string(pair->size()) +
                         " (ValueError path)");
    auto key = tx.realize((*pair)[0]);
    if (!key) return key.error();
    out.emplace_back(*key, (*pair)[1]);
  }
  return out;
}

// update(other=None, **kwargs): guards the keys of a dict with a source and of a
// sourced argument; a pre-existing dict changed is written back after the graph.
Expected<VtPtr> dictUpdate(DictVariable& self, Tx& tx, Args& args, Kwargs& kwargs) {
  if (args.size() > 1) return Error("");
  self.guardKeys(tx);
  std::vector<std::pair<VtPtr, VtPtr>> incoming;
  if (args.size() == 1) {
    auto other = tx.realize(args[0]);
    if (!other) return other;
    if (DictVariable* od = asDict(*other)) {
      od->guardKeys(tx);
      incoming = od->entries();
    } else if (auto pairs = updatePairs(tx, *other); pairs) {
      incoming = std::move(*pairs);
    } else {
      return pairs.error();
    }
  }
  for (const auto& [k, v] : kwargs) incoming.emplace_back(ConstantVariable::make(k), v);
  self.markChanged(tx, ".update()");
  for (const auto& [k, v] : incoming) {
    if (Status st = self.setEntry(tx, k, v); !st) return st.error();
  }
  return none();
}

Expected<VtPtr> dictSetdefault(DictVariable& self, Tx& tx, Args& args, Kwargs& kwargs) {
  if ((args.size() != 1 && args.size() != 2) || !kwargs.empty()) return Error("");
  self.guardKeys(tx);
  auto key = tx.realize(args[0]);
  if (!key) return key;
  if ((*key)->kind() != VtKind::kConstant)
    return unsupported("dict.setdefault with a " + (*key)->pythonTypeName() + " key");
  auto at = self.findKey(tx, *key);
  if (!at) return at.error();
  if (*at) return self.entries()[**at].second;
  VtPtr value = args.size() == 2 ? args[1] : none();
  self.markChanged(tx, ".setdefault()");
  self.mutableEntries().emplace_back(*key, value);
  return value;
}

// pop / popitem / clear on a pre-existing dict mark it for reconstruction
// (should_reconstruct_all); the guards Dynamo's write-back then installs on the values
// removed are not modelled, so those stay unsupported by name.
Status mutatesExisting(DictVariable& self, const std::string& method) {
  if (self.mutationType() == MutationType::kValueMutationExisting)
    return unsupported("dict." + method +
                       " on a pre-existing dict (the guards of its write-back "
                       "on removed values are not modelled)");
  return Status::success();
}

// pop(key[, default]): the value of a present key; a missing key gives the default
// (install_dict_contains_guard) or KeyError.
Expected<VtPtr> dictPop(DictVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 1 && args.size() != 2) return Error("");
  auto key = tx.realize(args[0]);
  if (!key) return key;
  if ((*key)->kind() != VtKind::kConstant)
    return unsupported("dict.pop with a " + (*key)->pythonTypeName() + " key");
  auto at = self.findKey(tx, *key);
  if (!at) return at.error();
  if (!*at) {
    self.installDictContainsGuard(tx, *key, false);
    if (args.size() == 1) return raiseObservedException(tx, "KeyError", {});
    return args[1];
  }
  VtPtr value = self.entries()[**at].second;
  if (self.mutationType() == MutationType::kValueMutationExisting) {
    // A pre-existing dict is rebuilt after the graph (should_reconstruct_all), which
    // realises the values left in it; the popped value, a lazy constant nothing reads,
    // keeps the TYPE_MATCH its type check gave (seen with real Dynamo; a later use
    // realises it, and CONSTANT_MATCH replaces the TYPE_MATCH).
    tx.context().sideEffects.markMutated(&self, "pop");
    // Any other lazy value stays lazy: realised (and guarded) only where it is used.
    if (auto* lazy = dynamic_cast<LazyVariable*>(value.get());
        lazy && lazy->isLazyConstant(tx.context().trace))
      lazy->ensureTypeGuard(tx);
  } else {
    tx.context().sideEffects.noteNewMutation(self);
  }
  self.mutableEntries().erase(self.mutableEntries().begin() + static_cast<std::ptrdiff_t>(**at));
  return value;
}

// popitem(): the last (key, value) pair.
Expected<VtPtr> dictPopitem(DictVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (!args.empty()) return Error("");
  if (self.entries().empty())
    return raiseObservedException(
        tx, "KeyError", {ConstantVariable::make(std::string("popitem(): dictionary is empty"))});
  if (Status st = mutatesExisting(self, "popitem"); !st) return st.error();
  (void)tx;
  auto [k, v] = self.entries().back();
  self.mutableEntries().pop_back();
  return makeTuple({k, v});
}

Expected<VtPtr> dictClear(DictVariable& self, Tx&, Args& args, Kwargs&) {
  if (!args.empty()) return Error("");
  if (Status st = mutatesExisting(self, "clear"); !st) return st.error();
  self.mutableEntries().clear();
  return none();
}

// copy(): a new dict with the same entries; reading a pre-existing dict's keys guards them.
Expected<VtPtr> dictCopy(DictVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (!args.empty()) return Error("");
  self.guardKeys(tx);
  auto copy =
      std::make_shared<DictVariable>(self.entries(), nullptr, MutationType::kValueMutationNew);
  copy->setUserCls(self.userCls(), self.defaultFactory());
  return VtPtr(copy);
}

Expected<VtPtr> dictGetItem(DictVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 1) return Error("");
  auto i = tx.realize(args[0]);
  if (!i) return i;
  if (!self.entries().empty() && asLazy(self.entries().front().first)) {
    // Keys that are not literals (lazy): the lookup realises only the key it finds.
    auto at = self.findKey(tx, *i);
    if (!at) return at.error();
    if (*at) return self.entries()[**at].second;
  }
  for (const auto& [k, v] : self.entries()) {
    auto eq = constEquals(k, *i);
    if (eq && *eq) return v;
  }
  if (self.defaultFactory() && (*i)->kind() == VtKind::kConstant) {
    // DefaultDictVariable.__getitem__: default_factory() is stored under the key.
    auto made = self.defaultFactory()->callFunction(tx, {}, {});
    if (!made) return made;
    self.markChanged(tx, "[key] = default_factory()");
    if (Status st = self.setEntry(tx, *i, *made); !st) return st.error();
    return made;
  }
  // getitem_const_raise_exception_if_absent.
  return raiseObservedException(tx, "KeyError", {*i});
}

Expected<VtPtr> dictSetItem(DictVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 2) return Error("");
  if (self.mutationType() == MutationType::kValueMutationExisting) {
    // ConstDictVariable.__setitem__ on a pre-existing dict guards its keys.
    self.guardKeys(tx);
    tx.context().sideEffects.markMutated(&self, "item assignment");
  } else {
    tx.context().sideEffects.noteNewMutation(self);
  }
  auto k = tx.realize(args[0]);
  if (!k) return k;
  if ((*k)->kind() != VtKind::kConstant)
    return unsupported("dict key of type " + (*k)->pythonTypeName());
  if (Status st = self.setEntry(tx, *k, args[1]); !st) return st.error();
  return none();
}

Expected<VtPtr> dictDelItem(DictVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 1) return Error("");
  auto k = tx.realize(args[0]);
  if (!k) return k;
  if ((*k)->kind() != VtKind::kConstant)
    return unsupported("dict key of type " + (*k)->pythonTypeName());
  auto at = self.findKey(tx, *k);
  if (!at) return at.error();
  if (!*at) return raiseObservedException(tx, "KeyError", {*k});
  auto& entries = self.mutableEntries();
  // dict.__delitem__ is pop: the removed value is realised.
  if (auto v = tx.realize(entries[**at].second); !v) return v;
  if (self.mutationType() == MutationType::kValueMutationExisting) {
    self.guardKeys(tx);
    tx.context().sideEffects.markMutated(&self, "item deletion");
  } else {
    tx.context().sideEffects.noteNewMutation(self);
  }
  entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(**at));
  return none();
}

Expected<VtPtr> dictContains(DictVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (args.size() != 1) return Error("");
  auto x = tx.realize(args[0]);
  if (!x) return x;
  bool found = false;
  VtPtr value;
  for (const auto& [k, v] : self.entries()) {
    auto eq = constEquals(k, *x);
    if (eq && *eq) {
      found = true;
      value = v;
    }
  }
  if ((*x)->kind() != VtKind::kConstant)
    return unsupported("`in` on a dict with a " + (*x)->pythonTypeName() + " key");
  // ConstDictVariable.__contains__: a present key's value is checked against
  // DeletedVariable, which realises a lazy value (a lazy constant: TYPE_MATCH only).
  if (found)
    if (Status st = LazyVariable::isinstanceCheck(tx, value); !st) return st.error();
  self.installDictContainsGuard(tx, *x, found);
  return ConstantVariable::make(found);
}

// ConstDictVariable.mp_length guards the keys of a dict with a source.
Expected<VtPtr> dictLen(DictVariable& self, Tx& tx, Args& args, Kwargs&) {
  if (!args.empty()) return Error("");
  self.guardKeys(tx);
  return ConstantVariable::make(static_cast<int64_t>(self.entries().size()));
}

// Methods a program looks up by name (varGetattr), then the dunders operators call.
const std::unordered_map<std::string, DictMethod>& dictMethods() {
  static const std::unordered_map<std::string, DictMethod> kTable = {
      {"get", &dictGet},
      {"keys",
       [](DictVariable& s, Tx& tx, Args& a, Kwargs&) -> Expected<VtPtr> {
         return a.empty() ? dictView(s, tx, "keys") : Error("");
       }},
      {"values",
       [](DictVariable& s, Tx& tx, Args& a, Kwargs&) -> Expected<VtPtr> {
         return a.empty() ? dictView(s, tx, "values") : Error("");
       }},
      {"items",
       [](DictVariable& s, Tx& tx, Args& a, Kwargs&) -> Expected<VtPtr> {
         return a.empty() ? dictView(s, tx, "items") : Error("");
       }},
      {"update", &dictUpdate},
      {"setdefault", &dictSetdefault},
      {"pop", &dictPop},
      {"popitem", &dictPopitem},
      {"clear", &dictClear},
      {"copy", &dictCopy},
  };
  return kTable;
}

const std::unordered_map<std::string, DictMethod>& dictDunders() {
  static const std::unordered_map<std::string, DictMethod> kTable = {
      {"__getitem__", &dictGetItem},   {"__setitem__", &dictSetItem}, {"__delitem__", &dictDelItem},
      {"__contains__", &dictContains}, {"__len__", &dictLen},
  };
  return kTable;
}

}  // namespace

std::string DictVariable::describe() const {
  std::string out = "{";
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (i) out += ", ";
    out += entries_[i].first->repr() + ": " + entries_[i].second->repr();
  }
  return out + "}";
}

Expected<VtPtr> DictVariable::varGetattr(Tx&, const std::string& name) {
  if (dictMethods().count(name)) return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
  return unsupported("dict method " + name);
}

Status DictVariable::checkSnapshot(Tx& tx) const {
  if (snapshotAt_ && *snapshotAt_ != tx.context().sideEffects.pending().size())
    return unsupported(
        "an object's __dict__ used after later attribute stores (a snapshot "
        "here, a live view of the side-effects table in Dynamo)");
  return Status::success();
}

Expected<VtPtr> DictVariable::callMethod(Tx& tx, const std::string& name, Args args,
                                         Kwargs kwargs) {
  if (Status st = checkSnapshot(tx); !st) return st.error();
  const auto& table = name.rfind("__", 0) == 0 ? dictDunders() : dictMethods();
  auto it = table.find(name);
  if (it == table.end()) return unsupported("call of method " + name + " on dict");
  static const std::unordered_set<std::string> kMutating = {
      "__setitem__", "__delitem__", "update", "setdefault", "pop", "popitem", "clear"};
  if (!readOnly_.empty() && kMutating.count(name))
    return unsupported("dict." + name + " on " + readOnly_);
  if (!kwargs.empty() && name != "update") return unsupported("keyword arguments to dict." + name);
  if (partialKeys_) {
    if ((name != "get" && name != "__getitem__" && name != "__contains__") || args.empty())
      return unsupported("dict." + name + " on a __dict__ whose keys are not all recorded");
    auto key = tx.realize(args[0]);
    if (!key) return key;
    auto at = findKey(tx, *key);
    if (!at) return at.error();
    if (!*at)
      return unsupported(
          "a key missing from the known part of a __dict__ whose keys are not "
          "all recorded");
  }
  auto r = it->second(*this, tx, args, kwargs);
  if (!r && r.error().message().empty()) return unsupported("call of method " + name + " on dict");
  return r;
}

Expected<std::vector<VtPtr>> DictVariable::unpackVarSequence(Tx& tx) {
  if (Status st = checkSnapshot(tx); !st) return st.error();
  if (partialKeys_) return unsupported("iterating a __dict__ whose keys are not all recorded");
  guardKeys(tx);
  std::vector<VtPtr> keys;
  for (const auto& kv : entries_) keys.push_back(kv.first);
  return keys;
}

namespace {
// The class a key tracker stands for ("module.qualname"), "" for an unrealised key that
// is not a class, nullopt when the tracker is not known to be a class.
std::optional<std::string> classIdentity(Tx& tx, const VtPtr& v) {
  if (auto* lazy = asLazy(v)) {
    if (lazy->realized()) return classIdentity(tx, lazy->realized());
    if (lazy->computedConstant()) return std::nullopt;
    auto o = tx.context().trace.object(lazy->object());
    if (!o || o->which() != schema::Object::Which::CLASS) return std::string();
    std::string mod = o->getClass().getModule().cStr();
    std::string qual = o->getClass().getQualname().cStr();
    if (mod == "torch._tensor" && qual == "Tensor") mod = "torch";
    return mod + "." + qual;
  }
  if (v->kind() == VtKind::kBuiltin) {
    const std::string& n = static_cast<const BuiltinVariable&>(*v).name();
    return n.find('.') == std::string::npos ? "builtins." + n : n;
  }
  if (v->kind() == VtKind::kUserClass) return static_cast<const UserClassVariable&>(*v).typeName();
  return std::nullopt;
}
}  // namespace

Expected<std::optional<size_t>> DictVariable::findKey(Tx& tx, const VtPtr& key) const {
  const auto query = classIdentity(tx, key);
  for (size_t i = 0; i < entries_.size(); ++i) {
    // HashableTracker hashes an unrealised key by its value (is_hashable_lazy): only the
    // key equal to the one looked up is compared, and so realised (its guard installed).
    // Classes compare by identity.
    if (auto stored = classIdentity(tx, entries_[i].first); stored && query) {
      if (stored->empty() || *query != *stored) continue;
      auto r = tx.realize(entries_[i].first);
      if (!r) return r.error();
      return std::optional<size_t>(i);
    } else if (stored && !stored->empty() && key->kind() == VtKind::kConstant) {
      continue;  // a class is never equal to a constant
    }
    auto eq = applyOperator(tx, "operator.eq", {entries_[i].first, key});
    if (!eq) return eq.error();
    const ConstantVariable* c = asConstant(*eq);
    if (c && constantTruth(c->value())) return std::optional<size_t>(i);
  }
  return std::optional<size_t>();
}

Status DictVariable::setEntry(Tx& tx, const VtPtr& key, const VtPtr& value) {
  auto at = findKey(tx, key);
  if (!at) return at.error();
  if (*at) {
    entries_[**at].second = value;
  } else {
    entries_.emplace_back(key, value);
  }
  return Status::success();
}

void DictVariable::guardKeys(Tx& tx) const {
  if (source() && !dunderDict_ && !hooksDict_)
    tx.context().output.addGuard(GuardKind::DICT_KEYS_MATCH, source()->name());
}

void DictVariable::installDictContainsGuard(Tx& tx, const VtPtr& key, bool contains) const {
  if (!source() || dunderDict_ || hooksDict_ || tx.context().sideEffects.isModified(this)) return;
  if (key->source()) {
    // A key with a source: present, its (constant) key is realised; absent, the whole
    // key set is guarded.
    if (!contains) guardKeys(tx);
    return;
  }
  tx.context().output.addGuard(contains ? GuardKind::DICT_CONTAINS : GuardKind::DICT_NOT_CONTAINS,
                               source()->name());
}

namespace {
// mappingproxy's methods: the dict's reading ones (its type has no mutators).
bool isProxyMethod(const std::string& name) {
  static const std::unordered_set<std::string> kNames = {
      "__getitem__", "__contains__", "__len__", "keys", "values", "items", "get", "copy"};
  return kNames.count(name) > 0;
}
}  // namespace

Expected<VtPtr> MappingProxyVariable::varGetattr(Tx&, const std::string& name) {
  if (isProxyMethod(name)) return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
  return unsupported("mappingproxy attribute " + name);
}

Expected<VtPtr> MappingProxyVariable::callMethod(Tx& tx, const std::string& name, Args args,
                                                 Kwargs kwargs) {
  if (!isProxyMethod(name)) return unsupported("call of method " + name + " on mappingproxy");
  return dict_->callMethod(tx, name, std::move(args), std::move(kwargs));
}

void DictVariable::markChanged(Tx& tx, const std::string& how) {
  if (mutationType() == MutationType::kValueMutationExisting)
    tx.context().sideEffects.markMutated(this, how);
  else
    tx.context().sideEffects.noteNewMutation(*this);
}

}  // namespace dynrr::vt
