// ops_build.cpp — building and unpacking containers (symbolic_convert.py BUILD_TUPLE,
// BUILD_LIST, BUILD_MAP, BUILD_CONST_KEY_MAP, BUILD_SLICE, BUILD_SET, SET_UPDATE,
// LIST_APPEND, LIST_EXTEND, LIST_TO_TUPLE, MAP_ADD, SET_ADD, DICT_MERGE, UNPACK_SEQUENCE,
// UNPACK_EX, STORE_SUBSCR, DELETE_SUBSCR, FORMAT_VALUE, BUILD_STRING). Containers answer
// unpack_var_sequence and call_method (__setitem__, __delitem__, append, update ...).
#include "core/tracer/ops.h"
#include "core/vt/constant.h"
#include "core/vt/dicts.h"
#include "core/vt/lists.h"
#include "core/vt/sets.h"

namespace dynrr::tracer {
namespace {

// unpack_var_sequence of a value (realised first).
Expected<std::vector<VtPtr>> unpack(InstructionTranslator& tx, const VtPtr& v) {
  auto r = tx.realize(v);
  if (!r) return r.error();
  return (*r)->unpackVarSequence(tx);
}

VtPtr newDict(std::vector<std::pair<VtPtr, VtPtr>> entries) {
  return std::make_shared<vt::DictVariable>(std::move(entries), nullptr,
                                            vt::MutationType::kValueMutationNew);
}

}  // namespace

Expected<std::vector<VtPtr>> Ops::popN(size_t n) {
  auto& stack = tx.stack_;
  if (n > stack.size())
    return Error("bad bytecode: popping " + std::to_string(n) + " of " +
                 std::to_string(stack.size()) + " stack values");
  std::vector<VtPtr> items(stack.end() - static_cast<std::ptrdiff_t>(n), stack.end());
  stack.resize(stack.size() - n);
  return items;
}

Expected<VtPtr> Ops::peekAt(const char* opname) {
  size_t depth = static_cast<size_t>(inst.arg);
  if (depth == 0 || depth > tx.stack_.size())
    return Error(std::string("bad bytecode: ") + opname + " depth");
  return tx.stack_[tx.stack_.size() - depth];
}

Status Ops::buildTuple() {
  auto items = popN(static_cast<size_t>(inst.arg));
  if (!items) return items.error();
  tx.push(vt::makeTuple(std::move(*items)));
  return Status::success();
}

Status Ops::buildList() {
  auto items = popN(static_cast<size_t>(inst.arg));
  if (!items) return items.error();
  tx.push(vt::makeList(std::move(*items)));
  return Status::success();
}

Status Ops::buildMap() {
  auto items = popN(2 * static_cast<size_t>(inst.arg));
  if (!items) return items.error();
  std::vector<std::pair<VtPtr, VtPtr>> entries;
  for (size_t i = 0; i + 1 < items->size(); i += 2) {
    auto key = tx.realize((*items)[i]);
    if (!key) return key.error();
    if ((*key)->kind() != vt::VtKind::kConstant)
      return unsupported("dict key of type " + (*key)->pythonTypeName());
    entries.emplace_back(*key, (*items)[i + 1]);
  }
  tx.push(newDict(std::move(entries)));
  return Status::success();
}

Status Ops::buildConstKeyMap() {
  auto keys = tx.pop();
  if (!keys) return keys.error();
  auto keyItems = unpack(tx, *keys);
  if (!keyItems) return keyItems.error();
  auto values = popN(static_cast<size_t>(inst.arg));
  if (!values) return values.error();
  if (keyItems->size() != values->size())
    return Error("bad bytecode: BUILD_CONST_KEY_MAP key count");
  std::vector<std::pair<VtPtr, VtPtr>> entries;
  for (size_t i = 0; i < values->size(); ++i) entries.emplace_back((*keyItems)[i], (*values)[i]);
  tx.push(newDict(std::move(entries)));
  return Status::success();
}

Status Ops::buildSlice() {
  auto items = popN(static_cast<size_t>(inst.arg));
  if (!items) return items.error();
  std::vector<VtPtr> parts;
  for (auto& item : *items) {
    auto r = tx.realize(item);
    if (!r) return r.error();
    // A SymInt bound stays symbolic (a SymNodeVariable in the SliceVariable): a tensor's
    // __getitem__ resolves it as fake_impls' slice_forward does.
    if ((*r)->kind() != vt::VtKind::kConstant && (*r)->kind() != vt::VtKind::kSymInt) {
      return unsupported("slice bound of type " + (*r)->pythonTypeName());
    }
    parts.push_back(*r);
  }
  while (parts.size() < 3) parts.push_back(vt::ConstantVariable::make(vt::NoneValue{}));
  tx.push(std::make_shared<vt::SliceVariable>(parts[0], parts[1], parts[2]));
  return Status::success();
}

// LIST_APPEND(i): list comprehensions; the list is i entries below the value.
Status Ops::listAppend() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto target = peekAt("LIST_APPEND");
  if (!target) return target.error();
  vt::SequenceVariable* list = vt::asSequence(*target);
  if (!list || !list->isList()) return Error("bad bytecode: LIST_APPEND target");
  list->mutableItems().push_back(*v);
  return Status::success();
}

