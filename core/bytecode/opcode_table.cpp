// opcode_table.cpp — the CPython 3.11 opcode table (see opcode_table.h).
#include "core/bytecode/opcode_table.h"

#include <array>
#include <string>

namespace dynrr::bytecode {
namespace {

// Indexed by opcode. Rows are {name, deopt, caches, flags, hasArg}; the unused numbers
// deoptimize to themselves and have no name. Specialized opcodes fill the slots
// opcode.py leaves free, in _specialized_instructions order, as Include/opcode.h does.
constexpr std::array<OpcodeInfo, 256> kTable = {{
    {"CACHE", 0, 0, 0, false},                                          // 0
    {"POP_TOP", 1, 0, 0, false},                                        // 1
    {"PUSH_NULL", 2, 0, 0, false},                                      // 2
    {"BINARY_OP_ADAPTIVE", 122, 1, 0, true},                            // 3
    {"BINARY_OP_ADD_FLOAT", 122, 1, 0, true},                           // 4
    {"BINARY_OP_ADD_INT", 122, 1, 0, true},                             // 5
    {"BINARY_OP_ADD_UNICODE", 122, 1, 0, true},                         // 6
    {"BINARY_OP_INPLACE_ADD_UNICODE", 122, 1, 0, true},                 // 7
    {"BINARY_OP_MULTIPLY_FLOAT", 122, 1, 0, true},                      // 8
    {"NOP", 9, 0, 0, false},                                            // 9
    {"UNARY_POSITIVE", 10, 0, 0, false},                                // 10
    {"UNARY_NEGATIVE", 11, 0, 0, false},                                // 11
    {"UNARY_NOT", 12, 0, 0, false},                                     // 12
    {"BINARY_OP_MULTIPLY_INT", 122, 1, 0, true},                        // 13
    {"BINARY_OP_SUBTRACT_FLOAT", 122, 1, 0, true},                      // 14
    {"UNARY_INVERT", 15, 0, 0, false},                                  // 15
    {"BINARY_OP_SUBTRACT_INT", 122, 1, 0, true},                        // 16
    {"BINARY_SUBSCR_ADAPTIVE", 25, 4, 0, false},                        // 17
    {"BINARY_SUBSCR_DICT", 25, 4, 0, false},                            // 18
    {"BINARY_SUBSCR_GETITEM", 25, 4, 0, false},                         // 19
    {"BINARY_SUBSCR_LIST_INT", 25, 4, 0, false},                        // 20
    {"BINARY_SUBSCR_TUPLE_INT", 25, 4, 0, false},                       // 21
    {"CALL_ADAPTIVE", 171, 4, 0, true},                                 // 22
    {"CALL_PY_EXACT_ARGS", 171, 4, 0, true},                            // 23
    {"CALL_PY_WITH_DEFAULTS", 171, 4, 0, true},                         // 24
    {"BINARY_SUBSCR", 25, 4, 0, false},                                 // 25
    {"COMPARE_OP_ADAPTIVE", 107, 2, 0, true},                           // 26
    {"COMPARE_OP_FLOAT_JUMP", 107, 2, 0, true},                         // 27
    {"COMPARE_OP_INT_JUMP", 107, 2, 0, true},                           // 28
    {"COMPARE_OP_STR_JUMP", 107, 2, 0, true},                           // 29
    {"GET_LEN", 30, 0, 0, false},                                       // 30
    {"MATCH_MAPPING", 31, 0, 0, false},                                 // 31
    {"MATCH_SEQUENCE", 32, 0, 0, false},                                // 32
    {"MATCH_KEYS", 33, 0, 0, false},                                    // 33
    {"EXTENDED_ARG_QUICK", 144, 0, 0, true},                            // 34
    {"PUSH_EXC_INFO", 35, 0, 0, false},                                 // 35
    {"CHECK_EXC_MATCH", 36, 0, 0, false},                               // 36
    {"CHECK_EG_MATCH", 37, 0, 0, false},                                // 37
    {"JUMP_BACKWARD_QUICK", 140, 0, 0, true},                           // 38
    {"LOAD_ATTR_ADAPTIVE", 106, 4, 0, true},                            // 39
    {"LOAD_ATTR_INSTANCE_VALUE", 106, 4, 0, true},                      // 40
    {"LOAD_ATTR_MODULE", 106, 4, 0, true},                              // 41
    {"LOAD_ATTR_SLOT", 106, 4, 0, true},                                // 42
    {"LOAD_ATTR_WITH_HINT", 106, 4, 0, true},                           // 43
    {"LOAD_CONST__LOAD_FAST", 100, 0, 0, true},                         // 44
    {"LOAD_FAST__LOAD_CONST", 124, 0, 0, true},                         // 45
    {"LOAD_FAST__LOAD_FAST", 124, 0, 0, true},                          // 46
    {"LOAD_GLOBAL_ADAPTIVE", 116, 5, 0, true},                          // 47
    {"LOAD_GLOBAL_BUILTIN", 116, 5, 0, true},                           // 48
    {"WITH_EXCEPT_START", 49, 0, 0, false},                             // 49
    {"GET_AITER", 50, 0, 0, false},                                     // 50
    {"GET_ANEXT", 51, 0, 0, false},                                     // 51
    {"BEFORE_ASYNC_WITH", 52, 0, 0, false},                             // 52
    {"BEFORE_WITH", 53, 0, 0, false},                                   // 53
    {"END_ASYNC_FOR", 54, 0, 0, false},                                 // 54
    {"LOAD_GLOBAL_MODULE", 116, 5, 0, true},                            // 55
    {"LOAD_METHOD_ADAPTIVE", 160, 10, 0, true},                         // 56
    {"LOAD_METHOD_CLASS", 160, 10, 0, true},                            // 57
    {"LOAD_METHOD_MODULE", 160, 10, 0, true},                           // 58
    {"LOAD_METHOD_NO_DICT", 160, 10, 0, true},                          // 59
    {"STORE_SUBSCR", 60, 1, 0, false},                                  // 60
    {"DELETE_SUBSCR", 61, 0, 0, false},                                 // 61
    {"LOAD_METHOD_WITH_DICT", 160, 10, 0, true},                        // 62
    {"LOAD_METHOD_WITH_VALUES", 160, 10, 0, true},                      // 63
    {"PRECALL_ADAPTIVE", 166, 1, 0, true},                              // 64
    {"PRECALL_BOUND_METHOD", 166, 1, 0, true},                          // 65
    {"PRECALL_BUILTIN_CLASS", 166, 1, 0, true},                         // 66
    {"PRECALL_BUILTIN_FAST_WITH_KEYWORDS", 166, 1, 0, true},            // 67
    {"GET_ITER", 68, 0, 0, false},                                      // 68
    {"GET_YIELD_FROM_ITER", 69, 0, 0, false},                           // 69
    {"PRINT_EXPR", 70, 0, 0, false},                                    // 70
    {"LOAD_BUILD_CLASS", 71, 0, 0, false},                              // 71
    {"PRECALL_METHOD_DESCRIPTOR_FAST_WITH_KEYWORDS", 166, 1, 0, true},  // 72
    {"PRECALL_NO_KW_BUILTIN_FAST", 166, 1, 0, true},                    // 73
    {"LOAD_ASSERTION_ERROR", 74, 0, 0, false},                          // 74
    {"RETURN_GENERATOR", 75, 0, 0, false},                              // 75
    {"PRECALL_NO_KW_BUILTIN_O", 166, 1, 0, true},                       // 76
    {"PRECALL_NO_KW_ISINSTANCE", 166, 1, 0, true},                      // 77
    {"PRECALL_NO_KW_LEN", 166, 1, 0, true},                             // 78
    {"PRECALL_NO_KW_LIST_APPEND", 166, 1, 0, true},                     // 79
    {"PRECALL_NO_KW_METHOD_DESCRIPTOR_FAST", 166, 1, 0, true},          // 80
    {"PRECALL_NO_KW_METHOD_DESCRIPTOR_NOARGS", 166, 1, 0, true},        // 81
    {"LIST_TO_TUPLE", 82, 0, 0, false},                                 // 82
    {"RETURN_VALUE", 83, 0, 0, false},                                  // 83
    {"IMPORT_STAR", 84, 0, 0, false},                                   // 84
    {"SETUP_ANNOTATIONS", 85, 0, 0, false},                             // 85
    {"YIELD_VALUE", 86, 0, 0, false},                                   // 86
    {"ASYNC_GEN_WRAP", 87, 0, 0, false},                                // 87
    {"PREP_RERAISE_STAR", 88, 0, 0, false},                             // 88
    {"POP_EXCEPT", 89, 0, 0, false},                                    // 89
    {"STORE_NAME", 90, 0, kHasName, true},                              // 90
    {"DELETE_NAME", 91, 0, kHasName, true},                             // 91
    {"UNPACK_SEQUENCE", 92, 1, 0, true},                                // 92
    {"FOR_ITER", 93, 0, kHasJrel, true},                                // 93
    {"UNPACK_EX", 94, 0, 0, true},                                      // 94
    {"STORE_ATTR", 95, 4, kHasName, true},                              // 95
    {"DELETE_ATTR", 96, 0, kHasName, true},                             // 96
    {"STORE_GLOBAL", 97, 0, kHasName, true},                            // 97
    {"DELETE_GLOBAL", 98, 0, kHasName, true},                           // 98
    {"SWAP", 99, 0, 0, true},                                           // 99
    {"LOAD_CONST", 100, 0, kHasConst, true},                            // 100
    {"LOAD_NAME", 101, 0, kHasName, true},                              // 101
    {"BUILD_TUPLE", 102, 0, 0, true},                                   // 102
    {"BUILD_LIST", 103, 0, 0, true},                                    // 103
    {"BUILD_SET", 104, 0, 0, true},                                     // 104
    {"BUILD_MAP", 105, 0, 0, true},                                     // 105
    {"LOAD_ATTR", 106, 4, kHasName, true},                              // 106
    {"COMPARE_OP", 107, 2, kHasCompare, true},                          // 107
    {"IMPORT_NAME", 108, 0, kHasName, true},                            // 108
    {"IMPORT_FROM", 109, 0, kHasName, true},                            // 109
    {"JUMP_FORWARD", 110, 0, kHasJrel, true},                           // 110
    {"JUMP_IF_FALSE_OR_POP", 111, 0, kHasJrel, true},                   // 111
    {"JUMP_IF_TRUE_OR_POP", 112, 0, kHasJrel, true},                    // 112
    {"PRECALL_NO_KW_METHOD_DESCRIPTOR_O", 166, 1, 0, true},             // 113
    {"POP_JUMP_FORWARD_IF_FALSE", 114, 0, kHasJrel, true},              // 114
    {"POP_JUMP_FORWARD_IF_TRUE", 115, 0, kHasJrel, true},               // 115
    {"LOAD_GLOBAL", 116, 5, kHasName, true},                            // 116
    {"IS_OP", 117, 0, 0, true},                                         // 117
    {"CONTAINS_OP", 118, 0, 0, true},                                   // 118
    {"RERAISE", 119, 0, 0, true},                                       // 119
    {"COPY", 120, 0, 0, true},                                          // 120
    {"PRECALL_NO_KW_STR_1", 166, 1, 0, true},                           // 121
    {"BINARY_OP", 122, 1, 0, true},                                     // 122
    {"SEND", 123, 0, kHasJrel, true},                                   // 123
    {"LOAD_FAST", 124, 0, kHasLocal, true},                             // 124
    {"STORE_FAST", 125, 0, kHasLocal, true},                            // 125
    {"DELETE_FAST", 126, 0, kHasLocal, true},                           // 126
    {"PRECALL_NO_KW_TUPLE_1", 166, 1, 0, true},                         // 127
    {"POP_JUMP_FORWARD_IF_NOT_NONE", 128, 0, kHasJrel, true},           // 128
    {"POP_JUMP_FORWARD_IF_NONE", 129, 0, kHasJrel, true},               // 129
    {"RAISE_VARARGS", 130, 0, 0, true},                                 // 130
    {"GET_AWAITABLE", 131, 0, 0, true},                                 // 131
    {"MAKE_FUNCTION", 132, 0, 0, true},                                 // 132
    {"BUILD_SLICE", 133, 0, 0, true},                                   // 133
    {"JUMP_BACKWARD_NO_INTERRUPT", 134, 0, kHasJrel, true},             // 134
    {"MAKE_CELL", 135, 0, kHasFree, true},                              // 135
    {"LOAD_CLOSURE", 136, 0, kHasFree, true},                           // 136
    {"LOAD_DEREF", 137, 0, kHasFree, true},                             // 137
    {"STORE_DEREF", 138, 0, kHasFree, true},                            // 138
    {"DELETE_DEREF", 139, 0, kHasFree, true},                           // 139
    {"JUMP_BACKWARD", 140, 0, kHasJrel, true},                          // 140
    {"PRECALL_NO_KW_TYPE_1", 166, 1, 0, true},                          // 141
    {"CALL_FUNCTION_EX", 142, 0, 0, true},                              // 142
    {"PRECALL_PYFUNC", 166, 1, 0, true},                                // 143
    {"EXTENDED_ARG", 144, 0, 0, true},                                  // 144
    {"LIST_APPEND", 145, 0, 0, true},                                   // 145
    {"SET_ADD", 146, 0, 0, true},                                       // 146
    {"MAP_ADD", 147, 0, 0, true},                                       // 147
    {"LOAD_CLASSDEREF", 148, 0, kHasFree, true},                        // 148
    {"COPY_FREE_VARS", 149, 0, 0, true},                                // 149
    {"RESUME_QUICK", 151, 0, 0, true},                                  // 150
    {"RESUME", 151, 0, 0, true},                                        // 151
    {"MATCH_CLASS", 152, 0, 0, true},                                   // 152
    {"STORE_ATTR_ADAPTIVE", 95, 4, 0, true},                            // 153
    {"STORE_ATTR_INSTANCE_VALUE", 95, 4, 0, true},                      // 154
    {"FORMAT_VALUE", 155, 0, 0, true},                                  // 155
    {"BUILD_CONST_KEY_MAP", 156, 0, 0, true},                           // 156
    {"BUILD_STRING", 157, 0, 0, true},                                  // 157
    {"STORE_ATTR_SLOT", 95, 4, 0, true},                                // 158
    {"STORE_ATTR_WITH_HINT", 95, 4, 0, true},                           // 159
    {"LOAD_METHOD", 160, 10, kHasName, true},                           // 160
    {"STORE_FAST__LOAD_FAST", 125, 0, 0, true},                         // 161
    {"LIST_EXTEND", 162, 0, 0, true},                                   // 162
    {"SET_UPDATE", 163, 0, 0, true},                                    // 163
    {"DICT_MERGE", 164, 0, 0, true},                                    // 164
    {"DICT_UPDATE", 165, 0, 0, true},                                   // 165
    {"PRECALL", 166, 1, 0, true},                                       // 166
    {"STORE_FAST__STORE_FAST", 125, 0, 0, true},                        // 167
    {"STORE_SUBSCR_ADAPTIVE", 60, 1, 0, false},                         // 168
    {"STORE_SUBSCR_DICT", 60, 1, 0, false},                             // 169
    {"STORE_SUBSCR_LIST_INT", 60, 1, 0, false},                         // 170
    {"CALL", 171, 4, 0, true},                                          // 171
    {"KW_NAMES", 172, 0, kHasConst, true},                              // 172
    {"POP_JUMP_BACKWARD_IF_NOT_NONE", 173, 0, kHasJrel, true},          // 173
    {"POP_JUMP_BACKWARD_IF_NONE", 174, 0, kHasJrel, true},              // 174
    {"POP_JUMP_BACKWARD_IF_FALSE", 175, 0, kHasJrel, true},             // 175
    {"POP_JUMP_BACKWARD_IF_TRUE", 176, 0, kHasJrel, true},              // 176
    {"UNPACK_SEQUENCE_ADAPTIVE", 92, 1, 0, true},                       // 177
    {"UNPACK_SEQUENCE_LIST", 92, 1, 0, true},                           // 178
    {"UNPACK_SEQUENCE_TUPLE", 92, 1, 0, true},                          // 179
    {"UNPACK_SEQUENCE_TWO_TUPLE", 92, 1, 0, true},                      // 180
    {nullptr, 181, 0, 0, true},                                         // 181 unused
    {nullptr, 182, 0, 0, true},                                         // 182 unused
    {nullptr, 183, 0, 0, true},                                         // 183 unused
    {nullptr, 184, 0, 0, true},                                         // 184 unused
    {nullptr, 185, 0, 0, true},                                         // 185 unused
    {nullptr, 186, 0, 0, true},                                         // 186 unused
    {nullptr, 187, 0, 0, true},                                         // 187 unused
    {nullptr, 188, 0, 0, true},                                         // 188 unused
    {nullptr, 189, 0, 0, true},                                         // 189 unused
    {nullptr, 190, 0, 0, true},                                         // 190 unused
    {nullptr, 191, 0, 0, true},                                         // 191 unused
    {nullptr, 192, 0, 0, true},                                         // 192 unused
    {nullptr, 193, 0, 0, true},                                         // 193 unused
    {nullptr, 194, 0, 0, true},                                         // 194 unused
    {nullptr, 195, 0, 0, true},                                         // 195 unused
    {nullptr, 196, 0, 0, true},                                         // 196 unused
    {nullptr, 197, 0, 0, true},                                         // 197 unused
    {nullptr, 198, 0, 0, true},                                         // 198 unused
    {nullptr, 199, 0, 0, true},                                         // 199 unused
    {nullptr, 200, 0, 0, true},                                         // 200 unused
    {nullptr, 201, 0, 0, true},                                         // 201 unused
    {nullptr, 202, 0, 0, true},                                         // 202 unused
    {nullptr, 203, 0, 0, true},                                         // 203 unused
    {nullptr, 204, 0, 0, true},                                         // 204 unused
    {nullptr, 205, 0, 0, true},                                         // 205 unused
    {nullptr, 206, 0, 0, true},                                         // 206 unused
    {nullptr, 207, 0, 0, true},                                         // 207 unused
    {nullptr, 208, 0, 0, true},                                         // 208 unused
    {nullptr, 209, 0, 0, true},                                         // 209 unused
    {nullptr, 210, 0, 0, true},                                         // 210 unused
    {nullptr, 211, 0, 0, true},                                         // 211 unused
    {nullptr, 212, 0, 0, true},                                         // 212 unused
    {nullptr, 213, 0, 0, true},                                         // 213 unused
    {nullptr, 214, 0, 0, true},                                         // 214 unused
    {nullptr, 215, 0, 0, true},                                         // 215 unused
    {nullptr, 216, 0, 0, true},                                         // 216 unused
    {nullptr, 217, 0, 0, true},                                         // 217 unused
    {nullptr, 218, 0, 0, true},                                         // 218 unused
    {nullptr, 219, 0, 0, true},                                         // 219 unused
    {nullptr, 220, 0, 0, true},                                         // 220 unused
    {nullptr, 221, 0, 0, true},                                         // 221 unused
    {nullptr, 222, 0, 0, true},                                         // 222 unused
    {nullptr, 223, 0, 0, true},                                         // 223 unused
    {nullptr, 224, 0, 0, true},                                         // 224 unused
    {nullptr, 225, 0, 0, true},                                         // 225 unused
    {nullptr, 226, 0, 0, true},                                         // 226 unused
    {nullptr, 227, 0, 0, true},                                         // 227 unused
    {nullptr, 228, 0, 0, true},                                         // 228 unused
    {nullptr, 229, 0, 0, true},                                         // 229 unused
    {nullptr, 230, 0, 0, true},                                         // 230 unused
    {nullptr, 231, 0, 0, true},                                         // 231 unused
    {nullptr, 232, 0, 0, true},                                         // 232 unused
    {nullptr, 233, 0, 0, true},                                         // 233 unused
    {nullptr, 234, 0, 0, true},                                         // 234 unused
    {nullptr, 235, 0, 0, true},                                         // 235 unused
    {nullptr, 236, 0, 0, true},                                         // 236 unused
    {nullptr, 237, 0, 0, true},                                         // 237 unused
    {nullptr, 238, 0, 0, true},                                         // 238 unused
    {nullptr, 239, 0, 0, true},                                         // 239 unused
    {nullptr, 240, 0, 0, true},                                         // 240 unused
    {nullptr, 241, 0, 0, true},                                         // 241 unused
    {nullptr, 242, 0, 0, true},                                         // 242 unused
    {nullptr, 243, 0, 0, true},                                         // 243 unused
    {nullptr, 244, 0, 0, true},                                         // 244 unused
    {nullptr, 245, 0, 0, true},                                         // 245 unused
    {nullptr, 246, 0, 0, true},                                         // 246 unused
    {nullptr, 247, 0, 0, true},                                         // 247 unused
    {nullptr, 248, 0, 0, true},                                         // 248 unused
    {nullptr, 249, 0, 0, true},                                         // 249 unused
    {nullptr, 250, 0, 0, true},                                         // 250 unused
    {nullptr, 251, 0, 0, true},                                         // 251 unused
    {nullptr, 252, 0, 0, true},                                         // 252 unused
    {nullptr, 253, 0, 0, true},                                         // 253 unused
    {nullptr, 254, 0, 0, true},                                         // 254 unused
    {nullptr, 255, 0, 0, true},                                         // 255 unused
}};

constexpr std::array<std::string_view, kNumBinaryOps> kNbOps = {
    "+",  "&",  "//",  "<<",  "@",  "*",  "%",  "|",  "**",  ">>",  "-",  "/",  "^",
    "+=", "&=", "//=", "<<=", "@=", "*=", "%=", "|=", "**=", ">>=", "-=", "/=", "^="};

constexpr std::array<std::string_view, kNumCompareOps> kCmpOps = {"<", "<=", "==", "!=", ">", ">="};

// opcode._cache_format.
constexpr CacheField kLoadGlobalCache[] = {
    {"counter", 1}, {"index", 1}, {"module_keys_version", 2}, {"builtin_keys_version", 1}};
constexpr CacheField kCounterCache[] = {{"counter", 1}};
constexpr CacheField kCompareOpCache[] = {{"counter", 1}, {"mask", 1}};
constexpr CacheField kBinarySubscrCache[] = {
    {"counter", 1}, {"type_version", 2}, {"func_version", 1}};
constexpr CacheField kAttrCache[] = {{"counter", 1}, {"version", 2}, {"index", 1}};
constexpr CacheField kLoadMethodCache[] = {
    {"counter", 1}, {"type_version", 2}, {"dict_offset", 1}, {"keys_version", 2}, {"descr", 4}};
constexpr CacheField kCallCache[] = {{"counter", 1}, {"func_version", 2}, {"min_args", 1}};

// "<N>" names for unused opcodes, built once (immutable after start-up).
const std::array<std::string, 256>& unusedNames() {
  static const std::array<std::string, 256> names = [] {
    std::array<std::string, 256> out;
    for (int i = 0; i < 256; ++i) out[i] = "<" + std::to_string(i) + ">";
    return out;
  }();
  return names;
}

}  // namespace

const OpcodeInfo& opcodeInfo(uint8_t opcode) { return kTable[opcode]; }

std::string_view opcodeName(uint8_t opcode) {
  const OpcodeInfo& info = kTable[opcode];
  if (info.name != nullptr) return info.name;
  return unusedNames()[opcode];
}

std::optional<uint8_t> opcodeByName(std::string_view name) {
  for (int i = 0; i < 256; ++i) {
    if (kTable[i].name != nullptr && name == kTable[i].name) return static_cast<uint8_t>(i);
  }
  return std::nullopt;
}

std::span<const CacheField> cacheFormat(uint8_t baseOpcode) {
  switch (baseOpcode) {
    case 116: return kLoadGlobalCache;   // LOAD_GLOBAL
    case 122:                            // BINARY_OP
    case 92:                             // UNPACK_SEQUENCE
    case 166:                            // PRECALL
    case 60: return kCounterCache;       // STORE_SUBSCR
    case 107: return kCompareOpCache;    // COMPARE_OP
    case 25: return kBinarySubscrCache;  // BINARY_SUBSCR
    case 106:                            // LOAD_ATTR
    case 95: return kAttrCache;          // STORE_ATTR
    case 160: return kLoadMethodCache;   // LOAD_METHOD
    case 171: return kCallCache;         // CALL
    default: return {};
  }
}

bool isBackwardJump(uint8_t baseOpcode) {
  switch (baseOpcode) {
    case op::kJumpBackward:
    case op::kJumpBackwardNoInterrupt:
    case op::kPopJumpBackwardIfNotNone:
    case op::kPopJumpBackwardIfNone:
    case op::kPopJumpBackwardIfFalse:
    case op::kPopJumpBackwardIfTrue: return true;
    default: return false;
  }
}

std::optional<std::string_view> binaryOpSymbol(int64_t oparg) {
  if (oparg < 0 || oparg >= kNumBinaryOps) return std::nullopt;
  return kNbOps[oparg];
}

std::optional<std::string_view> compareOpSymbol(int64_t oparg) {
  if (oparg < 0 || oparg >= kNumCompareOps) return std::nullopt;
  return kCmpOps[oparg];
}

}  // namespace dynrr::bytecode
