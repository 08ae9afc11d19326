// library_modules.cpp — see library_modules.h.
#include "core/trace/library_modules.h"

namespace dynrr::trace {

bool isLibraryModule(std::string_view module) {
  // The program's own script: "_" below is meant for private library modules
  // (_operator, _collections), not for __main__.
  if (module == "__main__" || module.substr(0, 9) == "__main__.") return false;
  static constexpr std::string_view kPrefixes[] = {
      "torch",   "builtins", "collections", "enum",      "typing",   "abc",       "functools",
      "numpy",   "_",        "dataclasses", "types",     "weakref",  "copy",      "inspect",
      "re",      "os",       "sys",         "itertools", "operator", "math",      "random",
      "logging", "warnings", "contextlib",  "threading", "dis",      "traceback", "sympy"};
  for (std::string_view p : kPrefixes) {
    if (module.substr(0, p.size()) != p) continue;
    if (module.size() == p.size() || module[p.size()] == '.' || p.back() == '_') return true;
  }
  return false;
}

}  // namespace dynrr::trace
