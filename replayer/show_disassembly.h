// show_disassembly.h — the disassembly section of `dynrr show`.
#pragma once

#include <string>

#include "core/trace/trace_reader.h"

namespace dynrr::replayer {

// Disassembles the code object `code` (and nothing nested) in `dis` format; on a
// malformed code object returns a one-line explanation instead.
std::string disassembleForShow(const trace::TraceReader& trace, trace::ObjRef code);

}  // namespace dynrr::replayer
