// trace_roundtrip_test.cpp — write a heap with shared cells, cyclic lists, big ints,
// code objects and tensors; read it back; identity and content are equal; the same
// trace written twice is byte-identical.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "core/trace/object_printer.h"
#include "core/trace/trace_reader.h"
#include "tests/support/sample_trace.h"

namespace dynrr {
namespace {

using schema::Object;
using trace::ObjRef;
using trace::TraceReader;

ObjRef localRef(const TraceReader& t, size_t event, const std::string& name) {
  for (auto nv : t.event(event).getFrame().getLocals()) {
    if (nv.getName() == name) return nv.getValue();
  }
  ADD_FAILURE() << "no local " << name;
  return 0;
}

TEST(TraceRoundTrip, HeaderSurvives) {
  auto t = TraceReader::fromBytes(testing::sampleTraceBytes());
  ASSERT_TRUE(t.ok()) << t.error().message();
  auto h = t->header();
  EXPECT_EQ(h.getFormatVersion(), trace::kFormatVersion);
  EXPECT_EQ(h.getMinReaderVersion(), 1u);
  EXPECT_EQ(std::string(h.getTorchVersion()), "2.13.0+cpu");
  EXPECT_TRUE(h.getConfig().getInlineInbuiltNnModules());
  EXPECT_EQ(h.getConfig().getCacheSizeLimit(), 8);
  EXPECT_EQ(std::string(h.getGlobalState().getDefaultDtype()), "torch.float32");
  EXPECT_EQ(t->eventCount(), 2u);
  EXPECT_TRUE(t->warning().empty());
}

TEST(TraceRoundTrip, SharedCellIsOneObject) {
  auto t = TraceReader::fromBytes(testing::sampleTraceBytes());
  ASSERT_TRUE(t.ok());
  auto inc = t->object(localRef(*t, 0, "inc"));
  auto get = t->object(localRef(*t, 0, "get"));
  ASSERT_TRUE(inc.ok() && get.ok());
  ASSERT_EQ(inc->which(), Object::Which::FUNCTION);
  ObjRef c1 = inc->getFunction().getClosure()[0];
  ObjRef c2 = get->getFunction().getClosure()[0];
  EXPECT_EQ(c1, c2);
  auto cell = t->object(c1);
  ASSERT_EQ(cell->which(), Object::Which::CELL);
  EXPECT_FALSE(cell->getCell().getEmpty());
  EXPECT_EQ(t->object(cell->getCell().getContents())->getInt(), 42);
}

TEST(TraceRoundTrip, CyclicListPointsAtItself) {
  auto t = TraceReader::fromBytes(testing::sampleTraceBytes());
  ASSERT_TRUE(t.ok());
  ObjRef l = localRef(*t, 0, "l");
  auto list = t->object(l);
  ASSERT_EQ(list->which(), Object::Which::LIST);
  EXPECT_EQ(list->getList()[1], l);
  EXPECT_EQ(trace::describeObject(*t, l), "[1, [...]]");
}

TEST(TraceRoundTrip, BigIntAndTensorContent) {
  auto t = TraceReader::fromBytes(testing::sampleTraceBytes());
  ASSERT_TRUE(t.ok());
  auto big = t->object(localRef(*t, 0, "big"));
  ASSERT_EQ(big->which(), Object::Which::BIG_INT);
  auto mag = big->getBigInt().getMagnitude();
  ASSERT_EQ(mag.size(), 13u);
  EXPECT_EQ(mag[12], 0x10);  // 2**100 = 0x10 << 96
  EXPECT_EQ(trace::describeObject(*t, localRef(*t, 0, "big")), "1267650600228229401496703205376");
  auto x = t->object(localRef(*t, 0, "x"));
  ASSERT_EQ(x->which(), Object::Which::TENSOR);
  auto meta = t->object(x->getTensor().getMeta());
  ASSERT_EQ(meta->which(), Object::Which::TENSOR_META);
  EXPECT_EQ(trace::describeTensorMeta(meta->getTensorMeta()), "f32[2, 3] stride=(3, 1)");
}

TEST(TraceRoundTrip, ImmutableContentStoredOncePerTrace) {
  auto t = TraceReader::fromBytes(testing::sampleTraceBytes());
  ASSERT_TRUE(t.ok());
  // The code object and tensor metadata are interned: event 1 reuses event 0's ids.
  EXPECT_EQ(t->event(0).getFrame().getCode(), t->event(1).getFrame().getCode());
  auto x0 = t->object(localRef(*t, 0, "x"));
  auto x1 = t->object(localRef(*t, 1, "x"));
  EXPECT_EQ(x0->getTensor().getMeta(), x1->getTensor().getMeta());
  // Mutable objects are snapshotted per event, with their identity kept.
  EXPECT_NE(localRef(*t, 0, "l"), localRef(*t, 1, "l"));
  auto code = t->object(t->event(0).getFrame().getCode());
  ASSERT_EQ(code->which(), Object::Which::CODE);
  EXPECT_EQ(std::string(code->getCode().getQualname()), "f");
  EXPECT_EQ(code->getCode().getCode().size(), 18u);
}

TEST(TraceRoundTrip, SameTraceTwiceIsByteIdentical) {
  EXPECT_EQ(testing::sampleTraceBytes(), testing::sampleTraceBytes());
  testing::SampleOptions big;
  big.events = 3;
  big.extraObjectsPerEvent = 100;
  EXPECT_EQ(testing::sampleTraceBytes(big), testing::sampleTraceBytes(big));
}

TEST(TraceRoundTrip, FileAndMemoryWritersAgree) {
  auto path = std::filesystem::temp_directory_path() / "dynrr_roundtrip_test.dynrr";
  {
    auto w = trace::TraceWriter::createFile(path.string(), testing::fillTestHeader);
    ASSERT_TRUE(w.ok()) << w.error().message();
    ASSERT_TRUE(testing::writeSampleEvents(**w, {}).ok());
  }
  auto fromFile = TraceReader::openFile(path.string());
  ASSERT_TRUE(fromFile.ok()) << fromFile.error().message();
  EXPECT_EQ(fromFile->eventCount(), 2u);
  EXPECT_EQ(fromFile->fileBytes(), testing::sampleTraceBytes().size());
  std::filesystem::remove(path);
}

TEST(TraceRoundTrip, AbandonedEventLeavesNoTrace) {
  auto w = trace::TraceWriter::createInMemory(testing::fillTestHeader);
  ASSERT_TRUE(w.ok());
  auto& eb = (*w)->beginEvent();
  eb.str("only in the abandoned event");
  (*w)->abandonEvent();
  ASSERT_TRUE(testing::writeSampleEvents(**w, {}).ok());
  auto t = TraceReader::fromBytes((*w)->bytes());
  ASSERT_TRUE(t.ok()) << t.error().message();
  EXPECT_EQ(t->eventCount(), 2u);
  EXPECT_EQ((*w)->bytes(), testing::sampleTraceBytes());
}

}  // namespace
}  // namespace dynrr
