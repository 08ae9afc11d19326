// contextlib_manager.h — @contextlib.contextmanager as Dynamo 2.13 traces it
// (config.enable_trace_contextlib): variables/user_defined.py
// UserDefinedClassVariable.call_function for contextlib._GeneratorContextManager (the
// user generator function wrapped as FunctionDecoratedByContextlibContextManagerVariable,
// then the polyfill instantiate_user_defined_class_object inlined), and
// variables/functions.py FunctionDecoratedByContextlibContextManagerVariable (calling it
// makes a ContextlibContextManagerLocalGeneratorObjectVariable, a generator whose tracer
// has is_generator_from_ctx_manager set).
//
// Everything else is contextlib's own Python code, inlined from the trace:
// _GeneratorContextManagerBase.__init__, _GeneratorContextManager.__enter__ (next(gen))
// and __exit__ (next(gen) / gen.throw / gen.close), ContextDecorator.__call__ and
// _recreate_cm. The object is a GenericContextWrappingVariable at BEFORE_WITH
// (SideEffects.get_variable_cls: its class has __enter__ and __exit__).
#pragma once

#include <string>

#include "core/vt/base.h"

namespace dynrr::vt {

// FunctionDecoratedByContextlibContextManagerVariable: the function @contextmanager
// decorated, as _GeneratorContextManager(func, args, kwds) receives it. Calling it inlines
// the generator function up to RETURN_GENERATOR (a GeneratorVariable marked as made for a
// context manager); a function that is not a generator is refused by name (Dynamo's
// "non-generator contextlib.contextmanager" graph break is not modelled).
class ContextlibFunctionVariable final : public VariableTracker {
 public:
  // `fn` is a UserFunctionVariable or a NestedFunctionVariable.
  explicit ContextlibFunctionVariable(VtPtr fn);
  const VtPtr& wrapped() const { return fn_; }
  std::string className() const override {
    return "FunctionDecoratedByContextlibContextManagerVariable";
  }
  std::string pythonTypeName() const override { return "function"; }
  std::string describe() const override { return "@contextmanager " + fn_->describe(); }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  // BaseUserFunctionVariable.var_getattr: __doc__ is the function's own docstring (or
  // None), a constant with no guard; other names are the wrapped function's.
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  Expected<bool> boolValue(Tx&) override { return true; }

 private:
  VtPtr fn_;
};

// `type(self).__doc__` in _GeneratorContextManagerBase.__init__ (a @contextmanager
// function without a docstring): resolve_meta_data_descriptor gives the class docstring,
// realised (its CONSTANT_MATCH falls under contextlib's SkipGuardSource) and stored on the
// new object, where nothing in contextlib reads it. The recorder drops class docstrings,
// so the value is unknown here: it may be stored, and any other use is refused.
class UnrecordedDocVariable final : public VariableTracker {
 public:
  UnrecordedDocVariable(std::string owner, SourcePtr source)
      : VariableTracker(VtKind::kOpaque, std::move(source), MutationType::kImmutable),
        owner_(std::move(owner)) {}
  std::string className() const override { return "ConstantVariable"; }
  std::string pythonTypeName() const override { return "str"; }
  std::string describe() const override {
    return "the docstring of " + owner_ + " (class docstrings are not recorded)";
  }
  // LazyVariableTracker.realize -> wrap_literal: CONSTANT_MATCH on its source (none
  // under contextlib's SkipGuardSource).
  Expected<VtPtr> realize(Tx& tx) override;

 private:
  std::string owner_;
};

// The class contextlib._GeneratorContextManager.
inline bool isGeneratorContextManagerClass(const std::string& qualname) {
  return qualname == "contextlib._GeneratorContextManager";
}

// UserDefinedClassVariable.call_function of contextlib._GeneratorContextManager, before
// the polyfill instantiate_user_defined_class_object runs: a first argument that is a
// user function becomes a ContextlibFunctionVariable (arg_new); the
// TorchCtxManagerClassVariable shortcut is refused by name.
Status wrapContextmanagerFunction(Tx& tx, Args& args);

}  // namespace dynrr::vt
