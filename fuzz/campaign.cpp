// campaign.cpp — the dynrr-fuzz campaign driver (see campaign.h).
//
// Cases are numbered K..K+N-1 (K = --first-case, 0 by default); case i's program comes
// from caseSeed(seed, i) alone, so a campaign is deterministic whatever --jobs is, and a
// shard of a larger campaign (python -m dynrr campaign fuzz) gives each case the verdict
// the whole campaign would. With --jobs J the process forks J workers after torch is
// imported; worker w runs the w-th, (w+J)-th, ... case and sends one record per case
// through a pipe; the parent aggregates, prints progress, saves the corpus and writes the
// per-case records (--records).
#include "fuzz/campaign.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "fuzz/corpus.h"
#include "fuzz/generators.h"
#include "fuzz/python_oracle.h"
#include "fuzz/roundtrip.h"
#include "fuzz/verdict.h"

namespace dynrr::fuzz {
namespace {

using Clock = std::chrono::steady_clock;

uint64_t nsSince(Clock::time_point t0) {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count());
}

// One case's answers, as sent from a worker to the parent.
struct CaseRecord {
  uint64_t index = 0;
  uint64_t caseSeed = 0;
  std::vector<PropertyResult> results;
  // Timing (ns): generation+printing, the oracle call (wall), Dynamo (recorded), recorder
  // (recorded), core (read+replay+compare), eager run, whole case (without shrinking).
  uint64_t genNs = 0, oracleNs = 0, dynamoNs = 0, recorderNs = 0, coreNs = 0, eagerNs = 0,
           caseNs = 0, shrinkNs = 0;
  // fidelity: the case's frames by the core's verdict (match, diverge, unsupported)
  uint64_t framesMatch = 0, framesDiverge = 0, framesUnsupported = 0;
  // For a failure: the minimal program, its trace, the core's verdict on that trace.
  std::string failSource, failTrace, failProperty, failSignature, failReason, replayVerdict,
      replayReason;
  int shrinkSteps = 0;
  std::string harnessError;  // the oracle itself failed
};

// ------------------------------------------------------------------ wire format
void putStr(std::string& out, const std::string& s) {
  uint64_t n = s.size();
  out.append(reinterpret_cast<const char*>(&n), sizeof(n));
  out += s;
}
void putU64(std::string& out, uint64_t v) { out.append(reinterpret_cast<const char*>(&v), 8); }

struct Cursor {
  const std::string& buf;
  size_t pos = 0;
  uint64_t u64() {
    uint64_t v = 0;
    if (pos + 8 <= buf.size()) std::memcpy(&v, buf.data() + pos, 8);
    pos += 8;
    return v;
  }
  std::string str() {
    uint64_t n = u64();
    if (pos > buf.size() || n > buf.size() - pos) return "";
    std::string s = buf.substr(pos, n);
    pos += n;
    return s;
  }
};

std::string encode(const CaseRecord& r) {
  std::string out;
  for (uint64_t v : {r.index, r.caseSeed, r.genNs, r.oracleNs, r.dynamoNs, r.recorderNs, r.coreNs,
                     r.eagerNs, r.caseNs, r.shrinkNs, static_cast<uint64_t>(r.shrinkSteps),
                     r.framesMatch, r.framesDiverge, r.framesUnsupported})
    putU64(out, v);
  putU64(out, r.results.size());
  for (const auto& p : r.results) {
    putU64(out, static_cast<uint64_t>(p.property));
    putU64(out, static_cast<uint64_t>(p.outcome));
    putStr(out, p.reason);
    putStr(out, p.signature);
  }
  for (const std::string* s : {&r.failSource, &r.failTrace, &r.failProperty, &r.failSignature,
                               &r.failReason, &r.replayVerdict, &r.replayReason, &r.harnessError})
    putStr(out, *s);
  return out;
}

CaseRecord decode(const std::string& buf) {
  Cursor c{buf};
  CaseRecord r;
  for (uint64_t* v : {&r.index, &r.caseSeed, &r.genNs, &r.oracleNs, &r.dynamoNs, &r.recorderNs,
                      &r.coreNs, &r.eagerNs, &r.caseNs, &r.shrinkNs})
    *v = c.u64();
  r.shrinkSteps = static_cast<int>(c.u64());
  for (uint64_t* v : {&r.framesMatch, &r.framesDiverge, &r.framesUnsupported}) *v = c.u64();
  uint64_t n = c.u64();
  for (uint64_t i = 0; i < n && c.pos < buf.size(); ++i) {
    PropertyResult p;
    p.property = static_cast<Property>(c.u64());
    p.outcome = static_cast<Outcome>(c.u64());
    p.reason = c.str();
    p.signature = c.str();
    r.results.push_back(std::move(p));
  }
  for (std::string* s : {&r.failSource, &r.failTrace, &r.failProperty, &r.failSignature,
                         &r.failReason, &r.replayVerdict, &r.replayReason, &r.harnessError})
    *s = c.str();
  return r;
}

bool writeAll(int fd, const std::string& data) {
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// ------------------------------------------------------------------ one evaluation
struct Evaluation {
  std::vector<PropertyResult> results;
  std::string source, trace;
  std::string harnessError;
  uint64_t oracleNs = 0, dynamoNs = 0, recorderNs = 0, coreNs = 0, eagerNs = 0;
  uint64_t framesMatch = 0, framesDiverge = 0, framesUnsupported = 0;
};

std::string firstDiffLine(const std::string& diff) {
  std::istringstream in(diff);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("---", 0) == 0 || line.rfind("+++", 0) == 0 || line.rfind("@@", 0) == 0)
      continue;
    if (!line.empty() && (line[0] == '-' || line[0] == '+')) return line;
  }
  // Not a unified diff (guards, breaks): its first line.
  return diff.substr(0, diff.find('\n'));
}

