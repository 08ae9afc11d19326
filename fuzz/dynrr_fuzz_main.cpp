// dynrr_fuzz_main.cpp — the dynrr-fuzz command line (issue 6): differential fuzzing of
// the core against real Dynamo, with generated programs (see campaign.h).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz/campaign.h"
#include "fuzz/generators.h"
#include "fuzz/program.h"

namespace {

void usage(FILE* out) {
  std::fprintf(out,
               "usage: dynrr-fuzz [--property fidelity|correctness|transparency|roundtrip|all]\n"
               "                  [--cases N] [--first-case K] [--seed S] [--jobs J]\n"
               "                  [--time-budget SECONDS] [--junit FILE] [--records FILE]\n"
               "                  [--features part1|all|widened|every|breadth|tensor,...]\n"
               "                  [--max-stmts K]\n"
               "                  [--corpus-dir DIR | --no-corpus] [--save-dir DIR]\n"
               "                  [--shrink-runs R] [--no-progress] [--fail-on-genbug]\n"
               "                  [--keep-unique-ids] [--allow-failures] [--core-in-process]\n"
               "       dynrr-fuzz --case-seed S [--property P] [--features F]   one case\n"
               "       dynrr-fuzz --print-seed S [--features F]     print a program only\n"
               "--first-case K runs cases K..K+N-1 of the campaign (the same case seeds);\n"
               "--records FILE writes one JSON line per case and property.\n"
               "--core-in-process replays traces in this process (default: a forked child,\n"
               "so a core crash is a failure, saved to <corpus>/open/, not the end).\n");
}

// --help also says which interpreter and source tree this binary embeds: a campaign's
// pre-flight check (python -m dynrr campaign) reads these lines on every node.
void printPaths() { std::printf("python: %s\nsource: %s\n", DYNRR_FUZZ_PYTHON, DYNRR_SOURCE_DIR); }

bool parseU64(const char* s, uint64_t& out) {
  char* end = nullptr;
  out = std::strtoull(s, &end, 0);
  return end != s && *end == '\0';
}

}  // namespace

int main(int argc, char** argv) {
  using namespace dynrr::fuzz;
  CampaignOptions o;
  o.argv0 = argv[0];
  o.features = kFeaturesPart1;
  o.corpusDir = std::string(DYNRR_SOURCE_DIR) + "/corpus/fuzz";
  bool one = false, printOnly = false;
  uint64_t oneSeed = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "dynrr-fuzz: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    uint64_t n = 0;
    if (a == "--property") {
      if (!parseProperties(value(), o.properties)) return usage(stderr), 2;
    } else if (a == "--cases" && parseU64(value(), n)) {
      o.cases = n;
    } else if (a == "--first-case" && parseU64(value(), n)) {
      o.firstCase = n;
    } else if (a == "--records") {
      o.recordsPath = value();
    } else if (a == "--save-dir") {
      o.saveDir = value();
    } else if (a == "--seed" && parseU64(value(), n)) {
      o.seed = n;
    } else if (a == "--jobs" && parseU64(value(), n) && n >= 1 && n <= 64) {
      o.jobs = static_cast<int>(n);
    } else if (a == "--time-budget") {
      o.timeBudgetSeconds = std::atof(value());
    } else if (a == "--junit") {
      o.junitPath = value();
    } else if (a == "--features") {
      if (!parseFeatures(value(), o.features)) return usage(stderr), 2;
    } else if (a == "--max-stmts" && parseU64(value(), n) && n >= 1 && n <= 100) {
      o.maxStmts = static_cast<int>(n);
    } else if (a == "--corpus-dir") {
      o.corpusDir = value();
    } else if (a == "--no-corpus") {
      o.corpusDir.clear();
    } else if (a == "--shrink-runs" && parseU64(value(), n)) {
      o.maxShrinkRuns = static_cast<int>(n);
    } else if (a == "--no-progress") {
      o.progress = false;
    } else if (a == "--keep-unique-ids") {
      ::setenv("DYNRR_FUZZ_KEEP_UNIQUE_IDS", "1", 1);  // read by fuzz/oracle.py
    } else if (a == "--core-in-process") {
      o.isolateCore = false;
    } else if (a == "--allow-failures") {
      o.allowFailures = true;
    } else if (a == "--fail-on-genbug") {
      o.failOnGenBug = true;
    } else if (a == "--case-seed" && parseU64(value(), n)) {
      one = true;
      oneSeed = n;
    } else if (a == "--print-seed" && parseU64(value(), n)) {
      printOnly = true;
      oneSeed = n;
    } else if (a == "--help" || a == "-h") {
      usage(stdout);
      printPaths();
      return 0;
    } else {
      std::fprintf(stderr, "dynrr-fuzz: bad argument '%s'\n", a.c_str());
      usage(stderr);
      return 2;
    }
  }
  if (printOnly) {
    std::fputs(printProgram(programShrinkable(o.features, o.maxStmts, oneSeed).value()).c_str(),
               stdout);
    return 0;
  }
  if (one) return runOneCase(o, oneSeed);
  return runCampaign(o);
}
