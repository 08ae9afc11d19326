// trace_corrupt_test.cpp — a truncated, corrupted or wrong-version trace gives a
// clear error naming the chunk and offset, never a crash or a hang.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "core/trace/content_hash.h"
#include "core/trace/trace_reader.h"
#include "tests/support/sample_trace.h"

namespace dynrr {
namespace {

using trace::TraceReader;

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

TEST(TraceCorrupt, EmptyAndShortFiles) {
  auto t = TraceReader::fromBytes("");
  ASSERT_FALSE(t.ok());
  EXPECT_TRUE(contains(t.error().message(), "not a dynrr trace"));
  auto u = TraceReader::fromBytes("DYNRRTR");
  ASSERT_FALSE(u.ok());
}

TEST(TraceCorrupt, BadMagic) {
  std::string bytes = testing::sampleTraceBytes();
  bytes[0] = 'X';
  auto t = TraceReader::fromBytes(bytes);
  ASSERT_FALSE(t.ok());
  EXPECT_TRUE(contains(t.error().message(), "bad magic at offset 0")) << t.error().message();
}

TEST(TraceCorrupt, FlippedPayloadByteFailsChecksumWithChunkAndOffset) {
  std::string bytes = testing::sampleTraceBytes();
  bytes[bytes.size() - 20] ^= 0x40;  // inside the last event's payload
  auto t = TraceReader::fromBytes(bytes);
  ASSERT_FALSE(t.ok());
  EXPECT_TRUE(contains(t.error().message(), "chunk 2 at offset")) << t.error().message();
  EXPECT_TRUE(contains(t.error().message(), "checksum mismatch")) << t.error().message();
}

TEST(TraceCorrupt, TruncatedTailKeepsCompleteEvents) {
  std::string bytes = testing::sampleTraceBytes();
  for (size_t cut = 1; cut < 200; cut += 7) {
    std::string shorter = bytes.substr(0, bytes.size() - cut);
    auto t = TraceReader::fromBytes(shorter);
    ASSERT_TRUE(t.ok()) << "cut " << cut << ": " << t.error().message();
    EXPECT_EQ(t->eventCount(), 1u);
    EXPECT_TRUE(contains(t->warning(), "chunk 2 at offset")) << t->warning();
    // Strict mode refuses the same file with the same location.
    trace::ReaderOptions strict;
    strict.allowTruncatedTail = false;
    auto s = TraceReader::fromBytes(shorter, strict);
    ASSERT_FALSE(s.ok());
    EXPECT_TRUE(contains(s.error().message(), "truncated trace")) << s.error().message();
  }
}

TEST(TraceCorrupt, TruncatedHeaderReadsEmptyOrFailsInStrictMode) {
  std::string bytes = testing::sampleTraceBytes();
  auto t = TraceReader::fromBytes(bytes.substr(0, 30));
  ASSERT_TRUE(t.ok()) << t.error().message();
  EXPECT_EQ(t->eventCount(), 0u);
  EXPECT_TRUE(contains(t->warning(), "chunk 0 at offset 16")) << t->warning();
  trace::ReaderOptions strict;
  strict.allowTruncatedTail = false;
  auto s = TraceReader::fromBytes(bytes.substr(0, 30), strict);
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(contains(s.error().message(), "chunk 0 at offset 16")) << s.error().message();
}

// Rewrites the header chunk's minReaderVersion by re-encoding it, with a valid checksum,
// so the version check (not the checksum) must catch it.
TEST(TraceCorrupt, NewerFormatIsRefusedByVersion) {
  capnp::MallocMessageBuilder message;
  auto header = message.initRoot<schema::TraceHeader>();
  testing::fillTestHeader(header);
  header.setFormatVersion(9);
  header.setMinReaderVersion(7);
  auto words = capnp::messageToFlatArray(message);
  std::string bytes(16, '\0');
  std::memcpy(bytes.data(), trace::kFileMagic, 8);
  uint32_t framing = trace::kFramingVersion;
  std::memcpy(bytes.data() + 8, &framing, 4);
  trace::ChunkHeader ch{trace::kChunkMagic, 1, words.size() * 8,
                        trace::checksum64(words.begin(), words.size() * 8)};
  bytes.append(reinterpret_cast<const char*>(&ch), sizeof(ch));
  bytes.append(reinterpret_cast<const char*>(words.begin()), words.size() * 8);
  auto t = TraceReader::fromBytes(bytes);
  ASSERT_FALSE(t.ok());
  EXPECT_TRUE(contains(t.error().message(), "needs reader version 7")) << t.error().message();
}

TEST(TraceCorrupt, OutOfRangeRefIsCaughtAtOpen) {
  auto w = trace::TraceWriter::createInMemory(testing::fillTestHeader);
  ASSERT_TRUE(w.ok());
  auto& eb = (*w)->beginEvent();
  auto list = eb.newObject(5);
  list.builder.initList(1).set(0, 9999);
  ASSERT_TRUE((*w)->finishEvent().ok());
  auto t = TraceReader::fromBytes((*w)->bytes());
  ASSERT_FALSE(t.ok());
  EXPECT_TRUE(contains(t.error().message(), "list item refers to object 9999"))
      << t.error().message();
}

TEST(TraceCorrupt, ObjectLookupIsBoundsChecked) {
  auto t = TraceReader::fromBytes(testing::sampleTraceBytes());
  ASSERT_TRUE(t.ok());
  EXPECT_FALSE(t->object(0).ok());
  EXPECT_FALSE(t->object(t->objectCount() + 1).ok());
  EXPECT_TRUE(t->object(t->objectCount()).ok());
}

// Random corruption with valid checksums recomputed: the Cap'n Proto validation
// and ref checks must turn every case into an Error or a readable trace.
TEST(TraceCorrupt, RandomMutationsNeverCrash) {
  std::string clean = testing::sampleTraceBytes();
  std::mt19937 rng(1234);
  int errors = 0;
  for (int round = 0; round < 2000; ++round) {
    std::string bytes = clean;
    int flips = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < flips; ++i) {
      size_t pos = 16 + rng() % (bytes.size() - 16);
      bytes[pos] = static_cast<char>(rng());
    }
    // Re-seal every chunk's checksum so corruption reaches the structural checks.
    size_t off = 16;
    while (off + sizeof(trace::ChunkHeader) <= bytes.size()) {
      trace::ChunkHeader ch{};
      std::memcpy(&ch, bytes.data() + off, sizeof(ch));
      if (ch.payloadBytes > bytes.size() - off - sizeof(ch)) break;
      ch.checksum = trace::checksum64(bytes.data() + off + sizeof(ch), ch.payloadBytes);
      std::memcpy(bytes.data() + off, &ch, sizeof(ch));
      off += sizeof(ch) + ch.payloadBytes;
    }
    auto t = TraceReader::fromBytes(bytes);
    if (!t.ok()) {
      ++errors;
      continue;
    }
    // Whatever opened must be walkable through checked accessors.
    for (uint32_t ref = 1; ref <= t->objectCount(); ++ref) ASSERT_TRUE(t->object(ref).ok());
  }
  EXPECT_GT(errors, 0);
}

}  // namespace
}  // namespace dynrr
