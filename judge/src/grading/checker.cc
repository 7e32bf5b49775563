// The built-in checkers and the plugin checker (see judge/grading/checker.h).
#include "judge/grading/checker.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace judge {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

struct Token {
  std::string_view text;
  std::size_t line;  // 1-based
};

std::vector<Token> Tokenize(std::string_view s) {
  std::vector<Token> out;
  std::size_t line = 1;
  std::size_t i = 0;
  while (i < s.size()) {
    if (IsSpace(s[i])) {
      if (s[i] == '\n') ++line;
      ++i;
      continue;
    }
    std::size_t start = i;
    while (i < s.size() && !IsSpace(s[i])) ++i;
    out.push_back({s.substr(start, i - start), line});
  }
  return out;
}

// Quoted, shortened, control bytes escaped: messages are one line.
std::string Quote(std::string_view s) {
  constexpr std::size_t kMax = 40;
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size() && i < kMax; ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f) {
      static const char* kHex = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else {
      out += static_cast<char>(c);
    }
  }
  if (s.size() > kMax) out += "...";
  out += "\"";
  return out;
}

CheckOutcome Make(CheckVerdict v, std::string message) {
  CheckOutcome o;
  o.verdict = v;
  o.score = v == CheckVerdict::kAccepted ? 1.0 : 0.0;  // built-in checkers give no partial
  o.message = std::move(message);
  return o;
}

CheckOutcome Accepted() { return Make(CheckVerdict::kAccepted, ""); }

// Compares token lists with an equality predicate; AC or WA with the first
// difference. `equal` returns an empty string when equal, else a note to append.
template <typename Equal>
CheckOutcome CompareTokenLists(const std::vector<Token>& out, const std::vector<Token>& ans,
                               Equal equal) {
  std::size_t n = std::min(out.size(), ans.size());
  for (std::size_t i = 0; i < n; ++i) {
    std::string note;
    if (!equal(out[i].text, ans[i].text, &note)) {
      return Make(CheckVerdict::kWrongAnswer,
                  "token " + std::to_string(i + 1) + " (line " + std::to_string(out[i].line) +
                      "): expected " + Quote(ans[i].text) + ", found " + Quote(out[i].text) + note);
    }
  }
  if (out.size() < ans.size()) {
    return Make(CheckVerdict::kWrongAnswer,
                "output ends after " + std::to_string(out.size()) + " token(s); expected " +
                    Quote(ans[out.size()].text) + " next (" + std::to_string(ans.size()) +
                    " expected)");
  }
  if (out.size() > ans.size()) {
    return Make(CheckVerdict::kWrongAnswer,
                "extra output after the expected " + std::to_string(ans.size()) +
                    " token(s): found " + Quote(out[ans.size()].text) + " (line " +
                    std::to_string(out[ans.size()].line) + ")");
  }
  return Accepted();
}

bool SameText(std::string_view a, std::string_view b, std::string*) { return a == b; }

// Splits into lines without trailing spaces, tabs and CRs; drops trailing empty lines.
std::vector<std::string_view> NormalizedLines(std::string_view s) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= s.size()) {
    std::size_t end = s.find('\n', start);
    if (end == std::string_view::npos) end = s.size();
    std::string_view line = s.substr(start, end - start);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
      line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// Reads a whole token as a number (what strtod accepts, nothing left over).
bool ParseNumber(std::string_view token, double* value) {
  if (token.empty() || token.size() > 400) return false;
  std::string copy(token);
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size()) return false;
  *value = v;  // ERANGE gives +-HUGE_VAL or a denormal/0: still that number
  return true;
}

}  // namespace

CheckOutcome CompareTokens(std::string_view output, std::string_view answer) {
  return CompareTokenLists(Tokenize(output), Tokenize(answer), SameText);
}

CheckOutcome CompareExact(std::string_view output, std::string_view answer) {
  if (output == answer) return Accepted();
  CheckOutcome tokens = CompareTokens(output, answer);
  if (tokens.verdict != CheckVerdict::kAccepted) return tokens;
  std::size_t i = 0;
  std::size_t line = 1;
  while (i < output.size() && i < answer.size() && output[i] == answer[i]) {
    if (output[i] == '\n') ++line;
    ++i;
  }
  std::string what;
  if (i == output.size())
    what = "output ends early, expected " + Quote(answer.substr(i, 8));
  else if (i == answer.size())
    what = "extra whitespace " + Quote(output.substr(i, 8)) + " at the end";
  else
    what = "expected " + Quote(answer.substr(i, 8)) + ", found " + Quote(output.substr(i, 8));
  return Make(CheckVerdict::kPresentationError, "whitespace differs at byte " + std::to_string(i + 1) +
                                                  " (line " + std::to_string(line) + "): " + what);
}

CheckOutcome CompareLines(std::string_view output, std::string_view answer) {
  std::vector<std::string_view> out = NormalizedLines(output);
  std::vector<std::string_view> ans = NormalizedLines(answer);
  std::size_t n = std::min(out.size(), ans.size());
  std::size_t first_diff = n;
  for (std::size_t i = 0; i < n; ++i) {
    if (out[i] != ans[i]) {
      first_diff = i;
      break;
    }
  }
  if (first_diff == n && out.size() == ans.size()) return Accepted();
  CheckOutcome tokens = CompareTokens(output, answer);
  if (tokens.verdict != CheckVerdict::kAccepted) return tokens;
  std::string where = "line " + std::to_string(first_diff + 1) + ": ";
  if (first_diff < n)
    return Make(CheckVerdict::kPresentationError, where + "expected " + Quote(ans[first_diff]) +
                                                    ", found " + Quote(out[first_diff]) +
                                                    " (same tokens, different layout)");
  if (out.size() < ans.size())
    return Make(CheckVerdict::kPresentationError,
                where + "output ends; expected " + Quote(ans[first_diff]) + " (same tokens, different layout)");
  return Make(CheckVerdict::kPresentationError,
              where + "extra line " + Quote(out[first_diff]) + " (same tokens, different layout)");
}

