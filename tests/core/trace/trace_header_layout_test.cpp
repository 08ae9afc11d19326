// trace_header_layout_test.cpp — TraceWriter's header chunk depends on the header's
// content only: the order in which the filler sets the fields, and values it overwrote,
// leave no trace in the bytes. Needed for write -> read -> write to be byte-identical
// (dynrr-fuzz property `roundtrip`), which re-fills the header in schema order.
#include <gtest/gtest.h>

#include <string>

#include "core/trace/trace_reader.h"
#include "core/trace/trace_writer.h"

namespace dynrr {
namespace {

using trace::TraceReader;
using trace::TraceWriter;

std::string headerBytes(const TraceWriter::HeaderFiller& fill) {
  auto w = TraceWriter::createInMemory(fill);
  EXPECT_TRUE(w.ok()) << w.error().message();
  return w.ok() ? (*w)->bytes() : std::string();
}

void fillVersions(schema::TraceHeader::Builder h) {
  h.setPythonVersion("3.11.7");
  h.setTorchVersion("2.13.0+cpu");
  h.setProducer("test");
}

void fillConfig(schema::TraceHeader::Builder h) {
  auto c = h.initConfig();
  c.setCacheSizeLimit(8);
  auto others = c.initOthers(1);
  others[0].setKey("verbose");
  others[0].setValue("False");
}

void fillGlobalState(schema::TraceHeader::Builder h) {
  h.initGlobalState().setDefaultDtype("torch.float32");
}

TEST(TraceHeaderLayout, FieldOrderDoesNotChangeBytes) {
  std::string schemaOrder = headerBytes([](schema::TraceHeader::Builder h) {
    fillVersions(h);
    fillConfig(h);
    fillGlobalState(h);
  });
  std::string reversed = headerBytes([](schema::TraceHeader::Builder h) {
    fillGlobalState(h);
    fillConfig(h);
    fillVersions(h);
  });
  ASSERT_FALSE(schemaOrder.empty());
  EXPECT_EQ(schemaOrder, reversed);
}

TEST(TraceHeaderLayout, OverwrittenValuesLeaveNoGarbage) {
  std::string once = headerBytes([](schema::TraceHeader::Builder h) { fillVersions(h); });
  std::string twice = headerBytes([](schema::TraceHeader::Builder h) {
    h.setTorchVersion("a much longer version string that is then replaced");
    fillVersions(h);
  });
  EXPECT_EQ(once, twice);
}

TEST(TraceHeaderLayout, RewrittenHeaderIsByteIdentical) {
  std::string first = headerBytes([](schema::TraceHeader::Builder h) {
    fillGlobalState(h);
    fillConfig(h);
    fillVersions(h);
  });
  auto read = TraceReader::fromBytes(first);
  ASSERT_TRUE(read.ok()) << read.error().message();
  auto in = read->header();
  // Copy the fields back in schema order, as dynrr-fuzz's rewriteTrace does.
  std::string second = headerBytes([&](schema::TraceHeader::Builder h) {
    h.setPythonVersion(in.getPythonVersion());
    h.setTorchVersion(in.getTorchVersion());
    h.setConfig(in.getConfig());
    h.setGlobalState(in.getGlobalState());
    h.setProducer(in.getProducer());
  });
  EXPECT_EQ(first, second);
  EXPECT_EQ(std::string(read->header().getTorchVersion()), "2.13.0+cpu");
}

}  // namespace
}  // namespace dynrr
