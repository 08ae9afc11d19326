// nn_module.cpp — see nn_module.h.
#include "core/vt/nn_module.h"

#include "core/tracer/instruction_translator.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/dicts.h"
#include "core/vt/functions.h"
#include "core/vt/lazy.h"
#include "core/vt/misc.h"
#include "core/vt/tensor.h"

namespace dynrr::vt {
namespace {

using guards::GuardKind;
using W = schema::Object::Which;

constexpr const char* kHookDicts[] = {"_backward_hooks",    "_backward_pre_hooks",
                                      "_forward_hooks",     "_forward_hooks_with_kwargs",
                                      "_forward_pre_hooks", "_forward_pre_hooks_with_kwargs"};
// Same order as GlobalState.nnModuleGlobalHooks and Dynamo's check.
constexpr const char* kGlobalHookDicts[] = {"_global_backward_pre_hooks", "_global_backward_hooks",
                                            "_global_forward_hooks", "_global_forward_pre_hooks"};
constexpr const char* kModuleDicts[] = {"_parameters", "_modules", "_buffers"};

// Whether a recorded module's `field` dict (_parameters, _modules, _buffers) has the key
// `name`; unsupported when the module has no such plain dict.
Expected<bool> recordedModuleDictHas(const trace::TraceReader& trace, schema::Instance::Reader inst,
                                     const char* field, const std::string& name) {
  auto d = findAttr(inst.getAttrs(), field);
  if (!d) return unsupported("an nn.Module without " + std::string(field));
  auto dict = trace.object(*d);
  if (!dict || dict->which() != W::DICT)
    return unsupported("nn.Module " + std::string(field) + " that is not a plain dict");
  for (auto e : dict->getDict()) {
    auto k = trace.object(e.getKey());
    if (k && k->which() == W::STR && std::string(k->getStr().cStr()) == name) return true;
  }
  return false;
}

const char* const kNNModuleModule = "torch.nn.modules.module";

// tx.nn_modules_globals_vt: G['__import_torch_dot_nn_dot_modules_dot_module']
// (import_source), built lazily (VariableTracker.build) the first time call_function
// reads it, and cached by source: later global reads of torch.nn.modules.module code
// get the same lazy value, with no guard of their own.
SourcePtr nnModuleGlobalsLazy(Tx& tx) {
  auto& ctx = tx.context();
  auto modSource = Source::global("__import_torch_dot_nn_dot_modules_dot_module");
  if (!ctx.importedModules.count(kNNModuleModule)) {
    ctx.importedModules[kNNModuleModule] =
        std::make_shared<ModuleVariable>(0, kNNModuleModule, modSource);
    ctx.lazyImportedModules.insert(kNNModuleModule);
  }
  return modSource;
}

// A global read by torch.nn.modules.module code (get_globals_source_and_value): the
// module is built by VariableBuilder (MODULE_MATCH) unless a tracker for it exists.
SourcePtr nnModuleGlobalsRead(Tx& tx) {
  auto& ctx = tx.context();
  auto modSource = Source::global("__import_torch_dot_nn_dot_modules_dot_module");
  if (!ctx.importedModules.count(kNNModuleModule)) {
    ctx.output.addGuard(GuardKind::MODULE_MATCH, modSource->name());
    ctx.importedModules[kNNModuleModule] =
        std::make_shared<ModuleVariable>(0, kNNModuleModule, modSource);
  }
  return modSource;
}

// The lazy module realised (the hooks check's var_getattr): MODULE_MATCH the first time.
SourcePtr nnModuleGlobals(Tx& tx) {
  auto& ctx = tx.context();
  auto modSource = nnModuleGlobalsLazy(tx);
  if (ctx.lazyImportedModules.erase(kNNModuleModule))
    ctx.output.addGuard(GuardKind::MODULE_MATCH, modSource->name());
  return modSource;
}

// The hooks check of call_function's torch.nn.modules.module global hooks
// (tx.nn_modules_globals_vt): MODULE_MATCH on the module, TYPE_MATCH on each dict read;
// true at the first populated one (any() stops there).
Expected<bool> checkGlobalHooks(Tx& tx) {
  auto& ctx = tx.context();
  auto hooks = ctx.event.getFrame().getGlobalState().getNnModuleGlobalHooks();
  if (hooks.size() != 4)
    return unsupported(
        "the trace does not record nn.Module global hooks (recorded before the field existed)");
  auto modSource = nnModuleGlobals(tx);
  for (unsigned i = 0; i < 4; ++i) {
    ctx.output.addGuard(GuardKind::TYPE_MATCH,
                        Source::attr(modSource, kGlobalHookDicts[i])->name());
    if (hooks[i] != 0) return true;
  }
  return false;
}

}  // namespace

// var_getattr of a hook dict: an empty one is read as {} with an EMPTY_NN_MODULE_HOOKS_DICT
// guard; a populated forward (pre-)hook dict as an NNModuleHooksDictVariable: a
// SEQUENCE_LENGTH guard, sourceless keys (the hook ids, never guarded), values lazy from
// S[list(dict.keys(S))[i]]. A populated backward hook dict is not modelled.
std::optional<Expected<VtPtr>> NNModuleVariable::instanceDictAttr(Tx& tx, const std::string& name,
                                                                  trace::ObjRef value) {
  for (const char* h : kHookDicts) {
    if (name != h) continue;
    auto& ctx = tx.context();
    auto d = ctx.trace.object(value);
    if (d && d->which() == W::DICT && d->getDict().size() == 0) {
      if (source())
        ctx.output.addGuard(GuardKind::EMPTY_NN_MODULE_HOOKS_DICT,
                            Source::attr(source(), name)->name());
      return Expected<VtPtr>(VtPtr(std::make_shared<DictVariable>(
          std::vector<std::pair<VtPtr, VtPtr>>{}, nullptr, MutationType::kValueMutationNew)));
    }
    bool forward = name.rfind("_forward", 0) == 0;
    if (!forward || !source() || !d || d->which() != W::DICT)
      return Expected<VtPtr>(
          unsupported("nn.Module hooks: " + typeName() + "." + name + " is not empty"));
    auto src = Source::attr(source(), name);
    ctx.output.addGuard(GuardKind::SEQUENCE_LENGTH, src->name());
    std::vector<std::pair<VtPtr, VtPtr>> entries;
    size_t i = 0;
    for (auto e : d->getDict()) {
      auto key = ctx.trace.object(e.getKey());
      if (!key || key->which() != W::INT)
        return Expected<VtPtr>(unsupported("nn.Module hook dict with a key that is not an int"));
      std::string keySrc = "list(dict.keys(" + src->name() + "))[" + std::to_string(i++) + "]";
      auto valueSrc = Source::expr(src, src->name() + "[" + keySrc + "]");
      entries.emplace_back(ConstantVariable::make(key->getInt()),
                           std::make_shared<LazyVariable>(e.getValue(), valueSrc));
    }
    auto dict = std::make_shared<DictVariable>(std::move(entries), src, MutationType::kImmutable);
    dict->setUserCls("collections.OrderedDict");
    dict->setHooksDict();
    return Expected<VtPtr>(VtPtr(dict));
  }
  return std::nullopt;
}

Expected<VtPtr> NNModuleVariable::moduleDictEntry(Tx& tx, const std::string& field,
                                                  const std::string& name) {
  auto d = varGetattr(tx, field);
  if (!d) return d;
  auto dict = tx.realize(*d);
  if (!dict) return dict;
  DictVariable* dv = asDict(*dict);
  if (!dv) return unsupported("nn.Module " + field + " that is not a plain dict");
  for (const auto& [k, v] : dv->entries()) {
    const std::string* str = constantStr(k);
    if (str && *str == name) return v;
  }
  return VtPtr();
}

// manually_trace_nn_module_getattr: _parameters, then _modules, then _buffers.
Expected<VtPtr> NNModuleVariable::getattrFallback(Tx& tx, const std::string& name) {
  if (userClassDefines(tx.context().trace, cls(), "__getattr__"))
    return unsupported("an nn.Module subclass overriding __getattr__ (" + typeName() + ")");
  // The module dicts themselves are instance attributes: a module whose recorded state
  // lacks one (a damaged or hostile trace) must not look for it in itself again.
  for (const char* field : kModuleDicts) {
    if (name == field) return unsupported("an nn.Module without " + name);
  }
  for (const char* field : kModuleDicts) {
    auto entry = moduleDictEntry(tx, field, name);
    if (!entry) return entry;
    if (!*entry) continue;
    // generic_getattr's isinstance check on the result realises it when self has a source.
    if (source()) return tx.realize(*entry);
    return *entry;
  }
  // __contains__ is one of the protocol names the recorder keeps on every library class,
  // so its absence is real: `in` then falls back to iterating (generic_contains).
  if (name == "__contains__")
    return unsupported("`in` on a " + typeName() +
                       ", which has no __contains__ (Dynamo's fallback over __iter__ is not "
                       "modelled)");
  // A library class of the MRO (torch.nn.Module itself) is recorded by the names the
  // recorder reached, so a method the traced code reaches only through `self` may be
  // missing from the trace rather than from the class.
  if (auto lib = mroFind(tx.context().trace, cls(), {"torch.nn.modules.module.Module"}))
    return unsupported("attribute " + typeName() + "." + name +
                       " not in the trace (AttributeError path, or a method of " + *lib +
                       ", whose dict the trace holds only by the names the recorder reached)");
  return unsupported("attribute " + typeName() + "." + name +
                     " not found on the module (AttributeError path, or not recorded)");
}

Expected<bool> NNModuleVariable::recordedHas(Tx& tx, schema::Instance::Reader inst,
                                             const std::string& name) {
  bool found = findAttr(inst.getAttrs(), name).has_value();
  for (const char* field : kModuleDicts) {
    if (found) break;
    auto has = recordedModuleDictHas(tx.context().trace, inst, field, name);
    found = has && *has;
  }
  return found;
}

Expected<VtPtr> NNModuleVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  const auto& trace = tx.context().trace;
  for (const char* patched : {"__call__", "_call_impl", "_wrapped_call_impl"}) {
    if (userClassDefines(trace, cls(), patched))
      return unsupported("an nn.Module subclass overriding " + std::string(patched));
  }
  auto inst = instance(tx);
  if (!inst) return inst.error();
  if (!*inst && object() != 0) return Error("instance missing from the trace");
  if ((*inst && findAttr((*inst)->getAttrs(), "forward")) ||
      tx.context().sideEffects.pendingAttr(this, "forward"))
    return unsupported("an nn.Module whose forward is patched on the instance");
  // Backward hooks: Dynamo's _call_impl path graph-breaks ("Module-level backwards hooks
  // require compiled autograd"), which the core does not model.
  if (*inst) {
    for (const char* h : {"_backward_hooks", "_backward_pre_hooks"}) {
      auto d = findAttr((*inst)->getAttrs(), h);
      auto obj = d ? trace.object(*d) : Expected<schema::Object::Reader>(Error(""));
      if (obj && obj->which() == W::DICT && obj->getDict().size() != 0)
        return unsupported("nn.Module backward hooks (" + typeName() + "." + h +
                           "): Dynamo's break for module-level backward hooks is not modelled");
    }
  }
  auto hit = lookupMro(trace, cls(), "forward");
  if (!hit) return hit.error();
  if (!*hit) return unsupported(typeName() + ".forward is not in the trace");
  auto fwd = trace.object((*hit)->value);
  if (!fwd || fwd->which() != W::FUNCTION)
    return unsupported(typeName() + ".forward that is not a Python function");
  nnModuleGlobalsLazy(tx);
  // has_hooks: any() over the six hook dicts' lengths, then the four global ones; any()
  // stops at the first populated dict, so later dicts are not read.
  bool hasHooks = false;
  for (const char* h : kHookDicts) {
    auto d = varGetattr(tx, h);
    if (!d) return d.error();
    auto r = tx.realize(*d);
    if (!r) return r.error();
    DictVariable* dv = asDict(*r);
    // A module made while tracing holds the OrderedDicts its __init__ stored.
    if (!dv || (object() == 0 && !dv->entries().empty()))
      return unsupported("nn.Module hooks: " + typeName() + "." + h + " is not empty");
    if (!dv->entries().empty()) {
      hasHooks = true;
      break;
    }
  }
  if (!hasHooks) {
    auto st = checkGlobalHooks(tx);
    if (!st) return st.error();
    hasHooks = *st;
  }
  if (hasHooks) return callWithHooks(tx, std::move(args), std::move(kwargs));
  auto src = mroSource(tx, *this, **hit, "forward", false);
  if (!src) return src.error();
  // guard_to_detect_forward_monkeypatching: the same NOT_PRESENT_IN_GENERIC_DICT again.
  auto fwdVar = std::make_shared<UserFunctionVariable>(
      (*hit)->value, fwd->getFunction().getQualname().cStr(), *src);
  args.insert(args.begin(), self());
  return fwdVar->callFunction(tx, std::move(args), std::move(kwargs));
}

