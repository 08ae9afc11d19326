// instruction_translator.h — symbolic evaluation of one recorded frame's bytecode
// (torch/_dynamo/symbolic_convert.py: InstructionTranslatorBase, InstructionTranslator,
// InliningInstructionTranslator; the LazyVariableTracker realisation order of
// variables/lazy.py; VariableBuilder's wrapping rules of variables/builder.py).
//
// One translator per frame (the root) plus one per inlined call, sharing the
// OutputGraph. Opcode handlers live in ops_*.cpp, grouped by family, behind one
// dispatch table indexed by opcode in instruction_translator.cpp; they stay thin (pop,
// ask the variable, push): behaviour lives on the variable trackers (core/vt). Anything
// not modelled yet ends the replay with an `unsupported` reason naming the opcode, op,
// value or feature.
#pragma once

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/bytecode/code_object.h"
#include "core/bytecode/exception_table.h"
#include "core/bytecode/instruction.h"
#include "core/compare/decisions.h"
#include "core/fake/dtype.h"
#include "core/support/error.h"
#include "core/trace/trace_reader.h"
#include "core/tracer/export_mode.h"
#include "core/tracer/functorch_batching.h"
#include "core/tracer/functorch_levels.h"
#include "core/tracer/output_graph.h"
#include "core/tracer/side_effects.h"
#include "core/vt/base.h"
#include "core/vt/exceptions.h"
#include "core/vt/functions.h"
#include "core/vt/lazy.h"
#include "core/vt/misc.h"

namespace dynrr::tracer {

using vt::LazyVariable;
using vt::VtPtr;

class InstructionTranslator;

// Observers of a replay, for `dynrr debug` (the reach of Dynamo's comptime API). Every
// member may be empty. onStep runs before each instruction, in every frame; returning
// false stops the replay with the error "stopped by the debugger".
struct ReplayHooks {
  std::function<bool(const InstructionTranslator&, const bytecode::Instruction&)> onStep;
  std::function<void(NodeId)> onNode;                                 // a node was added
  std::function<void(const compare::GuardDecision&)> onGuard;         // a guard was installed
  std::function<void(const InstructionTranslator& callee)> onInline;  // before its 1st step
  std::function<void(const InstructionTranslator& callee)> onReturn;  // inlined call ended
  // The core decided to graph-break (or reached an `unsupported`) at the instruction
  // being stepped; `reason` is what it will report.
  std::function<void(const InstructionTranslator&, const std::string& reason)> onBreak;
};

// State shared by the root translator and every inlined one.
struct TracingContext {
  TracingContext(const trace::TraceReader& t, schema::CompileEvent::Reader e)
      : trace(t), event(e) {}

