// assert.h — checks for our own bugs (not for bad input: see error.h).
//
// DYNRR_ASSERT stays on in release builds and prints the failed condition with the
// values involved, then aborts: DYNRR_ASSERT(a == b, a, b). DYNRR_DASSERT is the
// debug-only variant for hot paths.
#pragma once

#include <sstream>
#include <string>

namespace dynrr::detail {

[[noreturn]] void assertionFailed(const char* file, int line, const char* condition,
                                  const std::string& values);

inline void appendValues(std::ostringstream&) {}
template <typename T, typename... Rest>
void appendValues(std::ostringstream& out, const T& value, const Rest&... rest) {
  out << " [" << value << "]";
  appendValues(out, rest...);
}

template <typename... Ts>
std::string formatValues(const Ts&... values) {
  std::ostringstream out;
  appendValues(out, values...);
  return out.str();
}

}  // namespace dynrr::detail

#define DYNRR_ASSERT(cond, ...)                                                     \
  do {                                                                              \
    if (!(cond)) [[unlikely]] {                                                     \
      ::dynrr::detail::assertionFailed(__FILE__, __LINE__, #cond,                   \
                                       ::dynrr::detail::formatValues(__VA_ARGS__)); \
    }                                                                               \
  } while (false)

#ifdef NDEBUG
#define DYNRR_DASSERT(cond, ...) \
  do {                           \
  } while (false)
#else
#define DYNRR_DASSERT(cond, ...) DYNRR_ASSERT(cond, __VA_ARGS__)
#endif
