// trace_format.h — the byte framing of a .dynrr file around its Cap'n Proto chunks.
//
// See the layout comment at the top of trace.capnp. All integers little-endian.
#pragma once

#include <cstdint>

namespace dynrr::trace {

// Object id in the trace heap; 0 = absent (see trace.capnp, OBJECT REFERENCES).
using ObjRef = uint32_t;

inline constexpr char kFileMagic[8] = {'D', 'Y', 'N', 'R', 'R', 'T', 'R', 'C'};
inline constexpr uint32_t kFramingVersion = 1;
inline constexpr uint32_t kChunkMagic = 0x4b435244;  // "DRCK" little-endian

// The trace format version this build writes and the newest it can read.
inline constexpr uint32_t kFormatVersion = 1;
inline constexpr uint32_t kReaderVersion = 1;

enum class ChunkKind : uint32_t {
  kHeader = 1,  // payload root: schema::TraceHeader
  kEvent = 2,   // payload root: schema::EventChunk
};

struct FileHeader {
  char magic[8];
  uint32_t framingVersion;
  uint32_t reserved;
};
static_assert(sizeof(FileHeader) == 16);

struct ChunkHeader {
  uint32_t magic;         // kChunkMagic
  uint32_t kind;          // ChunkKind
  uint64_t payloadBytes;  // multiple of 8
  uint64_t checksum;      // XXH3_64bits(payload)
};
static_assert(sizeof(ChunkHeader) == 24);

// Largest payload a reader accepts for one chunk (1 GiB); larger is treated as corrupt.
inline constexpr uint64_t kMaxChunkBytes = uint64_t{1} << 30;

}  // namespace dynrr::trace
