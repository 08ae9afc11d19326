// contextlib_manager_test.cpp — @contextlib.contextmanager (core/vt/contextlib_manager.h)
// and the generator protocol contextlib's __exit__ drives (GeneratorVariable throw and
// close), replayed from real recordings in the corpus: each frame's decisions equal
// Dynamo's.
#include "core/vt/contextlib_manager.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/compare/compare.h"
#include "core/compare/decisions.h"
#include "core/trace/trace_reader.h"
#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"

namespace dynrr::vt {
namespace {

std::unique_ptr<trace::TraceReader> openCorpus(const std::string& rel) {
  auto t = trace::TraceReader::openFile(std::string(DYNRR_CORPUS_DIR) + "/traces/" + rel);
  EXPECT_TRUE(t);
  return t ? std::make_unique<trace::TraceReader>(std::move(*t)) : nullptr;
}

// Replays frame 0 of a corpus trace and compares it with what Dynamo recorded.
compare::Comparison replayFirstFrame(const std::string& rel) {
  auto trace = openCorpus(rel);
  if (!trace) return {compare::Verdict::kUnsupported, "trace missing"};
  auto outcome = tracer::replayFrame(*trace, 0);
  if (!outcome) return {compare::Verdict::kUnsupported, outcome.error().message()};
  return compare::compareDecisions(compare::fromEvent(trace->event(0)), outcome->decisions);
}

TEST(Contextlib, ClassNameIsDynamos) {
  EXPECT_TRUE(isGeneratorContextManagerClass("contextlib._GeneratorContextManager"));
  EXPECT_FALSE(isGeneratorContextManagerClass("contextlib.nullcontext"));
  UnrecordedDocVariable doc("contextlib._GeneratorContextManager", nullptr);
  EXPECT_EQ(doc.pythonTypeName(), "str");
}

// with cm(x) as v: __init__, __enter__ (next(gen)) and __exit__ (next(gen), StopIteration
// caught) inlined from contextlib's recorded code.
TEST(Contextlib, YieldedValueMatches) {
  auto c = replayFirstFrame("contextlib/cm_yield_tensor.dynrr");
  EXPECT_EQ(c.verdict, compare::Verdict::kMatch) << c.diff;
}

// An exception in the body: __exit__ calls gen.throw, the generator catches it and
// returns (StopIteration leaves throw(), `exc is not value` suppresses).
TEST(Contextlib, ThrowCaughtByTheGeneratorMatches) {
  auto c = replayFirstFrame("contextlib/cm_generator_catches.dynrr");
  EXPECT_EQ(c.verdict, compare::Verdict::kMatch) << c.diff;
}

// An exception the generator does not catch leaves throw() and __exit__ (`exc is value`,
// exc.__traceback__ = None), caught by the frame.
TEST(Contextlib, ThrowNotCaughtMatches) {
  auto c = replayFirstFrame("contextlib/cm_generator_not_catching.dynrr");
  EXPECT_EQ(c.verdict, compare::Verdict::kMatch) << c.diff;
}

// A second yield: __exit__ raises "generator didn't stop" and closes the generator
// (GeneratorExit not caught: close() gives None).
TEST(Contextlib, CloseAfterSecondYieldMatches) {
  auto c = replayFirstFrame("contextlib/cm_two_yields_error.dynrr");
  EXPECT_EQ(c.verdict, compare::Verdict::kMatch) << c.diff;
}

// ContextDecorator: the manager recreated per call (self.__class__ through a closure:
// no CLASS_MATCH, the class docstring's CONSTANT_MATCH).
TEST(Contextlib, DecoratorMatches) {
  auto c = replayFirstFrame("contextlib/cm_as_decorator.dynrr");
  EXPECT_EQ(c.verdict, compare::Verdict::kMatch) << c.diff;
}

}  // namespace
}  // namespace dynrr::vt
