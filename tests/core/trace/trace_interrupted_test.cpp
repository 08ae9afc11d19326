// trace_interrupted_test.cpp — a recording stopped at any instant stays readable up to its
// last complete event (issue 21): killed between or inside writes (every cut of the
// file), a full disk (ENOSPC part-way through a chunk, injected), and the process's file
// size limit (RLIMIT_FSIZE, in a child process that must not die of SIGXFSZ).
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "core/trace/trace_format.h"
#include "core/trace/trace_reader.h"
#include "core/trace/trace_writer.h"
#include "tests/support/sample_trace.h"

namespace dynrr {
namespace {

using trace::TraceReader;

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string tempPath(const char* name) {
  return ::testing::TempDir() + "/dynrr_" + name + "_" + std::to_string(::getpid()) + ".dynrr";
}

// The byte offset where each chunk ends, from the framing.
std::vector<size_t> chunkEnds(const std::string& bytes) {
  std::vector<size_t> ends;
  size_t offset = sizeof(trace::FileHeader);
  while (offset + sizeof(trace::ChunkHeader) <= bytes.size()) {
    trace::ChunkHeader ch{};
    std::memcpy(&ch, bytes.data() + offset, sizeof(ch));
    offset += sizeof(ch) + ch.payloadBytes;
    ends.push_back(offset);
  }
  return ends;
}

TEST(TraceInterrupted, EveryCutReadsTheCompleteEventsBeforeIt) {
  testing::SampleOptions options;
  options.events = 4;
  std::string bytes = testing::sampleTraceBytes(options);
  std::vector<size_t> ends = chunkEnds(bytes);
  ASSERT_EQ(ends.size(), 5u);  // the header chunk and four events
  ASSERT_EQ(ends.back(), bytes.size());
  for (size_t cut = 0; cut <= bytes.size(); ++cut) {
    auto t = TraceReader::fromBytes(bytes.substr(0, cut));
    if (cut < sizeof(trace::FileHeader)) {
      ASSERT_FALSE(t.ok()) << "cut " << cut;
      continue;
    }
    ASSERT_TRUE(t.ok()) << "cut " << cut << ": " << t.error().message();
    size_t complete = 0;
    for (size_t i = 1; i < ends.size(); ++i) complete += ends[i] <= cut;
    ASSERT_EQ(t->eventCount(), complete) << "cut " << cut;
    bool atBoundary = cut == ends[0] || cut == bytes.size() ||
                      std::find(ends.begin(), ends.end(), cut) != ends.end();
    EXPECT_EQ(t->warning().empty(), atBoundary) << "cut " << cut << ": " << t->warning();
    for (size_t i = 0; i < t->eventCount(); ++i) EXPECT_EQ(t->event(i).getIndex(), i);
  }
}

TEST(TraceInterrupted, FullDiskRemovesThePartialChunkAndLaterEventsStillAppend) {
  std::string path = tempPath("enospc");
  auto w = trace::TraceWriter::createFile(path, testing::fillTestHeader);
  ASSERT_TRUE(w.ok()) << w.error().message();
  testing::SampleOptions one;
  one.events = 1;
  ASSERT_TRUE(testing::writeSampleEvents(**w, one).ok());
  // The disk fills 100 bytes into the next chunk.
  trace::injectWriteFailureForTesting(100);
  Status failed = testing::writeSampleEvents(**w, one);
  trace::injectWriteFailureForTesting(-1);
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.error().message().find("partial chunk was removed"), std::string::npos)
      << failed.error().message();
  {
    auto t = TraceReader::fromBytes(readAll(path));
    ASSERT_TRUE(t.ok()) << t.error().message();
    EXPECT_EQ(t->eventCount(), 1u);
    EXPECT_TRUE(t->warning().empty()) << t->warning();
  }
  // Space comes back: the next event lands after the first, with nothing torn between.
  ASSERT_TRUE(testing::writeSampleEvents(**w, one).ok());
  w->reset();
  auto t = TraceReader::fromBytes(readAll(path));
  ASSERT_TRUE(t.ok()) << t.error().message();
  EXPECT_EQ(t->eventCount(), 2u);
  EXPECT_TRUE(t->warning().empty()) << t->warning();
  std::remove(path.c_str());
}

TEST(TraceInterrupted, FileSizeLimitRefusesTheChunkWithoutKillingTheProcess) {
  std::string path = tempPath("fsize");
  std::string full = testing::sampleTraceBytes();
  std::vector<size_t> ends = chunkEnds(full);
  ASSERT_GE(ends.size(), 3u);
  // A limit that admits the header and one event but not the second.
  rlim_t limit = static_cast<rlim_t>(ends[1] + (ends[2] - ends[1]) / 2);
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    struct rlimit rl {
      limit, limit
    };
    if (::setrlimit(RLIMIT_FSIZE, &rl) != 0) ::_exit(90);
    auto w = trace::TraceWriter::createFile(path, testing::fillTestHeader);
    if (!w.ok()) ::_exit(91);
    testing::SampleOptions one;
    one.events = 1;
    int written = 0;
    for (int i = 0; i < 3; ++i) written += testing::writeSampleEvents(**w, one).ok();
    ::_exit(written);  // exit status: events written
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status)) << "child killed by signal " << WTERMSIG(status);
  int written = WEXITSTATUS(status);
  ASSERT_LT(written, 90) << "child setup failed";
  EXPECT_EQ(written, 1);
  auto t = TraceReader::fromBytes(readAll(path));
  ASSERT_TRUE(t.ok()) << t.error().message();
  EXPECT_EQ(t->eventCount(), static_cast<size_t>(written));
  EXPECT_TRUE(t->warning().empty()) << t->warning();
  std::remove(path.c_str());
}

}  // namespace
}  // namespace dynrr
