// code_info.h — the summary of a code object that Python 3.11's dis.code_info prints
// (name, counts, flags, constants, names, variables), byte for byte.
//
// Mirrors dis._format_code_info and dis.pretty_flags (COMPILER_FLAG_NAMES).
#pragma once

#include <cstdint>
#include <string>

#include "core/bytecode/code_object.h"
#include "core/bytecode/disassembler.h"

namespace dynrr::bytecode {

// dis.pretty_flags: "OPTIMIZED, NEWLOCALS, NOFREE"; unknown bits as hex; "0x0" for none.
std::string prettyFlags(uint32_t flags);

// dis.code_info(code), without a trailing newline (as dis returns it). Constants print
// with consts.repr.
std::string codeInfo(const CodeObject& code, const ConstRepr& consts);

}  // namespace dynrr::bytecode
