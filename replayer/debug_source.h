// debug_source.h — the Python source lines of a recorded code object, when the file
// the code object names is readable here. Traces hold no source text (trace.capnp
// Code has co_filename and co_linetable only), so `dynrr debug`'s `list` and the HTML
// report read the file if present and otherwise say so (linecache.getlines' role).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace dynrr::replayer {

// The lines of `path` without their newlines, or nullopt if it cannot be read. A
// relative `path` (recordings keep co_filename as Python saw it) is tried from the
// working directory, then from each directory above `nearFile` (the trace), so
// "corpus/programs/a.py" is found next to "corpus/traces/x/a.dynrr" from anywhere.
std::optional<std::vector<std::string>> readSourceLines(const std::string& path,
                                                        const std::string& nearFile = "");

// "/a/b/prog.py" -> "prog.py".
std::string baseName(const std::string& path);

}  // namespace dynrr::replayer
