// functions.h — Python functions (torch/_dynamo/variables/functions.py):
// UserFunctionVariable (a recorded function), NestedUserFunctionVariable (made by
// MAKE_FUNCTION while tracing), UserMethodVariable (a function bound to an object), and
// SkipFunctionVariable (a function Dynamo will not trace into: calling it graph-breaks).
//
// Calling a user function inlines it (UserFunctionVariable.call_function ->
// tx.inline_user_function_return -> InliningInstructionTranslator.inline_call_): the
// function binds its arguments here (bind_args: positional, keyword, defaults, *args,
// **kwargs, the closure's cells) and the translator runs the callee's code
// (core/tracer/instruction_translator.cpp).
#pragma once

#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/bytecode/code_object.h"
#include "core/bytecode/instruction.h"
#include "core/trace/trace_format.h"
#include "core/vt/base.h"
#include "core/vt/iter.h"
#include "core/vt/misc.h"

namespace dynrr::vt {

// What bind_args gives the inlining translator: the callee's code, its globals, its
// arguments bound to local names in order, and its free variables' cells.
struct BoundCall {
  bytecode::CodeObject code;
  std::vector<bytecode::Instruction> instructions;
  trace::ObjRef globals = 0;
  // __name__ of the module whose globals the code runs in when they are not the root
  // frame's (read through import_source); empty otherwise.
  std::string globalsModule;
  std::vector<std::pair<std::string, VtPtr>> locals;
  // co_freevars in order: a nested function's CellVariable, or a recorded function's
  // closure cell, tracked (track_cell_existing) by the translator after the callee's
  // own cellvars, in Dynamo's order.
  struct FreeVar {
    std::string name;
    std::shared_ptr<CellVariable> cell;  // set for a nested function
    trace::ObjRef recordedCell = 0;      // set for a recorded function
    SourcePtr cellSource;                // fn.__closure__[i] (null when sourceless)
    SourcePtr contentsSource;            // fn.__closure__[i].cell_contents
  };
  std::vector<FreeVar> freevars;
};

// BaseUserFunctionVariable: something whose call is inlined.
class BaseUserFunctionVariable : public VariableTracker {
 public:
  virtual const std::string& qualname() const = 0;
  // bind_args(tx, args, kwargs), plus what inline_call_ reads off the function.
  virtual Expected<BoundCall> bindArgs(Tx& tx, Args args, Kwargs kwargs) = 0;
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  Expected<bool> boolValue(Tx&) override { return true; }

 protected:
  BaseUserFunctionVariable(VtKind kind, SourcePtr source)
      : VariableTracker(kind, std::move(source), MutationType::kImmutable) {}
};

// The attributes every Python function has (dir(types.FunctionType), CPython 3.11):
// what hasattr(fn, name) and getattr_static find without the function's __dict__.
bool isFunctionTypeAttr(const std::string& name);

// A Python function from the trace heap.
class UserFunctionVariable final : public BaseUserFunctionVariable {
 public:
  UserFunctionVariable(trace::ObjRef function, std::string qualname, SourcePtr source = nullptr)
      : BaseUserFunctionVariable(VtKind::kUserFunction, std::move(source)),
        function_(function),
        qualname_(std::move(qualname)) {}
  trace::ObjRef function() const { return function_; }
  const std::string& qualname() const override { return qualname_; }
  std::string pythonTypeName() const override { return "function"; }
  std::string describe() const override { return qualname_; }
  Expected<BoundCall> bindArgs(Tx& tx, Args args, Kwargs kwargs) override;
  // Inlined; inspect.signature (InspectSignatureVariable) answers a repeated call on the
  // same function from the compile's cache.
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  // __name__ / __qualname__: constants of the function (lazy constants on AttrSource
  // when read through a source).
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  bool isPythonConstant() const override { return true; }

