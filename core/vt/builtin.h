// builtin.h — Python builtins and operator functions (torch/_dynamo/variables/builtin.py
// BuiltinVariable): a table from the builtin's name to its handler, in place of an
// if-chain, as Dynamo's `call_<name>` methods are found by name. Operators ("operator.add",
// ...) constant-fold on Python constants with Python's semantics, become graph calls on
// tensors and SymInt arithmetic on dynamic ints (builtin_operators.cpp).
#pragma once

#include <optional>
#include <string>

#include "core/vt/base.h"

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
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  // dict.fromkeys / OrderedDict.fromkeys / defaultdict.fromkeys
  // (DictBuiltinVariable.call_custom_dict_fromkeys).
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  bool isPythonConstant() const override { return true; }
  Expected<bool> boolValue(Tx&) override { return true; }

  // BuiltinVariable(<name>).call_function(tx, args, kwargs), for opcodes that Dynamo runs
  // through a builtin (IS_OP, the unary operators ...).
  static Expected<VtPtr> call(Tx& tx, const std::string& name, Args args, Kwargs kwargs = {});

 private:
  std::string name_;
};

// A types.GenericAlias made by subscripting a builtin type with builtin types (list[int],
// dict[str, int]): operator.getitem on Python constants constant-folds
// (BuiltinVariable.constant_fold_handler) and SourcelessBuilder wraps the alias in a
// TypingVariable (variables/misc.py). A Python constant; torch.jit.annotate drops it.
class TypingVariable final : public VariableTracker {
 public:
  explicit TypingVariable(std::string repr)
      : VariableTracker(VtKind::kTyping, nullptr, MutationType::kImmutable),
        repr_(std::move(repr)) {}
  std::string pythonTypeName() const override { return "GenericAlias"; }
  std::string describe() const override { return repr_; }
  bool isPythonConstant() const override { return true; }

 private:
  std::string repr_;
};

// Applies a Python operator ("operator.add", "operator.lt", "operator.neg", ...) to
// realised or lazy values (builtin_operators.cpp).
Expected<VtPtr> applyOperator(Tx& tx, const std::string& op, Args args);
// Python equality of two realised constant-like trackers (constants, and tuples/lists of
// them); nullopt if not modelled.
std::optional<bool> constEquals(const VtPtr& a, const VtPtr& b);
// math.<f>(*args) on Python constants, folded with CPython's results
// (builtin_math.cpp); an empty Error for an arity it does not know.
Expected<VtPtr> callMath(Tx& tx, const std::string& qualname, Args& args);
// isinstance(obj, classes) and issubclass(cls, classes) (builtin_isinstance.cpp); an
// empty Error for an arity they do not know.
Expected<VtPtr> callIsinstance(Tx& tx, const std::string& name, Args& args);
Expected<VtPtr> callIssubclass(Tx& tx, const std::string& name, Args& args);

}  // namespace dynrr::vt
