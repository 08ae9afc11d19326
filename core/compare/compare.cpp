// compare.cpp — see compare.h.
#include "core/compare/compare.h"

#include <algorithm>
#include <set>
#include <sstream>
#include <vector>

namespace dynrr::compare {
namespace {

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(text);
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

// Dynamo names the builtins dict it installs in f_globals with a process-wide counter
// (bytecode_transformation.unique_id: "__builtins_dict___<n>"), so <n> depends on how
// many names earlier compiles in the process took, not on the frame. Like file paths,
// it is normalised before comparing: "__builtins_dict___N".
// install_global_by_id's names: `___unnamed_scope_<id(globals)>_c<compile id>` (the
// globals of inlined code whose module cannot be imported by name, e.g. a namedtuple's
// generated __new__) carries an address; compared as `___unnamed_scope_N`.
std::string normalizeUnnamedScope(const std::string& source) {
  static const std::string kPrefix = "___unnamed_scope_";
  std::string out;
  size_t i = 0;
  while (true) {
    size_t at = source.find(kPrefix, i);
    if (at == std::string::npos) break;
    size_t end = at + kPrefix.size();
    while (end < source.size() &&
           ((source[end] >= '0' && source[end] <= '9') || source[end] == '_' || source[end] == 'c'))
      ++end;
    out += source.substr(i, at + kPrefix.size() - i) + "N";
    i = end;
  }
  return out + source.substr(i);
}

std::string normalizeBuiltinsDict(const std::string& input) {
  const std::string source = normalizeUnnamedScope(input);
  static const std::string kPrefix = "__builtins_dict___";
  std::string out;
  size_t i = 0;
  while (true) {
    size_t at = source.find(kPrefix, i);
    if (at == std::string::npos) break;
    size_t digits = at + kPrefix.size();
    size_t end = digits;
    while (end < source.size() && source[end] >= '0' && source[end] <= '9') ++end;
    out += source.substr(i, digits - i);
    out += end > digits ? "N" : "";
    i = end;
  }
  return out + source.substr(i);
}

}  // namespace

std::string guardKey(const GuardDecision& g) {
  std::string key = g.kind + " " + normalizeBuiltinsDict(g.source);
  if (g.kind == "TENSOR_MATCH") {
    // The detail is what the guard checks; a trailing " value=..." (the guarded object's
    // repr, which some recordings include) is not part of it.
    std::string detail = g.detail;
    if (auto at = detail.find(" value="); at != std::string::npos) detail.resize(at);
    key += "  " + detail;
  }
  // SHAPE_ENV: the expressions ShapeEnv printed (issue 16: compared exactly, so a frame
  // whose shape guards differ is not a match).
  if (g.kind == "SHAPE_ENV" && !g.detail.empty()) key += "  " + g.detail;
  return key;
}

const char* verdictName(Verdict v) {
  switch (v) {
    case Verdict::kMatch: return "match";
    case Verdict::kDiverge: return "diverge";
    case Verdict::kUnsupported: return "unsupported";
  }
  return "?";
}

std::string normalizePaths(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  size_t copied = 0;  // text[copied, i) is still to be appended as is
  for (size_t i = 0; i < text.size();) {
    if (text[i] == '/' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '"' ||
                           text[i - 1] == '\'' || text[i - 1] == '(')) {
      size_t end = i;
      while (end < text.size() && text[end] != ' ' && text[end] != '"' && text[end] != '\'' &&
             text[end] != ',' && text[end] != ')' && text[end] != ':' && text[end] != '\n') {
        ++end;
      }
      out.append(text, copied, i - copied);
      size_t slash = text.rfind('/', end - 1);  // >= i: text[i] is '/'
      out.append(text, slash + 1, end - slash - 1);
      i = copied = end;
    } else {
      ++i;
    }
  }
  out.append(text, copied, text.size() - copied);
  return out;
}

std::string unifiedDiff(const std::string& expected, const std::string& actual,
                        const std::string& expectedName, const std::string& actualName) {
  if (expected == actual) return "";
  std::vector<std::string> a = splitLines(expected), b = splitLines(actual);
  // LCS table; graphs are small (a few thousand lines at most).
  size_t n = a.size(), m = b.size();
  if (n * m > 25'000'000)
    return "--- " + expectedName + "\n+++ " + actualName + "\n(too large to diff)\n";
  std::vector<std::vector<uint32_t>> lcs(n + 1, std::vector<uint32_t>(m + 1, 0));
  for (size_t i = n; i-- > 0;) {
    for (size_t j = m; j-- > 0;) {
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  std::string out = "--- " + expectedName + "\n+++ " + actualName + "\n";
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) {
      out += "  " + a[i] + "\n";
      ++i, ++j;
    } else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out += "+ " + b[j++] + "\n";
    } else {
      out += "- " + a[i++] + "\n";
    }
  }
  return out;
}

