// roundtrip_test.cpp — property 4's machinery: a trace rewritten through TraceWriter.
#include "fuzz/roundtrip.h"

#include <gtest/gtest.h>

#include "core/trace/trace_reader.h"
#include "core/trace/trace_writer.h"
#include "tests/support/sample_trace.h"

namespace dynrr::fuzz {
namespace {

std::string smallTrace(bool pythonFirst) {
  auto w = trace::TraceWriter::createInMemory([&](schema::TraceHeader::Builder h) {
    if (pythonFirst) {
      h.setPythonVersion("3.11.7");
      h.setTorchVersion("2.13.0+cpu");
    } else {
      h.setTorchVersion("2.13.0+cpu");
      h.setPythonVersion("3.11.7");
    }
  });
  EXPECT_TRUE(w.ok());
  auto& eb = (*w)->beginEvent();
  auto cell = eb.newObject(7);
  cell.builder.initCell().setContents(eb.integer(3));
  eb.event().setCompileId("0/0");
  auto locals = eb.event().initFrame().initLocals(1);
  locals[0].setName("c");
  locals[0].setValue(cell.ref);
  EXPECT_TRUE((*w)->finishEvent().ok());
  return (*w)->bytes();
}

TEST(FuzzRoundTrip, SampleTraceRewritesToAReadableEqualTrace) {
  std::string original = testing::sampleTraceBytes();
  auto again = rewriteTrace(original);
  ASSERT_TRUE(again.ok()) << again.error().message();
  auto a = trace::TraceReader::fromBytes(original);
  auto b = trace::TraceReader::fromBytes(*again);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->eventCount(), b->eventCount());
  EXPECT_EQ(a->objectCount(), b->objectCount());
  // Rewriting is idempotent.
  auto third = rewriteTrace(*again);
  ASSERT_TRUE(third.ok());
  EXPECT_EQ(*third, *again);
}

TEST(FuzzRoundTrip, FieldsInSchemaOrderGiveTheSameBytes) {
  std::string t = smallTrace(/*pythonFirst=*/true);
  EXPECT_EQ(roundTripDifference(t), "");
}

TEST(FuzzRoundTrip, HeaderFillOrderDoesNotChangeTheBytes) {
  // The writer copies the filled header into a fresh message before serialising it, so
  // the order the filler set fields in cannot leak into the layout: both orders give the
  // same bytes, and each rewrites to itself.
  std::string a = smallTrace(/*pythonFirst=*/false);
  std::string b = smallTrace(/*pythonFirst=*/true);
  EXPECT_EQ(a, b);
  EXPECT_EQ(roundTripDifference(a), "");
}

TEST(FuzzRoundTrip, GarbageIsRejected) {
  EXPECT_FALSE(rewriteTrace("DYNRRTRC garbage").ok());
  EXPECT_NE(roundTripDifference("nope").find("rewrite failed"), std::string::npos);
}

}  // namespace
}  // namespace dynrr::fuzz
