// assert.cpp — the failure path of DYNRR_ASSERT.
#include "core/support/assert.h"

#include <cstdio>
#include <cstdlib>

namespace dynrr::detail {

void assertionFailed(const char* file, int line, const char* condition, const std::string& values) {
  std::fprintf(stderr, "dynrr: internal error at %s:%d: assertion `%s` failed%s\n", file, line,
               condition, values.c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace dynrr::detail
