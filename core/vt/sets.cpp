// sets.cpp — see sets.h (SetVariable.call_method).
#include "core/vt/sets.h"

#include "core/tracer/instruction_translator.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/functions.h"
#include "core/vt/lazy.h"
#include "core/vt/lists.h"
#include "core/vt/misc.h"
#include "core/vt/tensor.h"
#include "core/vt/user_defined.h"

namespace dynrr::vt {
namespace {

bool isPublicMethod(const std::string& name) {
  return name == "add" || name == "discard" || name == "remove";
}

// The set algebra (SetVariable.call_method: union, intersection, difference,
// symmetric_difference, their _update forms, isdisjoint, issubset, issuperset, copy,
// clear), over sets of constants.
bool isAlgebraMethod(const std::string& name) {
  static const char* kNames[] = {"union",
                                 "intersection",
                                 "difference",
                                 "symmetric_difference",
                                 "update",
                                 "intersection_update",
                                 "difference_update",
                                 "symmetric_difference_update",
                                 "isdisjoint",
                                 "issubset",
                                 "issuperset",
                                 "copy",
                                 "clear"};
  for (const char* n : kNames)
    if (name == n) return true;
  return false;
}

bool mutates(const std::string& name) {
  return name == "update" || name == "clear" ||
         (name.size() > 7 && name.compare(name.size() - 7, 7, "_update") == 0);
}

}  // namespace

std::string SetVariable::describe() const {
  std::string out = "{";
  for (size_t i = 0; i < items_.size(); ++i) out += (i ? ", " : "") + items_[i]->repr();
  return out + "}";
}

bool isIdentityHashed(const VtPtr& v) {
  if (v->kind() == VtKind::kTensor) return true;
  const UserObjectVariable* o = asUserObject(v);
  return o != nullptr && o->isNNModule();
}

namespace {

// HashableTracker.__eq__ for the items a set holds: constants by ==; tensors and
// nn.Modules by identity (TensorVariable.is_python_equal compares the example values,
// UserDefinedObjectVariable.is_python_equal the objects; nn.Module keeps object's
// __hash__ and __eq__). A tensor wrapped from a recorded input is that object; one made
// while tracing is only itself (an in-place result shares its input's example value,
// which the core does not track: nullopt).
std::optional<bool> setItemEquals(const VtPtr& a, const VtPtr& b) {
  if (a->kind() == VtKind::kConstant && b->kind() == VtKind::kConstant) return constEquals(a, b);
  if (a.get() == b.get()) return true;
  if (a->kind() == VtKind::kConstant || b->kind() == VtKind::kConstant) return false;
  if (a->kind() == VtKind::kTensor && b->kind() == VtKind::kTensor) {
    auto ra = static_cast<const TensorVariable&>(*a).recorded();
    auto rb = static_cast<const TensorVariable&>(*b).recorded();
    if (ra != 0 && rb != 0) return ra == rb;
    return std::nullopt;
  }
  const UserObjectVariable* oa = asUserObject(a);
  const UserObjectVariable* ob = asUserObject(b);
  if (oa && ob) {
    if (oa->object() != 0 && ob->object() != 0) return oa->object() == ob->object();
    return false;  // one (or both) made while tracing, and not the same tracker
  }
  if ((a->kind() == VtKind::kTensor) != (b->kind() == VtKind::kTensor)) return false;
  // Types the core takes as builtins (tuple, collections.OrderedDict: pytree's
  // BUILTIN_TYPES) by name; recorded functions by object; one of each never equal.
  bool builtinA = a->kind() == VtKind::kBuiltin, builtinB = b->kind() == VtKind::kBuiltin;
  bool fnA = a->kind() == VtKind::kUserFunction, fnB = b->kind() == VtKind::kUserFunction;
  if (builtinA && builtinB)
    return static_cast<const BuiltinVariable&>(*a).name() ==
           static_cast<const BuiltinVariable&>(*b).name();
  if (fnA && fnB) {
    auto fa = static_cast<const UserFunctionVariable&>(*a).function();
    auto fb = static_cast<const UserFunctionVariable&>(*b).function();
    if (fa != 0 && fb != 0) return fa == fb;
    return std::nullopt;
  }
  if ((builtinA && fnB) || (fnA && builtinB)) return false;
  return std::nullopt;
}

}  // namespace

Expected<std::optional<size_t>> SetVariable::find(const VtPtr& item) const {
  for (size_t i = 0; i < items_.size(); ++i) {
    auto eq = setItemEquals(items_[i], item);
    if (!eq)
      return unsupported("set membership between a " + items_[i]->pythonTypeName() + " and a " +
                         item->pythonTypeName() + " whose identity the core does not know");
    if (*eq) return std::optional<size_t>(i);
  }
  return std::optional<size_t>();
}

bool SetVariable::isPythonConstant() const {
  for (const auto& item : items_)
    if (!item->isPythonConstant()) return false;
  return true;
}

std::optional<size_t> SetVariable::indexOf(const VtPtr& item) const {
  for (size_t i = 0; i < items_.size(); ++i) {
    auto eq = constEquals(items_[i], item);
    if (eq && *eq) return i;
  }
  return std::nullopt;
}

Status SetVariable::insert(Tx& tx, const VtPtr& item) {
  auto r = tx.realize(item);
  if (!r) return r.error();
  if ((*r)->kind() != VtKind::kConstant)
    return unsupported("a set holding a " + (*r)->pythonTypeName());
  if (!indexOf(*r)) items_.push_back(*r);
  return Status::success();
}

Expected<std::vector<VtPtr>> SetVariable::itemsOf(Tx& tx, const VtPtr& other) const {
  if (other->kind() == VtKind::kSet) return static_cast<const SetVariable&>(*other).items();
  return other->unpackVarSequence(tx);
}

// Arguments that are dict key views (not Python constants when the dict holds
// tensors, so SetVariable.call_method inlines the method's polyfill) of constant keys.
bool allKeyViews(Tx& tx, const Args& args) {
  for (const auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return false;
    const SequenceVariable* s = asSequence(*r);
    if (!s || s->viewType() != "dict_keys") return false;
    for (const auto& k : s->items())
      if (k->kind() != VtKind::kConstant) return false;
  }
  return !args.empty();
}

// The global reads of the set-method polyfills (torch/_dynamo/polyfills/__init__.py),
// each guarded once: set_union / set_intersection / set_difference read the builtins all
// and any (polyfilled: ID_MATCH), len, set and isinstance and the polyfill module's
// Iterable and Hashable (collections.abc); set_union also its set_update;
// set_isdisjoint reads isinstance, Iterable and Hashable; set_symmetric_difference only
// the builtin set.
Status guardSetMethodPolyfill(Tx& tx, const std::string& name) {
  using guards::GuardKind;
  auto& ctx = tx.context();
  auto& out = ctx.output;
  auto builtin = [&](GuardKind kind, const char* b) {
    out.addGuard(kind, std::string("G['__builtins_dict___0']['") + b + "']");
  };
  if (name == "symmetric_difference") {
    builtin(GuardKind::BUILTIN_MATCH, "set");
    return Status::success();
  }
  const std::string poly = "__import_torch_dot__dynamo_dot_polyfills";
  out.addGuard(GuardKind::MODULE_MATCH, Source::global(poly)->name());
  for (const char* abc : {"Iterable", "Hashable"}) {
    auto src = Source::moduleAttr(Source::global(poly), abc);
    if (trace::ObjRef ref = tracer::VariableBuilder::findRecorded(
            ctx, "class", std::string("collections.abc.") + abc)) {
      auto v = tracer::VariableBuilder::wrap(ctx, ref, src);
      if (!v) return v.error();
    } else {
      out.addGuard(GuardKind::CLASS_MATCH, src->name());
    }
  }
  builtin(GuardKind::BUILTIN_MATCH, "isinstance");
  if (name == "isdisjoint") return Status::success();
  builtin(GuardKind::ID_MATCH, "all");
  builtin(GuardKind::ID_MATCH, "any");
  builtin(GuardKind::BUILTIN_MATCH, "len");
  builtin(GuardKind::BUILTIN_MATCH, "set");
  if (name == "union")
    out.addGuard(GuardKind::CLOSURE_MATCH, Source::global(poly)->name() + ".set_update");
  return Status::success();
}

// The `x in view` tests of set_difference (each item of the set against the views in
// turn, stopping at the first that holds it) and set_symmetric_difference (`x not in
// set2`): DictKeysVariable.sq_contains asks the dict, whose __contains__ checks a
// present key's value against DeletedVariable, realising a lazy value.
Status realiseFoundKeyValues(Tx& tx, const std::vector<VtPtr>& setItems, const Args& views) {
  for (const auto& x : setItems) {
    for (const auto& a : views) {
      auto r = tx.realize(a);
      if (!r) return r.error();
      const SequenceVariable* view = asSequence(*r);
      const auto& keys = view->items();
      const auto& values = view->viewValues();
      if (values.size() != keys.size()) return unsupported("a dict keys view without its dict");
      std::optional<size_t> at;
      for (size_t i = 0; i < keys.size() && !at; ++i) {
        auto eq = constEquals(keys[i], x);
        if (eq && *eq) at = i;
      }
      if (!at) continue;
      if (Status st = LazyVariable::isinstanceCheck(tx, values[*at]); !st) return st;
      break;
    }
  }
  return Status::success();
}

// set.update (and set(iterable), |=) inlines polyfills.set_update, whose only global
// read is the builtin `len`.
void guardSetUpdatePolyfill(Tx& tx) {
  tx.context().output.addGuard(guards::GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['len']");
}

Expected<VtPtr> SetVariable::algebra(Tx& tx, const std::string& name, const Args& args,
                                     bool fromOperator) {
  if (frozen_ && mutates(name)) return unsupported("frozenset." + name);
  // Operators on sets of constants fold, and update/copy/clear/issubset/issuperset are
  // direct. The method forms isdisjoint, union, intersection, difference and
  // symmetric_difference of a set (not a frozenset) fold too when every argument is a
  // Python constant (SetVariable.call_method's _fast_set_method; the set's own items are
  // constants here); otherwise Dynamo inlines their polyfills, not modelled. The
  // _update forms are polyfills that call the method form (folded on constants), then
  // clear() and update(): set_update's `len` is their only global read.
  bool direct = name == "update" || name == "copy" || name == "clear" || name == "issubset" ||
                name == "issuperset";
  bool fastForm = name == "isdisjoint" || name == "union" || name == "intersection" ||
                  name == "difference" || name == "symmetric_difference";
  bool updateForm = name == "intersection_update" || name == "difference_update" ||
                    name == "symmetric_difference_update";
  if (!fromOperator && !direct) {
    bool constantArgs = !frozen_ && isPythonConstant();
    for (const auto& a : args) {
      if (!constantArgs) break;
      auto r = tx.realize(a);
      if (!r) return r.error();
      constantArgs = (*r)->isPythonConstant();
    }
    if (!constantArgs && fastForm && !frozen_ && allKeyViews(tx, args)) {
      if (Status st = guardSetMethodPolyfill(tx, name); !st) return st.error();
      if (name == "difference" || name == "symmetric_difference")
        if (Status st = realiseFoundKeyValues(tx, items_, args); !st) return st.error();
    } else if (!constantArgs || !(fastForm || updateForm)) {
      return unsupported("set." + name + " (Dynamo inlines polyfills.set_" + name +
                         ", not modelled)");
    }
  }
  if (name == "update" || (updateForm && !fromOperator)) guardSetUpdatePolyfill(tx);
  if ((name == "issubset" || name == "issuperset") && !fromOperator && args.size() == 1 &&
      args[0]->kind() != VtKind::kSet)
    guardSetUpdatePolyfill(tx);  // set(other) first
  if ((name == "copy" || name == "clear") && !args.empty()) return Error("");
  if ((name == "isdisjoint" || name == "issubset" || name == "issuperset" ||
       name == "symmetric_difference" || name == "symmetric_difference_update") &&
      args.size() != 1)
    return Error("");
  std::vector<std::vector<VtPtr>> others;
  for (const auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r.error();
    auto items = itemsOf(tx, *r);
    if (!items) return items.error();
    std::vector<VtPtr> real;
    for (const auto& item : *items) {
      auto ri = tx.realize(item);
      if (!ri) return ri.error();
      if ((*ri)->kind() != VtKind::kConstant)
        return unsupported("set." + name + " with a " + (*ri)->pythonTypeName() + " item");
      real.push_back(*ri);
    }
    others.push_back(std::move(real));
  }
  auto contains = [](const std::vector<VtPtr>& xs, const VtPtr& v) {
    for (const auto& x : xs) {
      auto e = constEquals(x, v);
      if (e && *e) return true;
    }
    return false;
  };
  auto holds = [&](const VtPtr& v) { return indexOf(v).has_value(); };
  if (name == "isdisjoint" || name == "issubset" || name == "issuperset") {
    const auto& o = others[0];
    bool r = true;
    if (name == "isdisjoint") {
      for (const auto& x : o) r = r && !holds(x);
    } else if (name == "issubset") {
      for (const auto& x : items_) r = r && contains(o, x);
    } else {
      for (const auto& x : o) r = r && holds(x);
    }
    return ConstantVariable::make(r);
  }
  std::vector<VtPtr> result;
  std::string base = name.substr(0, name.find("_update"));
  if (name == "copy") {
    result = items_;
  } else if (name == "clear") {
  } else if (base == "union" || name == "update") {
    result = items_;
    for (const auto& o : others)
      for (const auto& x : o)
        if (!contains(result, x)) result.push_back(x);
  } else if (base == "intersection") {
    for (const auto& x : items_) {
      bool all = true;
      for (const auto& o : others) all = all && contains(o, x);
      if (all) result.push_back(x);
    }
  } else if (base == "difference") {
    for (const auto& x : items_) {
      bool any = false;
      for (const auto& o : others) any = any || contains(o, x);
      if (!any) result.push_back(x);
    }
  } else {  // symmetric_difference
    for (const auto& x : items_)
      if (!contains(others[0], x)) result.push_back(x);
    for (const auto& x : others[0])
      if (!holds(x) && !contains(result, x)) result.push_back(x);
  }
  if (mutates(name)) {
    if (mutationType() == MutationType::kValueMutationExisting)
      tx.context().sideEffects.markMutated(this, "." + name + "()");
    else
      tx.context().sideEffects.noteNewMutation(*this);
    items_ = std::move(result);
    return ConstantVariable::make(NoneValue{});
  }
  auto out = std::make_shared<SetVariable>(
      std::move(result), nullptr,
      frozen_ ? MutationType::kImmutable : MutationType::kValueMutationNew);
  if (frozen_) out->setFrozen();
  return VtPtr(out);
}

Expected<VtPtr> SetVariable::varGetattr(Tx&, const std::string& name) {
  if (isAlgebraMethod(name) && !(frozen_ && mutates(name)))
    return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
  if (isPublicMethod(name) && !frozen_)
    return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
  return unsupported("set method " + name);
}

Expected<VtPtr> SetVariable::callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) {
  if (!kwargs.empty()) return unsupported("keyword arguments to set." + name);
  if (name == "__len__" && args.empty())
    return ConstantVariable::make(static_cast<int64_t>(items_.size()));
  if (name == "__contains__" && args.size() == 1) {
    auto x = tx.realize(args[0]);
    if (!x) return x;
    bool contains;
    if (isIdentityHashed(*x) || hasIdentityItems()) {
      auto at = find(*x);
      if (!at) return at.error();
      contains = at->has_value();
    } else {
      contains = indexOf(*x).has_value();
    }
    // SetVariable.install_set_contains_guard: a set read through a source and not
    // modified, asked about a sourceless Python constant.
    if (source() && !tx.context().sideEffects.isModified(this) && !(*x)->source() &&
        (*x)->isPythonConstant())
      tx.context().output.addGuard(
          contains ? guards::GuardKind::SET_CONTAINS : guards::GuardKind::SET_NOT_CONTAINS,
          source()->name());
    return ConstantVariable::make(contains);
  }
  if (isAlgebraMethod(name)) {
    auto r = algebra(tx, name, args, false);
    if (r || !r.error().message().empty()) return r;
    return unsupported("set." + name + " with " + std::to_string(args.size()) + " arguments");
  }
  // add / discard / remove of a constant; a pre-existing set changed is written back.
  if (!isPublicMethod(name) || args.size() != 1 || frozen_)
    return unsupported("call of method " + name + " on set");
  auto item = tx.realize(args[0]);
  if (!item) return item;
  std::optional<size_t> at;
  if (isIdentityHashed(*item) || hasIdentityItems()) {
    // Tensors and nn.Modules hash by identity with no guard (hash_impl: the fake's id,
    // the object's id).
    if ((*item)->kind() != VtKind::kConstant && !isIdentityHashed(*item))
      return unsupported("set." + name + " of a " + (*item)->pythonTypeName());
    auto found = find(*item);
    if (!found) return found.error();
    at = *found;
  } else {
    if ((*item)->kind() != VtKind::kConstant)
      return unsupported("set." + name + " of a " + (*item)->pythonTypeName());
    at = indexOf(*item);
  }
  if (name == "remove" && !at) return unsupported("set.remove of a missing item (KeyError path)");
  if (mutationType() == MutationType::kValueMutationExisting)
    tx.context().sideEffects.markMutated(this, "." + name + "()");
  else
    tx.context().sideEffects.noteNewMutation(*this);
  if (name == "add" && !at) items_.push_back(*item);
  if (name != "add" && at) items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(*at));
  return ConstantVariable::make(NoneValue{});
}

}  // namespace dynrr::vt
