// make_sample_trace_main.cpp — writes the synthetic sample trace to a file. Used by
// the demo until recorded traces exist, and by tests of the dynrr tool.
// Usage: dynrr_sample_trace OUT.dynrr [EVENTS]
#include <cstdio>
#include <cstdlib>

#include "tests/support/sample_trace.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: dynrr_sample_trace OUT.dynrr [EVENTS]\n");
    return 2;
  }
  dynrr::testing::SampleOptions options;
  if (argc > 2) options.events = std::atoi(argv[2]);
  auto writer = dynrr::trace::TraceWriter::createFile(argv[1], dynrr::testing::fillTestHeader);
  if (!writer) {
    std::fprintf(stderr, "%s\n", writer.error().message().c_str());
    return 2;
  }
  if (auto s = dynrr::testing::writeSampleEvents(**writer, options); !s) {
    std::fprintf(stderr, "%s\n", s.error().message().c_str());
    return 2;
  }
  std::printf("wrote %u events, %u objects, %llu bytes to %s\n", (*writer)->eventCount(),
              (*writer)->objectCount(), static_cast<unsigned long long>((*writer)->bytesWritten()),
              argv[1]);
  return 0;
}
