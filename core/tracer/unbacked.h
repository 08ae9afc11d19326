// unbacked.h — unbacked symbols: sizes and scalars whose value depends on tensor data,
// which Dynamo traces (instead of graph-breaking) under config.capture_scalar_outputs
// and config.capture_dynamic_output_shape_ops.
//
// Mirrors: TensorVariable.method_item / wrap_fx_proxy with an unbacked example value
// (ShapeEnv.create_unbacked_symint / create_unbacked_symfloat: u<k>, zuf<k>); the fake
// implementations of nonzero, masked_select and boolean-mask indexing in
// torch/_subclasses/fake_impls.py (a fresh unbacked size, `_constrain_range_for_size` to
// [0, numel]); compute_unbacked_bindings (node.meta['unbacked_bindings']); and the
// size-oblivious view of meta functions (guard_or_false on an unbacked size is False
// and guards nothing), for the ops named in `unbackedOpGap`. The runtime asserts
// insert_deferred_runtime_asserts makes of their ranges are OutputGraph's
// (applyReplacements). A guard on an unbacked symbol (data-dependent branching, a meta
// function that must decide one) is `unsupported` by name.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/fake/meta_value.h"
#include "core/fake/op_registry.h"
#include "core/tracer/instruction_translator.h"

namespace dynrr::tracer {

// Whether the frame's config lets Dynamo make unbacked symbols (the replay then runs with
// size stand-ins, as for dynamic shapes).
bool capturesUnbacked(const TracingContext& ctx);

// The Error a replay without stand-ins (a frame replayed statically first) meets when the
// core must make an unbacked symbol: the frame is then replayed with stand-ins.
extern const char* const kNeedsStandIns;
bool needsStandIns(const Error& e);

// torch.cond's _merge_output of two different ints: a new unbacked SymInt
// (create_unbacked_symint) whose range is the two (constrain_symbol_range): its symbol
// and the stand-in fake tensors compute with.
Expected<std::pair<std::string, int64_t>> mergedIntSymbol(TracingContext& ctx, int64_t a,
                                                          int64_t b);

// ShapeEnv.create_unbacked_symint with no range (while_loop's unspecialized int carries
// and int outputs): its symbol and stand-in.
Expected<std::pair<std::string, int64_t>> freshUnbackedInt(TracingContext& ctx);

// Tensor.item() under capture_scalar_outputs: a call_method `item` node whose example
// value is a new unbacked SymInt (integer dtypes) or SymFloat (floating dtypes).
Expected<VtPtr> unbackedItem(InstructionTranslator& tx, NodeId tensor,
                             const fake::TensorMeta& meta);

// Tensor._version (TensorVariable.method_attr__version): a
// torch.ops.prims._tensor_version.default node whose fake implementation makes a new
// unbacked SymInt (tensor_version_op._tensor_version_fake), whatever the config.
Expected<VtPtr> unbackedTensorVersion(InstructionTranslator& tx, NodeId tensor);

// Under capture_dynamic_output_shape_ops, the output of nonzero / masked_select / a
// boolean-mask getitem with a fresh unbacked size (`symbol` receives its name); nullopt
// when `op` is not one of those (the fake tensor's error stands).
std::optional<Expected<fake::TensorMeta>> dataDependentMeta(TracingContext& ctx,
                                                            const std::string& op,
                                                            const std::vector<fake::MetaArg>& args,
                                                            const fake::Kwargs& kwargs,
                                                            std::string& symbol);

// An op given an unbacked SymInt / SymFloat, or a tensor with an unbacked size: modelled
// for elementwise arithmetic, conversions and reductions (whose meta functions guard
// nothing on such sizes) and, for unbacked ints, factories' sizes (their `size >= 0`
// check refines the range); refused by name otherwise.
Status unbackedOpGap(InstructionTranslator& tx, const std::string& op, const vt::Args& args,
                     const vt::Kwargs& kwargs, const std::vector<fake::MetaArg>& margs);

}  // namespace dynrr::tracer
