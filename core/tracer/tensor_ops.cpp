// tensor_ops.cpp — graph calls that produce tensors: arguments become FX arguments
// and fake-tensor arguments, the meta function gives the example value
// (variables/builder.py wrap_fx_proxy; tuple results get one operator.getitem node
// per element, created at once as wrap_fx_proxy_cls does).
#include "core/tracer/tensor_ops.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <unordered_set>

#include "core/fake/broadcast.h"
#include "core/fake/op_registry.h"
#include "core/tracer/conv_backend.h"
#include "core/tracer/derived_sizes.h"
#include "core/tracer/split_sizes.h"
#include "core/tracer/symbolic_reshape.h"
#include "core/tracer/unbacked.h"
#include "core/vt/autocast_mode.h"
#include "core/vt/constant.h"
#include "core/vt/delay_graph_break.h"
#include "core/vt/lists.h"
#include "core/vt/sym_node.h"
#include "core/vt/tensor.h"

namespace dynrr::tracer {
namespace {

struct Converted {
  GraphArg graph;
  fake::MetaArg meta;
};

// A Python constant as an op argument: the graph keeps it, fake tensors see its value.
Expected<Converted> convertConstant(const vt::ConstantValue& c) {
  fake::MetaArg meta;
  if (std::holds_alternative<vt::NoneValue>(c))
    meta = fake::MetaArg(fake::NoneValue{});
  else if (auto* b = std::get_if<bool>(&c))
    meta = fake::MetaArg(*b);
  else if (auto* i = std::get_if<int64_t>(&c))
    meta = fake::MetaArg(*i);
  else if (auto* d = std::get_if<double>(&c))
    meta = fake::MetaArg(*d);
  else if (auto* s = std::get_if<std::string>(&c))
    meta = fake::MetaArg(*s);
  else if (std::holds_alternative<vt::BytesValue>(c))
    return unsupported("a bytes argument to a torch op");
  else if (std::holds_alternative<vt::ComplexValue>(c))
    return unsupported("a complex argument to a torch op");
  else if (std::holds_alternative<vt::EllipsisValue>(c))
    meta = fake::MetaArg(fake::EllipsisValue{});
  else if (auto* tc = std::get_if<vt::TorchConstant>(&c)) {
    if (tc->kind == vt::TorchConstant::Kind::kLayout)
      return unsupported("a torch.layout argument to a torch op");
    if (tc->kind == vt::TorchConstant::Kind::kDtype) {
      auto dt = fake::parseDType(tc->name);
      if (!dt) return unsupported("dtype " + tc->name);
      meta = fake::MetaArg(*dt);
    } else {
      auto dev = fake::Device::parse(tc->name);
      if (!dev) return unsupported("device " + tc->name);
      meta = fake::MetaArg(*dev);
    }
  }
  return Converted{GraphArg::ofConstant(c), meta};
}

Expected<Converted> convert(InstructionTranslator& tx, const VtPtr& in, int depth) {
  if (depth > 16) return unsupported("argument nested too deeply");
  auto r = tx.realize(in);
  if (!r) return r.error();
  const VtPtr& v = *r;
  switch (v->kind()) {
    case vt::VtKind::kTensor: {
      auto* t = static_cast<vt::TensorVariable*>(v.get());
      return Converted{GraphArg::ofNode(t->node()), fake::MetaArg(t->meta())};
    }
    case vt::VtKind::kSymInt: {
      // The graph takes the SymInt node; fake tensors see its value: a size symbol's
      // stand-in (the two replays check that what they compute is symbolic), or a
      // dynamic int's hint. A dynamic int inside a tuple or list is a size, whose
      // symbolic result is not modelled.
      auto* si = static_cast<vt::SymIntVariable*>(v.get());
      if (depth > 0 && !si->hasStandIn())
        return unsupported(
            "a dynamic int inside a sequence argument (symbolic sizes from "
            "SymInts are not modelled)");
      // A SymInt derived from size symbols (s77 - 1) sizes what fake tensors compute
      // with its value at the stand-ins: that value is the expression from now on.
      if (si->hasStandIn()) {
        if (Status st = registerDerivedSize(tx.context(), si->fakeValue(), si->expr()); !st)
          return st.error();
      }
      if (si->isBool())
        return unsupported("a data-dependent SymBool as an operator argument (not modelled)");
      // A SymFloat is a Python float to the meta function (type promotion).
      if (si->isFloat())
        return Converted{GraphArg::ofNode(si->node()),
                         fake::MetaArg(static_cast<double>(si->fakeValue()))};
      return Converted{GraphArg::ofNode(si->node()), fake::MetaArg(si->fakeValue())};
    }
    case vt::VtKind::kConstant:
      return convertConstant(static_cast<vt::ConstantVariable*>(v.get())->value());
    case vt::VtKind::kTuple:
    case vt::VtKind::kList:
    case vt::VtKind::kSize: {
      auto* seq = static_cast<vt::SequenceVariable*>(v.get());
      GraphArg g;
      g.kind = v->kind() == vt::VtKind::kList ? GraphArg::Kind::kList : GraphArg::Kind::kTuple;
      std::vector<fake::MetaArg> metas;
      for (const auto& item : seq->items()) {
        auto c = convert(tx, item, depth + 1);
        if (!c) return c.error();
        g.items.push_back(std::move(c->graph));
        metas.push_back(std::move(c->meta));
      }
      fake::MetaArg meta = v->kind() == vt::VtKind::kList ? fake::MetaArg::list(std::move(metas))
                                                          : fake::MetaArg::tuple(std::move(metas));
      bool symbolic = false;
      for (const auto& item : seq->items())
        symbolic = symbolic || item->kind() == vt::VtKind::kSymInt;
      if (auto kept = tx.context().sizeProxies.find(v.get());
          symbolic && kept != tx.context().sizeProxies.end()) {
        // A torch.Size read off a tensor keeps its `size` node (SizeVariable.proxy).
        return Converted{GraphArg::ofNode(kept->second.second), std::move(meta)};
      }
      if (v->kind() == vt::VtKind::kSize && symbolic) {
        // SizeVariable.as_proxy with SymInt items: a torch.Size([...]) node per use.
        g.kind = GraphArg::Kind::kList;
        NodeId size = tx.context().output.callFunction("torch.Size", {std::move(g)}, {});
        std::string text = "(";
        for (const auto& lazyItem : seq->items()) {
          auto realized = tx.realize(lazyItem);
          if (!realized) return realized.error();
          const VtPtr& item = *realized;
          if (text.size() > 1) text += ", ";
          if (item->kind() == vt::VtKind::kSymInt)
            text += "sym " + static_cast<const vt::SymIntVariable&>(*item).expr().str();
          else if (auto k = vt::constantInt(item))
            text += "int " + std::to_string(*k);
          else
            return unsupported("a torch.Size of " + item->pythonTypeName() + " items");
        }
        tx.context().output.graph().node(size).exampleText = text + ")";
        return Converted{GraphArg::ofNode(size), std::move(meta)};
      }
      return Converted{std::move(g), std::move(meta)};
    }
    case vt::VtKind::kRange: {
      // A range reaches the graph as itself (FX prints its repr); fake tensors see the
      // list of its ints (torch.tensor(range(n))).
      auto* r = static_cast<vt::RangeVariable*>(v.get());
      if (Status s = checkMaterialized(r->length(), "range argument"); !s) return s.error();
      GraphArg g;
      g.kind = GraphArg::Kind::kRange;
      std::vector<fake::MetaArg> ints;
      for (int64_t i = 0; i < r->length(); ++i) ints.emplace_back(r->at(i));
      for (int64_t b : {r->start(), r->stop(), r->step()})
        g.items.push_back(GraphArg::ofConstant(b));
      return Converted{std::move(g), fake::MetaArg::list(std::move(ints))};
    }
    case vt::VtKind::kSlice: {
      auto* s = static_cast<vt::SliceVariable*>(v.get());
      GraphArg g;
      g.kind = GraphArg::Kind::kSlice;
      fake::Slice fs;
      std::optional<int64_t>* bounds[3] = {&fs.start, &fs.stop, &fs.step};
      const VtPtr parts[3] = {s->start(), s->stop(), s->step()};
      for (int k = 0; k < 3; ++k) {
        if (s->fakeBounds()) {
          // Resolved by the tensor's __getitem__: SymInt bounds are their nodes, the fake
          // slice uses the stand-ins of the resolved indices.
          if (parts[k]->kind() == vt::VtKind::kSymInt)
            g.items.push_back(
                GraphArg::ofNode(static_cast<const vt::SymIntVariable&>(*parts[k]).node()));
          else
            g.items.push_back(GraphArg::ofConstant(vt::asConstant(parts[k])->value()));
          *bounds[k] = (*s->fakeBounds())[k];
          continue;
        }
        auto* c = dynamic_cast<vt::ConstantVariable*>(parts[k].get());
        if (!c) {
          return unsupported(parts[k]->kind() == vt::VtKind::kSymInt
                                 ? "a SymInt slice bound outside a tensor's own __getitem__"
                                 : "slice bound of type " + parts[k]->pythonTypeName());
        }
        g.items.push_back(GraphArg::ofConstant(c->value()));
        if (!c->isNone()) {
          auto i = c->asInt();
          if (!i) return unsupported("non-integer slice bound");
          *bounds[k] = *i;
        }
      }
      return Converted{std::move(g), fake::MetaArg(fs)};
    }
    default: return unsupported("argument of type " + v->pythonTypeName() + " to a torch op");
  }
}

// A tuple example value as compare's canonical text: a None item prints as nothing, an
// int as "int N".
std::string seqExampleText(const fake::ValueSeq& seq) {
  std::string text = "(";
  for (size_t i = 0; i < seq.items.size(); ++i) {
    if (i) text += ", ";
    if (seq.items[i].is<fake::TensorMeta>())
      text += vt::canonicalMeta(seq.items[i].as<fake::TensorMeta>());
    else if (const auto* k = std::get_if<std::int64_t>(&seq.items[i].value))
      text += "int " + std::to_string(*k);
  }
  return text + ")";
}

// The BatchedTensors among an op's arguments (null for the others); one inside a
// sequence or a keyword argument is refused.
Expected<std::vector<const BatchedTensorInfo*>> batchedArgs(
    const TracingContext& ctx, const std::vector<GraphArg>& gargs,
    const std::vector<std::pair<std::string, GraphArg>>& gkw) {
  std::function<bool(const GraphArg&)> nested = [&](const GraphArg& g) {
    if (g.kind == GraphArg::Kind::kNode) return ctx.batchedTensors.count(g.node) > 0;
    return std::any_of(g.items.begin(), g.items.end(), nested);
  };
  std::vector<const BatchedTensorInfo*> out;
  for (const auto& g : gargs) {
    auto it = g.kind == GraphArg::Kind::kNode ? ctx.batchedTensors.find(g.node)
                                              : ctx.batchedTensors.end();
    if (it == ctx.batchedTensors.end() && nested(g))
      return unsupported("vmap: a BatchedTensor inside a sequence argument (not modelled)");
    out.push_back(it == ctx.batchedTensors.end() ? nullptr : &it->second);
  }
  for (const auto& [name, g] : gkw)
    if (nested(g)) return unsupported("vmap: a BatchedTensor as keyword argument " + name);
  return out;
}

// An op on BatchedTensors: the node as usual, its example value the logical metadata of
// the batching rule's result, which is a BatchedTensor too.
Expected<VtPtr> batchedTensorCall(InstructionTranslator& tx, bool method, const std::string& target,
                                  const std::string& metaOp, std::vector<GraphArg> gargs,
                                  std::vector<std::pair<std::string, GraphArg>> gkw,
                                  const std::vector<fake::MetaArg>& margs, const fake::Kwargs& mkw,
                                  const std::vector<const BatchedTensorInfo*>& batched,
                                  const fake::FakeContext& fctx) {
  // Under torch.func.grad inside vmap, what requires grad does at the grad level only
  // (the grad model refuses tensors requiring grad from outside the transform): the
  // physical tensors, one level down, do not.
  const auto* top = tx.context().functorchLevels.top();
  const bool underGrad = top && top->kind == FunctorchLevel::Kind::kGrad;
  std::vector<fake::MetaArg> physicalArgs = margs;
  if (underGrad)
    for (auto& a : physicalArgs)
      if (const auto* t = a.get<fake::TensorMeta>(); t && t->requiresGrad) {
        fake::TensorMeta plain = *t;
        plain.requiresGrad = false;
        a = fake::MetaArg(plain);
      }
  auto b = batchedCall(metaOp, physicalArgs, batched, mkw, fctx);
  if (!b) return b.error();
  OutputGraph& out = tx.context().output;
  NodeId node = method ? out.callMethod(target, std::move(gargs), std::move(gkw))
                       : out.callFunction(target, std::move(gargs), std::move(gkw));
  fake::TensorMeta logical = logicalMeta(*b);
  // Under torch.func.grad inside vmap the example value is a GradTrackingTensor over the
  // BatchedTensor: it requires grad when an argument does (autograd at the grad level).
  if (underGrad && tx.context().gradEnabled)
    logical.requiresGrad = std::any_of(margs.begin(), margs.end(), [](const fake::MetaArg& a) {
      const auto* t = a.get<fake::TensorMeta>();
      return t && t->requiresGrad;
    });
  out.graph().node(node).meta = logical;
  tx.context().batchedTensors[node] = *b;
  return VtPtr(std::make_shared<vt::TensorVariable>(node, logical));
}

}  // namespace

Expected<std::pair<GraphArg, fake::MetaArg>> convertOpArg(InstructionTranslator& tx,
                                                          const VtPtr& value) {
  auto c = convert(tx, value, 0);
  if (!c) return c.error();
  return std::make_pair(std::move(c->graph), std::move(c->meta));
}

// STORE_SUBSCR on a tensor: BuiltinVariable(operator.setitem) puts an in-place
// `operator.setitem` node in the graph (FX prints `t[i] = v;  setitem = t`), whose
// example value is None; the tensor's tracker, and its node, stay what they were.
// The index is checked as getitem would index, and the value must broadcast to the
// indexed shape (a tensor) or be a Python scalar.
Expected<VtPtr> tensorSetItem(InstructionTranslator& tx, const VtPtr& tensor, const VtPtr& index,
                              const VtPtr& value) {
  auto t = convert(tx, tensor, 0);
  if (!t) return t.error();
  auto i = convert(tx, index, 0);
  if (!i) return i.error();
  auto v = convert(tx, value, 0);
  if (!v) return v.error();
  fake::FakeContext fctx;
  fctx.gradEnabled = tx.context().gradEnabled;
  fctx.defaultDtype = tx.context().defaultDtype;
  fctx.symbolBase = tx.context().symbolBase;
  if (tx.context().symbolBase != 0) fctx.maxElements = std::int64_t{1} << 62;
  auto indexed = fake::callOp("operator.getitem", {t->meta, i->meta}, {}, fctx);
  if (!indexed) return unsupported("fake tensor: tensor setitem: " + indexed.error().message());
  if (!indexed->is<fake::TensorMeta>())
    return unsupported("tensor setitem with an index that does not give a tensor");
  if (v->meta.is<fake::TensorMeta>()) {
    const auto& target = indexed->as<fake::TensorMeta>().sizes;
    auto b = fake::broadcastShapes(target, v->meta.as<fake::TensorMeta>().sizes);
    if (!b || *b != target)
      return unsupported("tensor setitem with a value that does not broadcast (RuntimeError path)");
  } else if (!v->meta.is<int64_t>() && !v->meta.is<double>() && !v->meta.is<bool>()) {
    return unsupported("tensor setitem with a value of type " + value->pythonTypeName());
  }
  tx.context().output.callFunction(
      "operator.setitem", {std::move(t->graph), std::move(i->graph), std::move(v->graph)}, {});
  return VtPtr(vt::ConstantVariable::make(vt::NoneValue{}));
}

bool anyTensor(const vt::Args& args, const vt::Kwargs& kwargs) {
  for (const auto& a : args) {
    if (a->kind() == vt::VtKind::kTensor) return true;
  }
  for (const auto& kv : kwargs) {
    if (kv.second->kind() == vt::VtKind::kTensor) return true;
  }
  return false;
}

// The shape-env guards of Tensor.repeat's output sizes (padded_size * repeat >= 0, the
// allocation's check_size_nonnegative) for SymInt repeats.
Status repeatSizeGuards(InstructionTranslator& tx, const vt::Args& args) {
  auto& ctx = tx.context();
  auto& env = ctx.output.shapeEnv();
  const auto& sizes = static_cast<const vt::TensorVariable&>(*args[0]).meta().sizes;
  std::vector<VtPtr> repeats;
  for (size_t i = 1; i < args.size(); ++i) {
    auto r = tx.realize(args[i]);
    if (!r) return r.error();
    if (auto* seq = dynamic_cast<const vt::SequenceVariable*>(r->get()); seq && args.size() == 2) {
      for (const auto& item : seq->items()) {
        auto ri = tx.realize(item);
        if (!ri) return ri.error();
        repeats.push_back(*ri);
      }
    } else {
      repeats.push_back(*r);
    }
  }
  if (repeats.size() < sizes.size()) return {};  // the meta function's error path
  size_t pad = repeats.size() - sizes.size();
  for (size_t i = 0; i < repeats.size(); ++i) {
    if (repeats[i]->kind() != vt::VtKind::kSymInt) continue;
    symbolic::Expr padded(1);
    if (i >= pad) {
      auto e = sizeExpr(ctx, sizes[i - pad]);
      if (!e)
        return unsupported(
            "dynamic shapes: Tensor.repeat of a dim whose size is derived from "
            "size symbols (symbolic sizes of op results are not modelled)");
      padded = *e;
    }
    env.evaluate({padded * static_cast<const vt::SymIntVariable&>(*repeats[i]).expr(),
                  symbolic::RelOp::kGe, symbolic::Expr(0)});
  }
  return {};
}

// linspace / logspace: the fake implementation reads `steps` as an int (guard_int): a
// SymInt steps is specialised to its hint (guard Eq, the symbol replaced by the number,
// solved for a linear expression), and the op runs with the number. A SymInt start or
// end (a SymFloat in the meta function) is not modelled.
Status linspaceStepsGuard(InstructionTranslator& tx, const std::string& op, const vt::Args& args,
                          const vt::Kwargs& kwargs) {
  auto& env = tx.context().output.shapeEnv();
  for (size_t i = 0; i < args.size() + kwargs.size(); ++i) {
    const bool positional = i < args.size();
    const std::string name = positional ? "" : kwargs[i - args.size()].first;
    auto r = tx.realize(positional ? args[i] : kwargs[i - args.size()].second);
    if (!r) return r.error();
    if ((*r)->kind() != vt::VtKind::kSymInt) continue;
    const bool steps = positional ? i == 2 : name == "steps";
    const auto& e = static_cast<const vt::SymIntVariable&>(**r).expr();
    if (!steps || env.hasUnbacked(e))
      return unsupported("dynamic shapes: " + op + " with a SymInt " +
                         (steps ? std::string("steps of an unbacked symbol")
                                : "start or end (a SymFloat in its meta function)") +
                         " is not modelled");
    const int64_t hint = env.hintOf(e);
    env.evaluate({e, symbolic::RelOp::kEq, symbolic::Expr(hint)});
    if (!env.replace(e).isConstant())
      return unsupported("dynamic shapes: " + op + " steps " + e.str() +
                         " that guard_int does not solve to constants (not modelled)");
  }
  return {};
}

// torch.arange with SymInt bounds (refs.arange on integer bounds): for a positive step
// `end >= start` (negative: `end <= start`) is checked, a guard unless the ranges decide
// it; the length is (end - start + step - sgn) // step (prims.iota guards nothing on it:
// the ops that read the result guard its size, see derivedSizeGuards). The length, when
// derived, is what the fake result's size stands for.
// Float bounds or dtype, a SymInt step, unbacked bounds and a length below 2 are refused.
Status arangeGuards(InstructionTranslator& tx, const vt::Args& args, const vt::Kwargs& kwargs) {
  auto& ctx = tx.context();
  auto& env = ctx.output.shapeEnv();
  std::vector<VtPtr> bounds(args.begin(), args.end());
  for (const char* k : {"start", "end", "step"})
    for (const auto& [name, v] : kwargs)
      if (name == k) bounds.push_back(v);
  std::vector<symbolic::Expr> e;
  bool symbolicBound = false;
  std::string gap;
  for (auto& b : bounds) {
    auto r = tx.realize(b);
    if (!r) return r.error();
    if ((*r)->kind() == vt::VtKind::kSymInt) {
      const auto& si = static_cast<const vt::SymIntVariable&>(**r);
      if (si.isFloat() || si.isBool()) gap = "a SymFloat or SymBool bound";
      if (env.hasUnbacked(si.expr())) gap = "an unbacked bound " + si.expr().str();
      e.push_back(si.expr());
      symbolicBound = true;
    } else if (auto k = vt::constantInt(*r)) {
      e.emplace_back(*k);
    } else {
      gap = "a bound that is not an int";
    }
  }
  if (!symbolicBound) return {};
  for (const auto& [name, v] : kwargs)
    if (name == "dtype") gap = "an explicit dtype";
  if (e.empty() || e.size() > 3) gap = "other than 1 to 3 bounds";
  if (!gap.empty())
    return unsupported("dynamic shapes: torch.arange with a SymInt bound and " + gap +
                       " (refs.arange's float length is not modelled)");
  const symbolic::Expr start = e.size() == 1 ? symbolic::Expr(0) : e[0];
  const symbolic::Expr end = e.size() == 1 ? e[0] : e[1];
  const symbolic::Expr step = e.size() == 3 ? e[2] : symbolic::Expr(1);
  if (!step.isConstant() || step.constant() == 0)
    return unsupported("dynamic shapes: torch.arange with a SymInt step (not modelled)");
  const int64_t sgn = step.constant() > 0 ? 1 : -1;
  env.evaluate({end, sgn > 0 ? symbolic::RelOp::kGe : symbolic::RelOp::kLe, start});
  auto length = symbolic::Expr::floorDiv(end - start + step - symbolic::Expr(sgn), step, &env);
  if (!length)
    return unsupported(
        "dynamic shapes: torch.arange whose length sympy cannot form (not "
        "modelled)");
  if (length->isConstant()) return {};
  if (env.hintOf(*length) < 2)
    return unsupported("dynamic shapes: torch.arange of a symbolic length " + length->str() +
                       " below 2 (its size-1 specialisation is not modelled)");
  if (auto v = standInValue(ctx, *length))
    if (Status st = registerDerivedSize(ctx, *v, *length); !st) return st;
  return {};
}

// A factory's sizes are checked non-negative (the meta functions' size >= 0 check,
// guard_size_oblivious): for a SymInt size that is a shape guard unless its range decides
// it (a size symbol is >= 2; an int argument made dynamic gets `0 <= L['n']`).
Status factorySizeGuards(InstructionTranslator& tx, const std::string& op, const vt::Args& args,
                         const vt::Kwargs& kwargs) {
  static const std::unordered_set<std::string> kFactories = {
      "torch.zeros", "torch.ones",       "torch.empty",     "torch.full",       "torch.rand",
      "torch.randn", "Tensor.new_zeros", "Tensor.new_ones", "Tensor.new_empty", "Tensor.new_full"};
  auto& env = tx.context().output.shapeEnv();
  // The other factories only guard a size >= 0, recorded so.
  if (op == "torch.linspace" || op == "torch.logspace")
    return linspaceStepsGuard(tx, op, args, kwargs);
  if (op == "torch.arange") return arangeGuards(tx, args, kwargs);
  // Tensor.repeat: its output is allocated with the repeated sizes (empty's
  // check_size_nonnegative): padded_size * repeat >= 0 for each SymInt repeat.
  if (op == "Tensor.repeat" && !args.empty() && args[0]->kind() == vt::VtKind::kTensor)
    return repeatSizeGuards(tx, args);
  if (!kFactories.count(op)) return {};
  auto check = [&](const VtPtr& v) {
    if (v->kind() != vt::VtKind::kSymInt) return;
    const auto& e = static_cast<const vt::SymIntVariable&>(*v).expr();
    if (env.hasUnbacked(e)) {
      // An unbacked size: the check refines its range (_check(size >= 0) on an unbacked
      // symbol, asserted at run time) instead of guarding.
      if (auto sym = e.asSymbol())
        env.constrainRange(*sym, 0, std::nullopt);
      else
        env.markUnsupported("a factory size " + e.str() +
                            " derived from an unbacked symbol (its deferred runtime assert is "
                            "not modelled)");
      return;
    }
    env.evaluate({static_cast<const vt::SymIntVariable&>(*v).expr(), symbolic::RelOp::kGe,
                  symbolic::Expr(0)});
  };
  bool method = op.rfind("Tensor.", 0) == 0;
  size_t sizeArgs = op == "torch.full" || op == "Tensor.new_full" ? 1 : args.size();
  for (size_t i = method ? 1 : 0; i < args.size() && i < (method ? 1 : 0) + sizeArgs; ++i) {
    auto r = tx.realize(args[i]);
    if (!r) return r.error();
    check(*r);
    if (auto* seq = dynamic_cast<const vt::SequenceVariable*>(r->get())) {
      for (const auto& item : seq->items()) {
        auto ri = tx.realize(item);
        if (!ri) return ri.error();
        check(*ri);
      }
    }
  }
  return {};
}

// Meta functions whose guards on symbolic sizes the core does not model: refused by name
// before the core computes with stand-ins.
Status refuseSymbolicMeta(const TracingContext& ctx, const std::string& metaOp,
                          const std::vector<fake::MetaArg>& margs, const fake::Kwargs& mkw) {
  // Pooling over a symbolic spatial dim: the output size is a FloorDiv of it whose guards
  // (`(s//2) != 1` ...) the core does not make (a dynamic batch or channel dim is fine).
  if (ctx.symbolBase != 0 && metaOp.find("pool") != std::string::npos && !margs.empty()) {
    const auto* t = margs[0].get<fake::TensorMeta>();
    size_t k = metaOp.find("3d") != std::string::npos   ? 3
               : metaOp.find("2d") != std::string::npos ? 2
                                                        : 1;
    if (t)
      for (size_t i = t->sizes.size() > k ? t->sizes.size() - k : 0; i < t->sizes.size(); ++i) {
        auto e = sizeExpr(ctx, t->sizes[i]);
        if (!e || !e->isConstant())
          return unsupported("dynamic shapes: " + metaOp +
                             " over a symbolic spatial dim (the FloorDiv output sizes and "
                             "their guards are not modelled)");
      }
  }
  // chunk / split / tensor_split / unbind divide a dim: along a symbolic dim their meta
  // functions compute sizes with FloorDiv and guard them (or make the number of outputs
  // symbolic), which is not modelled. (Along a static dim of a tensor with other,
  // symbolic dims, as transformers' attention does, they are.)
  static const std::unordered_set<std::string> kDividing = {"Tensor.chunk",
                                                            "torch.chunk",
                                                            "Tensor.split",
                                                            "torch.split",
                                                            "Tensor.tensor_split",
                                                            "torch.tensor_split",
                                                            "Tensor.unbind",
                                                            "torch.unbind",
                                                            "Tensor.split_with_sizes",
                                                            "torch.split_with_sizes",
                                                            "Tensor.unsafe_chunk",
                                                            "Tensor.unsafe_split"};
  if (ctx.symbolBase != 0 && kDividing.count(metaOp) && !margs.empty()) {
    // The dim divided: unbind(self, dim), the others (self, what, dim); default 0.
    const auto* t = margs[0].get<fake::TensorMeta>();
    size_t dimAt = metaOp.find("unbind") != std::string::npos ? 1 : 2;
    std::optional<int64_t> dim = int64_t{0};
    if (margs.size() > dimAt) {
      const auto* d = margs[dimAt].get<std::int64_t>();
      dim = d ? std::optional<int64_t>(*d) : std::nullopt;
    }
    for (const auto& [name, value] : mkw) {
      if (name != "dim") continue;
      const auto* d = value.get<std::int64_t>();
      dim = d ? std::optional<int64_t>(*d) : std::nullopt;
    }
    if (t && dim && *dim < 0) *dim += t->dim();
    bool symbolic = false;
    if (t && dim && *dim >= 0 && *dim < t->dim())
      symbolic = t->sizes[static_cast<size_t>(*dim)] >= ctx.symbolBase - 1000;
    else if (t)
      for (int64_t size : t->sizes) symbolic |= size >= ctx.symbolBase - 1000;
    if (symbolic)
      return unsupported("dynamic shapes: " + metaOp +
                         " along a symbolic dim (the FloorDiv sizes and guards its meta "
                         "function makes are not modelled)");
  }
  return {};
}

namespace {

// A SymInt argument is computed with its hint: the metadata fake tensors compute with
// each such argument at its hint, then at another value; if they differ, the result has
// symbolic sizes, which are not modelled. (A stand-in's size is not shifted: the two
// replays check it.) The arguments are copied only when there is such a SymInt.
Status checkSymIntArgs(const std::string& metaOp, const vt::Args& args, const vt::Kwargs& kwargs,
                       const std::vector<fake::MetaArg>& margs, const fake::Kwargs& mkw,
                       const fake::FakeContext& fctx, const fake::MetaValue& result) {
  auto shifted = [](const VtPtr& v) {
    return v->kind() == vt::VtKind::kSymInt && !static_cast<vt::SymIntVariable&>(*v).hasStandIn();
  };
  bool symIntArg =
      std::any_of(args.begin(), args.end(), shifted) ||
      std::any_of(kwargs.begin(), kwargs.end(), [&](const auto& kv) { return shifted(kv.second); });
  if (!symIntArg) return Status::success();
  std::vector<fake::MetaArg> otherArgs = margs;
  fake::Kwargs otherKw = mkw;
  auto shift = [&](const VtPtr& v, fake::MetaArg& m) {
    if (shifted(v)) m = fake::MetaArg(static_cast<vt::SymIntVariable&>(*v).hint() + 1000003);
  };
  for (size_t i = 0; i < args.size(); ++i) shift(args[i], otherArgs[i]);
  for (size_t i = 0; i < kwargs.size(); ++i) shift(kwargs[i].second, otherKw[i].second);
  auto other = fake::callOp(metaOp, otherArgs, otherKw, fctx);
  bool same = other && other->is<fake::TensorMeta>() && result.is<fake::TensorMeta>() &&
              vt::canonicalMeta(other->as<fake::TensorMeta>()) ==
                  vt::canonicalMeta(result.as<fake::TensorMeta>());
  if (!same)
    return unsupported("a dynamic int reaches the metadata of " + metaOp +
                       " (symbolic sizes from SymInts are not modelled)");
  return Status::success();
}

}  // namespace

namespace {

// Tensor methods whose fake result is their input itself when nothing changes (in-place
// ops, contiguous of a contiguous tensor, a conversion to what it already is).
bool mayReturnSelf(const std::string& op) {
  const std::string base = op.substr(op.rfind('.') + 1);
  if (base.size() > 1 && base.back() == '_' && base[base.size() - 2] != '_') return true;
  static const std::set<std::string> kNoOps = {"contiguous", "to",   "type",     "type_as", "float",
                                               "double",     "half", "bfloat16", "int",     "long",
                                               "short",      "char", "byte",     "bool",    "cpu"};
  return kNoOps.count(base) != 0;
}

// After a size specialisation: a result that is its argument returned unchanged keeps the
// argument's sizes as they were (symbols the example value still prints as such), where a
// new tensor has the fixed numbers. `result` becomes the argument's unspecialised meta.
bool keepArgumentSizes(const std::string& op, const std::vector<fake::MetaArg>& margs,
                       const std::vector<fake::MetaArg>& unspecialised, fake::MetaValue& result) {
  if (!mayReturnSelf(op) || !result.is<fake::TensorMeta>()) return false;
  const size_t i = static_cast<size_t>(result.aliasOf.value_or(0));
  if (i >= margs.size() || i >= unspecialised.size()) return false;
  const auto* now = margs[i].get<fake::TensorMeta>();
  const auto* before = unspecialised[i].get<fake::TensorMeta>();
  if (!now || !before || !(*now == result.as<fake::TensorMeta>()) || *now == *before) return false;
  result.value = *before;
  return true;
}

// A meta function's size check met a size symbol's stand-in and a plain size N
// (fake::SizeUnifier): Dynamo's check on the SymInt (torch._check(s == N) in
// infer_size, a shape check of mm or cat) evaluates Eq(s, N) under the hint, guards it
// and replaces the symbol by N, and the function goes on with N. For a backed symbol whose
// hint is N the core does the same (the caller gives the function the number and runs it
// again).
bool specialiseOnSizeClash(TracingContext& ctx) {
  if (!ctx.sizeClash) return false;
  const auto [symbol, size] = *ctx.sizeClash;
  auto& env = ctx.output.shapeEnv();
  const auto* info = env.symbol(symbol);
  if (!info || env.isUnbacked(symbol) || info->hint != size || size < 0 ||
      size >= ctx.symbolBase - 1000)
    return false;
  if (!env.evaluate({symbolic::Expr::symbol(symbol), symbolic::RelOp::kEq, symbolic::Expr(size)}))
    return false;
  return env.replace(symbolic::Expr::symbol(symbol)).isConstant();
}

// What happens before the meta function runs on the converted arguments: the refusals
// and guards of the shapes it will see (unbacked, symbolic, conv backend, derived and
// factory sizes), then autocast's casts of the arguments (FakeTensorMode runs the
// operator under the autocast dispatch key; the graph keeps the uncast call).
// `metaCall` may be rewritten (chunk along a symbolic dim: split by the stand-in lengths).
Status beforeMeta(InstructionTranslator& tx, std::string& metaCall, const vt::Args& args,
                  const vt::Kwargs& kwargs, std::vector<fake::MetaArg>& margs, fake::Kwargs& mkw) {
  const std::string metaOp = metaCall;
  if (Status s = unbackedOpGap(tx, metaOp, args, kwargs, margs); !s) return s;
  if (Status s = convBackendGuards(tx, metaOp, margs, mkw); !s) return s;
  if (Status s = selectIndexGuards(tx, metaOp, args, margs); !s) return s;
  if (Status s = narrowSizeGuards(tx, metaOp, args, kwargs, margs); !s) return s;
  if (Status s = derivedSizeGuards(tx, metaOp, margs); !s) return s;
  if (Status s = factorySizeGuards(tx, metaOp, args, kwargs); !s) return s;
  auto divided = divideSymbolicDim(tx, metaCall, margs, mkw);
  if (!divided) return divided.error();
  if (!*divided) {
    if (Status s = refuseSymbolicMeta(tx.context(), metaOp, margs, mkw); !s) return s;
  }
  if (tx.context().autocastCpuRegions.empty()) return Status::success();
  return vt::autocastCastPolicy(metaOp, tx.context().autocastCpuRegions.back(), margs, mkw);
}

}  // namespace

// The meta function failed: under capture_dynamic_output_shape_ops a data-dependent
// output gets an unbacked size (`result` becomes its meta, `unbackedSymbol` its symbol:
// nullopt returned); otherwise what tensorCall gives: Dynamo's graph break for a
// data-dependent output or value (utils.get_fake_value), or `unsupported`.
std::optional<Expected<VtPtr>> metaFailure(InstructionTranslator& tx, const std::string& metaOp,
                                           const std::vector<fake::MetaArg>& margs,
                                           const fake::Kwargs& mkw,
                                           Expected<fake::MetaValue>& result,
                                           std::string& unbackedSymbol) {
  if (!result && result.error().message().find("data-dependent output size") != std::string::npos &&
      tx.context().trace.configOf(tx.context().event).getCaptureDynamicOutputShapeOps()) {
    auto dd = dataDependentMeta(tx.context(), metaOp, margs, mkw, unbackedSymbol);
    if (!dd)
      return Expected<VtPtr>(unsupported("operator " + metaOp +
                                         " under config.capture_dynamic_output_shape_ops (its "
                                         "unbacked output size is not modelled)"));
    if (!*dd) return Expected<VtPtr>(dd->error());
    result = fake::MetaValue(std::move(**dd));
  }
  if (!result && result.error().message().find("data-dependent output size") != std::string::npos) {
    // FakeTensorMode raises DynamicOutputShapeException; with
    // capture_dynamic_output_shape_ops off Dynamo graph-breaks (utils.get_fake_value).
    return Expected<VtPtr>(
        graphBreak(tx, "Dynamic shape operator",
                   "Operator " + metaOp + "'s output shape depends on input Tensor data."));
  }
  if (const std::string marker = "(DataDependentOutputException): ";
      !result && result.error().message().find(marker) != std::string::npos) {
    // FakeTensorMode raises DataDependentOutputException for an op answering a value read
    // from the data; utils.get_fake_value graph-breaks. Under capture_scalar_outputs,
    // _local_scalar_dense gives an unbacked symbol instead (not modelled).
    const std::string& msg = result.error().message();
    std::string aten = msg.substr(msg.find(marker) + marker.size());
    if (aten.find("_local_scalar_dense") != std::string::npos &&
        tx.context().trace.configOf(tx.context().event).getCaptureScalarOutputs())
      return Expected<VtPtr>(
          unsupported("operator " + metaOp + " under capture_scalar_outputs (unbacked item)"));
    return Expected<VtPtr>(graphBreak(tx, "Data dependent operator",
                                      "Operator `" + aten +
                                          "` has a non-Tensor output whose value is dependent on "
                                          "the data of Tensor inputs."));
  }
  if (!result) {
    const std::string& msg = result.error().message();
    if (std::string gap = standInFailureGap(tx.context(), metaOp, margs, msg); !gap.empty())
      return Expected<VtPtr>(unsupported("dynamic shapes: " + gap));
    return Expected<VtPtr>(unsupported("fake tensor: " + msg));
  }
  return std::nullopt;
}

namespace {

// An in-place op (`<name>_`, its result aliasing argument 0) returns that argument's fake
// tensor itself: the node shares its example value. An in-place view op (unsqueeze_, t_,
// transpose_, as_strided_ ...: ATen's `inplace_view` tag) changes that one fake tensor's
// metadata, so every node sharing it shows the new metadata, and so do the ops on the
// argument's tracker from now on (TensorVariable::setLiveMeta; its size()/shape answers
// keep the metadata it was made with, as Dynamo's cached props do).
void shareInplaceFake(OutputGraph& out, const std::string& metaOp, const vt::Args& args,
                      const fake::MetaValue& result, NodeId node) {
  const std::string base = metaOp.substr(metaOp.rfind('.') + 1);
  const bool inplace = base.size() > 1 && base.back() == '_' && base[base.size() - 2] != '_';
  if (!inplace || result.aliasOf.value_or(-1) != 0 || args.empty() ||
      args[0]->kind() != vt::VtKind::kTensor)
    return;
  auto* self = static_cast<vt::TensorVariable*>(args[0].get());
  ProtoGraph& g = out.graph();
  const NodeId root =
      g.node(self->node()).sharesFakeOf >= 0 ? g.node(self->node()).sharesFakeOf : self->node();
  g.node(node).sharesFakeOf = root;
  const auto& meta = result.as<fake::TensorMeta>();
  const auto& before = self->meta();
  if (!vt::isInplaceViewMethod(base) ||
      (meta.sizes == before.sizes && meta.strides == before.strides &&
       meta.storageOffset == before.storageOffset))
    return;
  for (size_t i = 0; i < g.size(); ++i) {
    ProtoNode& n = g.node(static_cast<NodeId>(i));
    if (static_cast<NodeId>(i) == root || n.sharesFakeOf == root) n.meta = meta;
  }
  self->setLiveMeta(meta);
}

}  // namespace

namespace {

Status realizeArgs(InstructionTranslator& tx, vt::Args& args, vt::Kwargs& kwargs) {
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r.error();
    a = *r;
  }
  for (auto& [name, value] : kwargs) {
    auto r = tx.realize(value);
    if (!r) return r.error();
    value = *r;
  }
  return Status::success();
}

fake::FakeContext fakeContextOf(const TracingContext& ctx) {
  fake::FakeContext fctx;
  fctx.gradEnabled = ctx.gradEnabled;
  fctx.defaultDtype = ctx.defaultDtype;
  fctx.symbolBase = ctx.symbolBase;
  if (ctx.symbolBase != 0) fctx.maxElements = std::int64_t{1} << 62;
  return fctx;
}

// The meta function refused the stand-in sizes: what the shape env allows before that is
// the op's error. A size check against a plain size specialises the symbol and runs it
// again; a view's numel equation solved into a replacement too; a narrow / select whose
// checks relate two symbols is made from the stand-ins; a view / reshape is decided on
// the size expressions (`symbolicView`: its sizes and guards are made).
Status retryOnStandIns(InstructionTranslator& tx, const std::string& metaCall,
                       const std::string& metaOp, std::vector<fake::MetaArg>& margs,
                       fake::Kwargs& mkw, const fake::FakeContext& fctx,
                       const std::function<void()>& specialiseArgs,
                       Expected<fake::MetaValue>& result, bool& symbolicView) {
  for (int k = 0; !result && k < 8 && specialiseOnSizeClash(tx.context()); ++k) {
    specialiseArgs();
    tx.context().sizeClash.reset();
    result = fake::callOp(metaCall, margs, mkw, fctx);
    if (result) tx.context().unresolvedClash.clear();
  }
  if (!result && metaCall == metaOp &&
      specialiseOnViewNumel(tx.context(), metaOp, margs, result.error().message())) {
    specialiseArgs();
    result = fake::callOp(metaCall, margs, mkw, fctx);
  }
  if (!result && metaCall == metaOp && mkw.empty()) {
    if (auto view = viewOnStandIns(tx.context(), metaOp, margs, result.error().message()))
      result = std::move(*view);
  }
  if (!result && metaCall == metaOp && mkw.empty()) {
    // The stand-ins cannot satisfy the view's equations: decided on the expressions.
    if (auto reshaped = symbolicReshape(tx.context(), metaOp, margs)) {
      if (!*reshaped) return reshaped->error();
      result = std::move(**reshaped);
      symbolicView = true;
    }
  }
  return Status::success();
}

}  // namespace