std::string sig(Property p, const std::string& reason, bool stripQuoted = false) {
  return std::string(propertyName(p)) + ": " + normalizeReason(reason, stripQuoted);
}

// The core's verdict on a trace; with `isolated`, replayed in its child process (a core
// crash is then an Error starting with kCoreCrashed, not the end of the campaign).
Expected<TraceVerdict> coreVerdict(const std::string& trace, IsolatedCore* isolated) {
  return isolated != nullptr ? isolated->verdict(trace) : traceVerdict(trace);
}

Evaluation evaluate(PythonOracle& oracle, const std::vector<Property>& props,
                    const std::string& source, IsolatedCore* isolated) {
  Evaluation ev;
  ev.source = source;
  OracleRequest req;
  for (Property p : props) {
    if (p == Property::kCorrectness) req.correctness = true;
    if (p == Property::kTransparency) req.transparency = true;
  }
  auto r = oracle.run(source, req);
  if (!r) {
    ev.harnessError = r.error().message();
    return ev;
  }
  ev.trace = r->trace;
  ev.oracleNs = r->wallNs;
  ev.dynamoNs = r->dynamoNs;
  ev.recorderNs = r->recorderNs;
  ev.eagerNs = r->eagerNs;
  for (Property p : props) {
    PropertyResult pr;
    pr.property = p;
    if (r->status != "ok") {
      // The program raised in eager or Dynamo raised compiling it: the generator made a
      // program outside what it promises. Counted and reported, never dropped.
      pr.outcome = Outcome::kGenBug;
      pr.reason = (r->status == "eager_error" ? "eager raised: " : "dynamo raised: ") + r->error;
      pr.signature = "generator: " + normalizeReason(pr.reason);
      ev.results.push_back(pr);
      continue;
    }
    switch (p) {
      case Property::kFidelity: {
        auto t0 = Clock::now();
        auto v = coreVerdict(r->trace, isolated);
        ev.coreNs += nsSince(t0);
        if (v) {
          ev.framesMatch = v->framesMatch;
          ev.framesDiverge = v->framesDiverge;
          ev.framesUnsupported = v->framesUnsupported;
        }
        if (!v) {
          pr.outcome = Outcome::kFail;
          const std::string& msg = v.error().message();
          pr.reason = msg.rfind(kCoreCrashed, 0) == 0 ? msg : "trace unreadable: " + msg;
        } else if (v->verdict == compare::Verdict::kMatch) {
          pr.outcome = Outcome::kPass;
        } else if (v->verdict == compare::Verdict::kUnsupported) {
          pr.outcome = Outcome::kUnsupported;
          pr.reason = v->reason;
        } else {
          pr.outcome = Outcome::kFail;
          pr.reason = v->reason + (v->diff.empty() ? "" : ": " + firstDiffLine(v->diff));
          if (!v->diff.empty()) pr.reason += "\n" + v->diff;
        }
        if (pr.outcome != Outcome::kPass) {
          std::string head = pr.reason.substr(0, pr.reason.find('\n'));
          // "frame N (name) diverges: <line>": the class is the line, not the frame name.
          bool diverged = false;
          if (auto at = head.find(" diverges: "); at != std::string::npos) {
            head = "diverges: " + head.substr(at + 11);
            diverged = true;
          }
          pr.signature = sig(p, head, diverged);
        }
        break;
      }
      case Property::kCorrectness:
        if (r->mismatch.empty()) {
          pr.outcome = Outcome::kPass;
        } else {
          pr.outcome = Outcome::kFail;
          pr.reason = "compiled differs from eager: " + r->mismatch;
          std::string head = r->mismatch.substr(0, r->mismatch.find(':'));
          pr.signature = sig(p, "compiled differs from eager at " + head);
        }
        break;
      case Property::kTransparency:
        if (r->transparency.empty()) {
          pr.outcome = Outcome::kPass;
        } else {
          pr.outcome = Outcome::kFail;
          pr.reason = "recording changed the result: " + r->transparency;
          pr.signature =
              sig(p, "recording changed " + r->transparency.substr(0, r->transparency.find(':')));
        }
        break;
      case Property::kRoundtrip: {
        auto t0 = Clock::now();
        std::string d = roundTripDifference(r->trace);
        ev.coreNs += nsSince(t0);
        if (d.empty()) {
          pr.outcome = Outcome::kPass;
        } else {
          pr.outcome = Outcome::kFail;
          pr.reason = d;
          pr.signature = sig(p, d.substr(0, d.find(" at byte")));
        }
        break;
      }
    }
    ev.results.push_back(pr);
  }
  return ev;
}

