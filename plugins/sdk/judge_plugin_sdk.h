// The plugin SDK: write a problem plugin as a C++ class and one macro.
//
//   class Eight : public judge::sdk::Problem { ... };
//   JUDGE_PLUGIN(Eight, "eight", "1.0.0")
//
// The macro defines the single exported entry point of plugin_abi.h. The SDK turns
// every C++ exception into a C status: InvalidInput into JUDGE_STATUS_INVALID_INPUT,
// anything else (std::exception, bad_alloc, unknown) into JUDGE_STATUS_FAILURE (and,
// for check, a checker-failure verdict) carrying the exception's message. The SDK is a
// static library linked into each plugin with hidden visibility, so every plugin has
// its own copy and exports nothing else.
//
// Thread safety: the host may call any method concurrently; implementations must be
// const-correct and keep shared state immutable after construction (or guard it).
#ifndef JUDGE_PLUGINS_SDK_JUDGE_PLUGIN_SDK_H_
#define JUDGE_PLUGINS_SDK_JUDGE_PLUGIN_SDK_H_

#include <cstdint>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "judge/plugin_abi.h"

namespace judge::sdk {

// Thrown by Solve/Validate/Generate when the input (or a parameter) is not legal.
class InvalidInput : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parsed "key=value" lines (plugin options or generator parameters), in order.
class Options {
 public:
  Options() = default;
  // Parses lines "key=value"; blank lines are skipped. Throws InvalidInput naming
  // the line on a line with no '='.
  static Options Parse(std::string_view text);

  const std::vector<std::pair<std::string, std::string>>& items() const { return items_; }
  // The last value given for key, if any.
  std::optional<std::string> Get(std::string_view key) const;
  // Typed getters: the default when absent; InvalidInput naming key, expected type and
  // the value found when present but malformed or outside [min, max].
  int64_t GetInt(std::string_view key, int64_t default_value, int64_t min = INT64_MIN,
                 int64_t max = INT64_MAX) const;
  double GetDouble(std::string_view key, double default_value) const;
  // Accepts true/false, yes/no, 1/0.
  bool GetBool(std::string_view key, bool default_value) const;
  std::string GetString(std::string_view key, std::string default_value) const;
  // Throws InvalidInput "unknown option 'k' (known: a, b, c)" for any key not in known.
  void RequireKnown(const std::vector<std::string_view>& known) const;

 private:
  std::vector<std::pair<std::string, std::string>> items_;
};

enum class CheckVerdict {
  kAccepted = JUDGE_CHECK_ACCEPTED,
  kWrongAnswer = JUDGE_CHECK_WRONG_ANSWER,
  kPresentationError = JUDGE_CHECK_PRESENTATION_ERROR,
  kPartial = JUDGE_CHECK_PARTIAL,
  kCheckerFailure = JUDGE_CHECK_CHECKER_FAILURE,
};

struct CheckResult {
  CheckVerdict verdict = CheckVerdict::kCheckerFailure;
  double score = 0.0;
  std::string message;  // one line

  static CheckResult Accepted(std::string message = "") {
    return {CheckVerdict::kAccepted, 1.0, std::move(message)};
  }
  static CheckResult WrongAnswer(std::string message) {
    return {CheckVerdict::kWrongAnswer, 0.0, std::move(message)};
  }
  static CheckResult PresentationError(std::string message) {
    return {CheckVerdict::kPresentationError, 0.0, std::move(message)};
  }
  static CheckResult Partial(double score, std::string message) {
    return {CheckVerdict::kPartial, score, std::move(message)};
  }
  static CheckResult CheckerFailure(std::string message) {
    return {CheckVerdict::kCheckerFailure, 0.0, std::move(message)};
  }
};

// One problem's plugin. The SDK owns a single instance for the life of the process.
class Problem {
 public:
  virtual ~Problem() = default;

  // The reference answer for input. Throws InvalidInput on an illegal input.
  virtual std::string Solve(std::string_view input) const = 0;

  // Judges output (the contestant's) against input and the reference answer
  // (possibly empty). Bad jury data is CheckerFailure, never WrongAnswer.
  virtual CheckResult Check(std::string_view input, std::string_view output,
                            std::string_view answer, const Options& options) const = 0;

  // Empty string when input is legal; otherwise a one-line reason.
  virtual std::string Validate(std::string_view input) const = 0;

  // A random legal input, a pure function of (seed, params).
  virtual std::string Generate(uint64_t seed, const Options& params) const = 0;
};

namespace internal {
// Builds the static info struct for the plugin's one Problem instance.
const judge_plugin_info* MakeInfo(const char* id, const char* version, const Problem* problem);
// The info of a plugin whose problem object could not be made: init_error is a copy of
// why (at most 511 bytes). Never throws.
const judge_plugin_info* MakeFailedInfo(const char* id, const char* version, const char* why) noexcept;
}  // namespace internal

}  // namespace judge::sdk

// The problem object is made on the first call. Nothing unwinds out of the entry
// point (it is C): a constructor that throws makes it return an info whose init_error
// is the exception's message, which the host reports as "the plugin could not
// initialise: <message>" (plugin_abi.h).
#define JUDGE_PLUGIN(ProblemClass, id_literal, version_literal)                            \
  extern "C" __attribute__((visibility("default"))) const judge_plugin_info*               \
  judge_get_plugin_info(void) noexcept {                                                   \
    try {                                                                                  \
      static const ProblemClass instance;                                                  \
      static const judge_plugin_info* info =                                               \
          ::judge::sdk::internal::MakeInfo(id_literal, version_literal, &instance);        \
      return info;                                                                         \
    } catch (const std::exception& e) {                                                    \
      return ::judge::sdk::internal::MakeFailedInfo(id_literal, version_literal, e.what()); \
    } catch (...) {                                                                        \
      return ::judge::sdk::internal::MakeFailedInfo(id_literal, version_literal,           \
                                                    "an exception of unknown type");       \
    }                                                                                      \
  }

#endif  // JUDGE_PLUGINS_SDK_JUDGE_PLUGIN_SDK_H_
