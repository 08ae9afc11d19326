// user_defined.cpp — see user_defined.h. Mirrors, in torch 2.13,
// variables/user_defined.py UserDefinedObjectVariable.var_getattr / generic_getattr /
// call_obj_hasattr / call_method, UserDefinedClassVariable.call_function (the polyfill
// instantiate_user_defined_class_object), and get_source_by_walking_mro.
#include "core/vt/user_defined.h"

#include <algorithm>
#include <set>

#include "core/trace/object_printer.h"
#include "core/tracer/instruction_translator.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/contextlib_manager.h"
#include "core/vt/ctx_manager.h"
#include "core/vt/dicts.h"
#include "core/vt/exceptions.h"
#include "core/vt/functions.h"
#include "core/vt/iter.h"
#include "core/vt/lazy.h"
#include "core/vt/lists.h"
#include "core/vt/nn_module.h"
#include "core/vt/operator_getter.h"
#include "core/vt/weakref.h"

namespace dynrr::vt {

using guards::GuardKind;
using W = schema::Object::Which;

std::string qualifiedClassName(const trace::TraceReader& trace, trace::ObjRef cls) {
  auto c = trace.object(cls);
  if (!c || c->which() != W::CLASS) return "?";
  std::string module = c->getClass().getModule().cStr();
  std::string qualname = c->getClass().getQualname().cStr();
  return module.empty() || module == "builtins" ? qualname : module + "." + qualname;
}

std::optional<std::string> mroFind(const trace::TraceReader& trace, trace::ObjRef cls,
                                   std::initializer_list<std::string_view> names) {
  auto c = trace.object(cls);
  if (!c || c->which() != W::CLASS) return std::nullopt;
  for (auto k : c->getClass().getMro()) {
    std::string kn = qualifiedClassName(trace, k);
    for (std::string_view n : names)
      if (kn == n) return kn;
  }
  return std::nullopt;
}

std::optional<trace::ObjRef> findAttr(capnp::List<schema::Attr>::Reader attrs,
                                      const std::string& name) {
  for (auto a : attrs)
    if (a.getName() == name) return a.getValue();
  return std::nullopt;
}

Expected<std::optional<MroHit>> lookupMro(const trace::TraceReader& trace, trace::ObjRef cls,
                                          const std::string& name) {
  auto c = trace.object(cls);
  if (!c || c->which() != W::CLASS) return Error("class of an instance missing from the trace");
  auto mro = c->getClass().getMro();
  for (unsigned i = 0; i < mro.size(); ++i) {
    auto k = trace.object(mro[i]);
    if (!k || k->which() != W::CLASS) return Error("MRO entry missing from the trace");
    if (auto v = findAttr(k->getClass().getAttrs(), name))
      return std::optional<MroHit>(MroHit{i, mro[i], *v});
  }
  return std::optional<MroHit>();
}

bool userClassDefines(const trace::TraceReader& trace, trace::ObjRef cls, const std::string& name) {
  auto c = trace.object(cls);
  if (!c || c->which() != W::CLASS) return false;
  for (auto k : c->getClass().getMro()) {
    auto ko = trace.object(k);
    if (!ko || ko->which() != W::CLASS) continue;
    std::string module = ko->getClass().getModule().cStr();
    if (module.rfind("torch", 0) == 0 || module == "builtins") continue;
    // OrderedDict's own methods are the dict base's (DictVariable models them).
    if (module == "collections" &&
        std::string_view(ko->getClass().getQualname().cStr()) == "OrderedDict")
      continue;
    if (findAttr(ko->getClass().getAttrs(), name)) return true;
  }
  return false;
}

std::optional<std::vector<std::string>> namedTupleFields(const trace::TraceReader& trace,
                                                         trace::ObjRef cls) {
  auto c = trace.object(cls);
  if (!c || c->which() != W::CLASS) return std::nullopt;
  auto f = findAttr(c->getClass().getAttrs(), "_fields");
  auto t = f ? trace.object(*f) : Expected<schema::Object::Reader>(Error(""));
  if (!t || t->which() != W::TUPLE) return std::nullopt;
  std::vector<std::string> out;
  for (auto item : t->getTuple()) {
    auto s = trace.object(item);
    if (!s || s->which() != W::STR) return std::nullopt;
    out.push_back(s->getStr().cStr());
  }
  return out;
}

bool isPlainNamedTupleClass(const trace::TraceReader& trace, trace::ObjRef cls) {
  auto c = trace.object(cls);
  if (!c || c->which() != W::CLASS) return false;
  auto mro = c->getClass().getMro();
  if (mro.size() != 3 || qualifiedClassName(trace, mro[1]) != "tuple") return false;
  return findAttr(c->getClass().getAttrs(), "__new__") && namedTupleFields(trace, cls);
}

// The key of a descriptor in mroSourceCache: its identity token, or its heap ref.
static uint64_t descriptorKey(const trace::TraceReader& trace, trace::ObjRef ref) {
  auto o = trace.object(ref);
  return o && o->getIdentity() != 0 ? o->getIdentity() : (uint64_t{1} << 63) | ref;
}

// get_source_by_walking_mro: dict(type(S).__dict__)['name'] or
// dict(type(S).__mro__[i].__dict__)['name'], with NOT_PRESENT_IN_GENERIC_DICT on S (the
// instance dict does not shadow it) and DICT_NOT_CONTAINS on the classes in between.
Expected<SourcePtr> mroSource(Tx& tx, const UserObjectVariable& o, const MroHit& hit,
                              const std::string& name, bool inInstanceDict) {
  auto& ctx = tx.context();
  const SourcePtr& s = o.source();
  if (!s) return SourcePtr();
  auto c = ctx.trace.object(o.cls());
  if (!c || c->which() != W::CLASS) return Error("class missing from the trace");
  auto mro = c->getClass().getMro();
  std::string typeName = "type(" + s->name() + ")";
  for (size_t absent = 1; absent < hit.index; ++absent) {
    auto k = ctx.trace.object(mro[static_cast<unsigned>(absent)]);
    uint64_t id = k ? k->getIdentity() : 0;
    if (!ctx.guardedMroAbsent.insert({id, name}).second) continue;
    ctx.output.addGuard(GuardKind::DICT_NOT_CONTAINS,
                        "dict(" + typeName + ".__mro__[" + std::to_string(absent) + "].__dict__)");
  }
  // `hasattr(self.value, "__dict__")`: an instance of a __slots__-only class has none.
  bool noDict = false;
  if (auto inst = o.instance(tx); inst && *inst) noDict = (*inst)->getNoDict();
  if (!inInstanceDict && !noDict)
    ctx.output.addGuard(GuardKind::NOT_PRESENT_IN_GENERIC_DICT, s->name());
  auto key = std::make_pair(descriptorKey(ctx.trace, hit.value), name);
  if (auto cached = ctx.mroSourceCache.find(key); cached != ctx.mroSourceCache.end())
    return cached->second;
  std::string klass =
      hit.index == 0 ? typeName : typeName + ".__mro__[" + std::to_string(hit.index) + "]";
  auto out = Source::expr(s, "dict(" + klass + ".__dict__)[" + pyStrRepr(name) + "]");
  ctx.mroSourceCache[key] = out;
  return out;
}

Expected<std::optional<schema::Instance::Reader>> UserObjectVariable::instance(Tx& tx) const {
  if (object_ == 0) return std::optional<schema::Instance::Reader>();
  auto obj = tx.context().trace.object(object_);
  // A dict subclass instance is recorded as its dict (its instance __dict__ is not).
  if (obj && obj->which() == W::DICT && baseDict_) return std::optional<schema::Instance::Reader>();
  // So is a tuple, list or set subclass instance (as its tuple, list or set).
  if (obj && (obj->which() == W::TUPLE || obj->which() == W::LIST || obj->which() == W::SET) &&
      baseSequence_)
    return std::optional<schema::Instance::Reader>();
  if (!obj || obj->which() != W::INSTANCE) return Error("instance missing from the trace");
  return std::optional<schema::Instance::Reader>(obj->getInstance());
}

namespace {

// resolve_data_descriptor for a Python property (PropertyVariable.tp_descr_get_impl):
// fget, built from AttrSource(<the descriptor by MRO walk>, "fget") and realised, is
// called with the object. A data descriptor: no NOT_PRESENT_IN_GENERIC_DICT guard.
Expected<VtPtr> propertyGet(Tx& tx, const UserObjectVariable& o, const MroHit& hit,
                            schema::Object::Reader v, const std::string& name) {
  auto& ctx = tx.context();
  auto fget = findAttr(v.getInstance().getAttrs(), "fget");
  auto f = fget ? ctx.trace.object(*fget) : Expected<schema::Object::Reader>(Error(""));
  if (!f || f->which() != W::FUNCTION)
    return unsupported("property " + o.typeName() + "." + name +
                       " whose getter is not a Python function");
  auto src = mroSource(tx, o, hit, name, true);
  if (!src) return src.error();
  auto getter =
      tracer::VariableBuilder::wrap(ctx, *fget, *src ? Source::attr(*src, "fget") : nullptr);
  if (!getter) return getter.error();
  auto fn = tx.realize(*getter);
  if (!fn) return fn.error();
  return (*fn)->callFunction(tx, {const_cast<UserObjectVariable&>(o).self()}, {});
}

// Step 2 of generic_getattr: a class attribute that is not a plain function must not be
// a descriptor the core does not model. A staticmethod is a non-data descriptor: unless
// the instance dict has the name, it gives its __func__ unbound (only the sourceless
// case, an object made while tracing, is modelled). Returns the staticmethod's function
// when that applies.
Expected<VtPtr> checkClassAttr(Tx& tx, const UserObjectVariable& o, const MroHit& hit,
                               schema::Object::Reader v, bool inDict, const std::string& name) {
  if (v.which() != W::INSTANCE && v.which() != W::OPAQUE && v.which() != W::CALLABLE)
    return VtPtr();
  const auto& trace = tx.context().trace;
  std::string t = trace::typeName(trace, hit.value);
  if (t == "property" && v.which() == W::INSTANCE) return propertyGet(tx, o, hit, v, name);
  if (t == "staticmethod" && v.which() == W::INSTANCE && !inDict) {
    auto func = findAttr(v.getInstance().getAttrs(), "__func__");
    auto f = func ? trace.object(*func) : Expected<schema::Object::Reader>(Error(""));
    if (f && f->which() == W::FUNCTION) {
      if (o.source()) {
        // StaticMethodVariable.tp_descr_get_impl: the descriptor by MRO walk (a non-data
        // descriptor: NOT_PRESENT_IN_GENERIC_DICT), then its __func__, built lazily.
        auto src = mroSource(tx, o, hit, name, false);
        if (!src) return src.error();
        return VtPtr(std::make_shared<LazyVariable>(*func, Source::attr(*src, "__func__")));
      }
      return VtPtr(std::make_shared<UserFunctionVariable>(
          *func, f->getFunction().getQualname().cStr(), nullptr));
    }
  }
  if (t != "function" && !(t == "staticmethod" && inDict))
    return unsupported("class attribute " + o.typeName() + "." + name + " of type " + t +
                       " (descriptors are not modelled)");
  return VtPtr();
}

}  // namespace

std::optional<Expected<VtPtr>> UserObjectVariable::instanceDictAttr(Tx&, const std::string&,
                                                                    trace::ObjRef) {
  return std::nullopt;
}

// UserDefinedObjectVariable.var_getattr with _object_has_getattribute: the class's
// __getattribute__ is inlined as a method call with the name (no guard on the function
// itself); an AttributeError from it (falling back to __getattr__) is not modelled.
Expected<VtPtr> UserObjectVariable::varGetattr(Tx& tx, const std::string& name) {
  auto& ctx = tx.context();
  // InspectVariable (inspect.Signature and inspect.Parameter objects): the properties
  // `parameters`, `kind` and `name` read the private slot they return, not traced.
  if (typeName_ == "inspect.Signature" && name == "parameters")
    return genericGetattr(tx, "_parameters");
  if (typeName_ == "inspect.Parameter" && (name == "kind" || name == "name"))
    return genericGetattr(tx, "_" + name);
  // OptimizerVariable.var_getattr / call_method: _init_group runs the real optimizer's
  // method and maps its tensors to sources, param_groups marks every parameter a static
  // address; neither is modelled.
  if ((name == "_init_group" || name == "param_groups") && object() != 0 &&
      mroFind(ctx.trace, class_, {"torch.optim.optimizer.Optimizer"}))
    return unsupported("optimizer." + name +
                       " (Dynamo's OptimizerVariable: _init_group run eagerly with its "
                       "tensors mapped to sources, parameters marked static) is not modelled");
  if (name != "__class__" && name != "__dict__" && !ctx.sideEffects.pendingAttr(this, name) &&
      userClassDefines(ctx.trace, class_, "__getattribute__")) {
    auto ga = lookupMro(ctx.trace, class_, "__getattribute__");
    if (!ga) return ga.error();
    auto f = *ga ? ctx.trace.object((**ga).value) : Expected<schema::Object::Reader>(Error(""));
    if (!f || f->which() != W::FUNCTION)
      return unsupported("a __getattribute__ that is not a Python function (" + typeName_ + ")");
    auto fn = std::make_shared<UserFunctionVariable>(
        (**ga).value, f->getFunction().getQualname().cStr(), nullptr);
    SourcePtr src = source() ? Source::attr(source(), "__getattribute__") : nullptr;
    auto method = std::make_shared<UserMethodVariable>(fn, self(), src);
    return method->callFunction(tx, {ConstantVariable::make(name)}, {});
  }
  return genericGetattr(tx, name);
}

Expected<VtPtr> UserObjectVariable::genericGetattr(Tx& tx, const std::string& name) {
  auto& ctx = tx.context();
  auto inst = instance(tx);
  if (!inst) return inst.error();
  const SourcePtr& s = source();
  if (name == "__dict__") return dunderDict(tx);
  if (name == "__class__") {
    // generic_getattr: VariableTracker.build(type(value), AttrSource(source, "__class__")).
    return tracer::VariableBuilder::wrap(ctx, class_, s ? Source::attr(s, "__class__") : nullptr);
  }
  if (auto stored = ctx.sideEffects.pendingAttr(this, name)) {
    // load_attr(deleted_ok=True) of a DeletedVariable: AttributeError.
    if (isDeleted(stored)) return raiseObservedException(tx, "AttributeError", {});
    return stored;
  }
  // UserDefinedDictVariable: a dict method the class does not override runs on _base_vt.
  if (baseDict_ && !userClassDefines(ctx.trace, class_, name)) {
    if (auto m = baseDict_->varGetattr(tx, name); m) return m;
    if (name.rfind("__", 0) == 0) return VtPtr(std::make_shared<GetAttrVariable>(baseDict_, name));
  }
  std::optional<trace::ObjRef> inDict;
  if (*inst) inDict = findAttr((*inst)->getAttrs(), name);
  if (inDict) {
    if (auto special = instanceDictAttr(tx, name, *inDict)) return std::move(*special);
  }
  // A __slots__ member (a member_descriptor, a data descriptor on the type):
  // MemberDescriptorVariable.tp_descr_get_impl reads the slot and builds the value from
  // AttrSource(source, name).
  if (*inst && !inDict) {
    for (auto sl : (*inst)->getSlots()) {
      if (std::string_view(sl.getName().cStr()) != name) continue;
      // The MRO lookup installs no guard; the value is built lazily from
      // AttrSource(source, name).
      return VtPtr(
          std::make_shared<LazyVariable>(sl.getValue(), s ? Source::attr(s, name) : nullptr));
    }
  }
  auto hit = lookupMro(ctx.trace, class_, name);
  if (!hit) return hit.error();
  // Step 2: data descriptors on the type win over the instance dict.
  std::optional<schema::Object::Reader> typeAttr;
  if (*hit) {
    auto v = ctx.trace.object((*hit)->value);
    if (!v) return v.error();
    typeAttr = *v;
    auto checked = checkClassAttr(tx, *this, **hit, *v, inDict.has_value(), name);
    if (!checked || *checked) return checked;
  }
  // Step 3: the instance __dict__.
  if (inDict) {
    SourcePtr src = s ? Source::attr(s, name) : nullptr;
    auto lazy = std::make_shared<LazyVariable>(*inDict, src);
    // VariableTracker.build makes a new LazyConstantVariable on every read of an int,
    // float, bool or str (no variable_tracker_cache), each with its own TYPE_MATCH.
    if (lazy->isLazyConstant(ctx.trace)) return VtPtr(lazy);
    if (src) {
      if (auto cached = ctx.builtBySource.find(src->name()); cached != ctx.builtBySource.end())
        return cached->second;
    }
    lazy->setSharedAcrossReads();
    if (src) ctx.builtBySource[src->name()] = lazy;
    return VtPtr(lazy);
  }
  // MutableMappingVariable.var_getattr: `get` inherited from collections.abc.Mapping is
  // polyfills.mapping_get bound to the object, made without a source (no MRO guards);
  // its body, obj.__getitem__(key) with KeyError giving the default, is Mapping.get's.
  if (*hit && name == "get" && typeAttr->which() == W::FUNCTION &&
      qualifiedClassName(ctx.trace, (*hit)->cls) == "collections.abc.Mapping") {
    if (mroFind(ctx.trace, class_, {"collections.abc.MutableMapping"})) {
      VtPtr fn = std::make_shared<UserFunctionVariable>(
          (*hit)->value, typeAttr->getFunction().getQualname().cStr(), nullptr);
      return VtPtr(std::make_shared<UserMethodVariable>(fn, self(), nullptr));
    }
  }
  // Steps 4-5: a method or a plain class variable.
  if (*hit) {
    auto src = mroSource(tx, *this, **hit, name, false);
    if (!src) return src.error();
    if (typeAttr->which() == W::FUNCTION) {
      auto f = typeAttr->getFunction();
      VtPtr fn =
          std::make_shared<UserFunctionVariable>((*hit)->value, f.getQualname().cStr(), *src);
      return VtPtr(std::make_shared<UserMethodVariable>(fn, self(), *src));
    }
    // resolve_cls_plain_attr: without a source of its own, an object made while tracing
    // builds a plain class variable from AttrSource(cls_source, name).
    SourcePtr plain = *src;
    if (!plain && !s && clsSource_) plain = Source::attr(clsSource_, name);
    return VtPtr(std::make_shared<LazyVariable>((*hit)->value, plain));
  }
  return getattrFallback(tx, name);
}

// get_dict_vt / DunderDictVariable.create: the instance __dict__ as a dict whose values
// are built lazily from DictGetItemSource(AttrSource(source, "__dict__"), key), without
// key guards. Its mutations go through the side-effects table in Dynamo; here they are
// refused by name, and so is a __dict__ read after attribute stores.
Expected<VtPtr> UserObjectVariable::dunderDict(Tx& tx) {
  auto& ctx = tx.context();
  if (dunderDict_) return dunderDict_;
  if (flavor_ != Flavor::kPlain)
    return unsupported("obj.__dict__ of an nn.Module (" + typeName_ + ")");
  if (!object_ && !source()) {
    // An object made while tracing: its __dict__ is what was stored to it (the
    // side-effects table), read through a snapshot that refuses use after later stores.
    std::vector<std::pair<VtPtr, VtPtr>> entries;
    if (auto* attrs = ctx.sideEffects.attrsOf(this))
      for (const auto& [n, v] : *attrs)
        if (!isDeleted(v)) entries.emplace_back(ConstantVariable::make(n), v);
    auto dict = std::make_shared<DictVariable>(std::move(entries), nullptr,
                                               MutationType::kAttributeMutationNew);
    dict->setDunderDict();
    dict->setSnapshotOf(ctx.sideEffects.pending().size());
    return VtPtr(dict);
  }
  auto inst = instance(tx);
  if (!inst) return inst.error();
  if (ctx.sideEffects.hasPendingAttrs(this) || baseDict_) {
    // SideEffectsProxyDict over a pre-existing object: the attributes stored while
    // tracing (the side-effects table), then the recorded instance dict's other keys
    // from DictGetItemSource. A snapshot: used after a later store it is refused. A dict
    // subclass object's instance dict is not recorded: only the stored keys are known.
    std::vector<std::pair<VtPtr, VtPtr>> entries;
    std::set<std::string> stored;
    if (auto* attrs = ctx.sideEffects.attrsOf(this)) {
      for (const auto& [n, v] : *attrs) {
        entries.emplace_back(ConstantVariable::make(n), v);
        stored.insert(n);
      }
    }
    SourcePtr dictSrc = source() ? Source::attr(source(), "__dict__") : nullptr;
    if (*inst) {
      for (auto a : (*inst)->getAttrs()) {
        std::string key = a.getName().cStr();
        if (stored.count(key)) continue;
        SourcePtr src = dictSrc ? Source::item(dictSrc, pyStrRepr(key)) : nullptr;
        entries.emplace_back(ConstantVariable::make(key),
                             std::make_shared<LazyVariable>(a.getValue(), src));
      }
    }
    auto dict = std::make_shared<DictVariable>(std::move(entries), dictSrc,
                                               MutationType::kAttributeMutationExisting);
    dict->setDunderDict();
    dict->setSnapshotOf(ctx.sideEffects.pending().size());
    if (!*inst) dict->setPartialKeys();
    return VtPtr(dict);
  }
  if (!*inst) return unsupported("obj.__dict__ of a " + typeName_ + " with no recorded instance");
  SourcePtr dictSrc = source() ? Source::attr(source(), "__dict__") : nullptr;
  std::vector<std::pair<VtPtr, VtPtr>> entries;
  for (auto a : (*inst)->getAttrs()) {
    std::string key = a.getName().cStr();
    SourcePtr src = dictSrc ? Source::item(dictSrc, pyStrRepr(key)) : nullptr;
    entries.emplace_back(ConstantVariable::make(key),
                         std::make_shared<LazyVariable>(a.getValue(), src));
  }
  auto dict = std::make_shared<DictVariable>(std::move(entries), dictSrc,
                                             MutationType::kAttributeMutationExisting);
  dict->setDunderDict();
  dunderDict_ = dict;
  return VtPtr(dict);
}

// Step 6: UserDefinedObjectVariable.var_getattr asks the class's __getattr__, inlined as
// a method call with the name, for an attribute found nowhere else.
Expected<VtPtr> UserObjectVariable::getattrFallback(Tx& tx, const std::string& name) {
  const auto& trace = tx.context().trace;
  if (!userClassDefines(trace, class_, "__getattr__"))
    return unsupported("attribute " + typeName_ + "." + name +
                       " not found (AttributeError path, or not recorded)");
  auto ga = lookupMro(trace, class_, "__getattr__");
  if (!ga) return ga.error();
  auto f = *ga ? trace.object((**ga).value) : Expected<schema::Object::Reader>(Error(""));
  if (!f || f->which() != W::FUNCTION)
    return unsupported("a __getattr__ that is not a Python function (" + typeName_ + ")");
  auto fn = std::make_shared<UserFunctionVariable>((**ga).value,
                                                   f->getFunction().getQualname().cStr(), nullptr);
  return fn->callFunction(tx, {self(), ConstantVariable::make(name)}, {});
}

Expected<bool> UserObjectVariable::recordedHas(Tx&, schema::Instance::Reader inst,
                                               const std::string& name) {
  return findAttr(inst.getAttrs(), name).has_value();
}

// call_obj_hasattr: HASATTR on its source, then the attribute is looked up as getattr
// would (a pending store, the instance dict, the class, an nn.Module's dicts) and the
// found value is checked with isinstance, which realises a lazy value (a lazy constant
// only gets TYPE_MATCH).
Expected<bool> UserObjectVariable::callObjHasattr(Tx& tx, const std::string& name) {
  auto& ctx = tx.context();
  if (source()) ctx.output.addGuard(GuardKind::HASATTR, source()->name());
  VtPtr pending = ctx.sideEffects.pendingAttr(this, name);
  if (pending && isDeleted(pending)) return false;
  bool found = pending != nullptr;
  if (!found) {
    auto inst = instance(tx);
    if (!inst) return inst.error();
    if (*inst) {
      auto has = recordedHas(tx, **inst, name);
      if (!has) return has.error();
      found = *has;
    }
  }
  if (!found) {
    auto hit = lookupMro(ctx.trace, class_, name);
    if (!hit) return hit.error();
    found = hit->has_value();
  }
  if (!found && isNNModule() && source()) {
    // manually_trace_nn_module_getattr looks in _parameters, _modules and _buffers,
    // each read with VariableBuilder (TYPE_MATCH), before the AttributeError.
    for (const char* field : {"_parameters", "_modules", "_buffers"})
      ctx.output.addGuard(GuardKind::TYPE_MATCH, Source::attr(source(), field)->name());
  }
  if (!found) return false;
  auto v = varGetattr(tx, name);
  if (!v) return v.error();
  if (Status st = LazyVariable::isinstanceCheck(tx, *v); !st) return st.error();  // DeletedVariable
  return true;
}

Expected<VtPtr> UserObjectVariable::callFunction(Tx& tx, Args, Kwargs) {
  if (userClassDefines(tx.context().trace, class_, "__call__"))
    return unsupported("calling a user object's __call__ (" + typeName_ + ")");
  return unsupported("calling a " + typeName_ + " object that defines no __call__");
}

// STORE_ATTR and the builtin setattr (both BuiltinVariable(setattr).call_function).
Status UserObjectVariable::setAttr(Tx& tx, const std::string& name, const VtPtr& value) {
  auto& ctx = tx.context();
  auto hit = lookupMro(ctx.trace, class_, name);
  if (!hit) return hit.error();
  // A __slots__ member (member_descriptor, a data descriptor whose __set__ writes the
  // slot) stores like an instance attribute: store_attr in the side-effects table
  // (inspect.Parameter's _name, _kind, ...).
  if (*hit && trace::typeName(ctx.trace, (*hit)->value) != "member_descriptor") {
    auto v = ctx.trace.object((*hit)->value);
    if (v && v->which() != W::FUNCTION && trace::typeName(ctx.trace, (*hit)->value) != "int" &&
        v->which() != W::INT && v->which() != W::FLOAT && v->which() != W::STR &&
        v->which() != W::BOOL && v->which() != W::NONE)
      return unsupported("attribute store shadowing a class attribute of type " +
                         trace::typeName(ctx.trace, (*hit)->value) + " (descriptors)");
  }
  // STORE_ATTR goes through BuiltinVariable(setattr), whose handler dispatch realises
  // lazy arguments: the stored value is realised (guarded) here, then kept as is by
  // store_attr. Seen with real Dynamo: `o.k = n; o.f = flag` guards n == 3, flag == True.
  auto stored = tx.realize(value);
  if (!stored) return stored.error();
  ctx.sideEffects.storeAttr(self(), name, *stored);
  return Status::success();
}

Expected<VtPtr> UserObjectVariable::callMethod(Tx& tx, const std::string& name, Args args,
                                               Kwargs kwargs) {
  // UserDefinedTupleVariable / UserDefinedListVariable: len() and indexing the class
  // does not override run on the tuple or list part; the subscript looks __getitem__ up on the type
  // first (NOT_PRESENT_IN_GENERIC_DICT on the object), len() does not.
  bool setPart = baseSequence_ && baseSequence_->kind() == VtKind::kSet;
  if (baseSequence_ &&
      (name == "__len__" || (name == "__getitem__" && !setPart) ||
       (name == "__contains__" && setPart)) &&
      !userClassDefines(tx.context().trace, class_, name)) {
    if (name == "__getitem__" && source())
      tx.context().output.addGuard(GuardKind::NOT_PRESENT_IN_GENERIC_DICT, source()->name());
    return baseSequence_->callMethod(tx, name, std::move(args), std::move(kwargs));
  }
  if (name == "__setattr__" && args.size() == 2 && kwargs.empty() &&
      userClassDefines(tx.context().trace, class_, "__setattr__")) {
    // UserDefinedObjectVariable.call_method: a __setattr__ that is a Python function is
    // inlined as a method, its source from get_source_by_walking_mro (with its guards)
    // when the object has one.
    if (object_ && !source())
      return unsupported(
          "attribute store on a recorded object without a source whose class "
          "defines __setattr__ (" +
          typeName_ + ")");
    auto hit = lookupMro(tx.context().trace, class_, "__setattr__");
    if (!hit) return hit.error();
    auto f = *hit ? tx.context().trace.object((*hit)->value)
                  : Expected<schema::Object::Reader>(Error("__setattr__ not recorded"));
    if (!f || f->which() != W::FUNCTION)
      return unsupported(typeName_ + ".__setattr__ that is not a Python function");
    SourcePtr fnSource;
    if (source()) {
      auto src = mroSource(tx, *this, **hit, "__setattr__", false);
      if (!src) return src.error();
      fnSource = *src;
    }
    auto fn = std::make_shared<UserFunctionVariable>(
        (*hit)->value, f->getFunction().getQualname().cStr(), fnSource);
    return VtPtr(std::make_shared<UserMethodVariable>(fn, self(), fnSource))
        ->callFunction(tx, std::move(args), std::move(kwargs));
  }
  if (name == "__delattr__" && args.size() == 1 && kwargs.empty() &&
      !userClassDefines(tx.context().trace, class_, "__delattr__")) {
    // is_standard_delattr: method_setattr_standard(name, DeletedVariable()). Only an
    // object made while tracing: deleting from a recorded one would be written back.
    const std::string* attr = constantStr(args[0]);
    if (!attr) return unsupported("delattr with a non-constant name");
    if (object_ != 0 || flavor_ != Flavor::kPlain)
      return unsupported("deleting attribute '" + *attr + "' of a pre-existing " + typeName_);
    tx.context().sideEffects.storeAttr(self(), *attr, std::make_shared<DeletedVariable>());
    return ConstantVariable::make(NoneValue{});
  }
  if (name == "__setattr__" && args.size() == 2 && kwargs.empty()) {
    const std::string* attr = constantStr(args[0]);
    if (!attr) return unsupported("setattr with a non-constant name");
    if (Status st = setAttr(tx, *attr, args[1]); !st) return st.error();
    return ConstantVariable::make(NoneValue{});
  }
  // The object's own Python method (call_method -> var_getattr(name).call_function).
  auto m = varGetattr(tx, name);
  if (!m) return m;
  return (*m)->callFunction(tx, std::move(args), std::move(kwargs));
}

Expected<VtPtr> UserObjectVariable::iterate(Tx& tx) {
  // A tuple or list subclass iterates its tuple or list part, __iter__ looked up on the
  // type first.
  if (baseSequence_ && !userClassDefines(tx.context().trace, class_, "__iter__")) {
    if (source())
      tx.context().output.addGuard(GuardKind::NOT_PRESENT_IN_GENERIC_DICT, source()->name());
    return baseSequence_;
  }
  if (baseDict_ && !userClassDefines(tx.context().trace, class_, "__iter__"))
    return VtPtr(std::make_shared<GetAttrVariable>(baseDict_, "keys"))->callFunction(tx, {}, {});
  auto m = varGetattr(tx, "__iter__");
  if (!m) return m;
  if ((*m)->kind() != VtKind::kUserMethod)
    return unsupported("iterating a " + typeName_ + " whose __iter__ is not a Python method");
  auto it = (*m)->callFunction(tx, {}, {});
  if (!it) return it;
  auto r = tx.realize(*it);
  if (!r) return r;
  if ((*r)->kind() == VtKind::kIterator || asSequence(*r)) return r;
  return unsupported(typeName_ + ".__iter__ returning a " + (*r)->pythonTypeName());
}

Expected<std::vector<VtPtr>> UserObjectVariable::unpackVarSequence(Tx& tx) {
  if (baseSequence_ && !userClassDefines(tx.context().trace, class_, "__iter__")) {
    auto t = iterate(tx);
    if (!t) return t.error();
    return (*t)->unpackVarSequence(tx);
  }
  if (baseDict_ && !userClassDefines(tx.context().trace, class_, "__iter__"))
    return baseDict_->unpackVarSequence(tx);
  auto r = iterate(tx);
  if (!r) return r.error();
  return (*r)->unpackVarSequence(tx);
}

// UserDefinedExceptionClassVariable.call_function: with a source, the polyfill
// instantiate_user_defined_class_object (reading `type` and `issubclass`), whose
// cls.__new__ is BaseException.__new__ and whose __init__ is BaseException.__init__: an
// exception object holding its args.
Expected<VtPtr> UserClassVariable::callException(Tx& tx, std::string builtinBase, Args args,
                                                 Kwargs kwargs) {
  auto& ctx = tx.context();
  auto c = ctx.trace.object(class_);
  if (!c || c->which() != W::CLASS) return Error("class missing from the trace");
  for (auto k : c->getClass().getMro()) {
    auto kc = ctx.trace.object(k);
    if (!kc || kc->which() != W::CLASS) return Error("MRO entry missing from the trace");
    std::string module = kc->getClass().getModule().cStr();
    if (module == "builtins") continue;
    if (!tracer::isUserCodeClass(kc->getClass()))
      return unsupported("constructing " + typeName_ + ", a subclass of library class " +
                         qualifiedClassName(ctx.trace, k));
  }
  for (const char* own : {"__new__", "__str__", "__getattr__", "__setattr__"}) {
    if (userClassDefines(ctx.trace, class_, own))
      return unsupported("a user exception class defining " + std::string(own) + " (" + typeName_ +
                         ")");
  }
  if (!kwargs.empty()) return unsupported("keyword arguments to exception constructor");
  if (source()) {
    ctx.output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['type']");
    ctx.output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['issubclass']");
  }
  auto exc = std::make_shared<ExceptionVariable>(typeName_, class_, std::move(builtinBase), args);
  // A user __init__ is inlined on the new exception (obj.__init__(*args)); its
  // super().__init__(...) graph-breaks (SuperVariable, see misc.cpp). Attribute stores on
  // the exception are not modelled, so a __init__ that gets that far is unsupported.
  if (userClassDefines(ctx.trace, class_, "__init__")) {
    auto hit = lookupMro(ctx.trace, class_, "__init__");
    if (!hit) return hit.error();
    auto init =
        *hit ? ctx.trace.object((*hit)->value) : Expected<schema::Object::Reader>(Error(""));
    if (!init || init->which() != W::FUNCTION)
      return unsupported(typeName_ + ".__init__ that is not a Python function");
    auto fn = std::make_shared<UserFunctionVariable>(
        (*hit)->value, init->getFunction().getQualname().cStr(), nullptr);
    args.insert(args.begin(), exc);
    auto r = fn->callFunction(tx, std::move(args), {});
    if (!r) return r.error();
  }
  return VtPtr(exc);
}

namespace {

// iter(EnumClass): Dynamo inlines EnumType.__iter__, `(cls._member_map_[name] for name
// in cls._member_names_)`, a generator run lazily. GET_ITER wraps `_member_names_`
// (SEQUENCE_LENGTH); each next() reads one name (CONSTANT_MATCH on it) and looks it up
// in `_member_map_` (TYPE_MATCH on the dict), giving the member as a lazy value whose
// realisation is an ID_MATCH on `_member_map_['<name>']`.
class EnumMembersIterator final : public IteratorVariable {
 public:
  EnumMembersIterator(SourcePtr cls, std::vector<std::pair<std::string, trace::ObjRef>> members)
      : cls_(std::move(cls)), members_(std::move(members)) {}
  std::string pythonTypeName() const override { return "generator"; }
  std::string className() const override { return "LocalGeneratorObjectVariable"; }
  std::string describe() const override {
    return "iter(" + cls_->name() + ") at " + std::to_string(next_);
  }
  Expected<VtPtr> nextVariable(Tx& tx) override {
    if (next_ >= members_.size()) return VtPtr(nullptr);
    size_t i = next_++;
    auto names = Source::attr(cls_, "_member_names_");
    auto map = Source::attr(cls_, "_member_map_");
    auto& out = tx.context().output;
    out.addGuard(guards::GuardKind::CONSTANT_MATCH, Source::item(names, std::to_string(i))->name());
    out.addGuard(guards::GuardKind::TYPE_MATCH, map->name());
    return VtPtr(std::make_shared<LazyVariable>(
        members_[i].second, Source::item(map, constantRepr(members_[i].first))));
  }

