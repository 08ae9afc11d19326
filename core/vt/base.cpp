// base.cpp — see base.h. The protocol's defaults are the base class's answers.
#include "core/vt/base.h"

#include <atomic>

namespace dynrr::vt {
namespace {

// Shared by every replay in the process: only the order matters, not the values.
std::atomic<uint64_t> gSerial{1};

}  // namespace

uint64_t VariableTracker::nextSerial() { return gSerial.fetch_add(1, std::memory_order_relaxed); }

uint64_t VariableTracker::peekSerial() { return gSerial.load(std::memory_order_relaxed); }

const char* mutationTypeName(MutationType m) {
  switch (m) {
    case MutationType::kImmutable: return "immutable";
    case MutationType::kValueMutationNew: return "ValueMutationNew";
    case MutationType::kValueMutationExisting: return "ValueMutationExisting";
    case MutationType::kAttributeMutationNew: return "AttributeMutationNew";
    case MutationType::kAttributeMutationExisting: return "AttributeMutationExisting";
  }
  return "?";
}

const char* vtKindName(VtKind k) {
  switch (k) {
    case VtKind::kConstant: return "ConstantVariable";
    case VtKind::kTensor: return "TensorVariable";
    case VtKind::kTuple: return "TupleVariable";
    case VtKind::kList: return "ListVariable";
    case VtKind::kDict: return "ConstDictVariable";
    case VtKind::kRange: return "RangeVariable";
    case VtKind::kSlice: return "SliceVariable";
    case VtKind::kSize: return "SizeVariable";
    case VtKind::kBuiltin: return "BuiltinVariable";
    case VtKind::kTorchFunction: return "TorchInGraphFunctionVariable";
    case VtKind::kUserFunction: return "UserFunctionVariable";
    case VtKind::kNestedFunction: return "NestedUserFunctionVariable";
    case VtKind::kCode: return "ConstantVariable";
    case VtKind::kUserMethod: return "UserMethodVariable";
    case VtKind::kGetAttr: return "GetAttrVariable";
    case VtKind::kModule: return "PythonModuleVariable";
    case VtKind::kNull: return "NullVariable";
    case VtKind::kDtype: return "ConstantVariable";
    case VtKind::kCell: return "CellVariable";
    case VtKind::kIterator: return "ListIteratorVariable";
    case VtKind::kUserObject: return "UserDefinedObjectVariable";
    case VtKind::kUserClass: return "UserDefinedClassVariable";
    case VtKind::kSuper: return "SuperVariable";
    case VtKind::kSkipped: return "SkipFunctionVariable";
    case VtKind::kPartial: return "FunctoolsPartialVariable";
    case VtKind::kSet: return "SetVariable";
    case VtKind::kSymInt: return "SymNodeVariable";
    case VtKind::kGradMode: return "GradModeVariable";
    case VtKind::kWithExit: return "WithExitFunctionVariable";
    case VtKind::kEnum: return "UserDefinedObjectVariable";
    case VtKind::kException: return "ExceptionVariable";
    case VtKind::kGenericContext: return "GenericContextWrappingVariable";
    case VtKind::kNullContext: return "NullContextVariable";
    case VtKind::kAutocast: return "AutocastModeVariable";
    case VtKind::kFunctorchContext: return "VmapIncrementNestingCtxManagerVariable";
    case VtKind::kInferenceMode: return "InferenceModeVariable";
    case VtKind::kFakeId: return "FakeIdVariable";
    case VtKind::kCatchWarnings: return "CatchWarningsCtxManagerVariable";
    case VtKind::kPolyfilled: return "PolyfilledFunctionVariable";
    case VtKind::kOperatorGetter: return "NestedUserFunctionVariable";
    case VtKind::kMappingProxy: return "MappingProxyVariable";
    case VtKind::kHigherOrderOp: return "TorchHigherOrderOperatorVariable";
    case VtKind::kNdarray: return "NumpyNdarrayVariable";
    case VtKind::kNumpy: return "NumpyVariable";
    case VtKind::kUntypedStorage: return "UntypedStorageVariable";
    case VtKind::kTyping: return "TypingVariable";
    case VtKind::kOpaque: return "OpaqueVariable";
  }
  return "?";
}

std::string VariableTracker::repr() const {
  std::string out = className() + "(" + describe();
  if (source_) out += ", source=" + source_->name();
  if (mutation_ != MutationType::kImmutable) out += std::string(", ") + mutationTypeName(mutation_);
  return out + ")";
}

Error VariableTracker::unsupportedOn(const std::string& what) const {
  return unsupported(what + " on " + className());
}

Expected<VtPtr> VariableTracker::realize(Tx&) { return self(); }

Expected<VtPtr> VariableTracker::callFunction(Tx&, Args, Kwargs) {
  return unsupported("call of a " + pythonTypeName() + " (" + vtKindName(kind_) + ")");
}

Expected<VtPtr> VariableTracker::callMethod(Tx&, const std::string& name, Args, Kwargs) {
  return unsupported("method " + name + " of a " + pythonTypeName() + " (" + vtKindName(kind_) +
                     ")");
}

Expected<VtPtr> VariableTracker::varGetattr(Tx&, const std::string& name) {
  return unsupported("getattr '" + name + "' on " + std::string(vtKindName(kind_)));
}

Expected<std::vector<VtPtr>> VariableTracker::unpackVarSequence(Tx&) {
  return unsupported("iterating over " + pythonTypeName());
}

Expected<bool> VariableTracker::callObjHasattr(Tx&, const std::string& name) {
  return unsupported("hasattr(" + pythonTypeName() + ", '" + name + "')");
}

Expected<bool> VariableTracker::boolValue(Tx&) {
  return unsupported("truth value of " + pythonTypeName());
}

}  // namespace dynrr::vt
