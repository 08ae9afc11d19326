// overflow.h — Expr's integers are int64; sympy's (which Dynamo's ShapeEnv uses) are
// unbounded. An Expr operation whose exact result leaves int64 notes it here, per thread
// (the wrapped value stays, computed with the overflow builtins, so there is no undefined
// behaviour), and the replay of the frame then answers `unsupported`, naming it, instead of
// printing a wrapped constant into a guard. Only hostile traces reach it (a size or index
// near 2**63): no real tensor is that large.
#pragma once

#include <cstdint>

namespace dynrr::symbolic {

// Records that an operation overflowed int64 on this thread.
void noteInt64Overflow();

// Counts the overflows on this thread while it lives (nesting keeps the outer count).
class Int64OverflowScope {
 public:
  Int64OverflowScope();
  ~Int64OverflowScope();
  Int64OverflowScope(const Int64OverflowScope&) = delete;
  Int64OverflowScope& operator=(const Int64OverflowScope&) = delete;
  bool happened() const;

 private:
  uint64_t saved_;
};

// a + b, a * b, -a as Python computes them when they fit; otherwise noted and wrapped.
int64_t addChecked(int64_t a, int64_t b);
int64_t mulChecked(int64_t a, int64_t b);
int64_t negChecked(int64_t a);

}  // namespace dynrr::symbolic
