// deep_trace_fuzzer.cpp — the libFuzzer entry points of the deep trace fuzzer
// (`make fuzz-reader`, issue 21): a structure-aware custom mutator (trace_mutator.h) and
// a target that runs the reader, the object printer and the core's replay of every
// event (deep_trace_target.h). Built with clang, ASan, UBSan and coverage of all code.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "fuzz/deep_trace_target.h"
#include "fuzz/trace_mutator.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t maxSize);

// The memo (deep_trace_target.h) is on unless DYNRR_DEEP_MEMO=0, which runs every event of
// every input (for comparing speed and coverage with and without it).
// At exit: how many events the inputs had and how many the memo skipped.
namespace {
size_t gEvents = 0, gMemoised = 0, gReplayed = 0;
void printMemoStats() {
  std::fprintf(
      stderr,
      "deep_trace_fuzz: %zu events in opened inputs, %zu replayed, %zu skipped by the memo\n",
      gEvents, gReplayed, gMemoised);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const dynrr::fuzz::DeepTargetOptions options = [] {
    dynrr::fuzz::DeepTargetOptions o;
    const char* env = std::getenv("DYNRR_DEEP_MEMO");
    o.memo = env == nullptr || std::string(env) != "0";
    std::fprintf(stderr, "deep_trace_fuzz: memo %s\n", o.memo ? "on" : "off (DYNRR_DEEP_MEMO=0)");
    std::atexit(printMemoStats);
    return o;
  }();
  auto stats = dynrr::fuzz::runDeepTarget(data, size, options);
  gEvents += stats.events;
  gMemoised += stats.memoised;
  gReplayed += stats.replayed + stats.replayErrors;
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t maxSize,
                                          unsigned int seed) {
  dynrr::fuzz::TraceMutator mutator(seed, LLVMFuzzerMutate);
  std::string out =
      mutator.mutate(std::string_view(reinterpret_cast<const char*>(data), size), maxSize);
  std::memcpy(data, out.data(), out.size());
  return out.size();
}

extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1,
                                            const uint8_t* data2, size_t size2, uint8_t* out,
                                            size_t maxOutSize, unsigned int seed) {
  dynrr::fuzz::TraceMutator mutator(seed, LLVMFuzzerMutate);
  std::string result =
      mutator.crossOver(std::string_view(reinterpret_cast<const char*>(data1), size1),
                        std::string_view(reinterpret_cast<const char*>(data2), size2), maxOutSize);
  std::memcpy(out, result.data(), result.size());
  return result.size();
}