 private:
  SourcePtr cls_;
  std::vector<std::pair<std::string, trace::ObjRef>> members_;
  size_t next_ = 0;
};

}  // namespace

Expected<VtPtr> UserClassVariable::enumMembersIterator(Tx& tx) {
  auto& trace = tx.context().trace;
  if (!source()) return unsupported("iterating enum class " + typeName_ + " without a source");
  auto c = trace.object(class_);
  if (!c || c->which() != W::CLASS) return Error("class missing from the trace");
  auto namesRef = findAttr(c->getClass().getAttrs(), "_member_names_");
  auto mapRef = findAttr(c->getClass().getAttrs(), "_member_map_");
  auto names = namesRef ? trace.object(*namesRef) : Expected<schema::Object::Reader>(Error(""));
  auto map = mapRef ? trace.object(*mapRef) : Expected<schema::Object::Reader>(Error(""));
  if (!names || names->which() != W::LIST || !map || map->which() != W::DICT)
    return unsupported("iterating enum class " + typeName_ +
                       " (its _member_names_ / _member_map_ were not recorded)");
  std::vector<std::pair<std::string, trace::ObjRef>> members;
  for (auto n : names->getList()) {
    auto name = trace.object(n);
    if (!name || name->which() != W::STR)
      return unsupported("iterating enum class " + typeName_ + " (a member name not recorded)");
    std::string key = name->getStr().cStr();
    std::optional<trace::ObjRef> member;
    for (auto e : map->getDict()) {
      auto k = trace.object(e.getKey());
      if (k && k->which() == W::STR && key == k->getStr().cStr()) member = e.getValue();
    }
    if (!member)
      return unsupported("iterating enum class " + typeName_ + " (member " + key +
                         " not recorded)");
    members.emplace_back(key, *member);
  }
  tx.context().output.addGuard(guards::GuardKind::SEQUENCE_LENGTH,
                               Source::attr(source(), "_member_names_")->name());
  return VtPtr(std::make_shared<EnumMembersIterator>(source(), std::move(members)));
}

// Mode['MUL']: EnumType.__getitem__ of a constant name folds, as Mode(value) does, to
// the member without a source (no guard of its own; seen with real Dynamo: no ID_MATCH
// on the member and no descriptor guards for its .value).
Expected<VtPtr> UserClassVariable::callMethod(Tx& tx, const std::string& name, Args args,
                                              Kwargs kwargs) {
  // collections.abc.Callable[[T], bool] and the like in an annotation evaluated at
  // MAKE_FUNCTION (torch/utils/_pytree.py): a types.GenericAlias only annotations hold.
  if (name == "__getitem__" && args.size() == 1 && kwargs.empty() &&
      typeName_.rfind("collections.abc.", 0) == 0) {
    // The key is read as a Python constant (mp_subscript_impl): its items are realised.
    auto key = tx.realize(args[0]);
    if (!key) return key;
    if (const auto* seq = dynamic_cast<const SequenceVariable*>(key->get()))
      for (const auto& item : seq->items())
        if (auto r = tx.realize(item); !r) return r;
    return VtPtr(std::make_shared<OpaqueVariable>(
        trace::ObjRef{0}, "types.GenericAlias",
        "a types.GenericAlias (" + typeName_ + "[...]) used beyond an annotation", nullptr));
  }
  if (name != "__getitem__" || args.size() != 1 || !kwargs.empty() || !isEnumClass(tx))
    return VariableTracker::callMethod(tx, name, std::move(args), std::move(kwargs));
  auto& trace = tx.context().trace;
  auto key = tx.realize(args[0]);
  if (!key) return key;
  const std::string* k = constantStr(*key);
  if (!k)
    return unsupported("enum class " + typeName_ + " indexed by a " + (*key)->pythonTypeName());
  auto c = trace.object(class_);
  if (!c || c->which() != W::CLASS) return Error("class missing from the trace");
  std::optional<trace::ObjRef> member = findAttr(c->getClass().getAttrs(), *k);
  if (auto mapRef = findAttr(c->getClass().getAttrs(), "_member_map_"); !member && mapRef) {
    if (auto map = trace.object(*mapRef); map && map->which() == W::DICT) {
      for (auto e : map->getDict()) {
        auto kk = trace.object(e.getKey());
        if (kk && kk->which() == W::STR && *k == kk->getStr().cStr()) member = e.getValue();
      }
    }
  }
  auto m = member ? trace.object(*member) : Expected<schema::Object::Reader>(Error(""));
  if (!m || m->which() != W::ENUM || m->getEnum().getClass() != class_)
    return unsupported("enum class " + typeName_ + "['" + *k +
                       "'] (the member was not recorded, or the KeyError path)");
  auto val = tracer::VariableBuilder::constantFromHeap(tx.context(), m->getEnum().getValue());
  std::optional<ConstantValue> value;
  if (val)
    if (const ConstantVariable* cv = asConstant(*val)) value = cv->value();
  bool mixin = mroFind(trace, class_, {"builtins.str", "builtins.int", "str", "int"}).has_value();
  return VtPtr(std::make_shared<EnumVariable>(*member, typeName_, m->getEnum().getName().cStr(),
                                              std::move(value), mixin, nullptr));
}

bool UserClassVariable::isEnumClass(Tx& tx) const {
  return mroFind(tx.context().trace, class_, {"enum.Enum"}).has_value();
}

// Pair(*args, **kwargs) of a collections.namedtuple class: is_namedtuple_cls, so Dynamo
// inlines instantiate_user_defined_class_object (reading `type` and `issubclass`),
// whose cls.__new__ is the generated `__new__(_cls, a, b)`: found on the class
// (CLOSURE_MATCH on dict(cls.__dict__)['__new__'].__func__), run with the globals
// namedtuple made for it, installed as an unnamed scope (TYPE_MATCH on that dict,
// ID_MATCH on its `_tuple_new`, BUILTIN_MATCH on `_tuple_new.__self__`, tuple). The
// result is a NamedTupleVariable: a new tuple with the class's field names. Arguments
// missing (the class's defaults) or extra (TypeError) are not modelled.
Expected<VtPtr> UserClassVariable::callNamedTupleClass(Tx& tx, Args args, Kwargs kwargs) {
  auto& ctx = tx.context();
  auto fields = namedTupleFields(ctx.trace, class_);
  if (!fields) return unsupported("a namedtuple class " + typeName_ + " without recorded _fields");
  if (!source()) return unsupported("constructing namedtuple " + typeName_ + " without a source");
  if (args.size() > fields->size())
    return unsupported("namedtuple " + typeName_ +
                       " called with too many arguments (TypeError path)");
  std::vector<VtPtr> items(fields->size());
  for (size_t i = 0; i < args.size(); ++i) items[i] = args[i];
  for (auto& [k, v] : kwargs) {
    auto at = std::find(fields->begin(), fields->end(), k);
    if (at == fields->end() || items[static_cast<size_t>(at - fields->begin())])
      return unsupported("namedtuple " + typeName_ + " called with keyword " + k +
                         " (TypeError path)");
    items[static_cast<size_t>(at - fields->begin())] = v;
  }
  for (size_t i = 0; i < items.size(); ++i)
    if (!items[i])
      return unsupported("namedtuple " + typeName_ + " built with the default of field " +
                         (*fields)[i] + " (the defaults' guards are not modelled)");
  using guards::GuardKind;
  ctx.output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['type']");
  ctx.output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['issubclass']");
  ctx.output.addGuard(GuardKind::CLOSURE_MATCH,
                      "dict(" + source()->name() + ".__dict__)['__new__'].__func__");
  // install_global_by_id("___unnamed_scope", f_globals): named by the dict's id and the
  // compile id, which core/compare normalises; the class's ref keeps two classes apart.
  std::string scope = "G['___unnamed_scope_" + std::to_string(class_) + "_c0']";
  ctx.output.addGuard(GuardKind::TYPE_MATCH, scope);
  ctx.output.addGuard(GuardKind::ID_MATCH, scope + "['_tuple_new']");
  ctx.output.addGuard(GuardKind::BUILTIN_MATCH, scope + "['_tuple_new'].__self__");
  auto t = makeTuple(std::move(items));
  auto* seq = static_cast<SequenceVariable*>(t.get());
  seq->setFieldNames(*fields);
  seq->setNamedTupleType(typeName_);
  return t;
}

// Mode(value) of an enum class: UserDefinedClassVariable.can_constant_fold_through holds
// for enum classes, so a constant argument gives the existing member, without a source
// and with no guard beyond the class's. The member is found among the class's recorded
// members by Python equality of values; a member the recorder kept only as a stub
// (not read by Dynamo) leaves the lookup unsupported.
Expected<VtPtr> UserClassVariable::callEnumClass(Tx& tx, Args args, const Kwargs& kwargs) {
  auto& trace = tx.context().trace;
  if (!kwargs.empty() || args.size() != 1)
    return unsupported("calling enum class " + typeName_ + " with other than one value");
  auto v = tx.realize(args[0]);
  if (!v) return v;
  // A member of the class itself is returned as it is (Enum.__new__), built sourceless
  // by the constant fold (inspect.Parameter's _ParameterKind(kind)).
  if ((*v)->kind() == VtKind::kEnum && (*v)->pythonTypeName() == typeName_)
    return VtPtr(static_cast<const EnumVariable&>(**v).sourceless());
  if ((*v)->kind() != VtKind::kConstant)
    return unsupported("enum class " + typeName_ + " called with a " + (*v)->pythonTypeName());
  auto c = trace.object(class_);
  if (!c || c->which() != W::CLASS) return Error("class missing from the trace");
  bool stub = false;
  for (auto a : c->getClass().getAttrs()) {
    auto m = trace.object(a.getValue());
    if (!m) continue;
    if (m->which() == W::OPAQUE && std::string(m->getOpaque().getTypeName().cStr()) == typeName_) {
      stub = true;
      continue;
    }
    if (m->which() != W::ENUM || m->getEnum().getClass() != class_) continue;
    auto val = tracer::VariableBuilder::constantFromHeap(tx.context(), m->getEnum().getValue());
    if (!val) continue;
    auto eq = constEquals(*val, *v);
    if (!eq || !*eq) continue;
    std::optional<ConstantValue> value;
    if (const ConstantVariable* cv = asConstant(*val)) value = cv->value();
    bool mixin = mroFind(trace, class_, {"builtins.str", "builtins.int", "str", "int"}).has_value();
    return VtPtr(std::make_shared<EnumVariable>(
        a.getValue(), typeName_, m->getEnum().getName().cStr(), std::move(value), mixin, nullptr));
  }
  if (stub)
    return unsupported("enum class " + typeName_ + " called: its members were not recorded");
  return unsupported("enum class " + typeName_ +
                     " called with a value no member has (ValueError path)");
}

Expected<VtPtr> UserClassVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  auto& ctx = tx.context();
  if (isAutocastClass(typeName_)) return unsupported(kAutocastUnsupported);
  auto c = ctx.trace.object(class_);
  if (!c || c->which() != W::CLASS) return Error("class missing from the trace");
  if (std::string base = userExceptionBuiltinBase(ctx.trace, class_); !base.empty())
    return callException(tx, std::move(base), std::move(args), std::move(kwargs));
  if (mroFind(ctx.trace, class_, {"enum.Enum"})) return callEnumClass(tx, std::move(args), kwargs);
  if (isPlainNamedTupleClass(ctx.trace, class_))
    return callNamedTupleClass(tx, std::move(args), std::move(kwargs));
  if (typeName_ == "operator.itemgetter" || typeName_ == "operator.attrgetter" ||
      typeName_ == "operator.methodcaller")
    return OperatorGetterVariable::construct(tx, typeName_, std::move(args), std::move(kwargs));
  if (typeName_ == "weakref.ReferenceType" && !args.empty() && args.size() <= 2 && kwargs.empty()) {
    // weakref.ref(obj, callback=None): a WeakRefVariable over obj's tracker, after
    // call_function's check_constant_args realised the arguments up to the first that is
    // not a constant.
    for (auto& a : args) {
      auto r = tx.realize(a);
      if (!r) return r;
      a = *r;
      if (!a->isPythonConstant()) break;
    }
    VtPtr callback = args.size() > 1 ? args[1] : ConstantVariable::make(NoneValue{});
    return VtPtr(std::make_shared<WeakRefVariable>(args[0], std::move(callback)));
  }
  if (typeName_ == "warnings.catch_warnings" && args.empty()) {
    // CatchWarningsCtxManagerVariable.create(tx, kwargs): record=False (or absent) only.
    for (const auto& [k, v] : kwargs) {
      auto r = tx.realize(v);
      if (!r) return r;
      const ConstantVariable* c = asConstant(*r);
      const bool* b = c ? std::get_if<bool>(&c->value()) : nullptr;
      if (k != "record" || !b || *b)
        return unsupported("warnings.catch_warnings(" + k +
                           "=...) (only record=False is modelled)");
    }
    return VtPtr(std::make_shared<CatchWarningsVariable>());
  }
  bool nnModule = mroFind(ctx.trace, class_, {"torch.nn.modules.module.Module"}).has_value();
  // contextlib._GeneratorContextManager (what a @contextmanager function returns): its
  // user function argument wrapped first (arg_new), then the polyfill as for any class.
  const bool contextlibCm = isGeneratorContextManagerClass(typeName_);
  if (contextlibCm) {
    if (Status st = wrapContextmanagerFunction(tx, args); !st) return st.error();
  }
  for (auto k : c->getClass().getMro()) {
    std::string name = qualifiedClassName(ctx.trace, k);
    auto kc = ctx.trace.object(k);
    if (!kc || kc->which() != W::CLASS) return Error("MRO entry missing from the trace");
    // An nn.Module's MRO may hold torch.nn's own module classes (Module, ModuleList ...),
    // whose code the recorder keeps by the names reached.
    if (nnModule && name.rfind("torch.nn.modules.", 0) == 0) continue;
    // abc.ABC holds only __slots__ = () and its _abc_impl; so do the collections.abc
    // classes (their mixin methods are Python code, inlined when called).
    if (name == "abc.ABC" || name.rfind("collections.abc.", 0) == 0) continue;
    // A dict subclass (get_variable_cls: UserDefinedDictVariable, OrderedDictVariable):
    // cls.__new__ is dict.__new__, an empty dict the object's dict methods run on.
    if (name == "dict" || name == "collections.OrderedDict") continue;
    // inspect's Parameter and Signature (InspectVariable's classes) are plain Python
    // classes Dynamo constructs through the polyfill; their __init__ is recorded.
    if (name == "inspect.Parameter" || name == "inspect.Signature") continue;
    // torch.utils._pytree.TreeSpec (tree_flatten's helper builds one per container node):
    // a frozen slots dataclass whose own __init__ stores through object.__setattr__.
    if (name == "torch.utils._pytree.TreeSpec") continue;
    // _GeneratorContextManager's bases (_GeneratorContextManagerBase,
    // AbstractContextManager, ContextDecorator): their methods are recorded as reached.
    if (contextlibCm && name.rfind("contextlib.", 0) == 0) continue;
    if (name != "object" && !tracer::isUserCodeClass(kc->getClass()))
      return unsupported("constructing " + typeName_ + ", a subclass of library class " + name);
  }
  // object.__new__ of a class ABCMeta left abstract methods on raises TypeError.
  // (_GeneratorContextManager implements both abstract methods of AbstractContextManager.)
  if (std::string(c->getClass().getMetaclass().cStr()) == "abc.ABCMeta" && !contextlibCm) {
    auto abstract = findAttr(c->getClass().getAttrs(), "__abstractmethods__");
    auto a = abstract ? ctx.trace.object(*abstract) : Expected<schema::Object::Reader>(Error(""));
    if (!a || a->which() != W::FROZENSET)
      return unsupported("an ABCMeta class " + typeName_ +
                         " without a recorded __abstractmethods__");
    if (a->getFrozenset().size() != 0)
      return unsupported("instantiating abstract class " + typeName_ + " (TypeError path)");
  }
  if (nnModule) return constructNNModule(tx, *this, std::move(args), std::move(kwargs));
  // A dataclass is constructed like any user class: its generated __init__ is traced.
  if (userClassDefines(ctx.trace, class_, "__new__"))
    return unsupported("a user class with __new__ (" + typeName_ + ")");
  // UserDefinedClassVariable.call_function inlines the polyfill
  // instantiate_user_defined_class_object: cls.__new__(cls) (object.__new__: a new
  // object), then `if issubclass(type(obj), cls): obj.__init__(*args, **kwargs)`. The
  // polyfill reads the builtins `type` and `issubclass`.
  ctx.output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['type']");
  ctx.output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['issubclass']");
  auto obj = std::make_shared<UserObjectVariable>(0, class_, typeName_, nullptr);
  obj->setClsSource(source());
  if (auto base = mroFind(ctx.trace, class_, {"collections.OrderedDict", "dict"})) {
    auto d = std::make_shared<DictVariable>(std::vector<std::pair<VtPtr, VtPtr>>{}, nullptr,
                                            MutationType::kValueMutationNew);
    if (*base != "dict") d->setUserCls(*base);
    obj->setBaseDict(d);
  }
  // dict.__new__ / set.__new__ ignore their extra arguments: init_args = [].
  if (!obj->baseDict()) obj->setInitArgs(args);
  auto hit = lookupMro(ctx.trace, class_, "__init__");
  if (!hit) return hit.error();
  if (*hit) {
    auto init = ctx.trace.object((*hit)->value);
    if (!init || init->which() != W::FUNCTION)
      return unsupported(typeName_ + ".__init__ that is not a Python function");
    auto fn = std::make_shared<UserFunctionVariable>(
        (*hit)->value, init->getFunction().getQualname().cStr(), nullptr);
    args.insert(args.begin(), obj);
    auto r = fn->callFunction(tx, std::move(args), std::move(kwargs));
    if (!r) return r.error();
  } else if (!args.empty() || !kwargs.empty()) {
    return unsupported("object.__init__ with arguments (TypeError path)");
  }
  return VtPtr(obj);
}

