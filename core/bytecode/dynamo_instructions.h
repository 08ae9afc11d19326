// dynamo_instructions.h — the instruction list Dynamo traces: CPython 3.11 instructions
// after Dynamo's clean-up, with Dynamo's offsets (the offsets a recorded graph break
// names).
//
// Mirrors torch._dynamo.bytecode_transformation.cleaned_instructions(code, safe=False)
// of torch 2.13 on Python 3.11: propagate_line_nums, populate_kw_names_argval,
// virtualize_jumps, strip_extended_args, explicit_super, remove_jump_if_none,
// update_offsets and devirtualize_jumps. (virtualize_exception_table is not mirrored:
// the entries it builds do not change the instructions or their offsets.)
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/bytecode/code_object.h"
#include "core/bytecode/instruction.h"
#include "core/support/error.h"

namespace dynrr::bytecode {

// Dynamo's instructions. In each Instruction: offset is Dynamo's offset; opcode ==
// baseOpcode (Dynamo works on co_code) and may differ from co_code where Dynamo rewrote
// the instruction; hasArg == false where Dynamo's arg is None (instructions it inserted
// or overwrote: the LOAD_CONST None, LOAD_DEREF __class__, ...); jumpTarget is the
// target's Dynamo offset; startsLine is the propagated line (every original instruction
// carries the line it belongs to; inserted ones carry none), as Dynamo's starts_line;
// isJumpTarget is dis.get_instructions' mark (jumps only: exception handlers are not
// marked, unlike dis.dis and decodeCode).
// An inserted LOAD_CONST None has kind kConst and constRef 0.
struct CleanedCode {
  std::vector<Instruction> instructions;
  // co_code offset of each instruction; nullopt for the ones Dynamo inserted.
  std::vector<std::optional<uint32_t>> originalOffsets;

  // Index of the instruction whose Dynamo offset is `offset`.
  std::optional<size_t> indexOfOffset(uint32_t offset) const;
  // Dynamo's offset for the instruction at co_code offset `original`, if it survived.
  std::optional<uint32_t> dynamoOffset(uint32_t original) const;
};

// Errors where Dynamo would raise (a zero-argument super() with no __class__ cell, a
// jump onto nothing) and where decodeCode fails.
Expected<CleanedCode> dynamoCleanedInstructions(const CodeObject& code);

}  // namespace dynrr::bytecode
