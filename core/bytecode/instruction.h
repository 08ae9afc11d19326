// instruction.h — decoded CPython 3.11 instructions: EXTENDED_ARG folded, inline caches
// skipped, operands resolved, jump targets, line starts and source positions.
//
// Mirrors dis._unpack_opargs, dis.findlabels and dis._get_instructions_bytes (the
// Instruction namedtuple) in CPython 3.11, with one difference by design: where dis
// would raise or print garbage on a malformed code object, decodeInstructions returns
// an Error naming the offset.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytecode/code_object.h"
#include "core/bytecode/exception_table.h"
#include "core/bytecode/line_table.h"
#include "core/support/error.h"
#include "core/trace/trace_reader.h"

namespace dynrr::bytecode {

// What the oparg refers to, by the base opcode's operand class.
enum class OperandKind : uint8_t {
  kNone,          // no argument
  kRaw,           // a count or flag word with no further meaning here (BUILD_TUPLE, CALL, ...)
  kConst,         // co_consts[index] (LOAD_CONST, KW_NAMES)
  kName,          // co_names[index] (LOAD_ATTR, STORE_NAME, ...)
  kGlobal,        // LOAD_GLOBAL: co_names[arg >> 1]; pushNull = arg & 1
  kLocal,         // localsplusnames[index] (LOAD_FAST, LOAD_DEREF, MAKE_CELL, ...)
  kJump,          // jumpTarget
  kCompare,       // COMPARE_OP: text is the operator
  kBinaryOp,      // BINARY_OP: text is "+", "+=", ...
  kFormatValue,   // FORMAT_VALUE: text is dis's description ("repr, with format")
  kMakeFunction,  // MAKE_FUNCTION: text lists the flags ("defaults, closure")
};

// One instruction (never a CACHE entry that follows one). Value type.
struct Instruction {
  uint32_t offset = 0;      // byte offset of the instruction
  uint8_t opcode = 0;       // the byte as stored (may be a specialized opcode)
  uint8_t baseOpcode = 0;   // opcode deoptimized (_PyOpcode_Deopt)
  std::string_view opname;  // dis name of `opcode` (static storage)
  bool hasArg = false;      // baseOpcode >= HAVE_ARGUMENT
  int32_t arg = 0;          // oparg with preceding EXTENDED_ARGs folded in, as dis does
  OperandKind kind = OperandKind::kNone;
  uint32_t index = 0;                  // kConst, kName, kGlobal, kLocal: the table index
  trace::ObjRef constRef = 0;          // kConst: the constant's heap ref
  bool pushNull = false;               // kGlobal: LOAD_GLOBAL also pushes NULL
  std::string text;                    // kName/kGlobal/kLocal: the name; kCompare, kBinaryOp,
                                       // kFormatValue, kMakeFunction: dis's description
  std::optional<uint32_t> jumpTarget;  // kJump: target byte offset (always inside the code)
  uint8_t cacheEntries = 0;            // inline cache code units after this instruction
  std::optional<int32_t> startsLine;   // the line, if this instruction starts one (dis)
  bool isJumpTarget = false;           // dis's ">>": a jump or an exception handler lands here
  Positions positions;                 // co_positions() of the instruction's first unit

  // Offset of the next instruction (after the caches).
  uint32_t nextOffset() const { return offset + 2 + 2u * cacheEntries; }
};

// A code object's instructions with the tables they were decoded against.
struct DecodedCode {
  std::vector<Instruction> instructions;
  std::vector<LineRange> lines;                     // co_lines()
  std::vector<ExceptionTableEntry> exceptionTable;  // co_exceptiontable
};

// Decodes code.code (which may hold specialized opcodes: each decodes with its base
// opcode's argument, operand class and cache size, and keeps its own name). Errors, each
// naming the byte offset: odd length, unknown opcode, caches running past the end, an
// oparg outside the consts / names / localsplusnames or outside BINARY_OP's and
// COMPARE_OP's operators, a jump outside the code, a malformed line or exception table.
Expected<DecodedCode> decodeCode(const CodeObject& code);

// Same, instructions only.
Expected<std::vector<Instruction>> decodeInstructions(const CodeObject& code);

// co_code as CPython 3.11's _PyCode_GetCode gives it: every specialized opcode replaced
// by its base opcode and every inline cache entry zeroed. Unknown opcodes are kept.
std::string deoptimizeCode(std::string_view code);

// Index of the instruction at `offset` in `instructions`, if one starts there.
std::optional<size_t> instructionAt(const std::vector<Instruction>& instructions, uint32_t offset);

}  // namespace dynrr::bytecode
