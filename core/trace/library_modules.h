// library_modules.h — which Python modules are "library code" to the recorder and core.
//
// The contract between recorder/extension/object_walker.cpp (which records the classes
// and functions of these modules by the names reached, not entirely, and bounds the
// depth of their globals) and the core (which does not trace into their classes). One
// definition, so the two never disagree: a third-party package such as transformers is
// not library code here, since Dynamo inlines it (trace_rules: it is not in SKIP_DIRS).
#pragma once

#include <string_view>

namespace dynrr::trace {

// True for the standard-library and torch modules (and private "_" modules such as
// _operator, _collections) whose objects are recorded shallowly. "__main__" never is.
bool isLibraryModule(std::string_view module);

}  // namespace dynrr::trace
