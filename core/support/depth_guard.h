// depth_guard.h — bounds recursion over trace data.
//
// A hostile trace can nest or cycle where real Python data cannot (a constant tuple that
// contains itself, a class whose base is itself ...), and the core must answer with an
// Error, not overflow its stack (issue 21). Each recursive walk over heap objects holds a
// DepthGuard; all of them on a thread share one depth, bounded by kMaxDepth.
//
//   DepthGuard guard;
//   if (guard.exceeded()) return guard.error("constant", ref);
#pragma once

#include <string>

#include "core/support/error.h"

namespace dynrr {

class DepthGuard {
 public:
  static constexpr int kMaxDepth = 400;
  DepthGuard() { ++depth(); }
  ~DepthGuard() { --depth(); }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

  bool exceeded() const { return depth() > kMaxDepth; }
  // "bad input: <what> (object N) nested more than 400 levels deep (a cycle?)"
  Error error(const std::string& what, uint64_t ref) const {
    return Error("bad input: " + what + " (object " + std::to_string(ref) + ") nested more than " +
                 std::to_string(kMaxDepth) + " levels deep (a cycle in the trace?)");
  }

 private:
  static int& depth() {
    thread_local int d = 0;
    return d;
  }
};

}  // namespace dynrr
