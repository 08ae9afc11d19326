// instruction_translator.cpp — the run loop and opcode dispatch of the translator
// (symbolic_convert.py InstructionTranslatorBase.run / step / dispatch_table), and
// inlining (InliningInstructionTranslator.inline_call_).
#include "core/tracer/instruction_translator.h"

#include <array>
#include <string_view>
#include <unordered_set>

#include "core/bytecode/opcode_table.h"
#include "core/support/assert.h"
#include "core/tracer/ops.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/constant.h"
#include "core/vt/functions.h"
#include "core/vt/tensor.h"

namespace dynrr::tracer {
namespace {

using Handler = Status (Ops::*)();

// Bounds the work of one replay: a recorded frame that loops forever symbolically
// (it cannot, for the constant-length loops we model) still ends with an error.
constexpr size_t kMaxInlineDepth = 64;

// The dispatch table (symbolic_convert.py's dispatch_table): one handler per opcode
// name, resolved to opcode numbers once. MAKE_CELL and COPY_FREE_VARS are prefix
// instructions: the cells are set up when a frame is entered.
const std::array<Handler, 256>& dispatchTable() {
  static const std::array<Handler, 256> kTable = [] {
    static const std::pair<const char*, Handler> kByName[] = {
        {"NOP", &Ops::nop},
        {"RESUME", &Ops::nop},
        {"PRECALL", &Ops::nop},
        {"EXTENDED_ARG", &Ops::nop},
        {"CACHE", &Ops::nop},
        {"MAKE_CELL", &Ops::nop},
        {"COPY_FREE_VARS", &Ops::nop},
        {"LOAD_FAST", &Ops::loadFast},
        {"STORE_FAST", &Ops::storeFast},
        {"DELETE_FAST", &Ops::deleteFast},
        {"LOAD_CONST", &Ops::loadConst},
        {"LOAD_GLOBAL", &Ops::loadGlobal},
        {"LOAD_ATTR", &Ops::loadAttr},
        {"LOAD_METHOD", &Ops::loadMethod},
        {"STORE_ATTR", &Ops::storeAttr},
        {"DELETE_ATTR", &Ops::deleteAttr},
        {"STORE_GLOBAL", &Ops::storeGlobal},
        {"IMPORT_NAME", &Ops::importName},
        {"IMPORT_FROM", &Ops::importFrom},
        {"PUSH_NULL", &Ops::pushNull},
        {"POP_TOP", &Ops::popTop},
        {"COPY", &Ops::copy},
        {"SWAP", &Ops::swap},
        {"BINARY_OP", &Ops::binaryOp},
        {"COMPARE_OP", &Ops::compareOp},
        {"IS_OP", &Ops::isOp},
        {"CONTAINS_OP", &Ops::containsOp},
        {"GET_LEN", &Ops::getLen},
        {"MATCH_SEQUENCE", &Ops::matchSequence},
        {"MATCH_MAPPING", &Ops::matchMapping},
        {"MATCH_KEYS", &Ops::matchKeys},
        {"MATCH_CLASS", &Ops::matchClass},
        {"UNARY_NEGATIVE", &Ops::unaryNegative},
        {"UNARY_POSITIVE", &Ops::unaryPositive},
        {"UNARY_INVERT", &Ops::unaryInvert},
        {"UNARY_NOT", &Ops::unaryNot},
        {"BINARY_SUBSCR", &Ops::binarySubscr},
        {"BUILD_TUPLE", &Ops::buildTuple},
        {"BUILD_LIST", &Ops::buildList},
        {"FORMAT_VALUE", &Ops::formatValue},
        {"BUILD_SET", &Ops::buildSet},
        {"SET_UPDATE", &Ops::setUpdate},
        {"BUILD_STRING", &Ops::buildString},
        {"BUILD_MAP", &Ops::buildMap},
        {"BUILD_CONST_KEY_MAP", &Ops::buildConstKeyMap},
        {"BUILD_SLICE", &Ops::buildSlice},
        {"LIST_APPEND", &Ops::listAppend},
        {"MAP_ADD", &Ops::mapAdd},
        {"SET_ADD", &Ops::setAdd},
        {"LIST_EXTEND", &Ops::listExtend},
        {"LIST_TO_TUPLE", &Ops::listToTuple},
        {"UNPACK_SEQUENCE", &Ops::unpackSequence},
        {"UNPACK_EX", &Ops::unpackEx},
        {"STORE_SUBSCR", &Ops::storeSubscr},
        {"DELETE_SUBSCR", &Ops::deleteSubscr},
        {"DICT_MERGE", &Ops::dictMerge},
        {"DICT_UPDATE", &Ops::dictMerge},
        {"KW_NAMES", &Ops::kwNames},
        {"CALL", &Ops::call},
        {"CALL_FUNCTION_EX", &Ops::callFunctionEx},
        {"BEFORE_WITH", &Ops::beforeWith},
        {"GET_ITER", &Ops::getIter},
        {"FOR_ITER", &Ops::forIter},
        {"JUMP_FORWARD", &Ops::jump},
        {"JUMP_BACKWARD", &Ops::jump},
        {"JUMP_BACKWARD_NO_INTERRUPT", &Ops::jump},
        {"POP_JUMP_FORWARD_IF_FALSE", &Ops::popJumpIfFalse},
        {"POP_JUMP_BACKWARD_IF_FALSE", &Ops::popJumpIfFalse},
        {"POP_JUMP_FORWARD_IF_TRUE", &Ops::popJumpIfTrue},
        {"POP_JUMP_BACKWARD_IF_TRUE", &Ops::popJumpIfTrue},
        {"POP_JUMP_FORWARD_IF_NONE", &Ops::popJumpIfNone},
        {"POP_JUMP_BACKWARD_IF_NONE", &Ops::popJumpIfNone},
        {"POP_JUMP_FORWARD_IF_NOT_NONE", &Ops::popJumpIfNotNone},
        {"POP_JUMP_BACKWARD_IF_NOT_NONE", &Ops::popJumpIfNotNone},
        {"JUMP_IF_FALSE_OR_POP", &Ops::jumpIfFalseOrPop},
        {"JUMP_IF_TRUE_OR_POP", &Ops::jumpIfTrueOrPop},
        {"RETURN_VALUE", &Ops::returnValue},
        {"LOAD_CLOSURE", &Ops::loadClosure},
        {"LOAD_DEREF", &Ops::loadDeref},
        {"STORE_DEREF", &Ops::storeDeref},
        {"MAKE_FUNCTION", &Ops::makeFunction},
        {"RETURN_GENERATOR", &Ops::returnGenerator},
        {"YIELD_VALUE", &Ops::yieldValue},
        {"GET_YIELD_FROM_ITER", &Ops::getYieldFromIter},
        {"SEND", &Ops::send},
        {"RAISE_VARARGS", &Ops::raiseVarargs},
        {"RERAISE", &Ops::reraise},
        {"PUSH_EXC_INFO", &Ops::pushExcInfo},
        {"POP_EXCEPT", &Ops::popExcept},
        {"CHECK_EXC_MATCH", &Ops::checkExcMatch},
        {"WITH_EXCEPT_START", &Ops::withExceptStart},
        {"LOAD_ASSERTION_ERROR", &Ops::loadAssertionError},
        {"LOAD_BUILD_CLASS", &Ops::loadBuildClass},
    };
    std::array<Handler, 256> table{};
    for (const auto& [name, handler] : kByName) {
      auto op = bytecode::opcodeByName(name);
      DYNRR_ASSERT(op.has_value(), name);
      table[*op] = handler;
    }
    return table;
  }();
  return kTable;
}

}  // namespace

Error graphBreak(InstructionTranslator& tx, const std::string& gbType,
                 const std::string& explanation) {
  const InstructionTranslator* root = &tx;
  while (root->parent()) root = root->parent();
  auto& ctx = tx.context();
  if (!ctx.pendingBreak) {
    // break_graph_if_unsupported in any frame with an active user context manager turns
    // the break into this one, which then reaches the root's instruction.
    // A break inside a generator's next() leaves it marked skip_frame
    // (LocalGeneratorObjectVariable.gen_send_ex2); above the generator only a frame
    // stopped at an instruction break_graph_if_unsupported wraps (a CALL) converts it.
    static const std::unordered_set<std::string_view> kWrapped = {"CALL", "CALL_FUNCTION_EX"};
    bool underGeneric = false;
    bool pastGenerator = false;
    for (const InstructionTranslator* t = &tx; t; t = t->parent()) {
      std::string_view at;
      for (const auto& inst : t->instructions())
        if (inst.offset == t->currentOffset()) at = inst.opname;
      if (!pastGenerator || kWrapped.count(at))
        underGeneric = underGeneric || t->activeGenericContexts() > 0;
      if (t->parent() && (t->code().flags & bytecode::kCoGenerator)) pastGenerator = true;
    }
    ctx.pendingBreak = TracingContext::BreakRequest{
        underGeneric ? "Graph break under GenericContextWrappingVariable" : gbType, explanation,
        root->currentOffset(), std::nullopt};
    // should_compile_partial_graph is false in a try block or under a user context
    // manager of the root; with a checkpoint behind, Dynamo falls back to it (step()'s
    // except).
    const bytecode::ExceptionTableEntry* entry = root->handlerAt(root->currentOffset());
    const auto& blocks = root->blockStack();
    bool inTry = entry && (blocks.empty() || entry->target != blocks.back());
    if ((inTry || root->activeGenericContexts() > 0) && root->lastSpeculation())
      ctx.pendingBreak->checkpoint = root->lastSpeculation();
    // A break reaching a root instruction without break_graph_if_unsupported (LOAD_ATTR
    // running a property, BINARY_OP running __add__ ...) is step()'s: "cannot resume
    // from", the partial graph at the last checkpoint, or the frame given up on.
    static const std::unordered_set<std::string_view> kResumable = {
        "CALL", "CALL_FUNCTION_EX", "BINARY_SUBSCR", "COMPARE_OP", "STORE_ATTR", "STORE_SUBSCR"};
    std::string_view op;
    for (const auto& inst : root->instructions())
      if (inst.offset == root->currentOffset()) op = inst.opname;
    bool jump = op.rfind("POP_JUMP", 0) == 0 || op.rfind("JUMP_IF", 0) == 0;
    if (tx.parent() && !op.empty() && !jump && !kResumable.count(op)) {
      if (root->lastSpeculation()) {
        ctx.pendingBreak->checkpoint = root->lastSpeculation();
      } else {
        ctx.refusal = ctx.pendingBreak;
        ctx.pendingBreak.reset();
        return unsupported("graph break with no checkpoint to resume from: " + gbType);
      }
    }
  }
  return Error("graph break: " + gbType + ": " + explanation);
}

Error stepGraphBreak(InstructionTranslator& tx, const std::string& gbType,
                     const std::string& explanation) {
  if (tx.parent()) return graphBreak(tx, gbType, explanation);
  auto& ctx = tx.context();
  if (!tx.lastSpeculation()) {
    ctx.refusal =
        TracingContext::BreakRequest{gbType, explanation, tx.currentOffset(), std::nullopt};
    return unsupported("graph break with no checkpoint to resume from: " + gbType);
  }
  if (!ctx.pendingBreak) {
    ctx.pendingBreak =
        TracingContext::BreakRequest{gbType, explanation, tx.currentOffset(), tx.lastSpeculation()};
  }
  return Error("graph break: " + gbType + ": " + explanation);
}

void applyNameHint(InstructionTranslator& tx, const VtPtr& v, const std::string& name) {
  VtPtr value = v;
  if (auto* lazy = vt::asLazy(value); lazy && lazy->realized()) value = lazy->realized();
  if (value->kind() != vt::VtKind::kTensor && value->kind() != vt::VtKind::kNdarray) return;
  auto& t = static_cast<vt::TensorVariable&>(*value);
  if (t.nameHintSet()) return;
  auto& graph = tx.context().output.graph();
  if (graph.node(t.node()).op != "placeholder") graph.rename(t.node(), name);
  t.markNameHintSet();
}

InstructionTranslator::InstructionTranslator(TracingContext& ctx, bytecode::CodeObject code,
                                             std::vector<bytecode::Instruction> instructions,
                                             trace::ObjRef globals, InstructionTranslator* parent)
    : ctx_(ctx),
      code_(std::move(code)),
      instructions_(std::move(instructions)),
      globals_(globals),
      parent_(parent) {
  // A table that does not parse leaves exceptionTable_ empty; replayFrame rejects the
  // code before (the root's) or the exception then reaches the caller.
  if (auto t = bytecode::parseExceptionTable(code_.exceptiontable)) exceptionTable_ = std::move(*t);
}

void InstructionTranslator::updateBlockStack(const bytecode::Instruction& inst) {
  const bytecode::ExceptionTableEntry* entry = handlerAt(inst.offset);
  if (entry) {
    // Leaving the innermost with block for the one around it.
    size_t n = blockStack_.size();
    if (n >= 2 && entry->target != blockStack_[n - 1] && entry->target == blockStack_[n - 2]) {
      blockStack_.pop_back();
      blockManagers_.pop_back();
    }
  } else if (!blockStack_.empty() && inst.opname != "NOP" && inst.opname != "JUMP_BACKWARD") {
    blockStack_.clear();  // out of every block
    blockManagers_.clear();
  }
}

Expected<bool> InstructionTranslator::handleException(uint32_t offset) {
  const bytecode::ExceptionTableEntry* entry = handlerAt(offset);
  if (!entry) return false;
  // Objects/exception_handling_notes.txt: pop to the handler's depth, push lasti if
  // asked, push the exception, jump to the handler.
  // As Dynamo does, a stack already below the depth is left as it is (its RERAISE pops
  // the lasti that CPython's only peeks at).
  if (stack_.size() > entry->depth) stack_.resize(entry->depth);
  if (entry->lasti) push(vt::ConstantVariable::make(static_cast<int64_t>(offset)));
  if (!ctx_.exceptions.current()) return Error("internal: an observed exception without one");
  push(ctx_.exceptions.current());
  if (Status s = jumpTo(entry->target); !s) return s.error();
  return true;
}

Expected<VtPtr> InstructionTranslator::pop() {
  if (stack_.empty()) {
    return Error("bad bytecode: value stack underflow at offset " + std::to_string(currentOffset_));
  }
  VtPtr v = std::move(stack_.back());
  stack_.pop_back();
  return v;
}

Status InstructionTranslator::jumpTo(uint32_t offset) {
  auto index = bytecode::instructionAt(instructions_, offset);
  if (!index)
    return Error("bad bytecode: jump to " + std::to_string(offset) + " is not an instruction");
  ip_ = *index;
  return Status::success();
}

Expected<VtPtr> InstructionTranslator::run() {
  suspended_ = false;
  while (!returned_ && !suspended_) {
    if (ip_ >= instructions_.size()) {
      return Error("bad bytecode: ran past the end of " + code_.qualname);
    }
    if (++ctx_.steps > replayLimits().maxSteps) {
      return unsupported("more than " + std::to_string(replayLimits().maxSteps) +
                         " instructions traced (the per-frame step limit, dynrr replay "
                         "--frame-step-limit)");
    }
    // Every 16 instructions: one instruction can build up to 65,536 tensors (~1 s).
    if ((ctx_.steps & 15) == 0) {
      if (Status s = checkFrameDeadline(); !s) return s.error();
    }
    if (stopAt_ && instructions_[ip_].offset == *stopAt_) {
      stopped_ = true;
      currentOffset_ = *stopAt_;
      return VtPtr();
    }
    const bytecode::Instruction& inst = instructions_[ip_++];
    currentOffset_ = inst.offset;
    updateBlockStack(inst);
    noteSpeculation(inst);
    if (ctx_.hooks && ctx_.hooks->onStep && !ctx_.hooks->onStep(*this, inst)) {
      return Error("stopped by the debugger at " + code_.qualname + " offset " +
                   std::to_string(inst.offset));
    }
    if (Status s = step(inst); !s) {
      if (s.error().isObservedException()) {
        auto handled = handleException(inst.offset);
        if (!handled) return handled.error();
        if (*handled) continue;
        stack_.clear();
        if (!parent_) {
          // bubble_exception_to_interpreter: no handler in the compiled frame.
          ctx_.refusal = TracingContext::BreakRequest{
              "Observed exception",
              "Dynamo found no exception handler at the top-level compiled function", inst.offset,
              std::nullopt};
          return unsupported("an exception leaves the frame (" + s.error().message() + ")");
        }
        return s.error().withContext(code_.qualname + " at offset " + std::to_string(inst.offset));
      }
      if (ctx_.hooks && ctx_.hooks->onBreak) ctx_.hooks->onBreak(*this, s.error().message());
      return s.error().withContext(code_.qualname + " at offset " + std::to_string(inst.offset) +
                                   " (" + std::string(inst.opname) + ")");
    }
  }
  if (suspended_) return yielded_;
  return returnValue_;
}

void InstructionTranslator::noteSpeculation(const bytecode::Instruction& inst) {
  // step(): a checkpoint where the stack is empty, the graph is not, and a partial graph
  // could be compiled (not in a try block, no active user context manager).
  if (parent_ || !stack_.empty()) return;
  // is_non_empty_graph: more than one call in the graph. Counted only up to two: this
  // runs at every statement, and counting every node made straight-line code quadratic.
  if (activeGenericContexts_ > 0) return;
  const ProtoGraph& graph = ctx_.output.graph();
  int calls = 0;
  for (size_t i = 0; i < graph.size() && calls < 2; ++i) {
    const ProtoNode& n = graph.node(static_cast<NodeId>(i));
    if (!n.erased && n.op.rfind("call_", 0) == 0) ++calls;
  }
  if (calls < 2) return;
  const bytecode::ExceptionTableEntry* entry = handlerAt(inst.offset);
  if (entry && (blockStack_.empty() || entry->target != blockStack_.back())) return;
  lastSpeculation_ = inst.offset;
}

Status InstructionTranslator::step(const bytecode::Instruction& inst) {
  Handler handler = dispatchTable()[inst.baseOpcode];
  if (!handler) {
    return unsupported("opcode " + std::string(bytecode::opcodeName(inst.baseOpcode)) +
                       " (not modelled by core part 1)");
  }
  Ops ops{*this, inst};
  return (ops.*handler)();
}

// InliningInstructionTranslator.check_inlineable: a recorded function trace_rules skips
// (the recorder's classification, e.g. a method wrapped by torch._disable_dynamo, whose
// code lives in torch/_compile.py) is a graph break, not inlined.
Status InstructionTranslator::checkInlineable(const vt::BaseUserFunctionVariable& fn) {
  const auto* user = dynamic_cast<const vt::UserFunctionVariable*>(&fn);
  if (user == nullptr || user->function() == 0) return Status::success();
  auto f = ctx_.trace.object(user->function());
  if (!f || f->which() != schema::Object::Which::FUNCTION) return Status::success();
  if (f->getFunction().getClassification() != schema::CallableClass::SKIPPED)
    return Status::success();
  std::string qualname = f->getFunction().getQualname().cStr();
  return graphBreak(*this, "Attempted to inline function marked as skipped",
                    "Dynamo developers have intentionally marked that the function `" + qualname +
                        "` should not be traced.");
}

Expected<VtPtr> InstructionTranslator::inlineUserFunction(vt::BaseUserFunctionVariable& fn,
                                                          vt::Args args, vt::Kwargs kwargs) {
  if (ctx_.inlineDepth >= kMaxInlineDepth) return unsupported("inlining deeper than 64 calls");
  if (Status st = checkInlineable(fn); !st) return st.error();
  auto bound = fn.bindArgs(*this, std::move(args), std::move(kwargs));
  if (!bound) return bound.error();
  const bool generator = (bound->code.flags & bytecode::kCoGenerator) != 0;
  auto child = std::make_shared<InstructionTranslator>(
      ctx_, std::move(bound->code), std::move(bound->instructions), bound->globals, this);
  // Code running in another module's globals reads them through import_source.
  if (!bound->globalsModule.empty()) child->setGlobalsModule(bound->globalsModule);
  for (auto& [name, value] : bound->locals) child->setLocal(name, std::move(value));
  // init_cellvars: the callee's own cells are new; an argument that is also a cell
  // moves into its cell.
  for (const std::string& name : child->code().cellvars) {
    auto cell = ctx_.sideEffects.trackCellNew(name);
    auto it = child->locals().find(name);
    if (it != child->locals().end()) {
      cell->setContents(it->second);
      child->eraseLocal(name);
    }
    child->setCell(name, std::move(cell));
  }
  // The closure: a nested function's CellVariables, or the recorded function's cells,
  // found again by identity if the frame has reached them before.
  for (auto& fv : bound->freevars) {
    if (!fv.cell) {
      auto cell = VariableBuilder::existingCell(ctx_, fv.recordedCell, fv.name, fv.cellSource,
                                                fv.contentsSource);
      if (!cell) return cell.error();
      fv.cell = std::move(*cell);
    }
    child->setCell(fv.name, std::move(fv.cell));
  }
  ++ctx_.inlineDepth;
  if (ctx_.hooks && ctx_.hooks->onInline) ctx_.hooks->onInline(*child);
  auto result = child->run();
  if (ctx_.hooks && ctx_.hooks->onReturn) ctx_.hooks->onReturn(*child);
  --ctx_.inlineDepth;
  if (!generator || !result) return result;
  // InliningGeneratorInstructionTranslator: the call ran to RETURN_GENERATOR and gives
  // the generator object; its body runs one next() at a time.
  if (!child->suspended())
    return Error("internal: generator code did not start with RETURN_GENERATOR");
  return VtPtr(std::make_shared<vt::GeneratorVariable>(std::move(child)));
}

Expected<VtPtr> InstructionTranslator::resumeGenerator(InstructionTranslator& gen) {
  if (ctx_.inlineDepth >= kMaxInlineDepth) return unsupported("inlining deeper than 64 calls");
  gen.setParent(this);
  gen.pushSent(vt::ConstantVariable::make(vt::NoneValue{}));
  ++ctx_.inlineDepth;
  if (ctx_.hooks && ctx_.hooks->onInline) ctx_.hooks->onInline(gen);
  auto result = gen.run();
  if (ctx_.hooks && ctx_.hooks->onReturn) ctx_.hooks->onReturn(gen);
  --ctx_.inlineDepth;
  return result;
}

Expected<VtPtr> InstructionTranslator::throwIntoGenerator(InstructionTranslator& gen,
                                                          const VtPtr& exc) {
  if (ctx_.inlineDepth >= kMaxInlineDepth) return unsupported("inlining deeper than 64 calls");
  gen.setParent(this);
  ctx_.exceptions.setCurrent(exc, true);
  auto handled = gen.handleException(gen.currentOffset_);
  if (!handled) return handled.error();
  if (!*handled) {
    gen.returned_ = true;
    return Error::observedException("raised exception " + exc->repr());
  }
  ++ctx_.inlineDepth;
  if (ctx_.hooks && ctx_.hooks->onInline) ctx_.hooks->onInline(gen);
  auto result = gen.run();
  if (ctx_.hooks && ctx_.hooks->onReturn) ctx_.hooks->onReturn(gen);
  --ctx_.inlineDepth;
  return result;
}

}  // namespace dynrr::tracer
