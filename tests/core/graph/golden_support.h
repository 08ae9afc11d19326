// golden_support.h — loading the JSON goldens written by make_goldens.py (test-only).
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "tests/core/graph/json_lite.h"

namespace dynrr::testing {

inline const Json& loadGolden(const std::string& file) {
  static std::vector<std::pair<std::string, std::unique_ptr<Json>>> cache;
  for (const auto& [name, json] : cache) {
    if (name == file) return *json;
  }
  std::string path = std::string(DYNRR_GRAPH_GOLDENS_DIR) + "/" + file;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open golden " + path);
  std::stringstream buf;
  buf << in.rdbuf();
  cache.emplace_back(file, std::make_unique<Json>(parseJson(buf.str())));
  return *cache.back().second;
}

}  // namespace dynrr::testing
