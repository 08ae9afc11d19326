// read_watermark.h — how far into the heap a consumer of a TraceReader has read.
//
// TraceReader::object() and objectUnchecked() raise a per-thread watermark to the highest
// ref they returned. The deep fuzzer (fuzz/deep_trace_target.h) resets it before it
// replays an event and reads it after: the event's replay depended on no chunk past the
// one holding that object, which lets it skip replays whose every reachable byte it has
// already run. Costs one compare per object read.
#pragma once

#include "core/trace/trace_format.h"

namespace dynrr::trace {

ObjRef highestRefRead();  // on this thread, since the last reset (0: none)
void resetHighestRefRead();

}  // namespace dynrr::trace
