// program_test.cpp — dynrr-fuzz's generators and printer: deterministic, valid under
// shrinking, feature sets respected; failure signatures normalised.
#include "fuzz/program.h"

#include <gtest/gtest.h>

#include <set>

#include "fuzz/campaign.h"
#include "fuzz/generators.h"
#include "fuzz/verdict.h"

namespace dynrr::fuzz {
namespace {

TEST(FuzzProgram, SameSeedSameSource) {
  for (uint64_t i = 0; i < 50; ++i) {
    uint64_t seed = caseSeed(7, i);
    EXPECT_EQ(printProgram(programShrinkable(kFeaturesAll, 10, seed).value()),
              printProgram(programShrinkable(kFeaturesAll, 10, seed).value()));
  }
}

TEST(FuzzProgram, DifferentSeedsDifferentPrograms) {
  std::set<std::string> sources;
  for (uint64_t i = 0; i < 50; ++i)
    sources.insert(printProgram(programShrinkable(kFeaturesPart1, 10, caseSeed(1, i)).value()));
  EXPECT_GT(sources.size(), 40u);
}

TEST(FuzzProgram, CaseSeedsAreStable) {
  // The seeds printed with failures must reproduce across builds and platforms.
  EXPECT_EQ(caseSeed(1, 0), caseSeed(1, 0));
  EXPECT_NE(caseSeed(1, 0), caseSeed(1, 1));
  EXPECT_NE(caseSeed(1, 0), caseSeed(2, 0));
}

TEST(FuzzProgram, Part1UsesNoPart2Features) {
  for (uint64_t i = 0; i < 200; ++i) {
    auto p = programShrinkable(kFeaturesPart1, 12, caseSeed(3, i)).value();
    for (const Stmt& s : p.body) EXPECT_NE(stmtFeature(s.kind) & kFeaturesPart1, 0u);
    std::string src = printProgram(p);
    EXPECT_EQ(src.find("nonlocal"), std::string::npos);
    EXPECT_EQ(src.find("print("), std::string::npos);
    EXPECT_EQ(src.find("global "), std::string::npos);
  }
}

TEST(FuzzProgram, EveryFeatureReachesEveryKind) {
  std::set<StmtKind> seen;
  for (uint64_t i = 0; i < 600; ++i)
    for (const Stmt& s : programShrinkable(kFeaturesEvery, 12, caseSeed(4, i)).value().body)
      seen.insert(s.kind);
  size_t inEvery = 0;
  for (int k = 0; k < static_cast<int>(StmtKind::kCount); ++k)
    inEvery += (stmtFeature(static_cast<StmtKind>(k)) & kFeaturesEvery) != 0;
  EXPECT_EQ(seen.size(), inEvery);
  // With the dynamic, hops, numpy and torchvals families (not in `every`), every kind there is.
  for (uint64_t i = 0; i < 600; ++i)
    for (const Stmt& s :
         programShrinkable(kFeaturesBreadth | kFeatDynamic | kFeatHops, 12, caseSeed(4, i))
             .value()
             .body)
      seen.insert(s.kind);
  EXPECT_EQ(seen.size(), static_cast<size_t>(StmtKind::kCount));
}

TEST(FuzzProgram, DynamicFamilyIsAskedForByName) {
  // `every` does not include it (its inputs differ), so no existing seed's program changes.
  EXPECT_EQ(kFeaturesEvery & kFeatDynamic, 0u);
  uint32_t f = 0;
  EXPECT_TRUE(parseFeatures("dynamic", f));
  EXPECT_EQ(f, kFeatDynamic);
  EXPECT_EQ(featuresName(f), "dynamic");
  for (uint64_t i = 0; i < 50; ++i) {
    std::string src = printProgram(programShrinkable(kFeaturesEvery, 12, caseSeed(9, i)).value());
    EXPECT_EQ(src.find("CALLS"), std::string::npos);
    EXPECT_NE(src.find("def make_inputs():\n    torch.manual_seed(0)\n"), std::string::npos);
  }
}

TEST(FuzzProgram, HopsFamilyIsAskedForByNameAndFillsItsPatterns) {
  EXPECT_EQ(kFeaturesEvery & kFeatHops, 0u);
  uint32_t f = 0;
  EXPECT_TRUE(parseFeatures("hops", f));
  EXPECT_EQ(f, kFeatHops);
  EXPECT_EQ(featuresName(f), "hops");
  std::set<StmtKind> seen;
  for (uint64_t i = 0; i < 100; ++i) {
    auto p = programShrinkable(kFeatHops, 12, caseSeed(11, i)).value();
    for (const Stmt& s : p.body) {
      EXPECT_EQ(stmtFeature(s.kind), kFeatHops) << stmtKindName(s.kind);
      seen.insert(s.kind);
    }
    std::string src = printProgram(p);
    EXPECT_NE(src.find("from torch._higher_order_ops.while_loop import while_loop\n"),
              std::string::npos);
    for (const char* hole : {"{A}", "{B}", "{M}", "{K}", "{n}", "{t}", "{u}", "{c}"})
      EXPECT_EQ(src.find(hole), std::string::npos) << hole << " left unfilled:\n" << src;
  }
  EXPECT_EQ(seen.size(), 6u);  // while_loop, map, checkpoint, wrap, cond, vmap
}

TEST(FuzzProgram, BreadthFamiliesAreAskedForByName) {
  // numpy and torchvals are in no older group: the programs of `every` do not change.
  EXPECT_EQ(kFeaturesEvery & (kFeatNumpy | kFeatTorchValues), 0u);
  uint32_t f = 0;
  EXPECT_TRUE(parseFeatures("numpy", f));
  EXPECT_EQ(f, kFeatNumpy);
  EXPECT_EQ(featuresName(f), "numpy");
  EXPECT_TRUE(parseFeatures("torchvals,tensor", f));
  EXPECT_EQ(f, kFeatTorchValues | kFeatTensor);
  EXPECT_EQ(featuresName(f), "tensor,torchvals");
  EXPECT_TRUE(parseFeatures("breadth", f));
  EXPECT_EQ(f, kFeaturesEvery | kFeatNumpy | kFeatTorchValues);
  EXPECT_EQ(featuresName(f), "breadth");
  EXPECT_TRUE(parseFeatures("every,numpy,torchvals", f));
  EXPECT_EQ(f, kFeaturesBreadth);
  EXPECT_STREQ(stmtKindName(StmtKind::kNpUfunc), "np_ufunc");
  EXPECT_STREQ(stmtKindName(StmtKind::kTvRewrite), "tv_rewrite");
  // The new kinds are at the end: the kinds of older seeds keep their indices.
  EXPECT_EQ(static_cast<int>(StmtKind::kNpUfunc), static_cast<int>(StmtKind::kHopVmap) + 1);
  for (uint64_t i = 0; i < 50; ++i) {
    std::string src = printProgram(programShrinkable(kFeaturesEvery, 12, caseSeed(9, i)).value());
    EXPECT_EQ(src.find("import numpy"), std::string::npos);
    EXPECT_EQ(src.find(", xn"), std::string::npos);
  }
}

TEST(FuzzProgram, BreadthFamiliesUseOnlyTheirKindsAndFillTheirPatterns) {
  for (uint32_t family : {kFeatNumpy, kFeatTorchValues}) {
    std::set<StmtKind> seen;
    for (uint64_t i = 0; i < 100; ++i) {
      auto p = programShrinkable(family, 12, caseSeed(12, i)).value();
      for (const Stmt& s : p.body) {
        EXPECT_EQ(stmtFeature(s.kind), family) << stmtKindName(s.kind);
        seen.insert(s.kind);
      }
      std::string src = printProgram(p);
      EXPECT_EQ(src, printProgram(p));
      const bool numpy = family == kFeatNumpy;
      EXPECT_EQ(src.find("import numpy as np\n") != std::string::npos, numpy) << src;
      EXPECT_EQ(src.find("def f(x, y, z, n, s, xn):\n") != std::string::npos, numpy) << src;
      EXPECT_EQ(src.find("    inputs.append(np.random.RandomState(0).randn(3, 4)"
                         ".astype(np.float32))\n") != std::string::npos,
                numpy)
          << src;
      for (const char* hole : {"{A}", "{B}", "{NA}", "{NB}", "{I}", "{F}", "{d}", "{t}", "{to}",
                               "{i}", "{f}", "{last}"})
        EXPECT_EQ(src.find(hole), std::string::npos) << hole << " left unfilled:\n" << src;
    }
    EXPECT_EQ(seen.size(), family == kFeatNumpy ? 7u : 6u) << featuresName(family);
  }
}

TEST(FuzzProgram, BreadthStatementsPrint) {
  // Hand-written: a ufunc on y, a reduction over axis 0 of x, a 0-d result converted with
  // as_tensor, the ndarray argument, a device factory, a module made in f, a 0-d factory.
  Program p;
  p.features = kFeatNumpy | kFeatTorchValues;
  p.body = {Stmt{StmtKind::kNpUfunc, {1, 0, 0, 0}},  Stmt{StmtKind::kNpReduce, {0, 0, 0, 0}},
            Stmt{StmtKind::kNpReduce, {0, 0, 2, 0}}, Stmt{StmtKind::kNpInput, {2, 0, 1, 0}},
            Stmt{StmtKind::kTvDevice, {2, 0, 0, 0}}, Stmt{StmtKind::kTvModule, {0, 1, 0, 0}},
            Stmt{StmtKind::kTvAttrs, {0, 0, 3, 0}}};
  std::string src = printProgram(p);
  EXPECT_NE(src.find("    na = y.numpy()\n    t0 = torch.from_numpy(np.sin(na) + np.cos(na))\n"),
            std::string::npos)
      << src;
  EXPECT_NE(src.find("    t1 = torch.as_tensor(np.sum(x.numpy(), axis=0))\n"), std::string::npos)
      << src;
  EXPECT_NE(src.find("    t2 = torch.as_tensor(np.amax(x.numpy()))\n"), std::string::npos) << src;
  // z is (3, 1): the sum over axis 0 of xn (4,) broadcasts with it to (3, 4).
  EXPECT_NE(src.find("    t3 = torch.from_numpy(np.sum(xn, axis=0)) + z\n"), std::string::npos)
      << src;
  EXPECT_NE(src.find("    t4 = torch.zeros(z.shape, device=z.device) + z\n"), std::string::npos)
      << src;
  EXPECT_NE(src.find("    t5 = torch.nn.ReLU()(x) + torch.nn.Identity()(y)\n"), std::string::npos)
      << src;
  EXPECT_NE(src.find("    t6 = (x.T @ x).sum(0)\n"), std::string::npos) << src;
}

TEST(FuzzProgram, DynamicFamilyUsesOnlyItsKinds) {
  std::set<StmtKind> seen;
  std::set<int> schedules;
  for (uint64_t i = 0; i < 200; ++i) {
    auto p = programShrinkable(kFeatDynamic, 12, caseSeed(10, i)).value();
    schedules.insert(p.dyn);
    for (const Stmt& s : p.body) {
      EXPECT_EQ(stmtFeature(s.kind), kFeatDynamic) << stmtKindName(s.kind);
      seen.insert(s.kind);
    }
    std::string src = printProgram(p);
    EXPECT_NE(src.find("\nCALLS = 3\nSIZES = ("), std::string::npos) << src;
    EXPECT_NE(src.find("\ndef make_inputs(k=0):\n"), std::string::npos) << src;
    for (const char* hole : {"{A}", "{W}", "{T}", "{b}", "{I}", "{d}", "{t}", "{s}", "{i}"})
      EXPECT_EQ(src.find(hole), std::string::npos) << hole << " left unfilled:\n" << src;
  }
  EXPECT_EQ(seen.size(), 9u);
  EXPECT_EQ(schedules.size(), 12u);
}

TEST(FuzzProgram, DynamicStatementsPrint) {
  // Hand-written: a size read, a view with it, a branch on it, a slice; the (B, 4) and
  // (B, 1) shapes are tracked, so the later statements pick tensors with a varying dim.
  Program p;
  p.features = kFeatDynamic;
  p.dyn = 4;
  p.body = {Stmt{StmtKind::kSizeRead, {0, 0, 0, 0}}, Stmt{StmtKind::kSizeView, {0, 0, 0, 1}},
            Stmt{StmtKind::kSizeBranch, {0, 3, 0, 1}}, Stmt{StmtKind::kSizeSlice, {1, 0, 1, 1}}};
  std::string src = printProgram(p);
  EXPECT_NE(src.find("    b0 = x.shape[0]\n"), std::string::npos) << src;
  EXPECT_NE(src.find("    t1 = x.reshape(b0 * 2, 2).reshape(b0, 4)\n"), std::string::npos) << src;
  EXPECT_NE(src.find("    if b0 > 4:\n        t2 = t1 * 2\n    else:\n        t2 = t1 + 1\n"),
            std::string::npos)
      << src;
  EXPECT_NE(src.find("    t3 = z[b0 - 1]\n"), std::string::npos) << src;
  EXPECT_NE(src.find("    torch._dynamo.mark_dynamic(x, 0)\n"), std::string::npos) << src;
  EXPECT_NE(src.find("SIZES = (3, 5, 7)"), std::string::npos) << src;
}

TEST(FuzzProgram, AllKeepsItsMeaning) {
  // `all` is the eleven families it named before the widened ones (issue 14) were added:
  // existing campaigns generate the same programs from the same seeds.
  EXPECT_EQ(kFeaturesAll, (1u << 11) - 1);
  EXPECT_EQ(kFeaturesAll & kFeaturesWidened, 0u);
  for (uint64_t i = 0; i < 200; ++i)
    for (const Stmt& s : programShrinkable(kFeaturesAll, 12, caseSeed(6, i)).value().body)
      EXPECT_EQ(stmtFeature(s.kind) & kFeaturesWidened, 0u);
}

TEST(FuzzProgram, WidenedFamiliesUseOnlyTheirKinds) {
  for (uint32_t family : {kFeatGenerators, kFeatExceptions, kFeatContainers2, kFeatLibrary}) {
    std::set<StmtKind> seen;
    for (uint64_t i = 0; i < 100; ++i) {
      auto p = programShrinkable(family, 12, caseSeed(8, i)).value();
      for (const Stmt& s : p.body) {
        EXPECT_EQ(stmtFeature(s.kind), family) << stmtKindName(s.kind);
        seen.insert(s.kind);
      }
      std::string src = printProgram(p);
      EXPECT_EQ(src, printProgram(p));
      for (const char* hole : {"{A}", "{B}", "{C}", "{I}", "{J}", "{F}", "{V}", "{t}", "{i}", "{f}",
                               "{m}", "{key}", "{shape}"})
        EXPECT_EQ(src.find(hole), std::string::npos) << hole << " left unfilled:\n" << src;
    }
    EXPECT_GE(seen.size(), 4u) << featuresName(family);
  }
}

TEST(FuzzProgram, WidenedStatementsPrint) {
  // Hand-written: a generator loop, a try/except around a raising helper, a sorted-by-dim
  // list, a namedtuple; the shapes they define are tracked.
  Program p;
  p.features = kFeaturesWidened;
  p.body = {Stmt{StmtKind::kGenFor, {0, 1, 0, 1}}, Stmt{StmtKind::kTryExcept, {2, 0, 0, 0}},
            Stmt{StmtKind::kListMethods, {0, 1, 12, 2}},
            Stmt{StmtKind::kCollections, {1, 0, 0, 0}}};
  std::string src = printProgram(p);
  EXPECT_NE(src.find("    for v in gen_scaled(y, 2):\n        acc0 = acc0 + v\n"),
            std::string::npos)
      << src;
  EXPECT_NE(src.find("    try:\n        t1 = h_checked(z, n)\n    except ValueError:\n"),
            std::string::npos)
      << src;
  EXPECT_NE(src.find("lt.sort(key=lambda v: v.dim())"), std::string::npos) << src;
  EXPECT_NE(src.find("pr = Pair(y, n)"), std::string::npos) << src;
  EXPECT_NE(src.find("import itertools\n"), std::string::npos) << src;
  EXPECT_NE(src.find("class Scope:"), std::string::npos) << src;
}

TEST(FuzzProgram, EveryShrinkPrintsAProgram) {
  // Operands resolve modulo the pools, so dropping statements keeps programs well formed:
  // every shrink still defines f, make_inputs and returns a defined name.
  auto s = programShrinkable(kFeaturesAll, 12, caseSeed(5, 3));
  int checked = 0;
  auto shrinks = s.shrinks();
  while (auto next = shrinks.next()) {
    std::string src = printProgram(next->value());
    EXPECT_NE(src.find("\ndef f("), std::string::npos);
    EXPECT_NE(src.find("\ndef make_inputs():"), std::string::npos);
    EXPECT_NE(src.find("    return "), std::string::npos);
    if (++checked == 60) break;
  }
  EXPECT_GT(checked, 5);
}

TEST(FuzzProgram, ShapesStayBroadcastable) {
  // A hand-written program: amax over dim 0 of z (3,1) gives (1,), and the binary op
  // that follows must combine it with x (3,4).
  Program p;
  p.body = {Stmt{StmtKind::kReduce, {2, 0, 2, 0}}, Stmt{StmtKind::kBinary, {3, 0, 0, 0}}};
  std::string src = printProgram(p);
  EXPECT_NE(src.find("t0 = z.amax(dim=0)"), std::string::npos) << src;
  EXPECT_NE(src.find("t1 = t0 + x"), std::string::npos) << src;
}

TEST(FuzzProgram, ParseFeaturesAndProperties) {
  uint32_t f = 0;
  EXPECT_TRUE(parseFeatures("part1", f));
  EXPECT_EQ(f, kFeaturesPart1);
  EXPECT_TRUE(parseFeatures("tensor,closures", f));
  EXPECT_EQ(f, kFeatTensor | kFeatClosures);
  EXPECT_EQ(featuresName(f), "tensor,closures");
  EXPECT_FALSE(parseFeatures("tensor,bogus", f));
  EXPECT_TRUE(parseFeatures("generators,exceptions,containers2,library", f));
  EXPECT_EQ(f, kFeaturesWidened);
  EXPECT_EQ(featuresName(f), "widened");
  EXPECT_TRUE(parseFeatures("all,widened", f));
  EXPECT_EQ(f, kFeaturesEvery);
  EXPECT_EQ(featuresName(f), "every");
  EXPECT_TRUE(parseFeatures("every", f));
  EXPECT_EQ(f, kFeaturesEvery);
  EXPECT_TRUE(parseFeatures("all", f));
  EXPECT_EQ(featuresName(f), "all");
  std::vector<Property> props;
  EXPECT_TRUE(parseProperties("all", props));
  EXPECT_EQ(props.size(), 4u);
  EXPECT_TRUE(parseProperties("correctness,roundtrip", props));
  ASSERT_EQ(props.size(), 2u);
  EXPECT_EQ(props[1], Property::kRoundtrip);
  EXPECT_FALSE(parseProperties("speed", props));
}

TEST(FuzzVerdict, ReasonsNormalised) {
  EXPECT_EQ(normalizeReason("unsupported: opcode 123 at offset 0x1f"),
            "unsupported: opcode N at offset N");
  EXPECT_EQ(normalizeReason("guard missing: BUILTIN_MATCH G['__builtins_dict___3']['int']", true),
            "guard missing: BUILTIN_MATCH G['_']['_']");
  EXPECT_EQ(normalizeReason("first line\nsecond"), "first line");
}

TEST(FuzzVerdict, UnreadableTraceIsAnError) { EXPECT_FALSE(traceVerdict("not a trace").ok()); }

}  // namespace
}  // namespace dynrr::fuzz
