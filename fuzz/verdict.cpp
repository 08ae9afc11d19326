// verdict.cpp — replay a whole trace through the core and fold the frame verdicts.
#include "fuzz/verdict.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>

#include "core/trace/trace_reader.h"
#include "core/tracer/instruction_translator.h"

namespace dynrr::fuzz {

Expected<TraceVerdict> traceVerdict(const std::string& traceBytes) {
  auto t0 = std::chrono::steady_clock::now();
  auto trace = trace::TraceReader::fromBytes(traceBytes, {}, "<fuzz case>");
  if (!trace) return trace.error();
  TraceVerdict out;
  for (size_t i = 0; i < trace->eventCount(); ++i) {
    auto e = trace->event(i);
    out.dynamoNs += e.getDynamoNs();
    out.recorderNs += e.getRecorderNs();
    // Frames Dynamo declined before tracing (ConvertFrameAssert: no compile id) carry no
    // decisions to compare.
    if (e.getStatus() == schema::EventStatus::SKIPPED && e.getCompileId().size() == 0) {
      ++out.skippedEarly;
      continue;
    }
    ++out.frames;
    std::string name = "?";
    if (auto code = trace->object(e.getFrame().getCode());
        code && code->which() == schema::Object::Which::CODE) {
      name = code->getCode().getQualname();
    }
    auto outcome = tracer::replayFrame(*trace, i);
    if (!outcome) {
      // "unsupported: <what>" (tracer::unsupported), possibly behind the context the
      // translator adds ("f at offset 12 (CALL): unsupported: ...").
      const std::string& msg = outcome.error().message();
      if (size_t at = msg.find("unsupported: "); at != std::string::npos) {
        ++out.framesUnsupported;
        if (out.verdict == compare::Verdict::kMatch) {
          out.verdict = compare::Verdict::kUnsupported;
          out.reason = msg.substr(at);
        }
      } else if (++out.framesDiverge, out.verdict != compare::Verdict::kDiverge) {
        out.verdict = compare::Verdict::kDiverge;
        out.reason = "core error in frame " + std::to_string(i) + " (" + name + "): " + msg;
      }
      continue;
    }
    auto cmp = compare::compareDecisions(compare::fromEvent(e), outcome->decisions);
    ++(cmp.verdict == compare::Verdict::kDiverge ? out.framesDiverge : out.framesMatch);
    if (cmp.verdict == compare::Verdict::kDiverge && out.verdict != compare::Verdict::kDiverge) {
      out.verdict = compare::Verdict::kDiverge;
      out.reason = "frame " + std::to_string(i) + " (" + name + ") diverges";
      out.diff = cmp.diff;
    }
  }
  out.coreNs = static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0)
          .count());
  return out;
}

namespace {

void putU64(std::string& out, uint64_t v) { out.append(reinterpret_cast<const char*>(&v), 8); }
void putStr(std::string& out, const std::string& s) {
  putU64(out, s.size());
  out += s;
}
bool getU64(const std::string& in, size_t& at, uint64_t& v) {
  if (in.size() - at < 8) return false;
  std::memcpy(&v, in.data() + at, 8);
  at += 8;
  return true;
}
bool getStr(const std::string& in, size_t& at, std::string& s) {
  uint64_t n = 0;
  if (!getU64(in, at, n) || in.size() - at < n) return false;
  s.assign(in, at, n);
  at += n;
  return true;
}

bool writeAll(int fd, const std::string& data) {
  for (size_t at = 0; at < data.size();) {
    ssize_t n = ::write(fd, data.data() + at, data.size() - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    at += static_cast<size_t>(n);
  }
  return true;
}
// Reads one length-prefixed message; false on EOF or error.
bool readMessage(int fd, std::string& out) {
  auto readN = [fd](char* p, size_t n) {
    for (size_t at = 0; at < n;) {
      ssize_t r = ::read(fd, p + at, n - at);
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) return false;
      at += static_cast<size_t>(r);
    }
    return true;
  };
  uint64_t len = 0;
  if (!readN(reinterpret_cast<char*>(&len), 8)) return false;
  out.resize(len);
  return readN(out.data(), len);
}
std::string framed(const std::string& msg) {
  std::string out;
  putStr(out, msg);
  return out;
}

// The child's loop: a trace in, its verdict out (ok flag, then the fields or the error).
[[noreturn]] void serveVerdicts(int in, int out) {
  std::string trace;
  while (readMessage(in, trace)) {
    std::string msg;
    auto v = traceVerdict(trace);
    putU64(msg, v ? 1 : 0);
    if (v) {
      putU64(msg, static_cast<uint64_t>(v->verdict));
      putStr(msg, v->reason);
      putStr(msg, v->diff);
      putU64(msg, v->frames);
      putU64(msg, v->skippedEarly);
      putU64(msg, v->coreNs);
      putU64(msg, v->dynamoNs);
      putU64(msg, v->recorderNs);
      putU64(msg, v->framesMatch);
      putU64(msg, v->framesDiverge);
      putU64(msg, v->framesUnsupported);
    } else {
      putStr(msg, v.error().message());
    }
    if (!writeAll(out, framed(msg))) break;
  }
  ::_exit(0);
}

}  // namespace

