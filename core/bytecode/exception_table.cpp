// exception_table.cpp — parsing co_exceptiontable (see exception_table.h).
#include "core/bytecode/exception_table.h"

#include <string>

namespace dynrr::bytecode {
namespace {

// One varint; false when the table ends inside it. Values past 32 bits are saturated,
// so garbage cannot overflow and is then rejected by the range checks.
bool readVarint(std::string_view table, size_t& pos, uint64_t& out) {
  if (pos >= table.size()) return false;
  uint32_t b = static_cast<uint8_t>(table[pos++]);
  uint64_t val = b & 63;
  while (b & 64) {
    if (pos >= table.size()) return false;
    b = static_cast<uint8_t>(table[pos++]);
    val = (val << 6) | (b & 63);
    if (val > UINT32_MAX) val = UINT64_C(1) << 40;  // saturate
  }
  out = val;
  return true;
}

}  // namespace

Expected<std::vector<ExceptionTableEntry>> parseExceptionTable(std::string_view table,
                                                               size_t codeBytes) {
  std::vector<ExceptionTableEntry> out;
  size_t pos = 0;
  while (pos < table.size()) {
    const size_t at = pos;
    uint64_t start = 0, length = 0, target = 0, dl = 0;
    if (!readVarint(table, pos, start) || !readVarint(table, pos, length) ||
        !readVarint(table, pos, target) || !readVarint(table, pos, dl)) {
      return Error("exception table truncated in the entry at byte " + std::to_string(at));
    }
    ExceptionTableEntry e;
    const uint64_t end = (start + length) * 2;
    if (end > UINT32_MAX || target * 2 > UINT32_MAX || dl > UINT32_MAX) {
      return Error("exception table entry at byte " + std::to_string(at) + " is out of range");
    }
    e.start = static_cast<uint32_t>(start * 2);
    e.end = static_cast<uint32_t>(end);
    e.target = static_cast<uint32_t>(target * 2);
    e.depth = static_cast<uint32_t>(dl >> 1);
    e.lasti = (dl & 1) != 0;
    if (codeBytes != SIZE_MAX && (e.end > codeBytes || e.target >= codeBytes)) {
      return Error("exception table entry at byte " + std::to_string(at) + " (" +
                   std::to_string(e.start) + " to " + std::to_string(e.end) + " -> " +
                   std::to_string(e.target) + ") points outside the " + std::to_string(codeBytes) +
                   " bytes of code");
    }
    out.push_back(e);
  }
  return out;
}

const ExceptionTableEntry* findHandler(const std::vector<ExceptionTableEntry>& table,
                                       uint32_t offset) {
  for (const auto& e : table) {
    if (offset >= e.start && offset < e.end) return &e;
  }
  return nullptr;
}

}  // namespace dynrr::bytecode
