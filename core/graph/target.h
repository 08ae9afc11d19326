// target.h — what a graph node calls or names.
//
// Mirrors torch.fx.node.Target: a callable for call_function (kept as the qualified
// name FX's _get_qualified_name prints, plus the facts the printer needs: __name__,
// __module__ and torch/fx/graph.py _is_from_torch), or a string for the other ops
// (method name, submodule path, attribute path, placeholder name, "output").
// Value type.
#pragma once

#include <string>
#include <string_view>

namespace dynrr::graph {

class Target {
 public:
  // A callable by qualified name: "torch.sin", "torch._C._nn.linear",
  // "torch.nn.functional.relu", "_operator.add" (or "operator.add"), "getattr".
  // __name__ is the last dotted part, __module__ the rest ("builtins" for a bare
  // name, "_operator" for operator.*), and fromTorch follows _is_from_torch on that
  // module ("torch.Tensor.<m>" method descriptors have no __module__: not from torch).
  static Target function(std::string_view qualifiedName);
  // A qualified name ending "@<token>" names a callable object made for this one call
  // (Dynamo's numpy_method_wrapper(name) and numpy_operator_wrapper(op) build a new
  // wrapper per call): FX's add_global keys globals by object identity, so each such
  // target gets its own global name (wrapped_add, wrapped_add_1, ...). The token is kept
  // apart from the qualified name.
  // A callable whose facts differ from what its qualified name implies.
  static Target function(std::string qualifiedName, std::string name, std::string module,
                         bool fromTorch);
  // A string target.
  static Target string(std::string text);

  bool isCallable() const { return callable_; }
  // Qualified name for callables, the text for strings.
  const std::string& qualifiedName() const { return qualified_; }
  // __name__ for callables; the text for strings.
  const std::string& name() const { return name_; }
  const std::string& module() const { return module_; }
  bool fromTorch() const { return fromTorch_; }
  // The per-call object token ("" for a callable reached by name; see function()).
  const std::string& objectToken() const { return token_; }
  // The callable is operator.<name> (printed as an infix/prefix operator when known).
  bool isOperator() const { return callable_ && module_ == "_operator"; }
  bool isBuiltin() const { return callable_ && module_ == "builtins"; }

  bool operator==(const Target& o) const {
    return callable_ == o.callable_ && qualified_ == o.qualified_ && token_ == o.token_;
  }

 private:
  bool callable_ = false;
  bool fromTorch_ = false;
  std::string qualified_;
  std::string name_;
  std::string module_;
  std::string token_;
};

// torch/fx/graph.py _torch_but_not_dynamo: "torch" or "torch.<x>..." where no part
// after "torch." starts "_dynamo." or "_inductor.".
bool isTorchModuleName(std::string_view module);

}  // namespace dynrr::graph
