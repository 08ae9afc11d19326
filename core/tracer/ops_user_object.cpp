// ops_user_object.cpp — user objects and nn.Modules: wrapping, attribute lookup, calls,
// and the globals of inlined code from other modules. Mirrors, in torch 2.13:
//   - variables/builder.py VariableBuilder.wrap_module (inline_inbuilt_nn_modules: every
//     module is an UnspecializedNNModuleVariable, TYPE_MATCH) and wrap_user_defined,
//     and the identity dedupe of _call_impl (side_effects lookup + make_dupe_guard);
//   - variables/user_defined.py UserDefinedObjectVariable.generic_getattr (MRO walk,
//     instance __dict__, methods, class variables, __getattr__) and
//     get_source_by_walking_mro (NOT_PRESENT_IN_GENERIC_DICT, DICT_NOT_CONTAINS);
//   - variables/nn_module.py UnspecializedNNModuleVariable: call_function's shortcut of
//     __call__ to forward when no hook dict is populated, var_getattr's
//     EMPTY_NN_MODULE_HOOKS_DICT, manually_trace_nn_module_getattr (_parameters, then
//     _modules, then _buffers), guard_to_detect_forward_monkeypatching;
//   - symbolic_convert.py InliningInstructionTranslator.get_globals_source_and_value and
//     import_source (G['__import_torch_dot_nn_dot_modules_dot_linear'].F).
#include "core/trace/object_printer.h"
#include "core/tracer/ops.h"
#include "core/vt/user_object_variable.h"

