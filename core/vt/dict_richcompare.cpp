// dict_richcompare.cpp — == and != of dicts and of dict key views, as Dynamo 2.13 inlines
// the polyfills dict___eq__ and dictview_richcompare (torch/_dynamo/polyfills/__init__.py)
// from ConstDictVariable.richcompare_impl and DictKeysVariable.richcompare_impl.
//
// The polyfills' reads are what guard the result: the builtins len, all and isinstance
// (BUILTIN_MATCH through the builtins dict) and the polyfills module's globals eq, ne
// (operator's builtins) and OrderedDict, each read only on the path the values take:
// dict___eq__ compares lengths, then the key views with dictview_richcompare(ne, ...)
// (which reads eq, then ne, and ends in all(item in other for item in self)), then checks
// isinstance(d, OrderedDict) (False at the first plain dict), then compares each value
// with `v is not ov and v != ov`. Modelled for dicts made while tracing (no source) whose
// values are Python constants or one tensor compared with itself; the rest is refused.
#include <optional>

#include "core/tracer/instruction_translator.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/dicts.h"
#include "core/vt/lists.h"
#include "core/vt/sets.h"
#include "core/vt/tensor.h"

namespace dynrr::vt {
namespace {

using guards::GuardKind;

constexpr char kPolyfills[] = "__import_torch_dot__dynamo_dot_polyfills";

// `all` is polyfilled (substitute_in_graph): its global read is an ID_MATCH.
void builtinGuard(Tx& tx, const std::string& name) {
  tx.context().output.addGuard(name == "all" ? GuardKind::ID_MATCH : GuardKind::BUILTIN_MATCH,
                               "G['__builtins_dict___0']['" + name + "']");
}

// A global of the polyfills module read by the inlined polyfill (operator.eq / ne).
void polyfillBuiltinGuard(Tx& tx, const std::string& name) {
  auto module = Source::global(kPolyfills);
  tx.context().output.addGuard(GuardKind::MODULE_MATCH, module->name());
  tx.context().output.addGuard(GuardKind::BUILTIN_MATCH, Source::moduleAttr(module, name)->name());
}

// polyfills.OrderedDict (collections.OrderedDict): the recorded class wrapped from that
// source (one tracker per class object), or its CLASS_MATCH when the trace lacks it.
Status orderedDictGuard(Tx& tx) {
  auto& ctx = tx.context();
  auto src = Source::moduleAttr(Source::global(kPolyfills), "OrderedDict");
  ctx.output.addGuard(GuardKind::MODULE_MATCH, Source::global(kPolyfills)->name());
  if (trace::ObjRef ref =
          tracer::VariableBuilder::findRecorded(ctx, "class", "collections.OrderedDict")) {
    auto v = tracer::VariableBuilder::wrap(ctx, ref, src);
    if (!v) return v.error();
    return Status::success();
  }
  ctx.output.addGuard(GuardKind::CLASS_MATCH, src->name());
  return Status::success();
}

// The items of a set, a frozenset or a dict_keys view (dictview_richcompare's operands).
std::optional<std::vector<VtPtr>> setLikeItems(const VtPtr& v) {
  if (v->kind() == VtKind::kSet) return static_cast<const SetVariable&>(*v).items();
  const SequenceVariable* s = asSequence(v);
  if (s && s->viewType() == "dict_keys") return s->items();
  return std::nullopt;
}

bool containsConst(const std::vector<VtPtr>& xs, const VtPtr& v) {
  for (const auto& x : xs) {
    auto e = constEquals(x, v);
    if (e && *e) return true;
  }
  return false;
}

// dictview_richcompare(eq or ne, self, other): the equality it answers, its guards added.
Expected<bool> viewsEqual(Tx& tx, const std::vector<VtPtr>& self, const std::vector<VtPtr>& other,
                          bool ne) {
  builtinGuard(tx, "len");
  polyfillBuiltinGuard(tx, "eq");
  if (ne) polyfillBuiltinGuard(tx, "ne");
  if (self.size() != other.size()) return false;
  builtinGuard(tx, "all");
  for (const auto& item : self) {
    if (item->kind() != VtKind::kConstant)
      return unsupported("a dict key view comparison over a " + item->pythonTypeName() + " key");
    if (!containsConst(other, item)) return false;
  }
  return true;
}

// `v is not ov and v != ov` of two dict values: nullopt when not modelled.
std::optional<bool> sameValue(const VtPtr& a, const VtPtr& b) {
  if (a.get() == b.get()) return true;
  if (a->kind() == VtKind::kTensor && b->kind() == VtKind::kTensor &&
      static_cast<const TensorVariable&>(*a).node() ==
          static_cast<const TensorVariable&>(*b).node())
    return true;
  if (a->kind() == VtKind::kConstant && b->kind() == VtKind::kConstant) return constEquals(a, b);
  return std::nullopt;
}

bool plainTracedDict(const VtPtr& v) {
  if (v->kind() != VtKind::kDict || v->source()) return false;
  const auto& d = static_cast<const DictVariable&>(*v);
  return d.userCls() == "dict" && !d.isDunderDict() && !d.isHooksDict();
}

// polyfills.dict___eq__(d, other).
Expected<bool> dictsEqual(Tx& tx, const DictVariable& d, const DictVariable& other) {
  builtinGuard(tx, "len");
  if (d.entries().size() != other.entries().size()) return false;
  std::vector<VtPtr> keys, otherKeys;
  for (const auto& [k, v] : d.entries()) keys.push_back(k);
  for (const auto& [k, v] : other.entries()) otherKeys.push_back(k);
  auto sameKeys = viewsEqual(tx, keys, otherKeys, /*ne=*/true);
  if (!sameKeys || !*sameKeys) return sameKeys;
  builtinGuard(tx, "isinstance");
  if (Status s = orderedDictGuard(tx); !s) return s.error();
  for (const auto& [k, v] : d.entries()) {
    auto at = other.findKey(tx, k);
    if (!at) return at.error();
    if (!*at) return Error("internal: dict keys compared equal but a key is missing");
    auto mine = tx.realize(v);
    if (!mine) return mine.error();
    auto theirs = tx.realize(other.entries()[**at].second);
    if (!theirs) return theirs.error();
    auto same = sameValue(*mine, *theirs);
    if (!same)
      return unsupported("dict == dict comparing a " + (*mine)->pythonTypeName() +
                         " value with a " + (*theirs)->pythonTypeName() +
                         " (polyfills.dict___eq__'s v != ov)");
    if (!*same) return false;
  }
  return true;
}

}  // namespace

std::optional<Expected<VtPtr>> dictRichCompare(Tx& tx, const std::string& base, const VtPtr& a,
                                               const VtPtr& b) {
  if (base != "eq" && base != "ne") return std::nullopt;
  const bool ne = base == "ne";
  if (a->kind() == VtKind::kDict && b->kind() == VtKind::kDict) {
    if (!plainTracedDict(a) || !plainTracedDict(b))
      return Expected<VtPtr>(unsupported(
          "dict " + base + " of a dict with a source or a dict subclass (polyfills.dict___eq__)"));
    auto eq =
        dictsEqual(tx, static_cast<const DictVariable&>(*a), static_cast<const DictVariable&>(*b));
    if (!eq) return Expected<VtPtr>(eq.error());
    return Expected<VtPtr>(ConstantVariable::make(ne ? !*eq : *eq));
  }
  const SequenceVariable* sa = asSequence(a);
  if (sa && sa->viewType() == "dict_keys") {
    auto other = setLikeItems(b);
    if (!other)
      return Expected<VtPtr>(unsupported("dict_keys " + base + " a " + b->pythonTypeName()));
    auto eq = viewsEqual(tx, sa->items(), *other, ne);
    if (!eq) return Expected<VtPtr>(eq.error());
    return Expected<VtPtr>(ConstantVariable::make(ne ? !*eq : *eq));
  }
  return std::nullopt;
}

}  // namespace dynrr::vt
