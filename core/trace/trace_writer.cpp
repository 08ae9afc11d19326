// trace_writer.cpp — see trace_writer.h.
#include "core/trace/trace_writer.h"

#include <capnp/serialize.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "core/support/assert.h"

namespace dynrr::trace {
namespace {

int64_t gBytesUntilFailure = -1;  // injectWriteFailureForTesting

ssize_t writeSome(int fd, const char* p, size_t n) {
  if (gBytesUntilFailure >= 0) {
    if (gBytesUntilFailure == 0) {
      errno = ENOSPC;
      return -1;
    }
    n = std::min<size_t>(n, static_cast<size_t>(gBytesUntilFailure));
    ssize_t done = ::write(fd, p, n);
    if (done > 0) gBytesUntilFailure -= done;
    return done;
  }
  return ::write(fd, p, n);
}

// Writes each chunk with one write() at the end of the file. A failed write (a full disk,
// an I/O error) is undone: the file is cut back to where the chunk began, so the trace
// stays readable up to its last complete event and later events can still be appended.
// A chunk that would pass the process's file size limit (RLIMIT_FSIZE) is refused before
// writing: the kernel would otherwise send SIGXFSZ, which kills the recorded program.
class FileSink final : public ChunkSink {
 public:
  FileSink(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  ~FileSink() override { ::close(fd_); }
  Status write(const void* data, size_t size) override {
    if (!broken_.empty()) {
      return Error(path_ + ": not written: an earlier failed write could not be undone (" +
                   broken_ + ")");
    }
    struct rlimit limit {};
    if (::getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
        end_ + size > limit.rlim_cur) {
      return Error(path_ + ": not written: the chunk of " + std::to_string(size) +
                   " bytes would pass the process's file size limit (RLIMIT_FSIZE, " +
                   std::to_string(limit.rlim_cur) + " bytes)");
    }
    const char* p = static_cast<const char*>(data);
    size_t left = size;
    while (left > 0) {
      ssize_t n = writeSome(fd_, p, left);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        std::string why = n < 0 ? std::strerror(errno) : "no progress";
        undo();
        return Error(path_ + ": write failed: " + why + "; the partial chunk was removed");
      }
      p += n;
      left -= static_cast<size_t>(n);
    }
    end_ += size;
    return Status::success();
  }

 private:
  void undo() {
    if (::ftruncate(fd_, static_cast<off_t>(end_)) != 0 ||
        ::lseek(fd_, static_cast<off_t>(end_), SEEK_SET) < 0) {
      broken_ = std::strerror(errno);
    }
  }

  int fd_;
  std::string path_;
  uint64_t end_ = 0;    // bytes of complete chunks (and the file header) in the file
  std::string broken_;  // why the file could not be cut back after a failed write
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

void injectWriteFailureForTesting(int64_t bytes) { gBytesUntilFailure = bytes; }

}  // namespace dynrr::trace
