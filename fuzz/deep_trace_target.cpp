// deep_trace_target.cpp — see deep_trace_target.h.
#include "fuzz/deep_trace_target.h"

#include <capnp/serialize.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/compare/compare.h"
#include "core/compare/decisions.h"
#include "core/trace/content_hash.h"
#include "core/trace/object_printer.h"
#include "core/trace/read_watermark.h"
#include "core/trace/trace.capnp.h"
#include "core/trace/trace_format.h"
#include "core/trace/trace_reader.h"
#include "core/tracer/instruction_translator.h"
#include "replayer/show_disassembly.h"

namespace dynrr::fuzz {
namespace {

// Each chunk the reader accepted, in file order, with a key for the file up to it: a hash
// of the file header and of every chunk header so far (a chunk header carries the XXH3
// checksum of its payload, which the reader verified).
struct ChunkKeys {
  std::vector<uint64_t> offset;
  std::vector<uint64_t> prefix;  // prefix[k]: the file up to and including chunk k
  size_t lastHeader = 0;         // the trace header chunk (every event reads it)

  ChunkKeys(const uint8_t* data, size_t size) {
    size_t at = std::min(size, sizeof(trace::FileHeader));
    uint64_t key = trace::checksum64(data, at);
    while (size - at >= sizeof(trace::ChunkHeader)) {
      trace::ChunkHeader ch{};
      std::memcpy(&ch, data + at, sizeof(ch));
      if (ch.magic != trace::kChunkMagic || ch.payloadBytes > size - at - sizeof(ch)) break;
      unsigned char link[sizeof(key) + sizeof(ch)];
      std::memcpy(link, &key, sizeof(key));
      std::memcpy(link + sizeof(key), &ch, sizeof(ch));
      key = trace::checksum64(link, sizeof(link));
      if (ch.kind == static_cast<uint32_t>(trace::ChunkKind::kHeader)) lastHeader = offset.size();
      offset.push_back(at);
      prefix.push_back(key);
      at += sizeof(ch) + ch.payloadBytes;
    }
  }
  // The chunk at file offset `at` (one the reader reported).
  size_t indexOf(uint64_t at) const {
    auto it = std::lower_bound(offset.begin(), offset.end(), at);
    return static_cast<size_t>(it - offset.begin());
  }
};

// Events already run in this process: keyed on ChunkKeys::prefix of their own chunk; for
// the replay, also the chunk its reads reached and the key up to there.
struct Memo {
  std::unordered_set<uint64_t> shown;
  std::unordered_map<uint64_t, std::vector<std::pair<uint32_t, uint64_t>>> replays;

  bool replayKnown(uint64_t own, const ChunkKeys& keys) const {
    auto hit = replays.find(own);
    if (hit == replays.end()) return false;
    for (const auto& [reach, key] : hit->second) {
      if (reach < keys.prefix.size() && keys.prefix[reach] == key) return true;
    }
    return false;
  }
  void clearIfLarge() {
    if (shown.size() + replays.size() > (size_t{1} << 21)) {
      shown.clear();
      replays.clear();
    }
  }
};
Memo& memo() {
  static Memo m;
  return m;
}

// The objects of each event chunk: ids firstObjectId .. firstObjectId + count - 1.
struct ObjectRange {
  trace::ObjRef first = 0;
  uint32_t count = 0;
};
ObjectRange objectsOf(const trace::TraceReader& trace, const uint8_t* data, size_t event) {
  const auto& c = trace.eventChunk(event);
  auto words = kj::heapArray<capnp::word>(c.payloadBytes / 8);
  std::memcpy(words.begin(), data + c.offset + sizeof(trace::ChunkHeader), words.size() * 8);
  try {  // the reader validated the chunk; a throw here only makes the range empty
    capnp::ReaderOptions lenient;
    lenient.traversalLimitInWords = words.size() * 4 + 1024;  // only the root and a list pointer
    capnp::FlatArrayMessageReader reader(words, lenient);
    auto chunk = reader.getRoot<schema::EventChunk>();
    return {chunk.getFirstObjectId(), chunk.getObjects().size()};
  } catch (const kj::Exception&) {
    return {};
  }
}

// The chunk holding object `ref` (0: none read; the last chunk if no range holds it).
size_t chunkOfObject(const trace::TraceReader& trace, const std::vector<ObjectRange>& ranges,
                     const ChunkKeys& keys, trace::ObjRef ref) {
  if (ref == 0) return 0;
  for (size_t j = 0; j < ranges.size(); ++j) {
    if (ref >= ranges[j].first && ref - ranges[j].first < ranges[j].count) {
      return keys.indexOf(trace.eventChunk(j).offset);
    }
  }
  return keys.offset.empty() ? 0 : keys.offset.size() - 1;
}

class PhaseClock {
 public:
  explicit PhaseClock(DeepPhaseTimes* times) : times_(times) {
    if (times_) last_ = std::chrono::steady_clock::now();
  }
  void charge(uint64_t DeepPhaseTimes::*phase) {
    if (!times_) return;
    auto now = std::chrono::steady_clock::now();
    times_->*phase += static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(now - last_).count());
    last_ = now;
  }

