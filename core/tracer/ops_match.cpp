// ops_match.cpp — structural pattern matching (symbolic_convert.py GET_LEN,
// MATCH_SEQUENCE, MATCH_MAPPING, MATCH_KEYS). Dynamo inlines the polyfills
// impl_MATCH_SEQUENCE, impl_IS_MAPPING and impl_MATCH_KEYS of torch/_dynamo/polyfills;
// their global reads are guarded (the polyfills module, its Sequence / Mapping, and the
// builtins they call), as the inlined code reads them: impl_MATCH_SEQUENCE reads str,
// bytes and bytearray only once its subject is a Sequence, impl_MATCH_KEYS reads tuple
// only when every key is present. The subjects modelled are tuples, lists, torch.Size,
// dicts and Python constants. MATCH_CLASS inlines impl_MATCH_CLASS: isinstance, then the
// class's __match_args__ (hasattr, the tuple read through the class's source) and each
// sub-pattern's attribute through _match_class_attr (set, getattr), as the polyfill reads
// them.
#include "core/tracer/ops.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"

namespace dynrr::tracer {
namespace {

const char kPolyfills[] = "G['__import_torch_dot__dynamo_dot_polyfills']";

void builtinGuard(InstructionTranslator& tx, GuardKind kind, const std::string& name) {
  tx.context().output.addGuard(kind, "G['__builtins_dict___0']['" + name + "']");
}

// isinstance(subject, polyfills.<abc>) inside the inlined polyfill.
void abcGuards(InstructionTranslator& tx, const std::string& abc) {
  builtinGuard(tx, GuardKind::BUILTIN_MATCH, "isinstance");
  tx.context().output.addGuard(GuardKind::MODULE_MATCH, kPolyfills);
  tx.context().output.addGuard(GuardKind::CLASS_MATCH, std::string(kPolyfills) + "." + abc);
}

enum class Shape { kSequence, kMapping, kStr, kScalar, kOther };

Shape shapeOf(const VtPtr& v) {
  switch (v->kind()) {
    case vt::VtKind::kTuple:
    case vt::VtKind::kList:
    case vt::VtKind::kSize: return Shape::kSequence;
    case vt::VtKind::kDict: return Shape::kMapping;
    default: break;
  }
  const vt::ConstantVariable* c = vt::asConstant(v);
  if (!c) return Shape::kOther;
  if (c->asStr()) return Shape::kStr;
  if (c->isNone() || c->asNumber()) return Shape::kScalar;
  return Shape::kOther;
}

}  // namespace

// The subject on top of the stack, realised (it stays there).
Expected<VtPtr> Ops::matchSubject(const char* opname) {
  auto top = tx.pop();
  if (!top) return top;
  auto r = tx.realize(*top);
  if (!r) return r;
  tx.push(*r);
  if (shapeOf(*r) == Shape::kOther)
    return unsupported(std::string(opname) + " on a " + (*r)->pythonTypeName() +
                       " (the inlined polyfill's isinstance over it is not modelled)");
  return r;
}

Status Ops::getLen() {
  auto tos = tx.pop();
  if (!tos) return tos.error();
  tx.push(*tos);
  return pushResult(vt::BuiltinVariable::call(tx, "len", {*tos}));
}

Status Ops::matchSequence() {
  auto s = matchSubject("MATCH_SEQUENCE");
  if (!s) return s.error();
  abcGuards(tx, "Sequence");
  Shape shape = shapeOf(*s);
  if (shape == Shape::kSequence || shape == Shape::kStr)
    for (const char* name : {"str", "bytes", "bytearray"})
      builtinGuard(tx, GuardKind::BUILTIN_MATCH, name);
  tx.push(vt::ConstantVariable::make(shape == Shape::kSequence));
  return Status::success();
}

Status Ops::matchMapping() {
  auto s = matchSubject("MATCH_MAPPING");
  if (!s) return s.error();
  abcGuards(tx, "Mapping");
  tx.push(vt::ConstantVariable::make(shapeOf(*s) == Shape::kMapping));
  return Status::success();
}

// MATCH_KEYS: the tuple of the values of `keys` in the mapping below it, or None.
Status Ops::matchKeys() {
  auto keys = tx.pop();
  if (!keys) return keys.error();
  auto obj = tx.pop();
  if (!obj) return obj.error();
  tx.push(*obj);
  tx.push(*keys);
  auto m = tx.realize(*obj);
  if (!m) return m.error();
  if (shapeOf(*m) != Shape::kMapping) return unsupported("MATCH_KEYS on a non-dict subject");
  auto ks = (*keys)->unpackVarSequence(tx);
  if (!ks) return ks.error();
  abcGuards(tx, "Mapping");
  builtinGuard(tx, GuardKind::ID_MATCH, "all");
  std::vector<VtPtr> values;
  for (const auto& k : *ks) {
    auto found = (*m)->callMethod(tx, "__contains__", {k}, {});
    if (!found) return found.error();
    const vt::ConstantVariable* b = vt::asConstant(*found);
    if (!b || !std::holds_alternative<bool>(b->value()))
      return unsupported("MATCH_KEYS with a key test that is not a constant");
    if (!std::get<bool>(b->value())) {
      tx.push(vt::ConstantVariable::make(vt::NoneValue{}));
      return Status::success();
    }
  }
  builtinGuard(tx, GuardKind::BUILTIN_MATCH, "tuple");
  for (const auto& k : *ks) {
    auto v = (*m)->callMethod(tx, "__getitem__", {k}, {});
    if (!v) return v.error();
    values.push_back(*v);
  }
  tx.push(vt::makeTuple(std::move(values)));
  return Status::success();
}

// MATCH_CLASS(count): pops subject, class and the keyword names; pushes the tuple of the
// matched attributes, or None. Mirrors the inlined impl_MATCH_CLASS(subject, cls, nargs,
// kwargs): `isinstance(cls, type)` and `isinstance(subject, cls)` first (None when it is
// no instance), `typ = type(subject)`, `seen = set()`; for positional sub-patterns
// hasattr(typ, "__match_args__"), its tuple (isinstance ..., tuple), each name checked
// with isinstance(name, str) and read with _match_class_attr (getattr), then
// len(match_args); the keyword sub-patterns through _match_class_attr; `tuple(attrs)`.
// Classes without __match_args__ (TPFLAGS_MATCH_SELF) are refused by name.
Status Ops::matchClass() {
  auto popped = popN(3);
  if (!popped) return popped.error();
  VtPtr subject = (*popped)[0], cls = (*popped)[1], names = (*popped)[2];
  const int64_t nargs = inst.arg;
  auto& out = tx.context().output;
  auto call = [&](const char* fn, vt::Args args) {
    builtinGuard(tx, GuardKind::BUILTIN_MATCH, fn);
    return vt::BuiltinVariable::call(tx, fn, std::move(args));
  };
  auto truth = [&](Expected<VtPtr> v, const char* what) -> Expected<bool> {
    if (!v) return v.error();
    const vt::ConstantVariable* c = vt::asConstant(*v);
    if (!c || !std::holds_alternative<bool>(c->value()))
      return unsupported(std::string("MATCH_CLASS: ") + what + " is not a constant");
    return std::get<bool>(c->value());
  };
  auto realSubject = tx.realize(subject);
  if (!realSubject) return realSubject.error();
  subject = *realSubject;
  auto isClass =
      truth(call("isinstance", {cls, std::make_shared<vt::BuiltinVariable>("type", nullptr)}),
            "isinstance(cls, type)");
  if (!isClass) return isClass.error();
  if (!*isClass) return unsupported("MATCH_CLASS with a non-class pattern (TypeError path)");
  auto isInstance = truth(call("isinstance", {subject, cls}), "isinstance(subject, cls)");
  if (!isInstance) return isInstance.error();
  if (!*isInstance) {
    tx.push(vt::ConstantVariable::make(vt::NoneValue{}));
    return Status::success();
  }
  auto typ = call("type", {subject});
  if (!typ) return typ.error();
  builtinGuard(tx, GuardKind::BUILTIN_MATCH, "set");
  out.addGuard(GuardKind::MODULE_MATCH, kPolyfills);
  out.addGuard(GuardKind::CLOSURE_MATCH, std::string(kPolyfills) + "._match_class_attr");
  std::vector<std::string> attrNames;
  if (nargs > 0) {
    auto has = truth(call("hasattr", {*typ, vt::ConstantVariable::make("__match_args__")}),
                     "hasattr(type, '__match_args__')");
    if (!has) return has.error();
    if (!*has) return unsupported("MATCH_CLASS on a class without __match_args__ (match_self)");
    auto matchArgs = (*typ)->varGetattr(tx, "__match_args__");
    if (!matchArgs) return matchArgs.error();
    auto r = tx.realize(*matchArgs);
    if (!r) return r.error();
    builtinGuard(tx, GuardKind::BUILTIN_MATCH, "tuple");
    if ((*r)->kind() != vt::VtKind::kTuple)
      return unsupported("MATCH_CLASS with a __match_args__ that is no tuple (TypeError path)");
    auto items = (*r)->unpackVarSequence(tx);
    if (!items) return items.error();
    if (static_cast<int64_t>(items->size()) < nargs)
      return unsupported("MATCH_CLASS with more positional sub-patterns than __match_args__");
    builtinGuard(tx, GuardKind::BUILTIN_MATCH, "str");
    for (int64_t i = 0; i < nargs; ++i) {
      auto item = tx.realize((*items)[static_cast<size_t>(i)]);
      if (!item) return item.error();
      const std::string* s = vt::constantStr(*item);
      if (!s) return unsupported("MATCH_CLASS with a __match_args__ item that is no str");
      attrNames.push_back(*s);
    }
    builtinGuard(tx, GuardKind::BUILTIN_MATCH, "len");
  }
  auto kw = names->unpackVarSequence(tx);
  if (!kw) return kw.error();
  for (const auto& k : *kw) {
    const std::string* s = vt::constantStr(k);
    if (!s) return Error("bad bytecode: MATCH_CLASS keyword names");
    attrNames.push_back(*s);
  }
  std::vector<VtPtr> attrs;
  for (size_t i = 0; i < attrNames.size(); ++i) {
    for (size_t j = 0; j < i; ++j)
      if (attrNames[j] == attrNames[i])
        return unsupported("MATCH_CLASS with a repeated attribute (TypeError path)");
    builtinGuard(tx, GuardKind::BUILTIN_MATCH, "getattr");
    auto a = subject->varGetattr(tx, attrNames[i]);
    if (!a) return a.error();
    attrs.push_back(*a);
  }
  builtinGuard(tx, GuardKind::BUILTIN_MATCH, "tuple");
  tx.push(vt::makeTuple(std::move(attrs)));
  return Status::success();
}

}  // namespace dynrr::tracer
