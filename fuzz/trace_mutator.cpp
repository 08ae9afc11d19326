// trace_mutator.cpp — see trace_mutator.h.
#include "fuzz/trace_mutator.h"

#include <capnp/dynamic.h>
#include <capnp/message.h>
#include <capnp/orphan.h>
#include <capnp/serialize.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <limits>

#include "core/trace/content_hash.h"
#include "core/trace/trace.capnp.h"
#include "core/trace/trace_format.h"

namespace dynrr::fuzz {
namespace {

namespace schema = dynrr::schema;
using trace::ChunkHeader;
using trace::ChunkKind;

capnp::StructSchema rootSchema(uint32_t kind) {
  if (kind == static_cast<uint32_t>(ChunkKind::kHeader)) {
    return capnp::Schema::from<schema::TraceHeader>();
  }
  return capnp::Schema::from<schema::EventChunk>();
}

kj::Array<capnp::word> aligned(const std::string& payload) {
  auto words = kj::heapArray<capnp::word>(payload.size() / 8);
  if (!payload.empty()) std::memcpy(words.begin(), payload.data(), words.size() * 8);
  return words;
}

std::string toBytes(capnp::MessageBuilder& builder) {
  kj::Array<capnp::word> words = capnp::messageToFlatArray(builder);
  return std::string(reinterpret_cast<const char*>(words.begin()), words.size() * 8);
}

capnp::ReaderOptions lenientOptions() {
  capnp::ReaderOptions ro;
  ro.traversalLimitInWords = uint64_t{1} << 26;
  ro.nestingLimit = 64;
  return ro;
}

// Names that mean something to the core, for text fields.
constexpr const char* kWords[] = {
    "",          "x",           "self",          "forward",  "__init__",
    "__class__", "__dict__",    "_modules",      "torch",    "torch.nn.modules.module",
    "builtins",  "_parameters", "_buffers",      "float32",  "torch.float64",
    "cpu",       "meta",        "int",           "list",     "tuple",
    "dict",      "Tensor",      "0/0",           "__call__", "__getattr__",
    "__iter__",  "append",      "torch.float16", "strided"};

// Byte patterns for integers, cast to the field's width by the caller.
constexpr uint64_t kInts[] = {0,
                              1,
                              2,
                              3,
                              7,
                              8,
                              15,
                              16,
                              31,
                              32,
                              63,
                              64,
                              100,
                              127,
                              128,
                              255,
                              256,
                              1000,
                              4096,
                              65535,
                              65536,
                              1u << 20,
                              1000000,
                              0x7fffffff,
                              0x80000000u,
                              0xffffffffu,
                              uint64_t{1} << 40,
                              uint64_t{0x7fffffffffffffff},
                              uint64_t{0x8000000000000000},
                              ~uint64_t{0}};

}  // namespace

FramedTrace splitTrace(std::string_view bytes) {
  FramedTrace t;
  size_t headerBytes = std::min(bytes.size(), sizeof(trace::FileHeader));
  t.fileHeader = std::string(bytes.substr(0, headerBytes));
  size_t offset = headerBytes;
  while (offset < bytes.size()) {
    size_t remaining = bytes.size() - offset;
    if (remaining < sizeof(ChunkHeader)) break;
    ChunkHeader ch{};
    std::memcpy(&ch, bytes.data() + offset, sizeof(ch));
    if (ch.magic != trace::kChunkMagic || ch.payloadBytes % 8 != 0 ||
        ch.payloadBytes > remaining - sizeof(ChunkHeader)) {
      break;
    }
    t.chunks.push_back({ch.kind, std::string(bytes.substr(offset + sizeof(ch), ch.payloadBytes))});
    offset += sizeof(ch) + ch.payloadBytes;
  }
  t.tail = std::string(bytes.substr(offset));
  return t;
}

std::string joinTrace(const FramedTrace& t) {
  std::string out = t.fileHeader;
  for (const auto& c : t.chunks) {
    ChunkHeader ch{};
    ch.magic = trace::kChunkMagic;
    ch.kind = c.kind;
    ch.payloadBytes = c.payload.size();
    ch.checksum = trace::checksum64(c.payload.data(), c.payload.size());
    out.append(reinterpret_cast<const char*>(&ch), sizeof(ch));
    out += c.payload;
  }
  out += t.tail;
  return out;
}

void renumberObjects(FramedTrace& t) {
  uint64_t next = 1;
  for (auto& c : t.chunks) {
    if (c.kind != static_cast<uint32_t>(ChunkKind::kEvent)) continue;
    try {
      auto words = aligned(c.payload);
      capnp::FlatArrayMessageReader reader(words, lenientOptions());
      auto chunk = reader.getRoot<schema::EventChunk>();
      uint64_t count = chunk.getObjects().size();
      if (chunk.getFirstObjectId() != next) {
        capnp::MallocMessageBuilder builder;
        builder.setRoot(chunk);
        builder.getRoot<schema::EventChunk>().setFirstObjectId(static_cast<uint32_t>(next));
        c.payload = toBytes(builder);
      }
      next += count;
    } catch (const kj::Exception&) {
      // Leave an undecodable chunk as it is: the reader reports it.
    }
  }
}

namespace {

// One schema-guided mutation inside a decoded message.
class SchemaMutation {
 public:
  SchemaMutation(std::mt19937_64& rng, uint64_t maxRef) : rng_(rng), maxRef_(maxRef) {}

