// field_walk.h — the schema walk that validates every field of a trace chunk at open.
//
// Reads every pointer field of a message through its schema, so whatever Cap'n Proto
// would refuse when a consumer reads it (a text without its NUL terminator, a list whose
// element size contradicts the schema, a struct pointer where a list is expected) is
// refused here, once, at open: consumers never meet a kj::Exception. totalSize() alone
// checks only that the pointers stay inside the message.
//
// The walk makes the same Cap'n Proto reads, in the same order, as reading each field
// through capnp::DynamicStruct (has(), get(), list elements), so a damaged message fails
// with the same kj::Exception; but it follows a plan compiled once from the schema
// (which fields hold pointers, their slots, the union's discriminant) instead of looking
// fields and types up through the reflection API for every struct it meets, which cost
// most of the open.
#pragma once

#include <cstdint>
#include <vector>

#include "core/trace/trace.capnp.h"

namespace dynrr::trace {

// Each walk throws kj::Exception on a malformed message (as the typed getters would).
// `budget` counts list elements visited: a list of zero-sized structs costs Cap'n
// Proto's traversal limit nothing, so the walk bounds them itself (a few per word of the
// chunk); running out throws "more list elements than the chunk's size allows".
void readEveryField(schema::TraceHeader::Reader header, uint64_t& budget);
// Appends each of the chunk's objects, once walked, to `objects`, so the reader's heap is
// filled without reading the list a second time.
void readEveryField(schema::EventChunk::Reader chunk, uint64_t& budget,
                    std::vector<schema::Object::Reader>& objects);

}  // namespace dynrr::trace
