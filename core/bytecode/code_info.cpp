// code_info.cpp — dis.code_info text (see code_info.h).
#include "core/bytecode/code_info.h"

#include <cstdio>
#include <vector>

#include "core/support/assert.h"

namespace dynrr::bytecode {
namespace {

constexpr const char* kFlagNames[] = {
    "OPTIMIZED", "NEWLOCALS", "VARARGS",   "VARKEYWORDS",        "NESTED",
    "GENERATOR", "NOFREE",    "COROUTINE", "ITERABLE_COROUTINE", "ASYNC_GENERATOR"};

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%x", v);
  return buf;
}

// "%4d: " of the entry index.
std::string index4(size_t i) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%4zu: ", i);
  return buf;
}

void section(std::string& out, const char* title, const std::vector<std::string>& items) {
  if (items.empty()) return;
  out += '\n';
  out += title;
  for (size_t i = 0; i < items.size(); ++i) out += "\n" + index4(i) + items[i];
}

}  // namespace

std::string prettyFlags(uint32_t flags) {
  if (flags == 0) return "0x0";
  std::string out;
  for (int bit = 0; bit < 32 && flags != 0; ++bit) {
    const uint32_t flag = uint32_t{1} << bit;
    if (!(flags & flag)) continue;
    if (!out.empty()) out += ", ";
    out += bit < 10 ? kFlagNames[bit] : hex(flag);
    flags ^= flag;
  }
  return out;
}

std::string codeInfo(const CodeObject& code, const ConstRepr& consts) {
  DYNRR_ASSERT(static_cast<bool>(consts.repr), "ConstRepr::repr must be set");
  std::string out;
  out += "Name:              " + code.name;
  out += "\nFilename:          " + code.filename;
  out += "\nArgument count:    " + std::to_string(code.argcount);
  out += "\nPositional-only arguments: " + std::to_string(code.posonlyargcount);
  out += "\nKw-only arguments: " + std::to_string(code.kwonlyargcount);
  out += "\nNumber of locals:  " + std::to_string(code.nlocals);
  out += "\nStack size:        " + std::to_string(code.stacksize);
  out += "\nFlags:             " + prettyFlags(code.flags);
  std::vector<std::string> constReprs;
  constReprs.reserve(code.consts.size());
  for (trace::ObjRef ref : code.consts) constReprs.push_back(consts.repr(ref));
  section(out, "Constants:", constReprs);
  section(out, "Names:", code.names);
  section(out, "Variable names:", code.varnames);
  section(out, "Free variables:", code.freevars);
  section(out, "Cell variables:", code.cellvars);
  return out;
}

}  // namespace dynrr::bytecode
