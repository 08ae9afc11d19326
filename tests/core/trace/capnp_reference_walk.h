// capnp_reference_walk.h — the reference validation of a trace chunk (before issue 20):
// capnp's totalSize(), then every field the schema reaches read through Cap'n Proto's
// layout readers. A message it accepts can be read by every consumer without a
// kj::Exception; core/trace/field_walk.h must accept exactly the same messages.
#pragma once

#include <capnp/message.h>

#include <string>

#include "core/trace/trace.capnp.h"

namespace dynrr::trace::reference {

// True if the message (stream encoding) passes; otherwise false and, if `why` is given,
// Cap'n Proto's description of the first failure.
bool acceptsMessage(kj::ArrayPtr<const capnp::word> payload, bool header,
                    const capnp::ReaderOptions& options, std::string* why = nullptr);

}  // namespace dynrr::trace::reference