namespace dynrr::tracer {
namespace {

using W = schema::Object::Which;
using Flavor = vt::UserObjectVariable::Flavor;

constexpr const char* kHookDicts[] = {"_backward_hooks",    "_backward_pre_hooks",
                                      "_forward_hooks",     "_forward_hooks_with_kwargs",
                                      "_forward_pre_hooks", "_forward_pre_hooks_with_kwargs"};
// Same order as GlobalState.nnModuleGlobalHooks and Dynamo's check.
constexpr const char* kGlobalHookDicts[] = {"_global_backward_pre_hooks", "_global_backward_hooks",
                                            "_global_forward_hooks", "_global_forward_pre_hooks"};

std::string qualifiedClassName(const trace::TraceReader& trace, trace::ObjRef cls) {
  auto c = trace.object(cls);
  if (!c || c->which() != W::CLASS) return "?";
  std::string module = c->getClass().getModule().cStr();
  std::string qualname = c->getClass().getQualname().cStr();
  return module.empty() || module == "builtins" ? qualname : module + "." + qualname;
}

std::optional<trace::ObjRef> findAttr(capnp::List<schema::Attr>::Reader attrs,
                                      const std::string& name) {
  for (auto a : attrs)
    if (a.getName() == name) return a.getValue();
  return std::nullopt;
}

// An attribute found on a class of the MRO.
struct MroHit {
  size_t index;
  trace::ObjRef cls;
  trace::ObjRef value;
};

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

// True if a user class of the MRO (recorded in full) defines `name`; library classes
// are recorded by the names their code reaches, so they are not consulted.
bool userClassDefines(const trace::TraceReader& trace, trace::ObjRef cls, const std::string& name) {
  auto c = trace.object(cls);
  if (!c || c->which() != W::CLASS) return false;
  for (auto k : c->getClass().getMro()) {
    auto ko = trace.object(k);
    if (!ko || ko->which() != W::CLASS) continue;
    std::string module = ko->getClass().getModule().cStr();
    if (module.rfind("torch", 0) == 0 || module == "builtins") continue;
    if (findAttr(ko->getClass().getAttrs(), name)) return true;
  }
  return false;
}

const vt::UserObjectVariable& asObject(const VtPtr& v) {
  return static_cast<const vt::UserObjectVariable&>(*v);
}

Expected<schema::Instance::Reader> instanceOf(const TracingContext& ctx,
                                              const vt::UserObjectVariable& o) {
  auto obj = ctx.trace.object(o.object());
  if (!obj || obj->which() != W::INSTANCE) return Error("instance missing from the trace");
  return obj->getInstance();
}

// The source of `name` found on the class at MRO index `hit.index`
// (get_source_by_walking_mro): dict(type(S).__dict__)['name'] or
// dict(type(S).__mro__[i].__dict__)['name'], with NOT_PRESENT_IN_GENERIC_DICT on S (the
// instance dict does not shadow it) and DICT_NOT_CONTAINS on the classes in between.
Expected<vt::SourcePtr> mroSource(TracingContext& ctx, const vt::UserObjectVariable& o,
                                  const MroHit& hit, const std::string& name, bool inInstanceDict) {
  const vt::SourcePtr& s = o.source();
  if (!s) return vt::SourcePtr();
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
  if (!inInstanceDict) ctx.output.addGuard(GuardKind::NOT_PRESENT_IN_GENERIC_DICT, s->name());
  std::string klass =
      hit.index == 0 ? typeName : typeName + ".__mro__[" + std::to_string(hit.index) + "]";
  return vt::Source::expr(s, "dict(" + klass + ".__dict__)[" + vt::pyStrRepr(name) + "]");
}

// Whether a recorded module's `field` dict (_parameters, _modules, _buffers) has the key
// `name`; unsupported when the module has no such plain dict.
Expected<bool> recordedModuleDictHas(const TracingContext& ctx, schema::Instance::Reader inst,
                                     const char* field, const std::string& name) {
  auto d = findAttr(inst.getAttrs(), field);
  if (!d) return unsupported("an nn.Module without " + std::string(field));
  auto dict = ctx.trace.object(*d);
  if (!dict || dict->which() != W::DICT)
    return unsupported("nn.Module " + std::string(field) + " that is not a plain dict");
  for (auto e : dict->getDict()) {
    auto k = ctx.trace.object(e.getKey());
    if (k && k->which() == W::STR && std::string(k->getStr().cStr()) == name) return true;
  }
  return false;
}

// var_getattr(self, field) for a module's _parameters/_modules/_buffers dict, then the
// entry `name` (getattr_helper); null when the dict has no such key.
Expected<VtPtr> moduleDictEntry(InstructionTranslator& tx, const VtPtr& self,
                                const std::string& field, const std::string& name) {
  auto d = Ops::userObjectGetAttr(tx, self, field);
  if (!d) return d;
  auto dict = tx.realize(*d);
  if (!dict) return dict;
  auto* dv = dynamic_cast<vt::DictVariable*>(dict->get());
  if (!dv) return unsupported("nn.Module " + field + " that is not a plain dict");
  for (const auto& [k, v] : dv->entries()) {
    auto* key = dynamic_cast<const vt::ConstantVariable*>(k.get());
    const auto* str = key ? std::get_if<std::string>(&key->value()) : nullptr;
    if (str && *str == name) return v;
  }
  return VtPtr();
}

}  // namespace

// Dynamo's make_dupe_guard: a DUPLICATE_INPUT guard when both sources are local or both
// global.
void dupeGuard(TracingContext& ctx, const vt::SourcePtr& source, const VtPtr& existing) {
  if (!source || !existing->source()) return;
  if (existing->source()->name() == source->name()) return;
  if (existing->source()->isLocal() == source->isLocal())
    ctx.output.addGuard(GuardKind::DUPLICATE_INPUT, source->name());
}

Expected<VtPtr> Ops::wrapPythonModule(TracingContext& ctx, trace::ObjRef ref,
                                      vt::SourcePtr source) {
  auto obj = ctx.trace.object(ref);
  if (!obj) return obj.error();
  if (uint64_t id = obj->getIdentity(); id != 0) {
    auto seen = ctx.objectsByIdentity.find(id);
    if (seen != ctx.objectsByIdentity.end()) {
      dupeGuard(ctx, source, seen->second);
      return seen->second;
    }
  }
  if (source) ctx.output.addGuard(GuardKind::MODULE_MATCH, source->name());
  VtPtr m = std::make_shared<vt::ModuleVariable>(
      ref, std::string(obj->getModule().getName().cStr()), source);
  if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = m;
  return m;
}

Expected<VtPtr> Ops::wrapInstance(TracingContext& ctx, trace::ObjRef ref, vt::SourcePtr source) {
  auto obj = ctx.trace.object(ref);
  if (!obj) return obj.error();
  auto inst = obj->getInstance();
  if (uint64_t id = obj->getIdentity(); id != 0) {
    auto seen = ctx.objectsByIdentity.find(id);
    if (seen != ctx.objectsByIdentity.end()) {
      dupeGuard(ctx, source, seen->second);
      return seen->second;
    }
  }
  std::string typeName = qualifiedClassName(ctx.trace, inst.getClass());
  Flavor flavor = Flavor::kPlain;
  switch (inst.getKind()) {
    case schema::InstanceKind::PLAIN: break;
    case schema::InstanceKind::NN_MODULE: {
      if (inst.getAttrs().size() == 0) return unsupported("an uninitialized nn.Module");
      if (typeName == "torch._dynamo.eval_frame.OptimizedModule")
        return unsupported("an OptimizedModule (torch.compile'd module) reached while tracing");
      if (typeName == "torch.nn.modules.rnn.RNN" || typeName == "torch.nn.modules.rnn.GRU" ||
          typeName == "torch.nn.modules.rnn.LSTM")
        return unsupported("RNN/GRU/LSTM modules (Dynamo graph-breaks without allow_rnn)");
      // wrap_module: torch.nn.modules.* except the containers are "builtin".
      bool builtin = typeName.rfind("torch.nn.modules.", 0) == 0 &&
                     typeName.rfind("torch.nn.modules.container.", 0) != 0;
      flavor = builtin ? Flavor::kBuiltinNNModule : Flavor::kNNModule;
      if (source) source = vt::Source::nnModule(source);
      break;
    }
    case schema::InstanceKind::DATACLASS:
      // A (frozen or plain) dataclass instance reads like a plain object
      // (FrozenDataClassVariable / UserDefinedObjectVariable: TYPE_MATCH, attributes from
      // the instance dict). Stores into a frozen one raise, which the store path reports.
      break;
    case schema::InstanceKind::NAMEDTUPLE: return unsupported("namedtuple instances");
    case schema::InstanceKind::EXCEPTION: return unsupported("exception instances");
  }
  if (!source) return unsupported("a recorded " + typeName + " object reached without a source");
  ctx.output.addGuard(GuardKind::TYPE_MATCH, source->name());
  VtPtr v = std::make_shared<vt::UserObjectVariable>(ref, inst.getClass(), typeName, flavor,
                                                     std::move(source));
  if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = v;
  ctx.sideEffects.trackExisting(v);  // track_object_existing: write-back order
  return v;
}

Expected<VtPtr> Ops::wrapUserClass(TracingContext& ctx, trace::ObjRef ref, vt::SourcePtr source) {
  auto obj = ctx.trace.object(ref);
  if (!obj) return obj.error();
  auto c = obj->getClass();
  std::string typeName = qualifiedClassName(ctx.trace, ref);
  if (std::string(c.getMetaclass().cStr()) != "type" &&
      std::string(c.getMetaclass().cStr()) != "builtins.type")
    return unsupported("class " + typeName + " with metaclass " + c.getMetaclass().cStr());
  if (source) ctx.output.addGuard(GuardKind::CLASS_MATCH, source->name());
  return VtPtr(std::make_shared<vt::UserClassVariable>(ref, typeName, std::move(source)));
}

Expected<VtPtr> Ops::constructUserObject(InstructionTranslator& tx, const VtPtr& clsVar,
                                         std::vector<VtPtr> args,
                                         std::vector<std::pair<std::string, VtPtr>> kwargs) {
  TracingContext& ctx = tx.ctx_;
  const auto& cls = static_cast<const vt::UserClassVariable&>(*clsVar);
  auto c = ctx.trace.object(cls.cls());
  if (!c || c->which() != W::CLASS) return Error("class missing from the trace");
  for (auto k : c->getClass().getMro()) {
    std::string name = qualifiedClassName(ctx.trace, k);
    if (name == "torch.nn.modules.module.Module")
      return unsupported("constructing an nn.Module while tracing (" + cls.typeName() + ")");
    auto kc = ctx.trace.object(k);
    if (!kc || kc->which() != W::CLASS) return Error("MRO entry missing from the trace");
    if (name != "object" && !isUserCodeClass(kc->getClass()))
      return unsupported("constructing " + cls.typeName() + ", a subclass of library class " +
                         name);
  }
  // A dataclass is constructed like any user class: its generated __init__ is traced.
  if (userClassDefines(ctx.trace, cls.cls(), "__new__"))
    return unsupported("a user class with __new__ (" + cls.typeName() + ")");
  // UserDefinedClassVariable.call_function inlines the polyfill
  // instantiate_user_defined_class_object: cls.__new__(cls) (object.__new__: a new
  // object), then `if issubclass(type(obj), cls): obj.__init__(*args, **kwargs)`. The
  // polyfill reads the builtins `type` and `issubclass`.
  ctx.output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['type']");
  ctx.output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['issubclass']");
  VtPtr obj = std::make_shared<vt::UserObjectVariable>(0, cls.cls(), cls.typeName(), Flavor::kPlain,
                                                       nullptr);
  if (!kwargs.empty()) static_cast<vt::UserObjectVariable&>(*obj).setBuiltWithKwargs();
  auto hit = lookupMro(ctx.trace, cls.cls(), "__init__");
  if (!hit) return hit.error();
  if (*hit) {
    auto init = ctx.trace.object((*hit)->value);
    if (!init || init->which() != W::FUNCTION)
      return unsupported(cls.typeName() + ".__init__ that is not a Python function");
    auto fn = std::make_shared<vt::UserFunctionVariable>(
        (*hit)->value, init->getFunction().getQualname().cStr(), nullptr);
    args.insert(args.begin(), obj);
    auto r = InstructionTranslator::inlineCall(ctx, tx, *fn, std::move(args), std::move(kwargs));
    if (!r) return r.error();
  } else if (!args.empty() || !kwargs.empty()) {
    return unsupported("object.__init__ with arguments (TypeError path)");
  }
  return obj;
}

Expected<VtPtr> Ops::superGetAttr(InstructionTranslator& tx, const VtPtr& superVar,
                                  const std::string& name) {
  TracingContext& ctx = tx.ctx_;
  const auto& sv = static_cast<const vt::SuperVariable&>(*superVar);
  auto clsR = tx.realize(sv.cls());
  if (!clsR) return clsR.error();
  auto objR = tx.realize(sv.obj());
  if (!objR) return objR.error();
  if ((*clsR)->kind() != vt::VtKind::kUserClass || (*objR)->kind() != vt::VtKind::kUserObject)
    return unsupported("super() over a " + (*objR)->pythonTypeName());
  const auto& cls = static_cast<const vt::UserClassVariable&>(**clsR);
  const auto& o = asObject(*objR);
  auto c = ctx.trace.object(o.cls());
  if (!c || c->which() != W::CLASS) return Error("class missing from the trace");
  auto mro = c->getClass().getMro();
  std::optional<unsigned> start;
  for (unsigned i = 0; i < mro.size(); ++i)
    if (mro[i] == cls.cls()) start = i + 1;
  if (!start) return unsupported("super() whose class is not in the object's MRO");
  // SuperVariable._resolved_getattr_and_source: the first class after `cls` whose
  // __dict__ has the name; source type(S).__mro__[i].name.
  for (unsigned i = *start; i < mro.size(); ++i) {
    auto k = ctx.trace.object(mro[i]);
    if (!k || k->which() != W::CLASS) return Error("MRO entry missing from the trace");
    std::string kname = qualifiedClassName(ctx.trace, mro[i]);
    auto v = findAttr(k->getClass().getAttrs(), name);
    if (kname == "object" && name == "__init__")
      return unsupported("super().__init__ reaching object.__init__");
    if (kname == "torch.nn.modules.module.Module" && name == "__init__")
      return unsupported("super().__init__() of nn.Module (traces Module.__init__)");
    if (!v) continue;
    vt::SourcePtr src;
    if (o.source())
      src =
          vt::Source::attr(vt::Source::expr(o.source(), "type(" + o.source()->name() +
                                                            ").__mro__[" + std::to_string(i) + "]"),
                           name);
    auto f = ctx.trace.object(*v);
    if (!f || f->which() != W::FUNCTION)
      return unsupported("super()." + name + " resolving to a " + trace::typeName(ctx.trace, *v));
    VtPtr fn;
    if (src) {
      auto built = wrap(ctx, *v, src);  // realize=True: CLOSURE_MATCH on the function
      if (!built) return built;
      fn = *built;
    } else {
      fn = std::make_shared<vt::UserFunctionVariable>(*v, f->getFunction().getQualname().cStr());
    }
    return VtPtr(std::make_shared<vt::UserMethodVariable>(fn, *objR, src));
  }
  return unsupported("super()." + name + " not found (or not recorded)");
}

// nn.Module.__setattr__, which Dynamo inlines for a store on a module, traced by hand
// for its plain path: the value is not a Parameter, a Module or a Buffer, and the name is
// in none of the module's _parameters, _modules and _buffers; then super().__setattr__
// stores it (a store_attr side effect). Its reads install: isinstance and super from
// the builtins, the module torch.nn.modules.module and its classes Parameter, Module and
// Buffer, and for each of the three dicts (read as self.__dict__.get(...)) its type and
// that it lacks the name. Other paths are reported unsupported.
Status Ops::moduleSetAttr(InstructionTranslator& tx, const VtPtr& self, const std::string& name,
                          const VtPtr& valueIn) {
  TracingContext& ctx = tx.ctx_;
  const auto& o = asObject(self);
  const vt::SourcePtr& s = o.source();
  if (!s || o.object() == 0)
    return unsupported("attribute store on an nn.Module made while tracing");
  auto value = tx.realize(valueIn);
  if (!value) return value.error();
  if ((*value)->kind() == vt::VtKind::kUserObject && asObject(*value).isNNModule())
    return unsupported("storing an nn.Module as a module attribute (Module.__setattr__ path)");
  if (auto* t = dynamic_cast<const vt::TensorVariable*>(value->get());
      t && ctx.output.graph().node(t->node()).typeExpr == "torch.nn.parameter.Parameter")
    return unsupported("storing a Parameter as a module attribute (Module.__setattr__ path)");
  auto inst = instanceOf(ctx, o);
  if (!inst) return inst.error();
  const char* kDicts[] = {"_parameters", "_modules", "_buffers"};
  for (const char* field : kDicts) {
    auto has = recordedModuleDictHas(ctx, *inst, field, name);
    if (!has) return has.error();
    if (*has)
      return unsupported("assigning " + o.typeName() + "." + name + ", which is in its " + field +
                         " (Module.__setattr__ path)");
  }
  auto& out = ctx.output;
  out.addGuard(GuardKind::NOT_PRESENT_IN_GENERIC_DICT, s->name());  // type(self).__setattr__
  out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['isinstance']");
  out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['super']");
  const std::string mod = "G['__import_torch_dot_nn_dot_modules_dot_module']";
  out.addGuard(GuardKind::MODULE_MATCH, mod);
  for (const char* cls : {"Parameter", "Module", "Buffer"})
    out.addGuard(GuardKind::CLASS_MATCH, mod + "." + cls);
  // self.__dict__.get(field) wraps each dict with the source S.__dict__['field'] (TYPE_MATCH),
  // unless the dict was wrapped already (VariableBuilder finds it by identity); `name in
  // d` then guards the dict's source. The wrapped dicts are what later reads of the
  // module's parameters and submodules go through, so their graph inputs are named after
  // S.__dict__[...] (seen with real Dynamo: G_net_dict_modules_fc_parameters_weight_).
  for (const char* field : kDicts) {
    auto d = findAttr(inst->getAttrs(), field);
    auto src = vt::Source::item(vt::Source::attr(s, "__dict__"), vt::pyStrRepr(field));
    auto dict = tx.realize(std::make_shared<LazyVariable>(*d, src));
    if (!dict) return dict.error();
    if ((*dict)->source()) out.addGuard(GuardKind::DICT_NOT_CONTAINS, (*dict)->source()->name());
  }
  ctx.sideEffects.storeAttr(self, name, *value);
  return Status::success();
}

Status Ops::storeAttr() {
  auto o = tx.pop();
  if (!o) return o.error();
  auto value = tx.pop();
  if (!value) return value.error();
  return storeAttrOn(tx, *o, inst.text, *value);
}

// STORE_ATTR and the builtin setattr (both BuiltinVariable(setattr).call_function).
Status Ops::storeAttrOn(InstructionTranslator& tx, const VtPtr& objIn, const std::string& name,
                        const VtPtr& valueIn) {
  const VtPtr* o = &objIn;
  const VtPtr* value = &valueIn;
  auto obj = tx.realize(*o);
  if (!obj) return obj.error();
  if ((*obj)->kind() != vt::VtKind::kUserObject)
    return unsupported("attribute store on a " + (*obj)->pythonTypeName());
  const auto& uo = asObject(*obj);
  if (uo.isNNModule()) return moduleSetAttr(tx, *obj, name, *value);
  if (userClassDefines(tx.ctx_.trace, uo.cls(), "__setattr__"))
    return unsupported("attribute store on a class with __setattr__ (" + uo.typeName() + ")");
  auto hit = lookupMro(tx.ctx_.trace, uo.cls(), name);
  if (!hit) return hit.error();
  if (*hit) {
    auto v = tx.ctx_.trace.object((*hit)->value);
    if (v && v->which() != W::FUNCTION && trace::typeName(tx.ctx_.trace, (*hit)->value) != "int" &&
        v->which() != W::INT && v->which() != W::FLOAT && v->which() != W::STR &&
        v->which() != W::BOOL && v->which() != W::NONE)
      return unsupported("attribute store shadowing a class attribute of type " +
                         trace::typeName(tx.ctx_.trace, (*hit)->value) + " (descriptors)");
  }
  // STORE_ATTR goes through BuiltinVariable(setattr), whose handler dispatch realises
  // lazy arguments: the stored value is realised (guarded) here, then kept as is by
  // store_attr. Seen with real Dynamo: `o.k = n; o.f = flag` guards n == 3, flag == True.
  auto stored = tx.realize(*value);
  if (!stored) return stored.error();
  tx.ctx_.sideEffects.storeAttr(*obj, name, *stored);
  return Status::success();
}

Status Ops::storeGlobal() {
  auto value = tx.pop();
  if (!value) return value.error();
  if (!tx.globalsModule_.empty())
    return unsupported("STORE_GLOBAL into another module's globals (" + tx.globalsModule_ + ")");
  tx.ctx_.sideEffects.storeGlobal(inst.text, *value);
  return Status::success();
}

Expected<VtPtr> Ops::userObjectGetAttr(InstructionTranslator& tx, const VtPtr& self,
                                       const std::string& name) {
  TracingContext& ctx = tx.ctx_;
  const auto& o = asObject(self);
  std::optional<schema::Instance::Reader> inst;
  if (o.object() != 0) {
    auto got = instanceOf(ctx, o);
    if (!got) return got.error();
    inst = *got;
  }
  const vt::SourcePtr& s = o.source();
  if (name == "__class__" || name == "__dict__")
    return unsupported("getattr '" + name + "' on a user object");
  if (auto stored = ctx.sideEffects.pendingAttr(self.get(), name)) return stored;
  if (userClassDefines(ctx.trace, o.cls(), "__getattribute__"))
    return unsupported("a user class with __getattribute__ (" + o.typeName() + ")");
  std::optional<trace::ObjRef> inDict;
  if (inst) inDict = findAttr(inst->getAttrs(), name);
  // UnspecializedNNModuleVariable.var_getattr: an empty hooks dict is read as {} with an
  // EMPTY_NN_MODULE_HOOKS_DICT guard.
  if (o.isNNModule() && inDict) {
    for (const char* h : kHookDicts) {
      if (name != h) continue;
      auto d = ctx.trace.object(*inDict);
      if (d && d->which() == W::DICT && d->getDict().size() == 0) {
        if (s)
          ctx.output.addGuard(GuardKind::EMPTY_NN_MODULE_HOOKS_DICT,
                              vt::Source::attr(s, name)->name());
        return VtPtr(std::make_shared<vt::DictVariable>(
            std::vector<std::pair<VtPtr, VtPtr>>{}, nullptr, vt::MutationType::kValueMutationNew));
      }
      return unsupported("nn.Module hooks: " + o.typeName() + "." + name + " is not empty");
    }
  }
  auto hit = lookupMro(ctx.trace, o.cls(), name);
  if (!hit) return hit.error();
  // Step 2: data descriptors on the type win over the instance dict.
  std::optional<schema::Object::Reader> typeAttr;
  if (*hit) {
    auto v = ctx.trace.object((*hit)->value);
    if (!v) return v.error();
    typeAttr = *v;
    if (v->which() == W::INSTANCE || v->which() == W::OPAQUE || v->which() == W::CALLABLE) {
      std::string t = trace::typeName(ctx.trace, (*hit)->value);
      // A staticmethod is a non-data descriptor: unless the instance dict has the name,
      // it gives its __func__ unbound (UserDefinedObjectVariable.var_getattr). Only the
      // sourceless case (an object made while tracing) is modelled.
      if (t == "staticmethod" && v->which() == W::INSTANCE && !inDict) {
        auto func = findAttr(v->getInstance().getAttrs(), "__func__");
        auto f = func ? ctx.trace.object(*func) : Expected<schema::Object::Reader>(Error(""));
        if (f && f->which() == W::FUNCTION) {
          if (s)
            return unsupported("staticmethod " + o.typeName() + "." + name +
                               " read through a source");
          return VtPtr(std::make_shared<vt::UserFunctionVariable>(
              *func, f->getFunction().getQualname().cStr(), nullptr));
        }
      }
      if (t != "function" && !(t == "staticmethod" && inDict))
        return unsupported("class attribute " + o.typeName() + "." + name + " of type " + t +
                           " (descriptors are not modelled)");
    }
  }
  // Step 3: the instance __dict__.
  if (inDict) {
    vt::SourcePtr src = s ? vt::Source::attr(s, name) : nullptr;
    if (src) {
      if (auto cached = ctx.builtBySource.find(src->name()); cached != ctx.builtBySource.end())
        return cached->second;
    }
    VtPtr lazy = std::make_shared<LazyVariable>(*inDict, src);
    if (src) ctx.builtBySource[src->name()] = lazy;
    return lazy;
  }
  // Steps 4-5: a method or a plain class variable.
  if (*hit) {
    auto src = mroSource(ctx, o, **hit, name, false);
    if (!src) return src.error();
    if (typeAttr->which() == W::FUNCTION) {
      auto f = typeAttr->getFunction();
      VtPtr fn =
          std::make_shared<vt::UserFunctionVariable>((*hit)->value, f.getQualname().cStr(), *src);
      return VtPtr(std::make_shared<vt::UserMethodVariable>(fn, self, *src));
    }
    return VtPtr(std::make_shared<LazyVariable>((*hit)->value, *src));
  }
  // Step 6: __getattr__ — nn.Module's, traced by hand.
  if (!o.isNNModule()) {
    if (userClassDefines(ctx.trace, o.cls(), "__getattr__")) {
      // UserDefinedObjectVariable.var_getattr: an attribute found nowhere else is asked of
      // the class's __getattr__, inlined as a method call with the name.
      auto ga = lookupMro(ctx.trace, o.cls(), "__getattr__");
      if (!ga) return ga.error();
      auto f = *ga ? ctx.trace.object((**ga).value) : Expected<schema::Object::Reader>(Error(""));
      if (!f || f->which() != W::FUNCTION)
        return unsupported("a __getattr__ that is not a Python function (" + o.typeName() + ")");
      vt::UserFunctionVariable fn((**ga).value, f->getFunction().getQualname().cStr(), nullptr);
      return InstructionTranslator::inlineCall(ctx, tx, fn,
                                               {self, vt::ConstantVariable::make(name)}, {});
    }
    return unsupported("attribute " + o.typeName() + "." + name +
                       " not found (AttributeError path, or not recorded)");
  }
  if (userClassDefines(ctx.trace, o.cls(), "__getattr__"))
    return unsupported("an nn.Module subclass overriding __getattr__ (" + o.typeName() + ")");
  for (const char* field : {"_parameters", "_modules", "_buffers"}) {
    auto entry = moduleDictEntry(tx, self, field, name);
    if (!entry) return entry;
    if (!*entry) continue;
    // generic_getattr's isinstance check on the result realises it when self has a source.
    if (s) return tx.realize(*entry);
    return *entry;
  }
  return unsupported("attribute " + o.typeName() + "." + name +
                     " not found on the module (AttributeError path, or not recorded)");
}

Expected<VtPtr> Ops::callUserObject(InstructionTranslator& tx, const VtPtr& self,
                                    std::vector<VtPtr> args,
                                    std::vector<std::pair<std::string, VtPtr>> kwargs) {
  TracingContext& ctx = tx.ctx_;
  const auto& o = asObject(self);
  if (!o.isNNModule()) {
    if (userClassDefines(ctx.trace, o.cls(), "__call__"))
      return unsupported("calling a user object's __call__ (" + o.typeName() + ")");
    return unsupported("calling a " + o.typeName() + " object that defines no __call__");
  }
  for (const char* patched : {"__call__", "_call_impl", "_wrapped_call_impl"}) {
    if (userClassDefines(ctx.trace, o.cls(), patched))
      return unsupported("an nn.Module subclass overriding " + std::string(patched));
  }
  auto inst = instanceOf(ctx, o);
  if (!inst) return inst.error();
  if (findAttr(inst->getAttrs(), "forward"))
    return unsupported("an nn.Module whose forward is patched on the instance");
  auto hit = lookupMro(ctx.trace, o.cls(), "forward");
  if (!hit) return hit.error();
  if (!*hit) return unsupported(o.typeName() + ".forward is not in the trace");
  auto fwd = ctx.trace.object((*hit)->value);
  if (!fwd || fwd->which() != W::FUNCTION)
    return unsupported(o.typeName() + ".forward that is not a Python function");
  // The hooks check: the module's six hook dicts, then torch.nn.modules.module's four
  // global ones (tx.nn_modules_globals_vt).
  for (const char* h : kHookDicts) {
    auto d = userObjectGetAttr(tx, self, h);
    if (!d) return d.error();
  }
  auto hooks = ctx.event.getFrame().getGlobalState().getNnModuleGlobalHooks();
  if (hooks.size() != 4)
    return unsupported(
        "the trace does not record nn.Module global hooks (recorded before the field existed)");
  const std::string modName = "torch.nn.modules.module";
  auto modSource =
      vt::Source::global("__import_" + std::string("torch_dot_nn_dot_modules_dot_module"));
  if (!ctx.importedModules.count(modName)) {
    ctx.output.addGuard(GuardKind::MODULE_MATCH, modSource->name());
    ctx.importedModules[modName] = std::make_shared<vt::ModuleVariable>(0, modName, modSource);
  }
  for (unsigned i = 0; i < 4; ++i) {
    ctx.output.addGuard(GuardKind::TYPE_MATCH,
                        vt::Source::attr(modSource, kGlobalHookDicts[i])->name());
    if (hooks[i] != 0)
      return unsupported("nn.Module global hooks (" + std::string(kGlobalHookDicts[i]) + ")");
  }
  auto src = mroSource(ctx, o, **hit, "forward", false);
  if (!src) return src.error();
  // guard_to_detect_forward_monkeypatching: the same NOT_PRESENT_IN_GENERIC_DICT again.
  auto fwdVar = std::make_shared<vt::UserFunctionVariable>(
      (*hit)->value, fwd->getFunction().getQualname().cStr(), *src);
  args.insert(args.begin(), self);
  return InstructionTranslator::inlineCall(ctx, tx, *fwdVar, std::move(args), std::move(kwargs));
}

Expected<std::vector<VtPtr>> Ops::userObjectItems(InstructionTranslator& tx, const VtPtr& self) {
  const auto& o = asObject(self);
  auto m = userObjectGetAttr(tx, self, "__iter__");
  if (!m) return m.error();
  if ((*m)->kind() != vt::VtKind::kUserMethod)
    return unsupported("iterating a " + o.typeName() + " whose __iter__ is not a Python method");
  auto it = callFunction(tx, *m, {}, {});
  if (!it) return it.error();
  auto r = tx.realize(*it);
  if (!r) return r.error();
  if (auto* iter = dynamic_cast<vt::IteratorVariable*>(r->get())) return iter->takeRemaining();
  if (auto* seq = dynamic_cast<vt::SequenceVariable*>(r->get())) return seq->items();
  return unsupported(o.typeName() + ".__iter__ returning a " + (*r)->pythonTypeName());
}

Expected<VtPtr> Ops::foreignGlobal(InstructionTranslator& tx, const std::string& name) {
  TracingContext& ctx = tx.ctx_;
  auto globals = ctx.trace.object(tx.globals_);
  if (!globals || globals->which() != W::DICT) return Error("globals of inlined code missing");
  std::optional<trace::ObjRef> value;
  for (auto entry : globals->getDict()) {
    auto key = ctx.trace.object(entry.getKey());
    if (key && key->which() == W::STR && key->getStr() == name) value = entry.getValue();
  }
  if (!value) return VtPtr();
  const std::string& module = tx.globalsModule_;
  if (module.empty()) return unsupported("globals of inlined code whose module is not recorded");
  if (module.rfind("namedtuple_", 0) == 0 || module.find('<') != std::string::npos)
    return unsupported("globals of inlined code from module " + module);
  static const char* const kStdlib[] = {"collections", "functools",  "itertools",   "operator",
                                        "inspect",     "typing",     "enum",        "copy",
                                        "abc",         "contextlib", "dataclasses", "re"};
  for (const char* p : kStdlib) {
    std::string prefix = p;
    if (module == prefix || module.rfind(prefix + ".", 0) == 0)
      return unsupported("globals of stdlib module " + module + " (SkipGuardSource)");
  }
  std::string alias = "__import_";
  for (char c : module) alias += c == '.' ? std::string("_dot_") : std::string(1, c);
  auto modSource = vt::Source::global(alias);
  if (!ctx.importedModules.count(module)) {
    ctx.output.addGuard(GuardKind::MODULE_MATCH, modSource->name());
    ctx.importedModules[module] = std::make_shared<vt::ModuleVariable>(0, module, modSource);
  }
  return VtPtr(std::make_shared<LazyVariable>(*value, vt::Source::moduleAttr(modSource, name)));
}

// hasattr on a user object (UserDefinedObjectVariable.call_obj_hasattr): HASATTR on its
// source, then the attribute is looked up as getattr would (a pending store, the
// instance dict, the class, an nn.Module's dicts) and the found value is checked with
// isinstance, which realises a lazy value (a lazy constant only gets TYPE_MATCH).
Expected<bool> Ops::userObjectHasAttr(InstructionTranslator& tx, const VtPtr& self,
                                      const std::string& name) {
  TracingContext& ctx = tx.ctx_;
  const auto& o = asObject(self);
  if (o.source()) ctx.output.addGuard(GuardKind::HASATTR, o.source()->name());
  bool found = ctx.sideEffects.pendingAttr(self.get(), name) != nullptr;
  if (!found && o.object() != 0) {
    auto inst = instanceOf(ctx, o);
    if (!inst) return inst.error();
    found = findAttr(inst->getAttrs(), name).has_value();
    if (!found && o.isNNModule()) {
      for (const char* field : {"_parameters", "_modules", "_buffers"}) {
        auto has = recordedModuleDictHas(ctx, *inst, field, name);
        found = found || (has && *has);
      }
    }
  }
  if (!found) {
    auto hit = lookupMro(ctx.trace, o.cls(), name);
    if (!hit) return hit.error();
    found = hit->has_value();
  }
  if (!found) return false;
  auto v = userObjectGetAttr(tx, self, name);
  if (!v) return v.error();
  if (Status st = isinstanceCheck(tx, *v); !st) return st.error();  // DeletedVariable check
  return true;
}

}  // namespace dynrr::tracer
