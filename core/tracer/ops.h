// ops.h — opcode handlers of InstructionTranslator, one family per .cpp file:
// ops_load_store.cpp (LOAD_*/STORE_*, attributes, globals), ops_build.cpp (BUILD_*,
// UNPACK_*, LIST_*), ops_binary.cpp (BINARY_OP, COMPARE_OP, unary, subscripts),
// ops_call.cpp (KW_NAMES, CALL, inlining), ops_control_flow.cpp (jumps, iteration,
// RETURN_VALUE). Shared helpers for values live in variable_builder.cpp (wrapping
// recorded objects, VariableBuilder) and tensor_ops.cpp (graph nodes + fake metadata).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "core/tracer/instruction_translator.h"
#include "core/vt/container_variables.h"

namespace dynrr::tracer {

// A class of the recorded program's own code (its module is __main__ or a top-level
// module outside torch and the standard library): traced through its recorded
// functions. Other classes are library classes the core does not look into.
bool isUserCodeClass(schema::Class::Reader c);

// Python equality of two realised constant-like trackers; nullopt if not modelled
// (ops_binary.cpp).
std::optional<bool> constEquals(const VtPtr& a, const VtPtr& b);

// Where a set holds an item equal (==) to `item`; nullopt when absent (ops_build.cpp).
std::optional<size_t> setIndex(const vt::SetVariable& set, const VtPtr& item);
// Adds `item` (realised; only Python constants are modelled) unless an equal one is there.
Status setInsert(InstructionTranslator& tx, vt::SetVariable& set, const VtPtr& item);

// The unsupported reason Ops::wrap gives for a recorded tensor reached without a source.
extern const char* const kSourcelessTensor;

// VariableBuilder's make_dupe_guard: an object already wrapped reached again through
// another source gets DUPLICATE_INPUT on the new source.
void dupeGuard(TracingContext& ctx, const vt::SourcePtr& source, const VtPtr& existing);

struct Ops {
  InstructionTranslator& tx;
  const bytecode::Instruction& inst;

  // ops_load_store.cpp
  Status loadFast();
  Status storeFast();
  Status deleteFast();
  Status loadConst();
  Status loadGlobal();
  Status loadAttr(bool method);
  Status storeAttr();    // ops_user_object.cpp
  Status storeGlobal();  // ops_user_object.cpp
  Status pushNull();
  Status popTop();
  Status copy();
  Status swap();
  // ops_build.cpp
  Status buildSequence(vt::VtKind kind);
  Status buildMap();
  Status buildConstKeyMap();
  Status buildSlice();
  Status listAppend();
  Status mapAdd();
  Status listExtend();
  Status listToTuple();
  Status unpackSequence();
  Status unpackEx();
  Status beforeWith();
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
  Status unary(const std::string& op);
  Status unaryNot();
  Status binarySubscr();
  // ops_call.cpp
  Status kwNames();
  Status call();
  Status callFunctionEx();
  // ops_control_flow.cpp
  Status getIter();
  Status forIter();
  Status popJumpIf(bool ifTrue);
  Status popJumpIfNone(bool ifNone);
  Status jumpIfOrPop(bool ifTrue);
  Status returnValue();
  // ops_closure.cpp
  Status loadClosure();
  Status loadDeref();
  Status storeDeref();
  Status makeFunction();

