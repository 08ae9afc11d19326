// compare.h — the verdict of a replay: do the core's decisions equal Dynamo's?
//
// A frame matches when (design brief, "Contracts"): the number of graphs is equal and,
// for every graph, the printed code equals Dynamo's GraphModule.code (after
// normalising file paths), the placeholder sources and every node's example-value
// metadata are equal; the set of guards (kind, source, and for TENSOR_MATCH what it
// checks) is equal; and the graph breaks (count, type or reason, bytecode offset)
// are equal. Anything else is a divergence, with a readable diff.
#pragma once

#include <string>

#include "core/compare/decisions.h"

namespace dynrr::compare {

enum class Verdict { kMatch, kDiverge, kUnsupported };
const char* verdictName(Verdict v);

struct Comparison {
  Verdict verdict = Verdict::kMatch;
  std::string diff;  // empty on match; unified graph diff, guards missing/extra, breaks
};

Comparison compareDecisions(const FrameDecisions& reference, const FrameDecisions& core);

// A unified diff of two texts by lines ("--- dynamo", "+++ core"); "" if equal.
std::string unifiedDiff(const std::string& expected, const std::string& actual,
                        const std::string& expectedName = "dynamo",
                        const std::string& actualName = "core");

// Replaces absolute file paths ("/a/b/prog.py") in text by their base name.
std::string normalizePaths(const std::string& text);

// What identifies a guard in a comparison: kind, source with the builtins dict's
// process-wide counter normalised ("__builtins_dict___N"), and for TENSOR_MATCH what it
// checks (without a trailing " value=..."). Every view of guards (replay diff, HTML
// report, dynrr debug) compares by this key.
std::string guardKey(const GuardDecision& g);

}  // namespace dynrr::compare