  void mutateStruct(capnp::DynamicStruct::Builder s, int depth) {
    auto schema = s.getSchema();
    auto unionFields = schema.getUnionFields();
    if (unionFields.size() > 1 && chance(0.06)) {
      auto f = unionFields[static_cast<unsigned>(pick(unionFields.size()))];
      s.clear(f);  // switches the union: the object's kind now contradicts its use
      path_ += "." + std::string(f.getProto().getName().cStr()) + " (union switched)";
      return;
    }
    std::vector<capnp::StructSchema::Field> fields;
    for (auto f : schema.getNonUnionFields()) fields.push_back(f);
    KJ_IF_MAYBE (active, s.which()) {
      fields.push_back(*active);
    }
    if (fields.empty()) return;
    auto f = fields[pick(fields.size())];
    path_ += "." + std::string(f.getProto().getName().cStr());
    auto type = f.getType();
    switch (type.which()) {
      case capnp::schema::Type::VOID: return;
      case capnp::schema::Type::BOOL: s.set(f, !s.get(f).as<bool>()); return;
      case capnp::schema::Type::STRUCT:
        if (depth < 24) mutateStruct(s.get(f).as<capnp::DynamicStruct>(), depth + 1);
        return;
      case capnp::schema::Type::LIST: mutateList(s, f, depth); return;
      case capnp::schema::Type::TEXT: s.set(f, storeText(s.get(f).as<capnp::Text>())); return;
      case capnp::schema::Type::DATA: {
        auto d = s.get(f).as<capnp::Data>();
        s.set(f, capnp::Data::Reader(storeData(d.asReader())));
        return;
      }
      case capnp::schema::Type::ENUM: s.set(f, newEnum(type.asEnum())); return;
      case capnp::schema::Type::ANY_POINTER:
      case capnp::schema::Type::INTERFACE: return;
      default: s.set(f, newScalar(type, s.get(f).asReader())); return;
    }
  }

  const std::string& path() const { return path_; }

 private:
  size_t pick(size_t n) {
    return n == 0 ? 0 : std::uniform_int_distribution<size_t>(0, n - 1)(rng_);
  }
  bool chance(double p) { return std::bernoulli_distribution(p)(rng_); }

