// golden_test.cpp — every golden from real CPython 3.11 (make_goldens.py): the code
// objects are rebuilt in a trace with no Python, then the disassembly (dis.dis, with
// show_caches, with lasti, adaptive), co_lines(), co_positions() and the exception table
// must equal CPython's exactly (object addresses normalised).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "core/bytecode/code_info.h"
#include "core/bytecode/code_object.h"
#include "core/bytecode/disassembler.h"
#include "core/bytecode/dynamo_instructions.h"
#include "core/bytecode/instruction.h"
#include "core/bytecode/opcode_table.h"
#include "core/bytecode/py_repr.h"
#include "core/bytecode/stack_effect.h"
#include "tests/core/bytecode/golden_file.h"
#include "tests/support/sample_trace.h"

namespace dynrr::bytecode {
namespace {

using testing::Golden;
using testing::GoldenTrace;

std::vector<std::string> goldenNames(bool adaptiveOnly = false) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(testing::goldenDir())) {
    const std::string file = entry.path().filename().string();
    if (entry.path().extension() != ".txt" || file == "opcode_table.txt" ||
        file == "repr_cases.txt" || file == "stack_effect.txt" || file == "pretty_flags.txt") {
      continue;
    }
    if (adaptiveOnly && file.rfind("adaptive_", 0) != 0) continue;
    names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

class GoldenTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    auto g = testing::readGolden(testing::goldenDir() + "/" + GetParam() + ".txt");
    ASSERT_TRUE(g.ok()) << g.error().message();
    golden_ = std::move(g.value());
    auto t = testing::buildTrace(golden_);
    ASSERT_TRUE(t.ok()) << t.error().message();
    trace_ = std::move(t.value());
  }

  // The refs of every code object in the trace, in golden order (golden code i is the
  // i-th code object met walking consts depth-first from the top, like the generator).
  Golden golden_;
  GoldenTrace trace_;
};

TEST_P(GoldenTest, CodeObjectRoundTrips) {
  auto code = codeFromTrace(*trace_.reader, trace_.top);
  ASSERT_TRUE(code.ok()) << code.error().message();
  const auto& gc = golden_.codes[0];
  EXPECT_EQ(code->code, gc.bytes);
  EXPECT_EQ(code->argcount, gc.ints.at("argcount"));
  EXPECT_EQ(code->firstlineno, gc.ints.at("firstlineno"));
  EXPECT_EQ(code->flags, gc.ints.at("flags"));
  EXPECT_EQ(code->qualname, gc.blobs.at("qualname"));
  EXPECT_EQ(code->linetable, gc.blobs.at("linetable"));
  EXPECT_EQ(code->localsplusnames, gc.lists.at("localsplusnames"));
  EXPECT_EQ(code->localspluskinds, gc.blobs.at("localspluskinds"));
}

TEST_P(GoldenTest, LinesPositionsAndExceptionTable) {
  for (size_t i = 0; i < golden_.codes.size(); ++i) {
    const auto& gc = golden_.codes[i];
    SCOPED_TRACE("code " + std::to_string(i) + " " + gc.blobs.at("qualname"));
    auto lines = decodeLines(gc.blobs.at("linetable"), gc.ints.at("firstlineno"));
    ASSERT_TRUE(lines.ok()) << lines.error().message();
    EXPECT_EQ(*lines, gc.lines);
    auto positions = decodePositions(gc.blobs.at("linetable"), gc.ints.at("firstlineno"));
    ASSERT_TRUE(positions.ok()) << positions.error().message();
    EXPECT_EQ(positions->size(), gc.positions.size());
    EXPECT_TRUE(*positions == gc.positions);
    auto exc = parseExceptionTable(gc.blobs.at("exceptiontable"), gc.bytes.size());
    ASSERT_TRUE(exc.ok()) << exc.error().message();
    EXPECT_EQ(*exc, gc.exceptionTable);
  }
}

