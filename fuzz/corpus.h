// corpus.h — failures of dynrr-fuzz saved as regression cases in corpus/fuzz/:
//   <hash>.py        the minimal program (with a comment header: property, signature, seed)
//   <hash>.dynrr     its trace as recorded from real Dynamo
//   <hash>.expected  key: value lines (property, signature, case_seed, replay_verdict, ...)
// <hash> is a content hash of the program. A signature already in the corpus is not saved
// again. tests/fuzz replays every .dynrr and checks the replay verdict in .expected.
#pragma once

#include <map>
#include <set>
#include <string>

namespace dynrr::fuzz {

struct CorpusEntry {
  std::string property;
  std::string signature;
  std::string reason;
  uint64_t caseSeed = 0;
  std::string source;
  std::string trace;
  std::string replayVerdict;  // the core's verdict on the trace when it was saved
  std::string replayReason;
};

// Failures whose trace crashes the core are saved in <dir>/open/ instead: the corpus test
// replays only <dir> itself, and moves them there once the core is fixed.
inline constexpr const char* kOpenFindingsDir = "open";

// Signatures already in `dir` and in <dir>/open/ (from every *.expected).
std::set<std::string> corpusSignatures(const std::string& dir);

// Writes the entry unless its signature is present; returns the file stem written ("" if
// skipped).
std::string saveToCorpus(const std::string& dir, const CorpusEntry& entry);

// Parses an .expected file into its key: value pairs.
std::map<std::string, std::string> readExpected(const std::string& path);

}  // namespace dynrr::fuzz