namespace {

// One graph: printed code, placeholder sources, example values; then its subgraphs
// (higher-order op bodies) by name and position, recursively. Appends to `diff`.
void compareGraph(const GraphDecision& r, const GraphDecision& c, const std::string& tag,
                  std::string& diff) {
  {
    std::string codeDiff =
        unifiedDiff(normalizePaths(r.code), normalizePaths(c.code), "dynamo " + tag, "core " + tag);
    if (!codeDiff.empty()) diff += codeDiff;
    // Placeholders' sources, in order.
    std::vector<std::string> rs, cs;
    for (const auto& n : r.nodes) {
      if (n.op == "placeholder") rs.push_back(n.name + " <- " + n.source);
    }
    for (const auto& n : c.nodes) {
      if (n.op == "placeholder") cs.push_back(n.name + " <- " + n.source);
    }
    if (rs != cs) {
      diff += tag + " placeholder sources differ:\n";
      for (const auto& s : rs) diff += "  dynamo: " + s + "\n";
      for (const auto& s : cs) diff += "  core:   " + s + "\n";
    }
    // Example values by node position (names already compared through the code).
    size_t nn = std::min(r.nodes.size(), c.nodes.size());
    if (r.nodes.size() != c.nodes.size()) {
      diff += tag + ": dynamo has " + std::to_string(r.nodes.size()) + " nodes, core has " +
              std::to_string(c.nodes.size()) + "\n";
    }
    for (size_t k = 0; k < nn; ++k) {
      if (r.nodes[k].exampleValue != c.nodes[k].exampleValue) {
        diff += tag + " node " + r.nodes[k].name + " example value: dynamo " +
                r.nodes[k].exampleValue + ", core " + c.nodes[k].exampleValue + "\n";
      }
    }
  }
  // A recorded graph from before subgraphs were recorded has none to compare with;
  // the replay reports such a frame unsupported when the core made subgraphs.
  if (!r.subgraphsKnown) return;
  if (r.subgraphs.size() != c.subgraphs.size()) {
    diff += tag + ": dynamo has " + std::to_string(r.subgraphs.size()) + " subgraphs, core has " +
            std::to_string(c.subgraphs.size()) + "\n";
  }
  for (size_t i = 0; i < std::min(r.subgraphs.size(), c.subgraphs.size()); ++i) {
    const auto& rs = r.subgraphs[i];
    const auto& cs = c.subgraphs[i];
    if (rs.name != cs.name)
      diff += tag + " subgraph " + std::to_string(i) + ": dynamo " + rs.name + ", core " + cs.name +
              "\n";
    compareGraph(rs.graph, cs.graph, tag + "." + rs.name, diff);
  }
}

}  // namespace

Comparison compareDecisions(const FrameDecisions& ref, const FrameDecisions& core) {
  std::string diff;
  if (ref.graphs.size() != core.graphs.size()) {
    diff += "graphs: dynamo has " + std::to_string(ref.graphs.size()) + ", core has " +
            std::to_string(core.graphs.size()) + "\n";
  }
  size_t common = std::min(ref.graphs.size(), core.graphs.size());
  for (size_t g = 0; g < common; ++g) {
    if (!ref.graphs[g].subgraphsKnown && !core.graphs[g].subgraphs.empty()) {
      Comparison old;
      old.verdict = Verdict::kUnsupported;
      old.diff =
          "unsupported: the trace was recorded before subgraphs (higher-order op bodies) "
          "were; re-record it to compare them";
      return old;
    }
  }
  for (size_t g = 0; g < common; ++g)
    compareGraph(ref.graphs[g], core.graphs[g], "graph " + std::to_string(g), diff);
  std::set<std::string> rg, cg;
  for (const auto& g : ref.guards) rg.insert(guardKey(g));
  for (const auto& g : core.guards) cg.insert(guardKey(g));
  for (const auto& k : rg) {
    if (!cg.count(k)) diff += "guard missing in core: " + k + "\n";
  }
  for (const auto& k : cg) {
    if (!rg.count(k)) diff += "guard extra in core:   " + k + "\n";
  }
  if (ref.breaks.size() != core.breaks.size()) {
    diff += "graph breaks: dynamo has " + std::to_string(ref.breaks.size()) + ", core has " +
            std::to_string(core.breaks.size()) + "\n";
  }
  for (size_t b = 0; b < std::min(ref.breaks.size(), core.breaks.size()); ++b) {
    const auto& r = ref.breaks[b];
    const auto& c = core.breaks[b];
    bool sameWhy = !r.gbType.empty() ? r.gbType == c.gbType : r.reason == c.reason;
    if (!sameWhy || r.offset != c.offset) {
      diff += "graph break " + std::to_string(b) + ": dynamo at offset " +
              std::to_string(r.offset) + " (" + (r.gbType.empty() ? r.reason : r.gbType) +
              "), core at offset " + std::to_string(c.offset) + " (" +
              (c.gbType.empty() ? c.reason : c.gbType) + ")\n";
    }
  }
  // Side effects on pre-existing state, as sets.
  std::set<EffectDecision> re(ref.effects.begin(), ref.effects.end());
  std::set<EffectDecision> ce(core.effects.begin(), core.effects.end());
  auto effectText = [](const EffectDecision& e) {
    return e.kind + " " + e.target + (e.attr.empty() ? "" : " ." + e.attr);
  };
  for (const auto& e : re)
    if (!ce.count(e)) diff += "side effect missing in core: " + effectText(e) + "\n";
  for (const auto& e : ce)
    if (!re.count(e)) diff += "side effect extra in core:   " + effectText(e) + "\n";
  if (ref.frameError != core.frameError) {
    auto said = [](const std::string& e) {
      return e.empty() ? std::string("compiles the frame") : "raises " + e;
    };
    diff += "frame: dynamo " + said(ref.frameError) + "; core " + said(core.frameError) + "\n";
  }
  if (ref.skipReason != core.skipReason) {
    auto said = [](const std::string& r) {
      return r.empty() ? std::string("traces the frame") : "skips it before tracing: " + r;
    };
    diff += "frame: dynamo " + said(ref.skipReason) + "; core " + said(core.skipReason) + "\n";
  }
  Comparison result;
  result.verdict = diff.empty() ? Verdict::kMatch : Verdict::kDiverge;
  result.diff = diff;
  return result;
}

}  // namespace dynrr::compare
