// generators.cpp — RapidCheck generators of fuzz programs (see generators.h).
#include "fuzz/generators.h"

#include <vector>

namespace dynrr::fuzz {
namespace {

rc::Gen<Stmt> genStmt(uint32_t features) {
  std::vector<StmtKind> kinds;
  for (int k = 0; k < static_cast<int>(StmtKind::kCount); ++k) {
    auto kind = static_cast<StmtKind>(k);
    if (stmtFeature(kind) & features) kinds.push_back(kind);
  }
  if (kinds.empty()) kinds.push_back(StmtKind::kBinary);
  return rc::gen::build<Stmt>(
      rc::gen::set(&Stmt::kind, rc::gen::elementOf(kinds)),
      rc::gen::set(&Stmt::ops, rc::gen::container<std::vector<int>>(4, rc::gen::inRange(0, 12))));
}

}  // namespace

rc::Gen<Program> genProgram(uint32_t features, int maxStmts) {
  rc::Gen<Stmt> stmt = genStmt(features);
  rc::Gen<std::vector<Stmt>> body =
      rc::gen::mapcat(rc::gen::inRange(1, maxStmts + 1), [stmt](int n) {
        return rc::gen::container<std::vector<Stmt>>(static_cast<size_t>(n), stmt);
      });
  if (features & kFeatDynamic) {
    // A separate build, so that the programs of the other families (and the seeds of their
    // saved reproducers) do not change: the schedule is one more generated field.
    return rc::gen::build<Program>(rc::gen::set(&Program::features, rc::gen::just(features)),
                                   rc::gen::set(&Program::intArg, rc::gen::inRange(0, 6)),
                                   rc::gen::set(&Program::floatArg, rc::gen::inRange(0, 4)),
                                   rc::gen::set(&Program::ret, rc::gen::inRange(0, 3)),
                                   rc::gen::set(&Program::body, body),
                                   rc::gen::set(&Program::dyn, rc::gen::inRange(0, 12)));
  }
  return rc::gen::build<Program>(rc::gen::set(&Program::features, rc::gen::just(features)),
                                 rc::gen::set(&Program::intArg, rc::gen::inRange(0, 6)),
                                 rc::gen::set(&Program::floatArg, rc::gen::inRange(0, 4)),
                                 rc::gen::set(&Program::ret, rc::gen::inRange(0, 3)),
                                 rc::gen::set(&Program::body, body));
}

uint64_t caseSeed(uint64_t seed, uint64_t index) {
  // splitmix64 of (seed, index): well spread, stable across platforms.
  uint64_t z = seed * 0x9E3779B97F4A7C15ull + index + 1;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

rc::Shrinkable<Program> programShrinkable(uint32_t features, int maxStmts, uint64_t seed) {
  return genProgram(features, maxStmts)(rc::Random(seed), 100);
}

}  // namespace dynrr::fuzz
