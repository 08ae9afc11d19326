// golden_parser.h — reads fake_goldens.txt, the cases make_goldens.py ran on real torch.
//
// One case per line: name, ctx, op, args, kwargs, result (tab separated); the value
// syntax is documented in make_goldens.py.
#pragma once

#include <string>
#include <vector>

#include "core/fake/meta_value.h"
#include "core/fake/op_registry.h"
#include "core/support/error.h"

namespace dynrr::fake::testing {

// A parsed literal: a leaf MetaArg, or a list/tuple; tensors carry the alias mark of a
// result ("" for inputs, "-" fresh storage, "?" unobservable, "<i>" aliases arg i).
struct GoldenValue {
  MetaArg leaf;
  bool isSeq = false;
  bool isTuple = false;
  std::vector<GoldenValue> items;
  std::string alias;

  MetaArg toArg() const;
};

struct GoldenCase {
  std::string name;
  FakeContext ctx;
  std::string op;
  std::vector<MetaArg> args;
  Kwargs kwargs;
  bool expectError = false;
  std::string error;  // "<ExceptionType>: <message>"
  GoldenValue result;
  std::string line;  // the raw line, for failure messages
  // FakeTensorMode\'s result when it differs from eager ("" when identical).
  std::string fakeResult;
};

Expected<GoldenValue> parseGoldenValue(const std::string& text);
Expected<std::vector<GoldenCase>> loadGoldens(const std::string& path);

// Lines of meta_goldens.txt whose first field is `kind`, split at tabs (kind dropped).
std::vector<std::vector<std::string>> loadMetaFacts(const std::string& path,
                                                    const std::string& kind);
// "[2,3]" -> {2, 3}.
Shape parseShape(const std::string& text);

// Compares an actual result with the golden one; returns "" when equal, else a reason.
std::string compareResult(const GoldenValue& expected, const MetaValue& actual);

}  // namespace dynrr::fake::testing
