// builtin_itertools.cpp — the itertools classes Dynamo 2.13 replaces by the generator
// polyfills of torch/_dynamo/polyfills/itertools.py (substitute_in_graph,
// is_embedded_type): pairwise, accumulate, takewhile, dropwhile, starmap, filterfalse
// and compress; and the endless ones: itertools.count and itertools.repeat (iter.py's
// CountIteratorVariable and RepeatIteratorVariable, polyfills.repeat with a count) and
// the itertools.cycle polyfill; itertools.tee's copies (polyfills.itertools.tee).
//
// Each call gives a lazy iterator whose next() runs one step of the polyfill, as
// Dynamo's inlined generator (LocalGeneratorObjectVariable) does when its consumer pulls.
// The guards are the polyfill's global reads, installed when the polyfill reads them:
// the plain functions (accumulate's `iter` and `operator.add`, filterfalse's `iter` and
// `filter`, compress's `zip`) at the call, the generator bodies' (`callable`, `next`,
// dropwhile's `iter`) at the first pull. The functions given (predicates, accumulate's
// func, starmap's function) are called only on Python constants and must answer
// constants: over tensors the polyfill's STORE_FASTs would name graph nodes, which is
// refused by name.
#include <optional>

#include "core/tracer/instruction_translator.h"
#include "core/vt/builtin.h"
#include "core/vt/builtin_internal.h"
#include "core/vt/constant.h"
#include "core/vt/iter.h"
#include "core/vt/lists.h"

namespace dynrr::vt::builtin_detail {
namespace {

using guards::GuardKind;

const char kItertoolsMod[] = "G['__import_torch_dot__dynamo_dot_polyfills_dot_itertools']";

void builtinGuard(Tx& tx, GuardKind kind, const std::string& name) {
  tx.context().output.addGuard(kind, "G['__builtins_dict___0']['" + name + "']");
}

Error notConstant(const std::string& fn, const VtPtr& v) {
  return unsupported("itertools." + fn + " over a " + v->pythonTypeName() +
                     " (the inlined polyfill's calls on non-constants are not modelled)");
}

// The polyfill generator of one itertools function over a source iterator.
class ItertoolsPolyfillIterator final : public IteratorVariable {
 public:
  ItertoolsPolyfillIterator(std::string fn, VtPtr source, VtPtr func, VtPtr initial)
      : fn_(std::move(fn)),
        source_(std::move(source)),
        func_(std::move(func)),
        total_(std::move(initial)) {}
  std::string pythonTypeName() const override { return "generator"; }
  std::string className() const override { return "LocalGeneratorObjectVariable"; }
  std::string describe() const override { return "itertools." + fn_ + " (polyfill generator)"; }
  Expected<VtPtr> nextVariable(Tx& tx) override;

 private:
  // The next item of the source, realised (null once exhausted).
  Expected<VtPtr> pull(Tx& tx) {
    auto v = asIterator(source_)->nextVariable(tx);
    if (!v || !*v) return v;
    return tx.realize(*v);
  }
  // func_(args...) of constants, answering a constant.
  Expected<VtPtr> callConst(Tx& tx, Args args) {
    for (const auto& a : args)
      if (!asConstant(a)) return notConstant(fn_, a);
    auto r = func_->callFunction(tx, std::move(args), {});
    if (!r) return r;
    auto v = tx.realize(*r);
    if (!v) return v;
    if (!asConstant(*v)) return notConstant(fn_, *v);
    return v;
  }
  Expected<bool> truth(Tx& tx, const VtPtr& v) {
    if (!asConstant(v)) return notConstant(fn_, v);
    return v->boolValue(tx);
  }
  Expected<VtPtr> step(Tx& tx);

