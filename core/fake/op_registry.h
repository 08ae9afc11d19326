// op_registry.h — the table of meta functions and callOp, the entry point.
//
// Mirrors what FakeTensorMode does when Dynamo runs a node on fake tensors
// (torch._dynamo.utils.get_fake_value -> run_node): it looks up the op by the target
// name Dynamo's FX graphs use — torch functions by qualified name ("torch.sin",
// "torch.nn.functional.relu"), Python operators ("operator.add", "operator.getitem"),
// Tensor methods as "Tensor.<name>" (and tensor attributes "Tensor.shape", "Tensor.dtype")
// — and computes the output metadata. The registry is built once and never mutated
// afterwards; pass it down (no global mutable state).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/fake/meta_value.h"
#include "core/support/error.h"

namespace dynrr::fake {

using Kwargs = std::vector<std::pair<std::string, MetaArg>>;

// One call of a meta function. References are valid for the duration of the call.
struct OpCall {
  std::string_view op;
  const std::vector<MetaArg>& args;
  const Kwargs& kwargs;
  const FakeContext& ctx;
};

using MetaFn = std::function<Expected<MetaValue>(const OpCall&)>;

class OpRegistry {
 public:
  void add(std::string name, MetaFn fn) { fns_[std::move(name)] = std::move(fn); }
  // nullptr when no meta function is registered under that name.
  const MetaFn* find(std::string_view name) const {
    auto it = fns_.find(name);
    return it == fns_.end() ? nullptr : &it->second;
  }
  size_t size() const { return fns_.size(); }
  std::vector<std::string> names() const;

 private:
  // Transparent hashing: lookups by string_view allocate nothing.
  struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, MetaFn, NameHash, std::equal_to<>> fns_;
};

// A registry with every op this library models.
OpRegistry makeDefaultOpRegistry();
// The registry above, built on first use and immutable afterwards.
const OpRegistry& defaultOpRegistry();

// Runs the meta function of `op`. Unknown op -> Error "no meta function for <op>"; wrong
// argument types or counts, and anything torch itself would reject, -> Error describing
// the call.
Expected<MetaValue> callOp(const OpRegistry& registry, std::string_view op,
                           const std::vector<MetaArg>& args, const Kwargs& kwargs,
                           const FakeContext& ctx);
Expected<MetaValue> callOp(std::string_view op, const std::vector<MetaArg>& args,
                           const Kwargs& kwargs, const FakeContext& ctx);

}  // namespace dynrr::fake
