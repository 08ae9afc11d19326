// corpus.cpp — saving fuzz failures (see corpus.h).
#include "fuzz/corpus.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/trace/content_hash.h"

namespace dynrr::fuzz {
namespace {

std::string oneLine(const std::string& s) {
  std::string out;
  for (char c : s) out += (c == '\n' || c == '\r') ? ' ' : c;
  return out.substr(0, 400);
}

bool writeFile(const std::filesystem::path& path, const std::string& data) {
  std::ofstream out(path, std::ios::binary);
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
  return static_cast<bool>(out);
}

}  // namespace

std::map<std::string, std::string> readExpected(const std::string& path) {
  std::map<std::string, std::string> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    auto colon = line.find(": ");
    if (colon == std::string::npos) continue;
    out[line.substr(0, colon)] = line.substr(colon + 2);
  }
  return out;
}

std::set<std::string> corpusSignatures(const std::string& dir) {
  std::set<std::string> out;
  for (const auto& d :
       {std::filesystem::path(dir), std::filesystem::path(dir) / kOpenFindingsDir}) {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(d, ec)) {
      if (e.path().extension() != ".expected") continue;
      auto kv = readExpected(e.path().string());
      if (kv.count("signature")) out.insert(kv["signature"]);
    }
  }
  return out;
}

std::string saveToCorpus(const std::string& dir, const CorpusEntry& entry) {
  if (corpusSignatures(dir).count(entry.signature)) return "";
  std::filesystem::create_directories(dir);
  auto h = trace::hashBytes(entry.source.data(), entry.source.size());
  char stem[32];
  std::snprintf(stem, sizeof(stem), "%016llx", static_cast<unsigned long long>(h.low));
  std::filesystem::path base = std::filesystem::path(dir) / stem;
  std::ostringstream py;
  py << "# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)\n"
     << "# property: " << entry.property << "\n"
     << "# signature: " << oneLine(entry.signature) << "\n"
     << "# case seed: " << entry.caseSeed << " (dynrr-fuzz --case-seed " << entry.caseSeed << ")\n"
     << "# reason: " << oneLine(entry.reason) << "\n"
     << entry.source;
  std::ostringstream ex;
  ex << "property: " << entry.property << "\n"
     << "signature: " << oneLine(entry.signature) << "\n"
     << "case_seed: " << entry.caseSeed << "\n"
     << "replay_verdict: " << entry.replayVerdict << "\n"
     << "replay_reason: " << oneLine(entry.replayReason) << "\n"
     << "reason: " << oneLine(entry.reason) << "\n";
  if (!writeFile(base.string() + ".py", py.str()) ||
      !writeFile(base.string() + ".dynrr", entry.trace) ||
      !writeFile(base.string() + ".expected", ex.str()))
    return "";
  return stem;
}

}  // namespace dynrr::fuzz