const PropertyResult* findFailure(const Evaluation& ev, const std::set<std::string>& known) {
  for (const auto& r : ev.results)
    if (r.outcome == Outcome::kFail && !known.count(r.signature)) return &r;
  return nullptr;
}

bool stillFails(const Evaluation& ev, const std::string& signature) {
  for (const auto& r : ev.results)
    if (r.outcome == Outcome::kFail && r.signature == signature) return true;
  return false;
}

// ------------------------------------------------------------------ worker
class Worker {
 public:
  Worker(const CampaignOptions& o, PythonOracle& oracle)
      : o_(o),
        oracle_(oracle),
        known_(o.corpusDir.empty() ? std::set<std::string>{} : corpusSignatures(o.corpusDir)) {}

  CaseRecord runCase(uint64_t index, uint64_t seedOfCase) {
    auto t0 = Clock::now();
    CaseRecord rec;
    rec.index = index;
    rec.caseSeed = seedOfCase;
    auto shrinkable = programShrinkable(o_.features, o_.maxStmts, seedOfCase);
    std::string source = printProgram(shrinkable.value());
    rec.genNs = nsSince(t0);
    Evaluation ev = evaluate(oracle_, o_.properties, source, isolated());
    rec.results = ev.results;
    rec.harnessError = ev.harnessError;
    rec.oracleNs = ev.oracleNs;
    rec.dynamoNs = ev.dynamoNs;
    rec.recorderNs = ev.recorderNs;
    rec.coreNs = ev.coreNs;
    rec.eagerNs = ev.eagerNs;
    rec.framesMatch = ev.framesMatch;
    rec.framesDiverge = ev.framesDiverge;
    rec.framesUnsupported = ev.framesUnsupported;
    rec.caseNs = nsSince(t0);
    const PropertyResult* failure = findFailure(ev, known_);
    if (failure == nullptr) return rec;
    // Shrink: greedily take the first shrink that fails with the same signature.
    auto ts = Clock::now();
    std::string signature = failure->signature;
    rec.failProperty = propertyName(failure->property);
    rec.failSignature = signature;
    rec.failReason = failure->reason;
    known_.insert(signature);
    Evaluation best = ev;
    auto current = shrinkable;
    int runs = 0;
    bool progress = true;
    while (progress && runs < o_.maxShrinkRuns) {
      progress = false;
      auto shrinks = current.shrinks();
      while (auto next = shrinks.next()) {
        if (++runs > o_.maxShrinkRuns) break;
        std::string candidate = printProgram(next->value());
        if (candidate == best.source) continue;
        Evaluation e = evaluate(oracle_, o_.properties, candidate, isolated());
        if (stillFails(e, signature)) {
          current = *next;
          best = std::move(e);
          ++rec.shrinkSteps;
          progress = true;
          break;
        }
      }
    }
    // RapidCheck's tree shortens the body only from its end (the statement count is drawn
    // first), so a failing last statement keeps every statement before it. Operands
    // resolve modulo the pools, so any sub-list prints a valid program: drop statements
    // one by one while the failure stays (at most two runs per statement, on top).
    if (o_.maxShrinkRuns > 0) {
      Program program = current.value();
      for (size_t i = 0; i < program.body.size() && program.body.size() > 1;) {
        Program candidate = program;
        candidate.body.erase(candidate.body.begin() + static_cast<std::ptrdiff_t>(i));
        Evaluation e = evaluate(oracle_, o_.properties, printProgram(candidate), isolated());
        if (stillFails(e, signature)) {
          program = std::move(candidate);
          best = std::move(e);
          ++rec.shrinkSteps;
        } else {
          ++i;
        }
      }
    }
    for (const auto& r : best.results)
      if (r.signature == signature) rec.failReason = r.reason;
    rec.failSource = best.source;
    rec.failTrace = best.trace;
    if (auto v = coreVerdict(best.trace, isolated())) {
      rec.replayVerdict = compare::verdictName(v->verdict);
      rec.replayReason = v->reason;
    } else if (v.error().message().rfind(kCoreCrashed, 0) == 0) {
      rec.replayVerdict = "crashed";
      rec.replayReason = v.error().message();
    } else {
      rec.replayVerdict = "unreadable";
      rec.replayReason = v.error().message();
    }
    rec.shrinkNs = nsSince(ts);
    return rec;
  }

