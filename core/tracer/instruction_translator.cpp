// instruction_translator.cpp — the run loop and opcode dispatch of the translator
// (symbolic_convert.py InstructionTranslatorBase.run / step / dispatch_table).
#include "core/tracer/instruction_translator.h"

#include <string_view>

#include "core/bytecode/opcode_table.h"
#include "core/tracer/ops.h"

namespace dynrr::tracer {

Error unsupported(const std::string& what) { return Error("unsupported: " + what); }

Error Ops::graphBreak(InstructionTranslator& tx, const std::string& gbType,
                      const std::string& explanation) {
  const InstructionTranslator* root = &tx;
  while (root->parent()) root = root->parent();
  if (!tx.ctx_.pendingBreak) {
    tx.ctx_.pendingBreak = TracingContext::BreakRequest{gbType, explanation, root->currentOffset()};
  }
  return Error("graph break: " + gbType + ": " + explanation);
}

// Bounds the work of one replay: a recorded frame that loops forever symbolically
// (it cannot, for the constant-length loops we model) still ends with an error.
constexpr size_t kMaxSteps = 2'000'000;
constexpr size_t kMaxInlineDepth = 64;

InstructionTranslator::InstructionTranslator(TracingContext& ctx, bytecode::CodeObject code,
                                             std::vector<bytecode::Instruction> instructions,
                                             trace::ObjRef globals, InstructionTranslator* parent)
    : ctx_(ctx),
      code_(std::move(code)),
      instructions_(std::move(instructions)),
      globals_(globals),
      parent_(parent) {}

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
  while (!returned_) {
    if (ip_ >= instructions_.size()) {
      return Error("bad bytecode: ran past the end of " + code_.qualname);
    }
    if (++ctx_.steps > kMaxSteps) return unsupported("more than 2,000,000 instructions traced");
    if (stopAt_ && instructions_[ip_].offset == *stopAt_) {
      stopped_ = true;
      currentOffset_ = *stopAt_;
      return VtPtr();
    }
    const bytecode::Instruction& inst = instructions_[ip_++];
    currentOffset_ = inst.offset;
    if (ctx_.hooks && ctx_.hooks->onStep && !ctx_.hooks->onStep(*this, inst)) {
      return Error("stopped by the debugger at " + code_.qualname + " offset " +
                   std::to_string(inst.offset));
    }
    if (Status s = step(inst); !s) {
      if (ctx_.hooks && ctx_.hooks->onBreak) ctx_.hooks->onBreak(*this, s.error().message());
      return s.error().withContext(code_.qualname + " at offset " + std::to_string(inst.offset) +
                                   " (" + std::string(inst.opname) + ")");
    }
  }
  return returnValue_;
}

