// objects_test.cpp — nn.Modules, user objects and side effects replayed from traces
// recorded with real Dynamo (corpus/programs/<group>/<name>.py). Each test checks a
// specific decision of the core against what the recorded trace holds, beyond the
// overall verdict that the corpus test checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/compare/compare.h"
#include "core/trace/trace_reader.h"
#include "core/tracer/instruction_translator.h"

namespace dynrr::tracer {
namespace {

struct Replayed {
  compare::FrameDecisions core;
  compare::FrameDecisions dynamo;
};

Replayed replay(const std::string& rel, size_t event = 0) {
  auto trace = trace::TraceReader::openFile(std::string(DYNRR_CORPUS_DIR) + "/traces/" + rel);
  EXPECT_TRUE(trace) << rel;
  if (!trace) return {};
  auto out = replayFrame(*trace, event);
  EXPECT_TRUE(out) << rel << ": " << (out ? "" : out.error().message());
  if (!out) return {};
  return {out->decisions, compare::fromEvent(trace->event(event))};
}

bool hasGuard(const compare::FrameDecisions& d, const std::string& kind,
              const std::string& source) {
  return std::any_of(d.guards.begin(), d.guards.end(), [&](const compare::GuardDecision& g) {
    return g.kind == kind && g.source == source;
  });
}

// Parameters of submodules are graph inputs named after their source, typed Parameter.
TEST(NNModules, ParametersAreGraphInputsWithModuleSources) {
  Replayed r = replay("modules/custom_submodules.dynrr");
  ASSERT_EQ(r.core.graphs.size(), 1u);
  const std::string& code = r.core.graphs[0].code;
  EXPECT_NE(code.find("L_self_modules_norm_parameters_weight_ : torch.nn.parameter.Parameter"),
            std::string::npos)
      << code;
  EXPECT_EQ(code, r.dynamo.graphs[0].code);
  EXPECT_TRUE(hasGuard(r.core, "TENSOR_MATCH", "L['self']._modules['proj']._parameters['weight']"));
}

// Calling a module without hooks goes straight to forward: every hook dict is guarded
// empty, forward is guarded absent from the instance dict, and the global hooks of
// torch.nn.modules.module are type-checked through its import alias.
TEST(NNModules, CallShortcutsToForwardWithHookGuards) {
  Replayed r = replay("modules/linear_compiled.dynrr");
  for (const char* h :
       {"_backward_hooks", "_backward_pre_hooks", "_forward_hooks", "_forward_hooks_with_kwargs",
        "_forward_pre_hooks", "_forward_pre_hooks_with_kwargs"})
    EXPECT_TRUE(hasGuard(r.core, "EMPTY_NN_MODULE_HOOKS_DICT", std::string("L['fn'].") + h)) << h;
  EXPECT_TRUE(hasGuard(r.core, "NOT_PRESENT_IN_GENERIC_DICT", "L['fn']"));
  EXPECT_TRUE(
      hasGuard(r.core, "MODULE_MATCH", "G['__import_torch_dot_nn_dot_modules_dot_module']"));
  EXPECT_TRUE(hasGuard(r.core, "TYPE_MATCH",
                       "G['__import_torch_dot_nn_dot_modules_dot_module']._global_forward_hooks"));
  // Linear.forward reads F from torch.nn.modules.linear's globals.
  EXPECT_TRUE(hasGuard(r.core, "BUILTIN_MATCH",
                       "G['__import_torch_dot_nn_dot_modules_dot_linear'].F.linear"));
}

// The same Python module reached through two modules' globals is one tracker plus a
// DUPLICATE_INPUT guard on the second source.
TEST(NNModules, SharedPythonModuleIsDeduplicated) {
  Replayed r = replay("modules/custom_submodules.dynrr");
  EXPECT_TRUE(
      hasGuard(r.core, "DUPLICATE_INPUT", "G['__import_torch_dot_nn_dot_modules_dot_linear'].F"));
  EXPECT_TRUE(
      hasGuard(r.dynamo, "DUPLICATE_INPUT", "G['__import_torch_dot_nn_dot_modules_dot_linear'].F"));
}

// Sequential's forward iterates the module through Sequential.__iter__, which guards
// the keys of _modules.
TEST(NNModules, SequentialIteratesThroughIter) {
  Replayed r = replay("modules/sequential.dynrr");
  EXPECT_TRUE(hasGuard(r.core, "DICT_KEYS_MATCH", "L['fn']._modules"));
  EXPECT_TRUE(hasGuard(r.core, "TYPE_MATCH", "L['fn']._modules['2']"));
  EXPECT_EQ(compare::compareDecisions(r.dynamo, r.core).verdict, compare::Verdict::kMatch);
}

// super().forward resolves on type(self).__mro__ after the class in __class__.
TEST(UserObjects, SuperResolvesThroughTheMro) {
  Replayed r = replay("modules/inheritance_forward.dynrr");
  EXPECT_TRUE(hasGuard(r.core, "CLASS_MATCH", "L['__class__']"));
  EXPECT_TRUE(hasGuard(r.core, "CLOSURE_MATCH", "type(L['self']).__mro__[1].forward"));
}

// Attribute and global stores are side effects on pre-existing state: the core reports
// the same ones Dynamo recorded, and the stored tensors become graph outputs after the
// returned value.
TEST(SideEffects, AttributeStoresMatchDynamo) {
  Replayed r = replay("side_effects/object_attr_store.dynrr");
  std::vector<compare::EffectDecision> expected = {{"store attr", "L['st']", "steps"},
                                                   {"store attr", "L['st']", "last"},
                                                   {"store attr", "L['st']", "fresh"}};
  EXPECT_EQ(r.dynamo.effects, expected);
  EXPECT_EQ(r.core.effects, expected);
  ASSERT_EQ(r.core.graphs.size(), 1u);
  EXPECT_NE(r.core.graphs[0].code.find("return (mul, cos)"), std::string::npos);
}

TEST(SideEffects, GlobalStoresMatchDynamo) {
  Replayed r = replay("side_effects/global_store.dynrr");
  std::vector<compare::EffectDecision> expected = {{"store global", "G['COUNTER']", "COUNTER"},
                                                   {"store global", "G['LAST']", "LAST"}};
  EXPECT_EQ(r.dynamo.effects, expected);
  EXPECT_EQ(r.core.effects, expected);
}

// A missing or extra side effect is a divergence.
TEST(SideEffects, DifferentEffectsDiverge) {
  Replayed r = replay("side_effects/global_store.dynrr");
  compare::FrameDecisions core = r.core;
  core.effects.pop_back();
  auto c = compare::compareDecisions(r.dynamo, core);
  EXPECT_EQ(c.verdict, compare::Verdict::kDiverge);
  EXPECT_NE(c.diff.find("side effect missing in core: store global G['LAST'] .LAST"),
            std::string::npos)
      << c.diff;
  core.effects.push_back({"store attr", "L['x']", "y"});
  core.effects.push_back({"store global", "G['LAST']", "LAST"});
  c = compare::compareDecisions(r.dynamo, core);
  EXPECT_NE(c.diff.find("side effect extra in core:   store attr L['x'] .y"), std::string::npos);
}

// Objects made while tracing: construction inlines __init__, and the object's own
// stores are not side effects unless it escapes.
TEST(UserObjects, ConstructedObjectStoresAreNotEffects) {
  Replayed r = replay("closures/super_init_class_cell.dynrr");
  EXPECT_TRUE(r.core.effects.empty());
  EXPECT_TRUE(hasGuard(r.core, "CLASS_MATCH", "G['Child']"));
  EXPECT_EQ(compare::compareDecisions(r.dynamo, r.core).verdict, compare::Verdict::kMatch);
}

// convert_frame's decision before tracing, taken by the core from the recorded frame:
// words_only holds strings, a dict and a user object (skipped: no tensor-related
// objects); torch_global_only names the torch module and nested_tensor holds a tensor
// in a tuple in a list (both traced). Dynamo's recorded statuses say the same.
TEST(PreTraceSkip, DecidedFromTheFramesValues) {
  const std::string rel = "breaks/skip_decisions_from_locals.dynrr";
  auto words = replay(rel, 1);
  EXPECT_EQ(words.dynamo.skipReason, "no tensor-related objects found in frame");
  EXPECT_EQ(words.core.skipReason, "no tensor-related objects found in frame");
  EXPECT_TRUE(words.core.graphs.empty() && words.core.guards.empty());
  for (size_t event : {4u, 7u}) {  // torch_global_only, nested_tensor
    auto traced = replay(rel, event);
    EXPECT_EQ(traced.dynamo.skipReason, "") << event;
    EXPECT_EQ(traced.core.skipReason, "") << event;
    EXPECT_FALSE(traced.core.guards.empty()) << event;
  }
  // A skip the core does not take is a divergence, named as such.
  compare::FrameDecisions traced;
  auto cmp = compare::compareDecisions(words.dynamo, traced);
  EXPECT_EQ(cmp.verdict, compare::Verdict::kDiverge);
  EXPECT_NE(cmp.diff.find("dynamo skips it before tracing"), std::string::npos) << cmp.diff;
}

}  // namespace
}  // namespace dynrr::tracer
