// stack_effect.h — the net value-stack effect of a CPython 3.11 instruction.
//
// Mirrors dis.stack_effect / PyCompile_OpcodeStackEffectWithJump (Python/compile.c,
// stack_effect) in 3.11: `jump` picks the effect when the instruction jumps (true), falls
// through (false), or the larger of the two (nullopt).
#pragma once

#include <cstdint>
#include <optional>

namespace dynrr::bytecode {

// nullopt where dis.stack_effect raises ValueError: an unused or specialized opcode, an
// oparg given to an opcode below HAVE_ARGUMENT, or none given to one that takes it.
std::optional<int> stackEffect(uint8_t opcode, std::optional<int32_t> oparg,
                               std::optional<bool> jump = std::nullopt);

}  // namespace dynrr::bytecode
