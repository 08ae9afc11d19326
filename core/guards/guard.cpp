// guard.cpp — see guard.h.
#include "core/guards/guard.h"

#include <array>

namespace dynrr::guards {
namespace {

constexpr std::array<const char*, kGuardKindCount> kNames = {
#define DYNRR_GUARD_KIND_NAME(name) #name,
    DYNRR_GUARD_KINDS(DYNRR_GUARD_KIND_NAME)
#undef DYNRR_GUARD_KIND_NAME
};

}  // namespace

const char* guardKindName(GuardKind kind) { return kNames[static_cast<size_t>(kind)]; }

std::optional<GuardKind> parseGuardKind(std::string_view name) {
  for (size_t i = 0; i < kNames.size(); ++i) {
    if (name == kNames[i]) return static_cast<GuardKind>(i);
  }
  return std::nullopt;
}

}  // namespace dynrr::guards
