// deep_trace_driver.cpp — the deep fuzzer's target without libFuzzer.
//
//   deep_trace_driver FILE|DIR...                 run each input once (regression inputs)
//   deep_trace_driver --mutate N --seed S FILE... N structure-aware mutants of the inputs
//   --memo   skip events already run, as the libFuzzer binary does (deep_trace_target.h)
//   --time   print the time spent in each phase of the target (open, print, ...)
//   --max-seconds S   fail (exit 1) naming any input that takes longer than S seconds
//   deep_trace_driver --reseal OUT FILE           FILE with every chunk checksum recomputed,
//                                                 written to OUT (for hand-edited inputs)
//
// The second form is a fixed-seed, deterministic smoke campaign for compilers without
// libFuzzer (CTest runs it under GCC and under the sanitizers). Prints one summary line;
// exits 0 unless an input cannot be read. A crash, an escaping exception or a hang is
// the failure it exists to show.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/deep_trace_target.h"
#include "fuzz/trace_mutator.h"

namespace {

bool readFile(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

// A stand-in for LLVMFuzzerMutate: a few random byte edits.
size_t byteEdits(std::mt19937_64& rng, uint8_t* data, size_t size, size_t maxSize) {
  if (size == 0) return 0;
  size_t edits = 1 + rng() % 4;
  for (size_t k = 0; k < edits; ++k) data[rng() % size] = static_cast<uint8_t>(rng());
  (void)maxSize;
  return size;
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t mutants = 0, seed = 1;
  bool verbose = false, timed = false;
  double maxSeconds = 0;
  dynrr::fuzz::DeepTargetOptions options;
  dynrr::fuzz::DeepPhaseTimes times;
  std::string keep;     // each mutant is written here before it runs: a crash leaves it
  std::string dumpDir;  // write the mutants to DIR/mutant-K.dynrr instead of running them
  std::string reseal;   // write the one input, re-checksummed, here
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--mutate" && i + 1 < argc) {
      mutants = std::strtoull(argv[++i], nullptr, 10);
    } else if (a == "--seed" && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (a == "--dump-dir" && i + 1 < argc) {
      dumpDir = argv[++i];
    } else if (a == "--keep" && i + 1 < argc) {
      keep = argv[++i];
    } else if (a == "--reseal" && i + 1 < argc) {
      reseal = argv[++i];
    } else if (a == "--memo") {
      options.memo = true;
    } else if (a == "--time") {
      timed = true;
      options.times = &times;
    } else if (a == "--max-seconds" && i + 1 < argc) {
      maxSeconds = std::strtod(argv[++i], nullptr);
    } else if (a == "--verbose" || a == "-v") {
      verbose = true;
    } else if (a == "--help" || a == "-h") {
      std::printf(
          "usage: deep_trace_driver [--mutate N --seed S] [--memo] [--time] [--max-seconds S] "
          "[--verbose] [--keep FILE] [--dump-dir DIR] [--reseal OUT] FILE|DIR...\n");
      return 0;
    } else if (std::filesystem::is_directory(a)) {
      for (const auto& e : std::filesystem::recursive_directory_iterator(a)) {
        if (e.is_regular_file()) files.push_back(e.path().string());
      }
    } else {
      files.push_back(a);
    }
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    std::fprintf(stderr, "deep_trace_driver: no inputs\n");
    return 2;
  }
  std::vector<std::string> inputs;
  for (const auto& f : files) {
    std::string bytes;
    if (!readFile(f, bytes)) {
      std::fprintf(stderr, "deep_trace_driver: cannot read %s\n", f.c_str());
      return 2;
    }
    inputs.push_back(std::move(bytes));
  }
  if (!reseal.empty()) {
    std::ofstream(reseal, std::ios::binary | std::ios::trunc)
        << dynrr::fuzz::joinTrace(dynrr::fuzz::splitTrace(inputs.front()));
    return 0;
  }
  size_t runs = 0, opened = 0, events = 0, replayed = 0, errors = 0, memoised = 0, slow = 0;
  auto run = [&](const std::string& bytes, const std::string& what) {
    auto start = std::chrono::steady_clock::now();
    auto s = dynrr::fuzz::runDeepTarget(reinterpret_cast<const uint8_t*>(bytes.data()),
                                        bytes.size(), options);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (maxSeconds > 0 && seconds > maxSeconds) {
      std::printf("%s: %.2f s, more than --max-seconds %g\n", what.c_str(), seconds, maxSeconds);
      ++slow;
    }
    if (verbose) {
      std::printf("%s: %s\n", what.c_str(),
                  s.opened ? ("opened, " + std::to_string(s.events) + " events, " +
                              std::to_string(s.replayErrors) + " rejected by the core")
                                 .c_str()
                           : s.openError.c_str());
    }
    ++runs;
    opened += s.opened;
    events += s.events;
    replayed += s.replayed;
    errors += s.replayErrors;
    memoised += s.memoised;
  };
  if (mutants == 0) {
    for (size_t i = 0; i < inputs.size(); ++i) run(inputs[i], files[i]);
  } else {
    std::mt19937_64 rng(seed);
    for (uint64_t k = 0; k < mutants; ++k) {
      dynrr::fuzz::TraceMutator mutator(
          static_cast<uint32_t>(rng()),
          [&rng](uint8_t* d, size_t s, size_t m) { return byteEdits(rng, d, s, m); });
      size_t which = rng() % inputs.size();
      const std::string& base = inputs[which];
      std::string mutant = mutator.mutate(base, base.size() + 4096);
      if (!keep.empty()) std::ofstream(keep, std::ios::binary | std::ios::trunc) << mutant;
      if (!dumpDir.empty()) {
        std::ofstream(dumpDir + "/mutant-" + std::to_string(k) + ".dynrr", std::ios::binary)
            << mutant;
        continue;
      }
      run(mutant, "mutant " + std::to_string(k) + " of " + files[which] + " (" +
                      mutator.lastOperation() + ")");
    }
  }
  std::printf(
      "%zu runs: %zu opened, %zu events, %zu replayed to a verdict or unsupported, "
      "%zu rejected as bad input, %zu known to the memo\n",
      runs, opened, events, replayed, errors, memoised);
  if (timed) {
    auto ms = [](uint64_t ns) { return static_cast<double>(ns) / 1e6; };
    std::printf("time (ms): open %.1f, print %.1f, disassemble %.1f, replay %.1f, memo %.1f\n",
                ms(times.open), ms(times.print), ms(times.disassemble), ms(times.replay),
                ms(times.memo));
  }
  return slow == 0 ? 0 : 1;
}