Expected<VtPtr> tensorCall(InstructionTranslator& tx, bool method, const std::string& target,
                           const std::string& metaOp, vt::Args args, vt::Kwargs kwargs) {
  // Realised up front: a lazy value may turn out to be a SymInt.
  if (Status st = realizeArgs(tx, args, kwargs); !st) return st.error();
  std::vector<GraphArg> gargs;
  std::vector<fake::MetaArg> margs;
  for (const auto& a : args) {
    auto c = convert(tx, a, 0);
    if (!c) return c.error();
    gargs.push_back(std::move(c->graph));
    margs.push_back(std::move(c->meta));
  }
  std::vector<std::pair<std::string, GraphArg>> gkw;
  fake::Kwargs mkw;
  for (const auto& [name, value] : kwargs) {
    auto c = convert(tx, value, 0);
    if (!c) return c.error();
    gkw.emplace_back(name, std::move(c->graph));
    mkw.emplace_back(name, std::move(c->meta));
  }
  // create_proxy before get_fake_value: what the op's meta function specialises is still
  // symbolic when its tensors are lifted into a subgraph.
  tx.context().output.liftCallArgs(gargs, gkw);
  const fake::FakeContext fctx = fakeContextOf(tx.context());
  // After the shape env fixed a symbol to a constant, the fake kernels see the number.
  std::vector<fake::MetaArg> unspecialised;
  auto specialiseArgs = [&] {
    if (!hasConstantReplacement(tx.context())) return;
    if (unspecialised.empty()) unspecialised = margs;
    for (auto& m : margs) specialiseMetaArg(tx.context(), m);
    for (auto& kv : mkw) specialiseMetaArg(tx.context(), kv.second);
  };
  specialiseArgs();
  std::string metaCall = metaOp;
  if (Status s = beforeMeta(tx, metaCall, args, kwargs, margs, mkw); !s) return s.error();
  specialiseArgs();  // a guard of beforeMeta may have fixed a symbol (linspace's steps)
  if (!tx.context().batchedTensors.empty()) {
    auto batched = batchedArgs(tx.context(), gargs, gkw);
    if (!batched) return batched.error();
    if (std::any_of(batched->begin(), batched->end(), [](auto* b) { return b != nullptr; }))
      return batchedTensorCall(tx, method, target, metaOp, std::move(gargs), std::move(gkw), margs,
                               mkw, *batched, fctx);
  }
  tx.context().sizeClash.reset();
  auto result = fake::callOp(metaCall, margs, mkw, fctx);
  bool symbolicView = false;  // sizes and guards made by symbolicReshape
  if (!result) {
    if (Status st = retryOnStandIns(tx, metaCall, metaOp, margs, mkw, fctx, specialiseArgs, result,
                                    symbolicView);
        !st)
      return st.error();
  }
  const bool specialised = !unspecialised.empty();
  if (result && metaCall == metaOp) {
    if (Status s = checkSymIntArgs(metaOp, args, kwargs, margs, mkw, fctx, *result); !s)
      return s.error();
  }
  std::string unbackedSymbol;
  if (!result) {
    auto failed = metaFailure(tx, metaOp, margs, mkw, result, unbackedSymbol);
    if (failed) return std::move(*failed);
  }
  bool returnsArgument = false;
  if (specialised) {
    specialiseMetaValue(tx.context(), *result);
    returnsArgument = keepArgumentSizes(metaOp, margs, unspecialised, *result);
  }
  if (!symbolicView) {
    registerViewSizes(tx.context(), metaOp, margs, *result);
    registerCatSizes(tx.context(), metaOp, margs, mkw, *result);
    if (Status s = checkNewDerivedSizes(tx.context(), metaOp, margs, *result); !s) return s.error();
  }
  fastBinaryStrides(tx.context().symbolBase, metaOp, margs, mkw, *result);
  OutputGraph& out = tx.context().output;
  NodeId node = method ? out.callMethod(target, std::move(gargs), std::move(gkw))
                       : out.callFunction(target, std::move(gargs), std::move(gkw));
  if (!unbackedSymbol.empty())
    out.graph().node(node).unbackedBindings.emplace_back(unbackedSymbol, 0);
  out.graph().node(node).returnsArgument = returnsArgument;
  out.graph().node(node).metaSpecialised = true;
  if (result->is<fake::TensorMeta>()) {
    const auto& meta = result->as<fake::TensorMeta>();
    out.graph().node(node).meta = meta;
    shareInplaceFake(out, metaOp, args, *result, node);
    return VtPtr(std::make_shared<vt::TensorVariable>(node, meta));
  }
  if (result->is<fake::ValueSeq>()) {
    const auto& seq = result->as<fake::ValueSeq>();
    std::vector<VtPtr> items;
    std::vector<fake::TensorMeta> metas;
    bool anyNone = false;
    for (size_t i = 0; i < seq.items.size(); ++i) {
      // A None item (multi_head_attention_forward's weights with need_weights=False) is a
      // ConstantVariable, with no getitem node (wrap_fx_proxy_cls).
      if (seq.items[i].is<fake::NoneValue>()) {
        anyNone = true;
        continue;
      }
      // An int item (Tensor.dim_order's): a getitem node whose example value is the int
      // and a ConstantVariable of it (wrap_fx_proxy_cls on an int from operator.getitem).
      if (seq.items[i].is<int64_t>()) {
        anyNone = true;  // the example text is needed as for None items
        continue;
      }
      if (!seq.items[i].is<fake::TensorMeta>())
        return unsupported(metaOp + " returning a non-tensor sequence item");
      metas.push_back(seq.items[i].as<fake::TensorMeta>());
    }
    out.graph().node(node).metaTuple = metas;
    if (anyNone) out.graph().node(node).exampleText = seqExampleText(seq);
    for (size_t i = 0, t = 0; i < seq.items.size(); ++i) {
      if (seq.items[i].is<fake::NoneValue>()) {
        items.push_back(vt::ConstantVariable::make(vt::NoneValue{}));
        continue;
      }
      if (const auto* k = std::get_if<int64_t>(&seq.items[i].value)) {
        NodeId item = out.callFunction(
            "operator.getitem",
            {GraphArg::ofNode(node), GraphArg::ofConstant(static_cast<int64_t>(i))}, {});
        out.graph().node(item).exampleText = "int " + std::to_string(*k);
        items.push_back(vt::ConstantVariable::make(*k));
        continue;
      }
      NodeId item = out.callFunction(
          "operator.getitem",
          {GraphArg::ofNode(node), GraphArg::ofConstant(static_cast<int64_t>(i))}, {});
      out.graph().node(item).meta = metas[t];
      out.graph().node(item).metaSpecialised = true;
      items.push_back(std::make_shared<vt::TensorVariable>(item, metas[t]));
      ++t;
    }
    if (!seq.isTuple) return vt::makeList(std::move(items));
    VtPtr tuple = vt::makeTuple(std::move(items));
    // torch.return_types: the fields of the structseq these ops return.
    std::string base = target.substr(target.rfind('.') + 1);
    static const std::map<std::string, std::vector<std::string>> kFields = {
        {"max", {"values", "indices"}},      {"min", {"values", "indices"}},
        {"sort", {"values", "indices"}},     {"topk", {"values", "indices"}},
        {"kthvalue", {"values", "indices"}}, {"mode", {"values", "indices"}},
        {"median", {"values", "indices"}},   {"nanmedian", {"values", "indices"}},
        {"cummax", {"values", "indices"}},   {"cummin", {"values", "indices"}},
        {"aminmax", {"min", "max"}},         {"frexp", {"mantissa", "exponent"}},
        {"slogdet", {"sign", "logabsdet"}}};
    if (auto f = kFields.find(base); f != kFields.end() && f->second.size() == metas.size())
      static_cast<vt::SequenceVariable*>(tuple.get())->setFieldNames(f->second);
    return tuple;
  }
  return unsupported(metaOp + " returning a Python scalar (needs symbolic scalars)");
}

}  // namespace dynrr::tracer