 private:
  IsolatedCore* isolated() { return o_.isolateCore ? &core_ : nullptr; }

  const CampaignOptions& o_;
  PythonOracle& oracle_;
  std::set<std::string> known_;
  IsolatedCore core_;  // forked on first use, in the process that runs the cases
};

// ------------------------------------------------------------------ aggregation
struct Counts {
  std::map<Outcome, uint64_t> outcomes;
  std::map<std::string, uint64_t> bySignature;  // unsupported and gen bugs
  // signature -> (case index, case seed) of its first case, whatever order workers
  // report in, so that the summary is the same for any --jobs.
  std::map<std::string, std::pair<uint64_t, uint64_t>> example;
  std::map<std::string, uint64_t> failsBySignature;
};

// A JSON string literal.
std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\u%04x", static_cast<unsigned char>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

// A verdict as the records spell it: pass, fail, unsupported, generator-bug.
const char* recordVerdict(Outcome o) { return o == Outcome::kFail ? "fail" : outcomeName(o); }

// The --records line of one property's verdict on one case. `saved` is the corpus stem
// of the shrunk failure this case produced ("" if none).
std::string recordLine(const CaseRecord& r, const std::string& property, const std::string& verdict,
                       const std::string& signature, const std::string& saved) {
  std::string line =
      "{\"case\": " + std::to_string(r.index) + ", \"case_seed\": " + std::to_string(r.caseSeed) +
      ", \"property\": " + jsonString(property) + ", \"verdict\": " + jsonString(verdict) +
      ", \"signature\": " + jsonString(signature);
  if (!saved.empty()) line += ", \"saved\": " + jsonString(saved);
  return line + "}\n";
}

class Aggregator {
 public:
  explicit Aggregator(const CampaignOptions& o) : o_(o), start_(Clock::now()) {
    if (!o.recordsPath.empty()) {
      records_ = std::fopen(o.recordsPath.c_str(), "w");
      if (records_ == nullptr)
        std::fprintf(stderr, "dynrr-fuzz: cannot write %s\n", o.recordsPath.c_str());
    }
  }
  ~Aggregator() {
    if (records_ != nullptr) std::fclose(records_);
  }
  Aggregator(const Aggregator&) = delete;
  Aggregator& operator=(const Aggregator&) = delete;

  // False when --records was given but cannot be written.
  bool ok() const { return o_.recordsPath.empty() || records_ != nullptr; }

