// ops.h — opcode handlers of InstructionTranslator, one family per .cpp file, as in
// symbolic_convert.py: ops_load_store.cpp (LOAD_*/STORE_*, attributes, globals),
// ops_build.cpp (BUILD_*, UNPACK_*, LIST_*, subscript stores), ops_binary.cpp
// (BINARY_OP, COMPARE_OP, IS_OP, CONTAINS_OP, unary, BINARY_SUBSCR), ops_call.cpp
// (KW_NAMES, CALL, CALL_FUNCTION_EX, BEFORE_WITH), ops_control_flow.cpp (jumps,
// iteration, RETURN_VALUE), ops_closure.cpp (cells and MAKE_FUNCTION), ops_exceptions.cpp
// (raise, try/except/finally, the exceptional exit of a with block), ops_match.cpp
// (pattern matching: GET_LEN, MATCH_SEQUENCE, MATCH_MAPPING, MATCH_KEYS).
//
// Handlers are thin: they pop, ask the variables (core/vt: call_function, call_method,
// var_getattr, unpack_var_sequence ...), and push. The translator's other parts are in
// variable_builder.h (wrapping recorded objects), tensor_ops.h (graph calls + fake
// metadata), codegen.h (what compile_subgraph outputs and realises), side_effects.h and
// output_graph.h.
#pragma once

#include <string>
#include <vector>

#include "core/tracer/instruction_translator.h"

namespace dynrr::tracer {

struct Ops {
  InstructionTranslator& tx;
  const bytecode::Instruction& inst;

  // ops_load_store.cpp
  Status loadFast();
  Status storeFast();
  Status deleteFast();
  Status loadConst();
  Status loadGlobal();
  Status loadAttr();
  Status loadMethod();
  Status storeAttr();
  Status deleteAttr();
  Status storeGlobal();
  Status importName();
  Status importFrom();
  Status pushNull();
  Status popTop();
  Status copy();
  Status swap();
  Status nop();
  // ops_build.cpp
  Status buildTuple();
  Status buildList();
  Status buildMap();
  Status buildConstKeyMap();
  Status buildSlice();
  Status listAppend();
  Status mapAdd();
  Status setAdd();
  Status listExtend();
  Status listToTuple();
  Status unpackSequence();
  Status unpackEx();
  Status formatValue();
  Status buildString();
  Status buildSet();
  Status setUpdate();
  Status storeSubscr();
  Status deleteSubscr();
  Status dictMerge();
  // ops_binary.cpp
  Status binaryOp();
  Status compareOp();
  Status isOp();
  Status containsOp();
  Status unaryNegative();
  Status unaryPositive();
  Status unaryInvert();
  Status unaryNot();
  Status binarySubscr();
  // ops_match.cpp
  Status getLen();
  Status matchSequence();
  Status matchMapping();
  Status matchKeys();
  Status matchClass();
  // ops_call.cpp
  Status kwNames();
  Status call();
  Status callFunctionEx();
  Status beforeWith();
  // ops_control_flow.cpp
  Status getIter();
  Status forIter();
  Status jump();
  Status returnGenerator();
  Status yieldValue();
  Status getYieldFromIter();
  Status send();
  Status popJumpIfFalse();
  Status popJumpIfTrue();
  Status popJumpIfNone();
  Status popJumpIfNotNone();
  Status jumpIfFalseOrPop();
  Status jumpIfTrueOrPop();
  Status returnValue();
  // ops_exceptions.cpp
  Status raiseVarargs();
  Status reraise();
  Status pushExcInfo();
  Status popExcept();
  Status checkExcMatch();
  Status withExceptStart();
  Status loadAssertionError();
  Status loadBuildClass();
  // ops_closure.cpp
  Status loadClosure();
  Status loadDeref();
  Status storeDeref();
  Status makeFunction();

 private:
  // Pops the top `n` values, bottom first.
  Expected<std::vector<VtPtr>> popN(size_t n);
  // The container `inst.arg` deep on the stack (LIST_APPEND, MAP_ADD, SET_UPDATE ...).
  Expected<VtPtr> peekAt(const char* opname);
  Status popJumpIf(bool ifTrue);
  void noteJumpOnComparison(const VtPtr& v);
  Status popJumpIfNoneImpl(bool ifNone);
  Status jumpIfOrPop(bool ifTrue);
  Status pushResult(Expected<VtPtr> r);
  // The subject of a MATCH_* instruction (top of the stack, left there), realised.
  Expected<VtPtr> matchSubject(const char* opname);
};

}  // namespace dynrr::tracer
