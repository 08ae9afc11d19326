// debug_graph.h — the tracer's partial graph printed as code, for `dynrr debug`'s
// `graph` command (what GraphModule.code would print for the nodes created so far;
// Dynamo's comptime `ctx.print_graph()`).
#pragma once

#include <string>

#include "core/support/error.h"
#include "core/tracer/proto_graph.h"

namespace dynrr::replayer {

// GraphModule.code of the nodes of graph `graphId` (0: the root; a SubgraphTracer's index
// for a higher-order op's body) in `proto` so far (no output node while tracing: the code
// then ends without a `return`). Error when the graph log does not replay.
Expected<std::string> partialGraphCode(const tracer::ProtoGraph& proto, int graphId = 0);

}  // namespace dynrr::replayer