Status InstructionTranslator::step(const bytecode::Instruction& inst) {
  std::string_view op = bytecode::opcodeName(inst.baseOpcode);
  Ops ops{*this, inst};
  // Families: ops_load_store.cpp, ops_build.cpp, ops_binary.cpp, ops_call.cpp,
  // ops_control_flow.cpp.
  if (op == "NOP" || op == "RESUME" || op == "PRECALL" || op == "EXTENDED_ARG" || op == "CACHE") {
    return Status::success();
  }
  if (op == "LOAD_FAST") return ops.loadFast();
  if (op == "STORE_FAST") return ops.storeFast();
  if (op == "DELETE_FAST") return ops.deleteFast();
  if (op == "LOAD_CONST") return ops.loadConst();
  if (op == "LOAD_GLOBAL") return ops.loadGlobal();
  if (op == "LOAD_ATTR") return ops.loadAttr(false);
  if (op == "LOAD_METHOD") return ops.loadAttr(true);
  if (op == "STORE_ATTR") return ops.storeAttr();
  if (op == "STORE_GLOBAL") return ops.storeGlobal();
  if (op == "PUSH_NULL") return ops.pushNull();
  if (op == "POP_TOP") return ops.popTop();
  if (op == "COPY") return ops.copy();
  if (op == "SWAP") return ops.swap();
  if (op == "BINARY_OP") return ops.binaryOp();
  if (op == "COMPARE_OP") return ops.compareOp();
  if (op == "IS_OP") return ops.isOp();
  if (op == "CONTAINS_OP") return ops.containsOp();
  if (op == "UNARY_NEGATIVE") return ops.unary("operator.neg");
  if (op == "UNARY_POSITIVE") return ops.unary("operator.pos");
  if (op == "UNARY_INVERT") return ops.unary("operator.invert");
  if (op == "UNARY_NOT") return ops.unaryNot();
  if (op == "BINARY_SUBSCR") return ops.binarySubscr();
  if (op == "BUILD_TUPLE") return ops.buildSequence(vt::VtKind::kTuple);
  if (op == "FORMAT_VALUE") return ops.formatValue();
  if (op == "BUILD_SET") return ops.buildSet();
  if (op == "SET_UPDATE") return ops.setUpdate();
  if (op == "BUILD_STRING") return ops.buildString();
  if (op == "BUILD_LIST") return ops.buildSequence(vt::VtKind::kList);
  if (op == "BUILD_MAP") return ops.buildMap();
  if (op == "BUILD_CONST_KEY_MAP") return ops.buildConstKeyMap();
  if (op == "BUILD_SLICE") return ops.buildSlice();
  if (op == "LIST_APPEND") return ops.listAppend();
  if (op == "MAP_ADD") return ops.mapAdd();
  if (op == "LIST_EXTEND") return ops.listExtend();
  if (op == "LIST_TO_TUPLE") return ops.listToTuple();
  if (op == "UNPACK_SEQUENCE") return ops.unpackSequence();
  if (op == "UNPACK_EX") return ops.unpackEx();
  if (op == "STORE_SUBSCR") return ops.storeSubscr();
  if (op == "DELETE_SUBSCR") return ops.deleteSubscr();
  if (op == "DICT_MERGE" || op == "DICT_UPDATE") return ops.dictMerge();
  if (op == "KW_NAMES") return ops.kwNames();
  if (op == "CALL") return ops.call();
  if (op == "CALL_FUNCTION_EX") return ops.callFunctionEx();
  if (op == "GET_ITER") return ops.getIter();
  if (op == "FOR_ITER") return ops.forIter();
  if (op == "JUMP_FORWARD" || op == "JUMP_BACKWARD" || op == "JUMP_BACKWARD_NO_INTERRUPT") {
    return jumpTo(*inst.jumpTarget);
  }
  if (op == "POP_JUMP_FORWARD_IF_FALSE" || op == "POP_JUMP_BACKWARD_IF_FALSE")
    return ops.popJumpIf(false);
  if (op == "POP_JUMP_FORWARD_IF_TRUE" || op == "POP_JUMP_BACKWARD_IF_TRUE")
    return ops.popJumpIf(true);
  if (op == "POP_JUMP_FORWARD_IF_NONE" || op == "POP_JUMP_BACKWARD_IF_NONE")
    return ops.popJumpIfNone(true);
  if (op == "POP_JUMP_FORWARD_IF_NOT_NONE" || op == "POP_JUMP_BACKWARD_IF_NOT_NONE") {
    return ops.popJumpIfNone(false);
  }
  if (op == "JUMP_IF_FALSE_OR_POP") return ops.jumpIfOrPop(false);
  if (op == "JUMP_IF_TRUE_OR_POP") return ops.jumpIfOrPop(true);
  if (op == "RETURN_VALUE") return ops.returnValue();
  if (op == "MAKE_CELL" || op == "COPY_FREE_VARS") return Status::success();  // done at entry
  if (op == "LOAD_CLOSURE") return ops.loadClosure();
  if (op == "LOAD_DEREF") return ops.loadDeref();
  if (op == "BEFORE_WITH") return ops.beforeWith();
  if (op == "STORE_DEREF") return ops.storeDeref();
  if (op == "MAKE_FUNCTION") return ops.makeFunction();
  return unsupported("opcode " + std::string(op) + " (not modelled by core part 1)");
}

Expected<VtPtr> InstructionTranslator::inlineCall(
    TracingContext& ctx, InstructionTranslator& parent, const vt::VariableTracker& fn,
    std::vector<VtPtr> args, std::vector<std::pair<std::string, VtPtr>> kwargs) {
  if (ctx.inlineDepth >= kMaxInlineDepth) return unsupported("inlining deeper than 64 calls");
  return Ops::inlineFunction(ctx, parent, fn, std::move(args), std::move(kwargs));
}

}  // namespace dynrr::tracer
