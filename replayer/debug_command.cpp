// debug_command.cpp — `dynrr debug TRACE [--frame N] [-c "cmd; cmd"] [--commands FILE]`:
// argument parsing and the terminal line reader (libedit: line editing and history)
// around DebugSession.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "replayer/commands.h"
#include "replayer/debug_session.h"

#ifdef DYNRR_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

namespace dynrr::replayer {
namespace {

// An interactive terminal: libedit's readline() with history kept across sessions in
// $HOME/.dynrr_history (last 1000 commands).
class TerminalReader final : public LineReader {
 public:
  TerminalReader() {
#ifdef DYNRR_HAVE_LIBEDIT
    if (const char* home = std::getenv("HOME"); home && *home) {
      historyPath_ = std::string(home) + "/.dynrr_history";
      using_history();
      read_history(historyPath_.c_str());
    }
#endif
  }
  ~TerminalReader() override {
#ifdef DYNRR_HAVE_LIBEDIT
    if (!historyPath_.empty()) {
      stifle_history(1000);
      write_history(historyPath_.c_str());
    }
#endif
  }
  TerminalReader(const TerminalReader&) = delete;
  TerminalReader& operator=(const TerminalReader&) = delete;

  std::optional<std::string> read(const std::string& prompt) override {
#ifdef DYNRR_HAVE_LIBEDIT
    char* raw = readline(prompt.c_str());
    if (!raw) return std::nullopt;
    std::string line = raw;
    std::free(raw);
    if (!line.empty()) add_history(line.c_str());
    return line;
#else
    std::fputs(prompt.c_str(), stdout);
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    return line;
#endif
  }
  bool echo() const override { return false; }

 private:
  std::string historyPath_;
};

// Commands piped on stdin (not a terminal): one per line, echoed like a script.
std::vector<std::string> readLines(std::istream& in) {
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    lines.push_back(line.substr(first));
  }
  return lines;
}

}  // namespace

int runDebug(const std::vector<std::string>& args) {
  std::string path;
  long frame = 0;
  std::optional<std::vector<std::string>> script;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--frame" && i + 1 < args.size()) {
      char* end = nullptr;
      frame = std::strtol(args[++i].c_str(), &end, 10);
      if (*end != '\0' || frame < 0) {
        std::fprintf(stderr, "dynrr debug: --frame wants a frame number, got '%s'\n",
                     args[i].c_str());
        return kExitBadInput;
      }
    } else if (args[i] == "-c" && i + 1 < args.size()) {
      if (!script) script.emplace();
      for (auto& c : ScriptReader::splitCommands(args[++i])) script->push_back(std::move(c));
    } else if (args[i] == "--commands" && i + 1 < args.size()) {
      std::ifstream in(args[++i]);
      if (!in) {
        std::fprintf(stderr, "dynrr debug: cannot read commands from '%s'\n", args[i].c_str());
        return kExitBadInput;
      }
      if (!script) script.emplace();
      for (auto& c : readLines(in)) script->push_back(std::move(c));
    } else if (path.empty() && !args[i].empty() && args[i][0] != '-') {
      path = args[i];
    } else {
      std::fprintf(stderr, "dynrr debug: unexpected argument '%s'\n", args[i].c_str());
      return kExitBadInput;
    }
  }
  if (path.empty()) {
    std::fprintf(stderr,
                 "usage: dynrr debug TRACE [--frame N] [-c \"cmd; cmd\"] [--commands FILE]\n");
    return kExitBadInput;
  }
  auto trace = trace::TraceReader::openFile(path);
  if (!trace) {
    std::fprintf(stderr, "dynrr: %s\n", trace.error().message().c_str());
    return kExitBadInput;
  }
  if (static_cast<size_t>(frame) >= trace->eventCount()) {
    std::fprintf(stderr, "dynrr debug: no frame %ld (trace has %zu)\n", frame, trace->eventCount());
    return kExitBadInput;
  }
  if (!trace->warning().empty())
    std::fprintf(stderr, "dynrr: warning: %s\n", trace->warning().c_str());
  if (!script && !isatty(STDIN_FILENO)) script = readLines(std::cin);
  std::unique_ptr<LineReader> reader;
  if (script) {
    reader = std::make_unique<ScriptReader>(std::move(*script));
  } else {
    reader = std::make_unique<TerminalReader>();
  }
  DebugSession session(*trace, static_cast<size_t>(frame), *reader, std::cout, path);
  int rc = session.run();
  std::cout.flush();
  return rc;
}

}  // namespace dynrr::replayer