  void mutateList(capnp::DynamicStruct::Builder s, capnp::StructSchema::Field f, int depth) {
    auto list = s.get(f).as<capnp::DynamicList>();
    auto elem = list.getSchema().getElementType();
    uint32_t n = list.size();
    if (n > 0 && chance(0.7)) {
      uint32_t i = static_cast<uint32_t>(pick(n));
      path_ += "[" + std::to_string(i) + "]";
      switch (elem.which()) {
        case capnp::schema::Type::STRUCT:
          if (depth < 24) mutateStruct(list[i].as<capnp::DynamicStruct>(), depth + 1);
          return;
        case capnp::schema::Type::TEXT: list.set(i, storeText(list[i].as<capnp::Text>())); return;
        case capnp::schema::Type::DATA:
          list.set(i, capnp::Data::Reader(storeData(list[i].as<capnp::Data>().asReader())));
          return;
        case capnp::schema::Type::ENUM: list.set(i, newEnum(elem.asEnum())); return;
        case capnp::schema::Type::LIST:
        case capnp::schema::Type::ANY_POINTER:
        case capnp::schema::Type::INTERFACE:
        case capnp::schema::Type::VOID: return;
        case capnp::schema::Type::BOOL: list.set(i, !list[i].as<bool>()); return;
        default: list.set(i, newScalar(elem, list[i].asReader())); return;
      }
    }
    // Resize or reorder: the old list is disowned (kept alive) and copied into a new one.
    uint32_t newSize = n;
    int op = static_cast<int>(pick(5));
    if (op == 0) newSize = 0;
    if (op == 1) newSize = n > 0 ? n - 1 : 0;
    if (op == 2) newSize = n + 1;
    if (op == 3) newSize = std::min<uint32_t>(n * 2 + 1, n + 64);
    auto orphan = s.disown(f);
    auto old = orphan.getReader().as<capnp::DynamicList>();
    auto fresh = s.init(f, newSize).as<capnp::DynamicList>();
    uint32_t swapA = static_cast<uint32_t>(pick(n)), swapB = static_cast<uint32_t>(pick(n));
    for (uint32_t i = 0; i < newSize && n > 0; ++i) {
      uint32_t from = i < n ? i : static_cast<uint32_t>(pick(n));
      if (op == 4 && i == swapA) from = swapB;
      if (op == 4 && i == swapB) from = swapA;
      if (elem.which() == capnp::schema::Type::LIST) continue;  // nested lists stay empty
      fresh.set(i, old[from]);
    }
    path_ += " (list " + std::to_string(n) + " -> " + std::to_string(newSize) +
             (op == 4 ? ", swapped)" : ")");
  }

  capnp::DynamicEnum newEnum(capnp::EnumSchema e) {
    auto enumerants = e.getEnumerants();
    if (enumerants.size() > 0 && chance(0.85)) {
      return capnp::DynamicEnum(enumerants[static_cast<unsigned>(pick(enumerants.size()))]);
    }
    return capnp::DynamicEnum(e, static_cast<uint16_t>(pick(64)));
  }

  capnp::DynamicValue::Reader newScalar(capnp::Type type, capnp::DynamicValue::Reader current) {
    using T = capnp::schema::Type;
    if (type.which() == T::FLOAT32 || type.which() == T::FLOAT64) {
      constexpr double kFloats[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1e308, -1e308, 1e-310, 3.0, 1e20};
      double v;
      int k = static_cast<int>(pick(13));
      if (k < 10)
        v = kFloats[k];
      else if (k == 10)
        v = std::numeric_limits<double>::infinity();
      else if (k == 11)
        v = std::numeric_limits<double>::quiet_NaN();
      else
        v = current.as<double>() * 2 + 1;
      if (type.which() == T::FLOAT32) return static_cast<float>(v);
      return v;
    }
    uint64_t bits;
    int k = static_cast<int>(pick(10));
    if (k < 4) {
      bits = kInts[pick(std::size(kInts))];
    } else if (k < 7 && maxRef_ > 0) {
      bits = 1 + pick(maxRef_ + 1);  // another object of the trace (or one past the end)
    } else if (k < 9) {
      int64_t delta = static_cast<int64_t>(pick(33)) - 16;
      bits = current.as<uint64_t>() + static_cast<uint64_t>(delta);
    } else {
      bits = rng_();
    }
    switch (type.which()) {
      case T::INT8: return static_cast<int8_t>(bits);
      case T::INT16: return static_cast<int16_t>(bits);
      case T::INT32: return static_cast<int32_t>(bits);
      case T::INT64: return static_cast<int64_t>(bits);
      case T::UINT8: return static_cast<uint8_t>(bits);
      case T::UINT16: return static_cast<uint16_t>(bits);
      case T::UINT32: return static_cast<uint32_t>(bits);
      default: return bits;
    }
  }

