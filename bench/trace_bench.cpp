// trace_bench.cpp — trace write and read throughput: MB/s, events/s and bytes per object.
//
// Synthetic traces (tests/support/sample_trace.h) give a stable baseline; with
// `--trace FILE` (repeatable) or `--traces DIR` the read benchmark also runs on real
// recordings: `--traces DIR` reads every .dynrr under DIR as one workload (the whole
// corpus), `--trace FILE` one file (e.g. the 5,000-op loop recorded at bench time).
// Reading = open from memory (framing, checksums, header), then walk every event (frame
// inputs, graphs and their nodes, guards) and every object of the heap, checked.
//
// Usage: trace_bench [--trace FILE]... [--traces DIR]... [google benchmark flags]
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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

// Walks every event and every object of an opened trace; returns events read (0: error).
size_t walkAll(const dynrr::Expected<dynrr::trace::TraceReader>& trace, size_t& objects) {
  if (!trace) return 0;
  size_t sink = 0;
  for (size_t i = 0; i < trace->eventCount(); ++i) {
    auto ev = trace->event(i);
    auto frame = ev.getFrame();
    sink += frame.getLocals().size() + frame.getCells().size() + frame.getCode();
    auto ref = ev.getReference();
    for (auto g : ref.getGraphs()) {
      sink += g.getCode().size();
      for (auto n : g.getNodes()) sink += n.getName().size() + n.getTarget().size();
    }
    for (auto g : ref.getGuards()) sink += g.getKind().size() + g.getSource().size();
  }
  for (uint32_t ref = 1; ref <= trace->objectCount(); ++ref) {
    auto o = trace->object(ref);
    if (!o) return 0;
    sink += static_cast<size_t>(o->which());
  }
  benchmark::DoNotOptimize(sink);
  objects = trace->objectCount();
  return trace->eventCount();
}

// Opens `bytes` (copied into aligned memory), walks every event and every object.
size_t readAll(const std::string& bytes, size_t& objects) {
  return walkAll(dynrr::trace::TraceReader::fromBytes(bytes), objects);
}

void BM_TraceReadValidateWalk(benchmark::State& state) {
  std::string bytes = dynrr::testing::sampleTraceBytes(benchOptions());
  size_t events = 0, objects = 0;
  for (auto _ : state) events = readAll(bytes, objects);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * events));
}
BENCHMARK(BM_TraceReadValidateWalk)->Unit(benchmark::kMillisecond);

// Real traces, loaded once into memory (file system time is not measured).
struct TraceSet {
  std::string label;
  std::vector<std::string> paths;
  std::vector<std::string> files;  // contents
  size_t bytes = 0;
};

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// fromFile: open each file as `dynrr` does (TraceReader::openFile: mmap, no copy; the
// files are in the page cache after the first iteration); otherwise from memory.
void readSet(benchmark::State& state, const TraceSet* set, bool fromFile) {
  size_t events = 0, objects = 0;
  for (auto _ : state) {
    events = objects = 0;
    for (size_t i = 0; i < set->files.size(); ++i) {
      size_t o = 0;
      size_t e = fromFile ? walkAll(dynrr::trace::TraceReader::openFile(set->paths[i]), o)
                          : readAll(set->files[i], o);
      if (e == 0) {
        state.SkipWithError("a trace failed to read");
        return;
      }
      events += e;
      objects += o;
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * set->bytes));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * events));
  state.counters["files"] = static_cast<double>(set->files.size());
  state.counters["events"] = static_cast<double>(events);
  state.counters["objects"] = static_cast<double>(objects);
  state.counters["trace_bytes"] = static_cast<double>(set->bytes);
}

}  // namespace

int main(int argc, char** argv) {
  static std::vector<TraceSet> sets;  // outlives the benchmarks
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    bool file = std::strcmp(argv[i], "--trace") == 0;
    bool dir = std::strcmp(argv[i], "--traces") == 0;
    if ((file || dir) && i + 1 < argc) {
      std::filesystem::path p = argv[++i];
      TraceSet set;
      // A directory is named with its parent (dir:corpus/traces, dir:bench/traces).
      set.label = dir ? "dir:" + (p.parent_path().filename() / p.filename()).string()
                      : "file:" + p.filename().string();
      std::vector<std::filesystem::path> paths;
      if (dir && std::filesystem::is_directory(p)) {
        for (auto& e : std::filesystem::recursive_directory_iterator(p))
          if (e.path().extension() == ".dynrr") paths.push_back(e.path());
      } else if (file && std::filesystem::is_regular_file(p)) {
        paths.push_back(p);
      }
      std::sort(paths.begin(), paths.end());
      for (const auto& f : paths) {
        set.paths.push_back(f.string());
        set.files.push_back(slurp(f));
        set.bytes += set.files.back().size();
      }
      if (!set.files.empty()) sets.push_back(std::move(set));
    } else {
      rest.push_back(argv[i]);
    }
  }
  for (const auto& set : sets) {
    benchmark::RegisterBenchmark(("BM_TraceReadReal/" + set.label).c_str(),
                                 [s = &set](benchmark::State& st) { readSet(st, s, false); })
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BM_TraceReadFile/" + set.label).c_str(),
                                 [s = &set](benchmark::State& st) { readSet(st, s, true); })
        ->Unit(benchmark::kMillisecond);
  }
  int n = static_cast<int>(rest.size());
  benchmark::Initialize(&n, rest.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