IsolatedCore::~IsolatedCore() { stop(); }

bool IsolatedCore::start() {
  std::signal(SIGPIPE, SIG_IGN);  // a dead child: write() fails with EPIPE instead
  int down[2], up[2];
  if (::pipe(down) != 0) return false;
  if (::pipe(up) != 0) {
    ::close(down[0]);
    ::close(down[1]);
    return false;
  }
  std::fflush(nullptr);
  pid_t pid = ::fork();
  if (pid < 0) {
    for (int fd : {down[0], down[1], up[0], up[1]}) ::close(fd);
    return false;
  }
  if (pid == 0) {
    ::close(down[1]);
    ::close(up[0]);
    serveVerdicts(down[0], up[1]);
  }
  ::close(down[0]);
  ::close(up[1]);
  pid_ = pid;
  toChild_ = down[1];
  fromChild_ = up[0];
  return true;
}

int IsolatedCore::stop() {
  int status = 0;
  if (toChild_ >= 0) ::close(toChild_);
  if (fromChild_ >= 0) ::close(fromChild_);
  toChild_ = fromChild_ = -1;
  if (pid_ > 0)
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  pid_ = -1;
  return status;
}

Expected<TraceVerdict> IsolatedCore::verdict(const std::string& traceBytes) {
  if (pid_ < 0 && !start()) return traceVerdict(traceBytes);  // no fork: in process
  std::string in;
  if (!writeAll(toChild_, framed(traceBytes)) || !readMessage(fromChild_, in)) {
    int status = stop();  // the child died on this trace; the next call forks another
    if (WIFSIGNALED(status)) {
      int sig = WTERMSIG(status);
      const char* name = sig == SIGSEGV   ? "SIGSEGV"
                         : sig == SIGABRT ? "SIGABRT"
                         : sig == SIGBUS  ? "SIGBUS"
                         : sig == SIGFPE  ? "SIGFPE"
                         : sig == SIGILL  ? "SIGILL"
                                          : "a signal";
      return Error(std::string(kCoreCrashed) + ": signal " + std::to_string(sig) + " (" + name +
                   ") replaying the trace");
    }
    return Error(std::string(kCoreCrashed) + ": the replay process exited with status " +
                 std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) +
                 " without a verdict");
  }
  size_t at = 0;
  uint64_t ok = 0;
  if (!getU64(in, at, ok)) return Error(std::string(kCoreCrashed) + ": an empty verdict");
  if (!ok) {
    std::string msg;
    getStr(in, at, msg);
    return Error(msg);
  }
  TraceVerdict v;
  uint64_t verdict = 0, frames = 0, skipped = 0, fm = 0, fd = 0, fu = 0;
  if (!getU64(in, at, verdict) || !getStr(in, at, v.reason) || !getStr(in, at, v.diff) ||
      !getU64(in, at, frames) || !getU64(in, at, skipped) || !getU64(in, at, v.coreNs) ||
      !getU64(in, at, v.dynamoNs) || !getU64(in, at, v.recorderNs) || !getU64(in, at, fm) ||
      !getU64(in, at, fd) || !getU64(in, at, fu))
    return Error(std::string(kCoreCrashed) + ": a truncated verdict from the replay process");
  v.verdict = static_cast<compare::Verdict>(verdict);
  v.frames = frames;
  v.skippedEarly = skipped;
  v.framesMatch = fm;
  v.framesDiverge = fd;
  v.framesUnsupported = fu;
  return v;
}

std::string normalizeReason(const std::string& reason, bool stripQuoted) {
  std::string out;
  size_t i = 0;
  while (i < reason.size() && out.size() < 120) {
    unsigned char c = static_cast<unsigned char>(reason[i]);
    if (c == '\n') break;
    if (stripQuoted && c == '\'') {
      size_t close = reason.find('\'', i + 1);
      if (close != std::string::npos && close - i < 80) {
        out += "'_'";
        i = close + 1;
        continue;
      }
    }
    if (std::isdigit(c)) {
      while (i < reason.size() &&
             (std::isxdigit(static_cast<unsigned char>(reason[i])) || reason[i] == 'x'))
        ++i;
      out += 'N';
      continue;
    }
    out += static_cast<char>(c);
    ++i;
  }
  return out;
}

}  // namespace dynrr::fuzz
