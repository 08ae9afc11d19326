// debug_divergence.cpp — see debug_divergence.h.
#include "replayer/debug_divergence.h"

#include <algorithm>
#include <set>
#include <vector>

#include "core/tracer/instruction_translator.h"

namespace dynrr::replayer {
namespace {

struct Created {
  std::string op, target, source;
  uint64_t event = 0;
};

// The right-hand side of node `name`'s line in GraphModule.code ("torch.sin(l_x_)"),
// without the trailing ";  a = b = None"; "" when the node has no line of its own.
std::string lineOf(const std::string& code, const std::string& name) {
  const std::string head = name + " = ";
  size_t pos = 0;
  while (pos < code.size()) {
    size_t end = code.find('\n', pos);
    if (end == std::string::npos) end = code.size();
    std::string line = code.substr(pos, end - pos);
    size_t first = line.find_first_not_of(' ');
    if (first != std::string::npos && line.compare(first, head.size(), head) == 0) {
      std::string rhs = line.substr(first + head.size());
      if (size_t semi = rhs.find(';'); semi != std::string::npos) rhs.resize(semi);
      return rhs;
    }
    pos = end + 1;
  }
  return "";
}

std::string describeNode(const compare::NodeDecision& n, const std::string& code) {
  std::string out = n.op + " " + n.target;
  if (!n.source.empty()) out += " (source " + n.source + ")";
  if (std::string rhs = lineOf(code, n.name); !rhs.empty()) out += ": " + n.name + " = " + rhs;
  if (!n.exampleValue.empty()) out += "  [" + n.exampleValue + "]";
  return out;
}

bool sameNode(const compare::NodeDecision& a, const std::string& codeA,
              const compare::NodeDecision& b, const std::string& codeB) {
  // Targets are not compared: FX prints the same function from either module name
  // ("_operator.mul" recorded, "operator.mul" in the core), and the code line is.
  if (a.op != b.op || a.source != b.source) return false;
  if (a.exampleValue != b.exampleValue) return false;
  return a.op == "placeholder" || lineOf(codeA, a.name) == lineOf(codeB, b.name);
}

}  // namespace

Divergence findDivergence(const trace::TraceReader& trace, size_t frame) {
  Divergence d;
  uint64_t events = 0;
  uint64_t lastRootStep = 0;
  const tracer::InstructionTranslator* current = nullptr;
  std::vector<Created> created;
  std::vector<std::pair<compare::GuardDecision, uint64_t>> guards;

  tracer::ReplayHooks hooks;
  hooks.onStep = [&](const tracer::InstructionTranslator& t, const bytecode::Instruction&) {
    ++events;
    current = &t;
    if (t.parent() == nullptr) lastRootStep = events;
    return true;
  };
  hooks.onNode = [&](tracer::NodeId id) {
    ++events;
    if (!current) return;
    const tracer::ProtoNode& n = current->context().output.graph().node(id);
    created.push_back(Created{n.op, n.target, n.source, events});
  };
  hooks.onGuard = [&](const compare::GuardDecision& g) {
    ++events;
    guards.emplace_back(g, events);
  };
  hooks.onReturn = [&](const tracer::InstructionTranslator& callee) { current = callee.parent(); };

  auto outcome = tracer::replayFrame(trace, frame, &hooks);
  if (!outcome) {
    d.verdict = compare::Verdict::kUnsupported;
    d.reason = outcome.error().message();
    return d;
  }
  compare::FrameDecisions ref = compare::fromEvent(trace.event(frame));
  auto cmp = compare::compareDecisions(ref, outcome->decisions);
  d.verdict = cmp.verdict;
  if (cmp.verdict == compare::Verdict::kMatch) return d;

  struct Candidate {
    uint64_t event;
    std::string why;
  };
  std::vector<Candidate> candidates;
  const std::string endWhere = "the root frame's last instruction";

  static const compare::GraphDecision kEmpty;
  const compare::GraphDecision& coreGraph =
      outcome->decisions.graphs.empty() ? kEmpty : outcome->decisions.graphs[0];
  const compare::GraphDecision& refGraph = ref.graphs.empty() ? kEmpty : ref.graphs[0];

  // Each group (placeholders, call nodes) in graph order; map the core's surviving nodes
  // to their creation (dead-code elimination only erases, so they are a subsequence).
  for (bool placeholders : {true, false}) {
    std::vector<const compare::NodeDecision*> coreNodes, refNodes;
    for (const auto& n : coreGraph.nodes) {
      if (n.op != "output" && (n.op == "placeholder") == placeholders) coreNodes.push_back(&n);
    }
    for (const auto& n : refGraph.nodes) {
      if (n.op != "output" && (n.op == "placeholder") == placeholders) refNodes.push_back(&n);
    }
    std::vector<uint64_t> when(coreNodes.size(), lastRootStep);
    size_t j = 0;
    for (size_t i = 0; i < coreNodes.size(); ++i) {
      while (j < created.size() &&
             ((created[j].op == "placeholder") != placeholders ||
              created[j].op != coreNodes[i]->op || created[j].target != coreNodes[i]->target ||
              created[j].source != coreNodes[i]->source)) {
        ++j;
      }
      if (j < created.size()) when[i] = created[j++].event;
    }
    const char* group = placeholders ? "graph input" : "node";
    for (size_t i = 0; i < std::max(coreNodes.size(), refNodes.size()); ++i) {
      if (i < coreNodes.size() && i < refNodes.size()) {
        if (sameNode(*coreNodes[i], coreGraph.code, *refNodes[i], refGraph.code)) continue;
        candidates.push_back(
            {when[i], std::string("the core's ") + group + " " + std::to_string(i + 1) +
                          " differs from Dynamo's\n" +
                          "  dynamo: " + describeNode(*refNodes[i], refGraph.code) +
                          "\n  core:   " + describeNode(*coreNodes[i], coreGraph.code)});
      } else if (i < coreNodes.size()) {
        candidates.push_back(
            {when[i], std::string("the core adds ") + group + " " + std::to_string(i + 1) +
                          " that Dynamo's graph lacks\n" +
                          "  core:   " + describeNode(*coreNodes[i], coreGraph.code)});
      } else {
        candidates.push_back(
            {lastRootStep, std::string("the core's graph lacks Dynamo's ") + group + " " +
                               std::to_string(i + 1) + " (at " + endWhere +
                               ")\n  dynamo: " + describeNode(*refNodes[i], refGraph.code)});
      }
      break;
    }
  }

  std::set<std::string> refGuards, coreGuards;
  for (const auto& g : ref.guards) refGuards.insert(compare::guardKey(g));
  // Guards installed outside OutputGraph's hook (the ambient ones) count from the
  // final decisions.
  for (const auto& g : outcome->decisions.guards) coreGuards.insert(compare::guardKey(g));
  for (const auto& [g, when] : guards) {
    if (!refGuards.count(compare::guardKey(g))) {
      candidates.push_back(
          {when, "the core installs a guard Dynamo does not have: " + compare::guardKey(g)});
      break;
    }
  }
  for (const auto& g : outcome->decisions.guards) {
    if (!refGuards.count(compare::guardKey(g))) {
      candidates.push_back({lastRootStep, "the core installs a guard Dynamo does not have: " +
                                              compare::guardKey(g)});
      break;
    }
  }
  for (const auto& g : ref.guards) {
    if (!coreGuards.count(compare::guardKey(g))) {
      candidates.push_back({lastRootStep, "the core never installs Dynamo's guard " +
                                              compare::guardKey(g) + " (at " + endWhere + ")"});
      break;
    }
  }
  if (candidates.empty()) {
    std::string first = cmp.diff.substr(0, cmp.diff.find('\n'));
    candidates.push_back({lastRootStep, "the difference shows only at the end: " + first});
  }
  auto best =
      std::min_element(candidates.begin(), candidates.end(),
                       [](const Candidate& a, const Candidate& b) { return a.event < b.event; });
  d.event = best->event;
  d.explanation = best->why;
  return d;
}

}  // namespace dynrr::replayer