 private:
  DeepPhaseTimes* times_;
  std::chrono::steady_clock::time_point last_;
};

void replayOne(const trace::TraceReader& trace, size_t i, DeepRunStats& stats) {
  compare::FrameDecisions reference = compare::fromEvent(trace.event(i));
  auto outcome = tracer::replayFrame(trace, i);
  if (!outcome) {
    if (outcome.error().message().rfind("unsupported", 0) == 0) {
      ++stats.replayed;
    } else {
      ++stats.replayErrors;
    }
    return;
  }
  ++stats.replayed;
  (void)compare::compareDecisions(reference, outcome->decisions);
}

}  // namespace

void clearDeepTargetMemo() {
  memo().shown.clear();
  memo().replays.clear();
}

DeepRunStats runDeepTarget(const uint8_t* data, size_t size, const DeepTargetOptions& options) {
  // Tighter than dynrr replay's defaults (2,000,000 steps, 60 s), for the fuzzer only: a
  // mutated loop runs to the step limit, and the limit's code path is the same at any
  // bound. 20,000 steps take ~0.2 s under the sanitizers (100,000: 0.9 s; the default:
  // 15 s); no corpus frame needs more than 5,000 (measured 2026-11-28 with
  // `dynrr replay --frame-step-limit`: none reaches 5,000, 37 traces reach 2,000).
  static const bool limited = [] {
    tracer::setReplayLimits(tracer::ReplayLimits{20'000, 20});
    return true;
  }();
  (void)limited;
  PhaseClock clock(options.times);
  DeepRunStats stats;
  std::string bytes(reinterpret_cast<const char*>(data), size);
  auto trace = trace::TraceReader::fromBytes(bytes);
  clock.charge(&DeepPhaseTimes::open);
  if (!trace) {
    stats.openError = trace.error().message();
    return stats;
  }
  stats.opened = true;
  stats.events = trace->eventCount();
  Memo& m = memo();
  if (options.memo) m.clearIfLarge();
  ChunkKeys keys(data, options.memo ? size : 0);
  clock.charge(&DeepPhaseTimes::memo);
  std::vector<ObjectRange> ranges;
  for (size_t i = 0; i < trace->eventCount(); ++i) ranges.push_back(objectsOf(*trace, data, i));
  for (size_t i = 0; i < trace->eventCount(); ++i) {
    size_t ownChunk = std::max(keys.indexOf(trace->eventChunk(i).offset), keys.lastHeader);
    bool memoised = options.memo && ownChunk < keys.prefix.size();
    uint64_t own = memoised ? keys.prefix[ownChunk] : 0;
    clock.charge(&DeepPhaseTimes::memo);
    if (!memoised || m.shown.insert(own).second) {
      for (uint32_t k = 0; k < ranges[i].count; ++k) {
        (void)trace::describeObject(*trace, ranges[i].first + k);
        (void)trace::typeName(*trace, ranges[i].first + k);
      }
      clock.charge(&DeepPhaseTimes::print);
      (void)replayer::disassembleForShow(*trace, trace->event(i).getFrame().getCode());
      clock.charge(&DeepPhaseTimes::disassemble);
    }
    if (memoised && m.replayKnown(own, keys)) {
      ++stats.memoised;
      clock.charge(&DeepPhaseTimes::memo);
      continue;
    }
    trace::resetHighestRefRead();
    replayOne(*trace, i, stats);
    clock.charge(&DeepPhaseTimes::replay);
    if (memoised) {
      size_t reach =
          std::max(ownChunk, chunkOfObject(*trace, ranges, keys, trace::highestRefRead()));
      reach = std::min(reach, keys.prefix.size() - 1);
      m.replays[own].emplace_back(static_cast<uint32_t>(reach), keys.prefix[reach]);
      clock.charge(&DeepPhaseTimes::memo);
    }
  }
  return stats;
}

}  // namespace dynrr::fuzz
