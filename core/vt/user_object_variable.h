// user_object_variable.h — instances of user classes and nn.Modules, and methods bound
// to them, as Dynamo 2.13 models them with inline_inbuilt_nn_modules on
// (torch/_dynamo/variables/user_defined.py UserDefinedObjectVariable, UserMethodVariable
// in variables/functions.py; variables/nn_module.py UnspecializedNNModuleVariable and
// UnspecializedBuiltinNNModuleVariable).
//
// The object stays in the trace heap: attribute lookups read its recorded instance
// __dict__ and its class's MRO (core/tracer/ops_user_object.cpp). A pre-existing object
// is AttributeMutationExisting and is found again by its identity token, so the same
// module reached through two sources is one tracker (plus a DUPLICATE_INPUT guard).
#pragma once

#include <string>

#include "core/trace/trace_format.h"
#include "core/vt/variable_tracker.h"

namespace dynrr::vt {

class UserObjectVariable final : public VariableTracker {
 public:
  enum class Flavor {
    kPlain,            // UserDefinedObjectVariable
    kNNModule,         // UnspecializedNNModuleVariable (a user nn.Module or a container)
    kBuiltinNNModule,  // UnspecializedBuiltinNNModuleVariable (torch.nn.modules.*)
  };
  // `object` is 0 for an object created while tracing (AttributeMutationNew): it has no
  // recorded instance dict, only the attributes stored while tracing.
  UserObjectVariable(trace::ObjRef object, trace::ObjRef cls, std::string typeName, Flavor flavor,
                     SourcePtr source)
      : VariableTracker(VtKind::kUserObject, std::move(source),
                        object ? MutationType::kAttributeMutationExisting
                               : MutationType::kAttributeMutationNew),
        object_(object),
        class_(cls),
        typeName_(std::move(typeName)),
        flavor_(flavor) {}
  trace::ObjRef object() const { return object_; }
  trace::ObjRef cls() const { return class_; }
  Flavor flavor() const { return flavor_; }
  bool isNNModule() const { return flavor_ != Flavor::kPlain; }
  // Made while tracing by a constructor call with keyword arguments.
  bool builtWithKwargs() const { return builtWithKwargs_; }
  void setBuiltWithKwargs() { builtWithKwargs_ = true; }
  // Qualified class name, e.g. "torch.nn.modules.linear.Linear".
  const std::string& typeName() const { return typeName_; }
  std::string pythonTypeName() const override { return typeName_; }
  std::string describe() const override {
    return typeName_ + (flavor_ == Flavor::kPlain ? "" : " (nn.Module)");
  }

 private:
  trace::ObjRef object_;
  trace::ObjRef class_;
  std::string typeName_;
  Flavor flavor_;
  bool builtWithKwargs_ = false;
};

// A user-defined class (UserDefinedClassVariable): calling it constructs an object.
class UserClassVariable final : public VariableTracker {
 public:
  UserClassVariable(trace::ObjRef cls, std::string typeName, SourcePtr source)
      : VariableTracker(VtKind::kUserClass, std::move(source), MutationType::kImmutable),
        class_(cls),
        typeName_(std::move(typeName)) {}
  trace::ObjRef cls() const { return class_; }
  const std::string& typeName() const { return typeName_; }
  std::string pythonTypeName() const override { return "type"; }
  std::string describe() const override { return typeName_; }

 private:
  trace::ObjRef class_;
  std::string typeName_;
};

// super(cls, obj) (SuperVariable); zero-argument super() is rewritten to this form, as
// Dynamo's explicit_super bytecode transform does.
class SuperVariable final : public VariableTracker {
 public:
  SuperVariable(VtPtr cls, VtPtr obj)
      : VariableTracker(VtKind::kSuper, nullptr, MutationType::kImmutable),
        cls_(std::move(cls)),
        obj_(std::move(obj)) {}
  const VtPtr& cls() const { return cls_; }
  const VtPtr& obj() const { return obj_; }
  std::string pythonTypeName() const override { return "super"; }
  std::string describe() const override { return cls_->describe() + ", " + obj_->repr(); }

 private:
  VtPtr cls_;
  VtPtr obj_;
};

// A Python function bound to an object: `obj.method` before the call.
class UserMethodVariable final : public VariableTracker {
 public:
  UserMethodVariable(VtPtr function, VtPtr self, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kUserMethod, std::move(source), MutationType::kImmutable),
        function_(std::move(function)),
        self_(std::move(self)) {}
  const VtPtr& function() const { return function_; }
  const VtPtr& self() const { return self_; }
  std::string pythonTypeName() const override { return "method"; }
  std::string describe() const override { return function_->describe() + " of " + self_->repr(); }

 private:
  VtPtr function_;
  VtPtr self_;
};

}  // namespace dynrr::vt
