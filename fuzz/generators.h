// generators.h — RapidCheck generators of fuzz programs (program.h) by feature set.
//
// Shrinking comes from the generators: the statement list shrinks by length and by
// dropping statements, each statement's kind towards kBinary and its operands towards 0.
// programShrinkable() gives the generated value with its shrink tree for a seed, so the
// campaign can regenerate any case from (seed, case index) alone.
#pragma once

#include <rapidcheck.h>

#include <cstdint>

#include "fuzz/program.h"

namespace dynrr::fuzz {

// Programs using only the statement kinds of `features`, with 1..maxStmts statements.
rc::Gen<Program> genProgram(uint32_t features, int maxStmts);

// The program of the case with seed `seed` (deterministic; see caseSeed()).
rc::Shrinkable<Program> programShrinkable(uint32_t features, int maxStmts, uint64_t seed);

// The seed of case `index` of a campaign with `seed`, printed with every failure
// (`dynrr-fuzz --case-seed S` reproduces that one case).
uint64_t caseSeed(uint64_t seed, uint64_t index);

}  // namespace dynrr::fuzz