  const trace::TraceReader& trace;
  schema::CompileEvent::Reader event;
  OutputGraph output;
  // Dynamo's export mode for this compile (see export_mode.h).
  ExportMode exportMode;
  fake::DType defaultDtype = fake::DType::kFloat32;
  bool gradEnabled = true;
  bool anyAutocastEnabled = false;  // the recorded autocast state (CPU or GPU)
  bool autocastCpuEnabled = false;
  bool autocastGpuEnabled = false;
  // The enabled CPU autocast regions entered while tracing, innermost last
  // (AutocastModeVariable.enter): the lower-precision dtype the region casts to. Fake
  // tensors follow the innermost one's cast policy (vt::autocastCastPolicy).
  std::vector<fake::DType> autocastCpuRegions;
  // functorch's dynamic layer stack (core/tracer/functorch_levels.h) and the tensors
  // that are BatchedTensors at some vmap level, by node (core/vt/functorch.h); a
  // GradTrackingTensor over a BatchedTensor is there too, with the BatchedTensor's entry.
  FunctorchLevels functorchLevels;
  std::map<NodeId, BatchedTensorInfo> batchedTensors;
  // The frame was entered while a functorch transform was active (an eager-backend frame
  // that _throw_if_in_functorch lets through, replay.cpp): the outer levels' depth is
  // not recorded, so transforms entered inside it and floats that wrap_symfloat would
  // test with is_gradtrackingtensor are refused (core/tracer/replay.cpp throwIfInFunctorch).
  bool functorchOuterActive = false;
  // torch.func.grad (core/vt/functorch_grad.h): the GradTrackingTensors _wrap_for_grad
  // made, and the state of the managers it enters (its level is on functorchLevels).
  std::set<NodeId> gradWrapped;
  bool savedTensorsHooksDisabled = false;
  bool inplaceRequiresGradAllowed = false;
  // InstructionTranslator.inconsistent_side_effects: torch.compiler.is_compiling() and
  // friends were folded, so a frame with no op is compiled, not skipped.
  bool inconsistentSideEffects = false;
  size_t steps = 0;  // instructions executed, all frames
  size_t inlineDepth = 0;
  // Tensors already wrapped, by identity token: the same tensor reached through a
  // second source is one graph input plus a DUPLICATE_INPUT guard.
  std::map<uint64_t, VtPtr> tensorsByIdentity;
  // Pre-existing objects already wrapped (nn.Modules, user objects, Python modules), by
  // identity token (side_effects.track_object_existing): reached again through another
  // source they are the same tracker, plus a DUPLICATE_INPUT guard (make_dupe_guard).
  std::map<uint64_t, VtPtr> objectsByIdentity;
  // A standard module read as a polyfill module's global (`operator` of
  // polyfills.builtins) when the trace has no object for it: module name -> the first
  // source (the later ones are DUPLICATE_INPUT; vt::builtin_detail::polyfillModuleGlobal).
  std::map<std::string, std::string> polyfillModuleSources;
  // Objects first wrapped inside a higher-order op's branch, by (identity token, source
  // name): trace_hop_function restores SideEffects after the branch, so identity no
  // longer finds them, but OutputGraph.variable_tracker_cache (by value and source) still
  // does when the same source is read again.
  std::map<std::pair<uint64_t, std::string>, VtPtr> branchSourceCache;
  // Python modules aliased as `G['__import_<name>']` for the globals of inlined code
  // from other modules (import_source), by module name.
  std::map<std::string, VtPtr> importedModules;
  // Of those, the ones held as an unrealised lazy value (tx.nn_modules_globals_vt, built
  // before the hooks check): reading a global through it installs nothing; the hooks
  // check's own reads realise it (MODULE_MATCH then).
  std::set<std::string> lazyImportedModules;
  // (class identity, attribute) pairs with DICT_NOT_CONTAINS installed for an MRO class
  // that does not define the attribute (OutputGraph.guarded_mro_absent_keys).
  std::set<std::pair<uint64_t, std::string>> guardedMroAbsent;
  // The source made for a descriptor found by an MRO walk, by (descriptor identity, or
  // its heap ref when it has none; attribute name): the same descriptor reached through
  // another class or object reuses it (OutputGraph.mro_source_cache).
  std::map<std::pair<uint64_t, std::string>, vt::SourcePtr> mroSourceCache;
  // Recorded modules and classes by name ("module <name>", "class <module.qualname>"),
  // found by a scan of the heap the first time one is needed that no recorded reference
  // leads to (0: none recorded). See VariableBuilder::findRecorded.
  std::map<std::string, trace::ObjRef> recordedByName;
  // automatic_dynamic_shapes: the dynamic dims of root-local tensor inputs, and the
  // size symbols made for them (ShapeEnv: unique_ids, val_to_var duck sizing, and the
  // stand-in value each symbol takes in this replay; see replay.cpp).
  std::map<std::string, std::vector<bool>> dynamicDims;
  // torch.export Dim ranges by dim source (min, max; max -1 unbounded): the symbol of
  // that dim is created with the range (StrictMinMaxConstraint).
  std::map<std::string, std::pair<int64_t, int64_t>> exportDimRanges;
  bool duckShapes = false;  // DimDynamic.DUCK for those dims
  // but DimDynamic.DYNAMIC for these (marked, or automatic dynamic): a symbol each.
  std::map<std::string, std::vector<bool>> nonDuckDims;
  // Of those, the dims mark_dynamic / maybe_mark_dynamic marked (not automatic dynamic).
  std::map<std::string, std::vector<bool>> markedDims;
  // In a recompile under automatic dynamic shapes, the input sources whose sizes were
  // compared with the earlier compile's (the frame's locals and their items); nullopt
  // in a first compile.
  std::optional<std::set<std::string>> recompileTracked;
  // The earlier compiles of this code (same closure key), oldest first: their recorded
  // TENSOR_MATCH guards are the frame state of a tensor source not in recompileTracked
  // (lateAutomaticDynamic).
  std::vector<size_t> earlierEvents;
  // Sources found by lateAutomaticDynamic with dims that must be symbolic; the pass stops
  // and the frame is replayed with them (ReplayOutcome.lateDims).
  std::map<std::string, std::vector<bool>> lateDims;
  std::set<std::string> dynamicInts;  // int locals / cell contents traced as SymInts
  // Size symbols: each stands for a large value fake tensors compute with in this replay
  // (base + 101*k), and has its torch.SymInt placeholder.
  int64_t symbolBase = 0;
  std::map<std::string, int64_t> symbolStandIn;
  std::map<int64_t, std::string> symbolByStandIn;
  std::map<std::string, NodeId> symbolNodes;
  // Sizes of op results derived from size symbols (s77 - 1, (s77//2)): the value fake
  // tensors compute with (the expression at the stand-ins) and the expression, known
  // where the core makes one (a SymInt passed to a tensor op, a slice of a symbolic dim;
  // see derived_sizes.h). A value two expressions reach is ambiguous and refused.
  std::map<int64_t, symbolic::Expr> derivedByStandIn;
  std::set<int64_t> ambiguousStandIns;
  // Symbols made one by a replacement an earlier pass found (both directions): the
  // second of a pair created shares the first's stand-in, its equality evaluated then;
  // and the pairs this pass finds (see fake::SizeUnifier).
  std::multimap<std::string, std::string> unifyWith;
  // For each symbol of unifyWith: the graph's node count when the earlier pass made it
  // one with the other (its meta function's size check, or a comparison). A tensor input
  // lifted into a subgraph before that point lifts its own symbol, as Dynamo's lift read
  // the SymInt's expression through the replacements of that time.
  std::map<std::string, size_t> unifiedAt;
  // Tensor inputs with symbolic dims: their recorded metadata and each dim's expression
  // (TENSOR_MATCH prints a dim the shape env later fixed to a constant as that value).
  std::map<std::string, std::pair<fake::TensorMeta, std::vector<symbolic::Expr>>> dynamicTensors;
  std::set<std::pair<std::string, std::string>> unifyRequests;
  // When this pass made each pair one (the graph's node count then; see unifiedAt).
  std::map<std::pair<std::string, std::string>, size_t> unifyTimes;
  // The first size check of the current meta function that met a size symbol's stand-in
  // and a plain size (fake::SizeUnifier): the symbol and that size (tensorCall resets it).
  std::optional<std::pair<std::string, int64_t>> sizeClash;
  // Such a check that no specialisation resolved, for the frame's refusal message
  // ("s77 against the size 5"; "" if none).
  std::string unresolvedClash;
  // torch.Size values read off tensors with symbolic sizes, and the `size` node each
  // keeps (SizeVariable's proxy: passed to an op, the Size is that node).
  std::map<const vt::VariableTracker*, std::pair<VtPtr, NodeId>> sizeProxies;
  // The Python bool a comparison of backed SymInts gave (the core evaluates it at once)
  // and its SymBool node, for torch._check, which keeps the node: whether sympy folds the
  // relation when it is built (assumptions alone).
  struct ComparisonNode {
    std::weak_ptr<vt::VariableTracker> value;
    NodeId node = -1;
    bool decided = false;
    // The SymInt was on the right (`3 < n`): the node's text is not sympy's.
    bool reflected = false;
    // The shape env before the comparison's evaluate_expr and its fingerprint after (not
    // decided ones): a consumer that keeps the SymBool (a cond predicate) undoes the
    // guard when nothing was decided since.
    std::shared_ptr<const symbolic::ShapeEnv> envBefore;
    symbolic::ShapeEnv::Fingerprint after;
    // A jump tested it (Dynamo's bool() of the SymBool guards there).
    bool jumpedOn = false;
  };
  std::map<const vt::VariableTracker*, ComparisonNode> comparisonNodes;
  // VariableBuilder results by source name (OutputGraph.variable_tracker_cache).
  std::map<std::string, VtPtr> builtBySource;
  // A graph break the core decided on: Dynamo's gb_type, the explanation, and the root
  // frame's instruction it happens at (a break inside an inlined call breaks at the
  // root's CALL, since nested graph breaks are off).
  struct BreakRequest {
    std::string gbType;
    std::string explanation;
    uint32_t rootOffset = 0;
    // The break cannot be resumed from (a try block, a user context manager) but an
    // earlier speculation checkpoint exists: Dynamo restarts and compiles the partial
    // graph at this root offset, running the rest eagerly (step_graph_break).
    std::optional<uint32_t> checkpoint;
    // The pass that found the break had made get_pytree_SUPPORTED_NODES_source (its
    // lru_cache holds it for the restarted pass: see pytreeNodesSourceMade).
    bool pytreeNodesSourceMade = false;
  };
  std::optional<BreakRequest> pendingBreak;
  // Dynamo's functools.lru_cache'd get_pytree_SUPPORTED_NODES_source was called in this
  // process before (an earlier pass of the frame, or guardSupportedNodesImport's check of
  // earlier events): its ImportSource installs no ID_MATCH again.
  bool pytreeNodesSourceMade = false;
  // Dynamo gives up on the frame (it runs eagerly) for this reason, logging one graph
  // break of this type at the root's instruction: an exception no handler of the frame
  // catches ("Observed exception", InstructionTranslatorBase.exception_handler).
  std::optional<BreakRequest> refusal;
  // The exception being raised and those being handled (exn_vt_stack), all frames.
  vt::ExceptionStack exceptions;
  // Code objects already checked for inlining (TracingContext.previously_inlined_functions).
  std::set<trace::ObjRef> inlinedCodes;
  // inspect.signature's results by the function they describe (OutputGraph.signature_cache).
  std::map<trace::ObjRef, VtPtr> signatureCache;
  // Code objects of inlined functions, decoded once per replay by their trace object (a
  // model inlines the same forward methods once per layer); inlining copies them.
  struct DecodedFunctionCode {
    bytecode::CodeObject code;
    std::vector<bytecode::Instruction> instructions;
  };
  std::map<trace::ObjRef, DecodedFunctionCode> decodedCode;
  // Pending side effects and cells (side_effects.h).
  SideEffects sideEffects;
  // Observers for `dynrr debug`; may be null.
  const ReplayHooks* hooks = nullptr;
};

class InstructionTranslator {
 public:
  // Root frame: locals and cells come from the recorded frame input.
  InstructionTranslator(TracingContext& ctx, bytecode::CodeObject code,
                        std::vector<bytecode::Instruction> instructions, trace::ObjRef globals,
                        InstructionTranslator* parent);

