// ops_build.cpp — building and unpacking containers (symbolic_convert.py BUILD_TUPLE,
// BUILD_LIST, BUILD_MAP, BUILD_CONST_KEY_MAP, BUILD_SLICE, LIST_APPEND, LIST_EXTEND,
// LIST_TO_TUPLE, UNPACK_SEQUENCE).
#include "core/tracer/ops.h"

namespace dynrr::tracer {
namespace {

Expected<std::vector<VtPtr>> popN(InstructionTranslator& tx, std::vector<VtPtr>& stack, size_t n) {
  if (n > stack.size())
    return Error("bad bytecode: popping " + std::to_string(n) + " of " +
                 std::to_string(stack.size()) + " stack values");
  std::vector<VtPtr> items(stack.end() - static_cast<std::ptrdiff_t>(n), stack.end());
  stack.resize(stack.size() - n);
  return items;
}

// The items of a sequence-like tracker, for unpacking and extending.
Expected<std::vector<VtPtr>> sequenceItems(InstructionTranslator& tx, const VtPtr& v) {
  auto r = tx.realize(v);
  if (!r) return r.error();
  switch ((*r)->kind()) {
    case vt::VtKind::kTuple:
    case vt::VtKind::kList:
    case vt::VtKind::kSize: return static_cast<vt::SequenceVariable*>(r->get())->items();
    case vt::VtKind::kRange: {
      auto* range = static_cast<vt::RangeVariable*>(r->get());
      std::vector<VtPtr> items;
      for (int64_t i = 0; i < range->length(); ++i)
        items.push_back(vt::ConstantVariable::make(range->at(i)));
      return items;
    }
    case vt::VtKind::kTensor: return unsupported("unpacking a tensor (iteration over tensors)");
    default: return unsupported("unpacking a " + (*r)->pythonTypeName());
  }
}

}  // namespace

Status Ops::buildSequence(vt::VtKind kind) {
  auto items = popN(tx, tx.stack_, static_cast<size_t>(inst.arg));
  if (!items) return items.error();
  tx.push(kind == vt::VtKind::kTuple ? vt::makeTuple(std::move(*items))
                                     : vt::makeList(std::move(*items)));
  return Status::success();
}

Status Ops::buildMap() {
  auto items = popN(tx, tx.stack_, 2 * static_cast<size_t>(inst.arg));
  if (!items) return items.error();
  std::vector<std::pair<VtPtr, VtPtr>> entries;
  for (size_t i = 0; i + 1 < items->size(); i += 2) {
    auto key = tx.realize((*items)[i]);
    if (!key) return key.error();
    if ((*key)->kind() != vt::VtKind::kConstant)
      return unsupported("dict key of type " + (*key)->pythonTypeName());
    entries.emplace_back(*key, (*items)[i + 1]);
  }
  tx.push(std::make_shared<vt::DictVariable>(std::move(entries), nullptr,
                                             vt::MutationType::kValueMutationNew));
  return Status::success();
}

Status Ops::buildConstKeyMap() {
  auto keys = tx.pop();
  if (!keys) return keys.error();
  auto keyItems = sequenceItems(tx, *keys);
  if (!keyItems) return keyItems.error();
  auto values = popN(tx, tx.stack_, static_cast<size_t>(inst.arg));
  if (!values) return values.error();
  if (keyItems->size() != values->size())
    return Error("bad bytecode: BUILD_CONST_KEY_MAP key count");
  std::vector<std::pair<VtPtr, VtPtr>> entries;
  for (size_t i = 0; i < values->size(); ++i) entries.emplace_back((*keyItems)[i], (*values)[i]);
  tx.push(std::make_shared<vt::DictVariable>(std::move(entries), nullptr,
                                             vt::MutationType::kValueMutationNew));
  return Status::success();
}

Status Ops::buildSlice() {
  auto items = popN(tx, tx.stack_, static_cast<size_t>(inst.arg));
  if (!items) return items.error();
  std::vector<VtPtr> parts;
  for (auto& item : *items) {
    auto r = tx.realize(item);
    if (!r) return r.error();
    if ((*r)->kind() != vt::VtKind::kConstant) {
      return unsupported("slice bound of type " + (*r)->pythonTypeName());
    }
    parts.push_back(*r);
  }
  while (parts.size() < 3) parts.push_back(vt::ConstantVariable::make(vt::NoneValue{}));
  tx.push(std::make_shared<vt::SliceVariable>(parts[0], parts[1], parts[2]));
  return Status::success();
}

Status Ops::listAppend() {
  auto v = tx.pop();
  if (!v) return v.error();
  size_t depth = static_cast<size_t>(inst.arg);
  if (depth == 0 || depth > tx.stack_.size()) return Error("bad bytecode: LIST_APPEND depth");
  auto* list = dynamic_cast<vt::SequenceVariable*>(tx.stack_[tx.stack_.size() - depth].get());
  if (!list || list->kind() != vt::VtKind::kList) return Error("bad bytecode: LIST_APPEND target");
  list->mutableItems().push_back(*v);
  return Status::success();
}

// MAP_ADD(i): dict comprehensions; the dict is i entries below the key/value pair.
Status Ops::mapAdd() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto k = tx.pop();
  if (!k) return k.error();
  size_t depth = static_cast<size_t>(inst.arg);
  if (depth == 0 || depth > tx.stack_.size()) return Error("bad bytecode: MAP_ADD depth");
  auto* dict = dynamic_cast<vt::DictVariable*>(tx.stack_[tx.stack_.size() - depth].get());
  if (!dict) return Error("bad bytecode: MAP_ADD target");
  auto key = tx.realize(*k);
  if (!key) return key.error();
  if ((*key)->kind() != vt::VtKind::kConstant)
    return unsupported("dict key of type " + (*key)->pythonTypeName());
  for (auto& [ek, ev] : dict->mutableEntries()) {
    auto eq = applyOperator(tx, "operator.eq", {ek, *key});
    if (!eq) return eq.error();
    auto* ce = dynamic_cast<vt::ConstantVariable*>(eq->get());
    if (ce && constantTruth(ce->value())) {
      ev = *v;
      return Status::success();
    }
  }
  dict->mutableEntries().emplace_back(*key, *v);
  return Status::success();
}

