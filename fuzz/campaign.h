// campaign.h — a dynrr-fuzz campaign: generate programs (generators.h), run them through
// the oracle (python_oracle.h), check the properties, shrink failures with RapidCheck's
// shrink trees, save them to the corpus (corpus.h), report progress and a summary.
//
// Properties (issue 6): fidelity (the core's decisions equal Dynamo's, or the core says
// `unsupported: <reason>`), correctness (compiled results and side effects equal eager
// ones), transparency (recording does not change results), roundtrip (trace write ->
// read -> write gives the same bytes).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dynrr::fuzz {

enum class Property { kFidelity, kCorrectness, kTransparency, kRoundtrip };
const char* propertyName(Property p);
bool parseProperties(const std::string& text, std::vector<Property>& out);

// What one property said about one case.
enum class Outcome { kPass, kFail, kUnsupported, kGenBug };
const char* outcomeName(Outcome o);

struct PropertyResult {
  Property property = Property::kFidelity;
  Outcome outcome = Outcome::kPass;
  std::string reason;     // full reason or diff head
  std::string signature;  // property + normalised reason (failures, unsupported, gen bugs)
};

struct CampaignOptions {
  std::vector<Property> properties{Property::kFidelity};
  uint64_t cases = 100;
  uint64_t firstCase = 0;  // runs cases firstCase..firstCase+cases-1 (a shard of a campaign)
  uint64_t seed = 1;
  int jobs = 1;
  double timeBudgetSeconds = 0;  // 0: none
  std::string junitPath;
  std::string corpusDir;  // "" : failures are not saved
  // Where new failures are written ("" : corpusDir). Signatures already in corpusDir are
  // still known, so a shard of a campaign skips them and saves only new ones here.
  std::string saveDir;
  // One JSON line per (case, property), appended as cases finish (see recordLine):
  // {"case","case_seed","property","verdict","signature"} plus "saved" for a shrunk failure.
  std::string recordsPath;
  uint32_t features = 0;
  int maxStmts = 10;
  int maxShrinkRuns = 120;  // oracle runs spent shrinking one failure
  bool progress = true;
  bool failOnGenBug = false;   // exit 1 when a generator bug was seen (make test)
  bool allowFailures = false;  // exit 0 despite property failures (they are reported)
  // Replay each trace through the core in a forked child (verdict.h traceVerdictIsolated),
  // so that a core crash is a fidelity failure ("core crashed: signal ...") that is shrunk
  // and saved (to <corpus>/open/), not the end of the campaign. --core-in-process: off.
  bool isolateCore = true;
  std::string argv0;
};

// Runs the campaign; returns the process exit code (0 ok, 1 failures, 2 harness error).
int runCampaign(const CampaignOptions& options);

// Runs one case by its case seed, printing the program, the oracle's answers and each
// property's verdict. Returns 0 when every property passes or is unsupported.
int runOneCase(const CampaignOptions& options, uint64_t caseSeed);

}  // namespace dynrr::fuzz