Expected<bool> UserClassVariable::callObjHasattr(Tx& tx, const std::string& name) {
  auto& ctx = tx.context();
  if (source()) ctx.output.addGuard(GuardKind::HASATTR, source()->name());
  auto c = ctx.trace.object(class_);
  if (!c || c->which() != W::CLASS) return Error("class missing from the trace");
  bool complete = true;
  for (auto k : c->getClass().getMro()) {
    auto ko = ctx.trace.object(k);
    if (!ko || ko->which() != W::CLASS) return Error("MRO entry missing from the trace");
    if (findAttr(ko->getClass().getAttrs(), name)) return true;
    std::string kname = qualifiedClassName(ctx.trace, k);
    // User classes are recorded in full; object's own attributes are dunders.
    if (kname != "object" && !tracer::isUserCodeClass(ko->getClass())) complete = false;
  }
  if (!complete || (name.size() > 4 && name.rfind("__", 0) == 0))
    return unsupported("hasattr(" + typeName_ + ", '" + name +
                       "') answered by a class the trace does not record in full");
  return false;
}

// UserDefinedClassVariable.get_source_by_walking_mro: the descriptor in the class
// __dict__ that holds it, dict(S.__dict__)['name'] or dict(S.__mro__[i].__dict__)['name'],
// with DICT_NOT_CONTAINS on the classes in between (once per class and name).
SourcePtr UserClassVariable::mroDescriptorSource(Tx& tx, const MroHit& hit,
                                                 const std::string& name) const {
  auto& ctx = tx.context();
  const SourcePtr& s = source();
  if (!s) return nullptr;
  auto c = ctx.trace.object(class_);
  if (c && c->which() == W::CLASS) {
    auto mro = c->getClass().getMro();
    for (size_t absent = 1; absent < hit.index; ++absent) {
      auto k = ctx.trace.object(mro[static_cast<unsigned>(absent)]);
      uint64_t id = k ? k->getIdentity() : 0;
      if (!ctx.guardedMroAbsent.insert({id, name}).second) continue;
      ctx.output.addGuard(GuardKind::DICT_NOT_CONTAINS, "dict(" + s->name() + ".__mro__[" +
                                                            std::to_string(absent) + "].__dict__)");
    }
  }
  auto key = std::make_pair(descriptorKey(ctx.trace, hit.value), name);
  if (auto cached = ctx.mroSourceCache.find(key); cached != ctx.mroSourceCache.end())
    return cached->second;
  std::string klass =
      hit.index == 0 ? s->name() : s->name() + ".__mro__[" + std::to_string(hit.index) + "]";
  auto out = Source::expr(s, "dict(" + klass + ".__dict__)[" + pyStrRepr(name) + "]");
  ctx.mroSourceCache[key] = out;
  return out;
}

