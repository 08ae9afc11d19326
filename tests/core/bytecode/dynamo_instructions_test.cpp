// dynamo_instructions_test.cpp — dynamoCleanedInstructions against what torch 2.13's
// cleaned_instructions gave for every code object of every golden (make_goldens.py):
// offsets, opnames, args, argvals, propagated lines, jump-target marks and targets.
#include "core/bytecode/dynamo_instructions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <filesystem>

#include "core/bytecode/code_object.h"
#include "core/bytecode/py_repr.h"
#include "tests/core/bytecode/golden_file.h"

namespace dynrr::bytecode {
namespace {

std::vector<std::string> allGoldens() {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(testing::goldenDir())) {
    const std::string stem = entry.path().stem().string();
    if (entry.path().extension() != ".txt" || stem == "opcode_table" || stem == "repr_cases" ||
        stem == "stack_effect" || stem == "pretty_flags") {
      continue;
    }
    names.push_back(stem);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// repr(argval) of a Dynamo instruction, as Python prints it.
std::string argvalRepr(const Instruction& ins, const trace::TraceReader& trace) {
  switch (ins.kind) {
    case OperandKind::kNone: return "None";
    case OperandKind::kConst: return ins.constRef == 0 ? "None" : pyRepr(trace, ins.constRef);
    case OperandKind::kName:
    case OperandKind::kGlobal:
    case OperandKind::kLocal:
    case OperandKind::kCompare: return strRepr(ins.text);
    case OperandKind::kJump: return std::to_string(*ins.jumpTarget);
    case OperandKind::kFormatValue: {
      static const char* kConv[] = {"None", "<class 'str'>", "<built-in function repr>",
                                    "<built-in function ascii>"};
      return std::string("(") + kConv[ins.arg & 3] + ", " + ((ins.arg & 4) ? "True" : "False") +
             ")";
    }
    case OperandKind::kRaw:
    case OperandKind::kBinaryOp:
    case OperandKind::kMakeFunction: return ins.hasArg ? std::to_string(ins.arg) : "None";
  }
  return "?";
}

class DynamoGoldenTest : public ::testing::TestWithParam<std::string> {};

TEST_P(DynamoGoldenTest, MatchesCleanedInstructions) {
  auto golden = testing::readGolden(testing::goldenDir() + "/" + GetParam() + ".txt");
  ASSERT_TRUE(golden.ok()) << golden.error().message();
  auto t = testing::buildTrace(*golden);
  ASSERT_TRUE(t.ok()) << t.error().message();
  const trace::TraceReader& trace = *t->reader;
  // The generator numbers code objects breadth first through co_consts.
  std::vector<trace::ObjRef> refs{t->top};
  for (size_t i = 0; i < refs.size(); ++i) {
    auto code = codeFromTrace(trace, refs[i]);
    ASSERT_TRUE(code.ok());
    for (trace::ObjRef c : code->consts) {
      auto obj = trace.object(c);
      if (obj.ok() && obj->which() == schema::Object::Which::CODE &&
          std::find(refs.begin(), refs.end(), c) == refs.end()) {
        refs.push_back(c);
      }
    }
  }
  ASSERT_EQ(refs.size(), golden->codes.size());
  size_t compared = 0;
  for (size_t i = 0; i < refs.size(); ++i) {
    const auto& gc = golden->codes[i];
    SCOPED_TRACE("code " + std::to_string(i) + " " + gc.blobs.at("qualname"));
    auto code = codeFromTrace(trace, refs[i]);
    ASSERT_TRUE(code.ok());
    auto cleaned = dynamoCleanedInstructions(*code);
    if (!gc.dynamoError.empty()) {
      EXPECT_FALSE(cleaned.ok()) << "Dynamo raised " << gc.dynamoError;
      continue;
    }
    ASSERT_TRUE(cleaned.ok()) << cleaned.error().message();
    ASSERT_EQ(cleaned->instructions.size(), gc.dynamo.size());
    for (size_t k = 0; k < gc.dynamo.size(); ++k) {
      const auto& want = gc.dynamo[k];
      const Instruction& got = cleaned->instructions[k];
      SCOPED_TRACE("instruction " + std::to_string(k) + " " + want.opname + " at " +
                   std::to_string(want.offset));
      EXPECT_EQ(got.offset, want.offset);
      EXPECT_EQ(got.opname, want.opname);
      EXPECT_EQ(got.hasArg ? std::optional<int32_t>(got.arg) : std::nullopt, want.arg);
      EXPECT_EQ(testing::normaliseAddresses(argvalRepr(got, trace)),
                testing::normaliseAddresses(want.argvalRepr));
      EXPECT_EQ(got.startsLine, want.startsLine);
      EXPECT_EQ(got.isJumpTarget, want.isJumpTarget);
      EXPECT_EQ(got.jumpTarget ? std::optional<int32_t>(static_cast<int32_t>(*got.jumpTarget))
                               : std::nullopt,
                want.target);
      EXPECT_EQ(cleaned->indexOfOffset(got.offset), std::optional<size_t>(k));
      if (const auto original = cleaned->originalOffsets[k]) {
        EXPECT_EQ(cleaned->dynamoOffset(*original), std::optional<uint32_t>(got.offset));
      }
      ++compared;
    }
  }
  EXPECT_GT(compared, 0u);
}

INSTANTIATE_TEST_SUITE_P(Torch213, DynamoGoldenTest, ::testing::ValuesIn(allGoldens()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace dynrr::bytecode
