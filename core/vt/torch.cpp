// torch.cpp — see torch.h. TorchInGraphFunctionVariable.call_function: the handlers
// Dynamo registers for particular torch functions (_get_handlers: tracing-state
// functions, torch._assert, addcdiv's decomposition) and the constant folds of
// constant_fold_functions (promote_types, get_default_dtype) run first; everything else
// becomes a graph call (wrap_fx_proxy).
#include "core/vt/torch.h"

#include <unordered_map>

#include "core/bytecode/code_object.h"
#include "core/bytecode/instruction.h"
#include "core/fake/dtype.h"
#include "core/fake/promotion.h"
#include "core/tracer/instruction_translator.h"
#include "core/tracer/tensor_ops.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/constant.h"
#include "core/vt/functions.h"
#include "core/vt/functorch.h"
#include "core/vt/lists.h"
#include "core/vt/numpy_ndarray.h"
#include "core/vt/sym_node.h"
#include "core/vt/tensor.h"

namespace dynrr::vt {
namespace {

using Handler = Expected<VtPtr> (*)(Tx& tx, const std::string& qualname, Args& args,
                                    Kwargs& kwargs);

// "No handler result": fall through to the graph call, as a handler returning None does.
Error fallThrough() { return Error(""); }

// tracing_state_functions(): torch.compiler.is_compiling() and friends are constants
// while Dynamo traces (torch._C._get_tracing_state() is None: 2 below).
Expected<VtPtr> tracingState(Tx& tx, const std::string& qualname, Args& args, Kwargs& kwargs) {
  static const std::unordered_map<std::string, int> kValues = {
      {"torch.jit.is_scripting", 0},
      {"torch._C._get_tracing_state", 2},
      {"torch.jit._script.is_scripting", 0},
      {"torch._jit_internal.is_scripting", 0},
      {"torch.jit.is_tracing", 0},
      {"torch.jit._trace.is_tracing", 0},
      {"torch.fx._symbolic_trace.is_fx_tracing", 0},
      {"torch.fx._symbolic_trace.is_fx_symbolic_tracing", 0},
      {"torch.onnx.is_in_onnx_export", 0},
      {"torch.onnx._globals.is_in_onnx_export", 0},
      {"torch._dynamo.external_utils.is_compiling", 1},
      {"torch._utils.is_compiling", 1},
      {"torch.compiler.is_compiling", 1},
      {"torch.compiler.is_dynamo_compiling", 1},
      // TorchInGraphFunctionVariable: torch.compiler._is_exporting_flag, False outside
      // torch.export (whose compiles the core does not replay).
      {"torch.compiler.is_exporting", 0},
      {"torch._dynamo.eval_frame._is_in_optimized_module", 1},
      {"torch.nn.modules.activation._is_make_fx_tracing", 1},
  };
  if (!args.empty() || !kwargs.empty()) return fallThrough();
  int v = kValues.at(qualname);
  // TorchInGraphFunctionVariable.call_function: folding these marks the frame's side
  // effects inconsistent (a frame with no op is then compiled, not skipped).
  if (qualname.find("compiling") != std::string::npos ||
      qualname == "torch.compiler.is_exporting" ||
      qualname == "torch._dynamo.eval_frame._is_in_optimized_module")
    tx.context().inconsistentSideEffects = true;
  if (v == 2) return ConstantVariable::make(NoneValue{});
  return ConstantVariable::make(v != 0);
}

// handle_assert: a constant true condition is a no-op.
Expected<VtPtr> torchAssert(Tx&, const std::string&, Args& args, Kwargs& kwargs) {
  if (args.size() != 2 || !kwargs.empty()) return fallThrough();
  const ConstantVariable* c = asConstant(args[0]);
  if (c && constantTruth(c->value())) return ConstantVariable::make(NoneValue{});
  return unsupported("torch._assert of a condition that is not a true constant");
}

// handle_addcdiv: addcdiv(a, b, c, value=v) becomes div, mul and add.
Expected<VtPtr> addcdiv(Tx& tx, const std::string&, Args& args, Kwargs& kwargs) {
  if (args.size() != 3 || kwargs.size() != 1 || kwargs[0].first != "value") return fallThrough();
  auto div = tracer::tensorCall(tx, false, "torch.div", "torch.div", {args[1], args[2]}, {});
  if (!div) return div;
  auto mul = tracer::tensorCall(tx, false, "torch.mul", "torch.mul", {*div, kwargs[0].second}, {});
  if (!mul) return mul;
  return tracer::tensorCall(tx, false, "torch.add", "torch.add", {args[0], *mul}, {});
}

const fake::DType* dtypeOf(const VtPtr& v, fake::DType& storage) {
  const ConstantVariable* c = asConstant(v);
  const auto* t = c ? std::get_if<TorchConstant>(&c->value()) : nullptr;
  if (!t || t->kind != TorchConstant::Kind::kDtype) return nullptr;
  auto d = fake::parseDType(t->name);
  if (!d) return nullptr;
  storage = *d;
  return &storage;
}

VtPtr dtypeConstant(fake::DType d) {
  return ConstantVariable::make(
      TorchConstant{TorchConstant::Kind::kDtype, std::string(fake::dtypeName(d))});
}

// constant_fold_functions: promote_types and get_default_dtype of constants.
Expected<VtPtr> promoteTypes(Tx&, const std::string&, Args& args, Kwargs& kwargs) {
  fake::DType a, b;
  if (args.size() != 2 || !kwargs.empty() || !dtypeOf(args[0], a) || !dtypeOf(args[1], b))
    return unsupported("torch.promote_types of values that are not dtypes");
  return dtypeConstant(fake::promoteTypes(a, b));
}

Expected<VtPtr> getDefaultDtype(Tx& tx, const std::string&, Args& args, Kwargs& kwargs) {
  if (!args.empty() || !kwargs.empty()) return fallThrough();
  return dtypeConstant(tx.context().defaultDtype);
}

// torch.is_floating_point(t) / torch.is_complex(t) (constant_fold_functions; the
// tensor's dtype is static).
Expected<VtPtr> dtypeQuery(Tx&, const std::string& qualname, Args& args, Kwargs& kwargs) {
  VtPtr input = args.size() == 1 && kwargs.empty() ? args[0] : nullptr;
  if (args.empty() && kwargs.size() == 1 && kwargs[0].first == "input") input = kwargs[0].second;
  if (!input || input->kind() != VtKind::kTensor) return fallThrough();
  fake::DType d = static_cast<const TensorVariable&>(*input).meta().dtype;
  return ConstantVariable::make(qualname == "torch.is_complex" ? fake::isComplex(d)
                                                               : fake::isFloating(d));
}

// torch._C._is_any_autocast_enabled() folds to the recorded global state (autocast is
// only entered through a context manager, which the core does not model).
Expected<VtPtr> anyAutocast(Tx& tx, const std::string&, Args& args, Kwargs& kwargs) {
  if (!args.empty() || !kwargs.empty()) return fallThrough();
  return ConstantVariable::make(tx.context().anyAutocastEnabled);
}

// handle_is_grad_enabled: the grad mode at this point of the trace (the GRAD_MODE guard
// it installs is one of every frame's ambient guards).
Expected<VtPtr> gradEnabled(Tx& tx, const std::string&, Args& args, Kwargs& kwargs) {
  if (!args.empty() || !kwargs.empty()) return fallThrough();
  return ConstantVariable::make(tx.context().gradEnabled);
}

// torch.is_autocast_enabled([device_type]) and torch.is_autocast_cpu_enabled()
// (constant_fold_functions, no guard) fold to the recorded global state: no argument
// asks about CUDA, as the C++ binding does. Inside an autocast region Dynamo would see
// the region's state, but the core refuses autocast regions (AutocastModeVariable).
Expected<VtPtr> autocastEnabled(Tx& tx, const std::string& qualname, Args& args, Kwargs& kwargs) {
  if (!kwargs.empty() || args.size() > 1) return fallThrough();
  if (qualname == "torch.is_autocast_cpu_enabled") {
    if (!args.empty()) return fallThrough();
    return ConstantVariable::make(tx.context().autocastCpuEnabled);
  }
  if (args.empty()) return ConstantVariable::make(tx.context().autocastGpuEnabled);
  const ConstantVariable* c = asConstant(args[0]);
  const std::string* device = c ? c->asStr() : nullptr;
  if (!device) return fallThrough();
  if (*device == "cpu") return ConstantVariable::make(tx.context().autocastCpuEnabled);
  if (*device == "cuda") return ConstantVariable::make(tx.context().autocastGpuEnabled);
  return fallThrough();
}

// torch.get_autocast_gpu_dtype() (constant_fold_functions, no guard) folds to the
// recorded global state's autocast GPU dtype.
Expected<VtPtr> autocastGpuDtype(Tx& tx, const std::string&, Args& args, Kwargs& kwargs) {
  if (!args.empty() || !kwargs.empty()) return fallThrough();
  std::string name = tx.context().event.getFrame().getGlobalState().getAutocastGpuDtype().cStr();
  auto d = fake::parseDType(name);
  if (!d) return unsupported("torch.get_autocast_gpu_dtype() (dtype '" + name + "' not recorded)");
  return dtypeConstant(*d);
}

// The recorded result (a Python repr) of an argument-less function whose value depends on
// the build or the process (GlobalState.constantFolds).
Expected<std::string> recordedResult(Tx& tx, const std::string& qualname) {
  auto folds = tx.context().event.getFrame().getGlobalState().getConstantFolds();
  if (folds.size() == 0)
    return unsupported(qualname + "() (this trace does not record its result: re-record)");
  for (auto kv : folds)
    if (std::string_view(kv.getKey().cStr()) == qualname) return std::string(kv.getValue().cStr());
  return unsupported(qualname + "() (its call raised when recorded)");
}

Expected<bool> recordedBool(Tx& tx, const std::string& qualname) {
  auto r = recordedResult(tx, qualname);
  if (!r) return r.error();
  if (*r != "True" && *r != "False")
    return unsupported(qualname + "() recorded as " + *r + ", not a bool");
  return *r == "True";
}

// constant_fold_functions without guards: torch.distributed.is_available(),
// torch.distributed.is_initialized() (a fold only where distributed is available: the list
// is extended at import), torch._C._get_privateuse1_backend_name(), the cuBLAS TF32 flag.
Expected<VtPtr> recordedFold(Tx& tx, const std::string& qualname, Args& args, Kwargs& kwargs) {
  if (!args.empty() || !kwargs.empty()) return fallThrough();
  if (qualname == "torch._C._get_privateuse1_backend_name") {
    auto r = recordedResult(tx, qualname);
    if (!r) return r.error();
    if (r->size() < 2 || r->front() != '\'' || r->back() != '\'' ||
        r->find_first_of("\\\"", 1) != std::string::npos)
      return unsupported(qualname + "() recorded as " + *r);
    return ConstantVariable::make(r->substr(1, r->size() - 2));
  }
  std::string key = qualname == "torch.distributed.distributed_c10d.is_initialized"
                        ? "torch.distributed.is_initialized"
                        : qualname;
  if (key == "torch.distributed.is_initialized") {
    auto available = recordedBool(tx, "torch.distributed.is_available");
    if (!available) return available.error();
    if (!*available)
      return unsupported(qualname + "() without torch.distributed (not a constant fold)");
  }
  auto b = recordedBool(tx, key);
  if (!b) return b.error();
  return ConstantVariable::make(*b);
}

// torch._C._are_functorch_transforms_active(): no fold, a graph call whose bool example
// value wrap_fx_proxy_cls turns into a constant (the node stays in the graph).
Expected<VtPtr> functorchActive(Tx& tx, const std::string& qualname, Args& args, Kwargs& kwargs) {
  if (!args.empty() || !kwargs.empty()) return fallThrough();
  auto b = recordedBool(tx, qualname);
  if (!b) return b.error();
  auto& out = tx.context().output;
  NodeId n = out.callFunction(qualname, {}, {});
  out.graph().node(n).exampleText = *b ? "bool True" : "bool False";
  return ConstantVariable::make(*b);
}

// handle_from_numpy: torch.as_tensor of the ndarray's node.
Expected<VtPtr> fromNumpy(Tx& tx, const std::string&, Args& args, Kwargs& kwargs) {
  return torchFromNumpy(tx, args, kwargs);
}

// handle_tensor: torch.tensor(data) whose data is not a tensor but holds a symbolic
// value or a tensor (in lists and tuples) is traced as torch._refs.tensor ("slower and
// less canonical"); any other call is the generic in-graph call.
bool holdsUnspec(const VtPtr& v, int depth = 0) {
  if (depth > 16) return false;
  switch (v->kind()) {
    case VtKind::kTensor:
    case VtKind::kNdarray:
    case VtKind::kSymInt: return true;
    case VtKind::kList:
    case VtKind::kTuple:
      for (const auto& item : asSequence(v)->items())
        if (holdsUnspec(item, depth + 1)) return true;
      return false;
    default: return false;
  }
}

Expected<VtPtr> tensorFactory(Tx& tx, const std::string&, Args& args, Kwargs& kwargs) {
  VtPtr data = args.empty() ? nullptr : args[0];
  for (auto& [k, v] : kwargs)
    if (k == "data" && !data) data = v;
  if (!data || data->kind() == VtKind::kTensor || data->kind() == VtKind::kNdarray)
    return Error("");  // the generic call
  auto r = tx.realize(data);
  if (!r) return r;
  if (!holdsUnspec(*r)) return Error("");
  return tracer::tensorCall(tx, false, "torch._refs.tensor", "torch._refs.tensor", args, kwargs);
}

// torch.as_tensor(ndarray): a torch.as_tensor node over the ndarray's node, whose example
// value is the array's tensor; any other call is the generic in-graph call.
Expected<VtPtr> asTensor(Tx& tx, const std::string&, Args& args, Kwargs& kwargs) {
  if (args.size() != 1 || !kwargs.empty() || args[0]->kind() != VtKind::kNdarray)
    return Error("");  // not this handler's case
  return torchFromNumpy(tx, args, kwargs);
}

// torch.autograd._is_checkpoint_valid() folds to True outside a backward pass, which is
// where Dynamo traces.
Expected<VtPtr> checkpointValid(Tx&, const std::string&, Args& args, Kwargs& kwargs) {
  if (!args.empty() || !kwargs.empty()) return fallThrough();
  return ConstantVariable::make(true);
}

// torch._C._has_torch_function / _variadic / _unary (handle_has_torch_function): whether
// any argument (the items of a single tuple argument) has a __torch_function__ other
// than the disabled one. A plain tensor and a constant do not.
Expected<VtPtr> hasTorchFunction(Tx& tx, const std::string& qualname, Args& args, Kwargs& kwargs) {
  if (!kwargs.empty()) return fallThrough();
  std::vector<VtPtr> elems = args;
  if (args.size() == 1 && args[0]->kind() == VtKind::kTuple)
    elems = static_cast<const SequenceVariable&>(*args[0]).items();
  for (const auto& e : elems) {
    auto r = tx.realize(e);
    if (!r) return r;
    VtKind k = (*r)->kind();
    if (k == VtKind::kConstant || k == VtKind::kDtype) continue;
    if (k == VtKind::kTensor && (*r)->pythonTypeName() == "Tensor") continue;
    return unsupported(qualname + " of a " + (*r)->pythonTypeName() +
                       " (its __torch_function__ is not modelled)");
  }
  return ConstantVariable::make(false);
}

// torch.are_deterministic_algorithms_enabled(): the recorded global state, guarded by
// DETERMINISTIC_ALGORITHMS (one of the ambient guards already).
Expected<VtPtr> deterministicEnabled(Tx& tx, const std::string&, Args& args, Kwargs& kwargs) {
  if (!args.empty() || !kwargs.empty()) return fallThrough();
  tx.context().output.addGuard(guards::GuardKind::DETERMINISTIC_ALGORITHMS, "");
  return ConstantVariable::make(static_cast<bool>(
      tx.context().event.getFrame().getGlobalState().getDeterministicAlgorithms()));
}

// torch._check(cond) of a SymBool comparing an unbacked symbol with an int: no guard; the
// symbol's range narrows (the deferred runtime assert's _constrain_range refinement) and
// the comparison is asserted at run time (OutputGraph::deferCheck).
Expected<VtPtr> checkUnbacked(Tx& tx, const SymIntVariable& cond) {
  const auto& rel = cond.relation();
  if (!rel || rel->op == symbolic::RelOp::kEq || rel->op == symbolic::RelOp::kNe)
    return unsupported(
        "torch._check of an unbacked SymBool other than a bare symbol compared with an int by "
        "<, <=, > or >= (its deferred runtime assert is not modelled)");
  auto& out = tx.context().output;
  auto& env = out.shapeEnv();
  const std::string sym = *rel->lhs.asSymbol();
  const int64_t c = rel->rhs.constant();
  switch (rel->op) {
    case symbolic::RelOp::kGe: env.constrainRange(sym, c, std::nullopt); break;
    case symbolic::RelOp::kGt: env.constrainRange(sym, c + 1, std::nullopt); break;
    case symbolic::RelOp::kLe: env.constrainRange(sym, std::nullopt, c); break;
    case symbolic::RelOp::kLt: env.constrainRange(sym, std::nullopt, c - 1); break;
    default: break;
  }
  out.deferCheck(cond.node(), out.graph().node(cond.node()).symExpr, sym,
                 rel->op == symbolic::RelOp::kGt ? std::optional<int64_t>(c) : std::nullopt);
  return ConstantVariable::make(NoneValue{});
}

// check_impl's message: Dynamo takes only a function made in the frame
// (NestedUserFunctionVariable, else a graph break), registers it as the graph attribute
// _check_message, and the runtime-assert pass calls it for the assert's text. The core
// evaluates a function whose code returns one constant str (`lambda: "msg"`); any other
// is refused by name.
Expected<std::string> checkMessage(Tx& tx, const VtPtr& message) {
  const auto* fn = dynamic_cast<const NestedFunctionVariable*>(message.get());
  if (!fn)
    return unsupported("torch._check with a message that is a " + message->pythonTypeName() +
                       " not made in the frame (Dynamo's graph break there is not modelled)");
  auto code = bytecode::codeFromTrace(tx.context().trace, fn->code());
  if (!code) return code.error();
  auto insts = bytecode::decodeInstructions(*code);
  if (!insts) return insts.error();
  std::vector<const bytecode::Instruction*> body;
  for (const auto& i : *insts)
    if (i.opname != "RESUME" && i.opname != "NOP") body.push_back(&i);
  if (body.size() == 2 && body[0]->opname == "LOAD_CONST" && body[1]->opname == "RETURN_VALUE") {
    auto c = tracer::VariableBuilder::constantFromHeap(tx.context(), body[0]->constRef);
    if (!c) return c.error();
    if (const auto* k = dynamic_cast<const ConstantVariable*>(c->get()))
      if (const auto* s = std::get_if<std::string>(&k->value())) return *s;
  }
  return unsupported(
      "torch._check with a message function other than one returning a "
      "constant str (its eager call in the runtime-assert pass is not modelled)");
}

// torch._check(cond) (TorchInGraphFunctionVariable's check_impl): a Python constant
// predicate folds (True: None); a SymBool is a graph call kept by the runtime-assert pass
// as aten._assert_scalar(cond, "Runtime assertion failed for expression <expr> on node
// '<cond>'"), its guard made by the comparison (expect_true). The core evaluates a
// comparison of backed SymInts at once, so the SymBool is the node that comparison made
// (TracingContext.comparisonNodes).
Expected<VtPtr> torchCheck(Tx& tx, const std::string&, Args& args, Kwargs& kwargs) {
  if (args.empty() || args.size() > 2 || !kwargs.empty())
    return unsupported("torch._check with keyword arguments or more than two (not modelled)");
  std::optional<std::string> message;
  if (args.size() == 2) {
    auto m = checkMessage(tx, args[1]);
    if (!m) return m.error();
    message = std::move(*m);
  }
  const VtPtr& pred = args[0];
  auto& ctx = tx.context();
  if (auto it = ctx.comparisonNodes.find(pred.get());
      it != ctx.comparisonNodes.end() && it->second.value.lock() == pred && !it->second.reflected) {
    if (it->second.decided)
      return unsupported(
          "torch._check of a relation sympy folds when it is built (the constant SymBool "
          "Dynamo checks is not modelled)");
    if (!static_cast<const ConstantVariable&>(*pred).asInt().value_or(0))
      return unsupported("torch._check of a false relation (its RuntimeError)");
    auto& out = ctx.output;
    NodeId cond = it->second.node;
    std::string text = out.graph().node(cond).symExpr;
    out.callFunction(
        "torch.ops.aten._assert_scalar.default",
        {tracer::GraphArg::ofNode(cond),
         tracer::GraphArg::ofConstant(message ? *message
                                              : "Runtime assertion failed for expression " + text +
                                                    " on node '" + out.nodeName(cond) + "'")},
        {});
    return ConstantVariable::make(NoneValue{});
  }
  if (pred->kind() == VtKind::kSymInt && static_cast<const SymIntVariable&>(*pred).isBool()) {
    if (message)
      return unsupported(
          "torch._check of an unbacked SymBool with a message (its deferred "
          "runtime assert's text is not modelled)");
    return checkUnbacked(tx, static_cast<const SymIntVariable&>(*pred));
  }
  if (pred->kind() == VtKind::kConstant) {
    // The message function is registered as a graph attribute first; unused, it is not
    // in the graph Dynamo prints.
    if (constantTruth(static_cast<const ConstantVariable&>(*pred).value()))
      return ConstantVariable::make(NoneValue{});
    return unsupported("torch._check(False) (its RuntimeError)");
  }
  return unsupported("torch._check of a " + pred->pythonTypeName() +
                     " (a tensor's TypeError or an unbacked SymBool's deferred assert is not "
                     "modelled)");
}

// torch._check_is_size(i): a graph call (TorchInGraphFunctionVariable's fallback into the
// graph; FX keeps it for its side effect), whose fake run checks `i >= 0`: a shape guard
// for a backed int the ranges leave open (`0 <= L['n']`), for an unbacked symbol a range
// refined to [0, inf] (asserted at run time where the symbol is bound), nothing for an
// int or a size symbol.
Expected<VtPtr> checkIsSize(Tx& tx, const std::string&, Args& args, Kwargs& kwargs) {
  if (args.size() != 1 || !kwargs.empty())
    return unsupported("torch._check_is_size with a message or max= (not modelled)");
  auto& out = tx.context().output;
  auto& env = out.shapeEnv();
  tracer::GraphArg arg;
  if (auto c = constantInt(args[0]);
      c && !std::holds_alternative<bool>(asConstant(args[0])->value())) {
    if (*c < 0) return unsupported("torch._check_is_size of a negative int (its RuntimeError)");
    arg = tracer::GraphArg::ofConstant(*c);
  } else if (args[0]->kind() == VtKind::kSymInt) {
    const auto& si = static_cast<const SymIntVariable&>(*args[0]);
    if (si.isBool() || si.isFloat())
      return unsupported("torch._check_is_size of a SymFloat or SymBool");
    const symbolic::Expr e = env.replace(si.expr());
    if (env.hasUnbacked(e)) {
      auto sym = e.asSymbol();
      if (!sym)
        return unsupported("torch._check_is_size of an expression over unbacked symbols (" +
                           e.str() + "; its deferred runtime assert is not modelled)");
      env.constrainRange(*sym, 0, std::nullopt);
    } else {
      env.evaluate({e, symbolic::RelOp::kGe, symbolic::Expr(0)});
    }
    arg = tracer::GraphArg::ofNode(si.node());
  } else {
    return unsupported("torch._check_is_size of a " + args[0]->pythonTypeName());
  }
  out.callFunction("torch._check_is_size", {std::move(arg)}, {});
  return ConstantVariable::make(NoneValue{});
}

// torch.jit.annotate(the_type, the_value): the value (TorchInGraphFunctionVariable's
// handle_jit_annotate).
Expected<VtPtr> jitAnnotate(Tx&, const std::string&, Args& args, Kwargs& kwargs) {
  if (args.size() != 2 || !kwargs.empty()) return fallThrough();
  return args[1];
}

// torch.nn.modules.utils._single / _pair / _triple / _quadruple (the `parse` closures
// of _ntuple): TorchInGraphFunctionVariable._call_ntuple. An iterable argument (a tuple,
// list, torch.Size or str) unpacks into a tuple; another constant is repeated `count`
// times, as parse does. Anything else is Dynamo's "unsupported argument type" break,
// which the core does not reproduce: refused by name.
Expected<VtPtr> ntupleParse(Tx& tx, const std::string& qualname, Args& args, Kwargs& kwargs) {
  static const std::unordered_map<std::string, int> kCounts = {
      {"torch.nn.modules.utils._single", 1},
      {"torch.nn.modules.utils._pair", 2},
      {"torch.nn.modules.utils._triple", 3},
      {"torch.nn.modules.utils._quadruple", 4}};
  if (args.size() != 1 || !kwargs.empty())
    return unsupported(qualname + " with other than one positional argument");
  const VtPtr& value = args[0];
  VtKind k = value->kind();
  bool iterable = k == VtKind::kTuple || k == VtKind::kList || k == VtKind::kSize;
  if (k == VtKind::kConstant) {
    const auto& c = static_cast<const ConstantVariable&>(*value).value();
    iterable = std::holds_alternative<std::string>(c);
    bool scalar = std::holds_alternative<int64_t>(c) || std::holds_alternative<double>(c) ||
                  std::holds_alternative<bool>(c) || std::holds_alternative<NoneValue>(c);
    if (!iterable && !scalar) return unsupported(qualname + " of a " + value->pythonTypeName());
  } else if (!iterable) {
    return unsupported(qualname + " of a " + value->pythonTypeName() +
                       " (the unpacking or break Dynamo makes is not modelled)");
  }
  if (iterable) {
    auto items = value->unpackVarSequence(tx);
    if (!items) return items.error();
    return makeTuple(std::move(*items));
  }
  std::vector<VtPtr> items(static_cast<size_t>(kCounts.at(qualname)), value);
  return makeTuple(std::move(items));
}

const std::unordered_map<std::string, Handler>& handlers() {
  static const std::unordered_map<std::string, Handler> kTable = [] {
    std::unordered_map<std::string, Handler> t = {
        {"torch._assert", &torchAssert},
        {"torch.addcdiv", &addcdiv},
        {"torch.promote_types", &promoteTypes},
        {"torch.get_default_dtype", &getDefaultDtype},
        {"torch.is_floating_point", &dtypeQuery},
        {"torch.is_complex", &dtypeQuery},
        {"torch._C._is_any_autocast_enabled", &anyAutocast},
        {"torch.is_autocast_enabled", &autocastEnabled},
        {"torch.is_grad_enabled", &gradEnabled},
        {"torch.is_autocast_cpu_enabled", &autocastEnabled},
        {"torch.get_autocast_gpu_dtype", &autocastGpuDtype},
        {"torch.from_numpy", &fromNumpy},
        {"torch.as_tensor", &asTensor},
        {"torch.tensor", &tensorFactory},
        {"torch.distributed.is_available", &recordedFold},
        {"torch.distributed.is_initialized", &recordedFold},
        {"torch.distributed.distributed_c10d.is_initialized", &recordedFold},
        {"torch._C._get_privateuse1_backend_name", &recordedFold},
        {"torch._C._get_cublas_allow_tf32", &recordedFold},
        {"torch._C._are_functorch_transforms_active", &functorchActive},
        {"torch.autograd._is_checkpoint_valid", &checkpointValid},
        {"torch.are_deterministic_algorithms_enabled", &deterministicEnabled},
        {"torch._C._has_torch_function", &hasTorchFunction},
        {"torch._C._has_torch_function_unary", &hasTorchFunction},
        {"torch._C._has_torch_function_variadic", &hasTorchFunction},
        {"torch.overrides.has_torch_function", &hasTorchFunction},
        {"torch.overrides.has_torch_function_unary", &hasTorchFunction},
        {"torch.overrides.has_torch_function_variadic", &hasTorchFunction},
        {"torch.jit.annotate", &jitAnnotate},
        {"torch._check", &torchCheck},
        {"torch._check_is_size", &checkIsSize},
        {"torch.nn.modules.utils._single", &ntupleParse},
        {"torch.nn.modules.utils._pair", &ntupleParse},
        {"torch.nn.modules.utils._triple", &ntupleParse},
        {"torch.nn.modules.utils._quadruple", &ntupleParse},
    };
    for (const char* name :
         {"torch.jit.is_scripting", "torch._C._get_tracing_state", "torch.jit._script.is_scripting",
          "torch._jit_internal.is_scripting", "torch.jit.is_tracing", "torch.jit._trace.is_tracing",
          "torch.fx._symbolic_trace.is_fx_tracing",
          "torch.fx._symbolic_trace.is_fx_symbolic_tracing", "torch.onnx.is_in_onnx_export",
          "torch.onnx._globals.is_in_onnx_export", "torch._dynamo.external_utils.is_compiling",
          "torch._utils.is_compiling", "torch.compiler.is_compiling",
          "torch.compiler.is_dynamo_compiling", "torch.compiler.is_exporting",
          "torch._dynamo.eval_frame._is_in_optimized_module",
          "torch.nn.modules.activation._is_make_fx_tracing"})
      t.emplace(name, &tracingState);
    return t;
  }();
  return kTable;
}

}  // namespace

Expected<VtPtr> TorchFunctionVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (qualname_.rfind("torch._functorch.", 0) == 0 ||
      qualname_.rfind("torch._C._functorch.", 0) == 0) {
    for (auto& a : args) {
      auto r = tx.realize(a);
      if (!r) return r;
      a = *r;
    }
    auto r = functorchInGraphCall(tx, qualname_, args, kwargs);
    if (r || !r.error().message().empty()) return r;
  }
  if (auto h = handlers().find(qualname_); h != handlers().end()) {
    for (auto& a : args) {
      auto r = tx.realize(a);
      if (!r) return r;
      a = *r;
    }
    auto r = h->second(tx, qualname_, args, kwargs);
    if (r || !r.error().message().empty()) return r;
  }
  return tracer::tensorCall(tx, false, qualname_, qualname_, std::move(args), std::move(kwargs));
}