  // ---- shared helpers (defined in the file named) ----
  // variable_builder.cpp: wrap a recorded object reached through `source`.
  static Expected<VtPtr> wrap(TracingContext& ctx, trace::ObjRef ref, vt::SourcePtr source);
  // variable_builder.cpp: a constant from the heap (LOAD_CONST), no guards.
  static Expected<VtPtr> constantFromHeap(TracingContext& ctx, trace::ObjRef ref);
  // ops_load_store.cpp: getattr on a realised tracker.
  static Expected<VtPtr> getAttr(InstructionTranslator& tx, const VtPtr& obj,
                                 const std::string& name);
  // ops_call.cpp: call `fn` with realised or lazy args.
  static Expected<VtPtr> callFunction(InstructionTranslator& tx, const VtPtr& fn,
                                      std::vector<VtPtr> args,
                                      std::vector<std::pair<std::string, VtPtr>> kwargs);
  static Expected<VtPtr> inlineFunction(TracingContext& ctx, InstructionTranslator& parent,
                                        const vt::VariableTracker& fn, std::vector<VtPtr> args,
                                        std::vector<std::pair<std::string, VtPtr>> kwargs);
  // ops_user_object.cpp: VariableBuilder for a recorded instance (wrap_module for
  // nn.Modules, wrap_user_defined otherwise).
  static Expected<VtPtr> wrapInstance(TracingContext& ctx, trace::ObjRef ref, vt::SourcePtr source);
  // ops_user_object.cpp: UserDefinedObjectVariable.var_getattr (generic_getattr with the
  // nn.Module __getattr__ shortcut and the hooks-dict rules of UnspecializedNNModuleVariable).
  static Expected<VtPtr> userObjectGetAttr(InstructionTranslator& tx, const VtPtr& obj,
                                           const std::string& name);
  // ops_user_object.cpp: calling an nn.Module (UnspecializedNNModuleVariable.call_function:
  // __call__ short-circuited to forward when there are no hooks).
  static Expected<VtPtr> callUserObject(InstructionTranslator& tx, const VtPtr& obj,
                                        std::vector<VtPtr> args,
                                        std::vector<std::pair<std::string, VtPtr>> kwargs);
  // ops_user_object.cpp: iter(obj) for a user object or nn.Module: its __iter__ method
  // inlined (UserDefinedObjectVariable.call_method("__iter__") /
  // UnspecializedNNModuleVariable.unpack_var_sequence), then the iterator's items.
  static Expected<std::vector<VtPtr>> userObjectItems(InstructionTranslator& tx, const VtPtr& obj);
  // ops_user_object.cpp: a user class (UserDefinedClassVariable, CLASS_MATCH), calling it
  // (instantiate_user_defined_class_object: a new object, then its __init__ inlined), and
  // attribute lookup through super() (SuperVariable).
  static Expected<VtPtr> wrapUserClass(TracingContext& ctx, trace::ObjRef ref,
                                       vt::SourcePtr source);
  static Expected<VtPtr> constructUserObject(InstructionTranslator& tx, const VtPtr& cls,
                                             std::vector<VtPtr> args,
                                             std::vector<std::pair<std::string, VtPtr>> kwargs);
  static Expected<VtPtr> superGetAttr(InstructionTranslator& tx, const VtPtr& superVar,
                                      const std::string& name);
  // ops_user_object.cpp: LOAD_GLOBAL in code whose globals are another module's
  // (InliningInstructionTranslator.get_globals_source_and_value). Null if `name` is not
  // in those globals (then it is a builtin).
  static Expected<VtPtr> foreignGlobal(InstructionTranslator& tx, const std::string& name);
  // ops_user_object.cpp: a recorded Python module object: MODULE_MATCH, tracked by identity.
  static Expected<VtPtr> wrapPythonModule(TracingContext& ctx, trace::ObjRef ref,
                                          vt::SourcePtr source);
  // ops_load_store.cpp: set_name_hint — a tensor's node takes the name of the first
  // variable it is stored to (graph inputs keep theirs).
  static void applyNameHint(InstructionTranslator& tx, const VtPtr& value, const std::string& name);
  // ops_closure.cpp: a recorded cell object reached as freevar `name` of a frame or
  // closure; `cellSource` names the cell object, `contentsSource` its contents.
  static Expected<std::shared_ptr<vt::CellVariable>> existingCell(TracingContext& ctx,
                                                                  trace::ObjRef cellRef,
                                                                  const std::string& name,
                                                                  vt::SourcePtr cellSource,
                                                                  vt::SourcePtr contentsSource);
  // ops_binary.cpp: apply a Python operator ("operator.add", ...) to two values.
  static Expected<VtPtr> applyOperator(InstructionTranslator& tx, const std::string& op,
                                       std::vector<VtPtr> args);
  // instruction_translator.cpp: Dynamo graph-breaks here (raises Unsupported inside
  // break_graph_if_unsupported / generic_jump). Records the break for the root frame's
  // current instruction and returns the error that unwinds the replay; replayFrame then
  // replays again and compiles the partial graph at that instruction, as Dynamo's
  // speculation restart does.
  static Error graphBreak(InstructionTranslator& tx, const std::string& gbType,
                          const std::string& explanation);
  // ops_control_flow.cpp: the graph outputs for values reconstructed after the graph
  // (stack values / the return value), then cells written back
  // (compile_subgraph -> codegen_suffix -> restore_stack, codegen_update_mutated).
  static std::vector<NodeId> graphOutputs(InstructionTranslator& tx,
                                          const std::vector<VtPtr>& values,
                                          const std::set<std::string>* liveAtBreak = nullptr);
  // ops_control_flow.cpp: `unsupported` when a user object made while tracing would be
  // reconstructed after the graph (returned, or stored into a pre-existing object).
  static Status checkEscapes(InstructionTranslator& tx, const std::vector<VtPtr>& values);
  // ops_control_flow.cpp: LazyVariableTracker.realize_all — realises a value and
  // every lazy value it contains.
  // LazyVariableTracker.realize_all; with allowLazyConstants, lazy ints, floats, bools
  // and strs stay lazy and unguarded (realize_all(..., allow_lazy_constant=True)).
  static Status realizeAll(InstructionTranslator& tx, const VtPtr& v, int depth = 0,
                           bool allowLazyConstants = false);
  // What rebuilding a returned value after the graph realises (PyCodegen): lazy constants
  // in new containers, but not the value itself or a returned tuple's items.
  static Status codegenRealize(InstructionTranslator& tx, const VtPtr& v, bool keepLazyConstants,
                               int depth);
  // The codegen's walk over a mutated pre-existing container before reconstructing it:
  // realises items depth first until the first tensor (see graphOutputs).
  // ConstDictVariable.install_dict_contains_guard: `key in d` or a missing d.get(key) on a
  // dict with a source that was not modified: DICT_CONTAINS / DICT_NOT_CONTAINS for a
  // constant key.
  static void dictContainsGuard(InstructionTranslator& tx, const VtPtr& dict, const VtPtr& key,
                                bool contains);
  // ops_user_object.cpp: nn.Module.__setattr__ (plain path) for STORE_ATTR on a module.
  static Status moduleSetAttr(InstructionTranslator& tx, const VtPtr& self, const std::string& name,
                              const VtPtr& value);
  // tensor_ops.cpp: `t[index] = value` (operator.setitem in the graph).
  static Expected<VtPtr> tensorSetItem(InstructionTranslator& tx, const VtPtr& tensor,
                                       const VtPtr& index, const VtPtr& value);
  // ops_user_object.cpp: attribute store on a user object or module (STORE_ATTR, setattr).
  static Status storeAttrOn(InstructionTranslator& tx, const VtPtr& obj, const std::string& name,
                            const VtPtr& value);
  // ops_user_object.cpp: hasattr on a user object (HASATTR guard).
  static Expected<bool> userObjectHasAttr(InstructionTranslator& tx, const VtPtr& self,
                                          const std::string& name);
  // ops_call.cpp: torch.no_grad / enable_grad (GradModeVariable).
  static void setGradMode(InstructionTranslator& tx, bool enabled);
  // ops_binary.cpp: SymInt arithmetic with an int constant.
  static Expected<VtPtr> symIntArith(InstructionTranslator& tx, const std::string& op,
                                     const VtPtr& a, const VtPtr& b);
  // isinstance(v, C) for a class C that a constant's tracker is not
  // (ContextWrappingVariable, DeletedVariable ...): a lazy constant only gets TYPE_MATCH
  // on its source (LazyConstantVariable.lazy_isinstance), any other lazy value is
  // realised (ImplicitRealizingVariableTrackerMeta).
  static Status isinstanceCheck(InstructionTranslator& tx, const VtPtr& v);
  static bool realizeUntilTensor(InstructionTranslator& tx, const VtPtr& v, int depth);
  // ops_control_flow.cpp: Python truthiness of a realised constant-like value.
  static Expected<bool> truthiness(InstructionTranslator& tx, const VtPtr& v);
  // tensor_ops.cpp: a graph call producing a tensor (or tuple of tensors).
  static Expected<VtPtr> tensorCall(InstructionTranslator& tx, bool method,
                                    const std::string& target, const std::string& metaOp,
                                    std::vector<VtPtr> args,
                                    std::vector<std::pair<std::string, VtPtr>> kwargs);
  static bool anyTensor(const std::vector<VtPtr>& args,
                        const std::vector<std::pair<std::string, VtPtr>>& kwargs);
};

}  // namespace dynrr::tracer
