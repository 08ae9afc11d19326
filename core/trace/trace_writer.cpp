// trace_writer.cpp — see trace_writer.h.
#include "core/trace/trace_writer.h"

#include <capnp/serialize.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/support/assert.h"

namespace dynrr::trace {
namespace {

class FileSink final : public ChunkSink {
 public:
  FileSink(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  ~FileSink() override { ::close(fd_); }
  Status write(const void* data, size_t size) override {
    const char* p = static_cast<const char*>(data);
    while (size > 0) {
      ssize_t n = ::write(fd_, p, size);
      if (n < 0) {
        if (errno == EINTR) continue;
        return Error(path_ + ": write failed: " + std::strerror(errno));
      }
      p += n;
      size -= static_cast<size_t>(n);
    }
    return Status::success();
  }

 private:
  int fd_;
  std::string path_;
};

class MemorySink final : public ChunkSink {
 public:
  Status write(const void* data, size_t size) override {
    bytes_.append(static_cast<const char*>(data), size);
    return Status::success();
  }
  std::string bytes_;
};

// Scratch messages are replaced after this many interns, bounding their garbage.
constexpr size_t kScratchRecycle = 512;

}  // namespace

// ------------------------------------------------------------------ EventBuilder

EventBuilder::EventBuilder(TraceWriter& writer, ObjRef firstId)
    : writer_(writer), firstId_(firstId) {
  event_ = staging_.getOrphanage().newOrphan<schema::CompileEvent>();
}

ObjRef EventBuilder::addOrphan(capnp::Orphan<schema::Object>&& orphan) {
  objects_.push_back(std::move(orphan));
  return firstId_ + static_cast<ObjRef>(objects_.size() - 1);
}

EventBuilder::NewObject EventBuilder::newObject(uint64_t identity) {
  DYNRR_ASSERT(identity != 0, "per-event objects need an identity token");
  auto orphan = staging_.getOrphanage().newOrphan<schema::Object>();
  auto builder = orphan.get();
  builder.setIdentity(identity);
  ObjRef ref = addOrphan(std::move(orphan));
  return NewObject{ref, builder};
}

schema::Object::Builder EventBuilder::scratch() {
  if (!scratchMessage_ || scratchUses_ >= kScratchRecycle) {
    scratchObject_ = capnp::Orphan<schema::Object>();
    scratchMessage_ = std::make_unique<capnp::MallocMessageBuilder>(64);
    scratchUses_ = 0;
  }
  ++scratchUses_;
  scratchObject_ = scratchMessage_->getOrphanage().newOrphan<schema::Object>();
  return scratchObject_.get();
}

ObjRef EventBuilder::intern() {
  DYNRR_ASSERT(scratchObject_ != nullptr, "intern() without scratch()");
  auto reader = scratchObject_.getReader();
  DYNRR_ASSERT(reader.getIdentity() == 0, "interned objects carry no identity");
  kj::Array<capnp::word> canonical = capnp::canonicalize(reader);
  ContentHash key = hashBytes(canonical.begin(), canonical.size() * sizeof(capnp::word));
  auto found = writer_.interned_.find(key);
  if (found != writer_.interned_.end()) {
    scratchObject_ = capnp::Orphan<schema::Object>();
    return found->second;
  }
  auto copy = staging_.getOrphanage().newOrphanCopy(reader);
  scratchObject_ = capnp::Orphan<schema::Object>();
  ObjRef ref = addOrphan(std::move(copy));
  writer_.interned_.emplace(key, ref);
  internedHere_.push_back(key);
  return ref;
}

ObjRef EventBuilder::none() {
  scratch().setNone();
  return intern();
}
ObjRef EventBuilder::ellipsis() {
  scratch().setEllipsis();
  return intern();
}
ObjRef EventBuilder::boolean(bool value) {
  scratch().setBool(value);
  return intern();
}
ObjRef EventBuilder::integer(int64_t value) {
  scratch().setInt(value);
  return intern();
}
ObjRef EventBuilder::floating(double value) {
  scratch().setFloat(value);
  return intern();
}
ObjRef EventBuilder::str(std::string_view value) {
  scratch().setStr(capnp::Text::Reader(value.data(), value.size()));
  return intern();
}
ObjRef EventBuilder::bytes(std::string_view value) {
  scratch().setBytes(
      capnp::Data::Reader(reinterpret_cast<const capnp::byte*>(value.data()), value.size()));
  return intern();
}
ObjRef EventBuilder::tuple(const std::vector<ObjRef>& items) {
  auto list = scratch().initTuple(static_cast<unsigned>(items.size()));
  for (unsigned i = 0; i < items.size(); ++i) list.set(i, items[i]);
  return intern();
}

// ------------------------------------------------------------------ TraceWriter

TraceWriter::TraceWriter(std::unique_ptr<ChunkSink> sink) : sink_(std::move(sink)) {}
TraceWriter::~TraceWriter() = default;

Expected<std::unique_ptr<TraceWriter>> TraceWriter::createFile(const std::string& path,
                                                               const HeaderFiller& fill) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Error(path + ": cannot create trace: " + std::strerror(errno));
  std::unique_ptr<TraceWriter> writer(new TraceWriter(std::make_unique<FileSink>(fd, path)));
  if (Status s = writer->writeHeader(fill); !s) return s.error();
  return writer;
}

Expected<std::unique_ptr<TraceWriter>> TraceWriter::createInMemory(const HeaderFiller& fill) {
  std::unique_ptr<TraceWriter> writer(new TraceWriter(std::make_unique<MemorySink>()));
  if (Status s = writer->writeHeader(fill); !s) return s.error();
  return writer;
}

const std::string& TraceWriter::bytes() const {
  static const std::string kEmpty;
  auto* memory = dynamic_cast<MemorySink*>(sink_.get());
  return memory ? memory->bytes_ : kEmpty;
}

Status TraceWriter::writeHeader(const HeaderFiller& fill) {
  FileHeader fh{};
  std::memcpy(fh.magic, kFileMagic, sizeof(fh.magic));
  fh.framingVersion = kFramingVersion;
  fh.reserved = 0;
  if (Status s = sink_->write(&fh, sizeof(fh)); !s) return s;
  bytesWritten_ += sizeof(fh);
  capnp::MallocMessageBuilder staging;
  auto header = staging.initRoot<schema::TraceHeader>();
  if (fill) fill(header);
  header.setFormatVersion(kFormatVersion);
  header.setMinReaderVersion(schema::MIN_READER_VERSION);
  // Copy into a fresh message (as finishEvent does): the copy lays the header out in
  // schema order, so the bytes depend on the content only, not on the order `fill` set
  // the fields or on garbage it left behind.
  capnp::MallocMessageBuilder out(static_cast<unsigned>(staging.sizeInWords() + 64));
  out.setRoot(header.asReader());
  return writeChunk(ChunkKind::kHeader, out);
}

Status TraceWriter::writeChunk(ChunkKind kind, capnp::MessageBuilder& message) {
  kj::Array<capnp::word> words = capnp::messageToFlatArray(message);
  size_t payloadBytes = words.size() * sizeof(capnp::word);
  ChunkHeader ch{};
  ch.magic = kChunkMagic;
  ch.kind = static_cast<uint32_t>(kind);
  ch.payloadBytes = payloadBytes;
  ch.checksum = checksum64(words.begin(), payloadBytes);
  // One buffer, one write: a chunk is either entirely in the file or torn at the end.
  std::string buffer;
  buffer.resize(sizeof(ch) + payloadBytes);
  std::memcpy(buffer.data(), &ch, sizeof(ch));
  std::memcpy(buffer.data() + sizeof(ch), words.begin(), payloadBytes);
  if (Status s = sink_->write(buffer.data(), buffer.size()); !s) return s;
  bytesWritten_ += buffer.size();
  return Status::success();
}

EventBuilder& TraceWriter::beginEvent() {
  DYNRR_ASSERT(open_ == nullptr, "beginEvent() while an event is open");
  open_.reset(new EventBuilder(*this, nextId_));
  return *open_;
}

void TraceWriter::abandonEvent() {
  if (!open_) return;
  for (const ContentHash& key : open_->internedHere_) interned_.erase(key);
  open_.reset();
}

Status TraceWriter::finishEvent() {
  DYNRR_ASSERT(open_ != nullptr, "finishEvent() without beginEvent()");
  EventBuilder& eb = *open_;
  // Copy into a fresh message so the chunk holds no garbage from staging.
  uint64_t words = eb.staging_.sizeInWords();
  capnp::MallocMessageBuilder out(static_cast<unsigned>(words + 64));
  auto chunk = out.initRoot<schema::EventChunk>();
  chunk.setFirstObjectId(eb.firstId_);
  auto objects = chunk.initObjects(static_cast<unsigned>(eb.objects_.size()));
  for (unsigned i = 0; i < eb.objects_.size(); ++i) {
    objects.setWithCaveats(i, eb.objects_[i].getReader());
  }
  eb.event_.get().setIndex(eventCount_);
  chunk.setEvent(eb.event_.getReader());
  Status status = writeChunk(ChunkKind::kEvent, out);
  if (!status) {
    abandonEvent();
    return status;
  }
  nextId_ += static_cast<ObjRef>(eb.objects_.size());
  ++eventCount_;
  open_.reset();
  return Status::success();
}

}  // namespace dynrr::trace
