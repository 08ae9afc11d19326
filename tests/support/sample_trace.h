// sample_trace.h — synthetic traces for tests, benchmarks and the fuzz seed corpus.
//
// These exercise the format (shared cells, cyclic lists, big ints, code objects,
// tensors, graphs, guards); they are not recordings of real Dynamo and are never
// used to judge fidelity.
#pragma once

#include <string>

#include "core/trace/trace_writer.h"

namespace dynrr::testing {

struct SampleOptions {
  int events = 2;
  int extraObjectsPerEvent = 0;  // bulk list/tensor objects to grow the trace
};

// Fills a header the way the tests expect (producer "test").
void fillTestHeader(schema::TraceHeader::Builder header);

// Writes `options.events` events into `writer`.
Status writeSampleEvents(trace::TraceWriter& writer, const SampleOptions& options);

// A complete sample trace as bytes.
std::string sampleTraceBytes(const SampleOptions& options = {});

}  // namespace dynrr::testing
