// trace_reader.h — reads a .dynrr trace in place (mmap, no copy), safely.
//
// Safe on untrusted input: every chunk's framing, checksum and Cap'n Proto structure
// is validated when the trace is opened, every ObjRef stored in the heap or an event
// is range-checked then, and object() checks again. A corrupt, truncated or
// wrong-version file yields an Error naming the chunk and byte offset; it never
// crashes or hangs. Readers handed out stay valid as long as the TraceReader.
#pragma once

#include <capnp/serialize.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/support/error.h"
#include "core/trace/trace.capnp.h"
#include "core/trace/trace_format.h"

namespace dynrr::trace {

struct ReaderOptions {
  // Cap'n Proto traversal budget per chunk, as a multiple of the chunk's size; the
  // budget bounds the work a hostile message can cause (amplification).
  uint64_t traversalFactor = 64;
  uint64_t minTraversalWords = uint64_t{1} << 24;
  int nestingLimit = 64;
  // When true (the default), an incomplete final chunk, which is what a killed
  // recording leaves, is dropped with a warning instead of failing the open.
  bool allowTruncatedTail = true;
};

struct ChunkInfo {
  uint64_t offset = 0;  // file offset of the chunk header
  uint64_t payloadBytes = 0;
  ChunkKind kind = ChunkKind::kHeader;
};

class TraceReader {
 public:
  static Expected<TraceReader> openFile(const std::string& path, ReaderOptions options = {});
  // Reads from bytes the reader takes ownership of (copied once into aligned memory).
  static Expected<TraceReader> fromBytes(const std::string& bytes, ReaderOptions options = {},
                                         std::string name = "<memory>");

  TraceReader(TraceReader&&) noexcept;
  TraceReader& operator=(TraceReader&&) noexcept;
  ~TraceReader();

  const std::string& name() const;
  schema::TraceHeader::Reader header() const;
  size_t eventCount() const;
  schema::CompileEvent::Reader event(size_t index) const;  // index < eventCount()
  // The Dynamo config `event` was compiled under: its own (recorded as the compile
  // started), or the header's for traces written before events kept one.
  schema::DynamoConfig::Reader configOf(schema::CompileEvent::Reader event) const;
  const ChunkInfo& eventChunk(size_t index) const;

  // Number of heap objects; valid refs are 1..objectCount().
  uint32_t objectCount() const;
  bool validRef(ObjRef ref) const { return ref >= 1 && ref <= objectCount(); }
  Expected<schema::Object::Reader> object(ObjRef ref) const;
  // For refs already known valid (checked with validRef); asserts.
  schema::Object::Reader objectUnchecked(ObjRef ref) const;

  // Non-empty when the tail of the file was an incomplete chunk that was dropped.
  const std::string& warning() const;
  uint64_t fileBytes() const;

 private:
  struct State;
  explicit TraceReader(std::unique_ptr<State> state);
  static Expected<TraceReader> parse(std::unique_ptr<State> state, ReaderOptions options);
  std::unique_ptr<State> state_;
};

}  // namespace dynrr::trace
