// line_table.cpp — decoding the 3.11 location table (see line_table.h).
//
// Each entry starts with a byte whose bit 7 is set: bits 3-6 are the entry code,
// bits 0-2 the number of code units covered minus one. Codes 0-9 are the short form
// (same line, one column byte), 10-12 one-line forms (line delta 0-2, column and end
// column bytes), 13 no columns (signed varint line delta), 14 the long form (signed
// line delta, end-line delta, column+1, end column+1 as varints), 15 no location.
// Varints here are little-endian 6-bit groups with 0x40 as the continuation bit.
#include "core/bytecode/line_table.h"

#include <algorithm>
#include <string>

namespace dynrr::bytecode {
namespace {

constexpr int kCodeNoColumns = 13;
constexpr int kCodeLong = 14;
constexpr int kCodeNone = 15;

class Cursor {
 public:
  explicit Cursor(std::string_view table) : table_(table) {}
  bool atEnd() const { return pos_ >= table_.size(); }
  size_t pos() const { return pos_; }
  bool readByte(uint32_t& out) {
    if (pos_ >= table_.size()) return false;
    out = static_cast<uint8_t>(table_[pos_++]);
    return true;
  }
  bool readVarint(uint32_t& out) {
    uint32_t b = 0;
    if (!readByte(b)) return false;
    uint64_t val = b & 63;
    unsigned shift = 0;
    while (b & 64) {
      if (!readByte(b)) return false;
      shift += 6;
      if (shift < 64) val |= static_cast<uint64_t>(b & 63) << shift;
    }
    out = static_cast<uint32_t>(val);
    return true;
  }
  bool readSignedVarint(int32_t& out) {
    uint32_t u = 0;
    if (!readVarint(u)) return false;
    out = (u & 1) ? -static_cast<int32_t>(u >> 1) : static_cast<int32_t>(u >> 1);
    return true;
  }

 private:
  std::string_view table_;
  size_t pos_ = 0;
};

// One decoded entry: how many code units it covers and the location it gives.
struct Entry {
  uint32_t units = 0;
  bool noLine = false;
  int32_t lineDelta = 0;
  std::optional<int32_t> endLineDelta;  // relative to the new line
  std::optional<int32_t> column;
  std::optional<int32_t> endColumn;
};

Error truncated(size_t at) {
  return Error("location table truncated in the entry at byte " + std::to_string(at));
}

Expected<Entry> readEntry(Cursor& cur) {
  const size_t at = cur.pos();
  uint32_t first = 0;
  if (!cur.readByte(first)) return truncated(at);
  if (!(first & 0x80)) {
    return Error("location table entry at byte " + std::to_string(at) +
                 " does not start with bit 7 set");
  }
  Entry e;
  e.units = (first & 7) + 1;
  const int code = static_cast<int>((first >> 3) & 15);
  uint32_t b = 0;
  switch (code) {
    case kCodeNone: e.noLine = true; break;
    case kCodeLong: {
      uint32_t endDelta = 0, col = 0, endCol = 0;
      if (!cur.readSignedVarint(e.lineDelta) || !cur.readVarint(endDelta) || !cur.readVarint(col) ||
          !cur.readVarint(endCol)) {
        return truncated(at);
      }
      e.endLineDelta = static_cast<int32_t>(endDelta);
      e.column = static_cast<int32_t>(col) - 1;
      e.endColumn = static_cast<int32_t>(endCol) - 1;
      if (*e.column < 0) e.column.reset();
      if (*e.endColumn < 0) e.endColumn.reset();
      break;
    }
    case kCodeNoColumns:
      if (!cur.readSignedVarint(e.lineDelta)) return truncated(at);
      e.endLineDelta = 0;
      break;
    case 10:
    case 11:
    case 12: {
      uint32_t col = 0, endCol = 0;
      if (!cur.readByte(col) || !cur.readByte(endCol)) return truncated(at);
      e.lineDelta = code - 10;
      e.endLineDelta = 0;
      e.column = static_cast<int32_t>(col);
      e.endColumn = static_cast<int32_t>(endCol);
      break;
    }
    default: {
      if (!cur.readByte(b)) return truncated(at);
      e.endLineDelta = 0;
      e.column = (code << 3) | static_cast<int32_t>((b >> 4) & 7);
      e.endColumn = *e.column + static_cast<int32_t>(b & 15);
      break;
    }
  }
  return e;
}

}  // namespace

Expected<std::vector<LocationEntry>> decodeLocationTable(std::string_view linetable,
                                                         uint32_t firstlineno) {
  std::vector<LocationEntry> out;
  out.reserve(linetable.size() / 2);
  Cursor cur(linetable);
  int64_t line = firstlineno;
  uint32_t offset = 0;
  while (!cur.atEnd()) {
    auto e = readEntry(cur);
    if (!e.ok()) return e.error();
    line += e->lineDelta;
    LocationEntry entry;
    entry.start = offset;
    offset += e->units * 2;
    entry.end = offset;
    // lineiter_next gives None for "no line" and for any negative line.
    if (!e->noLine && line >= 0) entry.line = static_cast<int32_t>(line);
    if (!e->noLine) {
      // positionsiter_next turns -1 (only) into None.
      if (line != -1) entry.positions.line = static_cast<int32_t>(line);
      const int64_t endLine = line + e->endLineDelta.value_or(0);
      if (endLine != -1) entry.positions.endLine = static_cast<int32_t>(endLine);
      entry.positions.column = e->column;
      entry.positions.endColumn = e->endColumn;
    }
    out.push_back(entry);
  }
  return out;
}

Expected<std::vector<LineRange>> decodeLines(std::string_view linetable, uint32_t firstlineno) {
  auto entries = decodeLocationTable(linetable, firstlineno);
  if (!entries.ok()) return entries.error();
  std::vector<LineRange> out;
  out.reserve(entries->size());
  for (const LocationEntry& e : *entries) out.push_back({e.start, e.end, e.line});
  return out;
}

Expected<std::vector<Positions>> decodePositions(std::string_view linetable, uint32_t firstlineno) {
  auto entries = decodeLocationTable(linetable, firstlineno);
  if (!entries.ok()) return entries.error();
  std::vector<Positions> out;
  out.reserve(entries->empty() ? 0 : entries->back().end / 2);
  for (const LocationEntry& e : *entries) out.insert(out.end(), (e.end - e.start) / 2, e.positions);
  return out;
}

std::optional<int32_t> addr2line(const std::vector<LineRange>& lines, uint32_t offset) {
  // Ranges are contiguous and sorted: binary search for the first that ends past offset.
  auto it = std::upper_bound(lines.begin(), lines.end(), offset,
                             [](uint32_t off, const LineRange& r) { return off < r.end; });
  if (it == lines.end() || it->start > offset) return std::nullopt;
  return it->line;
}

std::vector<std::pair<uint32_t, int32_t>> findLineStarts(const std::vector<LineRange>& lines) {
  std::vector<std::pair<uint32_t, int32_t>> out;
  std::optional<int32_t> last;
  for (const auto& r : lines) {
    if (r.line && r.line != last) {
      last = r.line;
      out.emplace_back(r.start, *r.line);
    }
  }
  return out;
}

}  // namespace dynrr::bytecode
