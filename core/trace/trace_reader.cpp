// trace_reader.cpp — see trace_reader.h.
#include "core/trace/trace_reader.h"

#include <fcntl.h>
#include <kj/exception.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>

#include "core/support/assert.h"
#include "core/trace/content_hash.h"
#include "core/trace/field_walk.h"
#include "core/trace/read_watermark.h"

namespace dynrr::trace {

namespace {
thread_local ObjRef tHighestRefRead = 0;
inline void noteRead(ObjRef ref) {
  if (ref > tHighestRefRead) tHighestRefRead = ref;
}
}  // namespace

// Files up to this size are read into memory, larger ones mapped (openFile).
constexpr uint64_t kReadBelowBytes = uint64_t{1} << 20;

ObjRef highestRefRead() { return tHighestRefRead; }
void resetHighestRefRead() { tHighestRefRead = 0; }

struct TraceReader::State {
  std::string name;
  // Exactly one of these owns the bytes.
  void* mapping = nullptr;
  size_t mappingSize = 0;
  kj::Array<capnp::word> owned;
  const unsigned char* data = nullptr;
  uint64_t size = 0;

  std::vector<std::unique_ptr<capnp::FlatArrayMessageReader>> messages;
  std::vector<ChunkInfo> eventChunks;
  std::vector<schema::CompileEvent::Reader> events;
  std::vector<schema::Object::Reader> heap;  // heap[i] is object id i + 1
  schema::TraceHeader::Reader header;
  std::string warning;

