// error.h — recoverable failures: Error and Expected<T>.
//
// Bad input (a corrupt trace, an unknown opcode, a value a trace lacks, a Dynamo
// feature the core does not model) is reported with these, never with an abort.
// Our own bugs use DYNRR_ASSERT (assert.h) instead.
#pragma once

#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace dynrr {

// A failure with a human-readable message that already carries its context
// (file, chunk, offset, frame, bytecode offset ...). Value type.
class [[nodiscard]] Error {
 public:
  explicit Error(std::string message) : message_(std::move(message)) {}
  const std::string& message() const { return message_; }
  // Returns a new error whose message is "context: message" (of the same kind).
  Error withContext(const std::string& context) const {
    Error e(context + ": " + message_);
    e.observedException_ = observedException_;
    e.frameError_ = frameError_;
    return e;
  }
  // Dynamo raises out of the compile (an exception other than Unsupported, such as
  // UncapturedHigherOrderOpError): the frame is not compiled and the exception reaches
  // the program. `decision` names it as the trace records it: "<exception type>:
  // <Dynamo's gb_type>", e.g. "UncapturedHigherOrderOpError: HOP: Unsafe side effect".
  static Error frameError(std::string decision, std::string message) {
    Error e(std::move(message));
    e.frameError_ = std::move(decision);
    return e;
  }
  bool isFrameError() const { return !frameError_.empty(); }
  const std::string& frameErrorDecision() const { return frameError_; }
  // A Python exception raised by the traced program (Dynamo's ObservedException): not a
  // failure of the replay but control flow, unwound to the nearest handler of the
  // exception table. The exception itself is the tracer's current exception.
  static Error observedException(std::string message) {
    Error e(std::move(message));
    e.observedException_ = true;
    return e;
  }
  bool isObservedException() const { return observedException_; }

 private:
  std::string message_;
  bool observedException_ = false;
  std::string frameError_;
};

// Either a T or an Error. Accessing value() on an error is a bug (asserted).
template <typename T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : storage_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  // Converting constructor, e.g. shared_ptr<Derived> into Expected<shared_ptr<Base>>.
  template <typename U>
  requires(!std::is_same_v<std::decay_t<U>, T> && !std::is_same_v<std::decay_t<U>, Error> &&
           !std::is_same_v<std::decay_t<U>, Expected> && std::is_convertible_v<U, T>)
      Expected(U&& value)
      : storage_(T(std::forward<U>(value))) {}           // NOLINT(google-explicit-constructor)
  Expected(Error error) : storage_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return storage_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(storage_); }
  const T& value() const& { return std::get<0>(storage_); }
  T&& value() && { return std::get<0>(std::move(storage_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }

  const Error& error() const { return std::get<1>(storage_); }

 private:
  std::variant<T, Error> storage_;
};

// Status for operations that return nothing on success.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error)
      : error_(std::move(error)), ok_(false) {}  // NOLINT(google-explicit-constructor)
  static Status success() { return Status(); }
  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const Error& error() const { return error_; }

 private:
  Error error_{""};
  bool ok_ = true;
};

// "unsupported: <what>": a Dynamo feature the core does not model yet. The message names
// the opcode, value, op or feature; replay reports it as the frame's `unsupported` reason.
inline Error unsupported(const std::string& what) { return Error("unsupported: " + what); }

// What the core builds element by element is bounded (issue 21): a hostile trace can ask
// for list(range(10**15)) or a tensor unbound into 2**40 pieces, which would hang or
// exhaust memory. Real frames stay far below the bound.
inline constexpr int64_t kMaxMaterializedItems = int64_t{1} << 20;
inline Status checkMaterialized(int64_t n, const std::string& what) {
  if (n >= 0 && n <= kMaxMaterializedItems) return Status::success();
  return unsupported(what + " of " + std::to_string(n) + " items (the core builds at most " +
                     std::to_string(kMaxMaterializedItems) + ")");
}

}  // namespace dynrr
