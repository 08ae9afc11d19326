// content_hash.cpp — thin wrapper over xxHash's XXH3.
#include "core/trace/content_hash.h"

#include <xxhash.h>

#if defined(__x86_64__) && defined(__has_include)
#if __has_include(<sys/platform/x86.h>)
// glibc's record of the CPU's features, filled at start-up: asking it costs no cpuid
// (__builtin_cpu_supports would link libgcc's own detection, which runs cpuid at every
// process start: tens of microseconds in a virtual machine).
#include <sys/platform/x86.h>
#define DYNRR_HAVE_CPU_FEATURES 1
#endif
#endif

namespace dynrr::trace {

ContentHash hashBytes(const void* data, size_t size) {
  XXH128_hash_t h = XXH3_128bits(data, size);
  return ContentHash{h.low64, h.high64};
}

uint64_t checksum64(const void* data, size_t size) {
#if defined(DYNRR_HAVE_CPU_FEATURES)
  static const bool avx2 = CPU_FEATURE_ACTIVE(AVX2);
  if (avx2) return detail::checksum64Avx2(data, size);
#endif
  return XXH3_64bits(data, size);
}

}  // namespace dynrr::trace
