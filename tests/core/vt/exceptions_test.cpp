// exceptions_test.cpp — exception values and the exception state (core/vt/exceptions.h):
// the builtin hierarchy `except` clauses match by, what an exception shows of itself,
// __context__ set by a raise inside a handler (ExceptionStack), the observed-exception
// error kind surviving context, and a frame whose exception escapes replayed as Dynamo's
// "Observed exception" refusal (from a real recording in the corpus).
#include "core/vt/exceptions.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/bytecode/code_object.h"
#include "core/trace/trace_reader.h"
#include "core/tracer/instruction_translator.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"

namespace dynrr::vt {
namespace {

TEST(Exceptions, BuiltinHierarchy) {
  EXPECT_TRUE(builtinExceptionIsSubclass("KeyError", "LookupError"));
  EXPECT_TRUE(builtinExceptionIsSubclass("KeyError", "Exception"));
  EXPECT_TRUE(builtinExceptionIsSubclass("KeyError", "BaseException"));
  EXPECT_TRUE(builtinExceptionIsSubclass("UnicodeDecodeError", "ValueError"));
  EXPECT_TRUE(builtinExceptionIsSubclass("NotImplementedError", "RuntimeError"));
  EXPECT_TRUE(builtinExceptionIsSubclass("BrokenPipeError", "OSError"));
  EXPECT_FALSE(builtinExceptionIsSubclass("KeyError", "ValueError"));
  EXPECT_FALSE(builtinExceptionIsSubclass("KeyboardInterrupt", "Exception"));
  EXPECT_FALSE(builtinExceptionIsSubclass("Exception", "KeyError"));
  EXPECT_TRUE(isBuiltinExceptionClass("StopIteration"));
  EXPECT_FALSE(isBuiltinExceptionClass("len"));
  // ExceptionGroup(BaseExceptionGroup, Exception): both bases, BaseExceptionGroup not an
  // Exception.
  EXPECT_TRUE(isBuiltinExceptionClass("ExceptionGroup"));
  EXPECT_TRUE(builtinExceptionIsSubclass("ExceptionGroup", "BaseExceptionGroup"));
  EXPECT_TRUE(builtinExceptionIsSubclass("ExceptionGroup", "Exception"));
  EXPECT_TRUE(builtinExceptionIsSubclass("ExceptionGroup", "BaseException"));
  EXPECT_FALSE(builtinExceptionIsSubclass("BaseExceptionGroup", "Exception"));
  EXPECT_FALSE(builtinExceptionIsSubclass("BaseExceptionGroup", "ExceptionGroup"));
}

TEST(Exceptions, BuiltinExceptionValue) {
  auto e = makeBuiltinException("ValueError", {ConstantVariable::make(int64_t{3})}, {});
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)->repr(),
            "ExceptionVariable(ValueError(ConstantVariable(3)), AttributeMutationNew)");
  EXPECT_EQ((*e)->pythonTypeName(), "ValueError");
  auto kw = makeBuiltinException("ValueError", {}, {{"x", ConstantVariable::make(true)}});
  ASSERT_FALSE(kw);
  EXPECT_EQ(kw.error().message(),
            "unsupported: keyword arguments to exception constructor ValueError");
}

TEST(Exceptions, ContextIsTheHandledException) {
  ExceptionStack stack;
  VtPtr first = makeBuiltinException("KeyError", {}, {}).value();
  stack.setCurrent(first, true);
  stack.moveCurrentToStack();  // PUSH_EXC_INFO: its handler runs
  EXPECT_FALSE(stack.current());
  VtPtr second = makeBuiltinException("ValueError", {}, {}).value();
  stack.setCurrent(second, true);  // raised inside the handler
  EXPECT_EQ(asException(second)->context(), first);
  // A re-raise of the handled exception does not become its own context.
  stack.setCurrent(first, false);
  EXPECT_FALSE(asException(first)->context());
  stack.pop();  // POP_EXCEPT
  EXPECT_TRUE(stack.empty());
}

TEST(Exceptions, ObservedExceptionKindSurvivesContext) {
  Error e = Error::observedException("raised exception ValueError()");
  EXPECT_TRUE(e.isObservedException());
  Error wrapped = e.withContext("helper at offset 10");
  EXPECT_TRUE(wrapped.isObservedException());
  EXPECT_EQ(wrapped.message(), "helper at offset 10: raised exception ValueError()");
  EXPECT_FALSE(Error("plain").withContext("c").isObservedException());
}

std::unique_ptr<trace::TraceReader> openCorpus(const std::string& rel) {
  auto t = trace::TraceReader::openFile(std::string(DYNRR_CORPUS_DIR) + "/traces/" + rel);
  EXPECT_TRUE(t);
  return t ? std::make_unique<trace::TraceReader>(std::move(*t)) : nullptr;
}

TEST(Exceptions, EscapingExceptionRefusesTheFrame) {
  auto trace = openCorpus("exceptions/uncaught_in_root.dynrr");
  ASSERT_TRUE(trace);
  auto outcome = tracer::replayFrame(*trace, 0);
  ASSERT_TRUE(outcome) << outcome.error().message();
  EXPECT_TRUE(outcome->refused);
  EXPECT_TRUE(outcome->decisions.graphs.empty());
  ASSERT_EQ(outcome->decisions.breaks.size(), 1u);
  EXPECT_EQ(outcome->decisions.breaks[0].gbType, "Observed exception");
}

TEST(Exceptions, CaughtExceptionKeepsOneGraph) {
  auto trace = openCorpus("exceptions/raise_two_levels_deep.dynrr");
  ASSERT_TRUE(trace);
  auto outcome = tracer::replayFrame(*trace, 0);
  ASSERT_TRUE(outcome) << outcome.error().message();
  EXPECT_FALSE(outcome->refused);
  EXPECT_EQ(outcome->decisions.graphs.size(), 1u);
  EXPECT_TRUE(outcome->decisions.breaks.empty());
}

}  // namespace
}  // namespace dynrr::vt