  // Runs to RETURN_VALUE. Returns the value returned (root: after compile_subgraph).
  Expected<VtPtr> run();

  // inline_user_function_return: an inlined call of a user function, recorded
  // (UserFunctionVariable) or made while tracing (NestedFunctionVariable), run by a child
  // translator (InliningInstructionTranslator.inline_call_) after the function binds its
  // arguments.
  Status checkInlineable(const vt::BaseUserFunctionVariable& fn);
  Expected<VtPtr> inlineUserFunction(vt::BaseUserFunctionVariable& fn, vt::Args args,
                                     vt::Kwargs kwargs);
  // LocalGeneratorObjectVariable.gen_send_ex2(None): resumes a suspended generator's
  // translator with this frame as its parent, until its next YIELD_VALUE or its return.
  Expected<VtPtr> resumeGenerator(InstructionTranslator& gen);
  // LocalGeneratorObjectVariable._setup_exception then inline_call_: `exc` raised at the
  // yield a suspended generator waits at; its handler runs on to the next yield or its
  // return. With no handler the exception leaves at once (an observed exception here).
  Expected<VtPtr> throwIntoGenerator(InstructionTranslator& gen, const VtPtr& exc);

  // Locals keep Python dict order (symbolic_locals): first store wins the position.
  void setLocal(const std::string& name, VtPtr value) {
    if (!locals_.count(name)) localOrder_.push_back(name);
    locals_[name] = std::move(value);
  }
  void eraseLocal(const std::string& name) {
    if (locals_.erase(name))
      localOrder_.erase(std::find(localOrder_.begin(), localOrder_.end(), name));
  }
  const std::vector<std::string>& localOrder() const { return localOrder_; }
  // Stop before executing the instruction at `offset` (a graph break found on an
  // earlier pass); run() then returns null with stoppedAtBreak() true.
  void setStopAt(uint32_t offset) { stopAt_ = offset; }
  bool stoppedAtBreak() const { return stopped_; }
  size_t instructionIndex() const { return ip_; }
  const std::map<std::string, VtPtr>& locals() const { return locals_; }
  // The frame's cellvars and freevars by name (symbolic_locals' CellVariables).
  void setCell(const std::string& name, std::shared_ptr<vt::CellVariable> cell) {
    cells_[name] = std::move(cell);
  }
  const std::map<std::string, std::shared_ptr<vt::CellVariable>>& cells() const { return cells_; }
  trace::ObjRef globals() const { return globals_; }
  // __name__ of the module whose globals the frame runs in (the function's __module__);
  // empty for the root frame and code sharing the root's globals.
  const std::string& globalsModule() const { return globalsModule_; }
  void setGlobalsModule(std::string name) { globalsModule_ = std::move(name); }
  const std::vector<VtPtr>& stack() const { return stack_; }
  const bytecode::CodeObject& code() const { return code_; }
  const InstructionTranslator* parent() const { return parent_; }
  // A generator's translator is resumed by whichever frame calls next() on it
  // (LocalGeneratorObjectVariable: "tx can be seen as the parent of the inline tracer").
  void setParent(InstructionTranslator* parent) { parent_ = parent; }
  // InliningGeneratorInstructionTranslator: run() also stops at RETURN_GENERATOR and at
  // each YIELD_VALUE (enable_faithful_generator_behavior), returning the yielded value;
  // returned() tells a RETURN_VALUE (generator_exhausted) from a suspension.
  bool returned() const { return returned_; }
  const VtPtr& returnValue() const { return returnValue_; }
  // A generator resumed past its first yield (not just started).
  bool started() const { return yieldCount_ > 0; }
  bool suspended() const { return suspended_; }
  // Pushes the value sent into a suspended generator (None for next()).
  void pushSent(VtPtr v) { stack_.push_back(std::move(v)); }
  uint32_t currentOffset() const { return currentOffset_; }
  // The handler targets of the with blocks entered by this frame and not nested in a try
  // block (block_stack on 3.11: update_block_stack, enter_ctx).
  const std::vector<uint32_t>& blockStack() const { return blockStack_; }
  // The context manager of each block of blockStack() (BlockStackEntry.with_context).
  const std::vector<VtPtr>& blockManagers() const { return blockManagers_; }
  // The exception table entry covering `offset`, or null.
  const bytecode::ExceptionTableEntry* handlerAt(uint32_t offset) const {
    return bytecode::findHandler(exceptionTable_, offset);
  }
  // The last instruction at which Dynamo took a speculation checkpoint it can compile a
  // partial graph at (step: empty stack, non-empty graph, should_compile_partial_graph).
  std::optional<uint32_t> lastSpeculation() const { return lastSpeculation_; }
  // User context managers this frame entered and has not exited
  // (active_generic_context_managers, one list per translator): a graph break under one
  // becomes "Graph break under GenericContextWrappingVariable".
  size_t activeGenericContexts() const { return activeGenericContexts_; }
  void enterGenericContext() { ++activeGenericContexts_; }
  void exitGenericContext() {
    if (activeGenericContexts_ > 0) --activeGenericContexts_;
  }

