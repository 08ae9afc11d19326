// base.h — the symbolic values of the core and the protocol they answer, mirroring
// Dynamo's VariableTracker (torch/_dynamo/variables/base.py) and its MutationType
// markers (ValueMutationNew/Existing, AttributeMutationNew/Existing; see seed 000).
//
// Behaviour lives on the trackers, as in Dynamo: every class answers the same protocol
// (call_function, call_method, var_getattr, unpack_var_sequence, call_obj_hasattr,
// is_python_constant, python_type, realize), and the opcode handlers of core/tracer stay
// thin: pop, ask the variable, push. A class that does not model a method inherits the
// base's answer: an honest `unsupported: <method> on <class>` (where Dynamo's base class
// graph-breaks, the translator turns that into the same refusal of the frame).
//
// The translator is passed as `tx`, as Dynamo passes it. core/vt and core/tracer are one
// layer (in Dynamo, variables/ and symbolic_convert.py import each other); they are two
// folders, linked as a cycle of static libraries.
//
// `reconstruct` has no method here: the core does not emit bytecode. What the codegen's
// reconstruction decides for the graph (outputs, what it realises and so guards) is in
// core/tracer/codegen.cpp.
//
// A VariableTracker is immutable once built except for the containers whose
// mutation_type allows it; trackers are shared by VtPtr and always made by make_shared
// (methods that need `self` as a VtPtr use shared_from_this). Every tracker prints an
// informative repr(): what it is, its source, its value or metadata, its mutation type.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/support/error.h"
#include "core/vt/source.h"

namespace dynrr::tracer {
class InstructionTranslator;
}  // namespace dynrr::tracer

namespace dynrr::vt {

class VariableTracker;
using VtPtr = std::shared_ptr<VariableTracker>;
using Tx = tracer::InstructionTranslator;
using Args = std::vector<VtPtr>;
using Kwargs = std::vector<std::pair<std::string, VtPtr>>;

// Which mutations Dynamo allows on a tracker (variables/base.py MutationType).
enum class MutationType {
  kImmutable,                  // mutation_type is None
  kValueMutationNew,           // a container created during tracing
  kValueMutationExisting,      // a pre-existing container (mutations replayed after the graph)
  kAttributeMutationNew,       // an object created during tracing (attributes may change)
  kAttributeMutationExisting,  // a pre-existing object (attribute stores replayed)
};
const char* mutationTypeName(MutationType m);

// The concrete class of a tracker, for reprs, `dynrr debug` and the few places where
// Dynamo itself tests a class (isinstance(v, TensorVariable)).
enum class VtKind {
  kConstant,          // ConstantVariable: None, bool, int, float, str, Ellipsis
  kTensor,            // TensorVariable
  kSymInt,            // SymNodeVariable of a Python int (dynamic int input or arithmetic on one)
  kTuple,             // TupleVariable
  kList,              // ListVariable
  kDict,              // ConstDictVariable
  kSet,               // SetVariable (of Python constants)
  kRange,             // RangeVariable
  kSlice,             // SliceVariable
  kSize,              // SizeVariable (torch.Size)
  kBuiltin,           // BuiltinVariable (len, isinstance, operator.add, ...)
  kTorchFunction,     // TorchInGraphFunctionVariable
  kUserFunction,      // UserFunctionVariable
  kNestedFunction,    // NestedUserFunctionVariable (MAKE_FUNCTION while tracing)
  kCode,              // ConstantVariable holding a code object (LOAD_CONST before MAKE_FUNCTION)
  kUserMethod,        // UserMethodVariable
  kGetAttr,           // GetAttrVariable (e.g. a Tensor method before the call)
  kModule,            // PythonModuleVariable
  kNull,              // NullVariable (PUSH_NULL / LOAD_GLOBAL's NULL)
  kDtype,             // ConstantVariable holding a torch.dtype / torch.device
  kCell,              // CellVariable
  kIterator,          // ListIteratorVariable
  kUserObject,        // UserDefinedObjectVariable / UnspecializedNNModuleVariable
  kUserClass,         // UserDefinedClassVariable
  kSuper,             // SuperVariable
  kSkipped,           // SkipFunctionVariable
  kPartial,           // FunctoolsPartialVariable
  kGradMode,          // GradModeVariable / TorchCtxManagerClassVariable (torch.no_grad ...)
  kWithExit,          // WithExitFunctionVariable (the __exit__ BEFORE_WITH pushes)
  kEnum,              // UserDefinedObjectVariable over an enum.Enum member (a Python constant)
  kException,         // ExceptionVariable / UserDefinedExceptionObjectVariable
  kGenericContext,    // GenericContextWrappingVariable (a user class with __enter__/__exit__)
  kNullContext,       // NullContextVariable (contextlib.nullcontext and its class)
  kAutocast,          // AutocastModeVariable (torch.autocast, its class and its objects)
  kFunctorchContext,  // VmapIncrementNestingCtxManagerVariable (torch.func.vmap's level)
  kInferenceMode,     // InferenceModeVariable (torch.inference_mode, its class and objects)
  kFakeId,            // FakeIdVariable (id() of a value with no runtime object)
  kCatchWarnings,     // CatchWarningsCtxManagerVariable (warnings.catch_warnings())
  kPolyfilled,        // PolyfilledFunctionVariable of typing.cast
  kMappingProxy,      // MappingProxyVariable (types.MappingProxyType over a dict)
  kOperatorGetter,    // the closure operator.itemgetter / attrgetter / methodcaller's polyfill
                      // returns
  kHigherOrderOp,     // TorchHigherOrderOperatorVariable (torch.ops.higher_order.cond ...)
  kUntypedStorage,    // UntypedStorageVariable (tensor.untyped_storage() of a graph input)
  kNdarray,           // NumpyNdarrayVariable (tensor.numpy(): a tensor node seen as an ndarray)
  kNumpy,             // NumpyVariable (a numpy function: numpy.sin, numpy.add, numpy.mean)
  kTyping,            // TypingVariable of a types.GenericAlias (list[int])
  kOpaque,            // a recorded value the core cannot look into (and LazyVariableTracker)
};
const char* vtKindName(VtKind k);

class VariableTracker : public std::enable_shared_from_this<VariableTracker> {
 public:
  virtual ~VariableTracker() = default;
  VtKind kind() const { return kind_; }
  const SourcePtr& source() const { return source_; }
  void setSource(SourcePtr s) { source_ = std::move(s); }
  MutationType mutationType() const { return mutation_; }
  bool isMutable() const { return mutation_ != MutationType::kImmutable; }