// resolve_cls_descriptor for a classmethod (ClassMethodVariable.tp_descr_get_impl,
// cm_descr_get): its __func__ bound to the class, the function built from
// AttrSource(<descriptor by MRO walk>, "__func__"), the bound method from
// AttrSource(cls, __func__.__name__).
Expected<VtPtr> UserClassVariable::classMethod(Tx& tx, const MroHit& hit,
                                               schema::Object::Reader descriptor,
                                               const std::string& name) {
  auto& ctx = tx.context();
  auto func = findAttr(descriptor.getInstance().getAttrs(), "__func__");
  auto f = func ? ctx.trace.object(*func) : Expected<schema::Object::Reader>(Error(""));
  if (!f || f->which() != W::FUNCTION)
    return unsupported("a classmethod " + typeName_ + "." + name +
                       " wrapping something other than a Python function");
  SourcePtr descSrc = mroDescriptorSource(tx, hit, name);
  auto fn =
      std::make_shared<UserFunctionVariable>(*func, f->getFunction().getQualname().cStr(),
                                             descSrc ? Source::attr(descSrc, "__func__") : nullptr);
  SourcePtr bound = source() ? Source::attr(source(), f->getFunction().getName().cStr()) : nullptr;
  return VtPtr(std::make_shared<UserMethodVariable>(fn, self(), std::move(bound)));
}

