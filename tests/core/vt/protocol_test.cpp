// protocol_test.cpp — the variable-tracker protocol (core/vt/base.h): every class answers
// what it does not model with an honest `unsupported` naming the method, the method
// tables agree with var_getattr, and GetAttrVariable / LazyVariable forward as Dynamo's
// do. Run on a translator over a real recorded frame (the values come from the trace).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/bytecode/code_object.h"
#include "core/trace/trace_reader.h"
#include "core/tracer/instruction_translator.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/dicts.h"
#include "core/vt/lists.h"
#include "core/vt/misc.h"
#include "core/vt/nn_module.h"
#include "core/vt/sets.h"
#include "core/vt/tensor.h"

namespace dynrr::vt {
namespace {

// A root translator over the first event of a corpus trace.
struct Fixture {
  std::unique_ptr<trace::TraceReader> trace;
  std::unique_ptr<tracer::TracingContext> ctx;
  std::unique_ptr<tracer::InstructionTranslator> tx;

  explicit Fixture(const std::string& rel) {
    auto t = trace::TraceReader::openFile(std::string(DYNRR_CORPUS_DIR) + "/traces/" + rel);
    EXPECT_TRUE(t);
    trace = std::make_unique<trace::TraceReader>(std::move(*t));
    auto event = trace->event(0);
    ctx = std::make_unique<tracer::TracingContext>(*trace, event);
    auto code = bytecode::codeFromTrace(*trace, event.getFrame().getCode());
    EXPECT_TRUE(code);
    auto insts = bytecode::decodeInstructions(*code);
    EXPECT_TRUE(insts);
    tx = std::make_unique<tracer::InstructionTranslator>(*ctx, std::move(*code), std::move(*insts),
                                                         event.getFrame().getGlobals(), nullptr);
  }
};

VtPtr noneValue() { return ConstantVariable::make(NoneValue{}); }

std::string message(const Expected<VtPtr>& r) { return r ? "(ok)" : r.error().message(); }

TEST(Protocol, UnmodelledMethodsAreUnsupportedByName) {
  Fixture f("arith/add_tensors.dynrr");
  tracer::InstructionTranslator& tx = *f.tx;
  VtPtr null = std::make_shared<NullVariable>();
  VtPtr range = std::make_shared<RangeVariable>(0, 3, 1);
  VtPtr none = ConstantVariable::make(NoneValue{});
  EXPECT_EQ(message(range->varGetattr(tx, "start")),
            "unsupported: getattr 'start' on RangeVariable");
  EXPECT_EQ(message(none->callFunction(tx, {}, {})),
            "unsupported: call of a NoneType (ConstantVariable)");
  auto items = none->unpackVarSequence(tx);
  ASSERT_FALSE(items);
  EXPECT_EQ(items.error().message(), "unsupported: iterating over NoneType");
  auto has = range->callObjHasattr(tx, "start");
  ASSERT_FALSE(has);
  EXPECT_EQ(has.error().message(), "unsupported: hasattr(range, 'start')");
  EXPECT_EQ(message(null->callFunction(tx, {}, {})), "bad bytecode: call of NULL");
  // Sets iterate in hash order in Python: not modelled, so the base class answers.
  VtPtr set = std::make_shared<SetVariable>(std::vector<VtPtr>{ConstantVariable::make(int64_t{1})},
                                            nullptr, MutationType::kValueMutationNew);
  EXPECT_FALSE(set->unpackVarSequence(tx));
}

// Module.named_modules / _named_members keep a memo set of modules and parameters:
// tensors and nn.Modules are members by identity (HashableTracker over the fake's or the
// object's id), constants by ==; a tensor made while tracing is only itself.
TEST(Protocol, SetsHoldTensorsAndModulesByIdentity) {
  Fixture f("arith/add_tensors.dynrr");
  tracer::InstructionTranslator& tx = *f.tx;
  auto tensor = [](trace::ObjRef recorded) {
    auto t = std::make_shared<TensorVariable>(0, fake::TensorMeta{});
    t->setRecorded(recorded);
    return VtPtr(t);
  };
  auto module = [](trace::ObjRef object) {
    return VtPtr(std::make_shared<NNModuleVariable>(object, 1, "torch.nn.modules.linear.Linear",
                                                    true, nullptr));
  };
  auto set =
      std::make_shared<SetVariable>(std::vector<VtPtr>{}, nullptr, MutationType::kValueMutationNew);
  auto contains = [&](const VtPtr& v) -> std::string {
    auto r = set->callMethod(tx, "__contains__", {v}, {});
    if (!r) return r.error().message();
    const ConstantVariable* c = asConstant(*r);
    return c && c->value() == ConstantValue(true) ? "True" : "False";
  };
  ASSERT_TRUE(set->callMethod(tx, "add", {tensor(7)}, {}));
  ASSERT_TRUE(set->callMethod(tx, "add", {module(9)}, {}));
  ASSERT_TRUE(set->callMethod(tx, "add", {tensor(7)}, {}));  // the same object again
  EXPECT_EQ(set->items().size(), 2u);
  EXPECT_EQ(contains(tensor(7)), "True");
  EXPECT_EQ(contains(tensor(8)), "False");
  EXPECT_EQ(contains(module(9)), "True");
  EXPECT_EQ(contains(module(10)), "False");
  EXPECT_EQ(contains(ConstantVariable::make(int64_t{7})), "False");
  EXPECT_EQ(contains(tensor(0)).rfind("unsupported: set membership", 0), 0u) << contains(tensor(0));
  // A set of other objects is still not modelled.
  EXPECT_FALSE(set->callMethod(tx, "add", {makeList({})}, {}));
}

TEST(Protocol, EveryListMethodLookedUpIsAnswered) {
  Fixture f("arith/add_tensors.dynrr");
  tracer::InstructionTranslator& tx = *f.tx;
  for (const char* name : {"append", "extend", "pop", "insert", "index", "count", "reverse",
                           "clear", "copy", "remove", "sort"}) {
    VtPtr list = makeList({ConstantVariable::make(int64_t{2}), ConstantVariable::make(int64_t{1})});
    auto m = list->varGetattr(tx, name);
    ASSERT_TRUE(m) << name << ": " << m.error().message();
    ASSERT_EQ((*m)->kind(), VtKind::kGetAttr) << name;
    // Called with arguments it does not take, the method still says it exists.
    auto r = (*m)->callFunction(tx, {noneValue(), noneValue(), noneValue()}, {});
    ASSERT_FALSE(r) << name;
    EXPECT_EQ(r.error().message().find("list method"), std::string::npos) << r.error().message();
  }
  VtPtr list = makeList({});
  EXPECT_EQ(message(list->varGetattr(tx, "frobnicate")), "unsupported: list method frobnicate");
}

TEST(Protocol, GetAttrCallsTheObjectsMethodAndBuiltinsDispatchByName) {
  Fixture f("arith/add_tensors.dynrr");
  tracer::InstructionTranslator& tx = *f.tx;
  VtPtr list = makeList({ConstantVariable::make(int64_t{3}), ConstantVariable::make(int64_t{1}),
                         ConstantVariable::make(int64_t{2})});
  auto sort = list->varGetattr(tx, "sort");
  ASSERT_TRUE(sort);
  ASSERT_TRUE((*sort)->callFunction(tx, {}, {}));
  auto len = BuiltinVariable::call(tx, "len", {list});
  ASSERT_TRUE(len);
  EXPECT_EQ(constantInt(*len), 3);
  auto first = list->callMethod(tx, "__getitem__", {ConstantVariable::make(int64_t{0})}, {});
  ASSERT_TRUE(first);
  EXPECT_EQ(constantInt(*first), 1);
  EXPECT_EQ(message(BuiltinVariable::call(tx, "frobnicate", {})),
            "unsupported: call to builtin frobnicate (not modelled by core part 1)");
  auto is = BuiltinVariable::call(tx, "operator.is_", {list, list});
  ASSERT_TRUE(is);
  EXPECT_EQ(asConstant(*is)->describe(), "True");
}

TEST(Protocol, DictPopOnAPreExistingDictGivesTheValueAndRewritesTheDict) {
  Fixture f("arith/add_tensors.dynrr");
  tracer::InstructionTranslator& tx = *f.tx;
  VtPtr existing = std::make_shared<DictVariable>(
      std::vector<std::pair<VtPtr, VtPtr>>{
          {ConstantVariable::make(std::string("k")), ConstantVariable::make(int64_t{1})}},
      Source::global("D"), MutationType::kValueMutationExisting);
  auto r = existing->callMethod(tx, "pop", {ConstantVariable::make(std::string("k"))}, {});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(constantInt(*r), std::optional<int64_t>(1));
  EXPECT_TRUE(static_cast<DictVariable&>(*existing).entries().empty());
}

TEST(Protocol, DictMethodsOnAPreExistingDictThatWouldRewriteItAreRefusedByName) {
  Fixture f("arith/add_tensors.dynrr");
  tracer::InstructionTranslator& tx = *f.tx;
  VtPtr existing = std::make_shared<DictVariable>(
      std::vector<std::pair<VtPtr, VtPtr>>{
          {ConstantVariable::make(std::string("k")), ConstantVariable::make(int64_t{1})}},
      Source::global("D"), MutationType::kValueMutationExisting);
  for (const char* name : {"popitem", "clear"}) {
    Args args;
    auto r = existing->callMethod(tx, name, args, {});
    ASSERT_FALSE(r) << name;
    EXPECT_NE(r.error().message().find("on a pre-existing dict"), std::string::npos)
        << r.error().message();
  }
}

}  // namespace
}  // namespace dynrr::vt
