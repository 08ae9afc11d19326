// sha256.h — SHA-256 (FIPS 180-4), for the one place the core needs it: torch's
// ShapeEnv._generate_unique_id names a size symbol s<N> with
// N = int(sha256(source_name).hexdigest(), 16) % 100 (torch/fx/experimental/symbolic_shapes.py).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace dynrr::support {

std::array<uint8_t, 32> sha256(std::string_view data);

// The digest read as a big-endian integer, modulo `m` (m > 0).
uint32_t sha256Mod(std::string_view data, uint32_t m);

}  // namespace dynrr::support
