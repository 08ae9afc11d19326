// field_walk.h — the one walk that validates a whole trace chunk at open.
//
// Reads the chunk's Cap'n Proto message straight from its words, once, and refuses it
// if any read a consumer could make would fail: every pointer in the message is checked
// as capnp's totalSize() checks it (in bounds, far pointers landing in known segments,
// no unknown pointer kinds, nesting within the limit, the traversal budget), and every
// field the schema reaches is checked as its typed getter checks it (a text's NUL
// terminator, a list's element size against the schema's, a struct pointer where a
// struct is expected, the nesting limit of typed reads). So consumers never meet a
// kj::Exception: whatever this accepts, Cap'n Proto's readers read without complaint.
//
// The walk follows a plan compiled once from the compiled-in schema (which pointer slots
// hold which type, the union's discriminant, list element sizes) and touches each
// pointer word once; it replaces totalSize() followed by a second walk through Cap'n
// Proto's layout readers, which read every pointer twice through out-of-line calls.
// tests/core/trace/field_walk_test.cpp checks it against that reference on mutants.
#pragma once

#include <capnp/common.h>
#include <kj/common.h>

#include <cstdint>

namespace dynrr::trace {

// The first fault found in a message; `what` is null when the message is valid.
struct WireFault {
  const char* what = nullptr;  // static text, Cap'n Proto's wording where it has one
  uint32_t segment = 0;        // where the faulty pointer (or list, or blob) is
  uint64_t word = 0;           // word index in that segment
  explicit operator bool() const { return what != nullptr; }
};

struct WalkLimits {
  uint64_t traversalWords = 0;  // as capnp::ReaderOptions::traversalLimitInWords
  int nestingLimit = 64;        // as capnp::ReaderOptions::nestingLimit
};

enum class ChunkRoot { kTraceHeader, kEventChunk };

// Checks every pointer of the message `payload` holds (in the standard stream encoding:
// segment table, then segments; capnp::FlatArrayMessageReader has already accepted its
// framing) and every field reachable from its root read as `root`. `budget` counts list elements
// visited through the schema: a list of zero-sized structs costs the traversal limit little, so the
// walk bounds them itself (a few per word of the chunk); running out is the fault "more list
// elements than the chunk's size allows".
[[nodiscard]] WireFault checkMessage(kj::ArrayPtr<const capnp::word> payload, ChunkRoot root,
                                     WalkLimits limits, uint64_t& budget);

}  // namespace dynrr::trace
