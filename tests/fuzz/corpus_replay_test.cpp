// corpus_replay_test.cpp — every failure dynrr-fuzz saved in corpus/fuzz/ is a regression
// test: its trace is replayed through the core and the verdict must equal the one
// recorded in its .expected file (a core fix that changes it updates the file). Entries
// of the roundtrip property must still reproduce their round-trip difference.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/compare/compare.h"
#include "fuzz/corpus.h"
#include "fuzz/roundtrip.h"
#include "fuzz/verdict.h"
#include "tests/support/sample_trace.h"

namespace dynrr::fuzz {
namespace {

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(FuzzCorpus, EverySavedFailureKeepsItsVerdict) {
  int entries = 0;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(DYNRR_FUZZ_CORPUS, ec)) {
    if (e.path().extension() != ".expected") continue;
    ++entries;
    auto kv = readExpected(e.path().string());
    auto stem = e.path();
    stem.replace_extension("");
    SCOPED_TRACE(stem.filename().string() + ": " + kv["signature"]);
    ASSERT_TRUE(std::filesystem::exists(stem.string() + ".py"));
    std::string bytes = slurp(stem.string() + ".dynrr");
    auto v = traceVerdict(bytes);
    ASSERT_TRUE(v.ok()) << v.error().message();
    if (std::getenv("DYNRR_UPDATE_FUZZ_EXPECTED")) {
      // After a core change that fixed divergences: rewrite the replay lines.
      std::istringstream old(slurp(e.path()));
      std::ostringstream updated;
      for (std::string line; std::getline(old, line);) {
        if (line.rfind("replay_verdict: ", 0) == 0) {
          line = std::string("replay_verdict: ") + compare::verdictName(v->verdict);
        } else if (line.rfind("replay_reason: ", 0) == 0) {
          line = "replay_reason: " + v->reason;
        }
        updated << line << "\n";
      }
      std::ofstream(e.path(), std::ios::binary) << updated.str();
      continue;
    }
    EXPECT_EQ(compare::verdictName(v->verdict), kv["replay_verdict"])
        << v->reason << v->diff
        << "\n(a core fix? DYNRR_UPDATE_FUZZ_EXPECTED=1 build/bin/fuzz_corpus_test rewrites the "
           ".expected replay lines)";
    if (kv["property"] == "roundtrip") {
      EXPECT_NE(roundTripDifference(bytes), "") << "the round-trip difference is gone";
    }
  }
  EXPECT_GT(entries, 0) << "no .expected files in " << DYNRR_FUZZ_CORPUS;
}

// The campaign's replay process (IsolatedCore) gives the verdict the core gives in
// process.
TEST(FuzzCorpus, IsolatedCoreGivesTheInProcessVerdict) {
  IsolatedCore core;
  int checked = 0;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(DYNRR_FUZZ_CORPUS, ec)) {
    if (e.path().extension() != ".dynrr" || checked == 12) continue;
    ++checked;
    std::string bytes = slurp(e.path());
    auto here = traceVerdict(bytes);
    auto there = core.verdict(bytes);
    ASSERT_EQ(here.ok(), there.ok()) << e.path();
    if (!here.ok()) continue;
    EXPECT_EQ(here->verdict, there->verdict) << e.path();
    EXPECT_EQ(here->reason, there->reason) << e.path();
    EXPECT_EQ(here->diff, there->diff) << e.path();
    EXPECT_EQ(here->frames, there->frames) << e.path();
  }
  EXPECT_GT(checked, 0);
}

// corpus/fuzz/open/ holds failures whose trace crashes the core (saved there by the
// campaign, not replayed in process). Each must still crash the replay process, and the
// next trace must get its verdict from a fresh one. When the core is fixed this fails:
// move the entry up to corpus/fuzz/ and set its replay lines
// (DYNRR_UPDATE_FUZZ_EXPECTED=1 build/bin/fuzz_corpus_test).
TEST(FuzzCorpus, OpenFindingsStillCrashTheCore) {
  const auto open = std::filesystem::path(DYNRR_FUZZ_CORPUS) / kOpenFindingsDir;
  std::string healthy = testing::sampleTraceBytes();
  IsolatedCore core;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(open, ec)) {
    if (e.path().extension() != ".expected") continue;
    auto kv = readExpected(e.path().string());
    auto stem = e.path();
    stem.replace_extension("");
    SCOPED_TRACE(stem.filename().string() + ": " + kv["replay_reason"]);
    EXPECT_EQ(kv["replay_verdict"], "crashed");
    ASSERT_TRUE(std::filesystem::exists(stem.string() + ".py"));
    auto v = core.verdict(slurp(stem.string() + ".dynrr"));
    ASSERT_FALSE(v.ok()) << "the core no longer crashes: verdict "
                         << compare::verdictName(v->verdict) << " " << v->reason;
    EXPECT_EQ(v.error().message().rfind(kCoreCrashed, 0), 0u) << v.error().message();
    auto next = core.verdict(healthy);
    EXPECT_TRUE(next.ok()) << next.error().message();
  }
}

}  // namespace
}  // namespace dynrr::fuzz
