// debug_graph.cpp — replays the tracer's graph log (tracer::ProtoGraph) into core/graph
// to print the partial graph, through the same tracer::replayGraphLog the replay uses.
#include "replayer/debug_graph.h"

#include <vector>

#include "core/graph/graph.h"
#include "core/graph/printer.h"

namespace dynrr::replayer {

Expected<std::string> partialGraphCode(const tracer::ProtoGraph& proto, int graphId) {
  graph::Graph g;
  std::vector<graph::Node*> nodes;
  if (Status s = tracer::replayGraphLog(proto, g, nodes, graphId); !s) return s.error();
  return graph::pythonCode(g);
}

}  // namespace dynrr::replayer