Expected<VtPtr> UserClassVariable::varGetattr(Tx& tx, const std::string& name) {
  auto& ctx = tx.context();
  if (name == "__name__" || name == "__qualname__" || name == "__module__") {
    // type_getattro step 2, resolve_meta_data_descriptor: type's getset descriptors for
    // these names win; the value is built from AttrSource(source, name) (a lazy constant).
    auto c = ctx.trace.object(class_);
    if (!c || c->which() != W::CLASS) return Error("class missing from the trace");
    std::string meta = c->getClass().getMetaclass().cStr();
    if (meta != "builtins.type" && meta != "type" && meta != "enum.EnumType" &&
        meta != "abc.ABCMeta" && !meta.empty())
      return unsupported("getattr '" + name + "' on a class with metaclass " + meta);
    std::string value = name == "__name__"       ? c->getClass().getName().cStr()
                        : name == "__qualname__" ? c->getClass().getQualname().cStr()
                                                 : c->getClass().getModule().cStr();
    if (!source()) return VtPtr(ConstantVariable::make(value));
    return VtPtr(LazyVariable::ofConstant(value, Source::attr(source(), name)));
  }
  // type(self).__doc__ in _GeneratorContextManagerBase.__init__ (contextlib_manager.h).
  if (name == "__doc__" && isGeneratorContextManagerClass(typeName_))
    return VtPtr(std::make_shared<UnrecordedDocVariable>(
        typeName_, source() ? Source::attr(source(), name) : nullptr));
  // __match_args__ (read by the inlined impl_MATCH_CLASS) is a plain class attribute,
  // looked up in the class dicts like any other.
  if (name.size() > 4 && name.rfind("__", 0) == 0 && name != "__match_args__")
    return unsupported("getattr '" + name + "' on a class (type's own attributes)");
  auto hit = lookupMro(ctx.trace, class_, name);
  if (!hit) return hit.error();
  if (!*hit)
    return unsupported("getattr '" + name + "' on class " + typeName_ +
                       " (not found or not recorded)");
  auto v = ctx.trace.object((*hit)->value);
  if (!v) return v.error();
  if (v->which() == W::INSTANCE) {
    std::string t = qualifiedClassName(ctx.trace, v->getInstance().getClass());
    if (t == "builtins.classmethod" || t == "classmethod") return classMethod(tx, **hit, *v, name);
    if (t == "builtins.staticmethod" || t == "builtins.property" || t == "staticmethod" ||
        t == "property")
      return unsupported("a " + t + " read from class " + typeName_);
  }
  if (!source()) return unsupported("getattr '" + name + "' on a class without a source");
  // resolve_cls_plain_attr: VariableTracker.build with a source, a lazy value.
  return VtPtr(std::make_shared<LazyVariable>((*hit)->value, Source::attr(source(), name)));
}

}  // namespace dynrr::vt