  void add(const CaseRecord& r) {
    ++done_;
    if (!r.harnessError.empty()) {
      ++harnessErrors_;
      if (harnessExample_.empty()) harnessExample_ = r.harnessError;
    }
    genNs_ += r.genNs;
    oracleNs_ += r.oracleNs;
    dynamoNs_ += r.dynamoNs;
    recorderNs_ += r.recorderNs;
    coreNs_ += r.coreNs;
    eagerNs_ += r.eagerNs;
    caseNs_ += r.caseNs;
    shrinkNs_ += r.shrinkNs;
    framesMatch_ += r.framesMatch;
    framesDiverge_ += r.framesDiverge;
    framesUnsupported_ += r.framesUnsupported;
    for (const auto& p : r.results) {
      Counts& c = counts_[p.property];
      ++c.outcomes[p.outcome];
      if (p.outcome == Outcome::kUnsupported || p.outcome == Outcome::kGenBug) {
        ++c.bySignature[p.signature];
        noteExample(c, p.signature, r);
      }
      if (p.outcome == Outcome::kFail) {
        noteExample(c, p.signature, r);
        if (++c.failsBySignature[p.signature] == 1) {
          std::fprintf(stderr,
                       "\n[dynrr-fuzz] %s FAILED on case %llu: %s\n  reproduce: "
                       "dynrr-fuzz --property %s --features %s --case-seed %llu\n",
                       propertyName(p.property), static_cast<unsigned long long>(r.index),
                       p.signature.c_str(), propertyName(p.property),
                       featuresName(o_.features).c_str(),
                       static_cast<unsigned long long>(r.caseSeed));
        }
      }
    }
    std::string stem;
    if (!r.failSource.empty() && !o_.corpusDir.empty()) {
      CorpusEntry e{r.failProperty, r.failSignature, r.failReason,    r.caseSeed,
                    r.failSource,   r.failTrace,     r.replayVerdict, r.replayReason};
      std::string dir = o_.saveDir.empty() ? o_.corpusDir : o_.saveDir;
      // A trace the core crashes on would crash the corpus test that replays corpus/fuzz:
      // it waits in open/ (not replayed) until the core is fixed. Its stem is reported as
      // "open/<hash>", the path relative to the save directory (--records "saved").
      const bool crashed = r.replayVerdict == "crashed";
      if (crashed) dir += "/" + std::string(kOpenFindingsDir);
      stem = saveToCorpus(dir, e);
      if (!stem.empty() && crashed) {
        dir.resize(dir.size() - std::strlen(kOpenFindingsDir) - 1);
        stem = std::string(kOpenFindingsDir) + "/" + stem;
      }
      if (!stem.empty()) {
        saved_.push_back(stem + " (" + r.failSignature + ", shrunk in " +
                         std::to_string(r.shrinkSteps) + " steps)");
        std::fprintf(stderr, "[dynrr-fuzz] saved %s/%s.py (.dynrr, .expected), %d shrink steps\n",
                     dir.c_str(), stem.c_str(), r.shrinkSteps);
      }
    }
    writeRecords(r, stem);
    maybeProgress(false);
  }

  void writeRecords(const CaseRecord& r, const std::string& stem) {
    if (records_ == nullptr) return;
    std::string lines;
    if (!r.harnessError.empty())
      lines += recordLine(r, "harness", "error", "harness: " + r.harnessError, "");
    for (const auto& p : r.results) {
      bool shrunk = p.outcome == Outcome::kFail && p.signature == r.failSignature;
      lines += recordLine(r, propertyName(p.property), recordVerdict(p.outcome), p.signature,
                          shrunk ? stem : "");
    }
    std::fputs(lines.c_str(), records_);
    std::fflush(records_);
  }

  static void noteExample(Counts& c, const std::string& signature, const CaseRecord& r) {
    auto [it, added] = c.example.emplace(signature, std::make_pair(r.index, r.caseSeed));
    if (!added && r.index < it->second.first) it->second = {r.index, r.caseSeed};
  }

