// trace_bench.cpp — trace write and read throughput (MB/s) and bytes per object.
#include <benchmark/benchmark.h>

#include "core/trace/object_printer.h"
#include "core/trace/trace_reader.h"
#include "tests/support/sample_trace.h"

namespace {

dynrr::testing::SampleOptions benchOptions() {
  dynrr::testing::SampleOptions o;
  o.events = 20;
  o.extraObjectsPerEvent = 2000;
  return o;
}

void BM_TraceWrite(benchmark::State& state) {
  auto options = benchOptions();
  size_t bytes = 0;
  uint32_t objects = 0;
  for (auto _ : state) {
    auto writer = dynrr::trace::TraceWriter::createInMemory(dynrr::testing::fillTestHeader);
    auto s = dynrr::testing::writeSampleEvents(**writer, options);
    benchmark::DoNotOptimize(s.ok());
    bytes = (*writer)->bytes().size();
    objects = (*writer)->objectCount();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
  state.counters["objects"] = objects;
  state.counters["bytes_per_object"] = static_cast<double>(bytes) / objects;
}
BENCHMARK(BM_TraceWrite)->Unit(benchmark::kMillisecond);

void BM_TraceReadValidateWalk(benchmark::State& state) {
  std::string bytes = dynrr::testing::sampleTraceBytes(benchOptions());
  size_t events = 0;
  for (auto _ : state) {
    auto trace = dynrr::trace::TraceReader::fromBytes(bytes);
    size_t kinds = 0;
    for (uint32_t ref = 1; ref <= trace->objectCount(); ++ref) {
      kinds += static_cast<size_t>(trace->objectUnchecked(ref).which());
    }
    benchmark::DoNotOptimize(kinds);
    events = trace->eventCount();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * events));
}
BENCHMARK(BM_TraceReadValidateWalk)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
