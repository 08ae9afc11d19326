// python_names.cpp — the names torch.fx never gives a value (torch/fx/graph.py
// _illegal_names in torch 2.13 under CPython 3.11): keyword.kwlist,
// builtins.__dict__ (with the names site.py adds: copyright, credits, exit, help,
// license, quit) and FX's _custom_builtins. tests/core/graph/make_goldens.py dumps
// the real set to goldens/namespace.json and core_graph_test compares it with this one.
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "core/graph/namespace.h"

namespace dynrr::graph {
namespace {

constexpr const char* kKeywordsOnly[] = {
    "and",    "as",   "assert", "async",  "await",  "break",   "class",    "continue",
    "def",    "del",  "elif",   "else",   "except", "finally", "for",      "from",
    "global", "if",   "import", "in",     "is",     "lambda",  "nonlocal", "not",
    "or",     "pass", "raise",  "return", "try",    "while",   "with",     "yield"};

// The names of builtins.__dict__, space-separated (split once into the owner table).
constexpr std::string_view kBuiltins =
    "ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup "
    "BlockingIOError BrokenPipeError BufferError BytesWarning ChildProcessError "
    "ConnectionAbortedError ConnectionError ConnectionRefusedError ConnectionResetError "
    "DeprecationWarning EOFError Ellipsis EncodingWarning EnvironmentError Exception "
    "ExceptionGroup False FileExistsError FileNotFoundError FloatingPointError "
    "FutureWarning GeneratorExit IOError ImportError ImportWarning IndentationError "
    "IndexError InterruptedError IsADirectoryError KeyError KeyboardInterrupt "
    "LookupError MemoryError ModuleNotFoundError NameError None NotADirectoryError "
    "NotImplemented NotImplementedError OSError OverflowError PendingDeprecationWarning "
    "PermissionError ProcessLookupError RecursionError ReferenceError ResourceWarning "
    "RuntimeError RuntimeWarning StopAsyncIteration StopIteration SyntaxError "
    "SyntaxWarning SystemError SystemExit TabError TimeoutError True TypeError "
    "UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError "
    "UnicodeTranslateError UnicodeWarning UserWarning ValueError Warning "
    "ZeroDivisionError __build_class__ __debug__ __doc__ __import__ __loader__ __name__ "
    "__package__ __spec__ abs aiter all anext any ascii bin bool breakpoint bytearray "
    "bytes callable chr classmethod compile complex copyright credits delattr dict dir "
    "divmod enumerate eval exec exit filter float format frozenset getattr globals "
    "hasattr hash help hex id input int isinstance issubclass iter len license list "
    "locals map max memoryview min next object oct open ord pow print property quit "
    "range repr reversed round set setattr slice sorted staticmethod str sum super tuple "
    "type vars zip";

// _custom_builtins: name -> the object FX registers (by qualified name).
constexpr const char* kCustomBuiltins[][2] = {{"inf", "math.inf"},
                                              {"nan", "math.nan"},
                                              {"NoneType", "NoneType"},
                                              {"torch", "torch"},
                                              {"device", "torch.device"},
                                              {"fx_pytree", "torch.fx._pytree"},
                                              {"pytree", "torch.utils._pytree"}};

const std::unordered_map<std::string, std::string>& ownerTable() {
  static const auto* table = [] {
    auto* t = new std::unordered_map<std::string, std::string>();
    for (const char* k : kKeywordsOnly) (*t)[k] = "<keyword>";
    for (size_t at = 0; at < kBuiltins.size();) {
      size_t end = kBuiltins.find(' ', at);
      if (end == std::string_view::npos) end = kBuiltins.size();
      std::string b(kBuiltins.substr(at, end - at));
      (*t)[b] = b;
      at = end + 1;
    }
    (*t)["None"] = "";  // builtins.__dict__["None"] is None itself
    for (const auto& c : kCustomBuiltins) (*t)[c[0]] = c[1];
    return t;
  }();
  return *table;
}

}  // namespace

bool isPythonIllegalName(std::string_view name) {
  return ownerTable().count(std::string(name)) != 0;
}

std::string pythonIllegalNameOwner(std::string_view name) {
  auto it = ownerTable().find(std::string(name));
  return it == ownerTable().end() ? std::string("<none>") : it->second;
}

const std::unordered_set<std::string>& pythonIllegalNames() {
  static const auto* names = [] {
    auto* s = new std::unordered_set<std::string>();
    for (const auto& [k, v] : ownerTable()) s->insert(k);
    return s;
  }();
  return *names;
}

}  // namespace dynrr::graph