  void maybeProgress(bool force) {
    if (!o_.progress) return;
    auto now = Clock::now();
    // A live line on a terminal; a line every 10 s in a log.
    static const bool tty = ::isatty(2) != 0;
    if (!force && now - lastProgress_ < std::chrono::milliseconds(tty ? 500 : 10000)) return;
    lastProgress_ = now;
    double secs = std::chrono::duration<double>(now - start_).count();
    uint64_t fails = 0, unsup = 0, gen = 0;
    std::map<std::string, uint64_t> reasons;
    for (auto& [p, c] : counts_) {
      fails += c.outcomes[Outcome::kFail];
      unsup += c.outcomes[Outcome::kUnsupported];
      gen += c.outcomes[Outcome::kGenBug];
      for (auto& [s, n] : c.bySignature)
        if (s.rfind("generator", 0) != 0) reasons[s] += n;
    }
    std::vector<std::pair<uint64_t, std::string>> top;
    for (auto& [s, n] : reasons) top.emplace_back(n, s);
    std::sort(top.rbegin(), top.rend());
    std::string tops;
    for (size_t i = 0; i < top.size() && i < 2; ++i) {
      std::string s = top[i].second;
      if (auto at = s.find("unsupported: "); at != std::string::npos) s = s.substr(at + 13);
      tops += " | " + s.substr(0, 32) + " " + std::to_string(top[i].first);
    }
    std::fprintf(
        stderr,
        tty ? "\r[%llu/%llu] %.2f cases/s  fail %llu  unsupported %llu  genbug %llu%s\033[K"
            : "[%llu/%llu] %.2f cases/s  fail %llu  unsupported %llu  genbug %llu%s\n",
        static_cast<unsigned long long>(done_), static_cast<unsigned long long>(o_.cases),
        secs > 0 ? static_cast<double>(done_) / secs : 0.0, static_cast<unsigned long long>(fails),
        static_cast<unsigned long long>(unsup), static_cast<unsigned long long>(gen), tops.c_str());
    std::fflush(stderr);
  }

  int finish() {
    maybeProgress(true);
    if (o_.progress) std::fprintf(stderr, "\n");
    double secs = std::chrono::duration<double>(Clock::now() - start_).count();
    std::printf(
        "dynrr-fuzz: %llu cases in %.1f s (%.2f cases/s, %d jobs), seed %llu, "
        "features %s\n",
        static_cast<unsigned long long>(done_), secs,
        secs > 0 ? static_cast<double>(done_) / secs : 0.0, o_.jobs,
        static_cast<unsigned long long>(o_.seed), featuresName(o_.features).c_str());
    double cases = static_cast<double>(std::max<uint64_t>(done_, 1));
    auto ms = [&](uint64_t ns) { return static_cast<double>(ns) / 1e6 / cases; };
    double outside = static_cast<double>(genNs_ + recorderNs_ + coreNs_);
    std::printf(
        "time per case (ms): total %.1f = dynamo %.1f + recorder %.2f + core %.2f + "
        "generator %.3f + eager run %.1f + rest of the oracle %.1f; shrinking %.1f\n",
        ms(caseNs_), ms(dynamoNs_), ms(recorderNs_), ms(coreNs_), ms(genNs_), ms(eagerNs_),
        ms(oracleNs_ - std::min(oracleNs_, dynamoNs_ + recorderNs_ + eagerNs_)), ms(shrinkNs_));
    std::printf("generator + recorder + core: %.2f%% of case time (target < 10%%)\n",
                caseNs_ ? 100.0 * outside / static_cast<double>(caseNs_) : 0.0);
    bool anyFail = false, anyGen = false;
    for (auto& [p, c] : counts_) {
      std::printf("\nproperty %s: %llu pass, %llu fail, %llu unsupported, %llu generator bugs\n",
                  propertyName(p), static_cast<unsigned long long>(c.outcomes[Outcome::kPass]),
                  static_cast<unsigned long long>(c.outcomes[Outcome::kFail]),
                  static_cast<unsigned long long>(c.outcomes[Outcome::kUnsupported]),
                  static_cast<unsigned long long>(c.outcomes[Outcome::kGenBug]));
      if (p == Property::kFidelity)
        std::printf(
            "  frames (every compile event replayed): %llu match, %llu diverge, %llu "
            "unsupported\n",
            static_cast<unsigned long long>(framesMatch_),
            static_cast<unsigned long long>(framesDiverge_),
            static_cast<unsigned long long>(framesUnsupported_));
      anyFail |= c.outcomes[Outcome::kFail] > 0;
      anyGen |= c.outcomes[Outcome::kGenBug] > 0;
      std::vector<std::pair<uint64_t, std::string>> rows;
      for (auto& [s, n] : c.bySignature) rows.emplace_back(n, s);
      std::sort(rows.rbegin(), rows.rend());
      for (auto& [n, s] : rows)
        std::printf("  %6llu  %s  (e.g. case seed %llu)\n", static_cast<unsigned long long>(n),
                    s.c_str(), static_cast<unsigned long long>(c.example[s].second));
      for (auto& [s, n] : c.failsBySignature)
        std::printf("  FAIL x%llu  %s  (first: case %llu, case seed %llu)\n",
                    static_cast<unsigned long long>(n), s.c_str(),
                    static_cast<unsigned long long>(c.example[s].first),
                    static_cast<unsigned long long>(c.example[s].second));
    }
    for (const auto& s : saved_) std::printf("saved to corpus: %s\n", s.c_str());
    if (harnessErrors_)
      std::printf("HARNESS ERRORS: %llu (first: %s)\n",
                  static_cast<unsigned long long>(harnessErrors_), harnessExample_.c_str());
    writeJunit(secs);
    if (harnessErrors_ || done_ == 0) return 2;
    if ((anyFail && !o_.allowFailures) || (o_.failOnGenBug && anyGen)) return 1;
    return 0;
  }