namespace {
struct FloatInfo {
  const char* dtype;
  int64_t bits;
  double eps, max, tiny, resolution;
  const char* dtypeAttr;  // finfo(...).dtype is a str
};
// torch.finfo of the floating dtypes (values as torch 2.13 reports them; complex dtypes
// report their real counterpart).
const FloatInfo kFloatInfo[] = {
    {"torch.float32", 32, 1.1920928955078125e-07, 3.4028234663852886e+38, 1.1754943508222875e-38,
     1e-06, "float32"},
    {"torch.float64", 64, 2.220446049250313e-16, 1.7976931348623157e+308, 2.2250738585072014e-308,
     1e-15, "float64"},
    {"torch.float16", 16, 0.0009765625, 65504.0, 6.103515625e-05, 0.001, "float16"},
    {"torch.bfloat16", 16, 0.0078125, 3.3895313892515355e+38, 1.1754943508222875e-38, 0.01,
     "bfloat16"},
    {"torch.complex64", 32, 1.1920928955078125e-07, 3.4028234663852886e+38, 1.1754943508222875e-38,
     1e-06, "float32"},
    {"torch.complex128", 64, 2.220446049250313e-16, 1.7976931348623157e+308,
     2.2250738585072014e-308, 1e-15, "float64"},
};
struct IntInfo {
  const char* dtype;
  int64_t bits, min, max;
  const char* dtypeAttr;
};
const IntInfo kIntInfo[] = {
    {"torch.int8", 8, -128, 127, "int8"},
    {"torch.int16", 16, -32768, 32767, "int16"},
    {"torch.int32", 32, -2147483648LL, 2147483647LL, "int32"},
    {"torch.int64", 64, INT64_MIN, INT64_MAX, "int64"},
    {"torch.uint8", 8, 0, 255, "uint8"},
};
}  // namespace

