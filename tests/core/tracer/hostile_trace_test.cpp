// hostile_trace_test.cpp — real corpus traces with a few payload bytes damaged and every
// chunk's checksum re-sealed (what a buggy writer or an attacker produces): whatever the
// reader accepts, replaying every event of it must end in a decision or an Error, never
// in an exception escaping the core or a crash.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "core/trace/content_hash.h"
#include "core/trace/trace_format.h"
#include "core/trace/trace_reader.h"
#include "core/tracer/instruction_translator.h"

namespace dynrr::tracer {
namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Recomputes every chunk's checksum so the damage reaches the structural checks.
void reseal(std::string& bytes) {
  size_t off = 16;
  while (off + sizeof(trace::ChunkHeader) <= bytes.size()) {
    trace::ChunkHeader ch{};
    std::memcpy(&ch, bytes.data() + off, sizeof(ch));
    if (ch.payloadBytes > bytes.size() - off - sizeof(ch)) break;
    ch.checksum = trace::checksum64(bytes.data() + off + sizeof(ch), ch.payloadBytes);
    std::memcpy(bytes.data() + off, &ch, sizeof(ch));
    off += sizeof(ch) + ch.payloadBytes;
  }
}

TEST(HostileTraces, DamagedPayloadsNeverEscapeTheCore) {
  const char* traces[] = {"modules/custom_submodules.dynrr", "closures/cell_captures_module.dynrr",
                          "containers/dict_methods_more.dynrr",
                          "breaks/break_in_module_forward.dynrr"};
  std::mt19937 rng(2026);
  int opened = 0, replayed = 0;
  for (const char* rel : traces) {
    std::string clean = readFile(std::string(DYNRR_CORPUS_DIR) + "/traces/" + rel);
    if (clean.size() < 64) continue;  // a trace renamed away: nothing to damage
    for (int round = 0; round < 150; ++round) {
      std::string bytes = clean;
      int flips = 1 + static_cast<int>(rng() % 4);
      for (int i = 0; i < flips; ++i) {
        size_t pos = 16 + rng() % (bytes.size() - 16);
        bytes[pos] = static_cast<char>(rng());
      }
      reseal(bytes);
      // DYNRR_HOSTILE_DUMP=<dir> keeps the damaged files, to run the CLI on them.
      if (const char* dump = std::getenv("DYNRR_HOSTILE_DUMP")) {
        std::ofstream(std::string(dump) + "/" + std::to_string(opened) + "_" +
                          std::to_string(round) + ".dynrr",
                      std::ios::binary)
            << bytes;
      }
      auto t = trace::TraceReader::fromBytes(bytes);
      if (!t.ok()) continue;
      ++opened;
      for (size_t e = 0; e < t->eventCount(); ++e) {
        auto out = replayFrame(*t, e);  // an escaping exception fails the test
        if (out) ++replayed;
      }
    }
  }
  EXPECT_GT(opened, 0);
  std::printf("[hostile traces] %d damaged traces opened, %d events replayed to a decision\n",
              opened, replayed);
}

}  // namespace
}  // namespace dynrr::tracer