  // The new value must outlive the set() call: kept in the mutation.
  capnp::Text::Reader storeText(capnp::Text::Reader current) {
    std::string s(current.cStr(), current.size());
    switch (pick(7)) {
      case 0: s = kWords[pick(std::size(kWords))]; break;
      case 1: s = s.substr(0, pick(s.size() + 1)); break;
      case 2: s += kWords[pick(std::size(kWords))]; break;
      case 3:
        if (!s.empty()) s[pick(s.size())] = static_cast<char>(1 + pick(255));
        break;
      case 4: s = std::string(1000 + pick(4000), 'a'); break;
      case 5: s = "\xff\xfe" + s; break;
      default: s.clear(); break;
    }
    texts_.push_back(std::move(s));
    return capnp::Text::Reader(texts_.back().data(), texts_.back().size());
  }

  kj::ArrayPtr<const kj::byte> storeData(capnp::Data::Reader current) {
    std::string d(reinterpret_cast<const char*>(current.begin()), current.size());
    size_t ops = 1 + pick(3);
    for (size_t k = 0; k < ops; ++k) {
      switch (pick(6)) {
        case 0:
          if (!d.empty()) d[pick(d.size())] ^= static_cast<char>(1u << pick(8));
          break;
        case 1:
          if (!d.empty()) d[pick(d.size()) & ~size_t{1}] = static_cast<char>(pick(256));  // opcode
          break;
        case 2:
          if (d.size() >= 2) d.erase(pick(d.size() - 1) & ~size_t{1}, 2);
          break;
        case 3:
          d.insert(std::min(d.size(), pick(d.size() + 1) & ~size_t{1}),
                   std::string{static_cast<char>(pick(256)), static_cast<char>(pick(256))});
          break;
        case 4: d.resize(pick(d.size() + 1)); break;
        default:
          if (!d.empty()) d[pick(d.size()) | 1] = static_cast<char>(pick(256));  // oparg
          break;
      }
    }
    texts_.push_back(std::move(d));
    return kj::ArrayPtr<const kj::byte>(reinterpret_cast<const kj::byte*>(texts_.back().data()),
                                        texts_.back().size());
  }

