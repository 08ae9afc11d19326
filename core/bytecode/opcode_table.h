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

// Every base (unspecialized) 3.11 opcode by name: LOAD_FAST is op::kLoadFast.
namespace op {
inline constexpr uint8_t kCache = 0;
inline constexpr uint8_t kPopTop = 1;
inline constexpr uint8_t kPushNull = 2;
inline constexpr uint8_t kNop = 9;
inline constexpr uint8_t kUnaryPositive = 10;
inline constexpr uint8_t kUnaryNegative = 11;
inline constexpr uint8_t kUnaryNot = 12;
inline constexpr uint8_t kUnaryInvert = 15;
inline constexpr uint8_t kBinarySubscr = 25;
inline constexpr uint8_t kGetLen = 30;
inline constexpr uint8_t kMatchMapping = 31;
inline constexpr uint8_t kMatchSequence = 32;
inline constexpr uint8_t kMatchKeys = 33;
inline constexpr uint8_t kPushExcInfo = 35;
inline constexpr uint8_t kCheckExcMatch = 36;
inline constexpr uint8_t kCheckEgMatch = 37;
inline constexpr uint8_t kWithExceptStart = 49;
inline constexpr uint8_t kGetAiter = 50;
inline constexpr uint8_t kGetAnext = 51;
inline constexpr uint8_t kBeforeAsyncWith = 52;
inline constexpr uint8_t kBeforeWith = 53;
inline constexpr uint8_t kEndAsyncFor = 54;
inline constexpr uint8_t kStoreSubscr = 60;
inline constexpr uint8_t kDeleteSubscr = 61;
inline constexpr uint8_t kGetIter = 68;
inline constexpr uint8_t kGetYieldFromIter = 69;
inline constexpr uint8_t kPrintExpr = 70;
inline constexpr uint8_t kLoadBuildClass = 71;
inline constexpr uint8_t kLoadAssertionError = 74;
inline constexpr uint8_t kReturnGenerator = 75;
inline constexpr uint8_t kListToTuple = 82;
inline constexpr uint8_t kReturnValue = 83;
inline constexpr uint8_t kImportStar = 84;
inline constexpr uint8_t kSetupAnnotations = 85;
inline constexpr uint8_t kYieldValue = 86;
inline constexpr uint8_t kAsyncGenWrap = 87;
inline constexpr uint8_t kPrepReraiseStar = 88;
inline constexpr uint8_t kPopExcept = 89;
inline constexpr uint8_t kStoreName = 90;
inline constexpr uint8_t kDeleteName = 91;
inline constexpr uint8_t kUnpackSequence = 92;
inline constexpr uint8_t kForIter = 93;
inline constexpr uint8_t kUnpackEx = 94;
inline constexpr uint8_t kStoreAttr = 95;
inline constexpr uint8_t kDeleteAttr = 96;
inline constexpr uint8_t kStoreGlobal = 97;
inline constexpr uint8_t kDeleteGlobal = 98;
inline constexpr uint8_t kSwap = 99;
inline constexpr uint8_t kLoadConst = 100;
inline constexpr uint8_t kLoadName = 101;
inline constexpr uint8_t kBuildTuple = 102;
inline constexpr uint8_t kBuildList = 103;
inline constexpr uint8_t kBuildSet = 104;
inline constexpr uint8_t kBuildMap = 105;
inline constexpr uint8_t kLoadAttr = 106;
inline constexpr uint8_t kCompareOp = 107;
inline constexpr uint8_t kImportName = 108;
inline constexpr uint8_t kImportFrom = 109;
inline constexpr uint8_t kJumpForward = 110;
inline constexpr uint8_t kJumpIfFalseOrPop = 111;
inline constexpr uint8_t kJumpIfTrueOrPop = 112;
inline constexpr uint8_t kPopJumpForwardIfFalse = 114;
inline constexpr uint8_t kPopJumpForwardIfTrue = 115;
inline constexpr uint8_t kLoadGlobal = 116;
inline constexpr uint8_t kIsOp = 117;
inline constexpr uint8_t kContainsOp = 118;
inline constexpr uint8_t kReraise = 119;
inline constexpr uint8_t kCopy = 120;
inline constexpr uint8_t kBinaryOp = 122;
inline constexpr uint8_t kSend = 123;
inline constexpr uint8_t kLoadFast = 124;
inline constexpr uint8_t kStoreFast = 125;
inline constexpr uint8_t kDeleteFast = 126;
inline constexpr uint8_t kPopJumpForwardIfNotNone = 128;
inline constexpr uint8_t kPopJumpForwardIfNone = 129;
inline constexpr uint8_t kRaiseVarargs = 130;
inline constexpr uint8_t kGetAwaitable = 131;
inline constexpr uint8_t kMakeFunction = 132;
inline constexpr uint8_t kBuildSlice = 133;
inline constexpr uint8_t kJumpBackwardNoInterrupt = 134;
inline constexpr uint8_t kMakeCell = 135;
inline constexpr uint8_t kLoadClosure = 136;
inline constexpr uint8_t kLoadDeref = 137;
inline constexpr uint8_t kStoreDeref = 138;
inline constexpr uint8_t kDeleteDeref = 139;
inline constexpr uint8_t kJumpBackward = 140;
inline constexpr uint8_t kCallFunctionEx = 142;
inline constexpr uint8_t kExtendedArg = 144;
inline constexpr uint8_t kListAppend = 145;
inline constexpr uint8_t kSetAdd = 146;
inline constexpr uint8_t kMapAdd = 147;
inline constexpr uint8_t kLoadClassderef = 148;
inline constexpr uint8_t kCopyFreeVars = 149;
inline constexpr uint8_t kResume = 151;
inline constexpr uint8_t kMatchClass = 152;
inline constexpr uint8_t kFormatValue = 155;
inline constexpr uint8_t kBuildConstKeyMap = 156;
inline constexpr uint8_t kBuildString = 157;
inline constexpr uint8_t kLoadMethod = 160;
inline constexpr uint8_t kListExtend = 162;
inline constexpr uint8_t kSetUpdate = 163;
inline constexpr uint8_t kDictMerge = 164;
inline constexpr uint8_t kDictUpdate = 165;
inline constexpr uint8_t kPrecall = 166;
inline constexpr uint8_t kCall = 171;
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
