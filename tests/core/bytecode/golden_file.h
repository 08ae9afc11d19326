// golden_file.h — reads the goldens make_goldens.py writes from real CPython 3.11 and
// rebuilds their code objects inside an in-memory trace, with no Python involved.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/bytecode/code_object.h"
#include "core/bytecode/exception_table.h"
#include "core/bytecode/line_table.h"
#include "core/support/error.h"
#include "core/trace/trace_reader.h"
#include "core/trace/trace_writer.h"

namespace dynrr::bytecode::testing {

std::string goldenDir();

// One code object of a golden, fields as CPython gave them.
struct GoldenCode {
  std::map<std::string, uint32_t> ints;  // argcount, ..., firstlineno
  std::string bytes;
  std::vector<std::string> constTokens;
  std::map<std::string, std::vector<std::string>> lists;  // names, varnames, ...
  std::map<std::string, std::string> blobs;  // filename, name, qualname, linetable, ...
  std::vector<LineRange> lines;
  std::vector<Positions> positions;
  std::vector<ExceptionTableEntry> exceptionTable;
  // Dynamo's cleaned_instructions(code), one entry per instruction.
  struct DynamoInstruction {
    uint32_t offset = 0;
    std::string opname;
    std::optional<int32_t> arg;
    std::string argvalRepr;
    std::optional<int32_t> startsLine;
    bool isJumpTarget = false;
    std::optional<int32_t> target;
  };
  std::vector<DynamoInstruction> dynamo;
  std::string dynamoError;  // the exception Dynamo raised, if any
};

struct Golden {
  std::string name;
  std::vector<GoldenCode> codes;  // [0] is the code the golden is about
  std::optional<std::string> adaptiveBytes;
  std::vector<std::pair<std::string, std::string>> texts;  // key -> exact text
};

Expected<Golden> readGolden(const std::string& path);

// Bytes from hex ("-" is empty).
std::string fromHex(const std::string& hex);

// Interns one constant given in make_goldens.py's token notation, consuming tokens from
// `pos`. codeRefs[i] is the ref of golden code i (already interned).
Expected<trace::ObjRef> internConst(trace::EventBuilder& eb, const std::vector<std::string>& tokens,
                                    size_t& pos, const std::vector<trace::ObjRef>& codeRefs);

// A trace holding every code object of `golden`; event 0's frame.code is codes[0].
// When `codeOverride` is set, codes[0] gets those bytes instead of its own.
struct GoldenTrace {
  std::unique_ptr<trace::TraceReader> reader;
  trace::ObjRef top = 0;
};
Expected<GoldenTrace> buildTrace(const Golden& golden,
                                 std::optional<std::string> codeOverride = std::nullopt);

// Replaces every "at 0x<hex>" by "at 0xADDR".
std::string normaliseAddresses(const std::string& text);

}  // namespace dynrr::bytecode::testing
