// main.cpp — entry point of the `dynrr` command line tool.
#include <kj/exception.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "replayer/commands.h"

namespace {

void usage(FILE* out) {
  std::fputs(
      "usage: dynrr <command> [options]\n"
      "\n"
      "commands:\n"
      "  show TRACE [--event N] [--objects]   print what a trace holds, event by event\n"
      "  replay TRACE [--frame N] [--json] [--html OUT.html] [--junit OUT.xml]\n"
      "                                       replay each frame through the core, give verdicts\n"
      "         [--frame-time-limit S] [--frame-step-limit N]\n"
      "                                       per-frame bounds (default 60 s, 2000000 steps)\n"
      "  debug TRACE [--frame N] [-c \"cmd; cmd\"] [--commands FILE]\n"
      "                                       step through a frame's replay (`help` inside)\n"
      "  validate TRACE                       check a trace's framing, checksums and structure\n"
      "  version                              print the dynrr and trace format versions\n"
      "\n"
      "exit codes: 0 ok, 1 a frame diverged, 2 bad input or usage\n",
      out);
}

}  // namespace

namespace {

int run(int argc, char** argv) {
  if (argc < 2) {
    usage(stderr);
    return dynrr::replayer::kExitBadInput;
  }
  std::string command = argv[1];
  std::vector<std::string> args(argv + 2, argv + argc);
  if (command == "show") return dynrr::replayer::runShow(args);
  if (command == "replay") return dynrr::replayer::runReplay(args);
  if (command == "debug") return dynrr::replayer::runDebug(args);
  if (command == "validate") return dynrr::replayer::runValidate(args);
  if (command == "version" || command == "--version") {
    std::printf("dynrr 0.1.0 (trace format 1)\n");
    return 0;
  }
  if (command == "help" || command == "--help" || command == "-h") {
    usage(stdout);
    return 0;
  }
  std::fprintf(stderr, "dynrr: unknown command '%s'\n\n", command.c_str());
  usage(stderr);
  return dynrr::replayer::kExitBadInput;
}

}  // namespace

namespace {

// Ends the process once its output is flushed. With DYNRR_FAST_EXIT (the release tool,
// replayer/CMakeLists.txt) static destructors and the heap are left to the OS: the tables
// the core builds on first use (the op registry, method tables, the trace schema's plan)
// are tens of thousands of objects, and tearing them down was a tenth of a one-frame
// replay. Sanitizer and coverage builds exit normally, so leak checks and coverage see
// everything.
[[noreturn]] void exitWith(int code) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
#if defined(DYNRR_FAST_EXIT)
  std::_Exit(code);
#else
  std::exit(code);
#endif
}

}  // namespace

// The last line of defence for bad input: no exception escapes to abort the process; a
// subcommand meeting a malformed trace exits 2 with what was wrong.
int main(int argc, char** argv) {
  int code = dynrr::replayer::kExitBadInput;
  try {
    code = run(argc, argv);
  } catch (const kj::Exception& e) {
    std::string what = e.getDescription().cStr();
    std::fprintf(stderr, "dynrr: bad input: malformed trace data: %s\n",
                 what.substr(0, what.find('\n')).c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dynrr: bad input: %s\n", e.what());
  }
  exitWith(code);
}
