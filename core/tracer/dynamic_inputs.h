// dynamic_inputs.h — size symbols of tensor and int graph inputs (see dynamic_inputs.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/fake/tensor_meta.h"
#include "core/support/error.h"

namespace dynrr::tracer {

struct TracingContext;

// The stand-in value a new symbol takes in this replay (its own, or a unified symbol's).
int64_t standInFor(TracingContext& ctx, const std::string& symbol);
// Under export: the static sizes, strides and storage offset of a wrapped tensor's fake
// as the SHAPE_ENV guard keeps them.
void exportTrackedFake(TracingContext& ctx, const std::string& srcName,
                       const fake::TensorMeta& meta);
// A tensor input with dynamic dims `dyn`: symbols, stand-ins and input guards; `meta`
// takes the stand-ins. Returns the TENSOR_MATCH detail (None for what is symbolic).
Expected<std::string> dynamicSizes(TracingContext& ctx, fake::TensorMeta& meta,
                                   std::vector<bool> dyn, const std::string& srcName);

// Lets ctx.output lift size symbols into higher-order op subgraphs
// (SubgraphTracer._lift_basic_symbols): a tensor's symbols through sizeExpr, the root's
// bound symbols from ctx.symbolNodes.
void bindSubgraphSymbols(TracingContext& ctx);

// After a pass: symbols the shape env made one (from the unifier or a comparison in the
// program) while their stand-ins differ; the frame is replayed with each pair sharing one.
std::set<std::pair<std::string, std::string>> pendingUnifications(const TracingContext& ctx);
// When the pass made each of `pairs` one: the graph's node count then (a size check's
// request, or the first call node created after the replacement).
std::map<std::pair<std::string, std::string>, size_t> unificationTimes(
    const TracingContext& ctx, const std::set<std::pair<std::string, std::string>>& pairs);

}  // namespace dynrr::tracer
