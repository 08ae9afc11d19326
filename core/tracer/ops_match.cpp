// ops_match.cpp — structural pattern matching (symbolic_convert.py GET_LEN,
// MATCH_SEQUENCE, MATCH_MAPPING, MATCH_KEYS). Dynamo inlines the polyfills
// impl_MATCH_SEQUENCE, impl_IS_MAPPING and impl_MATCH_KEYS of torch/_dynamo/polyfills;
// their global reads are guarded (the polyfills module, its Sequence / Mapping, and the
// builtins they call), as the inlined code reads them: impl_MATCH_SEQUENCE reads str,
// bytes and bytearray only once its subject is a Sequence, impl_MATCH_KEYS reads tuple
// only when every key is present. The subjects modelled are tuples, lists, torch.Size,
// dicts and Python constants; MATCH_CLASS (impl_MATCH_CLASS's attribute walk) is not.
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

}  // namespace dynrr::tracer
