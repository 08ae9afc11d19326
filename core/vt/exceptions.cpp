// exceptions.cpp — see exceptions.h. Mirrors variables/misc.py ExceptionVariable,
// variables/user_defined.py UserDefinedExceptionObjectVariable and
// symbolic_convert.py ExceptionStack.
#include "core/vt/exceptions.h"

#include <map>

#include "core/tracer/instruction_translator.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"
#include "core/vt/user_defined.h"

namespace dynrr::vt {
namespace {

using W = schema::Object::Which;

// CPython 3.11's builtin exception hierarchy (Objects/exceptions.c), child -> base.
const std::map<std::string, std::string>& exceptionBases() {
  static const std::map<std::string, std::string> kBases = [] {
    std::map<std::string, std::string> m;
    auto add = [&m](const std::string& base, std::initializer_list<const char*> children) {
      for (const char* c : children) m[c] = base;
    };
    m["BaseException"] = "";
    add("BaseException",
        {"BaseExceptionGroup", "Exception", "GeneratorExit", "KeyboardInterrupt", "SystemExit"});
    add("Exception",
        {"ArithmeticError", "AssertionError", "AttributeError", "BufferError", "EOFError",
         "ImportError", "LookupError", "MemoryError", "NameError", "OSError", "ReferenceError",
         "RuntimeError", "StopAsyncIteration", "StopIteration", "SyntaxError", "SystemError",
         "TypeError", "ValueError", "Warning"});
    // ExceptionGroup(BaseExceptionGroup, Exception): its first base here, the second in
    // builtinExceptionIsSubclass.
    add("BaseExceptionGroup", {"ExceptionGroup"});
    add("ArithmeticError", {"FloatingPointError", "OverflowError", "ZeroDivisionError"});
    add("ImportError", {"ModuleNotFoundError"});
    add("LookupError", {"IndexError", "KeyError"});
    add("NameError", {"UnboundLocalError"});
    add("OSError", {"BlockingIOError", "ChildProcessError", "ConnectionError", "FileExistsError",
                    "FileNotFoundError", "InterruptedError", "IsADirectoryError",
                    "NotADirectoryError", "PermissionError", "ProcessLookupError", "TimeoutError"});
    add("ConnectionError", {"BrokenPipeError", "ConnectionAbortedError", "ConnectionRefusedError",
                            "ConnectionResetError"});
    add("RuntimeError", {"NotImplementedError", "RecursionError"});
    add("SyntaxError", {"IndentationError"});
    add("IndentationError", {"TabError"});
    add("ValueError", {"UnicodeError"});
    add("UnicodeError", {"UnicodeDecodeError", "UnicodeEncodeError", "UnicodeTranslateError"});
    add("Warning", {"BytesWarning", "DeprecationWarning", "EncodingWarning", "FutureWarning",
                    "ImportWarning", "PendingDeprecationWarning", "ResourceWarning",
                    "RuntimeWarning", "SyntaxWarning", "UnicodeWarning", "UserWarning"});
    return m;
  }();
  return kBases;
}

}  // namespace

const char* builtinExceptionBase(const std::string& name) {
  // The OSError aliases (EnvironmentError, IOError) are left out: not modelled.
  auto it = exceptionBases().find(name);
  return it == exceptionBases().end() ? nullptr : it->second.c_str();
}

bool builtinExceptionIsSubclass(const std::string& name, const std::string& base) {
  if (name == "ExceptionGroup" && base == "Exception") return true;  // its second base
  std::string k = name;
  for (int depth = 0; depth < 16 && !k.empty(); ++depth) {
    if (k == base) return true;
    const char* b = builtinExceptionBase(k);
    if (!b) return false;
    k = b;
  }
  return false;
}

std::string userExceptionBuiltinBase(const trace::TraceReader& trace, trace::ObjRef cls) {
  auto c = trace.object(cls);
  if (!c || c->which() != W::CLASS) return "";
  for (auto k : c->getClass().getMro()) {
    auto kc = trace.object(k);
    if (!kc || kc->which() != W::CLASS) continue;
    std::string module = kc->getClass().getModule().cStr();
    std::string name = kc->getClass().getQualname().cStr();
    if ((module == "builtins" || module.empty()) && isBuiltinExceptionClass(name)) return name;
  }
  return "";
}

ExceptionVariable::ExceptionVariable(std::string typeName, trace::ObjRef classRef,
                                     std::string builtinBase, Args args)
    : VariableTracker(VtKind::kException, nullptr, MutationType::kAttributeMutationNew),
      typeName_(std::move(typeName)),
      classRef_(classRef),
      builtinBase_(std::move(builtinBase)),
      args_(std::move(args)) {}

std::string ExceptionVariable::describe() const {
  std::string s = typeName_ + "(";
  for (size_t i = 0; i < args_.size(); ++i) s += (i ? ", " : "") + args_[i]->repr();
  return s + ")";
}

std::optional<bool> ExceptionVariable::isInstanceOf(Tx& tx, const VtPtr& cls) const {
  if (cls->kind() == VtKind::kBuiltin) {
    const std::string& name = static_cast<const BuiltinVariable&>(*cls).name();
    if (!isBuiltinExceptionClass(name)) return std::nullopt;
    return builtinExceptionIsSubclass(classRef_ ? builtinBase_ : typeName_, name);
  }
  if (cls->kind() == VtKind::kUserClass) {
    trace::ObjRef want = static_cast<const UserClassVariable&>(*cls).cls();
    // `except C` with C no exception class: TypeError in Python, a graph break in Dynamo.
    if (userExceptionBuiltinBase(tx.context().trace, want).empty()) return std::nullopt;
    if (!classRef_) return false;
    auto c = tx.context().trace.object(classRef_);
    if (!c || c->which() != W::CLASS) return std::nullopt;
    for (auto k : c->getClass().getMro())
      if (k == want) return true;
    return false;
  }
  return std::nullopt;
}

VtPtr ExceptionVariable::classVariable() const {
  if (!classRef_) return std::make_shared<BuiltinVariable>(typeName_);
  return std::make_shared<UserClassVariable>(classRef_, typeName_, nullptr);
}

Expected<VtPtr> ExceptionVariable::varGetattr(Tx& tx, const std::string& name) {
  VtPtr none = ConstantVariable::make(NoneValue{});
  if (name == "args") return makeTuple(args_);
  if (name == "__context__") return context_ ? context_ : none;
  if (name == "__cause__") return cause_ ? cause_ : none;
  if (name == "__suppress_context__") return ConstantVariable::make(cause_ != nullptr);
  return VariableTracker::varGetattr(tx, name);
}

Expected<VtPtr> ExceptionVariable::callMethod(Tx& tx, const std::string& name, Args args,
                                              Kwargs kwargs) {
  if (name == "__setattr__" && args.size() == 2 && kwargs.empty()) {
    const std::string* attr = constantStr(args[0]);
    const ConstantVariable* value = asConstant(args[1]);
    if (attr && *attr == "__traceback__" && value && value->isNone())
      return ConstantVariable::make(NoneValue{});
    return unsupported("attribute store on an exception object (" +
                       (attr ? *attr : std::string("a non-constant name")) + ")");
  }
  return VariableTracker::callMethod(tx, name, std::move(args), std::move(kwargs));
}

Expected<VtPtr> makeBuiltinException(const std::string& name, Args args, const Kwargs& kwargs) {
  // ExceptionVariable.__init__: keyword arguments are a graph break in Dynamo.
  if (!kwargs.empty()) return unsupported("keyword arguments to exception constructor " + name);
  return VtPtr(std::make_shared<ExceptionVariable>(name, 0, name, std::move(args)));
}

Error raiseObservedException(Tx& tx, const std::string& name, Args args) {
  VtPtr exc = std::make_shared<ExceptionVariable>(name, 0, name, std::move(args));
  tx.context().exceptions.setCurrent(exc, true);
  return Error::observedException("raised exception " + exc->repr());
}

void ExceptionStack::setCurrent(VtPtr exc, bool setContext) {
  if (setContext && !stack_.empty() && stack_.back() != exc) {
    if (auto* e = asException(exc); e && !e->context()) e->setContext(stack_.back());
  }
  current_ = std::move(exc);
}

}  // namespace dynrr::vt
