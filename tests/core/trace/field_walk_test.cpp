// field_walk_test.cpp — the wire walk (core/trace/field_walk.h) accepts exactly the
// messages the reference validation accepts (capnp's totalSize() then every field read
// through Cap'n Proto's layout readers; tests/core/trace/capnp_reference_walk.h): on
// every chunk of corpus traces, on the same chunks re-encoded with far and double-far
// pointers across many segments, and on mutants of both aimed at pointer words.
#include "core/trace/field_walk.h"

#include <capnp/message.h>
#include <capnp/serialize.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/trace/trace_format.h"
#include "core/trace/trace_reader.h"
#include "tests/core/trace/capnp_reference_walk.h"

namespace dynrr::trace {
namespace {

struct Chunk {
  bool header = false;
  std::vector<capnp::word> words;
};

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The chunks of a trace file, by its framing (the checksums are not this test's subject).
std::vector<Chunk> chunksOf(const std::string& bytes) {
  std::vector<Chunk> out;
  size_t off = sizeof(FileHeader);
  while (off + sizeof(ChunkHeader) <= bytes.size()) {
    ChunkHeader ch{};
    std::memcpy(&ch, bytes.data() + off, sizeof ch);
    if (ch.payloadBytes % 8 != 0 || ch.payloadBytes > bytes.size() - off - sizeof ch) break;
    Chunk c;
    c.header = ch.kind == static_cast<uint32_t>(ChunkKind::kHeader);
    c.words.resize(ch.payloadBytes / 8);
    std::memcpy(c.words.data(), bytes.data() + off + sizeof ch, ch.payloadBytes);
    out.push_back(std::move(c));
    off += sizeof ch + ch.payloadBytes;
  }
  return out;
}

// A spread of corpus traces, one or two per group.
std::vector<Chunk> corpusChunks(size_t perGroup) {
  std::vector<Chunk> out;
  std::filesystem::path root = std::filesystem::path(DYNRR_CORPUS_DIR) / "traces";
  std::vector<std::filesystem::path> groups;
  for (const auto& g : std::filesystem::directory_iterator(root))
    if (g.is_directory()) groups.push_back(g.path());
  std::sort(groups.begin(), groups.end());
  for (const auto& g : groups) {
    std::vector<std::filesystem::path> files;
    for (const auto& f : std::filesystem::directory_iterator(g))
      if (f.path().extension() == ".dynrr") files.push_back(f.path());
    std::sort(files.begin(), files.end());
    for (size_t i = 0; i < files.size() && i < perGroup; ++i) {
      for (auto& c : chunksOf(readFile(files[i]))) out.push_back(std::move(c));
    }
  }
  return out;
}

// The same message re-encoded in segments of `segmentWords` words: every object that
// does not fit is reached through a far pointer, some through double-far ones.
Chunk reencoded(const Chunk& c, unsigned segmentWords) {
  capnp::ReaderOptions big;
  big.traversalLimitInWords = uint64_t{1} << 40;
  capnp::FlatArrayMessageReader in(kj::ArrayPtr<const capnp::word>(c.words.data(), c.words.size()),
                                   big);
  capnp::MallocMessageBuilder out(segmentWords, capnp::AllocationStrategy::FIXED_SIZE);
  if (c.header) {
    out.setRoot(in.getRoot<schema::TraceHeader>());
  } else {
    out.setRoot(in.getRoot<schema::EventChunk>());
  }
  auto flat = capnp::messageToFlatArray(out);
  Chunk r;
  r.header = c.header;
  r.words.assign(flat.begin(), flat.end());
  return r;
}

capnp::ReaderOptions options(const Chunk& c) {
  capnp::ReaderOptions o;  // as TraceReader sets them (ReaderOptions' defaults)
  o.traversalLimitInWords = std::max<uint64_t>(uint64_t{1} << 24, c.words.size() * 64);
  o.nestingLimit = 64;
  return o;
}

bool walkAccepts(const Chunk& c, std::string* why) {
  auto o = options(c);
  uint64_t budget = c.words.size() * 8 + 1024;
  WireFault f = checkMessage(kj::ArrayPtr<const capnp::word>(c.words.data(), c.words.size()),
                             c.header ? ChunkRoot::kTraceHeader : ChunkRoot::kEventChunk,
                             WalkLimits{o.traversalLimitInWords, o.nestingLimit}, budget);
  if (f && why != nullptr) *why = f.what;
  return !f;
}

bool referenceAccepts(const Chunk& c, std::string* why) {
  return reference::acceptsMessage(kj::ArrayPtr<const capnp::word>(c.words.data(), c.words.size()),
                                   c.header, options(c), why);
}

// The segment table's length in words (mutations leave it alone: the message reader
// checks it before either walk runs).
size_t tableWords(const Chunk& c) {
  uint32_t first = 0;
  std::memcpy(&first, c.words.data(), 4);
  return (uint64_t{first} + 1) / 2 + 1;
}

// One mutation aimed at what the walks check: a pointer's kind, offset, sizes or element
// size, a pointer copied over another (shared targets, cycles), or a random byte.
void mutate(Chunk& c, std::mt19937_64& rng) {
  size_t first = tableWords(c);
  if (c.words.size() <= first) return;
  auto pick = [&] { return first + rng() % (c.words.size() - first); };
  // Prefer words that look like pointers (non-zero, kind in the low bits).
  size_t at = pick();
  for (int tries = 0; tries < 8; ++tries) {
    uint64_t w = 0;
    std::memcpy(&w, &c.words[at], 8);
    if (w != 0) break;
    at = pick();
  }
  uint64_t w = 0;
  std::memcpy(&w, &c.words[at], 8);
  switch (rng() % 9) {
    case 0: w ^= uint64_t{1} << (rng() % 64); break;                      // any bit
    case 1: w = (w & ~uint64_t{3}) | (rng() % 4); break;                  // the kind
    case 2: w += (static_cast<int64_t>(rng() % 9) - 4) << 2; break;       // the offset, a little
    case 3: w = (w & 0xffffffff) | (rng() << 32); break;                  // sizes / counts
    case 4: w = (w & ~(uint64_t{7} << 32)) | ((rng() % 8) << 32); break;  // element size
    case 5: {                                                             // another pointer
      uint64_t other = 0;
      std::memcpy(&other, &c.words[pick()], 8);
      w = other;
      break;
    }
    case 6: w = (w & ~uint64_t{0xffffffff}) | static_cast<uint32_t>(0xfffffffc); break;  // self
    case 7: w = 0; break;
    default: {
      auto* bytes = reinterpret_cast<unsigned char*>(&w);
      bytes[rng() % 8] = static_cast<unsigned char>(rng());
    }
  }
  std::memcpy(static_cast<void*>(&c.words[at]), &w, 8);
}

void expectSameVerdicts(const std::vector<Chunk>& bases, int mutantsPerChunk, uint64_t seed,
                        int& accepted, int& refused) {
  std::mt19937_64 rng(seed);
  for (size_t k = 0; k < bases.size(); ++k) {
    for (int m = 0; m < mutantsPerChunk; ++m) {
      Chunk c = bases[k];
      int edits = 1 + static_cast<int>(rng() % 4);
      for (int e = 0; e < edits; ++e) mutate(c, rng);
      std::string walkWhy, refWhy;
      bool a = walkAccepts(c, &walkWhy), b = referenceAccepts(c, &refWhy);
      ASSERT_EQ(a, b) << "chunk " << k << " mutant " << m << ": wire walk "
                      << (a ? "accepts" : "refuses: " + walkWhy) << "; reference "
                      << (b ? "accepts" : "refuses: " + refWhy);
      (a ? accepted : refused)++;
    }
  }
}

TEST(FieldWalk, AcceptsEveryCorpusChunk) {
  auto chunks = corpusChunks(3);
  ASSERT_GT(chunks.size(), 50u);
  for (const auto& c : chunks) {
    std::string why;
    EXPECT_TRUE(walkAccepts(c, &why)) << why;
    EXPECT_TRUE(referenceAccepts(c, &why)) << why;
  }
}

TEST(FieldWalk, FarAndDoubleFarPointersAcrossSegments) {
  auto chunks = corpusChunks(1);
  ASSERT_GT(chunks.size(), 20u);
  size_t multiSegment = 0;
  for (const auto& c : chunks) {
    for (unsigned segmentWords : {2u, 5u, 64u}) {
      Chunk r = reencoded(c, segmentWords);
      multiSegment += tableWords(r) > 1;
      std::string why;
      EXPECT_TRUE(walkAccepts(r, &why)) << segmentWords << " words per segment: " << why;
    }
  }
  EXPECT_GT(multiSegment, chunks.size());
}

TEST(FieldWalk, MutantsGetTheReferenceVerdict) {
  auto chunks = corpusChunks(1);
  int accepted = 0, refused = 0;
  expectSameVerdicts(chunks, 60, 20, accepted, refused);
  // Both verdicts occur, so the comparison compared something.
  EXPECT_GT(accepted, 100);
  EXPECT_GT(refused, 100);
}

TEST(FieldWalk, FarPointerMutantsGetTheReferenceVerdict) {
  auto chunks = corpusChunks(1);
  std::vector<Chunk> far;
  for (size_t i = 0; i < chunks.size(); i += 3) far.push_back(reencoded(chunks[i], 5));
  int accepted = 0, refused = 0;
  expectSameVerdicts(far, 60, 21, accepted, refused);
  EXPECT_GT(accepted, 50);
  EXPECT_GT(refused, 50);
}

// A list of zero-sized structs claims many elements from a few bytes; the walk's element
// budget and Cap'n Proto's traversal limit both refuse it before visiting them.
TEST(FieldWalk, AmplifiedListIsRefused) {
  capnp::MallocMessageBuilder b;
  auto chunk = b.initRoot<schema::EventChunk>();
  chunk.initObjects(3);
  auto flat = capnp::messageToFlatArray(b);
  Chunk c;
  c.words.assign(flat.begin(), flat.end());
  std::string why;
  ASSERT_TRUE(walkAccepts(c, &why)) << why;
  // Rewrite the objects list's tag to 2^28 elements of zero words.
  bool found = false;
  for (size_t i = tableWords(c); i < c.words.size(); ++i) {
    uint64_t w = 0;
    std::memcpy(&w, &c.words[i], 8);
    if ((w & 3) == 0 && (w >> 2 & 0x3fffffff) == 3 && (w >> 32) != 0) {
      w = uint64_t{1} << 30;  // struct tag: count 2^28, data 0, pointers 0
      std::memcpy(static_cast<void*>(&c.words[i]), &w, 8);
      found = true;
      break;
    }
  }
  ASSERT_TRUE(found);
  EXPECT_FALSE(walkAccepts(c, &why));
  EXPECT_TRUE(why.find("traversal limit") != std::string::npos ||
              why.find("more list elements") != std::string::npos)
      << why;
  EXPECT_FALSE(referenceAccepts(c, &why));
}

TEST(FieldWalk, TextWithoutNulIsRefusedAtOpen) {
  capnp::MallocMessageBuilder b;
  auto chunk = b.initRoot<schema::EventChunk>();
  chunk.initEvent().setCompileId("0/0");
  auto flat = capnp::messageToFlatArray(b);
  Chunk c;
  c.words.assign(flat.begin(), flat.end());
  std::string why;
  ASSERT_TRUE(walkAccepts(c, &why)) << why;
  auto* bytes = reinterpret_cast<char*>(c.words.data());
  size_t n = c.words.size() * 8;
  bool found = false;
  for (size_t i = 0; i + 3 < n; ++i) {
    if (std::memcmp(bytes + i, "0/0", 4) == 0) {
      bytes[i + 3] = 'x';
      found = true;
      break;
    }
  }
  ASSERT_TRUE(found);
  EXPECT_FALSE(walkAccepts(c, &why));
  EXPECT_NE(why.find("NUL"), std::string::npos) << why;
  EXPECT_FALSE(referenceAccepts(c, &why));
}

}  // namespace
}  // namespace dynrr::trace