  // python_type(): the Python type name the tracked value has ("int", "Tensor", "list").
  virtual std::string pythonTypeName() const = 0;
  // Informative repr, e.g. "TensorVariable(f32[2, 3], source=L['x'])".
  std::string repr() const;
  // The value part of repr(), without kind, source and mutation type.
  virtual std::string describe() const = 0;
  // The class name repr() prints (Dynamo's class name).
  virtual std::string className() const { return vtKindName(kind_); }

  // ---- Dynamo's protocol. `tx` is the translator running the current frame. ----

  // realize(): the tracker itself; a LazyVariableTracker builds (and guards) its value,
  // and a value the core cannot look into says so.
  virtual Expected<VtPtr> realize(Tx& tx);
  // call_function(tx, args, kwargs): calling this value.
  virtual Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs);
  // call_method(tx, name, args, kwargs): `self.name(*args, **kwargs)`, including the
  // dunder methods the builtins and opcodes go through (__getitem__, __setitem__,
  // __delitem__, __contains__, __len__, __iter__, __setattr__).
  virtual Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs);
  // var_getattr(tx, name): `self.name`.
  virtual Expected<VtPtr> varGetattr(Tx& tx, const std::string& name);
  // unpack_var_sequence(tx): the items iterating this value gives, in order.
  virtual Expected<std::vector<VtPtr>> unpackVarSequence(Tx& tx);
  // call_obj_hasattr(tx, name): hasattr(self, name).
  virtual Expected<bool> callObjHasattr(Tx& tx, const std::string& name);
  // is_python_constant(): as_python_constant() would succeed (after realisation).
  virtual bool isPythonConstant() const { return false; }
  // The truth value generic_jump (symbolic_convert.py) takes for a jump on this value:
  // a constant's, a container's emptiness, a graph break on a tensor.
  virtual Expected<bool> boolValue(Tx& tx);

  VtPtr self() { return shared_from_this(); }
  // Creation order of trackers: a value made before a higher-order op's subgraph began is
  // outside the subgraph's scope (Dynamo compares MutationType.scope with the current
  // scope id in SideEffects.check_allowed_side_effect).
  uint64_t serial() const { return serial_; }
  // The serial the next tracker will get.
  static uint64_t peekSerial();

 protected:
  VariableTracker(VtKind kind, SourcePtr source, MutationType mutation)
      : kind_(kind), source_(std::move(source)), mutation_(mutation), serial_(nextSerial()) {}
  // "unsupported: <what> on <class>" with the class's Dynamo name.
  Error unsupportedOn(const std::string& what) const;

 private:
  static uint64_t nextSerial();

  VtKind kind_;
  SourcePtr source_;
  MutationType mutation_;
  uint64_t serial_;
};

// A per-class table of call_method handlers, in place of an if-chain on the name (as
// Dynamo's classes dispatch to `method_<name>` / `call_<name>`).
template <class Self>
using MethodHandler = Expected<VtPtr> (*)(Self& self, Tx& tx, Args& args, Kwargs& kwargs);

}  // namespace dynrr::vt
