// exceptions.h — exception values and the exception state of a trace, as Dynamo 2.13
// models them: ExceptionVariable (variables/misc.py; a builtin exception made by calling
// its class, BuiltinVariable.call_function) and the instance of a user exception class
// (variables/user_defined.py UserDefinedExceptionObjectVariable, made by
// UserDefinedExceptionClassVariable.call_function through the polyfill
// instantiate_user_defined_class_object), one class here told apart by classRef(); and
// symbolic_convert.py's ExceptionStack (the current exception and the stack of handled
// ones, exn_vt_stack), shared by every translator of a frame.
//
// Only what the traced program can observe of an exception is kept: its class (for
// `except`), its args, __context__, __cause__ and __suppress_context__. Tracebacks,
// keyword arguments and user exception classes with their own __init__ or __new__ are
// not modelled (unsupported, named).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/trace/trace_reader.h"
#include "core/vt/base.h"

namespace dynrr::vt {

// Builtin exception classes by name (builtins.__dict__): their base class, "" for
// BaseException. Null if `name` is not a builtin exception class.
const char* builtinExceptionBase(const std::string& name);
inline bool isBuiltinExceptionClass(const std::string& name) {
  return builtinExceptionBase(name) != nullptr;
}
// issubclass(builtin `name`, builtin `base`) for builtin exception classes.
bool builtinExceptionIsSubclass(const std::string& name, const std::string& base);
// A recorded user class deriving from a builtin exception: the nearest builtin exception
// class of its MRO, or "" if it is no exception class.
std::string userExceptionBuiltinBase(const trace::TraceReader& trace, trace::ObjRef cls);

class ExceptionVariable final : public VariableTracker {
 public:
  // A builtin exception (classRef 0) or an instance of the user class `classRef`, whose
  // qualified name is `typeName` and nearest builtin exception base `builtinBase`.
  ExceptionVariable(std::string typeName, trace::ObjRef classRef, std::string builtinBase,
                    Args args);
  const std::string& typeName() const { return typeName_; }
  trace::ObjRef classRef() const { return classRef_; }
  const Args& args() const { return args_; }
  std::string pythonTypeName() const override { return typeName_; }
  std::string describe() const override;
  std::string className() const override {
    return classRef_ ? "UserDefinedExceptionObjectVariable" : "ExceptionVariable";
  }

  // issubclass(type(self), cls): `cls` a builtin exception class (BuiltinVariable) or a
  // user class (UserDefinedExceptionClassVariable); nullopt for anything else.
  std::optional<bool> isInstanceOf(Tx& tx, const VtPtr& cls) const;
  // The class as a tracker (BuiltinVariable(exc_type), or the user class without a
  // source), what WITH_EXCEPT_START passes to __exit__.
  VtPtr classVariable() const;

  void setContext(VtPtr context) { context_ = std::move(context); }
  const VtPtr& context() const { return context_; }
  // raise ... from cause: __cause__ = cause, __suppress_context__ = True.
  void setCause(VtPtr cause) { cause_ = std::move(cause); }

  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  // ExceptionVariable.call_setattr: `exc.__traceback__ = tb` with tb None (the only
  // traceback the core knows, see WITH_EXCEPT_START); other stores are refused by name.
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  Expected<bool> boolValue(Tx&) override { return true; }

 private:
  std::string typeName_;
  trace::ObjRef classRef_;
  std::string builtinBase_;
  Args args_;
  VtPtr context_;
  VtPtr cause_;
};

inline ExceptionVariable* asException(const VtPtr& v) {
  return v && v->kind() == VtKind::kException ? static_cast<ExceptionVariable*>(v.get()) : nullptr;
}

// Calling a builtin exception class (BuiltinVariable.call_function -> ExceptionVariable).
Expected<VtPtr> makeBuiltinException(const std::string& name, Args args, const Kwargs& kwargs);

// raise_observed_exception: a builtin operation raising `name(*args)` (a KeyError for a
// missing dict key, StopIteration from next() ...). Sets the current exception and
// returns the observed-exception error the run loop unwinds.
Error raiseObservedException(Tx& tx, const std::string& name, Args args);

// symbolic_convert.py ExceptionStack: the exception being raised (current) and the
// exceptions whose handlers are running (PUSH_EXC_INFO pushes, POP_EXCEPT pops).
class ExceptionStack {
 public:
  // set_current_exception: with setContext (a new raise, not a re-raise), the exception
  // handled innermost becomes its __context__ (unless it is that exception itself).
  void setCurrent(VtPtr exc, bool setContext);
  const VtPtr& current() const { return current_; }
  void clearCurrent() { current_.reset(); }
  // move_current_exception_to_stack.
  void moveCurrentToStack() {
    stack_.push_back(current_);
    current_.reset();
  }
  bool empty() const { return stack_.empty(); }
  const VtPtr& top() const { return stack_.back(); }
  void pop() { stack_.pop_back(); }

 private:
  VtPtr current_;
  std::vector<VtPtr> stack_;
};

}  // namespace dynrr::vt
