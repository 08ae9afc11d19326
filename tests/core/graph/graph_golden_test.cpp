// graph_golden_test.cpp — rebuild every Dynamo graph recorded by make_goldens.py
// through dynrr::graph and compare node names and pythonCode() with real torch
// 2.13's GraphModule.code. Names come from our naming logic: the goldens give only
// what Dynamo asked for (op, target, args, source names, explicit names, renames,
// erasures), never the names FX chose.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/graph/graph.h"
#include "core/graph/namespace.h"
#include "core/graph/printer.h"
#include "tests/core/graph/golden_support.h"

namespace dynrr::graph {
namespace {

using testing::Json;
using testing::loadGolden;

const Json& graphsGolden() { return loadGolden("graphs.json")["graphs"]; }

struct Replay {
  Graph graph;
  std::map<int64_t, Node*> byIndex;
  std::string error;

  std::optional<Argument> arg(const Json& j) {
    using T = Json::Type;
    if (j.type == T::kNull) return Argument::none();
    if (j.type == T::kBool) return Argument::boolean(j.b);
    if (j.type != T::kObject || j.object.size() != 1) {
      error = "bad argument json";
      return std::nullopt;
    }
    const auto& [key, v] = j.object[0];
    auto items = [&](const Json& arr) -> std::optional<std::vector<Argument>> {
      std::vector<Argument> out;
      for (const Json& e : arr.array) {
        auto a = arg(e);
        if (!a) return std::nullopt;
        out.push_back(std::move(*a));
      }
      return out;
    };
    if (key == "node") {
      auto it = byIndex.find(v.i);
      if (it == byIndex.end()) {
        error = "argument refers to unknown node";
        return std::nullopt;
      }
      return Argument::node(it->second);
    }
    if (key == "int") return Argument::integer(v.i);
    if (key == "float") return Argument::floating(std::strtod(v.s.c_str(), nullptr));
    if (key == "str") return Argument::string(v.s);
    if (key == "dtype") return Argument::dtype(v.s);
    if (key == "layout") return Argument::layout(v.s);
    if (key == "memory_format") return Argument::memoryFormat(v.s);
    if (key == "ellipsis") return Argument::ellipsis();
    if (key == "device") {
      std::optional<int64_t> index;
      if (!v["index"].isNull()) index = v["index"].i;
      return Argument::device(v["type"].s, index);
    }
    if (key == "size") {
      std::vector<int64_t> sizes;
      for (const Json& e : v.array) sizes.push_back(e.i);
      return Argument::size(sizes);
    }
    if (key == "tuple" || key == "list") {
      auto xs = items(v);
      if (!xs) return std::nullopt;
      return key == "tuple" ? Argument::tuple(std::move(*xs)) : Argument::list(std::move(*xs));
    }
    if (key == "slice") {
      auto xs = items(v);
      if (!xs || xs->size() != 3) return std::nullopt;
      return Argument::slice((*xs)[0], (*xs)[1], (*xs)[2]);
    }
    if (key == "dict") {
      std::vector<std::pair<Argument, Argument>> entries;
      for (const Json& kv : v.array) {
        auto k = arg(kv.array.at(0));
        auto val = arg(kv.array.at(1));
        if (!k || !val) return std::nullopt;
        entries.emplace_back(std::move(*k), std::move(*val));
      }
      return Argument::dict(std::move(entries));
    }
    error = "unknown argument kind " + key;
    return std::nullopt;
  }

