// pytree_functions.h — the two torch.utils._pytree functions trace_rules does not let
// Dynamo inline: `_get_node_type` (PyTreeGetNodeTypeFunctionVariable) and
// `tree_is_leaf` called without an is_leaf callable (PyTreeTreeIsLeafFunctionVariable).
// The rest of _pytree.py (tree_flatten, tree_unflatten, TreeSpec.unflatten ...) is
// ordinary Python the translator inlines.
#pragma once

#include <optional>

#include "core/trace/trace_reader.h"
#include "core/vt/base.h"

namespace dynrr::vt {

enum class PytreeFunction { kNone, kGetNodeType, kTreeIsLeaf };

// Which of the two a recorded function is (by its code: qualname and file).
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

}  // namespace dynrr::vt