  std::string fn_;
  VtPtr source_;
  VtPtr func_;
  VtPtr total_;  // accumulate's running total / pairwise's previous item
  bool started_ = false;
  bool done_ = false;
};

Expected<VtPtr> ItertoolsPolyfillIterator::nextVariable(Tx& tx) {
  if (done_) return VtPtr();
  if (!started_) {
    started_ = true;
    if (fn_ == "takewhile" || fn_ == "dropwhile" || fn_ == "starmap")
      builtinGuard(tx, GuardKind::BUILTIN_MATCH, "callable");
    if (fn_ == "dropwhile") builtinGuard(tx, GuardKind::BUILTIN_MATCH, "iter");
  }
  auto r = step(tx);
  if (r && !*r) done_ = true;
  return r;
}

Expected<VtPtr> ItertoolsPolyfillIterator::step(Tx& tx) {
  if (fn_ == "accumulate") {
    if (!total_) {  // `total = next(iterator)` on the first pull
      builtinGuard(tx, GuardKind::BUILTIN_MATCH, "next");
      auto first = pull(tx);
      if (!first || !*first) return first;
      if (!asConstant(*first)) return notConstant(fn_, *first);
      total_ = *first;
      return total_;
    }
    auto el = pull(tx);
    if (!el || !*el) return el;
    auto t = callConst(tx, {total_, *el});
    if (!t) return t;
    total_ = *t;
    return total_;
  }
  if (fn_ == "pairwise") {
    while (true) {
      auto b = pull(tx);
      if (!b || !*b) return b;
      VtPtr a = total_;
      total_ = *b;
      if (a) return makeTuple({a, *b});
    }
  }
  if (fn_ == "starmap") {
    auto args = pull(tx);
    if (!args || !*args) return args;
    auto unpacked = (*args)->unpackVarSequence(tx);
    if (!unpacked) return unpacked.error();
    return callConst(tx, std::move(*unpacked));
  }
  if (fn_ == "compress") {  // the source yields (datum, selector) pairs (zip)
    while (true) {
      auto pair = pull(tx);
      if (!pair || !*pair) return pair;
      auto items = (*pair)->unpackVarSequence(tx);
      if (!items) return items.error();
      if (items->size() != 2) return Error("internal: compress pair");
      auto sel = tx.realize((*items)[1]);
      if (!sel) return sel;
      auto keep = truth(tx, *sel);
      if (!keep) return keep.error();
      if (*keep) return (*items)[0];
    }
  }
  // takewhile / dropwhile / filterfalse: a predicate over each item.
  while (true) {
    auto x = pull(tx);
    if (!x || !*x) return x;
    if (fn_ == "dropwhile" && total_) return *x;  // dropping is over: `yield from iterator`
    auto p = callConst(tx, {*x});
    if (!p) return p;
    auto holds = truth(tx, *p);
    if (!holds) return holds.error();
    if (fn_ == "takewhile") return *holds ? *x : VtPtr();
    if (!*holds) {
      if (fn_ == "dropwhile") total_ = ConstantVariable::make(true);
      return *x;
    }
  }
}

// CountIteratorVariable over constants: next() returns the item and advances it by the
// step (item.__add__(step)).
class CountIterator final : public IteratorVariable {
 public:
  CountIterator(VtPtr item, VtPtr step) : item_(std::move(item)), step_(std::move(step)) {}
  std::string pythonTypeName() const override { return "itertools.count"; }
  std::string className() const override { return "CountIteratorVariable"; }
  std::string describe() const override { return "itertools.count"; }
  Expected<VtPtr> nextVariable(Tx& tx) override {
    VtPtr old = item_;
    auto next = BuiltinVariable::call(tx, "operator.add", {item_, step_});
    if (!next) return next;
    item_ = *next;
    return old;
  }

 private:
  VtPtr item_, step_;
};

// RepeatIteratorVariable (no count): the item forever. With a count, the
// polyfills.repeat generator (`for _ in range(count): yield item`), whose body reads
// the builtin range at the first pull.
class RepeatIterator final : public IteratorVariable {
 public:
  RepeatIterator(VtPtr item, std::optional<int64_t> times)
      : item_(std::move(item)), times_(times) {}
  std::string pythonTypeName() const override { return times_ ? "generator" : "itertools.repeat"; }
  std::string className() const override {
    return times_ ? "LocalGeneratorObjectVariable" : "RepeatIteratorVariable";
  }
  std::string describe() const override { return "itertools.repeat"; }
  Expected<VtPtr> nextVariable(Tx& tx) override {
    if (!times_) return item_;
    if (!started_) builtinGuard(tx, GuardKind::BUILTIN_MATCH, "range");
    started_ = true;
    if (given_ >= *times_) return VtPtr();
    ++given_;
    return item_;
  }