Status Ops::listExtend() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto items = sequenceItems(tx, *v);
  if (!items) return items.error();
  size_t depth = static_cast<size_t>(inst.arg);
  if (depth == 0 || depth > tx.stack_.size()) return Error("bad bytecode: LIST_EXTEND depth");
  auto* list = dynamic_cast<vt::SequenceVariable*>(tx.stack_[tx.stack_.size() - depth].get());
  if (!list || list->kind() != vt::VtKind::kList) return Error("bad bytecode: LIST_EXTEND target");
  for (auto& item : *items) list->mutableItems().push_back(item);
  return Status::success();
}

std::optional<size_t> setIndex(const vt::SetVariable& set, const VtPtr& item) {
  for (size_t i = 0; i < set.items().size(); ++i) {
    auto eq = constEquals(set.items()[i], item);
    if (eq && *eq) return i;
  }
  return std::nullopt;
}

Status setInsert(InstructionTranslator& tx, vt::SetVariable& set, const VtPtr& item) {
  auto r = tx.realize(item);
  if (!r) return r.error();
  if ((*r)->kind() != vt::VtKind::kConstant)
    return unsupported("a set holding a " + (*r)->pythonTypeName());
  if (!setIndex(set, *r)) set.mutableItems().push_back(*r);
  return Status::success();
}

// SET_UPDATE i: the set `i` deep on the stack takes the popped iterable's items.
Status Ops::setUpdate() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto r = tx.realize(*v);
  if (!r) return r.error();
  std::vector<VtPtr> incoming;
  if (auto* other = dynamic_cast<vt::SetVariable*>(r->get())) {
    incoming = other->items();
  } else {
    auto items = sequenceItems(tx, *r);
    if (!items) return items.error();
    incoming = *items;
  }
  size_t depth = static_cast<size_t>(inst.arg);
  if (depth == 0 || depth > tx.stack_.size()) return Error("bad bytecode: SET_UPDATE depth");
  auto* set = dynamic_cast<vt::SetVariable*>(tx.stack_[tx.stack_.size() - depth].get());
  if (!set) return Error("bad bytecode: SET_UPDATE target");
  for (const auto& item : incoming) {
    if (Status st = setInsert(tx, *set, item); !st) return st;
  }
  return Status::success();
}

Status Ops::listToTuple() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto items = sequenceItems(tx, *v);
  if (!items) return items.error();
  tx.push(vt::makeTuple(std::move(*items)));
  return Status::success();
}

Status Ops::unpackSequence() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto items = sequenceItems(tx, *v);
  if (!items) return items.error();
  if (items->size() != static_cast<size_t>(inst.arg)) {
    return unsupported("unpacking " + std::to_string(items->size()) + " values into " +
                       std::to_string(inst.arg) + " (ValueError path)");
  }
  for (size_t i = items->size(); i-- > 0;) tx.push((*items)[i]);
  return Status::success();
}

