// commands.h — the subcommands of the `dynrr` tool. Each returns the process exit
// code: 0 success (nothing diverged), 1 divergence, 2 bad input or usage.
#pragma once

#include <string>
#include <vector>

namespace dynrr::replayer {

inline constexpr int kExitOk = 0;
inline constexpr int kExitDiverge = 1;
inline constexpr int kExitBadInput = 2;

int runShow(const std::vector<std::string>& args);
int runReplay(const std::vector<std::string>& args);
int runValidate(const std::vector<std::string>& args);
int runDebug(const std::vector<std::string>& args);

}  // namespace dynrr::replayer