  ~State() {
    messages.clear();
    if (mapping != nullptr) ::munmap(mapping, mappingSize);
  }
};

namespace {

std::string where(const std::string& name, size_t chunk, uint64_t offset) {
  return name + ": chunk " + std::to_string(chunk) + " at offset " + std::to_string(offset);
}

// Checks every ObjRef an object holds against `limit` (the largest valid id).
[[gnu::cold, gnu::noinline]] bool badRef(ObjRef r, ObjRef limit, const char* field,
                                         std::string& bad) {
  bad = std::string(field) + " refers to object " + std::to_string(r) + " (valid: 1.." +
        std::to_string(limit) + ")";
  return false;
}

bool refsInRange(schema::Object::Reader obj, ObjRef limit, std::string& bad) {
  auto ok = [&](ObjRef r, bool allowZero, const char* field) {
    if ((r == 0 && allowZero) || (r >= 1 && r <= limit)) [[likely]]
      return true;
    return badRef(r, limit, field, bad);
  };
  auto all = [&](capnp::List<uint32_t>::Reader refs, const char* field) {
    for (ObjRef r : refs) {
      if (!ok(r, false, field)) return false;
    }
    return true;
  };
  auto attrs = [&](capnp::List<schema::Attr>::Reader list, const char* field) {
    for (auto a : list) {
      if (!ok(a.getValue(), false, field)) return false;
    }
    return true;
  };
  using W = schema::Object::Which;
  switch (obj.which()) {
    case W::TUPLE: return all(obj.getTuple(), "tuple item");
    case W::LIST: return all(obj.getList(), "list item");
    case W::SET: return all(obj.getSet(), "set item");
    case W::FROZENSET: return all(obj.getFrozenset(), "frozenset item");
    case W::DICT:
      for (auto e : obj.getDict()) {
        if (!ok(e.getKey(), false, "dict key") || !ok(e.getValue(), false, "dict value")) {
          return false;
        }
      }
      return ok(obj.getCls(), true, "dict class");
    case W::SLICE: {
      auto s = obj.getSlice();
      return ok(s.getStart(), false, "slice start") && ok(s.getStop(), false, "slice stop") &&
             ok(s.getStep(), false, "slice step");
    }
    case W::CODE: return all(obj.getCode().getConsts(), "code constant");
    case W::FUNCTION: {
      auto f = obj.getFunction();
      return ok(f.getCode(), false, "function code") &&
             ok(f.getDefaults(), true, "function defaults") &&
             ok(f.getKwdefaults(), true, "function kwdefaults") &&
             all(f.getClosure(), "function closure") &&
             ok(f.getGlobals(), true, "function globals") && attrs(f.getAttrs(), "function attr") &&
             ok(f.getWrapped(), true, "function __wrapped__") &&
             ok(f.getAnnotations(), true, "function __annotations__");
    }
    case W::CELL: return ok(obj.getCell().getContents(), true, "cell contents");
    case W::MODULE: return attrs(obj.getModule().getAttrs(), "module attr");
    case W::CLASS: {
      auto c = obj.getClass();
      return all(c.getBases(), "class base") && all(c.getMro(), "class mro") &&
             attrs(c.getAttrs(), "class attr") && ok(c.getMetaclassRef(), true, "metaclass");
    }
    case W::INSTANCE: {
      auto i = obj.getInstance();
      return ok(i.getClass(), false, "instance class") && attrs(i.getAttrs(), "instance attr") &&
             attrs(i.getSlots(), "instance slot");
    }
    case W::BOUND_METHOD: {
      auto m = obj.getBoundMethod();
      return ok(m.getSelf(), false, "method self") && ok(m.getFunction(), false, "method function");
    }
    case W::CALLABLE: return ok(obj.getCallable().getSelf(), true, "builtin method __self__");
    case W::TENSOR: {
      auto t = obj.getTensor();
      return ok(t.getMeta(), false, "tensor meta") && ok(t.getViewBase(), true, "tensor base") &&
             attrs(t.getAttrs(), "tensor attr");
    }
    case W::NDARRAY: {
      auto t = obj.getNdarray();
      return ok(t.getMeta(), false, "ndarray meta") && ok(t.getViewBase(), true, "ndarray base") &&
             attrs(t.getAttrs(), "ndarray attr");
    }
    case W::ENUM: {
      auto e = obj.getEnum();
      return ok(e.getClass(), false, "enum class") && ok(e.getValue(), true, "enum value");
    }
    default: return true;
  }
}

bool eventRefsInRange(schema::CompileEvent::Reader event, ObjRef limit, std::string& bad) {
  auto ok = [&](ObjRef r, const char* field) {
    if (r <= limit) return true;
    bad = std::string(field) + " refers to object " + std::to_string(r) + " (valid: 1.." +
          std::to_string(limit) + ")";
    return false;
  };
  auto frame = event.getFrame();
  if (!ok(frame.getCode(), "frame code") || !ok(frame.getGlobals(), "frame globals") ||
      !ok(frame.getBuiltins(), "frame builtins") || !ok(frame.getFunction(), "frame function")) {
    return false;
  }
  for (auto nv : frame.getLocals()) {
    if (!ok(nv.getValue(), "frame local")) return false;
  }
  for (auto nv : frame.getCells()) {
    if (!ok(nv.getValue(), "frame cell")) return false;
  }
  for (auto nv : frame.getImports()) {
    if (!ok(nv.getValue(), "frame import")) return false;
  }
  return ok(event.getReference().getGeneratedCode(), "generated code");
}

// Every pointer of a chunk's message, and every field the schema reaches, checked once
// (field_walk.h): after this no read a consumer makes can fail. Null when valid.
std::optional<std::string> malformed(kj::ArrayPtr<const capnp::word> words, ChunkRoot root,
                                     const capnp::ReaderOptions& ro) {
  uint64_t budget = words.size() * 8 + 1024;
  WireFault fault =
      checkMessage(words, root, WalkLimits{ro.traversalLimitInWords, ro.nestingLimit}, budget);
  if (!fault) return std::nullopt;
  return std::string(": malformed Cap'n Proto message: ") + fault.what + " (segment " +
         std::to_string(fault.segment) + ", word " + std::to_string(fault.word) + ")";
}

}  // namespace

TraceReader::TraceReader(std::unique_ptr<State> state) : state_(std::move(state)) {}
TraceReader::TraceReader(TraceReader&&) noexcept = default;
TraceReader& TraceReader::operator=(TraceReader&&) noexcept = default;
TraceReader::~TraceReader() = default;

Expected<TraceReader> TraceReader::openFile(const std::string& path, ReaderOptions options) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Error(path + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    return Error(path + ": cannot stat: " + std::strerror(err));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return Error(path + ": not a regular file");
  }
  auto state = std::make_unique<State>();
  state->name = path;
  state->size = static_cast<uint64_t>(st.st_size);
  if (state->size > 0 && state->size <= kReadBelowBytes) {
    // A small file costs less to copy once than to map (page faults, and the unmap's
    // TLB flush): most traces are tens of kilobytes.
    state->owned = kj::heapArray<capnp::word>((state->size + 7) / 8);
    auto* out = reinterpret_cast<char*>(state->owned.begin());
    uint64_t done = 0;
    while (done < state->size) {
      ssize_t n = ::read(fd, out + done, state->size - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        int err = n < 0 ? errno : 0;
        ::close(fd);
        return Error(path + ": cannot read: " +
                     (n < 0 ? std::strerror(err) : "the file shrank while it was read"));
      }
      done += static_cast<uint64_t>(n);
    }
    state->data = reinterpret_cast<const unsigned char*>(out);
  } else if (state->size > 0) {
    void* m = ::mmap(nullptr, state->size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (m == MAP_FAILED) {
      int err = errno;
      ::close(fd);
      return Error(path + ": cannot mmap: " + std::strerror(err));
    }
    state->mapping = m;
    state->mappingSize = state->size;
    state->data = static_cast<const unsigned char*>(m);
  }
  ::close(fd);
  return parse(std::move(state), options);
}

Expected<TraceReader> TraceReader::fromBytes(const std::string& bytes, ReaderOptions options,
                                             std::string name) {
  auto state = std::make_unique<State>();
  state->name = std::move(name);
  state->owned = kj::heapArray<capnp::word>((bytes.size() + 7) / 8);
  if (!bytes.empty()) std::memcpy(state->owned.begin(), bytes.data(), bytes.size());
  state->data = reinterpret_cast<const unsigned char*>(state->owned.begin());
  state->size = bytes.size();
  return parse(std::move(state), options);
}

Expected<TraceReader> TraceReader::parse(std::unique_ptr<State> st, ReaderOptions options) {
  const std::string& name = st->name;
  if (st->size < sizeof(FileHeader)) {
    return Error(name + ": not a dynrr trace (file is " + std::to_string(st->size) +
                 " bytes, shorter than the 16-byte file header)");
  }
  FileHeader fh{};
  std::memcpy(&fh, st->data, sizeof(fh));
  if (std::memcmp(fh.magic, kFileMagic, sizeof(fh.magic)) != 0) {
    return Error(name + ": not a dynrr trace (bad magic at offset 0)");
  }
  if (fh.framingVersion != kFramingVersion) {
    return Error(name + ": unsupported framing version " + std::to_string(fh.framingVersion) +
                 " at offset 8 (this reader knows " + std::to_string(kFramingVersion) + ")");
  }

  uint64_t offset = sizeof(FileHeader);
  size_t chunkIndex = 0;
  ObjRef nextId = 1;
  bool haveHeader = false;
  while (offset < st->size) {
    // Where this chunk is, for messages: built only when one is needed.
    auto at = [&] { return where(name, chunkIndex, offset); };
    uint64_t remaining = st->size - offset;
    auto truncated = [&](const std::string& what) -> Expected<TraceReader> {
      return Error(at() + ": truncated trace: " + what);
    };
    if (remaining < sizeof(ChunkHeader)) {
      if (options.allowTruncatedTail && (haveHeader || chunkIndex == 0)) {
        st->warning = at() + ": incomplete final chunk header (" + std::to_string(remaining) +
                      " bytes) dropped; the recording was probably interrupted";
        break;
      }
      return truncated("chunk header needs 24 bytes, " + std::to_string(remaining) + " left");
    }
    ChunkHeader ch{};
    std::memcpy(&ch, st->data + offset, sizeof(ch));
    if (ch.magic != kChunkMagic) return Error(at() + ": bad chunk magic (corrupt trace)");
    if (ch.kind != static_cast<uint32_t>(ChunkKind::kHeader) &&
        ch.kind != static_cast<uint32_t>(ChunkKind::kEvent)) {
      return Error(at() + ": unknown chunk kind " + std::to_string(ch.kind));
    }
    if (ch.payloadBytes % 8 != 0 || ch.payloadBytes == 0 || ch.payloadBytes > kMaxChunkBytes) {
      return Error(at() + ": invalid chunk size " + std::to_string(ch.payloadBytes));
    }
    if (ch.payloadBytes > remaining - sizeof(ChunkHeader)) {
      if (options.allowTruncatedTail && (haveHeader || chunkIndex == 0)) {
        st->warning = at() + ": incomplete final chunk (" +
                      std::to_string(remaining - sizeof(ChunkHeader)) + " of " +
                      std::to_string(ch.payloadBytes) +
                      " payload bytes) dropped; the recording was probably interrupted";
        break;
      }
      return truncated("chunk payload needs " + std::to_string(ch.payloadBytes) + " bytes, " +
                       std::to_string(remaining - sizeof(ChunkHeader)) + " left");
    }
    const unsigned char* payload = st->data + offset + sizeof(ChunkHeader);
    if (checksum64(payload, ch.payloadBytes) != ch.checksum) {
      return Error(at() + ": checksum mismatch (corrupt trace)");
    }
    bool isHeader = ch.kind == static_cast<uint32_t>(ChunkKind::kHeader);
    if (isHeader == haveHeader) {
      return Error(at() + (isHeader ? ": second header chunk" : ": event chunk before the header"));
    }

    capnp::ReaderOptions ro;
    uint64_t words = ch.payloadBytes / 8;
    ro.traversalLimitInWords = std::max(options.minTraversalWords, words * options.traversalFactor);
    ro.nestingLimit = options.nestingLimit;
    std::string bad;
    kj::ArrayPtr<const capnp::word> wordsIn(reinterpret_cast<const capnp::word*>(payload), words);
    try {
      auto message = std::make_unique<capnp::FlatArrayMessageReader>(wordsIn, ro);
      if (isHeader) {
        if (auto bad = malformed(wordsIn, ChunkRoot::kTraceHeader, ro)) return Error(at() + *bad);
        auto header = message->getRoot<schema::TraceHeader>();
        if (header.getMinReaderVersion() > kReaderVersion) {
          return Error(at() + ": trace format version " +
                       std::to_string(header.getFormatVersion()) + " needs reader version " +
                       std::to_string(header.getMinReaderVersion()) + "; this dynrr reads up to " +
                       std::to_string(kReaderVersion));
        }
        if (header.getMinReaderVersion() == 0 ||
            header.getMinReaderVersion() > header.getFormatVersion()) {
          return Error(at() + ": invalid header versions (format " +
                       std::to_string(header.getFormatVersion()) + ", min reader " +
                       std::to_string(header.getMinReaderVersion()) + ")");
        }
        st->header = header;
        haveHeader = true;
      } else {
        if (auto bad = malformed(wordsIn, ChunkRoot::kEventChunk, ro)) return Error(at() + *bad);
        auto chunk = message->getRoot<schema::EventChunk>();
        // Every object a writer stores takes at least one word; a list of zero-sized
        // structs (which Cap'n Proto accepts at no cost) would amplify a few bytes into
        // millions of heap objects.
        if (chunk.getObjects().size() > words) {
          return Error(at() + ": " + std::to_string(chunk.getObjects().size()) +
                       " objects in a chunk of " + std::to_string(words) +
                       " words (corrupt trace)");
        }
        if (chunk.getFirstObjectId() != nextId) {
          return Error(at() + ": objects start at id " + std::to_string(chunk.getFirstObjectId()) +
                       ", expected " + std::to_string(nextId));
        }
        auto objects = chunk.getObjects();
        if (objects.size() > std::numeric_limits<ObjRef>::max() - nextId) {
          return Error(at() + ": too many objects");
        }
        ObjRef limit = nextId + objects.size() - 1;
        size_t firstNew = st->heap.size();
        if (firstNew + objects.size() > st->heap.capacity()) {
          st->heap.reserve(std::max(firstNew + objects.size(), 2 * st->heap.capacity()));
        }
        for (auto object : objects) st->heap.push_back(object);
        for (unsigned i = 0; i < objects.size(); ++i) {
          if (!refsInRange(st->heap[firstNew + i], limit, bad)) {
            return Error(at() + ": object " + std::to_string(nextId + i) + ": " + bad);
          }
        }
        if (!eventRefsInRange(chunk.getEvent(), limit, bad)) return Error(at() + ": event: " + bad);
        nextId = limit + 1;
        st->events.push_back(chunk.getEvent());
        st->eventChunks.push_back(ChunkInfo{offset, ch.payloadBytes, ChunkKind::kEvent});
      }
      st->messages.push_back(std::move(message));
    } catch (const kj::Exception& e) {
      return Error(at() + ": malformed Cap'n Proto message: " + e.getDescription().cStr());
    }
    offset += sizeof(ChunkHeader) + ch.payloadBytes;
    ++chunkIndex;
  }
  if (!haveHeader) {
    if (st->size == sizeof(FileHeader) && options.allowTruncatedTail) {
      st->warning = name +
                    ": the file ends after its 16-byte file header; the recording was "
                    "probably interrupted before its first event";
    }
    // Interrupted while writing the header chunk: no event was complete. The trace reads
    // as empty (header() has default values), with the warning saying why.
    if (st->warning.empty()) return Error(name + ": trace has no header chunk (offset 16)");
  }
  return TraceReader(std::move(st));
}

const std::string& TraceReader::name() const { return state_->name; }
schema::TraceHeader::Reader TraceReader::header() const { return state_->header; }
size_t TraceReader::eventCount() const { return state_->events.size(); }
schema::DynamoConfig::Reader TraceReader::configOf(schema::CompileEvent::Reader event) const {
  return event.hasConfig() ? event.getConfig() : header().getConfig();
}

schema::CompileEvent::Reader TraceReader::event(size_t index) const {
  DYNRR_ASSERT(index < state_->events.size(), index, state_->events.size());
  return state_->events[index];
}
const ChunkInfo& TraceReader::eventChunk(size_t index) const {
  DYNRR_ASSERT(index < state_->eventChunks.size(), index);
  return state_->eventChunks[index];
}
uint32_t TraceReader::objectCount() const { return static_cast<uint32_t>(state_->heap.size()); }
Expected<schema::Object::Reader> TraceReader::object(ObjRef ref) const {
  if (!validRef(ref)) {
    return Error(state_->name + ": object " + std::to_string(ref) + " does not exist (heap has " +
                 std::to_string(objectCount()) + " objects)");
  }
  noteRead(ref);
  return state_->heap[ref - 1];
}
schema::Object::Reader TraceReader::objectUnchecked(ObjRef ref) const {
  DYNRR_ASSERT(validRef(ref), ref, objectCount());
  noteRead(ref);
  return state_->heap[ref - 1];
}
const std::string& TraceReader::warning() const { return state_->warning; }
uint64_t TraceReader::fileBytes() const { return state_->size; }

}  // namespace dynrr::trace
