// decode_test.cpp — unit tests of the decoder on hand-built code objects: EXTENDED_ARG
// folding, inline caches, jump targets, quickened opcodes, and malformed input (each an
// Error naming the offset, never a crash). Opcode numbers are CPython 3.11's.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/bytecode/code_object.h"
#include "core/bytecode/disassembler.h"
#include "core/bytecode/exception_table.h"
#include "core/bytecode/instruction.h"
#include "core/bytecode/line_table.h"
#include "core/bytecode/opcode_table.h"
#include "tests/support/sample_trace.h"

namespace dynrr::bytecode {
namespace {

constexpr uint8_t kNop = 9, kReturnValue = 83, kLoadConst = 100, kCompareOp = 107,
                  kJumpForward = 110, kPopJumpForwardIfFalse = 114, kLoadGlobal = 116,
                  kBinaryOp = 122, kLoadFast = 124, kJumpBackward = 140, kExtendedArg = 144,
                  kResume = 151, kBinaryOpAddInt = 5, kLoadAttr = 106;

std::string units(std::initializer_list<std::pair<uint8_t, uint8_t>> ops) {
  std::string s;
  for (auto [op, arg] : ops) {
    s.push_back(static_cast<char>(op));
    s.push_back(static_cast<char>(arg));
  }
  return s;
}

std::string caches(int n) { return std::string(2 * static_cast<size_t>(n), '\0'); }

CodeObject makeCode(std::string bytes, size_t nconsts = 1, size_t nnames = 1, size_t nlocals = 1) {
  CodeObject c;
  c.code = std::move(bytes);
  c.name = c.qualname = "f";
  c.filename = "t.py";
  c.firstlineno = 1;
  for (size_t i = 0; i < nconsts; ++i) c.consts.push_back(static_cast<trace::ObjRef>(i + 1));
  for (size_t i = 0; i < nnames; ++i) c.names.push_back("n" + std::to_string(i));
  for (size_t i = 0; i < nlocals; ++i) {
    c.localsplusnames.push_back("v" + std::to_string(i));
    c.localspluskinds.push_back(static_cast<char>(kFastLocal));
  }
  c.varnames = c.localsplusnames;
  return c;
}

// Plain stand-in reprs: these tests check structure, not Python's repr.
ConstRepr fakeConsts() {
  ConstRepr r;
  r.repr = [](trace::ObjRef ref) { return "c" + std::to_string(ref); };
  r.nestedCode = [](trace::ObjRef) -> Expected<std::optional<CodeObject>> {
    return std::optional<CodeObject>();
  };
  return r;
}

TEST(OpcodeConstants, NameEveryBaseOpcode) {
  const std::pair<uint8_t, std::string_view> kAll[] = {
      {op::kCache, "CACHE"},
      {op::kPopTop, "POP_TOP"},
      {op::kPushNull, "PUSH_NULL"},
      {op::kNop, "NOP"},
      {op::kUnaryPositive, "UNARY_POSITIVE"},
      {op::kUnaryNegative, "UNARY_NEGATIVE"},
      {op::kUnaryNot, "UNARY_NOT"},
      {op::kUnaryInvert, "UNARY_INVERT"},
      {op::kBinarySubscr, "BINARY_SUBSCR"},
      {op::kGetLen, "GET_LEN"},
      {op::kMatchMapping, "MATCH_MAPPING"},
      {op::kMatchSequence, "MATCH_SEQUENCE"},
      {op::kMatchKeys, "MATCH_KEYS"},
      {op::kPushExcInfo, "PUSH_EXC_INFO"},
      {op::kCheckExcMatch, "CHECK_EXC_MATCH"},
      {op::kCheckEgMatch, "CHECK_EG_MATCH"},
      {op::kWithExceptStart, "WITH_EXCEPT_START"},
      {op::kGetAiter, "GET_AITER"},
      {op::kGetAnext, "GET_ANEXT"},
      {op::kBeforeAsyncWith, "BEFORE_ASYNC_WITH"},
      {op::kBeforeWith, "BEFORE_WITH"},
      {op::kEndAsyncFor, "END_ASYNC_FOR"},
      {op::kStoreSubscr, "STORE_SUBSCR"},
      {op::kDeleteSubscr, "DELETE_SUBSCR"},
      {op::kGetIter, "GET_ITER"},
      {op::kGetYieldFromIter, "GET_YIELD_FROM_ITER"},
      {op::kPrintExpr, "PRINT_EXPR"},
      {op::kLoadBuildClass, "LOAD_BUILD_CLASS"},
      {op::kLoadAssertionError, "LOAD_ASSERTION_ERROR"},
      {op::kReturnGenerator, "RETURN_GENERATOR"},
      {op::kListToTuple, "LIST_TO_TUPLE"},
      {op::kReturnValue, "RETURN_VALUE"},
      {op::kImportStar, "IMPORT_STAR"},
      {op::kSetupAnnotations, "SETUP_ANNOTATIONS"},
      {op::kYieldValue, "YIELD_VALUE"},
      {op::kAsyncGenWrap, "ASYNC_GEN_WRAP"},
      {op::kPrepReraiseStar, "PREP_RERAISE_STAR"},
      {op::kPopExcept, "POP_EXCEPT"},
      {op::kStoreName, "STORE_NAME"},
      {op::kDeleteName, "DELETE_NAME"},
      {op::kUnpackSequence, "UNPACK_SEQUENCE"},
      {op::kForIter, "FOR_ITER"},
      {op::kUnpackEx, "UNPACK_EX"},
      {op::kStoreAttr, "STORE_ATTR"},
      {op::kDeleteAttr, "DELETE_ATTR"},
      {op::kStoreGlobal, "STORE_GLOBAL"},
      {op::kDeleteGlobal, "DELETE_GLOBAL"},
      {op::kSwap, "SWAP"},
      {op::kLoadConst, "LOAD_CONST"},
      {op::kLoadName, "LOAD_NAME"},
      {op::kBuildTuple, "BUILD_TUPLE"},
      {op::kBuildList, "BUILD_LIST"},
      {op::kBuildSet, "BUILD_SET"},
      {op::kBuildMap, "BUILD_MAP"},
      {op::kLoadAttr, "LOAD_ATTR"},
      {op::kCompareOp, "COMPARE_OP"},
      {op::kImportName, "IMPORT_NAME"},
      {op::kImportFrom, "IMPORT_FROM"},
      {op::kJumpForward, "JUMP_FORWARD"},
      {op::kJumpIfFalseOrPop, "JUMP_IF_FALSE_OR_POP"},
      {op::kJumpIfTrueOrPop, "JUMP_IF_TRUE_OR_POP"},
      {op::kPopJumpForwardIfFalse, "POP_JUMP_FORWARD_IF_FALSE"},
      {op::kPopJumpForwardIfTrue, "POP_JUMP_FORWARD_IF_TRUE"},
      {op::kLoadGlobal, "LOAD_GLOBAL"},
      {op::kIsOp, "IS_OP"},
      {op::kContainsOp, "CONTAINS_OP"},
      {op::kReraise, "RERAISE"},
      {op::kCopy, "COPY"},
      {op::kBinaryOp, "BINARY_OP"},
      {op::kSend, "SEND"},
      {op::kLoadFast, "LOAD_FAST"},
      {op::kStoreFast, "STORE_FAST"},
      {op::kDeleteFast, "DELETE_FAST"},
      {op::kPopJumpForwardIfNotNone, "POP_JUMP_FORWARD_IF_NOT_NONE"},
      {op::kPopJumpForwardIfNone, "POP_JUMP_FORWARD_IF_NONE"},
      {op::kRaiseVarargs, "RAISE_VARARGS"},
      {op::kGetAwaitable, "GET_AWAITABLE"},
      {op::kMakeFunction, "MAKE_FUNCTION"},
      {op::kBuildSlice, "BUILD_SLICE"},
      {op::kJumpBackwardNoInterrupt, "JUMP_BACKWARD_NO_INTERRUPT"},
      {op::kMakeCell, "MAKE_CELL"},
      {op::kLoadClosure, "LOAD_CLOSURE"},
      {op::kLoadDeref, "LOAD_DEREF"},
      {op::kStoreDeref, "STORE_DEREF"},
      {op::kDeleteDeref, "DELETE_DEREF"},
      {op::kJumpBackward, "JUMP_BACKWARD"},
      {op::kCallFunctionEx, "CALL_FUNCTION_EX"},
      {op::kExtendedArg, "EXTENDED_ARG"},
      {op::kListAppend, "LIST_APPEND"},
      {op::kSetAdd, "SET_ADD"},
      {op::kMapAdd, "MAP_ADD"},
      {op::kLoadClassderef, "LOAD_CLASSDEREF"},
      {op::kCopyFreeVars, "COPY_FREE_VARS"},
      {op::kResume, "RESUME"},
      {op::kMatchClass, "MATCH_CLASS"},
      {op::kFormatValue, "FORMAT_VALUE"},
      {op::kBuildConstKeyMap, "BUILD_CONST_KEY_MAP"},
      {op::kBuildString, "BUILD_STRING"},
      {op::kLoadMethod, "LOAD_METHOD"},
      {op::kListExtend, "LIST_EXTEND"},
      {op::kSetUpdate, "SET_UPDATE"},
      {op::kDictMerge, "DICT_MERGE"},
      {op::kDictUpdate, "DICT_UPDATE"},
      {op::kPrecall, "PRECALL"},
      {op::kCall, "CALL"},
      {op::kKwNames, "KW_NAMES"},
      {op::kPopJumpBackwardIfNotNone, "POP_JUMP_BACKWARD_IF_NOT_NONE"},
      {op::kPopJumpBackwardIfNone, "POP_JUMP_BACKWARD_IF_NONE"},
      {op::kPopJumpBackwardIfFalse, "POP_JUMP_BACKWARD_IF_FALSE"},
      {op::kPopJumpBackwardIfTrue, "POP_JUMP_BACKWARD_IF_TRUE"},
  };
  int bases = 0;
  for (int i = 0; i < 256; ++i) {
    const OpcodeInfo& info = opcodeInfo(static_cast<uint8_t>(i));
    bases += info.name != nullptr && info.deopt == i;
  }
  EXPECT_EQ(static_cast<int>(std::size(kAll)), bases);
  for (auto [opcode, name] : kAll) {
    EXPECT_EQ(opcodeName(opcode), name);
    EXPECT_EQ(opcodeInfo(opcode).deopt, opcode) << name;
  }
}

TEST(Decode, ExtendedArgIsFoldedIntoTheNextOparg) {
  CodeObject c = makeCode(units({{kExtendedArg, 1}, {kLoadFast, 2}, {kReturnValue, 0}}), 1, 1, 300);
  auto ins = decodeInstructions(c);
  ASSERT_TRUE(ins.ok()) << ins.error().message();
  ASSERT_EQ(ins->size(), 3u);
  EXPECT_EQ((*ins)[0].opname, "EXTENDED_ARG");
  EXPECT_EQ((*ins)[0].arg, 1);
  EXPECT_EQ((*ins)[1].arg, 0x102);
  EXPECT_EQ((*ins)[1].kind, OperandKind::kLocal);
  EXPECT_EQ((*ins)[1].text, "v258");
  EXPECT_FALSE((*ins)[2].hasArg);
}

TEST(Decode, TwoExtendedArgsMakeAJumpPast128KiB) {
  // JUMP_FORWARD 0x10000 words from offset 4: target 4 + 2 + 131072 = 131078.
  std::string code = units({{kExtendedArg, 1}, {kExtendedArg, 0}, {kJumpForward, 0}});
  code += std::string(131078 - code.size(), '\0');
  for (size_t i = 6; i < code.size(); i += 2) code[i] = static_cast<char>(kNop);
  code += units({{kReturnValue, 0}});
  auto ins = decodeInstructions(makeCode(code));
  ASSERT_TRUE(ins.ok()) << ins.error().message();
  EXPECT_EQ((*ins)[1].arg, 0x100);
  EXPECT_EQ((*ins)[2].arg, 0x10000);
  ASSERT_TRUE((*ins)[2].jumpTarget.has_value());
  EXPECT_EQ(*(*ins)[2].jumpTarget, 131078u);
  EXPECT_TRUE(ins->back().isJumpTarget);
  EXPECT_EQ(ins->back().offset, 131078u);
}

TEST(Decode, ExtendedArgOverflowWrapsNegativeAndIsRejectedAsAnIndex) {
  // Four EXTENDED_ARG 0xff wrap the C int negative, as in dis._unpack_opargs.
  CodeObject c = makeCode(units({{kExtendedArg, 0xff},
                                 {kExtendedArg, 0xff},
                                 {kExtendedArg, 0xff},
                                 {kExtendedArg, 0xff},
                                 {kLoadFast, 0}}));
  auto ins = decodeInstructions(c);
  ASSERT_FALSE(ins.ok());
  EXPECT_NE(ins.error().message().find("offset 8"), std::string::npos) << ins.error().message();
  EXPECT_NE(ins.error().message().find("-256"), std::string::npos) << ins.error().message();
}

TEST(Decode, InlineCachesAreSkipped) {
  // LOAD_GLOBAL has 5 cache units, BINARY_OP 1, LOAD_ATTR 4.
  std::string code = units({{kResume, 0}, {kLoadGlobal, 1}}) + caches(5) +
                     units({{kLoadFast, 0}, {kBinaryOp, 13}}) + caches(1) +
                     units({{kLoadAttr, 0}}) + caches(4) + units({{kReturnValue, 0}});
  auto ins = decodeInstructions(makeCode(code));
  ASSERT_TRUE(ins.ok()) << ins.error().message();
  ASSERT_EQ(ins->size(), 6u);
  std::vector<uint32_t> offsets;
  for (const auto& i : *ins) offsets.push_back(i.offset);
  EXPECT_EQ(offsets, (std::vector<uint32_t>{0, 2, 14, 16, 20, 30}));
  EXPECT_EQ((*ins)[1].cacheEntries, 5);
  EXPECT_EQ((*ins)[1].nextOffset(), 14u);
  EXPECT_EQ((*ins)[1].kind, OperandKind::kGlobal);
  EXPECT_TRUE((*ins)[1].pushNull);
  EXPECT_EQ((*ins)[1].text, "n0");
  EXPECT_EQ((*ins)[3].text, "+=");
}

TEST(Decode, QuickenedOpcodeDecodesWithItsBase) {
  std::string code = units({{kLoadFast, 0}, {kLoadFast, 0}, {kBinaryOpAddInt, 0}}) + caches(1) +
                     units({{kReturnValue, 0}});
  code[7] = 0x35;  // a non-zero cache counter, as a quickened code object has
  auto ins = decodeInstructions(makeCode(code));
  ASSERT_TRUE(ins.ok()) << ins.error().message();
  EXPECT_EQ((*ins)[2].opname, "BINARY_OP_ADD_INT");
  EXPECT_EQ((*ins)[2].baseOpcode, kBinaryOp);
  EXPECT_EQ((*ins)[2].text, "+");
  EXPECT_EQ((*ins)[3].offset, 8u);
  const std::string deopt = deoptimizeCode(code);
  EXPECT_EQ(static_cast<uint8_t>(deopt[4]), kBinaryOp);
  EXPECT_EQ(deopt[7], 0);
}

TEST(Decode, JumpTargetsForwardBackwardAndHandlers) {
  // 0 NOP; 2 LOAD_FAST; 4 POP_JUMP_FORWARD_IF_FALSE +1 -> 8; 6 JUMP_BACKWARD 3 -> 2;
  // 8 RETURN_VALUE. Exception entry [0, 4) -> 6 (start 0, len 2, target 3, depth 0).
  CodeObject c = makeCode(units({{kNop, 0},
                                 {kLoadFast, 0},
                                 {kPopJumpForwardIfFalse, 1},
                                 {kJumpBackward, 3},
                                 {kReturnValue, 0}}));
  c.exceptiontable = std::string("\x80\x02\x03\x00", 4);
  auto d = decodeCode(c);
  ASSERT_TRUE(d.ok()) << d.error().message();
  const auto& ins = d->instructions;
  EXPECT_EQ(*ins[2].jumpTarget, 8u);
  EXPECT_EQ(*ins[3].jumpTarget, 2u);
  std::vector<bool> targets;
  for (const auto& i : ins) targets.push_back(i.isJumpTarget);
  EXPECT_EQ(targets, (std::vector<bool>{false, true, false, true, true}));
  ASSERT_EQ(d->exceptionTable.size(), 1u);
  EXPECT_EQ(d->exceptionTable[0], (ExceptionTableEntry{0, 4, 6, 0, false}));
  EXPECT_EQ(findHandler(d->exceptionTable, 2), &d->exceptionTable[0]);
  EXPECT_EQ(findHandler(d->exceptionTable, 4), nullptr);
}

void expectError(const CodeObject& c, const std::string& needle1, const std::string& needle2 = "") {
  SCOPED_TRACE(needle1);
  auto ins = decodeInstructions(c);
  ASSERT_FALSE(ins.ok());
  EXPECT_NE(ins.error().message().find(needle1), std::string::npos) << ins.error().message();
  if (!needle2.empty()) {
    EXPECT_NE(ins.error().message().find(needle2), std::string::npos) << ins.error().message();
  }
  // The disassembler reports the same problem instead of crashing.
  const std::string text = disassemble(c, fakeConsts());
  EXPECT_EQ(text.rfind("<cannot disassemble: ", 0), 0u) << text;
}

TEST(Decode, MalformedInputIsAnErrorWithTheOffset) {
  expectError(makeCode(units({{kNop, 0}}) + "\x09"), "odd length 3");
  expectError(makeCode(units({{kNop, 0}, {kNop, 0}, {0xFF, 0}})), "unknown opcode 255", "offset 4");
  expectError(makeCode(units({{kNop, 0}, {181, 0}})), "unknown opcode 181 ");
  expectError(makeCode(units({{kNop, 0}, {kLoadGlobal, 0}}) + caches(2)), "LOAD_GLOBAL at offset 2",
              "cache");
  expectError(makeCode(units({{kLoadConst, 1}})), "LOAD_CONST at offset 0",
              "outside the 1 constants");
  expectError(makeCode(units({{kNop, 0}, {kLoadGlobal, 2}}) + caches(5)), "offset 2", "names");
  expectError(makeCode(units({{kLoadFast, 7}})), "LOAD_FAST at offset 0", "local");
  expectError(makeCode(units({{kNop, 0}, {kJumpForward, 5}})), "jumps to 14", "offset 2");
  expectError(makeCode(units({{kJumpBackward, 2}})), "jumps to -2");
  expectError(makeCode(units({{kBinaryOp, 26}}) + caches(1)), "binary operators");
  expectError(makeCode(units({{kCompareOp, 6}}) + caches(2)), "comparison operators");
  CodeObject badLines = makeCode(units({{kNop, 0}}));
  badLines.linetable = std::string("\xf0", 1);  // long form with no varints after it
  expectError(badLines, "location table truncated");
  CodeObject badExc = makeCode(units({{kNop, 0}}));
  badExc.exceptiontable = std::string("\x80\x01", 2);
  expectError(badExc, "exception table truncated");
  CodeObject farExc = makeCode(units({{kNop, 0}}));
  farExc.exceptiontable = std::string("\x80\x01\x09\x00", 4);
  expectError(farExc, "outside the 2 bytes");
}

TEST(Decode, RandomBytesNeverCrash) {
  std::mt19937 rng(11);
  int decoded = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string bytes(rng() % 64, '\0');
    for (auto& b : bytes) b = static_cast<char>(rng());
    CodeObject c = makeCode(bytes, rng() % 4, rng() % 4, rng() % 4);
    if (round % 3 == 0) {
      c.linetable.resize(rng() % 16);
      for (auto& b : c.linetable) b = static_cast<char>(rng());
    }
    if (round % 5 == 0) {
      c.exceptiontable.resize(rng() % 12);
      for (auto& b : c.exceptiontable) b = static_cast<char>(rng());
    }
    auto ins = decodeInstructions(c);
    DisassembleOptions opts;
    opts.showCaches = round % 2 == 0;
    opts.adaptive = round % 4 < 2;
    const std::string text = disassemble(c, fakeConsts(), opts);
    if (ins.ok()) {
      ++decoded;
      for (const auto& i : *ins) {
        ASSERT_LT(i.offset, c.code.size());
        if (i.jumpTarget) {
          ASSERT_LT(*i.jumpTarget, c.code.size());
        }
      }
      // One line per instruction at least (adaptive=false may deoptimize first, which
      // keeps the instruction boundaries).
      if (opts.adaptive) {
        EXPECT_GE(static_cast<size_t>(std::count(text.begin(), text.end(), '\n')), ins->size());
      }
    } else if (opts.adaptive) {
      EXPECT_EQ(text.rfind("<cannot disassemble: ", 0), 0u) << text;
    }
  }
  EXPECT_GT(decoded, 0);
}

TEST(Disassemble, CurrentOffsetIsMarked) {
  CodeObject c = makeCode(units({{kResume, 0}, {kLoadConst, 0}, {kReturnValue, 0}}));
  // One short-form entry covering all three units on line 1, columns 0-5.
  c.linetable = std::string("\x82\x05", 2);
  const std::string text = disassemble(c, fakeConsts(), uint32_t{2});
  EXPECT_EQ(text,
            "  1           0 RESUME                   0\n"
            "    -->       2 LOAD_CONST               0 (c1)\n"
            "              4 RETURN_VALUE\n");
  EXPECT_EQ(disassemble(c, fakeConsts(), std::nullopt).find("-->"), std::string::npos);
}

TEST(LineTable, ForwardsAndNoLineEntries) {
  // Line 5 (one-line form delta 0), then +2 (code 12), then a no-location entry.
  const std::string table(
      "\xd1\x00\x04"
      "\xe0\x01\x03"
      "\xf8",
      7);
  auto lines = decodeLines(table, 5);
  ASSERT_TRUE(lines.ok()) << lines.error().message();
  ASSERT_EQ(lines->size(), 3u);
  EXPECT_EQ((*lines)[0], (LineRange{0, 4, 5}));
  EXPECT_EQ((*lines)[1], (LineRange{4, 6, 7}));
  EXPECT_EQ((*lines)[2], (LineRange{6, 8, std::nullopt}));
  auto starts = findLineStarts(*lines);
  EXPECT_EQ(starts, (std::vector<std::pair<uint32_t, int32_t>>{{0, 5}, {4, 7}}));
  auto pos = decodePositions(table, 5);
  ASSERT_TRUE(pos.ok());
  ASSERT_EQ(pos->size(), 4u);
  EXPECT_EQ((*pos)[1], (Positions{5, 5, 0, 4}));
  EXPECT_EQ((*pos)[2], (Positions{7, 7, 1, 3}));
  EXPECT_EQ((*pos)[3], Positions{});
}

TEST(CodeFromTrace, RejectsNonCodeAndMissingRefs) {
  auto writer = trace::TraceWriter::createInMemory(dynrr::testing::fillTestHeader);
  ASSERT_TRUE(writer.ok());
  auto& eb = (*writer)->beginEvent();
  const trace::ObjRef one = eb.integer(1);
  ASSERT_TRUE((*writer)->finishEvent().ok());
  auto reader = trace::TraceReader::fromBytes((*writer)->bytes());
  ASSERT_TRUE(reader.ok());
  auto notCode = codeFromTrace(*reader, one);
  ASSERT_FALSE(notCode.ok());
  EXPECT_NE(notCode.error().message().find("not a code object"), std::string::npos);
  EXPECT_FALSE(codeFromTrace(*reader, 99).ok());
  EXPECT_FALSE(codeFromTrace(*reader, 0).ok());
}

TEST(CodeFromTrace, RebuildsLocalsPlusWhenTheTraceLacksIt) {
  CodeObject c;
  c.varnames = {"a", "b"};
  c.cellvars = {"b", "c"};
  c.freevars = {"d"};
  rebuildLocalsPlus(c);
  EXPECT_EQ(c.localsplusnames, (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(c.localspluskinds, std::string("\x20\x60\x40\x80", 4));
}

}  // namespace
}  // namespace dynrr::bytecode
