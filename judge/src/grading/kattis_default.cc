// The Kattis default output validator (judge/grading/checker.h: CompareKattisDefault), written
// from the specification's rules: tokens, case, whitespace runs, float tolerances.
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "judge/grading/checker.h"

namespace judge {
namespace {

// C's isspace in the "C" locale: what the format calls whitespace.
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

// A file as alternating runs: space[0] token[0] space[1] token[1] ... space[n].
struct Runs {
  std::vector<std::string_view> spaces;
  std::vector<std::string_view> tokens;
  std::vector<std::size_t> lines;  // the line each token starts on, 1-based
};

Runs Split(std::string_view s) {
  Runs r;
  std::size_t i = 0, line = 1;
  for (;;) {
    std::size_t start = i;
    while (i < s.size() && IsSpace(s[i])) line += s[i++] == '\n';
    r.spaces.push_back(s.substr(start, i - start));
    if (i == s.size()) break;
    start = i;
    while (i < s.size() && !IsSpace(s[i])) ++i;
    r.tokens.push_back(s.substr(start, i - start));
    r.lines.push_back(line);
  }
  return r;
}

// A token that reads whole as a finite floating-point number.
bool ReadFloat(std::string_view token, double* value) {
  if (token.empty() || token.size() > 4096) return false;
  std::string copy(token);
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || std::isinf(v) || std::isnan(v)) return false;
  *value = v;
  return true;
}

bool EqualIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

// Quoted, shortened, control bytes as \xNN: messages are one line.
std::string Show(std::string_view s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size() && i < 40; ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f || c == '"' || c == '\\') {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + (s.size() > 40 ? "...\"" : "\"");
}

CheckOutcome Wrong(std::string message) {
  CheckOutcome o;
  o.verdict = CheckVerdict::kWrongAnswer;
  o.message = std::move(message);
  return o;
}

// Empty when the tokens match, else why not.
std::string CompareToken(std::string_view out, std::string_view ans, const DefaultValidatorOptions& opt) {
  double a = 0, o = 0;
  bool floats = opt.float_absolute_tolerance >= 0 || opt.float_relative_tolerance >= 0;
  if (floats && ReadFloat(ans, &a)) {
    if (!ReadFloat(out, &o)) return "expected a number " + Show(ans) + ", found " + Show(out);
    double diff = std::fabs(a - o);
    if (diff <= opt.float_absolute_tolerance || diff <= opt.float_relative_tolerance * std::fabs(a)) return "";
    char buf[200];
    std::snprintf(buf, sizeof buf, " (difference %.6g; absolute tolerance %g, relative %g)", diff,
                  opt.float_absolute_tolerance, opt.float_relative_tolerance);
    return "expected " + Show(ans) + ", found " + Show(out) + buf;
  }
  bool same = opt.case_sensitive ? out == ans : EqualIgnoringCase(out, ans);
  return same ? "" : "expected " + Show(ans) + ", found " + Show(out);
}

std::string Where(const Runs& out, std::size_t token) {
  return "token " + std::to_string(token + 1) + " (line " +
         std::to_string(token < out.lines.size() ? out.lines[token] : (out.lines.empty() ? 1 : out.lines.back())) +
         ")";
}

}  // namespace

Result<DefaultValidatorOptions> ParseDefaultValidatorFlags(const std::vector<std::string>& flags) {
  DefaultValidatorOptions o;
  for (std::size_t i = 0; i < flags.size(); ++i) {
    const std::string& f = flags[i];
    if (f == "case_sensitive") {
      o.case_sensitive = true;
      continue;
    }
    if (f == "space_change_sensitive") {
      o.space_change_sensitive = true;
      continue;
    }
    if (f != "float_tolerance" && f != "float_absolute_tolerance" && f != "float_relative_tolerance")
      return Status::InvalidArgument("default output validator flags: expected case_sensitive, "
                                     "space_change_sensitive or float_[absolute_|relative_]tolerance <e>, found \"" +
                                     f + "\"");
    double e = 0;
    if (i + 1 == flags.size() || !ReadFloat(flags[i + 1], &e) || e < 0)
      return Status::InvalidArgument("default output validator flags: " + f + ": expected a number >= 0, found " +
                                     (i + 1 == flags.size() ? std::string("nothing") : Show(flags[i + 1])));
    ++i;
    if (f != "float_relative_tolerance") o.float_absolute_tolerance = e;
    if (f != "float_absolute_tolerance") o.float_relative_tolerance = e;
  }
  return o;
}

CheckOutcome CompareKattisDefault(std::string_view output, std::string_view answer,
                                  const DefaultValidatorOptions& options) {
  const Runs out = Split(output);
  const Runs ans = Split(answer);
  const std::size_t n = std::min(out.tokens.size(), ans.tokens.size());
  for (std::size_t i = 0; i <= n; ++i) {
    if (options.space_change_sensitive && out.spaces[i] != ans.spaces[i] &&
        !(i == n && out.tokens.size() != ans.tokens.size()))
      return Wrong("whitespace before " + (i < out.tokens.size() ? Where(out, i) : std::string("the end")) +
                   ": expected " + Show(ans.spaces[i]) + ", found " + Show(out.spaces[i]));
    if (i == n) break;
    std::string why = CompareToken(out.tokens[i], ans.tokens[i], options);
    if (!why.empty()) return Wrong(Where(out, i) + ": " + why);
  }
  if (out.tokens.size() < ans.tokens.size())
    return Wrong(out.tokens.empty() ? "no output (expected " + Show(ans.tokens[0]) + " first)"
                                    : "output ends after " + std::to_string(out.tokens.size()) +
                                          " token(s); expected " + Show(ans.tokens[n]) + " next");
  if (out.tokens.size() > ans.tokens.size())
    return Wrong("extra output after the expected " + std::to_string(n) + " token(s): " + Show(out.tokens[n]) +
                 " at " + Where(out, n));
  CheckOutcome ok;
  ok.verdict = CheckVerdict::kAccepted;
  ok.score = 1.0;
  return ok;
}

}  // namespace judge
