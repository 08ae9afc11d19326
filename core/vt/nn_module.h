// nn_module.h — nn.Modules as Dynamo 2.13 models them with inline_inbuilt_nn_modules on
// (torch/_dynamo/variables/nn_module.py UnspecializedNNModuleVariable and
// UnspecializedBuiltinNNModuleVariable): a user object whose call_function short-cuts
// __call__ to forward when no hook dict is populated (and otherwise inlines __call__,
// i.e. Module._wrapped_call_impl and _call_impl, which run the hooks), whose var_getattr
// reads an empty hooks dict as {} (EMPTY_NN_MODULE_HOOKS_DICT) and a populated forward
// one as NNModuleHooksDictVariable, and finds parameters, submodules and
// buffers through _parameters, _modules and _buffers (manually_trace_nn_module_getattr),
// and whose attribute stores go through nn.Module.__setattr__'s plain path.
#pragma once

#include "core/vt/user_defined.h"

namespace dynrr::vt {

class NNModuleVariable final : public UserObjectVariable {
 public:
  // `builtin`: a torch.nn.modules.* class other than the containers.
  NNModuleVariable(trace::ObjRef object, trace::ObjRef cls, std::string typeName, bool builtin,
                   SourcePtr source)
      : UserObjectVariable(object, cls, std::move(typeName),
                           builtin ? Flavor::kBuiltinNNModule : Flavor::kNNModule,
                           std::move(source)) {}
  std::string className() const override {
    return flavor() == Flavor::kBuiltinNNModule ? "UnspecializedBuiltinNNModuleVariable"
                                                : "UnspecializedNNModuleVariable";
  }

  // UnspecializedNNModuleVariable.call_function: forward inlined after the hooks check
  // (the module's six hook dicts, then torch.nn.modules.module's four global ones) and
  // guard_to_detect_forward_monkeypatching.
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  // The call of a module with hooks: type(mod).__call__ inlined.
  Expected<VtPtr> callWithHooks(Tx& tx, Args args, Kwargs kwargs);

 protected:
  std::optional<Expected<VtPtr>> instanceDictAttr(Tx& tx, const std::string& name,
                                                  trace::ObjRef value) override;
  Expected<VtPtr> getattrFallback(Tx& tx, const std::string& name) override;
  Status setAttr(Tx& tx, const std::string& name, const VtPtr& value) override;
  // Module.__setattr__ on a module made while tracing.
  Status setAttrNew(Tx& tx, const std::string& name, const VtPtr& value);
  Expected<bool> recordedHas(Tx& tx, schema::Instance::Reader inst,
                             const std::string& name) override;

 private:
  // var_getattr(self, field) for _parameters/_modules/_buffers, then the entry `name`
  // (getattr_helper); null when the dict has no such key.
  Expected<VtPtr> moduleDictEntry(Tx& tx, const std::string& field, const std::string& name);
};

// Calling an nn.Module subclass while tracing (UserDefinedClassVariable.call_function:
// the polyfill instantiate_user_defined_class_object, whose cls.__new__(cls) is
// side_effects.track_new_user_defined_object giving an UnspecializedNNModuleVariable
// (AttributeMutationNew, cls_source = the class's source), then obj.__init__(...)
// inlined). The MRO may hold user classes and torch.nn.modules classes; an __init__
// that is nn.Module's own is NNModuleInitVariable.
Expected<VtPtr> constructNNModule(Tx& tx, const UserClassVariable& cls, Args args, Kwargs kwargs);

// nn.Module.__init__ bound to a module made while tracing (Dynamo traces
// mutation_guard.unpatched_nn_module_init, the original Module.__init__, in place of the
// patched one in the class dict), traced by hand for torch 2.13's body:
// torch._C._log_api_usage_once("python.nn_module") (a graph node), three reads of
// self.call_super_init (CONSTANT_MATCH on cls_source.call_super_init), bool(kwargs) and
// bool(args), then super().__setattr__ of training, the three dicts, the non-persistent
// buffer set and twelve OrderedDicts (each through polyfills.construct_dict) and
// _is_full_backward_hook. Arguments (the call_super_init or TypeError paths) are refused.
class NNModuleInitVariable final : public VariableTracker {
 public:
  explicit NNModuleInitVariable(VtPtr module)
      : VariableTracker(VtKind::kUserFunction, nullptr, MutationType::kImmutable),
        module_(std::move(module)) {}
  std::string className() const override { return "UserMethodVariable"; }
  std::string pythonTypeName() const override { return "method"; }
  std::string describe() const override { return "Module.__init__ of " + module_->repr(); }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  // The call of a module with hooks: type(mod).__call__ inlined.
  Expected<VtPtr> callWithHooks(Tx& tx, Args args, Kwargs kwargs);

 private:
  VtPtr module_;
};

}  // namespace dynrr::vt