Status Ops::storeSubscr() {
  auto key = tx.pop();
  if (!key) return key.error();
  auto container = tx.pop();
  if (!container) return container.error();
  auto value = tx.pop();
  if (!value) return value.error();
  auto c = tx.realize(*container);
  if (!c) return c.error();
  if ((*c)->mutationType() == vt::MutationType::kValueMutationExisting) {
    if ((*c)->kind() != vt::VtKind::kList && (*c)->kind() != vt::VtKind::kDict) {
      return unsupported("store into a pre-existing " + (*c)->pythonTypeName());
    }
    // ConstDictVariable.__setitem__ on a pre-existing dict guards its keys.
    if ((*c)->kind() == vt::VtKind::kDict && (*c)->source())
      tx.ctx_.output.addGuard(GuardKind::DICT_KEYS_MATCH, (*c)->source()->name());
    tx.ctx_.sideEffects.markMutated(c->get(), "item assignment");
  }
  auto k = tx.realize(*key);
  if (!k) return k.error();
  if (auto* dict = dynamic_cast<vt::DictVariable*>(c->get())) {
    if ((*k)->kind() != vt::VtKind::kConstant)
      return unsupported("dict key of type " + (*k)->pythonTypeName());
    for (auto& [ek, ev] : dict->mutableEntries()) {
      auto eq = applyOperator(tx, "operator.eq", {ek, *k});
      if (!eq) return eq.error();
      auto* ce = dynamic_cast<vt::ConstantVariable*>(eq->get());
      if (ce && constantTruth(ce->value())) {
        ev = *value;
        return Status::success();
      }
    }
    dict->mutableEntries().emplace_back(*k, *value);
    return Status::success();
  }
  if (auto* list = dynamic_cast<vt::SequenceVariable*>(c->get());
      list && list->kind() == vt::VtKind::kList) {
    auto* ci = dynamic_cast<vt::ConstantVariable*>(k->get());
    if (!ci || !ci->asInt())
      return unsupported("list store with index of type " + (*k)->pythonTypeName());
    int64_t n = static_cast<int64_t>(list->items().size());
    int64_t i = *ci->asInt() < 0 ? *ci->asInt() + n : *ci->asInt();
    if (i < 0 || i >= n) return unsupported("list assignment index out of range (IndexError path)");
    list->mutableItems()[static_cast<size_t>(i)] = *value;
    return Status::success();
  }
  if ((*c)->kind() == vt::VtKind::kTensor) {
    auto r = tensorSetItem(tx, *c, *k, *value);
    if (!r) return r.error();
    return Status::success();
  }
  return unsupported("item assignment on " + (*c)->pythonTypeName());
}

Status Ops::deleteSubscr() {
  auto key = tx.pop();
  if (!key) return key.error();
  auto container = tx.pop();
  if (!container) return container.error();
  auto c = tx.realize(*container);
  if (!c) return c.error();
  auto* dict = dynamic_cast<vt::DictVariable*>(c->get());
  if (!dict) return unsupported("del of an item of a " + (*c)->pythonTypeName());
  auto k = tx.realize(*key);
  if (!k) return k.error();
  if ((*k)->kind() != vt::VtKind::kConstant)
    return unsupported("dict key of type " + (*k)->pythonTypeName());
  auto& entries = dict->mutableEntries();
  for (size_t i = 0; i < entries.size(); ++i) {
    auto eq = applyOperator(tx, "operator.eq", {entries[i].first, *k});
    if (!eq) return eq.error();
    auto* ce = dynamic_cast<vt::ConstantVariable*>(eq->get());
    if (!ce || !constantTruth(ce->value())) continue;
    // dict.__delitem__ is pop: the removed value is realised.
    if (auto v = tx.realize(entries[i].second); !v) return v.error();
    if ((*c)->mutationType() == vt::MutationType::kValueMutationExisting) {
      if ((*c)->source())
        tx.ctx_.output.addGuard(GuardKind::DICT_KEYS_MATCH, (*c)->source()->name());
      tx.ctx_.sideEffects.markMutated(c->get(), "item deletion");
    }
    entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(i));
    return Status::success();
  }
  return unsupported("del of a missing dict key (KeyError path)");
}

