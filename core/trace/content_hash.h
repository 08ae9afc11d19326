// content_hash.h — XXH3-128 content keys for immutable trace objects.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

namespace dynrr::trace {

struct ContentHash {
  uint64_t low = 0;
  uint64_t high = 0;
  friend bool operator==(const ContentHash&, const ContentHash&) = default;
};

ContentHash hashBytes(const void* data, size_t size);
// XXH3-64 of the bytes (the chunk checksum); the AVX2 build of it where the CPU has AVX2.
uint64_t checksum64(const void* data, size_t size);

namespace detail {
uint64_t checksum64Avx2(const void* data, size_t size);  // x86-64 only; needs AVX2
}  // namespace detail

struct ContentHashHasher {
  size_t operator()(const ContentHash& h) const noexcept { return static_cast<size_t>(h.low); }
};

}  // namespace dynrr::trace
