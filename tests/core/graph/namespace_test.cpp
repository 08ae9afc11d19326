// namespace_test.cpp — FX's naming rules and CPython reprs against the behaviour of
// real torch 2.13 / CPython 3.11 recorded in goldens/namespace.json.
#include "core/graph/namespace.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <iterator>
#include <set>
#include <string>

#include "core/graph/python_repr.h"
#include "tests/core/graph/golden_support.h"

namespace dynrr::graph {
namespace {

using testing::Json;
using testing::loadGolden;

const Json& golden() { return loadGolden("namespace.json"); }

TEST(NamespaceGolden, CreateNameSequences) {
  for (const Json& seq : golden()["sequences"].array) {
    Namespace ns;
    const auto& cands = seq["candidates"].array;
    const auto& names = seq["names"].array;
    ASSERT_EQ(cands.size(), names.size());
    for (size_t i = 0; i < cands.size(); ++i) {
      EXPECT_EQ(ns.createName(cands[i].s), names[i].s)
          << "candidate #" << i << " '" << cands[i].s << "'";
    }
  }
}

// Names the namespace keeps outside its per-base number bits (a leading zero, a number
// past the dense range) are still told apart from the bits' names. Expected values from
// torch 2.13's torch.fx.graph._Namespace().create_name(c, None) on the same candidates.
TEST(Namespace, NonCanonicalAndLargeSuffixesStayDistinct) {
  const char* candidates[] = {"x_01",  "x_1", "x_01", "x",   "x",   "x_1048577", "x_1048577",
                              "x_007", "x_7", "x",    "y_5", "y_5", "y"};
  const char* expected[] = {"x_01",  "x_1", "x_2", "x",   "x_3", "x_1048577", "x_1048578",
                            "x_007", "x_7", "x_8", "y_5", "y_6", "y"};
  Namespace ns;
  for (size_t i = 0; i < std::size(candidates); ++i)
    EXPECT_EQ(ns.createName(candidates[i]), expected[i]) << "candidate #" << i;
  for (const char* name : expected) EXPECT_TRUE(ns.isUsed(name)) << name;
  for (const char* name : {"x_4", "x_00", "x_1048579", "y_1", "z"})
    EXPECT_FALSE(ns.isUsed(name)) << name;
  Namespace copy = ns;  // a value type: the copy is a snapshot
  EXPECT_EQ(copy.createName("x"), "x_9");
  EXPECT_EQ(ns.createName("x"), "x_9");
}

TEST(NamespaceGolden, BuiltinObjectKeepsItsName) {
  const auto& expected = golden()["with_builtin_object"].array;
  ASSERT_EQ(expected.size(), 4u);
  Namespace ns;
  EXPECT_EQ(ns.createName("getattr", "getattr"), expected[0].s);
  EXPECT_EQ(ns.createName("getattr"), expected[1].s);
  EXPECT_EQ(ns.createName("int", "int"), expected[2].s);
  EXPECT_EQ(ns.createName("int"), expected[3].s);
}

TEST(NamespaceGolden, IllegalNamesMatchFx) {
  std::set<std::string> expected;
  for (const Json& n : golden()["illegal_names"].array) expected.insert(n.s);
  std::set<std::string> actual(pythonIllegalNames().begin(), pythonIllegalNames().end());
  EXPECT_EQ(actual, expected);
}

TEST(NamespaceGolden, SnakeCase) {
  for (const Json& p : golden()["snake_case"].array) {
    EXPECT_EQ(snakeCase(p.array[0].s), p.array[1].s) << p.array[0].s;
  }
}

TEST(NamespaceGolden, TargetToStr) {
  for (const Json& p : golden()["target_to_str"].array) {
    EXPECT_EQ(targetToStr(p.array[0].s, /*isCallable=*/false), p.array[1].s) << p.array[0].s;
  }
}

TEST(NamespaceGolden, PlaceholderNameForSource) {
  for (const Json& p : golden()["placeholder_names"].array) {
    EXPECT_EQ(placeholderNameForSource(p.array[0].s), p.array[1].s) << p.array[0].s;
  }
}

TEST(PythonReprGolden, Floats) {
  for (const Json& p : golden()["float_repr"].array) {
    double v = std::strtod(p.array[0].s.c_str(), nullptr);
    EXPECT_EQ(pythonFloatRepr(v), p.array[1].s) << p.array[0].s;
  }
}

TEST(PythonReprGolden, Strings) {
  for (const Json& p : golden()["str_repr"].array) {
    EXPECT_EQ(pythonStringRepr(p.array[0].s), p.array[1].s);
  }
}

// Hand-written cases that read as documentation of the rules.
TEST(Namespace, SuffixesCountPerBase) {
  Namespace ns;
  EXPECT_EQ(ns.createName("add"), "add");
  EXPECT_EQ(ns.createName("add"), "add_1");
  EXPECT_EQ(ns.createName("add"), "add_2");
  EXPECT_EQ(ns.createName("add_1"), "add_3");  // taken: continue from the base's count
  EXPECT_EQ(ns.createName("add_7"), "add_7");  // free: kept as is
}

TEST(Namespace, BuiltinsAndKeywordsAreAvoided) {
  Namespace ns;
  EXPECT_EQ(ns.createName("sum"), "sum_1");
  EXPECT_EQ(ns.createName("getattr"), "getattr_1");
  EXPECT_EQ(ns.createName("for"), "for_1");
  EXPECT_EQ(ns.createName("torch"), "torch_1");
  EXPECT_EQ(ns.createName("sin"), "sin");
}

TEST(Namespace, SanitisesIllegalCharacters) {
  Namespace ns;
  EXPECT_EQ(ns.createName("layer.0.weight"), "layer_0_weight");
  EXPECT_EQ(ns.createName("0abc"), "_0abc");
  EXPECT_EQ(ns.createName("x--y"), "x_y");
  EXPECT_EQ(ns.createName(""), "_unnamed");
}

TEST(Namespace, ObjectsKeepTheirName) {
  Namespace ns;
  EXPECT_EQ(ns.createName("a", "obj1"), "a");
  EXPECT_EQ(ns.createName("b", "obj1"), "a");
  EXPECT_EQ(ns.createName("a", "obj2"), "a_1");
}

TEST(PlaceholderNames, DynamoSources) {
  EXPECT_EQ(placeholderNameForSource("L['x']"), "L_x_");
  EXPECT_EQ(placeholderNameForSource("L['self'].layer.weight"), "L_self_layer_weight");
  EXPECT_EQ(placeholderNameForSource("L['self']._modules['layer']._parameters['weight']"),
            "L_self_modules_layer_parameters_weight_");
  EXPECT_EQ(placeholderNameForSource("G['GLOBAL_T']"), "G_GLOBAL_T_");
  EXPECT_EQ(snakeCase(placeholderNameForSource("L['x_In']")), "l_x_in_");
  std::unordered_set<std::string> used{"L_x_", "L_x__0"};
  EXPECT_EQ(uniqueNameWrt("L_x_", used), "L_x__1");
  EXPECT_EQ(uniqueNameWrt("L_y_", used), "L_y_");
}

TEST(PythonRepr, FloatsAndStrings) {
  EXPECT_EQ(pythonFloatRepr(1.0), "1.0");
  EXPECT_EQ(pythonFloatRepr(1e-5), "1e-05");
  EXPECT_EQ(pythonFloatRepr(1e16), "1e+16");
  EXPECT_EQ(pythonFloatRepr(0.1), "0.1");
  EXPECT_EQ(pythonStringRepr("it's"), "\"it's\"");
  EXPECT_EQ(pythonDeviceRepr("cpu", std::nullopt), "device(type='cpu')");
  EXPECT_EQ(pythonDeviceRepr("cuda", 0), "device(type='cuda', index=0)");
}

}  // namespace
}  // namespace dynrr::graph