// Each instruction carries co_positions() of its first code unit and, when it starts a
// line, dis.findlinestarts' line.
TEST_P(GoldenTest, InstructionsCarryPositionsAndLineStarts) {
  auto code = codeFromTrace(*trace_.reader, trace_.top);
  ASSERT_TRUE(code.ok()) << code.error().message();
  auto decoded = decodeCode(*code);
  ASSERT_TRUE(decoded.ok()) << decoded.error().message();
  const auto& gc = golden_.codes[0];
  std::map<uint32_t, int32_t> starts;
  std::optional<int32_t> last;
  for (const LineRange& r : gc.lines) {
    if (r.line && r.line != last) starts.emplace(r.start, *r.line);
    if (r.line) last = r.line;
  }
  size_t withLine = 0;
  for (const Instruction& ins : decoded->instructions) {
    const size_t unit = ins.offset / 2;
    EXPECT_EQ(ins.positions, unit < gc.positions.size() ? gc.positions[unit] : Positions{})
        << "offset " << ins.offset;
    auto it = starts.find(ins.offset);
    EXPECT_EQ(ins.startsLine, it == starts.end() ? std::nullopt : std::optional(it->second))
        << "offset " << ins.offset;
    withLine += ins.startsLine.has_value();
    // addr2line agrees with the co_lines() range that holds the offset.
    std::optional<int32_t> want;
    for (const LineRange& r : gc.lines) {
      if (r.start <= ins.offset && ins.offset < r.end) want = r.line;
    }
    EXPECT_EQ(addr2line(decoded->lines, ins.offset), want) << "offset " << ins.offset;
  }
  EXPECT_EQ(addr2line(decoded->lines, static_cast<uint32_t>(code->code.size())), std::nullopt);
  EXPECT_EQ(withLine, starts.size());
}

// Lines of `a` and `b` side by side where they first differ, for readable failures.
std::string firstDifference(const std::string& a, const std::string& b) {
  std::istringstream sa(a), sb(b);
  std::string la, lb;
  for (int n = 1;; ++n) {
    bool ga = static_cast<bool>(std::getline(sa, la));
    bool gb = static_cast<bool>(std::getline(sb, lb));
    if (!ga && !gb) return "identical";
    if (!ga || !gb || la != lb) {
      return "line " + std::to_string(n) + "\n  ours:    [" + (ga ? la : "<end>") +
             "]\n  CPython: [" + (gb ? lb : "<end>") + "]";
    }
  }
}

TEST_P(GoldenTest, DisassemblyMatchesDis) {
  auto code = codeFromTrace(*trace_.reader, trace_.top);
  ASSERT_TRUE(code.ok()) << code.error().message();
  const ConstRepr consts = traceConstRepr(*trace_.reader);
  int checked = 0;
  for (const auto& [key, expected] : golden_.texts) {
    if (key.rfind("dis_adaptive", 0) == 0) continue;  // AdaptiveDisassembly
    DisassembleOptions opts;
    std::string ours;
    if (key == "dis") {
      ours = disassemble(*code, consts, opts);
    } else if (key == "code_info") {
      ours = codeInfo(*code, consts) + "\n";
    } else if (key == "dis_caches") {
      opts.showCaches = true;
      ours = disassemble(*code, consts, opts);
    } else if (key.rfind("dis_lasti_", 0) == 0) {
      ours = disassemble(*code, consts, static_cast<uint32_t>(std::stoul(key.substr(10))));
    } else {
      FAIL() << "unknown golden text " << key;
    }
    const std::string want = testing::normaliseAddresses(expected);
    const std::string got = testing::normaliseAddresses(ours);
    EXPECT_EQ(got, want) << key << ": " << firstDifference(got, want);
    ++checked;
  }
  EXPECT_GE(checked, 1);
}

