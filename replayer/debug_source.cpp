// debug_source.cpp — see debug_source.h.
#include "replayer/debug_source.h"

#include <fstream>

namespace dynrr::replayer {

namespace {

std::optional<std::vector<std::string>> readLines(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace

std::optional<std::vector<std::string>> readSourceLines(const std::string& path,
                                                        const std::string& nearFile) {
  if (path.empty() || path.front() == '<') return std::nullopt;  // "<string>", "<stdin>"
  if (auto lines = readLines(path)) return lines;
  if (path.front() == '/' || nearFile.empty()) return std::nullopt;
  std::string dir = nearFile;
  for (int up = 0; up < 8; ++up) {
    size_t slash = dir.find_last_of('/');
    if (slash == std::string::npos) break;
    dir.resize(slash);
    if (auto lines = readLines((dir.empty() ? "/" : dir + "/") + path)) return lines;
  }
  return std::nullopt;
}

std::string baseName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace dynrr::replayer
