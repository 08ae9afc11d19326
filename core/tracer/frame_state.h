// frame_state.h — automatic dynamic shapes for a tensor the core reaches beyond the
// frame's locals in a recompile (an attribute of an object argument: a KV cache's
// `past_key_values.layers[0].keys`).
//
// Mirrors torch/_dynamo/pgo.py update_automatic_dynamic: Dynamo's frame state keeps, per
// code object and source name, the sizes and strides of every tensor it wrapped in the
// earlier compiles, merged (`FrameStateSizeEntry.__ior__`); a dim whose size changed is
// automatic dynamic in the next compile. The frame's locals are compared up front
// (replay.cpp dynamicPlan); for any other source, the earlier compiles' TENSOR_MATCH
// guards on that source stand for the frame-state entry: a source they never guarded was
// not wrapped there, and is static now.
#pragma once

#include <string>
#include <vector>

#include "core/support/error.h"
#include "core/trace/trace_reader.h"

namespace dynrr::tracer {

struct TracingContext;

// The dims of the tensor wrapped at `source` (recorded metadata `meta`) that the frame
// state makes dynamic: a dim whose size differs from an earlier compile's, or was
// symbolic there. All false when no earlier compile guarded the source. Unsupported:
// strides that changed with no size change (dynamic strides).
Expected<std::vector<bool>> lateAutomaticDynamic(const TracingContext& ctx,
                                                 const std::string& source,
                                                 schema::TensorMeta::Reader meta);

}  // namespace dynrr::tracer
