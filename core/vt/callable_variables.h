// callable_variables.h — things that can be called or looked into: builtins
// (BuiltinVariable, variables/builtin.py), torch functions (TorchInGraphFunctionVariable,
// variables/torch.py), user functions and bound methods (UserFunctionVariable,
// UserMethodVariable, variables/functions.py), attribute handles (GetAttrVariable,
// variables/misc.py), Python modules (PythonModuleVariable), NullVariable, and values
// recorded as opaque.
#pragma once

#include <string>

#include "core/trace/trace_format.h"
#include "core/vt/variable_tracker.h"

namespace dynrr::vt {

// A Python builtin or operator function, by qualified name: "len", "operator.add".
class BuiltinVariable final : public VariableTracker {
 public:
  explicit BuiltinVariable(std::string name, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kBuiltin, std::move(source), MutationType::kImmutable),
        name_(std::move(name)) {}
  const std::string& name() const { return name_; }
  std::string pythonTypeName() const override { return "builtin_function_or_method"; }
  std::string describe() const override { return name_; }

 private:
  std::string name_;
};

// A torch callable Dynamo puts into the graph, by the qualified name FX prints
// ("torch.sin", "torch.nn.functional.relu").
class TorchFunctionVariable final : public VariableTracker {
 public:
  TorchFunctionVariable(std::string qualname, bool isBuiltin, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kTorchFunction, std::move(source), MutationType::kImmutable),
        qualname_(std::move(qualname)),
        isBuiltin_(isBuiltin) {}
  const std::string& qualname() const { return qualname_; }
  // A C builtin (BUILTIN_MATCH guard) rather than a Python function (ID/FUNCTION_MATCH).
  bool isBuiltin() const { return isBuiltin_; }
  std::string pythonTypeName() const override { return "builtin_function_or_method"; }
  std::string describe() const override { return qualname_; }

 private:
  std::string qualname_;
  bool isBuiltin_;
};

// A Python function from the trace heap.
class UserFunctionVariable final : public VariableTracker {
 public:
  UserFunctionVariable(trace::ObjRef function, std::string qualname, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kUserFunction, std::move(source), MutationType::kImmutable),
        function_(function),
        qualname_(std::move(qualname)) {}
  trace::ObjRef function() const { return function_; }
  const std::string& qualname() const { return qualname_; }
  std::string pythonTypeName() const override { return "function"; }
  std::string describe() const override { return qualname_; }

 private:
  trace::ObjRef function_;
  std::string qualname_;
};

// `obj.name` not yet resolved further, e.g. a Tensor method awaiting its call.
class GetAttrVariable final : public VariableTracker {
 public:
  GetAttrVariable(VtPtr object, std::string name, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kGetAttr, std::move(source), MutationType::kImmutable),
        object_(std::move(object)),
        name_(std::move(name)) {}
  const VtPtr& object() const { return object_; }
  const std::string& name() const { return name_; }
  std::string pythonTypeName() const override { return "method"; }
  std::string describe() const override { return object_->repr() + ", " + name_; }

 private:
  VtPtr object_;
  std::string name_;
};

// A Python module from the trace heap, e.g. `torch` or `torch.nn.functional`.
class ModuleVariable final : public VariableTracker {
 public:
  ModuleVariable(trace::ObjRef module, std::string name, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kModule, std::move(source), MutationType::kImmutable),
        module_(module),
        name_(std::move(name)) {}
  trace::ObjRef module() const { return module_; }
  const std::string& name() const { return name_; }
  std::string pythonTypeName() const override { return "module"; }
  std::string describe() const override { return name_; }

 private:
  trace::ObjRef module_;
  std::string name_;
};

// A function Dynamo will not trace into (SkipFunctionVariable): calling it graph-breaks
// with `gbType`.
class SkippedFunctionVariable final : public VariableTracker {
 public:
  SkippedFunctionVariable(std::string qualname, std::string gbType, std::string explanation,
                          SourcePtr source)
      : VariableTracker(VtKind::kSkipped, std::move(source), MutationType::kImmutable),
        qualname_(std::move(qualname)),
        gbType_(std::move(gbType)),
        explanation_(std::move(explanation)) {}
  const std::string& gbType() const { return gbType_; }
  const std::string& explanation() const { return explanation_; }
  std::string pythonTypeName() const override { return "function"; }
  std::string describe() const override { return qualname_ + " (skipped)"; }

 private:
  std::string qualname_;
  std::string gbType_;
  std::string explanation_;
};

class NullVariable final : public VariableTracker {
 public:
  NullVariable() : VariableTracker(VtKind::kNull, nullptr, MutationType::kImmutable) {}
  std::string pythonTypeName() const override { return "NULL"; }
  std::string describe() const override { return ""; }
};

// A recorded object the core does not model; using it makes the frame unsupported.
class OpaqueVariable final : public VariableTracker {
 public:
  OpaqueVariable(trace::ObjRef object, std::string typeName, std::string why, SourcePtr source)
      : VariableTracker(VtKind::kOpaque, std::move(source), MutationType::kImmutable),
        object_(object),
        typeName_(std::move(typeName)),
        why_(std::move(why)) {}
  trace::ObjRef object() const { return object_; }
  const std::string& why() const { return why_; }
  std::string pythonTypeName() const override { return typeName_; }
  std::string describe() const override { return typeName_ + ": " + why_; }

 private:
  trace::ObjRef object_;
  std::string typeName_;
  std::string why_;
};

// torch.no_grad / torch.enable_grad: the class as reached from the program
// (TorchCtxManagerClassVariable) and the manager calling it makes
// (variables/ctx_manager.py GradModeVariable: target_values, and initial_values = the
// grad mode when it was made).
class GradModeVariable final : public VariableTracker {
 public:
  GradModeVariable(bool isClass, bool target, bool initial, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kGradMode, std::move(source), MutationType::kImmutable),
        isClass_(isClass),
        target_(target),
        initial_(initial) {}
  bool isClass() const { return isClass_; }
  bool target() const { return target_; }
  bool initial() const { return initial_; }
  std::string pythonTypeName() const override {
    return isClass_ ? "type" : target_ ? "enable_grad" : "no_grad";
  }
  std::string describe() const override {
    return std::string(target_ ? "enable_grad" : "no_grad") + (isClass_ ? " (class)" : "");
  }

 private:
  bool isClass_;
  bool target_;
  bool initial_;
};

// The bound __exit__ of a context manager entered by BEFORE_WITH.
class WithExitVariable final : public VariableTracker {
 public:
  explicit WithExitVariable(VtPtr manager)
      : VariableTracker(VtKind::kWithExit, nullptr, MutationType::kImmutable),
        manager_(std::move(manager)) {}
  const VtPtr& manager() const { return manager_; }
  std::string pythonTypeName() const override { return "method"; }
  std::string describe() const override { return "__exit__ of " + manager_->repr(); }

 private:
  VtPtr manager_;
};

}  // namespace dynrr::vt
