// roundtrip.cpp — rewrite a trace through TraceWriter and compare the bytes.
#include "fuzz/roundtrip.h"

#include <capnp/dynamic.h>
#include <capnp/message.h>
#include <capnp/serialize.h>

#include <cstring>
#include <vector>

#include "core/trace/trace_format.h"
#include "core/trace/trace_reader.h"
#include "core/trace/trace_writer.h"

namespace dynrr::fuzz {
namespace {

void copyStruct(capnp::DynamicStruct::Reader from, capnp::DynamicStruct::Builder to) {
  for (auto field : from.getSchema().getNonUnionFields()) {
    if (from.has(field, capnp::HasMode::NON_DEFAULT)) to.set(field, from.get(field));
  }
  KJ_IF_MAYBE (field, from.which()) {
    to.set(*field, from.get(*field));
  }
}

struct Chunk {
  trace::ChunkKind kind;
  uint64_t offset;
  std::vector<capnp::word> words;
};

Expected<std::vector<Chunk>> splitChunks(const std::string& bytes) {
  if (bytes.size() < sizeof(trace::FileHeader)) return Error("trace shorter than its header");
  std::vector<Chunk> chunks;
  size_t pos = sizeof(trace::FileHeader);
  while (pos < bytes.size()) {
    if (bytes.size() - pos < sizeof(trace::ChunkHeader))
      return Error("torn chunk header at " + std::to_string(pos));
    trace::ChunkHeader ch;
    std::memcpy(&ch, bytes.data() + pos, sizeof(ch));
    size_t start = pos + sizeof(ch);
    if (ch.payloadBytes % 8 != 0 || ch.payloadBytes > bytes.size() - start)
      return Error("bad chunk size at " + std::to_string(pos));
    Chunk c{static_cast<trace::ChunkKind>(ch.kind), pos, {}};
    c.words.resize(ch.payloadBytes / 8);
    std::memcpy(c.words.data(), bytes.data() + start, ch.payloadBytes);
    chunks.push_back(std::move(c));
    pos = start + ch.payloadBytes;
  }
  return chunks;
}

capnp::ReaderOptions readerOptions() {
  capnp::ReaderOptions o;
  o.traversalLimitInWords = uint64_t{1} << 32;
  return o;
}

}  // namespace

Expected<std::string> rewriteTrace(const std::string& traceBytes) {
  return rewriteTrace(traceBytes, EventEdit());
}

Expected<std::string> rewriteTrace(const std::string& traceBytes, const EventEdit& edit) {
  // The reader validates everything first: a trace it rejects is not rewritten.
  if (auto checked = trace::TraceReader::fromBytes(traceBytes); !checked) return checked.error();
  auto chunks = splitChunks(traceBytes);
  if (!chunks) return chunks.error();
  if (chunks->empty() || chunks->front().kind != trace::ChunkKind::kHeader)
    return Error("trace does not start with a header chunk");
  Chunk& headerChunk = chunks->front();
  capnp::FlatArrayMessageReader headerMessage(
      kj::arrayPtr(headerChunk.words.data(), headerChunk.words.size()), readerOptions());
  auto header = headerMessage.getRoot<schema::TraceHeader>();
  auto writer = trace::TraceWriter::createInMemory([&](schema::TraceHeader::Builder out) {
    copyStruct(capnp::toDynamic(header), capnp::toDynamic(out));
  });
  if (!writer) return writer.error();
  for (size_t c = 1; c < chunks->size(); ++c) {
    Chunk& chunk = (*chunks)[c];
    if (chunk.kind != trace::ChunkKind::kEvent) return Error("unknown chunk kind");
    capnp::FlatArrayMessageReader message(kj::arrayPtr(chunk.words.data(), chunk.words.size()),
                                          readerOptions());
    auto ev = message.getRoot<schema::EventChunk>();
    auto& eb = (*writer)->beginEvent();
    trace::ObjRef expected = ev.getFirstObjectId();
    for (auto object : ev.getObjects()) {
      trace::ObjRef got;
      if (object.getIdentity() != 0) {
        auto made = eb.newObject(object.getIdentity());
        copyStruct(capnp::toDynamic(object), capnp::toDynamic(made.builder));
        got = made.ref;
      } else {
        copyStruct(capnp::toDynamic(object), capnp::toDynamic(eb.scratch()));
        got = eb.intern();
      }
      if (got != expected) {
        (*writer)->abandonEvent();
        return Error("object " + std::to_string(expected) + " of chunk " + std::to_string(c) +
                     " was rewritten as object " + std::to_string(got) +
                     " (content stored twice?)");
      }
      ++expected;
    }
    copyStruct(capnp::toDynamic(ev.getEvent()), capnp::toDynamic(eb.event()));
    if (edit) edit(c - 1, eb.event());
    if (Status s = (*writer)->finishEvent(); !s) return s.error();
  }
  return (*writer)->bytes();
}

std::string roundTripDifference(const std::string& traceBytes) {
  auto again = rewriteTrace(traceBytes);
  if (!again) return "rewrite failed: " + again.error().message();
  if (*again == traceBytes) return "";
  auto before = splitChunks(traceBytes);
  auto after = splitChunks(*again);
  if (!before || !after) return "rewritten trace unreadable";
  if (before->size() != after->size())
    return "rewritten trace has " + std::to_string(after->size()) + " chunks, not " +
           std::to_string(before->size());
  std::string headerDifference;
  for (size_t c = 0; c < before->size(); ++c) {
    auto& x = (*before)[c].words;
    auto& y = (*after)[c].words;
    if (x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * 8) == 0) continue;
    std::string where = c == 0 ? "header chunk" : "event chunk " + std::to_string(c - 1);
    // Same content in another layout, or different content?
    capnp::FlatArrayMessageReader mx(kj::arrayPtr(x.data(), x.size()), readerOptions());
    capnp::FlatArrayMessageReader my(kj::arrayPtr(y.data(), y.size()), readerOptions());
    kj::Array<capnp::word> cx, cy;
    if (c == 0) {
      cx = capnp::canonicalize(mx.getRoot<schema::TraceHeader>());
      cy = capnp::canonicalize(my.getRoot<schema::TraceHeader>());
    } else {
      cx = capnp::canonicalize(mx.getRoot<schema::EventChunk>());
      cy = capnp::canonicalize(my.getRoot<schema::EventChunk>());
    }
    bool same = cx.size() == cy.size() && std::memcmp(cx.begin(), cy.begin(), cx.size() * 8) == 0;
    size_t n = std::min(x.size(), y.size()) * 8;
    size_t at = 0;
    auto* bx = reinterpret_cast<const char*>(x.data());
    auto* by = reinterpret_cast<const char*>(y.data());
    while (at < n && bx[at] == by[at]) ++at;
    std::string d = where +
                    (same ? " has the same content in another layout" : " content differs") +
                    " at payload byte " + std::to_string(at) + " (" + std::to_string(x.size() * 8) +
                    " bytes written, " + std::to_string(y.size() * 8) + " rewritten)";
    if (c > 0) return d;  // an event chunk difference is reported before the header's
    headerDifference = d;
  }
  if (!headerDifference.empty()) return headerDifference;
  return "rewritten trace differs outside the chunk payloads";
}

}  // namespace dynrr::fuzz
