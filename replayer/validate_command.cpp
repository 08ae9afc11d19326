// validate_command.cpp — `dynrr validate TRACE`: open and validate a trace.
#include <cstdio>

#include "core/trace/trace_reader.h"
#include "replayer/commands.h"

namespace dynrr::replayer {

int runValidate(const std::vector<std::string>& args) {
  if (args.size() != 1) {
    std::fprintf(stderr, "usage: dynrr validate TRACE\n");
    return kExitBadInput;
  }
  auto trace = trace::TraceReader::openFile(args[0]);
  if (!trace) {
    std::fprintf(stderr, "dynrr: %s\n", trace.error().message().c_str());
    return kExitBadInput;
  }
  if (!trace->warning().empty())
    std::fprintf(stderr, "dynrr: warning: %s\n", trace->warning().c_str());
  std::printf("%s: ok: format %u, %zu events, %u objects, %llu bytes\n", args[0].c_str(),
              trace->header().getFormatVersion(), trace->eventCount(), trace->objectCount(),
              static_cast<unsigned long long>(trace->fileBytes()));
  return kExitOk;
}

}  // namespace dynrr::replayer
