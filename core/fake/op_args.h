// op_args.h — binding a call's args/kwargs to a meta function's parameters.
//
// Mirrors Python's argument binding for torch's signatures (torch/_C/_VariableFunctions
// and Tensor method parsing in python_arg_parser): positional-or-keyword parameters by
// name, typed accessors that reject wrong types with a message naming the op and the
// argument. Also the small helpers every meta function shares (dim wrapping,
// requires_grad of outputs).
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/fake/op_registry.h"

namespace dynrr::fake {

class BoundArgs {
 public:
  // Binds call.args[skip...] and call.kwargs to `params` (in order). Too many positional
  // arguments, an unknown keyword or a parameter given twice -> Error.
  static Expected<BoundArgs> bind(const OpCall& call, std::vector<std::string_view> params,
                                  size_t skip = 0);

  const OpCall& call() const { return *call_; }
  // The argument for `name`, or nullptr when absent. A None argument counts as absent.
  const MetaArg* get(std::string_view name) const;
  bool has(std::string_view name) const { return get(name) != nullptr; }
  // Positional index in call().args of the parameter (for aliasOf), or -1 (keyword/absent).
  int positionOf(std::string_view name) const;

  Expected<TensorMeta> tensor(std::string_view name) const;
  Expected<std::optional<TensorMeta>> optTensor(std::string_view name) const;
  Expected<std::int64_t> integer(std::string_view name) const;
  Expected<std::int64_t> integer(std::string_view name, std::int64_t dflt) const;
  Expected<std::optional<std::int64_t>> optInteger(std::string_view name) const;
  Expected<double> number(std::string_view name, double dflt) const;
  Expected<bool> boolean(std::string_view name, bool dflt) const;
  Expected<std::optional<DType>> dtype(std::string_view name) const;
  // An int or a list/tuple of ints.
  Expected<std::vector<std::int64_t>> intList(std::string_view name) const;
  Expected<std::optional<std::vector<std::int64_t>>> optIntList(std::string_view name) const;

  Error typeError(std::string_view name, std::string_view expected) const;

 private:
  const OpCall* call_ = nullptr;
  std::vector<std::string_view> params_;
  std::vector<const MetaArg*> values_;
  std::vector<int> positions_;
};

// "<op>(<args>)" for messages.
std::string describeCall(const OpCall& call);
// Error "<op>: <message>" naming the call.
Error opError(const OpCall& call, const std::string& message);

// maybe_wrap_dim: negative dims count from the end; 0-dim tensors accept -1 and 0.
Expected<std::int64_t> wrapDim(std::int64_t dim, std::int64_t ndim);

// An int/list/tuple of ints as a shape (torch's IntArrayRef / SymIntArrayRef args).
Expected<Shape> toIntList(const MetaArg& arg);
// Sizes given either as varargs ints or as one list/tuple (view(2, 3) / view((2, 3))).
Expected<Shape> sizeVarargs(const OpCall& call, size_t first, std::string_view kwName);

// requires_grad of an output: grad mode on, dtype differentiable, any input requires grad.
bool outputRequiresGrad(const FakeContext& ctx, DType out, std::initializer_list<bool> inputs);
bool anyRequiresGrad(const std::vector<MetaArg>& args);

}  // namespace dynrr::fake