CheckOutcome CompareFloats(std::string_view output, std::string_view answer,
                           double absolute_tolerance, double relative_tolerance) {
  auto equal = [&](std::string_view out, std::string_view ans, std::string* note) {
    double a = 0, o = 0;
    if (!ParseNumber(ans, &a)) return out == ans;
    if (!ParseNumber(out, &o)) {
      *note = " (expected a number)";
      return false;
    }
    if (std::isnan(a) || std::isnan(o)) {
      if (std::isnan(a) && std::isnan(o)) return true;
      *note = " (nan matches only nan)";
      return false;
    }
    if (std::isinf(a) || std::isinf(o)) {
      if (a == o) return true;
      *note = " (infinity matches only the same infinity)";
      return false;
    }
    double diff = std::fabs(o - a);
    if (diff <= absolute_tolerance || diff <= relative_tolerance * std::fabs(a)) return true;
    char buf[160];
    std::snprintf(buf, sizeof buf, " (difference %.3g exceeds absolute %.3g and relative %.3g)",
                  diff, absolute_tolerance, relative_tolerance);
    *note = buf;
    return false;
  };
  return CompareTokenLists(Tokenize(output), Tokenize(answer), equal);
}

namespace {

class BuiltinChecker : public Checker {
 public:
  explicit BuiltinChecker(const ProblemConfig& config)
      : kind_(config.checker),
        abs_(config.float_absolute_tolerance),
        rel_(config.float_relative_tolerance),
        validator_flags_(config.validator_flags) {}

  std::string Describe() const override {
    switch (kind_) {
      case CheckerKind::kFloat: {
        char buf[96];
        std::snprintf(buf, sizeof buf, "float (absolute %g, relative %g)", abs_, rel_);
        return buf;
      }
      case CheckerKind::kDefault: {
        std::string d = "default";
        for (const auto& f : validator_flags_) d += " " + f;
        return d;
      }
      case CheckerKind::kExact:
      case CheckerKind::kLines:
      case CheckerKind::kTokens:
      case CheckerKind::kPlugin:
      case CheckerKind::kKattis:
      case CheckerKind::kTestlib: break;
    }
    return std::string(CheckerKindInfoOf(kind_).name);
  }

  CheckerKind kind() const override { return kind_; }

  // Pure comparisons of their arguments.
  bool concurrent() const override { return true; }

  // The default validator's flags are problem.yaml's and the test group's.
  Result<CheckOutcome> CheckTest(const CheckRequest& request) override {
    if (kind_ != CheckerKind::kDefault) return Check(request.input, request.output, request.answer);
    Result<DefaultValidatorOptions> options =
        ParseDefaultValidatorFlags(request.flags ? *request.flags : validator_flags_);
    if (!options.ok()) return options.status();
    return CompareKattisDefault(request.output, request.answer, *options);
  }

  // Every kind is named: a new kind is a compile warning here, not a silent fallback.
  Result<CheckOutcome> Check(std::string_view, std::string_view output,
                             std::string_view answer) override {
    switch (kind_) {
      case CheckerKind::kExact: return CompareExact(output, answer);
      case CheckerKind::kLines: return CompareLines(output, answer);
      case CheckerKind::kTokens: return CompareTokens(output, answer);
      case CheckerKind::kFloat: return CompareFloats(output, answer, abs_, rel_);
      case CheckerKind::kDefault: {
        Result<DefaultValidatorOptions> options = ParseDefaultValidatorFlags(validator_flags_);
        if (!options.ok()) return options.status();
        return CompareKattisDefault(output, answer, *options);
      }
      case CheckerKind::kPlugin:
      case CheckerKind::kKattis:
      case CheckerKind::kTestlib: break;
    }
    return Status::Internal("checker kind '" + std::string(CheckerKindInfoOf(kind_).name) +
                            "' is not a built-in comparison: the judge made the wrong checker for it");
  }

 private:
  CheckerKind kind_;
  double abs_;
  double rel_;
  std::vector<std::string> validator_flags_;
};

class PluginChecker : public Checker {
 public:
  PluginChecker(PluginCaller* caller, std::string options)
      : caller_(caller), options_(std::move(options)) {}

  std::string Describe() const override {
    return "plugin " + caller_->id() + " " + caller_->version();
  }
  CheckerKind kind() const override { return CheckerKind::kPlugin; }

  // The caller has interpreted the plugin's answer already (plugin_host.h): a checker
  // failure arrives as a Status, a partial score within [0, 1).
  Result<CheckOutcome> Check(std::string_view input, std::string_view output,
                             std::string_view answer) override {
    return caller_->Check(input, output, answer, options_);
  }

 private:
  PluginCaller* caller_;
  std::string options_;
};

}  // namespace

std::string_view CheckVerdictName(CheckVerdict v) {
  switch (v) {
    case CheckVerdict::kAccepted: return "AC";
    case CheckVerdict::kWrongAnswer: return "WA";
    case CheckVerdict::kPresentationError: return "PE";
    case CheckVerdict::kPartial: return "partial";
  }
  return "WA";
}

std::unique_ptr<Checker> MakeBuiltinChecker(const ProblemConfig& config) {
  return std::make_unique<BuiltinChecker>(config);
}

std::unique_ptr<Checker> MakePluginChecker(PluginCaller* caller, std::string options) {
  return std::make_unique<PluginChecker>(caller, std::move(options));
}

}  // namespace judge