  std::mt19937_64& rng_;
  uint64_t maxRef_;
  std::string path_;
  std::deque<std::string> texts_;
};

}  // namespace

TraceMutator::TraceMutator(uint32_t seed, ByteMutator bytes)
    : rng_(seed), bytes_(std::move(bytes)) {}

bool TraceMutator::mutateSchema(FramedTrace& t) {
  if (t.chunks.empty()) return false;
  // Event chunks hold nearly everything; the header is mutated one time in eight.
  size_t index = pick(t.chunks.size());
  if (t.chunks.size() > 1 && t.chunks[index].kind != static_cast<uint32_t>(ChunkKind::kEvent) &&
      !chance(0.125)) {
    index = 1 + pick(t.chunks.size() - 1);
  }
  auto& chunk = t.chunks[index];
  try {
    auto words = aligned(chunk.payload);
    capnp::FlatArrayMessageReader reader(words, lenientOptions());
    auto schema = rootSchema(chunk.kind);
    auto root = reader.getRoot<capnp::DynamicStruct>(schema);
    uint64_t maxRef = 0;
    if (chunk.kind == static_cast<uint32_t>(ChunkKind::kEvent)) {
      auto ec = reader.getRoot<schema::EventChunk>();
      maxRef = uint64_t{ec.getFirstObjectId()} + ec.getObjects().size();
    }
    capnp::MallocMessageBuilder builder;
    builder.setRoot(root);
    SchemaMutation m(rng_, maxRef);
    size_t count = 1 + pick(3);
    for (size_t k = 0; k < count; ++k) {
      m.mutateStruct(builder.getRoot<capnp::DynamicStruct>(schema), 0);
    }
    chunk.payload = toBytes(builder);
    last_ = "schema: chunk " + std::to_string(index) + m.path();
    // A resized object list shifts the ids of later chunks: renumber them, except now
    // and then, so the reader's own id check stays exercised.
    if (chance(0.95)) renumberObjects(t);
    return true;
  } catch (const kj::Exception&) {
    return false;
  }
}

bool TraceMutator::mutatePayloadBytes(FramedTrace& t) {
  if (t.chunks.empty() || !bytes_) return false;
  size_t index = pick(t.chunks.size());
  std::string& p = t.chunks[index].payload;
  size_t size = p.size();
  p.resize(size + 64);
  size_t n = bytes_(reinterpret_cast<uint8_t*>(p.data()), size, p.size());
  p.resize((std::max<size_t>(n, 8) + 7) / 8 * 8);
  last_ = "payload bytes: chunk " + std::to_string(index);
  return true;
}

bool TraceMutator::mutateChunkOrder(FramedTrace& t) {
  size_t n = t.chunks.size();
  if (n == 0) return false;
  switch (pick(4)) {
    case 0:
      if (n < 2) return false;
      t.chunks.erase(t.chunks.begin() + static_cast<long>(1 + pick(n - 1)));
      last_ = "chunks: dropped one";
      break;
    case 1: {
      size_t i = pick(n);
      t.chunks.insert(t.chunks.begin() + static_cast<long>(i), t.chunks[i]);
      last_ = "chunks: duplicated " + std::to_string(i);
      break;
    }
    case 2: {
      size_t a = pick(n), b = pick(n);
      std::swap(t.chunks[a], t.chunks[b]);
      last_ = "chunks: swapped " + std::to_string(a) + " and " + std::to_string(b);
      break;
    }
    default: {
      // Cut the file short anywhere: what a killed recording leaves.
      std::string all = joinTrace(t);
      t = splitTrace(std::string_view(all).substr(0, pick(all.size() + 1)));
      last_ = "cut short";
      return true;
    }
  }
  renumberObjects(t);
  return true;
}

std::string TraceMutator::mutate(std::string_view input, size_t maxSize) {
  FramedTrace t = splitTrace(input);
  bool done = false;
  int r = static_cast<int>(pick(100));
  if (r < 60)
    done = mutateSchema(t);
  else if (r < 80)
    done = mutatePayloadBytes(t);
  else if (r < 95)
    done = mutateChunkOrder(t);
  std::string out;
  if (!done && r < 95) done = mutatePayloadBytes(t);
  if (done) {
    out = joinTrace(t);
  } else {
    // Framing bytes, not resealed.
    out = std::string(input);
    size_t size = out.size();
    out.resize(std::min(maxSize, size + 64));
    if (bytes_ && !out.empty()) {
      out.resize(
          bytes_(reinterpret_cast<uint8_t*>(out.data()), std::min(size, out.size()), out.size()));
    }
    last_ = "framing bytes";
  }
  if (out.size() > maxSize) out = std::string(input.substr(0, std::min(maxSize, input.size())));
  return out;
}

std::string TraceMutator::crossOver(std::string_view input, std::string_view other,
                                    size_t maxSize) {
  FramedTrace a = splitTrace(input), b = splitTrace(other);
  std::vector<size_t> events;
  for (size_t i = 0; i < b.chunks.size(); ++i) {
    if (b.chunks[i].kind == static_cast<uint32_t>(ChunkKind::kEvent)) events.push_back(i);
  }
  if (events.empty() || a.chunks.empty()) return std::string(input.substr(0, maxSize));
  const auto& donor = b.chunks[events[pick(events.size())]];
  size_t at = 1 + pick(a.chunks.size());
  if (at < a.chunks.size() && chance(0.5))
    a.chunks[at] = donor;
  else
    a.chunks.insert(a.chunks.begin() + static_cast<long>(std::min(at, a.chunks.size())), donor);
  renumberObjects(a);
  last_ = "cross-over";
  std::string out = joinTrace(a);
  if (out.size() > maxSize) return std::string(input.substr(0, std::min(maxSize, input.size())));
  return out;
}

}  // namespace dynrr::fuzz
