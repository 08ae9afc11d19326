// nn_module.cpp — see nn_module.h.
#include "core/vt/nn_module.h"

#include "core/tracer/instruction_translator.h"
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

// The hooks check of call_function's torch.nn.modules.module global hooks
// (tx.nn_modules_globals_vt): MODULE_MATCH on the module, TYPE_MATCH on each dict.
Status checkGlobalHooks(Tx& tx) {
  auto& ctx = tx.context();
  auto hooks = ctx.event.getFrame().getGlobalState().getNnModuleGlobalHooks();
  if (hooks.size() != 4)
    return unsupported(
        "the trace does not record nn.Module global hooks (recorded before the field existed)");
  const std::string modName = "torch.nn.modules.module";
  auto modSource = Source::global("__import_torch_dot_nn_dot_modules_dot_module");
  if (!ctx.importedModules.count(modName)) {
    ctx.output.addGuard(GuardKind::MODULE_MATCH, modSource->name());
    ctx.importedModules[modName] = std::make_shared<ModuleVariable>(0, modName, modSource);
  }
  for (unsigned i = 0; i < 4; ++i) {
    ctx.output.addGuard(GuardKind::TYPE_MATCH,
                        Source::attr(modSource, kGlobalHookDicts[i])->name());
    if (hooks[i] != 0)
      return unsupported("nn.Module global hooks (" + std::string(kGlobalHookDicts[i]) + ")");
  }
  return Status::success();
}

}  // namespace

// var_getattr of a hook dict: an empty one is read as {} with an EMPTY_NN_MODULE_HOOKS_DICT
// guard; a populated one is not modelled.
std::optional<Expected<VtPtr>> NNModuleVariable::instanceDictAttr(Tx& tx, const std::string& name,
                                                                  trace::ObjRef value) {
  for (const char* h : kHookDicts) {
    if (name != h) continue;
    auto d = tx.context().trace.object(value);
    if (d && d->which() == W::DICT && d->getDict().size() == 0) {
      if (source())
        tx.context().output.addGuard(GuardKind::EMPTY_NN_MODULE_HOOKS_DICT,
                                     Source::attr(source(), name)->name());
      return Expected<VtPtr>(VtPtr(std::make_shared<DictVariable>(
          std::vector<std::pair<VtPtr, VtPtr>>{}, nullptr, MutationType::kValueMutationNew)));
    }
    return Expected<VtPtr>(
        unsupported("nn.Module hooks: " + typeName() + "." + name + " is not empty"));
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
  if (!*inst) return Error("instance missing from the trace");
  if (findAttr((*inst)->getAttrs(), "forward"))
    return unsupported("an nn.Module whose forward is patched on the instance");
  auto hit = lookupMro(trace, cls(), "forward");
  if (!hit) return hit.error();
  if (!*hit) return unsupported(typeName() + ".forward is not in the trace");
  auto fwd = trace.object((*hit)->value);
  if (!fwd || fwd->which() != W::FUNCTION)
    return unsupported(typeName() + ".forward that is not a Python function");
  for (const char* h : kHookDicts) {
    auto d = varGetattr(tx, h);
    if (!d) return d.error();
  }
  if (Status st = checkGlobalHooks(tx); !st) return st.error();
  auto src = mroSource(tx, *this, **hit, "forward", false);
  if (!src) return src.error();
  // guard_to_detect_forward_monkeypatching: the same NOT_PRESENT_IN_GENERIC_DICT again.
  auto fwdVar = std::make_shared<UserFunctionVariable>(
      (*hit)->value, fwd->getFunction().getQualname().cStr(), *src);
  args.insert(args.begin(), self());
  return fwdVar->callFunction(tx, std::move(args), std::move(kwargs));
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
  if (!s || object() == 0) return unsupported("attribute store on an nn.Module made while tracing");
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

}  // namespace dynrr::vt
