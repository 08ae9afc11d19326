// liveness.h — which locals may be read after an instruction (torch/_dynamo/
// bytecode_analysis.py livevars_analysis, used by InstructionTranslatorBase.
// prune_dead_locals when a graph break compiles a partial graph).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "core/bytecode/exception_table.h"
#include "core/bytecode/instruction.h"

namespace dynrr::tracer {

// Names of locals, cells and free variables read at or after instructions[index]
// before being written, following jumps and exception handlers as Dynamo does
// (including its quirk: reads count unless the name is in the must-write set).
std::set<std::string> liveVariables(const std::vector<bytecode::Instruction>& instructions,
                                    const std::vector<bytecode::ExceptionTableEntry>& table,
                                    size_t index);

}  // namespace dynrr::tracer
