// nn_module.h — nn.Modules as Dynamo 2.13 models them with inline_inbuilt_nn_modules on
// (torch/_dynamo/variables/nn_module.py UnspecializedNNModuleVariable and
// UnspecializedBuiltinNNModuleVariable): a user object whose call_function short-cuts
// __call__ to forward when no hook dict is populated, whose var_getattr reads an empty
// hooks dict as {} (EMPTY_NN_MODULE_HOOKS_DICT) and finds parameters, submodules and
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

 protected:
  std::optional<Expected<VtPtr>> instanceDictAttr(Tx& tx, const std::string& name,
                                                  trace::ObjRef value) override;
  Expected<VtPtr> getattrFallback(Tx& tx, const std::string& name) override;
  Status setAttr(Tx& tx, const std::string& name, const VtPtr& value) override;
  Expected<bool> recordedHas(Tx& tx, schema::Instance::Reader inst,
                             const std::string& name) override;

 private:
  // var_getattr(self, field) for _parameters/_modules/_buffers, then the entry `name`
  // (getattr_helper); null when the dict has no such key.
  Expected<VtPtr> moduleDictEntry(Tx& tx, const std::string& field, const std::string& name);
};

}  // namespace dynrr::vt
