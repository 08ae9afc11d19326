// opcode_table.h — the CPython 3.11 opcode table: numbers, names, argument and operand
// classes, inline cache sizes, and the specialized (quickened) opcodes with the base
// opcode each deoptimizes to.
//
// Mirrors CPython 3.11's Lib/opcode.py (opname, HAVE_ARGUMENT, hasconst, hasname,
// hasjrel, hasjabs, haslocal, hascompare, hasfree, _nb_ops, cmp_op), Include/opcode.h
// (specialized opcode numbers) and Python/opcode_targets / _PyOpcode_Caches /
// _PyOpcode_Deopt. The table is checked against tests/core/bytecode/golden/
// opcode_table.txt, written from the real interpreter by make_goldens.py.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace dynrr::bytecode {

// Operand classes (the opcode module's has* lists). A specialized opcode carries no
// class of its own (as in opcode.py); use the class of its base opcode.
enum OpFlag : uint8_t {
  kHasConst = 1 << 0,
  kHasName = 1 << 1,
  kHasJrel = 1 << 2,
  kHasJabs = 1 << 3,
  kHasLocal = 1 << 4,
  kHasCompare = 1 << 5,
  kHasFree = 1 << 6,
};

struct OpcodeInfo {
  const char* name;  // nullptr for the numbers 3.11 leaves unused
  uint8_t deopt;     // base opcode (_PyOpcode_Deopt); itself for base opcodes
  uint8_t caches;    // inline cache code units after the instruction (_PyOpcode_Caches)
  uint8_t flags;     // OpFlag bits, of this exact opcode
  bool hasArg;       // deopt >= HAVE_ARGUMENT
};

inline constexpr uint8_t kHaveArgument = 90;

// Base opcodes the decoder and disassembler treat specially.
namespace op {
inline constexpr uint8_t kCache = 0;
inline constexpr uint8_t kLoadConst = 100;
inline constexpr uint8_t kCompareOp = 107;
inline constexpr uint8_t kLoadGlobal = 116;
inline constexpr uint8_t kBinaryOp = 122;
inline constexpr uint8_t kMakeFunction = 132;
inline constexpr uint8_t kJumpBackwardNoInterrupt = 134;
inline constexpr uint8_t kJumpBackward = 140;
inline constexpr uint8_t kExtendedArg = 144;
inline constexpr uint8_t kFormatValue = 155;
inline constexpr uint8_t kKwNames = 172;
inline constexpr uint8_t kPopJumpBackwardIfNotNone = 173;
inline constexpr uint8_t kPopJumpBackwardIfNone = 174;
inline constexpr uint8_t kPopJumpBackwardIfFalse = 175;
inline constexpr uint8_t kPopJumpBackwardIfTrue = 176;
}  // namespace op

// The entry for `opcode` (any byte value).
const OpcodeInfo& opcodeInfo(uint8_t opcode);

// True if 3.11 defines `opcode`, as a base or a specialized opcode.
inline bool isKnownOpcode(uint8_t opcode) { return opcodeInfo(opcode).name != nullptr; }

// The dis name: the opcode's own name, or "<N>" for an unused number.
std::string_view opcodeName(uint8_t opcode);

// The opcode with this name (base or specialized), if any.
std::optional<uint8_t> opcodeByName(std::string_view name);

// Relative jumps that go backwards ('JUMP_BACKWARD' in the name), by base opcode.
bool isBackwardJump(uint8_t baseOpcode);

// BINARY_OP's operator symbols ("+", "+=", ...) by oparg (opcode._nb_ops); nullopt
// when out of range.
std::optional<std::string_view> binaryOpSymbol(int64_t oparg);
// COMPARE_OP's operators by oparg (opcode.cmp_op); nullopt when out of range.
std::optional<std::string_view> compareOpSymbol(int64_t oparg);

// One named field of an opcode's inline cache (opcode._cache_format), in order.
struct CacheField {
  std::string_view name;
  uint8_t size;  // in code units
};
// The inline cache layout of a base opcode; empty for opcodes without caches.
std::span<const CacheField> cacheFormat(uint8_t baseOpcode);

// Number of BINARY_OP operators and comparison operators.
inline constexpr int kNumBinaryOps = 26;
inline constexpr int kNumCompareOps = 6;

}  // namespace dynrr::bytecode