// SET_ADD(i): set comprehensions; the set is i entries below the value
// (InstructionTranslator.SET_ADD: set.add on it).
Status Ops::setAdd() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto target = peekAt("SET_ADD");
  if (!target) return target.error();
  if ((*target)->kind() != vt::VtKind::kSet) return Error("bad bytecode: SET_ADD target");
  auto r = (*target)->callMethod(tx, "add", {*v}, {});
  if (!r) return r.error();
  return Status::success();
}

// MAP_ADD(i): dict comprehensions; the dict is i entries below the key/value pair.
Status Ops::mapAdd() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto k = tx.pop();
  if (!k) return k.error();
  auto target = peekAt("MAP_ADD");
  if (!target) return target.error();
  vt::DictVariable* dict = vt::asDict(*target);
  if (!dict) return Error("bad bytecode: MAP_ADD target");
  auto key = tx.realize(*k);
  if (!key) return key.error();
  if ((*key)->kind() != vt::VtKind::kConstant)
    return unsupported("dict key of type " + (*key)->pythonTypeName());
  return dict->setEntry(tx, *key, *v);
}

Status Ops::listExtend() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto items = unpack(tx, *v);
  if (!items) return items.error();
  auto target = peekAt("LIST_EXTEND");
  if (!target) return target.error();
  vt::SequenceVariable* list = vt::asSequence(*target);
  if (!list || !list->isList()) return Error("bad bytecode: LIST_EXTEND target");
  for (auto& item : *items) list->mutableItems().push_back(item);
  return Status::success();
}

// SET_UPDATE i: the set `i` deep on the stack takes the popped iterable's items
// (SetVariable.call_method("update"): polyfills.set_update, whose global read is the
// builtin len, guarded).
Status Ops::setUpdate() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto r = tx.realize(*v);
  if (!r) return r.error();
  auto target = peekAt("SET_UPDATE");
  if (!target) return target.error();
  if ((*target)->kind() != vt::VtKind::kSet) return Error("bad bytecode: SET_UPDATE target");
  auto& set = static_cast<vt::SetVariable&>(**target);
  auto incoming = set.itemsOf(tx, *r);
  if (!incoming) return incoming.error();
  for (const auto& item : *incoming) {
    if (Status st = set.insert(tx, item); !st) return st;
  }
  tx.ctx_.output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['len']");
  return Status::success();
}

Status Ops::listToTuple() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto items = unpack(tx, *v);
  if (!items) return items.error();
  tx.push(vt::makeTuple(std::move(*items)));
  return Status::success();
}

Status Ops::unpackSequence() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto items = unpack(tx, *v);
  if (!items) return items.error();
  if (items->size() != static_cast<size_t>(inst.arg)) {
    return unsupported("unpacking " + std::to_string(items->size()) + " values into " +
                       std::to_string(inst.arg) + " (ValueError path)");
  }
  for (size_t i = items->size(); i-- > 0;) tx.push((*items)[i]);
  return Status::success();
}

Status Ops::unpackEx() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto items = unpack(tx, *v);
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