 private:
  trace::ObjRef function_;
  std::string qualname_;
};

// A function created by MAKE_FUNCTION during tracing. It has no source; its closure
// is the tuple of CellVariables the bytecode built, its globals those of the frame
// that made it.
class NestedFunctionVariable final : public BaseUserFunctionVariable {
 public:
  NestedFunctionVariable(trace::ObjRef code, std::string qualname, trace::ObjRef globals,
                         VtPtr defaults, VtPtr kwdefaults, std::vector<VtPtr> closure)
      : BaseUserFunctionVariable(VtKind::kNestedFunction, nullptr),
        code_(code),
        qualname_(std::move(qualname)),
        globals_(globals),
        defaults_(std::move(defaults)),
        kwdefaults_(std::move(kwdefaults)),
        closure_(std::move(closure)) {}
  trace::ObjRef code() const { return code_; }
  const std::string& qualname() const override { return qualname_; }
  trace::ObjRef globals() const { return globals_; }
  const VtPtr& defaults() const { return defaults_; }             // TupleVariable or null
  const VtPtr& kwdefaults() const { return kwdefaults_; }         // ConstDictVariable or null
  const std::vector<VtPtr>& closure() const { return closure_; }  // CellVariables
  std::string pythonTypeName() const override { return "function"; }
  std::string describe() const override {
    return qualname_ + (closure_.empty() ? "" : ", " + std::to_string(closure_.size()) + " cells");
  }
  Expected<BoundCall> bindArgs(Tx& tx, Args args, Kwargs kwargs) override;
  // const_getattr: __name__ is the code's co_name, __qualname__ the qualified name.
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;

 private:
  trace::ObjRef code_;
  std::string qualname_;
  trace::ObjRef globals_;
  VtPtr defaults_;
  VtPtr kwdefaults_;
  std::vector<VtPtr> closure_;
};

// A Python function bound to an object: `obj.method` before the call.
class UserMethodVariable final : public VariableTracker {
 public:
  UserMethodVariable(VtPtr function, VtPtr self, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kUserMethod, std::move(source), MutationType::kImmutable),
        function_(std::move(function)),
        self_(std::move(self)) {}
  const VtPtr& function() const { return function_; }
  const VtPtr& boundSelf() const { return self_; }
  std::string pythonTypeName() const override { return "method"; }
  std::string describe() const override { return function_->describe() + " of " + self_->repr(); }
  // The function called with the object first.
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  // __self__ and __func__.
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;

 private:
  VtPtr function_;
  VtPtr self_;
};

// A C method bound to an object (BoundBuiltinMethodVariable): keyword.iskeyword is
// frozenset.__contains__ bound to a frozenset. Calling it is the object's call_method.
class BoundBuiltinMethodVariable final : public VariableTracker {
 public:
  BoundBuiltinMethodVariable(VtPtr obj, std::string name, SourcePtr source)
      : VariableTracker(VtKind::kGetAttr, std::move(source), MutationType::kImmutable),
        obj_(std::move(obj)),
        name_(std::move(name)) {}
  std::string className() const override { return "BoundBuiltinMethodVariable"; }
  std::string pythonTypeName() const override { return "builtin_function_or_method"; }
  std::string describe() const override { return obj_->repr() + "." + name_; }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override {
    return obj_->callMethod(tx, name_, std::move(args), std::move(kwargs));
  }
  Expected<bool> boolValue(Tx&) override { return true; }

 private:
  VtPtr obj_;
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
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;

 private:
  std::string qualname_;
  std::string gbType_;
  std::string explanation_;
};

// WrapperUserFunctionVariable: a wrapper object that keeps the real callable in an
// attribute (a torch.jit.script_if_tracing wrapper's __original_fn, an lru_cache
// wrapper's __wrapped__). Calling it inlines polyfills.getattr_and_trace: the builtin
// getattr (BUILTIN_MATCH) reads the attribute, built from AttrSource(source, attr).
class WrapperFunctionVariable final : public VariableTracker {
 public:
  WrapperFunctionVariable(trace::ObjRef inner, std::string attr, std::string name, SourcePtr source)
      : VariableTracker(VtKind::kUserFunction, std::move(source), MutationType::kImmutable),
        inner_(inner),
        attr_(std::move(attr)),
        name_(std::move(name)) {}
  std::string className() const override { return "WrapperUserFunctionVariable"; }
  std::string pythonTypeName() const override { return "function"; }
  std::string describe() const override { return name_ + " (wrapper of ." + attr_ + ")"; }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;