// A module with hooks: Dynamo inlines type(mod).__call__ (Module._wrapped_call_impl,
// then _call_impl, which runs the hooks), found by walking the MRO, after
// guard_to_detect_forward_monkeypatching (NOT_PRESENT_IN_GENERIC_DICT on forward).
Expected<VtPtr> NNModuleVariable::callWithHooks(Tx& tx, Args args, Kwargs kwargs) {
  const auto& trace = tx.context().trace;
  if (!source()) return unsupported("nn.Module hooks on a module reached without a source");
  auto hit = lookupMro(trace, cls(), "__call__");
  if (!hit) return hit.error();
  if (!*hit) return unsupported(typeName() + ".__call__ is not in the trace");
  auto fn = trace.object((*hit)->value);
  if (!fn || fn->which() != W::FUNCTION)
    return unsupported(typeName() + ".__call__ that is not a Python function");
  auto src = mroSource(tx, *this, **hit, "__call__", false);
  if (!src) return src.error();
  tx.context().output.addGuard(GuardKind::NOT_PRESENT_IN_GENERIC_DICT, source()->name());
  auto callVar = std::make_shared<UserFunctionVariable>(
      (*hit)->value, fn->getFunction().getQualname().cStr(), *src);
  args.insert(args.begin(), self());
  return callVar->callFunction(tx, std::move(args), std::move(kwargs));
}

