// codegen.h — what compiling the graph decides about the values the frame hands back
// (output_graph.py compile_subgraph, _get_stack_values_to_restore, codegen.py PyCodegen
// and side_effects.py codegen_save_tempvars / codegen_update_mutated): the graph's
// outputs, in Dynamo's order, and which lazy values reconstructing them realises (and so
// guards). The core does not emit the bytecode itself.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "core/tracer/instruction_translator.h"

namespace dynrr::tracer {

// The graph outputs for values reconstructed after the graph (stack values / the
// return value), then cells and attributes written back (restore_stack,
// codegen_update_mutated). `liveAtBreak`: the live locals at a graph break.
std::vector<NodeId> graphOutputs(InstructionTranslator& tx, const std::vector<VtPtr>& values,
                                 const std::set<std::string>* liveAtBreak = nullptr);
// `unsupported` when a user object made while tracing would be reconstructed after the
// graph in a way the core does not model (returned, or stored into a pre-existing object).
Status checkEscapes(InstructionTranslator& tx, const std::vector<VtPtr>& values);
// What rebuilding a value after the graph realises (PyCodegen.__call__): nothing for a
// value loaded from its source (a lazy constant kept lazy included); for a new container,
// the lazy items is_python_constant reaches before the first non-constant item, then the
// same for each item rebuilt.
Status codegenRealize(InstructionTranslator& tx, const VtPtr& v, int depth);
// The codegen's walk over a mutated pre-existing container before reconstructing it:
// realises items depth first until the first tensor. True once the walk reached a tensor.
bool realizeUntilTensor(InstructionTranslator& tx, const VtPtr& v, int depth);

}  // namespace dynrr::tracer
