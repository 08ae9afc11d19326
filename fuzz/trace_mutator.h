// trace_mutator.h — structure-aware mutation of .dynrr traces, for the deep fuzzer.
//
// A byte flip anywhere in a trace breaks its chunk checksum, so a plain byte mutator
// only ever exercises the framing (issue 21: 68 edges in 12.8 million runs). This
// mutator splits a trace into its framing and chunks, mutates *inside* a chunk's
// payload, then re-frames it with a fresh XXH3 checksum, so the mutated trace reaches
// the Cap'n Proto validation, the object printer and the core:
//   - schema mutations: the payload is decoded with the trace schema (capnp dynamic
//     reflection), one field somewhere in it is changed to a boundary or borrowed value
//     (an ObjRef to another object of the trace, so kinds contradict their use and trees
//     become cycles; a union switched to another member; a list grown, shrunk, emptied
//     or reordered; a text or a code object's bytes edited), and re-encoded;
//   - payload bytes: the caller's byte mutator (libFuzzer's LLVMFuzzerMutate) on the
//     raw payload, re-checksummed (malformed Cap'n Proto pointers, wrong element sizes);
//   - chunk order: chunks dropped, duplicated, swapped, the file cut short, with
//     `firstObjectId` renumbered so the reader accepts the result;
//   - framing bytes, rarely, left un-resealed.
// Deterministic for a given seed and input (libFuzzer passes the seed).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace dynrr::fuzz {

// A trace split at its chunk boundaries. `tail` holds whatever follows the last whole
// chunk (a torn chunk, garbage).
struct FramedTrace {
  std::string fileHeader;  // the 16-byte file header (or fewer bytes if the file is short)
  struct Chunk {
    uint32_t kind = 0;
    std::string payload;  // a multiple of 8 bytes
  };
  std::vector<Chunk> chunks;
  std::string tail;
};

// Never fails: bytes that are not chunks end up in `tail`.
FramedTrace splitTrace(std::string_view bytes);
// Re-frames with each chunk's checksum recomputed.
std::string joinTrace(const FramedTrace& trace);

// Mutates `data[0..size)` in place within `maxSize` bytes; returns the new size.
using ByteMutator = std::function<size_t(uint8_t* data, size_t size, size_t maxSize)>;

class TraceMutator {
 public:
  TraceMutator(uint32_t seed, ByteMutator bytes);

  // One mutation of `input`; the result never exceeds maxSize bytes (an over-long result
  // falls back to a cut-short input).
  std::string mutate(std::string_view input, size_t maxSize);
  // An event chunk of `other` put in place of (or after) one of `input`'s.
  std::string crossOver(std::string_view input, std::string_view other, size_t maxSize);

  // What the last mutate() did, e.g. "schema: objects[12].function.code = 7".
  const std::string& lastOperation() const { return last_; }

 private:
  bool mutateSchema(FramedTrace& t);
  bool mutatePayloadBytes(FramedTrace& t);
  bool mutateChunkOrder(FramedTrace& t);
  size_t pick(size_t n) {
    return n == 0 ? 0 : std::uniform_int_distribution<size_t>(0, n - 1)(rng_);
  }
  bool chance(double p) { return std::bernoulli_distribution(p)(rng_); }

  std::mt19937_64 rng_;
  ByteMutator bytes_;
  std::string last_;
};

// Rewrites every event chunk's firstObjectId so ids run on from the previous chunk (what
// the reader requires); chunks that do not decode are left as they are.
void renumberObjects(FramedTrace& t);

}  // namespace dynrr::fuzz
