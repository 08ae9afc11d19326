// variable_tracker.h — the symbolic values of the core, mirroring Dynamo's
// VariableTracker (torch/_dynamo/variables/base.py) and its MutationType markers
// (ValueMutationNew/Existing, AttributeMutationNew/Existing; see seed 000).
//
// A VariableTracker is immutable once built except for the containers whose
// mutation_type allows it; trackers are shared by VtPtr. Every tracker prints an
// informative repr(): what it is, its source, its value or metadata, its mutation type.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/vt/source.h"

namespace dynrr::vt {

class VariableTracker;
using VtPtr = std::shared_ptr<VariableTracker>;

// Which mutations Dynamo allows on a tracker (variables/base.py MutationType).
enum class MutationType {
  kImmutable,                  // mutation_type is None
  kValueMutationNew,           // a container created during tracing
  kValueMutationExisting,      // a pre-existing container (mutations replayed after the graph)
  kAttributeMutationNew,       // an object created during tracing (attributes may change)
  kAttributeMutationExisting,  // a pre-existing object (attribute stores replayed)
};
const char* mutationTypeName(MutationType m);

enum class VtKind {
  kConstant,        // ConstantVariable: None, bool, int, float, str, Ellipsis
  kTensor,          // TensorVariable
  kSymInt,          // SymNodeVariable of a Python int (dynamic int input or arithmetic on one)
  kTuple,           // TupleVariable
  kList,            // ListVariable
  kDict,            // ConstDictVariable
  kSet,             // SetVariable (of Python constants)
  kRange,           // RangeVariable
  kSlice,           // SliceVariable
  kSize,            // SizeVariable (torch.Size)
  kBuiltin,         // BuiltinVariable (len, isinstance, operator.add, ...)
  kTorchFunction,   // TorchInGraphFunctionVariable
  kUserFunction,    // UserFunctionVariable
  kNestedFunction,  // NestedUserFunctionVariable (MAKE_FUNCTION while tracing)
  kCode,            // ConstantVariable holding a code object (LOAD_CONST before MAKE_FUNCTION)
  kUserMethod,      // UserMethodVariable
  kGetAttr,         // GetAttrVariable (e.g. a Tensor method before the call)
  kModule,          // PythonModuleVariable
  kNull,            // NullVariable (PUSH_NULL / LOAD_GLOBAL's NULL)
  kDtype,           // ConstantVariable holding a torch.dtype / torch.device
  kCell,            // CellVariable
  kIterator,        // ListIteratorVariable
  kUserObject,      // UserDefinedObjectVariable / UnspecializedNNModuleVariable
  kUserClass,       // UserDefinedClassVariable
  kSuper,           // SuperVariable
  kSkipped,         // SkipFunctionVariable
  kGradMode,        // GradModeVariable / TorchCtxManagerClassVariable (torch.no_grad ...)
  kWithExit,        // WithExitFunctionVariable (the __exit__ BEFORE_WITH pushes)
  kOpaque,          // a recorded value the core cannot look into
};
const char* vtKindName(VtKind k);

class VariableTracker {
 public:
  virtual ~VariableTracker() = default;
  VtKind kind() const { return kind_; }
  const SourcePtr& source() const { return source_; }
  void setSource(SourcePtr s) { source_ = std::move(s); }
  MutationType mutationType() const { return mutation_; }
  bool isMutable() const { return mutation_ != MutationType::kImmutable; }

  // The Python type name the tracked value has ("int", "Tensor", "list", ...).
  virtual std::string pythonTypeName() const = 0;
  // Informative repr, e.g. "TensorVariable(f32[2, 3], source=L['x'])".
  std::string repr() const;
  // The value part of repr(), without kind, source and mutation type.
  virtual std::string describe() const = 0;

 protected:
  VariableTracker(VtKind kind, SourcePtr source, MutationType mutation)
      : kind_(kind), source_(std::move(source)), mutation_(mutation) {}

 private:
  VtKind kind_;
  SourcePtr source_;
  MutationType mutation_;
};

}  // namespace dynrr::vt
