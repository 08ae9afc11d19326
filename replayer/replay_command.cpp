// replay_command.cpp — `dynrr replay TRACE`: replay each recorded frame through the
// core and give a verdict per frame (match / diverge / unsupported).
//
// The symbolic-evaluation core (issue 4) is not built yet, so every frame is
// reported `unsupported` with that reason: an honest answer, never a fake match.
#include <cstdio>
#include <string>

#include "core/trace/trace_reader.h"
#include "replayer/commands.h"

namespace dynrr::replayer {
namespace {

std::string jsonEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out;
}

}  // namespace

int runReplay(const std::vector<std::string>& args) {
  std::string path;
  long only = -1;
  bool json = false;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--frame" && i + 1 < args.size()) {
      only = std::strtol(args[++i].c_str(), nullptr, 10);
    } else if (args[i] == "--json") {
      json = true;
    } else if (path.empty() && args[i][0] != '-') {
      path = args[i];
    } else {
      std::fprintf(stderr, "dynrr replay: unexpected argument '%s'\n", args[i].c_str());
      return kExitBadInput;
    }
  }
  if (path.empty()) {
    std::fprintf(stderr, "usage: dynrr replay TRACE [--frame N] [--json]\n");
    return kExitBadInput;
  }
  auto trace = trace::TraceReader::openFile(path);
  if (!trace) {
    std::fprintf(stderr, "dynrr: %s\n", trace.error().message().c_str());
    return kExitBadInput;
  }
  const std::string reason = "core: symbolic evaluation is not implemented yet (issue 4)";
  size_t unsupported = 0;
  std::string frames;
  if (!json) std::printf("%-6s %-32s %-12s %s\n", "frame", "name", "verdict", "reason");
  for (size_t i = 0; i < trace->eventCount(); ++i) {
    if (only >= 0 && static_cast<size_t>(only) != i) continue;
    auto e = trace->event(i);
    std::string name = "?";
    if (auto code = trace->object(e.getFrame().getCode());
        code && code->which() == schema::Object::Which::CODE) {
      name = code->getCode().getQualname();
    }
    ++unsupported;
    if (json) {
      if (!frames.empty()) frames += ",";
      frames += "{\"index\":" + std::to_string(i) + ",\"name\":\"" + jsonEscape(name) +
                "\",\"verdict\":\"unsupported\",\"reason\":\"" + jsonEscape(reason) +
                "\",\"diff\":\"\",\"core_ns\":0,\"dynamo_ns\":" + std::to_string(e.getDynamoNs()) +
                ",\"ops\":0}";
    } else {
      std::printf("%-6zu %-32s %-12s %s\n", i, name.c_str(), "unsupported", reason.c_str());
    }
  }
  if (json) {
    std::printf("{\"frames\":[%s],\"summary\":{\"match\":0,\"diverge\":0,\"unsupported\":%zu}}\n",
                frames.c_str(), unsupported);
  } else {
    std::printf("summary: 0 match, 0 diverge, %zu unsupported\n", unsupported);
  }
  return kExitOk;
}

}  // namespace dynrr::replayer
