// trace_reader_fuzzer.cpp — fuzzes TraceReader on arbitrary bytes.
//
// Built as a libFuzzer target when the compiler is clang (DYNRR_LIBFUZZER); with
// other compilers the same entry point is linked into a driver that runs it over
// the files named on the command line, so seeds and crash reproducers still run.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/trace/object_printer.h"
#include "core/trace/trace_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  auto trace = dynrr::trace::TraceReader::fromBytes(bytes);
  if (!trace) return 0;
  // Walk everything a consumer would touch.
  for (uint32_t ref = 1; ref <= trace->objectCount(); ++ref) {
    (void)dynrr::trace::describeObject(*trace, ref);
  }
  for (size_t i = 0; i < trace->eventCount(); ++i) {
    auto e = trace->event(i);
    for (auto g : e.getReference().getGraphs()) (void)g.getCode().size();
  }
  return 0;
}
