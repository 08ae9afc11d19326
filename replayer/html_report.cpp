// html_report.cpp — see html_report.h. The page uses only HTML and inline CSS so it
// renders the same from a CI artifact store, a mail attachment or a local file.
#include "replayer/html_report.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "core/bytecode/disassembler.h"
#include "core/bytecode/line_table.h"
#include "replayer/debug_divergence.h"
#include "replayer/debug_source.h"

namespace dynrr::replayer {
namespace {

std::string esc(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string ms(uint64_t ns) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.3f ms", static_cast<double>(ns) / 1e6);
  return buf;
}

// A recorded time that older traces may lack: "not recorded" then.
std::string ms(std::optional<uint64_t> ns) { return ns ? ms(*ns) : "not recorded"; }

std::optional<uint64_t> backendOf(const ReportFrame& f) {
  return f.times.backendTimed ? std::optional(f.times.backendNs) : std::nullopt;
}

// Dynamo's tracing time over the core's; "-" for unsupported frames or unknown times.
std::string speedup(const ReportFrame& f) {
  if (f.verdict == compare::Verdict::kUnsupported) return "-";
  return trace::speedupText(f.times, f.coreNs);
}

const char* kStyle = R"(
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #1b1f23; background: #fff; }
h1 { font-size: 1.4em; } h2 { font-size: 1.2em; border-bottom: 1px solid #ccc; padding-bottom: .2em; }
h3 { font-size: 1em; margin: .8em 0 .3em; }
table { border-collapse: collapse; }
td, th { padding: .15em .6em; text-align: left; vertical-align: top; }
table.summary td, table.summary th, table.guards td, table.guards th, table.timings td,
table.timings th { border: 1px solid #d0d7de; }
pre, table.code, table.source { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; }
table.code td, table.source td { padding: 0 .5em; white-space: pre; }
td.ln { color: #8c959f; text-align: right; user-select: none; }
.verdict { font-weight: bold; padding: .05em .5em; border-radius: .3em; color: #fff; }
.verdict.match { background: #1a7f37; } .verdict.diverge { background: #cf222e; }
.verdict.unsupported { background: #9a6700; }
.sidebyside { display: flex; gap: 1em; align-items: flex-start; }
.sidebyside > div { flex: 1 1 0; min-width: 0; overflow-x: auto; border: 1px solid #d0d7de; }
.sidebyside h3 { margin: 0; padding: .3em .5em; background: #f6f8fa; border-bottom: 1px solid #d0d7de; }
table.guards { width: 100%; }
table.guards td { overflow-wrap: anywhere; } table.guards td:first-child { white-space: nowrap; }
table.guards td:last-child { min-width: 8em; overflow-wrap: normal; }
tr.del td { background: #ffebe9; } tr.add td { background: #dafbe1; }
tr.guard-missing td { background: #ffebe9; } tr.guard-extra td { background: #dafbe1; }
p.reason { background: #fff8c5; padding: .4em .6em; border-left: 4px solid #9a6700; }
p.note { color: #57606a; font-style: italic; }
pre.disassembly, pre.diff { background: #f6f8fa; padding: .5em; overflow-x: auto; }
)";

void renderSource(const ReportFrame& f, std::string& out) {
  std::string id = "frame-" + std::to_string(f.index);
  out += "<h3>Source</h3>\n";
  if (!f.sourceLines.empty()) {
    out += "<table class=\"source\" id=\"" + id + "-source\">\n";
    for (size_t i = 0; i < f.sourceLines.size(); ++i) {
      out += "<tr><td class=\"ln\">" + std::to_string(f.firstSourceLine + i) + "</td><td>" +
             esc(f.sourceLines[i]) + "</td></tr>\n";
    }
    out += "</table>\n";
    return;
  }
  out += "<p class=\"note\">The trace holds no source text and " + esc(f.filename) +
         " is not readable here: the bytecode disassembly follows (source line numbers in "
         "its first column).</p>\n";
  out += "<pre class=\"disassembly\" id=\"" + id + "-source\">" + esc(f.disassembly) + "</pre>\n";
}

void renderCodeTable(const std::vector<std::string>& lines, const std::vector<bool>& changed,
                     const char* changedClass, std::string& out) {
  out += "<table class=\"code\">\n";
  for (size_t i = 0; i < lines.size(); ++i) {
    out += std::string("<tr") + (changed[i] ? std::string(" class=\"") + changedClass + "\"" : "") +
           "><td class=\"ln\">" + std::to_string(i + 1) + "</td><td>" + esc(lines[i]) +
           "</td></tr>\n";
  }
  out += "</table>\n";
}

// One graph side by side (Dynamo's, the core's; either may be absent), its example
// values, then its subgraphs (higher-order op bodies such as cond_true_0) nested under
// it by position, with the same layout.
void renderGraphPair(const ReportFrame& f, const compare::GraphDecision* rg,
                     const compare::GraphDecision* cg, const std::string& label,
                     const std::string& id, int depth, std::string& out) {
  std::vector<std::string> a, b;
  if (rg) a = splitLines(rg->code);
  if (cg) b = splitLines(cg->code);
  // An unsupported replay has nothing to compare: no highlighting.
  LineDiff d =
      f.verdict == compare::Verdict::kUnsupported
          ? LineDiff{std::vector<bool>(a.size(), false), std::vector<bool>(b.size(), false)}
          : diffLines(a, b);
  out += "<div class=\"sidebyside\" id=\"" + id + "\"" +
         (depth ? " style=\"margin-left:" + std::to_string(2 * depth) + "em\"" : "") +
         ">\n<div class=\"graph dynamo\"><h3>Dynamo " + esc(label) + "</h3>\n";
  if (a.empty()) out += "<p class=\"note\">none</p>\n";
  renderCodeTable(a, d.onlyA, "del", out);
  out += "</div>\n<div class=\"graph core\"><h3>Core " + esc(label) + "</h3>\n";
  if (b.empty()) {
    out +=
        std::string("<p class=\"note\">") +
        (f.verdict == compare::Verdict::kUnsupported ? "none: the replay is unsupported" : "none") +
        "</p>\n";
  }
  renderCodeTable(b, d.onlyB, "add", out);
  out += "</div>\n</div>\n";
  // Example values by node position (what the printed code does not show).
  if (rg && cg) {
    const auto& rn = rg->nodes;
    const auto& cn = cg->nodes;
    std::string nodesId = id;
    if (auto at = nodesId.find("-graph-"); at != std::string::npos)
      nodesId.replace(at, 7, "-nodes-");
    out += "<table class=\"guards nodes\" id=\"" + nodesId +
           "\">\n<tr><th>node</th><th>Dynamo example value</th><th>core example value</th>"
           "</tr>\n";
    for (size_t k = 0; k < std::max(rn.size(), cn.size()); ++k) {
      std::string rv = k < rn.size() ? rn[k].exampleValue : "(no node)";
      std::string cv = k < cn.size() ? cn[k].exampleValue : "(no node)";
      if (rv.empty() && cv.empty()) continue;
      std::string name = k < rn.size() ? rn[k].name : cn[k].name;
      out += std::string("<tr") + (rv != cv ? " class=\"del\"" : "") + "><td>" + esc(name) +
             "</td><td>" + esc(rv) + "</td><td>" + esc(cv) + "</td></tr>\n";
    }
    out += "</table>\n";
  }
  if (depth >= 16) return;
  size_t rs = rg ? rg->subgraphs.size() : 0, cs = cg ? cg->subgraphs.size() : 0;
  for (size_t i = 0; i < std::max(rs, cs); ++i) {
    const compare::SubgraphDecision* r = i < rs ? &rg->subgraphs[i] : nullptr;
    const compare::SubgraphDecision* c = i < cs ? &cg->subgraphs[i] : nullptr;
    std::string name = r ? r->name : c->name;
    renderGraphPair(f, r ? &r->graph : nullptr, c ? &c->graph : nullptr, label + " / " + name,
                    id + "-" + name, depth + 1, out);
  }
}

void renderGraphs(const ReportFrame& f, std::string& out) {
  size_t n = std::max(f.dynamo.graphs.size(), f.core.graphs.size());
  out += "<h3>Graphs</h3>\n";
  if (n == 0) {
    out += "<p class=\"note\">No graph.</p>\n";
    return;
  }
  for (size_t g = 0; g < n; ++g) {
    renderGraphPair(f, g < f.dynamo.graphs.size() ? &f.dynamo.graphs[g] : nullptr,
                    g < f.core.graphs.size() ? &f.core.graphs[g] : nullptr,
                    "graph " + std::to_string(g),
                    "frame-" + std::to_string(f.index) + "-graph-" + std::to_string(g), 0, out);
  }
}

void renderGuards(const ReportFrame& f, std::string& out) {
  auto key = [](const compare::GuardDecision& g) { return compare::guardKey(g); };
  bool coreRan = f.verdict != compare::Verdict::kUnsupported;
  std::map<std::string, int> coreKeys;
  for (const auto& g : f.core.guards) ++coreKeys[key(g)];
  std::map<std::string, int> refKeys;
  for (const auto& g : f.dynamo.guards) ++refKeys[key(g)];
  out += "<h3>Guards</h3>\n<table class=\"guards\" id=\"frame-" + std::to_string(f.index) +
         "-guards\">\n<tr><th>kind</th><th>source</th><th>detail</th><th>status</th></tr>\n";
  for (const auto& g : f.dynamo.guards) {
    bool missing = coreRan && !coreKeys.count(key(g));
    out += std::string("<tr") + (missing ? " class=\"guard-missing\"" : "") + "><td>" +
           esc(g.kind) + "</td><td>" + esc(g.source) + "</td><td>" + esc(g.detail) + "</td><td>" +
           (!coreRan  ? "Dynamo"
            : missing ? "missing in the core"
                      : "both") +
           "</td></tr>\n";
  }
  for (const auto& g : f.core.guards) {
    if (refKeys.count(key(g))) continue;
    out += "<tr class=\"guard-extra\"><td>" + esc(g.kind) + "</td><td>" + esc(g.source) +
           "</td><td>" + esc(g.detail) + "</td><td>extra in the core</td></tr>\n";
  }
  out += "</table>\n";
}

void renderBreaks(const ReportFrame& f, std::string& out) {
  out += "<h3>Graph breaks</h3>\n";
  if (f.dynamo.breaks.empty() && f.core.breaks.empty()) {
    out += "<p class=\"note\">None.</p>\n";
    return;
  }
  out += "<ul class=\"breaks\">\n";
  for (const auto& b : f.dynamo.breaks) {
    out += "<li>Dynamo: offset " + std::to_string(b.offset) + ": " + esc(b.gbType) +
           (b.reason.empty() ? "" : " — " + esc(b.reason)) + "</li>\n";
  }
  for (const auto& b : f.core.breaks) {
    out += "<li>core: offset " + std::to_string(b.offset) + ": " + esc(b.gbType) +
           (b.reason.empty() ? "" : " — " + esc(b.reason)) + "</li>\n";
  }
  out += "</ul>\n";
}

}  // namespace

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return lines;
}

LineDiff diffLines(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  // Longest common subsequence by dynamic programming (graphs are small).
  size_t n = a.size(), m = b.size();
  std::vector<std::vector<uint32_t>> lcs(n + 1, std::vector<uint32_t>(m + 1, 0));
  for (size_t i = n; i-- > 0;) {
    for (size_t j = m; j-- > 0;) {
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  LineDiff d{std::vector<bool>(n, true), std::vector<bool>(m, true)};
  size_t i = 0, j = 0;
  while (i < n && j < m) {
    if (a[i] == b[j]) {
      d.onlyA[i++] = false;
      d.onlyB[j++] = false;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
      ++i;
    } else {
      ++j;
    }
  }
  return d;
}

void describeFrameCode(const trace::TraceReader& trace, const std::string& tracePath, size_t index,
                       ReportFrame& frame) {
  frame.index = index;
  auto code = bytecode::codeFromTrace(trace, trace.event(index).getFrame().getCode());
  if (!code) {
    frame.name = "?";
    frame.disassembly = "<cannot decode the code object: " + code.error().message() + ">";
    return;
  }
  frame.name = code->qualname;
  frame.filename = code->filename;
  frame.firstlineno = code->firstlineno;
  int32_t last = static_cast<int32_t>(code->firstlineno);
  if (auto lines = bytecode::decodeLines(code->linetable, code->firstlineno)) {
    for (const auto& r : *lines) {
      if (r.line) last = std::max(last, *r.line);
    }
  }
  if (auto source = readSourceLines(code->filename, tracePath);
      source && code->firstlineno >= 1 && static_cast<size_t>(last) <= source->size()) {
    frame.firstSourceLine = code->firstlineno;
    frame.sourceLines.assign(source->begin() + (code->firstlineno - 1), source->begin() + last);
  } else {
    bytecode::DisassembleOptions options;
    options.recursive = false;
    frame.disassembly = bytecode::disassemble(*code, bytecode::traceConstRepr(trace), options);
  }
}

std::string renderHtml(const std::string& tracePath, const std::vector<ReportFrame>& frames) {
  size_t counts[3] = {0, 0, 0};
  for (const auto& f : frames) ++counts[static_cast<int>(f.verdict)];
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>dynrr replay: " +
      esc(baseName(tracePath)) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
  out += "<h1>dynrr replay: " + esc(tracePath) + "</h1>\n";
  out += "<p id=\"summary-line\">" + std::to_string(frames.size()) +
         " frame(s): " + std::to_string(counts[0]) + " match, " + std::to_string(counts[1]) +
         " diverge, " + std::to_string(counts[2]) + " unsupported.</p>\n";
  out +=
      "<table class=\"summary\" id=\"summary\">\n<tr><th>frame</th><th>name</th><th>verdict</th>"
      "<th>graphs</th><th>ops</th><th>core</th><th>Dynamo tracing</th><th>backend</th>"
      "<th>speedup</th></tr>\n";
  for (const auto& f : frames) {
    std::string v = compare::verdictName(f.verdict);
    out += "<tr><td><a href=\"#frame-" + std::to_string(f.index) + "\">" + std::to_string(f.index) +
           "</a></td><td>" + esc(f.name) + "</td><td><span class=\"verdict " + v + "\">" + v +
           "</span></td><td>" + std::to_string(f.core.graphs.size()) + " / " +
           std::to_string(f.dynamo.graphs.size()) + "</td><td>" + std::to_string(f.ops) +
           "</td><td>" + ms(f.coreNs) + "</td><td>" + ms(f.times.tracingNs()) + "</td><td>" +
           ms(backendOf(f)) + "</td><td>" + speedup(f) + "</td></tr>\n";
  }
  out += "</table>\n";
  for (const auto& f : frames) {
    std::string v = compare::verdictName(f.verdict);
    std::string id = "frame-" + std::to_string(f.index);
    out += "<section class=\"frame " + v + "\" id=\"" + id + "\">\n<h2>frame " +
           std::to_string(f.index) + ": " + esc(f.name) + " <span class=\"verdict " + v + "\">" +
           v + "</span></h2>\n";
    out += "<p class=\"where\">" + esc(f.filename) + ", line " + std::to_string(f.firstlineno) +
           "</p>\n";
    if (!f.reason.empty()) out += "<p class=\"reason\">" + esc(f.reason) + "</p>\n";
    out +=
        "<table class=\"timings\"><tr><th>core</th><th>Dynamo tracing</th><th>backend</th>"
        "<th>Dynamo compile</th><th>speedup</th><th>ops</th>"
        "<th>graphs (core / Dynamo)</th><th>guards (core / Dynamo)</th></tr><tr><td>" +
        ms(f.coreNs) + "</td><td>" + ms(f.times.tracingNs()) + "</td><td>" + ms(backendOf(f)) +
        "</td><td>" + ms(f.dynamoNs) + "</td><td>" + speedup(f) + "</td><td>" +
        std::to_string(f.ops) + "</td><td>" + std::to_string(f.core.graphs.size()) + " / " +
        std::to_string(f.dynamo.graphs.size()) + "</td><td>" +
        std::to_string(f.core.guards.size()) + " / " + std::to_string(f.dynamo.guards.size()) +
        "</td></tr></table>\n";
    renderSource(f, out);
    renderGraphs(f, out);
    renderGuards(f, out);
    renderBreaks(f, out);
    if (!f.diff.empty()) {
      out += "<h3>Diff</h3>\n<pre class=\"diff\">" + esc(f.diff) + "</pre>\n";
    }
    out += "</section>\n";
  }
  out += "</body>\n</html>\n";
  return out;
}

}  // namespace dynrr::replayer