 private:
  trace::ObjRef inner_;
  std::string attr_;
  std::string name_;
};

// VariableTracker.as_python_constant() as Dynamo evaluates it, for its effects: a lazy
// value realises (installing its guards) first, containers convert their items in order
// (a dict its keys and values entry by entry, a nested function its closure and
// defaults), and the walk stops at the first value that does not convert: false.
Expected<bool> asPythonConstantWalk(Tx& tx, const VtPtr& v,
                                    std::set<const VariableTracker*>& converting);

// dataclasses.fields (VariableBuilder._id_dispatch: a LambdaVariable over
// _dataclasses_fields_lambda, CLOSURE_MATCH on its source): called on a user object, a
// tuple of the class's Field objects whose _field_type is _FIELD, each a
// UserDefinedObjectVariable from DictGetItemSource(AttrSource(obj, "__dataclass_fields__"),
// name) when the object has a source, sourceless otherwise.
class DataclassFieldsVariable final : public VariableTracker {
 public:
  explicit DataclassFieldsVariable(SourcePtr source)
      : VariableTracker(VtKind::kUserFunction, std::move(source), MutationType::kImmutable) {}
  std::string className() const override { return "LambdaVariable"; }
  std::string pythonTypeName() const override { return "function"; }
  std::string describe() const override { return "dataclasses.fields"; }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
};

// functools.partial(func, *args, **keywords) (FunctoolsPartialVariable): calling it
// calls func with the stored arguments first and the keywords merged under the call's.
class PartialVariable final : public VariableTracker {
 public:
  PartialVariable(VtPtr func, Args args, Kwargs keywords, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kPartial, std::move(source), MutationType::kImmutable),
        func_(std::move(func)),
        args_(std::move(args)),
        keywords_(std::move(keywords)) {}
  std::string pythonTypeName() const override { return "functools.partial"; }
  std::string describe() const override { return "partial(" + func_->repr() + ")"; }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  Expected<bool> boolValue(Tx&) override { return true; }

 private:
  VtPtr func_;
  Args args_;
  Kwargs keywords_;
};

// A generator made by calling a generator function while tracing
// (LocalGeneratorObjectVariable): its body runs in its own suspended translator, one
// next() at a time (gen_send_ex2), each resumed by the frame asking. A graph break inside
// a generator is not resumable in Dynamo either; here it is reported as unsupported.
class GeneratorVariable final : public IteratorVariable {
 public:
  explicit GeneratorVariable(std::shared_ptr<tracer::InstructionTranslator> tracer)
      : tracer_(std::move(tracer)) {}
  std::string pythonTypeName() const override { return "generator"; }
  std::string className() const override {
    return fromContextManager_ ? "ContextlibContextManagerLocalGeneratorObjectVariable"
                               : "LocalGeneratorObjectVariable";
  }
  std::string describe() const override;
  Expected<VtPtr> nextVariable(Tx& tx) override;
  // throw(exc) and close() (LocalGeneratorObjectVariable.call_method), what
  // contextlib's _GeneratorContextManager.__exit__ calls.
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  // gen.throw / gen.close / gen.send before the call (GetAttrVariable).
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  bool exhausted() const { return exhausted_; }
  // Made by a @contextlib.contextmanager function (ContextlibContextManagerLocalGenerator-
  // ObjectVariable: is_generator_from_ctx_manager).
  void setFromContextManager() { fromContextManager_ = true; }
  bool fromContextManager() const { return fromContextManager_; }

 private:
  Expected<VtPtr> throwInto(Tx& tx, const VtPtr& exc);
  Expected<VtPtr> close(Tx& tx);

  std::shared_ptr<tracer::InstructionTranslator> tracer_;
  bool exhausted_ = false;
  bool fromContextManager_ = false;
};

}  // namespace dynrr::vt