// Real code objects with random bytes flipped in the code and its tables: decoding and
// disassembly either succeed or report an Error; they never crash (run under ASan/UBSan
// with -DDYNRR_SANITIZE=ON).
TEST_P(GoldenTest, MutatedCodeNeverCrashes) {
  auto code = codeFromTrace(*trace_.reader, trace_.top);
  ASSERT_TRUE(code.ok()) << code.error().message();
  const ConstRepr consts = traceConstRepr(*trace_.reader);
  std::mt19937 rng(static_cast<uint32_t>(std::hash<std::string>()(GetParam())));
  const int rounds = code->code.size() > 4000 ? 5 : 60;
  for (int round = 0; round < rounds; ++round) {
    CodeObject mutated = *code;
    std::string* field = round % 3 == 0   ? &mutated.code
                         : round % 3 == 1 ? &mutated.linetable
                                          : &mutated.exceptiontable;
    if (field->empty()) field = &mutated.code;
    for (int k = 0; k < 1 + round % 4; ++k) {
      (*field)[rng() % field->size()] = static_cast<char>(rng());
    }
    if (round % 7 == 0) field->resize(rng() % (field->size() + 1));
    auto decoded = decodeCode(mutated);
    DisassembleOptions opts;
    opts.showCaches = round % 2 == 0;
    auto text = disassembleChecked(mutated, consts, opts);
    auto cleaned = dynamoCleanedInstructions(mutated);
    if (!decoded.ok()) {
      EXPECT_FALSE(cleaned.ok());
    }
    // The disassembler decodes the same bytes (deoptimized, which keeps every
    // instruction boundary and oparg), so it fails exactly when decoding fails.
    ASSERT_EQ(decoded.ok(), text.ok())
        << (decoded.ok() ? text.error().message() : decoded.error().message());
    if (!decoded.ok()) {  // every error says where: a code offset or a table byte
      const std::string& m = decoded.error().message();
      EXPECT_TRUE(m.find("offset") != std::string::npos || m.find("byte") != std::string::npos ||
                  m.find("odd length") != std::string::npos)
          << m;
    }
  }
}

// Goldens of functions CPython quickened by running them (adaptive_*.txt).
class AdaptiveGoldenTest : public GoldenTest {};

TEST_P(AdaptiveGoldenTest, AdaptiveDisassembly) {
  ASSERT_TRUE(golden_.adaptiveBytes.has_value());
  auto t = testing::buildTrace(golden_, golden_.adaptiveBytes);
  ASSERT_TRUE(t.ok()) << t.error().message();
  auto code = codeFromTrace(*t->reader, t->top);
  ASSERT_TRUE(code.ok());
  const ConstRepr consts = traceConstRepr(*t->reader);
  // Quickened bytes really hold specialized opcodes, and deoptimize to co_code.
  EXPECT_NE(code->code, golden_.codes[0].bytes);
  EXPECT_EQ(deoptimizeCode(code->code), golden_.codes[0].bytes);
  for (const auto& [key, expected] : golden_.texts) {
    DisassembleOptions opts;
    if (key == "dis_adaptive") {
      opts.adaptive = true;
    } else if (key == "dis_adaptive_caches") {
      opts.adaptive = true;
      opts.showCaches = true;
    } else if (key == "dis") {
      opts.adaptive = false;  // specialized opcodes print as their base, like co_code
    } else {
      continue;
    }
    const std::string got = testing::normaliseAddresses(disassemble(*code, consts, opts));
    const std::string want = testing::normaliseAddresses(expected);
    EXPECT_EQ(got, want) << key << ": " << firstDifference(got, want);
  }
}

INSTANTIATE_TEST_SUITE_P(CPython311, GoldenTest, ::testing::ValuesIn(goldenNames()),
                         [](const auto& info) { return info.param; });

INSTANTIATE_TEST_SUITE_P(CPython311, AdaptiveGoldenTest, ::testing::ValuesIn(goldenNames(true)),
                         [](const auto& info) { return info.param; });

TEST(GoldenSet, CoversEnoughFunctions) {
  EXPECT_GE(goldenNames().size(), 40u);
  EXPECT_GE(goldenNames(true).size(), 2u);
}

// opcode_table.txt: "<op> <name> deopt=<n> caches=<n> arg=<0|1> <flags>".
TEST(OpcodeTable, MatchesCPython) {
  std::ifstream in(testing::goldenDir() + "/opcode_table.txt");
  ASSERT_TRUE(in);
  std::string line;
  int rows = 0;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    int opnum = 0;
    std::string name, deopt, caches, arg, flags;
    ss >> opnum >> name >> deopt >> caches >> arg >> flags;
    const auto opcode = static_cast<uint8_t>(opnum);
    const OpcodeInfo& info = opcodeInfo(opcode);
    SCOPED_TRACE(line);
    EXPECT_EQ(std::string(opcodeName(opcode)), name);
    EXPECT_EQ(isKnownOpcode(opcode), name[0] != '<');
    EXPECT_EQ(info.deopt, std::stoi(deopt.substr(6)));
    EXPECT_EQ(info.caches, std::stoi(caches.substr(7)));
    EXPECT_EQ(opcodeInfo(info.deopt).hasArg, arg == "arg=1");
    uint8_t want = 0;
    if (flags.find("hasconst") != std::string::npos) want |= kHasConst;
    if (flags.find("hasname") != std::string::npos) want |= kHasName;
    if (flags.find("hasjrel") != std::string::npos) want |= kHasJrel;
    if (flags.find("hasjabs") != std::string::npos) want |= kHasJabs;
    if (flags.find("haslocal") != std::string::npos) want |= kHasLocal;
    if (flags.find("hascompare") != std::string::npos) want |= kHasCompare;
    if (flags.find("hasfree") != std::string::npos) want |= kHasFree;
    EXPECT_EQ(info.flags, want);
    size_t cacheUnits = 0;
    for (const CacheField& f : cacheFormat(info.deopt)) cacheUnits += f.size;
    EXPECT_EQ(cacheUnits, info.caches);
    if (isKnownOpcode(opcode)) {
      EXPECT_EQ(opcodeByName(name), opcode);
    }
    ++rows;
  }
  EXPECT_EQ(rows, 256);
}