 private:
  static std::string xml(const std::string& s) {
    std::string out;
    for (char c : s) {
      switch (c) {
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '&': out += "&amp;"; break;
        case '"': out += "&quot;"; break;
        default:
          if (static_cast<unsigned char>(c) >= 0x20 || c == '\n') out += c;
      }
    }
    return out;
  }

  void writeJunit(double secs) {
    if (o_.junitPath.empty()) return;
    std::ofstream out(o_.junitPath);
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"dynrr-fuzz\">\n";
    for (auto& [p, c] : counts_) {
      out << "  <testsuite name=\"dynrr-fuzz." << propertyName(p) << "\" tests=\""
          << 1 + c.failsBySignature.size() << "\" failures=\"" << c.failsBySignature.size()
          << "\" time=\"" << secs << "\">\n";
      out << "    <testcase classname=\"dynrr-fuzz." << propertyName(p) << "\" name=\"campaign\">"
          << "<system-out>"
          << xml(std::to_string(c.outcomes[Outcome::kPass]) + " pass, " +
                 std::to_string(c.outcomes[Outcome::kUnsupported]) + " unsupported, " +
                 std::to_string(c.outcomes[Outcome::kGenBug]) + " generator bugs")
          << "</system-out></testcase>\n";
      for (auto& [s, n] : c.failsBySignature)
        out << "    <testcase classname=\"dynrr-fuzz." << propertyName(p) << "\" name=\"" << xml(s)
            << "\"><failure message=\"" << xml(s) << "\">"
            << xml(std::to_string(n) + " cases; reproduce: dynrr-fuzz --property " +
                   propertyName(p) + " --features " + featuresName(o_.features) + " --case-seed " +
                   std::to_string(c.example[s].second))
            << "</failure></testcase>\n";
      out << "  </testsuite>\n";
    }
    out << "</testsuites>\n";
  }

  const CampaignOptions& o_;
  FILE* records_ = nullptr;  // owned; --records
  Clock::time_point start_;
  Clock::time_point lastProgress_{};
  uint64_t done_ = 0, harnessErrors_ = 0;
  std::string harnessExample_;
  uint64_t genNs_ = 0, oracleNs_ = 0, dynamoNs_ = 0, recorderNs_ = 0, coreNs_ = 0, eagerNs_ = 0,
           caseNs_ = 0, shrinkNs_ = 0;
  uint64_t framesMatch_ = 0, framesDiverge_ = 0, framesUnsupported_ = 0;
  std::map<Property, Counts> counts_;
  std::vector<std::string> saved_;
};

}  // namespace