// nn.Module.__setattr__, which Dynamo inlines for a store on a module, traced by hand
// for its plain path: the value is not a Parameter, a Module or a Buffer, and the name is
// in none of the module's _parameters, _modules and _buffers; then super().__setattr__
// stores it (a store_attr side effect). Its reads install: isinstance and super from
// the builtins, the module torch.nn.modules.module and its classes Parameter, Module and
// Buffer, and for each of the three dicts (read as self.__dict__.get(...)) its type and
// that it lacks the name. Other paths are reported unsupported.
Status NNModuleVariable::setAttr(Tx& tx, const std::string& name, const VtPtr& valueIn) {
  auto& ctx = tx.context();
  const SourcePtr& s = source();
  if (object() == 0) return setAttrNew(tx, name, valueIn);
  if (!s) return unsupported("attribute store on an nn.Module reached without a source");
  auto value = tx.realize(valueIn);
  if (!value) return value.error();
  if (const UserObjectVariable* uo = asUserObject(*value); uo && uo->isNNModule())
    return unsupported("storing an nn.Module as a module attribute (Module.__setattr__ path)");
  if ((*value)->kind() == VtKind::kTensor &&
      ctx.output.graph().node(static_cast<const TensorVariable&>(**value).node()).typeExpr ==
          "torch.nn.parameter.Parameter")
    return unsupported("storing a Parameter as a module attribute (Module.__setattr__ path)");
  auto inst = instance(tx);
  if (!inst) return inst.error();
  for (const char* field : kModuleDicts) {
    auto has = recordedModuleDictHas(ctx.trace, **inst, field, name);
    if (!has) return has.error();
    if (*has)
      return unsupported("assigning " + typeName() + "." + name + ", which is in its " + field +
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
  for (const char* field : kModuleDicts) {
    auto d = findAttr((*inst)->getAttrs(), field);
    auto src = Source::item(Source::attr(s, "__dict__"), pyStrRepr(field));
    auto dict = tx.realize(std::make_shared<LazyVariable>(*d, src));
    if (!dict) return dict.error();
    if ((*dict)->source()) out.addGuard(GuardKind::DICT_NOT_CONTAINS, (*dict)->source()->name());
  }
  ctx.sideEffects.storeAttr(self(), name, *value);
  return Status::success();
}

namespace {

// VariableBuilder on a Python module read through `source` when the module object is not
// reached through a recorded reference (code of torch.nn.modules.module the recorder did
// not walk): the recorded object of that name if the heap has one (so the same module
// reached from another source is one tracker plus DUPLICATE_INPUT), else MODULE_MATCH.
Expected<VtPtr> moduleByName(Tx& tx, const std::string& name, const SourcePtr& source) {
  auto& ctx = tx.context();
  if (trace::ObjRef ref = tracer::VariableBuilder::findRecorded(ctx, "module", name))
    return tracer::VariableBuilder::wrapPythonModule(ctx, ref, source);
  ctx.output.addGuard(GuardKind::MODULE_MATCH, source->name());
  return VtPtr(std::make_shared<ModuleVariable>(0, name, source));
}

// The value of a class attribute `name` set by a user class of the MRO (user classes are
// recorded in full), or nullopt when only torch's own classes could define it.
std::optional<trace::ObjRef> userClassAttr(const trace::TraceReader& trace, trace::ObjRef cls,
                                           const std::string& name) {
  auto c = trace.object(cls);
  if (!c || c->which() != W::CLASS) return std::nullopt;
  for (auto k : c->getClass().getMro()) {
    auto ko = trace.object(k);
    if (!ko || ko->which() != W::CLASS || !tracer::isUserCodeClass(ko->getClass())) continue;
    if (auto v = findAttr(ko->getClass().getAttrs(), name)) return v;
  }
  return std::nullopt;
}

}  // namespace

// nn.Module.__setattr__ on a module made while tracing, its plain path traced by hand:
// params = self.__dict__.get("_parameters") (after Module.__init__), isinstance(value,
// Parameter), `name in params`, isinstance(value, Module), `name in modules`,
// isinstance(value, Buffer), `name in buffers`, then super().__setattr__. The dicts have no
// source, so only the global reads are guarded: isinstance and super, the module's
// globals and its classes Parameter, Module and Buffer.
Status NNModuleVariable::setAttrNew(Tx& tx, const std::string& name, const VtPtr& valueIn) {
  auto& ctx = tx.context();
  auto value = tx.realize(valueIn);
  if (!value) return value.error();
  if (userClassDefines(ctx.trace, cls(), "__setattr__"))
    return unsupported("attribute store on an nn.Module subclass with __setattr__ (" + typeName() +
                       ")");
  if (!ctx.sideEffects.pendingAttr(this, "_parameters"))
    return unsupported("assigning " + typeName() + "." + name +
                       " before nn.Module.__init__ ran (not modelled)");
  if (const UserObjectVariable* uo = asUserObject(*value); uo && uo->isNNModule())
    return unsupported("storing an nn.Module as a module attribute (Module.__setattr__ path)");
  if ((*value)->kind() == VtKind::kTensor &&
      ctx.output.graph().node(static_cast<const TensorVariable&>(**value).node()).typeExpr ==
          "torch.nn.parameter.Parameter")
    return unsupported("storing a Parameter as a module attribute (Module.__setattr__ path)");
  for (const char* field : kModuleDicts) {
    DictVariable* d = asDict(ctx.sideEffects.pendingAttr(this, field));
    if (!d) return unsupported("an nn.Module whose " + std::string(field) + " is not a dict");
    for (const auto& [k, v] : d->entries()) {
      const std::string* str = constantStr(k);
      if (str && *str == name)
        return unsupported("assigning " + typeName() + "." + name + ", which is in its " + field +
                           " (Module.__setattr__ path)");
    }
  }
  auto& out = ctx.output;
  out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['isinstance']");
  out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['super']");
  auto mod = nnModuleGlobalsRead(tx);
  for (const char* cls : {"Parameter", "Module", "Buffer"})
    out.addGuard(GuardKind::CLASS_MATCH, Source::moduleAttr(mod, cls)->name());
  ctx.sideEffects.storeAttr(self(), name, *value);
  return Status::success();
}

Expected<VtPtr> constructNNModule(Tx& tx, const UserClassVariable& cls, Args args, Kwargs kwargs) {
  auto& ctx = tx.context();
  const auto& trace = ctx.trace;
  const std::string& typeName = cls.typeName();
  if (userClassDefines(trace, cls.cls(), "__new__"))
    return unsupported("an nn.Module subclass with __new__ (" + typeName + ")");
  // The polyfill reads the builtins `type` and `issubclass`.
  ctx.output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['type']");
  ctx.output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['issubclass']");
  bool builtin = typeName.rfind("torch.nn.modules.", 0) == 0 &&
                 typeName.rfind("torch.nn.modules.container.", 0) != 0;
  auto module = std::make_shared<NNModuleVariable>(0, cls.cls(), typeName, builtin, nullptr);
  module->setClsSource(cls.source());
  auto hit = lookupMro(trace, cls.cls(), "__init__");
  if (!hit) return hit.error();
  if (!*hit) return unsupported(typeName + ".__init__ is not in the trace");
  VtPtr init;
  if (qualifiedClassName(trace, (*hit)->cls) == "torch.nn.modules.module.Module") {
    init = std::make_shared<NNModuleInitVariable>(module);
  } else {
    auto f = trace.object((*hit)->value);
    if (!f || f->which() != W::FUNCTION)
      return unsupported(typeName + ".__init__ that is not a Python function");
    auto fn = std::make_shared<UserFunctionVariable>((*hit)->value,
                                                     f->getFunction().getQualname().cStr());
    init = std::make_shared<UserMethodVariable>(fn, module);
  }
  auto r = init->callFunction(tx, std::move(args), std::move(kwargs));
  if (!r) return r.error();
  return VtPtr(module);
}

Expected<VtPtr> NNModuleInitVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  auto& ctx = tx.context();
  auto* module = dynamic_cast<NNModuleVariable*>(module_.get());
  if (!module || module->object() != 0)
    return unsupported("nn.Module.__init__ on a module that was not made while tracing");
  if (!args.empty() || !kwargs.empty())
    return unsupported("nn.Module.__init__ with arguments (call_super_init or TypeError path)");
  auto& out = ctx.output;
  // torch._C._log_api_usage_once("python.nn_module"): read through the module's globals,
  // a graph node whose example value is None.
  // A module already wrapped from another source is that tracker (DUPLICATE_INPUT), and
  // the next attribute is read through its source (G['torch']._C ...).
  auto modSource = nnModuleGlobalsRead(tx);
  auto torchVt = moduleByName(tx, "torch", Source::moduleAttr(modSource, "torch"));
  if (!torchVt) return torchVt.error();
  auto cVt = moduleByName(tx, "torch._C", Source::moduleAttr((*torchVt)->source(), "_C"));
  if (!cVt) return cVt.error();
  out.addGuard(GuardKind::BUILTIN_MATCH,
               Source::moduleAttr((*cVt)->source(), "_log_api_usage_once")->name());
  out.callFunction("torch._C._log_api_usage_once",
                   {tracer::GraphArg::ofConstant(std::string("python.nn_module"))}, {});
  // self.call_super_init, three times: a class variable of a module made while tracing,
  // built from AttrSource(cls_source, "call_super_init").
  if (auto own = userClassAttr(ctx.trace, module->cls(), "call_super_init")) {
    auto v = ctx.trace.object(*own);
    if (!v || v->which() != W::BOOL || v->getBool())
      return unsupported("an nn.Module subclass setting call_super_init (" + module->typeName() +
                         ")");
  }
  if (module->clsSource())
    out.addGuard(GuardKind::CONSTANT_MATCH,
                 Source::attr(module->clsSource(), "call_super_init")->name());
  // call_super_init is False: bool(kwargs) and bool(args) are evaluated.
  out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['bool']");
  out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['super']");
  out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['set']");
  // The module's global OrderedDict: the recorded class when the trace has it (the same
  // class reached before from another source gives DUPLICATE_INPUT), else CLASS_MATCH.
  auto odSource = Source::moduleAttr(modSource, "OrderedDict");
  if (trace::ObjRef od =
          tracer::VariableBuilder::findRecorded(ctx, "class", "collections.OrderedDict")) {
    auto v = tracer::VariableBuilder::wrap(ctx, od, odSource);
    if (!v) return v.error();
  } else {
    out.addGuard(GuardKind::CLASS_MATCH, odSource->name());
  }
  auto emptyDict = [] {
    return VtPtr(std::make_shared<DictVariable>(std::vector<std::pair<VtPtr, VtPtr>>{}, nullptr,
                                                MutationType::kValueMutationNew));
  };
  auto orderedDict = [&]() -> Expected<VtPtr> {
    return std::make_shared<BuiltinVariable>("collections.OrderedDict")->callFunction(tx, {}, {});
  };
  auto store = [&](const char* name, Expected<VtPtr> value) -> Status {
    if (!value) return value.error();
    ctx.sideEffects.storeAttr(module_, name, *value);
    return Status::success();
  };
  auto set = std::make_shared<BuiltinVariable>("set")->callFunction(tx, {}, {});
  for (auto st : {
           store("training", VtPtr(ConstantVariable::make(true))),
           store("_parameters", emptyDict()),
           store("_buffers", emptyDict()),
           store("_non_persistent_buffers_set", set),
           store("_backward_pre_hooks", orderedDict()),
           store("_backward_hooks", orderedDict()),
           store("_is_full_backward_hook", VtPtr(ConstantVariable::make(NoneValue{}))),
           store("_forward_hooks", orderedDict()),
           store("_forward_hooks_with_kwargs", orderedDict()),
           store("_forward_hooks_always_called", orderedDict()),
           store("_forward_pre_hooks", orderedDict()),
           store("_forward_pre_hooks_with_kwargs", orderedDict()),
           store("_state_dict_hooks", orderedDict()),
           store("_state_dict_pre_hooks", orderedDict()),
           store("_load_state_dict_pre_hooks", orderedDict()),
           store("_load_state_dict_post_hooks", orderedDict()),
           store("_modules", emptyDict()),
       }) {
    if (!st) return st.error();
  }
  return VtPtr(ConstantVariable::make(NoneValue{}));
}

}  // namespace dynrr::vt