 private:
  VtPtr item_;
  std::optional<int64_t> times_;
  int64_t given_ = 0;
  bool started_ = false;
};

// The itertools.cycle polyfill's inner generator: the items of the iterable (iterated
// afresh, as `for element in iterable` does), saved, then the saved items round and
// round.
class CycleIterator final : public IteratorVariable {
 public:
  explicit CycleIterator(VtPtr iterable) : iterable_(std::move(iterable)) {}
  std::string pythonTypeName() const override { return "generator"; }
  std::string className() const override { return "LocalGeneratorObjectVariable"; }
  std::string describe() const override { return "itertools.cycle (polyfill generator)"; }
  Expected<VtPtr> nextVariable(Tx& tx) override {
    if (!firstPassDone_) {
      if (!source_) {
        auto it = getIter(tx, iterable_);
        if (!it) return it;
        source_ = *it;
      }
      auto v = asIterator(source_)->nextVariable(tx);
      if (!v) return v;
      if (*v) {
        saved_.push_back(*v);
        return v;
      }
      firstPassDone_ = true;
    }
    if (saved_.empty()) return VtPtr();
    VtPtr v = saved_[next_ % saved_.size()];
    ++next_;
    return v;
  }

 private:
  VtPtr iterable_, source_;
  std::vector<VtPtr> saved_;
  size_t next_ = 0;
  bool firstPassDone_ = false;
};

// polyfills.itertools.tee's shared state: the one iterator made by `iter(iterable)` and
// the items pulled from it so far (the polyfill's linked list of [value, next] cells,
// kept here as a vector every copy reads at its own position).
struct TeeShared {
  VtPtr source;
  std::vector<VtPtr> items;
  bool exhausted = false;
};

// One copy: a `_tee(link)` generator. A copy that has caught up with the items pulled so
// far reads the global `next` and pulls the next item for all (`link[0] =
// next(iterator)`); once the iterator is exhausted, its StopIteration is caught by name
// (the global StopIteration read) and the generator returns.
class TeeIterator final : public IteratorVariable {
 public:
  explicit TeeIterator(std::shared_ptr<TeeShared> shared) : shared_(std::move(shared)) {}
  std::string pythonTypeName() const override { return "generator"; }
  std::string className() const override { return "LocalGeneratorObjectVariable"; }
  std::string describe() const override { return "itertools.tee (polyfill generator)"; }
  Expected<VtPtr> nextVariable(Tx& tx) override {
    if (done_) return VtPtr();
    if (at_ == shared_->items.size()) {
      builtinGuard(tx, GuardKind::BUILTIN_MATCH, "next");
      VtPtr v;
      if (!shared_->exhausted) {
        auto r = asIterator(shared_->source)->nextVariable(tx);
        if (!r) return r;
        v = *r;
      }
      if (!v) {
        shared_->exhausted = true;
        builtinGuard(tx, GuardKind::BUILTIN_MATCH, "StopIteration");
        done_ = true;
        return VtPtr();
      }
      shared_->items.push_back(v);
    }
    return shared_->items[at_++];
  }