// STORE_SUBSCR: container.__setitem__(key, value).
Status Ops::storeSubscr() {
  auto key = tx.pop();
  if (!key) return key.error();
  auto container = tx.pop();
  if (!container) return container.error();
  auto value = tx.pop();
  if (!value) return value.error();
  auto c = tx.realize(*container);
  if (!c) return c.error();
  auto r = (*c)->callMethod(tx, "__setitem__", {*key, *value}, {});
  return r ? Status::success() : Status(r.error());
}

// DELETE_SUBSCR: container.__delitem__(key).
Status Ops::deleteSubscr() {
  auto key = tx.pop();
  if (!key) return key.error();
  auto container = tx.pop();
  if (!container) return container.error();
  auto c = tx.realize(*container);
  if (!c) return c.error();
  auto r = (*c)->callMethod(tx, "__delitem__", {*key}, {});
  return r ? Status::success() : Status(r.error());
}

Status Ops::dictMerge() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto src = tx.realize(*v);
  if (!src) return src.error();
  const vt::DictVariable* from = vt::asDict(*src);
  if (!from) return unsupported("** of a " + (*src)->pythonTypeName());
  auto target = peekAt("DICT_MERGE");
  if (!target) return target.error();
  vt::DictVariable* into = vt::asDict(*target);
  if (!into) return Error("bad bytecode: DICT_MERGE target");
  // DICT_MERGE is dict.update on the target, which reads every key of the source dict
  // (ConstDictVariable.install_dict_keys_match_guard).
  from->guardKeys(tx);
  for (const auto& e : from->entries()) into->mutableEntries().push_back(e);
  return Status::success();
}

// FORMAT_VALUE (an f-string field): for a Python constant Dynamo converts it (!s / !r)
// and constant-folds str.format("{:" + spec + "}", value) (_format_value); the result is
// a string constant. Tensors, SymInts and non-constant specs are not modelled.
Status Ops::formatValue() {
  int conversion = inst.arg & 3;
  std::string spec;
  if (inst.arg & 4) {
    auto s = tx.pop();
    if (!s) return s.error();
    const std::string* text = vt::constantStr(*s);
    if (!text) return unsupported("an f-string field with a format spec that is not a constant");
    spec = *text;
  }
  auto v = tx.pop();
  if (!v) return v.error();
  auto r = tx.realize(*v);
  if (!r) return r.error();
  const vt::ConstantVariable* c = vt::asConstant(*r);
  if (!c) return unsupported("an f-string field of type " + (*r)->pythonTypeName());
  if (conversion == 3) return unsupported("an f-string field with !a");
  vt::ConstantValue value = c->value();
  if (conversion == 2) {
    value = vt::constantRepr(c->value());
  } else if (conversion == 1) {
    auto s = vt::formatConstant(c->value(), "");
    if (!s) return s.error();
    value = *s;
  }
  auto text = vt::formatConstant(value, spec);
  if (!text) return text.error();
  tx.push(vt::ConstantVariable::make(*text));
  return Status::success();
}

// BUILD_STRING: the f-string's pieces joined.
Status Ops::buildString() {
  auto parts = popN(static_cast<size_t>(inst.arg));
  if (!parts) return parts.error();
  std::string out;
  for (const auto& part : *parts) {
    const std::string* s = vt::constantStr(part);
    if (!s) return Error("bad bytecode: BUILD_STRING of a non-string");
    out += *s;
  }
  tx.push(vt::ConstantVariable::make(out));
  return Status::success();
}

// BUILD_SET: a new set of Python constants (SetVariable); no global read (the len
// guard seen after `{a, b, c}` comes from the SET_UPDATE CPython emits for three or
// more constants).
Status Ops::buildSet() {
  auto items = popN(static_cast<size_t>(inst.arg));
  if (!items) return items.error();
  auto set = std::make_shared<vt::SetVariable>(std::vector<VtPtr>{}, nullptr,
                                               vt::MutationType::kValueMutationNew);
  for (const auto& item : *items) {
    if (Status st = set->insert(tx, item); !st) return st;
  }
  tx.push(std::move(set));
  return Status::success();
}

}  // namespace dynrr::tracer
