// cold_start_bench.cpp — the cold path: `dynrr replay` of a one-op trace, process start to
// exit (issue 20: under 5 ms), and `dynrr version` (start-up alone) for comparison.
//
// Each iteration spawns the tool (posix_spawn, stdout and stderr to /dev/null) and waits
// for it; the time is wall-clock per process. The trace is read from the page cache after
// the first run, as when replaying a trace just recorded.
//
// Usage: cold_start_bench --dynrr PATH --trace ONE_OP_TRACE [google benchmark flags]
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

extern char** environ;

namespace {

// Runs `argv` to completion with its output discarded; false if it did not exit 0.
bool runQuiet(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return false;
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

void spawnLoop(benchmark::State& state, std::vector<std::string> argv) {
  for (auto _ : state) {
    if (!runQuiet(argv)) {
      state.SkipWithError(("failed: " + argv[0] + " " + argv[1]).c_str());
      return;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string dynrr, trace;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--dynrr") == 0 && i + 1 < argc) {
      dynrr = argv[++i];
    } else if (std::strcmp(argv[i], "--trace") == 0 && i + 1 < argc) {
      trace = argv[++i];
    } else {
      rest.push_back(argv[i]);
    }
  }
  if (dynrr.empty() || trace.empty()) {
    std::fprintf(stderr, "usage: cold_start_bench --dynrr PATH --trace ONE_OP_TRACE\n");
    return 2;
  }
  benchmark::RegisterBenchmark("BM_ColdStart/version",
                               [=](benchmark::State& st) {
                                 spawnLoop(st, {dynrr, "version"});
                               })
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  benchmark::RegisterBenchmark("BM_ColdStart/replay_one_op",
                               [=](benchmark::State& st) {
                                 spawnLoop(st, {dynrr, "replay", trace});
                               })
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  int n = static_cast<int>(rest.size());
  benchmark::Initialize(&n, rest.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
