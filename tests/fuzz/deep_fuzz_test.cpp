// deep_fuzz_test.cpp — the deep fuzzer's mutator does what it exists for: its mutants
// get past the framing (re-checksummed), so the reader's structural checks and the core
// see them, and splitting a trace into chunks and joining it again loses nothing.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>

#include "core/trace/trace_reader.h"
#include "fuzz/deep_trace_target.h"
#include "fuzz/trace_mutator.h"

namespace dynrr::fuzz {
namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A fixed spread of corpus traces (one per group, roughly), so the mutants' statistics do
// not move when the corpus grows.
const char* const kTraces[] = {
    "arith/add_tensors.dynrr",
    "breaks/break_then_mutation.dynrr",
    "builtins/sorted_key_reverse.dynrr",
    "closures/nonlocal_from_inlined_helper.dynrr",
    "control/branch_on_argument_none.dynrr",
    "dynamic/dynamic_true_size_one_dim.dynrr",
    "dynamic/recompile_shape_branch.dynrr",
    "exceptions/builtin_misc_errors.dynrr",
    "export/dynamo_export_closure_tensor.dynrr",
    "export/strict_dim_violation.dynrr",
    "hops/cond_dtype_branches.dynrr",
    "hops/cond_nested.dynrr",
    "indexing/int_index.dynrr",
    "library/itertools_product_chain.dynrr",
    "modsurface/hook_scales_output.dynrr",
    "modules/named_children.dynrr",
    "objects/mutable_mapping_get.dynrr",
    "side_effects/custom_getattr_object.dynrr",
    "surface/data_dependent_methods2.dynrr",
    "surface/stat_methods.dynrr",
};

std::vector<std::string> someCorpusTraces(size_t n) {
  std::vector<std::string> out;
  for (const char* name : kTraces) {
    if (out.size() == n) break;
    std::string bytes = readFile(std::string(DYNRR_CORPUS_DIR) + "/traces/" + name);
    if (!bytes.empty()) out.push_back(std::move(bytes));
  }
  return out;
}

size_t flipSomeBytes(std::mt19937_64& rng, uint8_t* d, size_t size, size_t) {
  for (int k = 0; k < 3 && size > 0; ++k) d[rng() % size] ^= static_cast<uint8_t>(1 + rng() % 255);
  return size;
}

TEST(DeepFuzz, SplitAndJoinRoundTripCorpusTraces) {
  auto traces = someCorpusTraces(20);
  ASSERT_GE(traces.size(), 10u);
  for (const auto& bytes : traces) {
    FramedTrace t = splitTrace(bytes);
    EXPECT_GE(t.chunks.size(), 2u);
    EXPECT_TRUE(t.tail.empty());
    EXPECT_EQ(joinTrace(t), bytes);
  }
}

TEST(DeepFuzz, MutantsReachTheStructuralChecksAndTheCore) {
  auto traces = someCorpusTraces(20);
  std::mt19937_64 rng(7);
  std::map<std::string, int> outcome;
  int opened = 0, changed = 0, replayed = 0;
  const int kMutants = 600;
  for (int k = 0; k < kMutants; ++k) {
    TraceMutator m(static_cast<uint32_t>(rng()),
                   [&rng](uint8_t* d, size_t s, size_t x) { return flipSomeBytes(rng, d, s, x); });
    const std::string& base = traces[k % traces.size()];
    std::string mutant = m.mutate(base, base.size() + 4096);
    changed += mutant != base;
    auto t = trace::TraceReader::fromBytes(mutant);
    if (t) {
      ++opened;
    } else {
      std::string msg = t.error().message();
      outcome[msg.find("checksum mismatch") != std::string::npos ? "checksum" : "other"]++;
    }
    auto stats = runDeepTarget(reinterpret_cast<const uint8_t*>(mutant.data()), mutant.size());
    EXPECT_EQ(stats.opened, static_cast<bool>(t));
    replayed += static_cast<int>(stats.replayed);
  }
  // Nearly every mutant differs from its input, most pass the framing and the
  // structural validation, and only the rare un-resealed framing mutation fails the
  // checksum (a byte mutator alone would fail it every time).
  EXPECT_GE(changed, kMutants * 8 / 10);
  EXPECT_GE(opened, kMutants / 2) << "checksum " << outcome["checksum"] << ", other "
                                  << outcome["other"];
  EXPECT_LE(outcome["checksum"], kMutants / 10);
  EXPECT_GE(replayed, kMutants / 2);
}

// The memo (deep_trace_target.h) skips exactly the events whose reachable bytes it ran:
// a second run of a trace skips every event; a trace grown by one event runs that event
// and skips the ones before it, whose chunks did not change.
TEST(DeepFuzz, MemoSkipsOnlyEventsItAlreadyRan) {
  std::string base;
  for (const auto& t : someCorpusTraces(20)) {
    auto r = trace::TraceReader::fromBytes(t);
    if (r && r->eventCount() >= 2) {
      base = t;
      break;
    }
  }
  ASSERT_FALSE(base.empty());
  DeepTargetOptions memo;
  memo.memo = true;
  auto run = [&](const std::string& bytes) {
    return runDeepTarget(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), memo);
  };
  clearDeepTargetMemo();
  auto first = run(base);
  ASSERT_TRUE(first.opened);
  EXPECT_EQ(first.memoised, 0u);
  auto again = run(base);
  EXPECT_EQ(again.memoised, again.events);
  EXPECT_EQ(again.replayed + again.replayErrors, 0u);

  FramedTrace grown = splitTrace(base);
  grown.chunks.push_back(grown.chunks.back());  // the last event once more
  renumberObjects(grown);
  auto more = run(joinTrace(grown));
  ASSERT_TRUE(more.opened);
  EXPECT_EQ(more.events, first.events + 1);
  EXPECT_GE(more.memoised, 1u);
  EXPECT_LT(more.memoised, more.events);  // the new event ran
  clearDeepTargetMemo();
  EXPECT_EQ(run(base).memoised, 0u);
}

TEST(DeepFuzz, SchemaMutationsNameWhatTheyChanged) {
  auto traces = someCorpusTraces(3);
  std::mt19937_64 rng(11);
  int schema = 0;
  for (int k = 0; k < 200; ++k) {
    TraceMutator m(static_cast<uint32_t>(k),
                   [&rng](uint8_t* d, size_t s, size_t x) { return flipSomeBytes(rng, d, s, x); });
    (void)m.mutate(traces[0], traces[0].size() + 4096);
    if (m.lastOperation().rfind("schema: chunk ", 0) == 0) {
      ++schema;
      EXPECT_GT(m.lastOperation().size(), std::string("schema: chunk 1.").size());
    }
  }
  EXPECT_GE(schema, 80);  // about 60% of operations are schema mutations
}

TEST(DeepFuzz, CrossOverKeepsObjectIdsContiguous) {
  auto traces = someCorpusTraces(4);
  int opened = 0;
  for (uint32_t seed = 0; seed < 40; ++seed) {
    TraceMutator m(seed, nullptr);
    std::string child = m.crossOver(traces[seed % 4], traces[(seed + 1) % 4], 1 << 22);
    auto t = trace::TraceReader::fromBytes(child);
    if (t)
      ++opened;
    else
      EXPECT_EQ(t.error().message().find("objects start at id"), std::string::npos)
          << t.error().message();
  }
  EXPECT_GT(opened, 0);
}

}  // namespace
}  // namespace dynrr::fuzz
