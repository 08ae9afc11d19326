// replay_bench.cpp — the core's replay time per frame and per traced op, side by side
// with Dynamo's own compile time for the same frames (recorded in the trace), as a
// ratio. One benchmark per (trace, frame) that the core replays without `unsupported`.
//
// Usage: replay_bench [--traces DIR] [google benchmark flags]
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/trace/event_times.h"
#include "core/trace/trace_reader.h"
#include "core/tracer/instruction_translator.h"

namespace {

struct Loaded {
  std::string name;
  std::unique_ptr<dynrr::trace::TraceReader> trace;
};

std::vector<Loaded>& loaded() {
  static std::vector<Loaded> traces;
  return traces;
}

void replayOne(benchmark::State& state, const dynrr::trace::TraceReader* trace, size_t frame) {
  size_t ops = 0;
  for (auto _ : state) {
    auto outcome = dynrr::tracer::replayFrame(*trace, frame);
    if (!outcome) {
      state.SkipWithError(outcome.error().message().c_str());
      return;
    }
    ops = outcome->ops;
    benchmark::DoNotOptimize(outcome->decisions.guards.size());
  }
  // Dynamo's tracing time: its compile minus the backend's (event_times.h). A trace that
  // did not time the backend gets no ratio (dynamo_ms is then absent).
  const auto times = dynrr::trace::dynamoTimes(trace->event(frame));
  state.counters["ops"] = static_cast<double>(ops);
  state.counters["compile_ms"] = static_cast<double>(times.compileNs) / 1e6;
  if (auto tracing = times.tracingNs()) {
    double dynamoNs = static_cast<double>(*tracing);
    state.counters["dynamo_ms"] = dynamoNs / 1e6;
    state.counters["backend_ms"] = static_cast<double>(times.backendNs) / 1e6;
    // Per-iteration core time is only known after the run; Google Benchmark reports it
    // as real_time. The ratio is computed in the report (scripts/bench_report.py) and
    // here as an inverse-rate counter: dynamo time per core iteration.
    state.counters["dynamo_over_core"] = benchmark::Counter(
        dynamoNs / 1e9 * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  }
  if (ops > 0) {
    state.counters["core_sec_per_op"] =
        benchmark::Counter(static_cast<double>(ops) * static_cast<double>(state.iterations()),
                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = "corpus/traces";
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--traces") == 0 && i + 1 < argc) {
      dir = argv[++i];
    } else {
      rest.push_back(argv[i]);
    }
  }
  std::vector<std::filesystem::path> files;
  if (std::filesystem::exists(dir)) {
    for (auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
      if (entry.path().extension() == ".dynrr") files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    // Cap'n Proto's traversal budget is per reader and every replay spends some of it:
    // a model's frame, replayed over and over on one reader, ran out after a few dozen
    // replays ("Exceeded message traversal limit"). The budget guards against hostile
    // traces; these are the bench's own recordings, validated at open, so it is lifted.
    dynrr::trace::ReaderOptions options;
    options.minTraversalWords = uint64_t{1} << 50;
    auto trace = dynrr::trace::TraceReader::openFile(path.string(), options);
    if (!trace) continue;
    auto owned = std::make_unique<dynrr::trace::TraceReader>(std::move(*trace));
    const dynrr::trace::TraceReader* t = owned.get();
    std::string name = std::filesystem::relative(path, dir).string();
    for (size_t i = 0; i < t->eventCount(); ++i) {
      // Only frames the core replays fully are benchmarked.
      if (!dynrr::tracer::replayFrame(*t, i)) continue;
      benchmark::RegisterBenchmark((name + "/frame" + std::to_string(i)).c_str(),
                                   [t, i](benchmark::State& s) { replayOne(s, t, i); })
          ->Unit(benchmark::kMicrosecond);
    }
    loaded().push_back(Loaded{name, std::move(owned)});
  }
  int n = static_cast<int>(rest.size());
  benchmark::Initialize(&n, rest.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