  TracingContext& context() { return ctx_; }
  const TracingContext& context() const { return ctx_; }
  const std::vector<bytecode::Instruction>& instructions() const { return instructions_; }

  // Realises a lazy tracker (no-op for others); refuses a value the core cannot model.
  Expected<VtPtr> realize(const VtPtr& v) {
    if (!v) return Error("internal: null tracker");
    return v->realize(*this);
  }

  // LOAD_GLOBAL in code whose globals are another module's
  // (InliningInstructionTranslator.get_globals_source_and_value, import_source). Null if
  // `name` is not in those globals (then it is a builtin).
  Expected<VtPtr> foreignGlobal(const std::string& name);

 private:
  friend struct Ops;
  Status step(const bytecode::Instruction& inst);
  Expected<VtPtr> pop();
  void push(VtPtr v) { stack_.push_back(std::move(v)); }
  Status jumpTo(uint32_t offset);
  // exception_handler (3.11): unwinds an observed exception raised by the instruction at
  // `offset` to its handler in this frame; false if none covers it.
  Expected<bool> handleException(uint32_t offset);
  void updateBlockStack(const bytecode::Instruction& inst);
  void noteSpeculation(const bytecode::Instruction& inst);

  TracingContext& ctx_;
  bytecode::CodeObject code_;
  std::vector<bytecode::Instruction> instructions_;
  trace::ObjRef globals_;
  std::string globalsModule_;
  InstructionTranslator* parent_;
  std::map<std::string, VtPtr> locals_;
  std::vector<std::string> localOrder_;
  std::map<std::string, std::shared_ptr<vt::CellVariable>> cells_;
  std::optional<uint32_t> stopAt_;
  bool stopped_ = false;
  bool suspended_ = false;  // set by RETURN_GENERATOR / YIELD_VALUE, cleared by run()
  VtPtr yielded_;
  size_t yieldCount_ = 0;
  std::vector<VtPtr> stack_;
  std::vector<bytecode::ExceptionTableEntry> exceptionTable_;
  std::vector<uint32_t> blockStack_;
  std::vector<VtPtr> blockManagers_;  // parallel to blockStack_
  std::optional<uint32_t> lastSpeculation_;
  size_t activeGenericContexts_ = 0;
  std::vector<std::string> kwNames_;
  size_t ip_ = 0;
  uint32_t currentOffset_ = 0;
  bool returned_ = false;
  VtPtr returnValue_;
};

// Bounds on one frame's replay, so that no trace, however hostile, hangs the core
// (issue 21): instructions stepped in one pass (all inlined frames together) and wall
// time for the whole frame. Reaching either is `unsupported`, naming the limit. Set
// process-wide by `dynrr replay --frame-step-limit N --frame-time-limit SECONDS`.
struct ReplayLimits {
  size_t maxSteps = 2'000'000;
  double maxSeconds = 60;
};
void setReplayLimits(const ReplayLimits& limits);
const ReplayLimits& replayLimits();
// `unsupported` once the frame being replayed is past its time limit; long loops outside
// the instruction loop (over a container's elements, say) call it.
Status checkFrameDeadline();

// Replays one recorded event through the core: the decisions the core reaches, or an
// Error whose message is the `unsupported` reason.
struct ReplayOutcome {
  compare::FrameDecisions decisions;
  size_t ops = 0;
  // The core gave up on the whole frame as Dynamo does (it then runs eagerly): the
  // decisions hold only the graph breaks Dynamo logs for that, no graph and no guard.
  bool refused = false;
  // Size symbols that must be one (a ShapeEnv replacement the pass found while its fake
  // tensors had them apart): the replay runs again with each pair made one.
  std::set<std::pair<std::string, std::string>> unify;
  // When the pass made each of them one (TracingContext.unifyTimes).
  std::map<std::pair<std::string, std::string>, size_t> unifyTimes;
  // Tensors reached beyond the frame's locals in a recompile whose frame state (the
  // earlier compiles' sizes for that source) makes dims automatic dynamic: the replay
  // runs again with those dims symbolic.
  std::map<std::string, std::vector<bool>> lateDims;
};
Expected<ReplayOutcome> replayFrame(const trace::TraceReader& trace, size_t eventIndex,
                                    const ReplayHooks* hooks = nullptr);

// "unsupported: <what>" errors (core/support/error.h).
using dynrr::unsupported;

// Dynamo graph-breaks here (raises Unsupported inside break_graph_if_unsupported /
// generic_jump). Records the break for the root frame's current instruction and returns
// the error that unwinds the replay; replayFrame then replays again and compiles the
// partial graph at that instruction, as Dynamo's speculation restart does.
Error graphBreak(InstructionTranslator& tx, const std::string& gbType,
                 const std::string& explanation);

// A graph break raised outside break_graph_if_unsupported (an Unsupported from an opcode
// handler itself, e.g. BEFORE_WITH on a value that is no context manager). In an inlined
// frame it reaches the root's CALL as any break does; in the root, Dynamo falls back to
// the last speculation checkpoint (step_graph_break) or, with none, gives up on the frame.
Error stepGraphBreak(InstructionTranslator& tx, const std::string& gbType,
                     const std::string& explanation);

// set_name_hint: a tensor's node takes the name of the first variable it is stored to
// (graph inputs keep theirs).
void applyNameHint(InstructionTranslator& tx, const VtPtr& value, const std::string& name);

}  // namespace dynrr::tracer
