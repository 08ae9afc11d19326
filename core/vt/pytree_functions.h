// pytree_functions.h — the two torch.utils._pytree functions trace_rules does not let
// Dynamo inline: `_get_node_type` (PyTreeGetNodeTypeFunctionVariable) and
// `tree_is_leaf` called without an is_leaf callable (PyTreeTreeIsLeafFunctionVariable).
// The rest of _pytree.py (tree_flatten, tree_unflatten, TreeSpec.unflatten ...) is
// ordinary Python the translator inlines.
#pragma once

#include <optional>

#include "core/trace/trace_reader.h"
#include "core/vt/base.h"

namespace dynrr::tracer {
struct TracingContext;
}

namespace dynrr::vt {

enum class PytreeFunction { kNone, kGetNodeType, kTreeIsLeaf, kTreeMap };

// Which of these a recorded function is (by its code: qualname and file); kTreeMap is
// tree_map of torch/utils/_pytree.py or _cxx_pytree.py (UserFunctionVariable's
// _is_tree_map_function: Dynamo maps the tree itself instead of inlining it).
PytreeFunction pytreeFunctionOf(const trace::TraceReader& trace, trace::ObjRef function);

// PyTreeGetNodeTypeFunctionVariable.call_function: TYPE_MATCH on the argument's source,
// then the argument's Python type as a class tracker (read through `type(S)`).
Expected<VtPtr> callPytreeGetNodeType(Tx& tx, const Args& args);

// PyTreeTreeIsLeafFunctionVariable.call_function: with is_leaf None, `_get_node_type(tree)
// not in SUPPORTED_NODES` with the dict read through
// `__import__('torch').utils._pytree.SUPPORTED_NODES` (get_pytree_SUPPORTED_NODES_source)
// and its contains guards; nullopt when an is_leaf callable is passed (inlined instead).
// `function` is tree_is_leaf itself (its globals hold SUPPORTED_NODES).
Expected<std::optional<VtPtr>> callPytreeTreeIsLeaf(Tx& tx, trace::ObjRef function,
                                                    const Args& args, const Kwargs& kwargs);

// get_pytree_SUPPORTED_NODES_source (variables/functions.py) is functools.lru_cache'd:
// the ImportSource("torch") it builds installs ID_MATCH __import__('torch') in whichever
// frame is being traced the first time it is called in the process, and never again.
// Installs that guard unless an earlier event of the trace guarded SUPPORTED_NODES or an
// earlier pass of this frame made the source.
void guardSupportedNodesImport(tracer::TracingContext& ctx);

// UserFunctionVariable._maybe_call_tree_map_fastpath (torch 2.13, variables/functions.py):
// tree_map(fn, tree, *rests) mapped over the trackers (VariableTracker.call_tree_map and
// the call_tree_map_branch of ConstantVariable, TensorVariable, BaseListVariable and
// ConstDictVariable): fn called on each leaf, new lists, tuples and dicts built. Where
// Dynamo falls back to inlining tree_map on a subtree (other trackers, an is_leaf
// callable, mismatched rests), the core refuses by name. An empty-message Error when the
// call is not the fastpath's (fewer than two arguments, other keyword arguments): tree_map
// is inlined then, as Dynamo does.
// `fnSource`: tree_map's own source (the same function reached through two sources is
// refused: Dynamo dedupes it by identity, the core does not).
Expected<VtPtr> callPytreeTreeMap(Tx& tx, const SourcePtr& fnSource, const Args& args,
                                  const Kwargs& kwargs);

}  // namespace dynrr::vt
