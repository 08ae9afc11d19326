// trace_writer.h — writes a .dynrr trace: the header chunk, then one chunk per event.
//
// Used by the recorder (through the CPython extension), the fuzzer (in memory) and
// tests. Each finished event is written with one write(2) of a complete chunk, so a
// process killed at any point leaves every earlier event readable.
#pragma once

#include <capnp/message.h>
#include <capnp/orphan.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/support/error.h"
#include "core/trace/content_hash.h"
#include "core/trace/trace.capnp.h"
#include "core/trace/trace_format.h"

namespace dynrr::trace {

class TraceWriter;

// Where chunks go. Owned by the TraceWriter.
class ChunkSink {
 public:
  virtual ~ChunkSink() = default;
  virtual Status write(const void* data, size_t size) = 0;
};

// Builds the objects and the CompileEvent of one event. Obtained from
// TraceWriter::beginEvent(); valid until finishEvent() or abandonEvent().
// Non-copyable. Builders it hands out live as long as the EventBuilder.
class EventBuilder {
 public:
  EventBuilder(const EventBuilder&) = delete;
  EventBuilder& operator=(const EventBuilder&) = delete;

  // The event to fill (index is set by the writer).
  schema::CompileEvent::Builder event() { return event_.get(); }

  // A new per-event object with the given identity token (must be non-zero). The
  // ref is valid at once, so cyclic structures can refer to themselves.
  struct NewObject {
    ObjRef ref;
    schema::Object::Builder builder;
  };
  NewObject newObject(uint64_t identity);

  // Content-addressed objects: stored once per trace. Fill the builder returned by
  // scratch(), then call intern(); the same content always gives the same ref.
  schema::Object::Builder scratch();
  ObjRef intern();

  // Shorthands for interning common values.
  ObjRef none();
  ObjRef ellipsis();
  ObjRef boolean(bool value);
  ObjRef integer(int64_t value);
  ObjRef floating(double value);
  ObjRef str(std::string_view value);
  ObjRef bytes(std::string_view value);
  ObjRef tuple(const std::vector<ObjRef>& items);

  // Number of objects this event has added so far.
  size_t newObjectCount() const { return objects_.size(); }

 private:
  friend class TraceWriter;
  EventBuilder(TraceWriter& writer, ObjRef firstId);
  ObjRef addOrphan(capnp::Orphan<schema::Object>&& orphan);

  TraceWriter& writer_;
  ObjRef firstId_;
  capnp::MallocMessageBuilder staging_;
  capnp::Orphan<schema::CompileEvent> event_;
  std::vector<capnp::Orphan<schema::Object>> objects_;
  std::unique_ptr<capnp::MallocMessageBuilder> scratchMessage_;
  capnp::Orphan<schema::Object> scratchObject_;
  size_t scratchUses_ = 0;
  std::vector<ContentHash> internedHere_;  // rolled back on abandonEvent()
};

// Non-copyable resource owning the sink. Events are numbered in finish order.
class TraceWriter {
 public:
  using HeaderFiller = std::function<void(schema::TraceHeader::Builder)>;

  // Creates (truncates) `path` and writes the file header and header chunk. The
  // writer sets formatVersion/minReaderVersion; `fill` sets everything else.
  static Expected<std::unique_ptr<TraceWriter>> createFile(const std::string& path,
                                                           const HeaderFiller& fill);
  // Same, writing into memory; see bytes().
  static Expected<std::unique_ptr<TraceWriter>> createInMemory(const HeaderFiller& fill);

  TraceWriter(const TraceWriter&) = delete;
  TraceWriter& operator=(const TraceWriter&) = delete;
  ~TraceWriter();

  // Starts the next event. Only one event may be open at a time.
  EventBuilder& beginEvent();
  // Serializes the open event as one chunk and writes it. On error the event is
  // dropped and the writer stays usable.
  Status finishEvent();
  // Drops the open event without writing anything.
  void abandonEvent();
  bool eventOpen() const { return open_ != nullptr; }

  // Total objects written so far (the next id is objectCount() + 1).
  uint32_t objectCount() const { return nextId_ - 1; }
  uint32_t eventCount() const { return eventCount_; }
  uint64_t bytesWritten() const { return bytesWritten_; }

  // The bytes written so far, for in-memory writers ("" for file writers).
  const std::string& bytes() const;

 private:
  friend class EventBuilder;
  explicit TraceWriter(std::unique_ptr<ChunkSink> sink);
  Status writeHeader(const HeaderFiller& fill);
  Status writeChunk(ChunkKind kind, capnp::MessageBuilder& message);

  std::unique_ptr<ChunkSink> sink_;
  std::unique_ptr<EventBuilder> open_;
  std::unordered_map<ContentHash, ObjRef, ContentHashHasher> interned_;
  ObjRef nextId_ = 1;
  uint32_t eventCount_ = 0;
  uint64_t bytesWritten_ = 0;
};

// Fault injection for tests of the file writer: after `bytes` more bytes, writes to trace
// files fail with ENOSPC (a full disk) until `bytes` is reset; -1 turns it off.
void injectWriteFailureForTesting(int64_t bytes);

}  // namespace dynrr::trace