int runCampaign(const CampaignOptions& o) {
  auto oracle = PythonOracle::start(o.argv0);
  if (!oracle) {
    std::fprintf(stderr, "dynrr-fuzz: %s\n", oracle.error().message().c_str());
    return 2;
  }
  auto deadline = o.timeBudgetSeconds > 0
                      ? Clock::now() + std::chrono::milliseconds(
                                           static_cast<int64_t>(o.timeBudgetSeconds * 1000))
                      : Clock::time_point::max();
  Aggregator agg(o);
  if (!agg.ok()) return 2;
  const uint64_t end = o.firstCase + o.cases;
  if (o.jobs <= 1) {
    Worker w(o, **oracle);
    for (uint64_t i = o.firstCase; i < end && Clock::now() < deadline; ++i)
      agg.add(w.runCase(i, caseSeed(o.seed, i)));
    return agg.finish();
  }
  std::fflush(stdout);
  std::fflush(stderr);
  std::vector<pid_t> pids;
  std::vector<int> fds;
  for (int j = 0; j < o.jobs; ++j) {
    int p[2];
    if (::pipe(p) != 0) return 2;
    pid_t pid = ::fork();
    if (pid < 0) return 2;
    if (pid == 0) {
      ::close(p[0]);
      for (int fd : fds) ::close(fd);
      {
        Worker w(o, **oracle);  // destroyed before _exit: its replay process is reaped
        for (uint64_t i = o.firstCase + static_cast<uint64_t>(j);
             i < end && Clock::now() < deadline; i += static_cast<uint64_t>(o.jobs)) {
          std::string msg = encode(w.runCase(i, caseSeed(o.seed, i)));
          std::string framed;
          putStr(framed, msg);
          if (!writeAll(p[1], framed)) break;
        }
      }
      ::close(p[1]);
      std::fflush(nullptr);
      ::_exit(0);
    }
    ::close(p[1]);
    pids.push_back(pid);
    fds.push_back(p[0]);
  }
  std::vector<std::string> buffers(fds.size());
  std::vector<bool> open(fds.size(), true);
  size_t openCount = fds.size();
  while (openCount > 0) {
    std::vector<pollfd> pfds;
    std::vector<size_t> which;
    for (size_t i = 0; i < fds.size(); ++i)
      if (open[i]) {
        pfds.push_back({fds[i], POLLIN, 0});
        which.push_back(i);
      }
    if (::poll(pfds.data(), pfds.size(), 500) < 0) continue;
    agg.maybeProgress(false);
    for (size_t k = 0; k < pfds.size(); ++k) {
      if (!(pfds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      size_t i = which[k];
      char buf[65536];
      ssize_t n = ::read(fds[i], buf, sizeof(buf));
      if (n <= 0) {
        open[i] = false;
        --openCount;
        ::close(fds[i]);
        continue;
      }
      buffers[i].append(buf, static_cast<size_t>(n));
      while (buffers[i].size() >= 8) {
        uint64_t len;
        std::memcpy(&len, buffers[i].data(), 8);
        if (buffers[i].size() < 8 + len) break;
        agg.add(decode(buffers[i].substr(8, len)));
        buffers[i].erase(0, 8 + len);
      }
    }
  }
  for (pid_t pid : pids) ::waitpid(pid, nullptr, 0);
  return agg.finish();
}

int runOneCase(const CampaignOptions& o, uint64_t seedOfCase) {
  auto oracle = PythonOracle::start(o.argv0);
  if (!oracle) {
    std::fprintf(stderr, "dynrr-fuzz: %s\n", oracle.error().message().c_str());
    return 2;
  }
  auto shrinkable = programShrinkable(o.features, o.maxStmts, seedOfCase);
  std::string source = printProgram(shrinkable.value());
  std::printf("# case seed %llu, features %s: %s\n%s\n",
              static_cast<unsigned long long>(seedOfCase), featuresName(o.features).c_str(),
              describeProgram(shrinkable.value()).c_str(), source.c_str());
  IsolatedCore core;
  Evaluation ev = evaluate(**oracle, o.properties, source, o.isolateCore ? &core : nullptr);
  if (!ev.harnessError.empty()) {
    std::printf("harness error: %s\n", ev.harnessError.c_str());
    return 2;
  }
  int rc = 0;
  for (const auto& r : ev.results) {
    std::printf("%-12s %-13s %s\n", propertyName(r.property), outcomeName(r.outcome),
                r.reason.c_str());
    if (r.outcome == Outcome::kFail || r.outcome == Outcome::kGenBug) rc = 1;
  }
  std::printf("dynamo %.1f ms, recorder %.2f ms, core %.2f ms, oracle %.1f ms\n",
              static_cast<double>(ev.dynamoNs) / 1e6, static_cast<double>(ev.recorderNs) / 1e6,
              static_cast<double>(ev.coreNs) / 1e6, static_cast<double>(ev.oracleNs) / 1e6);
  return rc;
}

}  // namespace dynrr::fuzz