  bool argsOf(const Json& desc, std::vector<Argument>& args, Kwargs& kwargs) {
    for (const Json& a : desc["args"].array) {
      auto v = arg(a);
      if (!v) return false;
      args.push_back(std::move(*v));
    }
    for (const Json& kv : desc["kwargs"].array) {
      auto v = arg(kv.array.at(1));
      if (!v) return false;
      kwargs.emplace_back(kv.array.at(0).s, std::move(*v));
    }
    return true;
  }
};

std::string typeOf(const Json& desc) { return desc["type"].isNull() ? "" : desc["type"].s; }

class GraphGolden : public ::testing::TestWithParam<size_t> {};

TEST_P(GraphGolden, RebuildsNamesAndCode) {
  const Json& g = graphsGolden().array.at(GetParam());
  const Json& nodes = g["nodes"];
  Replay r;
  for (const Json& ev : g["events"].array) {
    if (ev.has("create")) {
      int64_t idx = ev["create"].i;
      const Json& info = nodes.array.at(static_cast<size_t>(idx));
      const Json& desc = info["created"];
      ASSERT_FALSE(desc.has("unsupported")) << desc["unsupported"].s;
      auto op = parseOp(desc["op"].s);
      ASSERT_TRUE(op.has_value()) << desc["op"].s;
      const Json& target = desc["target"];
      Node* n = nullptr;
      if (*op == Op::kPlaceholder) {
        if (g["kind"].s == "fx") {
          // Graph.placeholder: appended, with an optional default value.
          std::vector<Argument> args;
          Kwargs kwargs;
          ASSERT_TRUE(r.argsOf(desc, args, kwargs)) << r.error;
          n = r.graph.createNode(Op::kPlaceholder, Target::string(target["str"].s), std::move(args),
                                 {}, std::nullopt, typeOf(desc));
        } else if (info.has("source") && typeOf(desc) == "torch.SymInt" &&
                   placeholderNameForSource(info["source"].s) != target["str"].s) {
          // A size symbol lifted as an input: named after the symbol, before its tensor.
          n = r.graph.createSymbolInput(target["str"].s, info["source"].s);
        } else if (info.has("source")) {
          n = r.graph.createGraphInput(info["source"].s, typeOf(desc));
          EXPECT_EQ(n->target().name(), target["str"].s) << "placeholderNameForSource";
        } else {
          // Unused inputs lose their GraphArg before Dynamo erases them.
          n = r.graph.createGraphInputNamed(target["str"].s, typeOf(desc));
        }
      } else {
        std::vector<Argument> args;
        Kwargs kwargs;
        ASSERT_TRUE(r.argsOf(desc, args, kwargs)) << r.error;
        Target t = Target::string("");
        if (target.has("fn")) {
          t = Target::function(target["fn"].s);
          EXPECT_EQ(t.name(), target["name"].s) << target["fn"].s;
          if (!target["module"].isNull()) {
            EXPECT_EQ(t.module(), target["module"].s) << target["fn"].s;
          }
          EXPECT_EQ(t.fromTorch(), target["from_torch"].b) << target["fn"].s;
        } else {
          t = Target::string(target["str"].s);
        }
        std::optional<std::string> name;
        if (!ev["explicit_name"].isNull()) name = ev["explicit_name"].s;
        n = r.graph.createNode(*op, std::move(t), std::move(args), std::move(kwargs), name,
                               typeOf(desc));
      }
      r.byIndex[idx] = n;
    } else if (ev.has("rename")) {
      r.graph.rename(r.byIndex.at(ev["rename"].i), ev["candidate"].s);
    } else if (ev.has("replace_input")) {
      r.graph.replaceInputWith(r.byIndex.at(ev["replace_input"].i), r.byIndex.at(ev["old"].i),
                               r.byIndex.at(ev["new"].i));
    } else if (ev.has("set_args")) {
      ASSERT_FALSE(ev.has("unsupported")) << ev["unsupported"].s;
      std::vector<Argument> args;
      Kwargs kwargs;
      ASSERT_TRUE(r.argsOf(ev, args, kwargs)) << r.error;
      r.graph.setArgs(r.byIndex.at(ev["set_args"].i), std::move(args), std::move(kwargs));
    } else if (ev.has("erase")) {
      Status s = r.graph.erase(r.byIndex.at(ev["erase"].i));
      ASSERT_TRUE(s.ok()) << s.error().message();
    }
  }
  // Arguments as the backend saw them must follow from the replayed edits.
  for (const Json& idx : g["order"].array) {
    const Json& info = nodes.array.at(static_cast<size_t>(idx.i));
    std::vector<Argument> args;
    Kwargs kwargs;
    ASSERT_TRUE(r.argsOf(info["final"], args, kwargs)) << r.error;
    const Node* n = r.byIndex.at(idx.i);
    auto text = [](const std::vector<Argument>& as, const Kwargs& kws) {
      auto name = [](const Node* x) { return x->name(); };
      std::string out;
      for (const Argument& a : as) out += a.repr(name) + "; ";
      for (const auto& [k, v] : kws) out += k + "=" + v.repr(name) + "; ";
      return out;
    };
    EXPECT_EQ(text(n->args(), n->kwargs()), text(args, kwargs)) << "args of " << n->name();
  }
  // Node order, names, code.
  std::vector<std::string> expectedNames, actualNames;
  for (const Json& idx : g["order"].array) {
    expectedNames.push_back(nodes.array.at(static_cast<size_t>(idx.i))["name"].s);
  }
  for (const Node* n : r.graph.nodes()) actualNames.push_back(n->name());
  EXPECT_EQ(actualNames, expectedNames);
  for (const auto& [idx, n] : r.byIndex) {
    EXPECT_EQ(n->name(), nodes.array.at(static_cast<size_t>(idx))["name"].s) << "node " << idx;
  }
  EXPECT_EQ(pythonCode(r.graph), g["code"].s);
}

std::string graphTestName(const ::testing::TestParamInfo<size_t>& info) {
  const Json& g = graphsGolden().array.at(info.param);
  return g["program"].s + "_" + std::to_string(g["graph"].i);
}

std::vector<size_t> allGraphs() {
  std::vector<size_t> out;
  for (size_t i = 0; i < graphsGolden().array.size(); ++i) out.push_back(i);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Dynamo, GraphGolden, ::testing::ValuesIn(allGraphs()), graphTestName);

TEST(GraphGoldenFile, CoversEnoughPrograms) {
  const Json& root = loadGolden("graphs.json");
  EXPECT_EQ(root["torch"].s.substr(0, 4), "2.13");
  std::map<std::string, int> programs;
  for (const Json& g : root["graphs"].array) programs[g["program"].s]++;
  EXPECT_GE(programs.size(), 60u);
}

}  // namespace
}  // namespace dynrr::graph