// stack_effect.txt: "<op> <arg|-> <N|T|F> <effect|E>" from dis.stack_effect.
TEST(StackEffect, MatchesCPython) {
  std::ifstream in(testing::goldenDir() + "/stack_effect.txt");
  ASSERT_TRUE(in);
  std::string line;
  int rows = 0, valid = 0;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    int opnum = 0;
    std::string arg, jump, effect;
    ss >> opnum >> arg >> jump >> effect;
    std::optional<int32_t> oparg;
    if (arg != "-") oparg = std::stoi(arg);
    std::optional<bool> j;
    if (jump != "N") j = jump == "T";
    const auto got = stackEffect(static_cast<uint8_t>(opnum), oparg, j);
    if (effect == "E") {
      EXPECT_FALSE(got.has_value()) << line;
    } else {
      ++valid;
      EXPECT_EQ(got, std::optional<int>(std::stoi(effect))) << line;
    }
    ++rows;
  }
  EXPECT_EQ(rows, 256 * 18 * 3);  // every opcode x (no arg + 17 args) x 3 jump modes
  EXPECT_GT(valid, 3000);
}

// pretty_flags.txt: "<flags> <hex of dis.pretty_flags(flags)>".
TEST(CodeInfo, PrettyFlagsMatchesCPython) {
  std::ifstream in(testing::goldenDir() + "/pretty_flags.txt");
  ASSERT_TRUE(in);
  uint64_t flags = 0;
  std::string hex;
  int rows = 0;
  while (in >> flags >> hex) {
    EXPECT_EQ(prettyFlags(static_cast<uint32_t>(flags)), testing::fromHex(hex)) << flags;
    ++rows;
  }
  EXPECT_GE(rows, 10);
}

// repr_cases.txt: "<const tokens> <hex of repr(value)>", from CPython's repr().
TEST(PyRepr, MatchesCPythonRepr) {
  std::ifstream in(testing::goldenDir() + "/repr_cases.txt");
  ASSERT_TRUE(in);
  std::vector<std::pair<std::vector<std::string>, std::string>> cases;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::vector<std::string> toks;
    std::string t;
    while (ss >> t) toks.push_back(t);
    const std::string want = testing::fromHex(toks.back());
    toks.pop_back();
    cases.emplace_back(toks, want);
  }
  ASSERT_GE(cases.size(), 300u);
  auto writer = trace::TraceWriter::createInMemory(dynrr::testing::fillTestHeader);
  ASSERT_TRUE(writer.ok());
  auto& eb = (*writer)->beginEvent();
  std::vector<trace::ObjRef> refs;
  for (const auto& [toks, want] : cases) {
    size_t pos = 0;
    auto r = testing::internConst(eb, toks, pos, {});
    ASSERT_TRUE(r.ok()) << r.error().message();
    refs.push_back(*r);
  }
  ASSERT_TRUE((*writer)->finishEvent().ok());
  auto reader = trace::TraceReader::fromBytes((*writer)->bytes());
  ASSERT_TRUE(reader.ok());
  int mismatches = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string got = pyRepr(*reader, refs[i]);
    if (got != cases[i].second) ++mismatches;
    EXPECT_EQ(got, cases[i].second) << "case " << i << ": " << cases[i].first[0];
  }
  EXPECT_EQ(mismatches, 0);
}

}  // namespace
}  // namespace dynrr::bytecode
