// vt_test.cpp — sources print as Dynamo's Source.name does; trackers print informative reprs.
#include <gtest/gtest.h>

#include "core/vt/constant.h"
#include "core/vt/lists.h"
#include "core/vt/source.h"

namespace dynrr::vt {
namespace {

TEST(Source, NamesMatchDynamo) {
  auto x = Source::local("x");
  EXPECT_EQ(x->name(), "L['x']");
  EXPECT_TRUE(x->isLocal());
  auto torch = Source::global("torch");
  EXPECT_EQ(Source::attr(Source::attr(torch, "nn"), "functional")->name(),
            "G['torch'].nn.functional");
  EXPECT_FALSE(Source::attr(torch, "sin")->isLocal());
  EXPECT_EQ(Source::item(Source::attr(Source::global("helper"), "__defaults__"), "0")->name(),
            "G['helper'].__defaults__[0]");
  EXPECT_EQ(Source::attr(x, "not-ident")->name(), "getattr(L['x'], 'not-ident')");
  EXPECT_EQ(Source::item(x, pyStrRepr("k"))->name(), "L['x']['k']");
}

TEST(Source, PythonStringRepr) {
  EXPECT_EQ(pyStrRepr("a"), "'a'");
  EXPECT_EQ(pyStrRepr("it's"), "\"it's\"");
  EXPECT_EQ(pyStrRepr("a\nb"), "'a\\nb'");
  EXPECT_EQ(pyStrRepr("both ' and \""), "'both \\' and \"'");
}

TEST(ConstantVariable, ReprsAndTruth) {
  EXPECT_EQ(constantRepr(ConstantValue(0.1)), "0.1");
  EXPECT_EQ(constantRepr(ConstantValue(1.0)), "1.0");
  EXPECT_EQ(constantRepr(ConstantValue(1e16)), "1e+16");
  EXPECT_EQ(constantRepr(ConstantValue(int64_t{-3})), "-3");
  EXPECT_EQ(constantRepr(ConstantValue(NoneValue{})), "None");
  EXPECT_FALSE(constantTruth(ConstantValue(std::string())));
  EXPECT_TRUE(constantTruth(ConstantValue(int64_t{2})));
  // bytes reprs, as Python prints them.
  EXPECT_EQ(constantRepr(ConstantValue(BytesValue{"dynrr"})), "b'dynrr'");
  EXPECT_EQ(constantRepr(ConstantValue(BytesValue{"it's"})), "b\"it's\"");
  EXPECT_EQ(constantRepr(ConstantValue(BytesValue{std::string("a'\\\n\x01\xff")})),
            R"(b"a'\\\n\x01\xff")");
  EXPECT_EQ(constantRepr(ConstantValue(BytesValue{"both ' and \""})), "b'both \\' and \"'");
  EXPECT_FALSE(constantTruth(ConstantValue(BytesValue{})));
  // complex reprs, as Python prints them (repr(complex(1, 2)) ...).
  EXPECT_EQ(constantRepr(ConstantValue(ComplexValue{1, 2})), "(1+2j)");
  EXPECT_EQ(constantRepr(ConstantValue(ComplexValue{0, 2})), "2j");
  EXPECT_EQ(constantRepr(ConstantValue(ComplexValue{1.5, -0.25})), "(1.5-0.25j)");
  EXPECT_EQ(constantRepr(ConstantValue(ComplexValue{-0.0, 1})), "(-0+1j)");
  EXPECT_EQ(constantRepr(ConstantValue(ComplexValue{0, 0})), "0j");
  EXPECT_EQ(constantRepr(ConstantValue(ComplexValue{1e20, 3})), "(1e+20+3j)");
  EXPECT_FALSE(constantTruth(ConstantValue(ComplexValue{0, 0})));
  EXPECT_TRUE(constantTruth(ConstantValue(ComplexValue{0, -1})));
  auto c = ConstantVariable::make(int64_t{3}, Source::local("n"));
  EXPECT_EQ(c->repr(), "ConstantVariable(3, source=L['n'])");
}

TEST(Containers, ReprShowsMutationType) {
  auto list = makeList({ConstantVariable::make(int64_t{1})});
  EXPECT_EQ(list->repr(), "ListVariable([ConstantVariable(1)], ValueMutationNew)");
  auto existing = makeList({}, Source::local("xs"));
  EXPECT_EQ(existing->mutationType(), MutationType::kValueMutationExisting);
  EXPECT_TRUE(existing->isMutable());
  auto t = makeTuple({ConstantVariable::make(true)});
  EXPECT_EQ(t->describe(), "(ConstantVariable(True),)");
  EXPECT_FALSE(t->isMutable());
  RangeVariable r(0, 10, 3);
  EXPECT_EQ(r.length(), 4);
  RangeVariable down(5, 0, -2);
  EXPECT_EQ(down.length(), 3);
  EXPECT_EQ(down.at(2), 1);
}

}  // namespace
}  // namespace dynrr::vt