Status Ops::unpackEx() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto items = sequenceItems(tx, *v);
  if (!items) return items.error();
  size_t before = static_cast<size_t>(inst.arg & 0xff), after = static_cast<size_t>(inst.arg >> 8);
  if (items->size() < before + after)
    return unsupported("not enough values to unpack (ValueError path)");
  std::vector<VtPtr> middle(items->begin() + static_cast<std::ptrdiff_t>(before),
                            items->end() - static_cast<std::ptrdiff_t>(after));
  std::vector<VtPtr> out(items->begin(), items->begin() + static_cast<std::ptrdiff_t>(before));
  out.push_back(vt::makeList(std::move(middle)));
  out.insert(out.end(), items->end() - static_cast<std::ptrdiff_t>(after), items->end());
  for (size_t i = out.size(); i-- > 0;) tx.push(out[i]);
  return Status::success();
}

Status Ops::dictMerge() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto src = tx.realize(*v);
  if (!src) return src.error();
  auto* from = dynamic_cast<vt::DictVariable*>(src->get());
  if (!from) return unsupported("** of a " + (*src)->pythonTypeName());
  size_t depth = static_cast<size_t>(inst.arg);
  if (depth == 0 || depth > tx.stack_.size()) return Error("bad bytecode: DICT_MERGE depth");
  auto* into = dynamic_cast<vt::DictVariable*>(tx.stack_[tx.stack_.size() - depth].get());
  if (!into) return Error("bad bytecode: DICT_MERGE target");
  // DICT_MERGE is dict.update on the target, which reads every key of the source dict
  // (ConstDictVariable.install_dict_keys_match_guard).
  if ((*src)->source())
    tx.context().output.addGuard(GuardKind::DICT_KEYS_MATCH, (*src)->source()->name());
  for (const auto& e : from->entries()) into->mutableEntries().push_back(e);
  return Status::success();
}

// FORMAT_VALUE (an f-string field): for a Python constant and no format spec Dynamo
// constant-folds str() / repr() of it (BuiltinVariable format); the result is a string
// constant. Tensors and format specs are not modelled.
Status Ops::formatValue() {
  int conversion = inst.arg & 3;
  if (inst.arg & 4) return unsupported("an f-string field with a format spec");
  auto v = tx.pop();
  if (!v) return v.error();
  auto r = tx.realize(*v);
  if (!r) return r.error();
  auto* c = dynamic_cast<vt::ConstantVariable*>(r->get());
  if (!c) return unsupported("an f-string field of type " + (*r)->pythonTypeName());
  if (conversion == 3) return unsupported("an f-string field with !a");
  std::string text;
  const auto* str = std::get_if<std::string>(&c->value());
  if (str && conversion != 2) {
    text = *str;
  } else if (const auto* tc = std::get_if<vt::TorchConstant>(&c->value()); tc && conversion != 2) {
    text = tc->name;
  } else {
    text = vt::constantRepr(c->value());  // str == repr for None, bools, ints and floats
  }
  tx.push(vt::ConstantVariable::make(text));
  return Status::success();
}

// BUILD_STRING: the f-string's pieces joined.
Status Ops::buildString() {
  std::vector<VtPtr> parts;
  for (int i = 0; i < inst.arg; ++i) {
    auto v = tx.pop();
    if (!v) return v.error();
    parts.push_back(*v);
  }
  std::string out;
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
    auto* c = dynamic_cast<vt::ConstantVariable*>(it->get());
    const auto* s = c ? std::get_if<std::string>(&c->value()) : nullptr;
    if (!s) return Error("bad bytecode: BUILD_STRING of a non-string");
    out += *s;
  }
  tx.push(vt::ConstantVariable::make(out));
  return Status::success();
}

// BUILD_SET: a new set of Python constants (SetVariable); building one reads the
// builtin len (seen with real Dynamo: BUILTIN_MATCH on the builtins dict's len).
Status Ops::buildSet() {
  std::vector<VtPtr> popped;
  for (int i = 0; i < inst.arg; ++i) {
    auto v = tx.pop();
    if (!v) return v.error();
    popped.push_back(*v);
  }
  auto set = std::make_shared<vt::SetVariable>(std::vector<VtPtr>{}, nullptr,
                                               vt::MutationType::kValueMutationNew);
  for (auto it = popped.rbegin(); it != popped.rend(); ++it) {
    if (Status st = setInsert(tx, *set, *it); !st) return st;
  }
  tx.ctx_.output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['len']");
  tx.push(std::move(set));
  return Status::success();
}

}  // namespace dynrr::tracer
