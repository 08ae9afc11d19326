// junit_report.cpp — see junit_report.h.
#include "replayer/junit_report.h"

#include <cstdio>

#include "replayer/debug_source.h"

namespace dynrr::replayer {

std::string xmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') break;
        out += c;
    }
  }
  return out;
}

namespace {

std::string seconds(uint64_t ns) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.6f", static_cast<double>(ns) / 1e9);
  return buf;
}

}  // namespace

std::string renderJUnit(const std::string& tracePath, const std::vector<ReportFrame>& frames) {
  size_t failures = 0, skipped = 0;
  uint64_t total = 0;
  for (const auto& f : frames) {
    failures += f.verdict == compare::Verdict::kDiverge;
    skipped += f.verdict == compare::Verdict::kUnsupported;
    total += f.coreNs;
  }
  std::string suite = baseName(tracePath);
  std::string classname = suite;
  if (size_t dot = classname.rfind('.'); dot != std::string::npos) classname.resize(dot);
  classname = "dynrr." + classname;
  std::string counts = " tests=\"" + std::to_string(frames.size()) + "\" failures=\"" +
                       std::to_string(failures) + "\" errors=\"0\" skipped=\"" +
                       std::to_string(skipped) + "\" time=\"" + seconds(total) + "\"";
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<testsuites name=\"dynrr replay\"" + counts + ">\n";
  out += "  <testsuite name=\"" + xmlEscape(suite) + "\"" + counts + ">\n";
  out += "    <properties><property name=\"trace\" value=\"" + xmlEscape(tracePath) +
         "\"/></properties>\n";
  for (const auto& f : frames) {
    out += "    <testcase classname=\"" + xmlEscape(classname) + "\" name=\"frame " +
           std::to_string(f.index) + ": " + xmlEscape(f.name) + "\" file=\"" +
           xmlEscape(f.filename) + "\" line=\"" + std::to_string(f.firstlineno) + "\" time=\"" +
           seconds(f.coreNs) + "\"";
    if (f.verdict == compare::Verdict::kMatch) {
      out += "/>\n";
      continue;
    }
    out += ">\n";
    if (f.verdict == compare::Verdict::kDiverge) {
      std::string first = f.diff.substr(0, f.diff.find('\n'));
      out +=
          "      <failure type=\"diverge\" message=\"the core's decisions differ from "
          "Dynamo's: " +
          xmlEscape(first) + "\">" + xmlEscape(f.diff) + "</failure>\n";
    } else {
      out += "      <skipped message=\"" + xmlEscape(f.reason) + "\"/>\n";
    }
    out += "    </testcase>\n";
  }
  out += "  </testsuite>\n</testsuites>\n";
  return out;
}

}  // namespace dynrr::replayer