Expected<VtPtr> DtypeInfoVariable::varGetattr(Tx& tx, const std::string& name) {
  if (isFloat_) {
    for (const auto& f : kFloatInfo) {
      if (dtype_ != f.dtype) continue;
      if (name == "bits") return ConstantVariable::make(f.bits);
      if (name == "eps") return ConstantVariable::make(f.eps);
      if (name == "max") return ConstantVariable::make(f.max);
      if (name == "min") return ConstantVariable::make(-f.max);
      if (name == "tiny" || name == "smallest_normal") return ConstantVariable::make(f.tiny);
      if (name == "resolution") return ConstantVariable::make(f.resolution);
      if (name == "dtype") return ConstantVariable::make(std::string(f.dtypeAttr));
    }
  } else {
    for (const auto& i : kIntInfo) {
      if (dtype_ != i.dtype) continue;
      if (name == "bits") return ConstantVariable::make(i.bits);
      if (name == "min") return ConstantVariable::make(i.min);
      if (name == "max") return ConstantVariable::make(i.max);
      if (name == "dtype") return ConstantVariable::make(std::string(i.dtypeAttr));
    }
  }
  return VariableTracker::varGetattr(tx, name);
}

Expected<VtPtr> makeDtypeInfo(Tx& tx, bool isFloat, const Args& args) {
  std::string dtype;
  if (args.empty() && isFloat) {
    dtype = std::string(fake::dtypeName(tx.context().defaultDtype));
  } else if (args.size() == 1) {
    const ConstantVariable* c = asConstant(args[0]);
    const auto* t = c ? std::get_if<TorchConstant>(&c->value()) : nullptr;
    if (!t || t->kind != TorchConstant::Kind::kDtype)
      return unsupported(std::string(isFloat ? "torch.finfo" : "torch.iinfo") + " of a " +
                         args[0]->pythonTypeName());
    auto d = fake::parseDType(t->name);
    if (!d) return unsupported("torch.finfo of " + t->name);
    dtype = std::string(fake::dtypeName(*d));
  } else {
    return unsupported("torch.finfo/iinfo arity");
  }
  bool known = false;
  if (isFloat) {
    for (const auto& f : kFloatInfo) known = known || dtype == f.dtype;
  } else {
    for (const auto& i : kIntInfo) known = known || dtype == i.dtype;
  }
  if (!known)
    return unsupported(std::string(isFloat ? "torch.finfo" : "torch.iinfo") + "(" + dtype +
                       ") (TypeError path, or a dtype not tabulated)");
  return VtPtr(std::make_shared<DtypeInfoVariable>(isFloat, dtype));
}

}  // namespace dynrr::vt
