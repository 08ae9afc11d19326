// namespace.h — unique Python identifiers for graph values, as torch.fx names them.
//
// Mirrors torch/fx/graph.py in torch 2.13: _Namespace (create_name,
// associate_name_with_obj, _rename_object), _snake_case, _illegal_names (keywords,
// builtins and FX's custom builtins), Graph._target_to_str; and Dynamo's naming of
// graph inputs (torch/_dynamo/variables/builder.py: re.sub(r"[^a-zA-Z0-9]+", "_",
// source.name); torch/_dynamo/utils.py: get_unique_name_wrt).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace dynrr::graph {

// An object identity for Namespace: empty means Python's None (no object). Builtins
// are identified by their bare name ("getattr", "int"), FX's custom builtins by their
// qualified name (see pythonIllegalNameOwner), nodes by a key the caller chooses.
using ObjectKey = std::string;

// A context that gives each object one name and each name to one object.
// Value type; copying it snapshots the namespace.
class Namespace {
 public:
  // _Namespace.create_name: sanitise `candidate` into an identifier, avoid names
  // taken in this namespace and Python keywords/builtins (unless `obj` is that very
  // builtin), adding or bumping a "_<n>" suffix. An `obj` already named keeps its name.
  std::string createName(std::string_view candidate, const ObjectKey& obj = {});
  // create_name for an object that is no builtin and is never named again through this
  // namespace (the caller keeps its name, as CodeGen does for nodes): the same name
  // createName gives a fresh object key, without building or recording a key.
  std::string createNameForNewObject(std::string_view candidate);
  // _Namespace.associate_name_with_obj.
  void associateNameWithObject(const std::string& name, const ObjectKey& obj);
  // _Namespace._rename_object: `obj` is now called `name` (the old name stays taken).
  void renameObject(const ObjectKey& obj, const std::string& name);

  bool isUsed(std::string_view name) const;

 private:
  // The names taken (_used_names) and _base_count, by base: a graph takes thousands of
  // names on a few bases ("mul_1" ... "mul_2500"), so "<base>_<n>" with n written as
  // Python prints it (below kDenseNumbers) is a bit of its base's entry and a bare
  // "<base>" a flag; any other name is kept whole in otherUsed_. A lookup is then one
  // search in a small map and a bit test, not a string set that outgrows the caches.
  struct BaseNames {
    bool bare = false;          // "<base>" is taken
    std::vector<bool> numbers;  // numbers[n]: "<base>_<n>" is taken
    int64_t count = 0;          // _base_count[base] (0 when never set, as FX reads it)
  };
  struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  static constexpr int64_t kDenseNumbers = int64_t{1} << 20;

  // obj null: createNameForNewObject's object.
  std::string create(std::string_view candidate, const ObjectKey* obj);
  void markUsed(std::string_view name);
  BaseNames& entry(std::string_view base);

  std::unordered_map<ObjectKey, std::string> objectToName_;
  std::unordered_map<std::string, BaseNames, NameHash, std::equal_to<>> bases_;
  std::unordered_set<std::string, NameHash, std::equal_to<>> otherUsed_;
};

// True if FX refuses `name` for a value (keyword, builtin, or FX custom builtin).
bool isPythonIllegalName(std::string_view name);
// The identity FX stores for an illegal name: the name itself for builtins, the
// qualified name for FX's custom builtins ("torch.device" for "device"), "" for
// None (whose builtin value is None), and "<keyword>" for keywords (a fresh object
// no caller can pass).
std::string pythonIllegalNameOwner(std::string_view name);
// Every name in FX's _illegal_names, sorted (for tests).
const std::unordered_set<std::string>& pythonIllegalNames();

// _snake_case: "pascalCase" -> "pascal_case", then lower-cased ("L_x_" -> "l_x_").
std::string snakeCase(std::string_view text);

// Graph._target_to_str for a string target: strip a dunder ("__getitem__" ->
// "getitem"), then snakeCase. For callables pass their __name__ (same rule minus
// the dunder strip, which only applies to strings).
std::string targetToStr(std::string_view target, bool isCallable);

// Dynamo's graph-input name for a source: every run of characters outside
// [a-zA-Z0-9] becomes "_" ("L['x']" -> "L_x_",
// "L['self']._modules['layer']._parameters['weight']" ->
// "L_self_modules_layer_parameters_weight_", "G['g']" -> "G_g_").
std::string placeholderNameForSource(std::string_view sourceName);

// get_unique_name_wrt: `prefix` if unused (and no suffix is required), else the first
// free "prefix_<i>", i >= 0 (install_subgraph asks for a suffix: "cond_true_0").
std::string uniqueNameWrt(std::string_view prefix, const std::unordered_set<std::string>& used,
                          bool requiresSuffix = false);

}  // namespace dynrr::graph
