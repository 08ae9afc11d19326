// content_hash.cpp — thin wrapper over xxHash's XXH3.
#include "core/trace/content_hash.h"

#include <xxhash.h>

namespace dynrr::trace {

ContentHash hashBytes(const void* data, size_t size) {
  XXH128_hash_t h = XXH3_128bits(data, size);
  return ContentHash{h.low64, h.high64};
}

uint64_t checksum64(const void* data, size_t size) {
#if defined(__x86_64__)
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2) return detail::checksum64Avx2(data, size);
#endif
  return XXH3_64bits(data, size);
}

}  // namespace dynrr::trace