 private:
  std::shared_ptr<TeeShared> shared_;
  size_t at_ = 0;
  bool done_ = false;
};

}  // namespace

// tee(iterable, n=2): `iterator = iter(iterable)`, then `tuple(_tee(shared_link) for _ in
// range(n))`: the builtins iter, tuple and range read at the call.
Expected<VtPtr> callItertoolsTee(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs) {
  if (!kwargs.empty() || args.empty() || args.size() > 2) return notModelled();
  int64_t n = 2;
  if (args.size() == 2) {
    auto r = tx.realize(args[1]);
    if (!r) return r;
    auto k = constantInt(*r);
    if (!k || (*r)->pythonTypeName() != "int")
      return unsupported("itertools.tee with a count that is no int constant");
    if (*k < 0) return unsupported("itertools.tee with a negative count (ValueError path)");
    n = *k;
  }
  auto iterable = tx.realize(args[0]);
  if (!iterable) return iterable;
  builtinGuard(tx, GuardKind::BUILTIN_MATCH, "iter");
  auto it = getIter(tx, *iterable);
  if (!it) return it;
  builtinGuard(tx, GuardKind::BUILTIN_MATCH, "tuple");
  builtinGuard(tx, GuardKind::BUILTIN_MATCH, "range");
  auto shared = std::make_shared<TeeShared>();
  shared->source = *it;
  std::vector<VtPtr> copies;
  for (int64_t i = 0; i < n; ++i) copies.push_back(std::make_shared<TeeIterator>(shared));
  return makeTuple(std::move(copies));
}

Expected<VtPtr> callItertoolsEndless(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs) {
  if (!kwargs.empty()) return unsupported(name + " with keyword arguments");
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r;
    a = *r;
  }
  if (name == "itertools.count") {
    if (args.size() > 2) return notModelled();
    VtPtr item = args.empty() ? ConstantVariable::make(int64_t{0}) : args[0];
    VtPtr step = args.size() < 2 ? ConstantVariable::make(int64_t{1}) : args[1];
    for (const VtPtr& v : {item, step}) {
      const ConstantVariable* c = asConstant(v);
      if (!c || !c->asNumber()) return unsupported("itertools.count over a " + v->pythonTypeName());
    }
    return VtPtr(std::make_shared<CountIterator>(item, step));
  }
  if (name == "itertools.repeat") {
    if (args.empty() || args.size() > 2) return notModelled();
    std::optional<int64_t> times;
    if (args.size() == 2) {
      times = constantInt(args[1]);
      if (!times) return unsupported("itertools.repeat with a count that is no int constant");
    }
    return VtPtr(std::make_shared<RepeatIterator>(args[0], times));
  }
  // itertools.cycle: `iterator = iter(iterable)` (the builtin read and the iterator made,
  // then unused), and the generator over the iterable itself.
  if (args.size() != 1) return notModelled();
  builtinGuard(tx, GuardKind::BUILTIN_MATCH, "iter");
  auto it = getIter(tx, args[0]);
  if (!it) return it;
  VtPtr iterable = asIterator(args[0]) ? *it : args[0];
  return VtPtr(std::make_shared<CycleIterator>(iterable));
}

Expected<VtPtr> callItertoolsPolyfill(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs) {
  std::string fn = name.substr(std::string("itertools.").size());
  auto& out = tx.context().output;
  VtPtr func, initial, iterable;
  if (fn == "pairwise") {
    if (args.size() != 1 || !kwargs.empty()) return notModelled();
    iterable = args[0];
  } else if (fn == "accumulate") {
    if (args.empty() || args.size() > 2) return notModelled();
    if (VtPtr init = takeKwarg(kwargs, "initial")) {
      const ConstantVariable* c = asConstant(init);
      if (!c || !c->isNone()) return unsupported("itertools.accumulate with an initial value");
    }
    if (VtPtr f = takeKwarg(kwargs, "func")) args.push_back(f);
    if (!kwargs.empty() || args.size() > 2) return notModelled();
    iterable = args[0];
    out.addGuard(GuardKind::MODULE_MATCH, kItertoolsMod);
    const ConstantVariable* none = args.size() == 2 ? asConstant(args[1]) : nullptr;
    if (args.size() == 1 || (none && none->isNone())) {
      polyfillModuleGlobal(tx, "__import_torch_dot__dynamo_dot_polyfills_dot_itertools", "operator",
                           GuardKind::BUILTIN_MATCH, "add", true);
      func = std::make_shared<BuiltinVariable>("operator.add");
    } else {
      func = args[1];
    }
  } else if (fn == "compress") {
    if (args.size() != 2 || !kwargs.empty()) return notModelled();
    builtinGuard(tx, GuardKind::BUILTIN_MATCH, "zip");
    auto zipped = BuiltinVariable::call(tx, "zip", {args[0], args[1]});
    if (!zipped) return zipped;
    iterable = *zipped;
  } else {  // takewhile / dropwhile / starmap / filterfalse (function, iterable)
    if (args.size() != 2 || !kwargs.empty()) return notModelled();
    func = args[0];
    iterable = args[1];
    const ConstantVariable* none = asConstant(func);
    if (fn == "filterfalse" && none && none->isNone())
      return unsupported("itertools.filterfalse(None, ...) (filter(operator.not_, it))");
    if (fn == "filterfalse") builtinGuard(tx, GuardKind::BUILTIN_MATCH, "filter");
  }
  if (fn == "accumulate" || fn == "filterfalse") builtinGuard(tx, GuardKind::BUILTIN_MATCH, "iter");
  auto it = getIter(tx, iterable);
  if (!it) return it;
  return VtPtr(std::make_shared<ItertoolsPolyfillIterator>(fn, *it, func, nullptr));
}

}  // namespace dynrr::vt::builtin_detail
