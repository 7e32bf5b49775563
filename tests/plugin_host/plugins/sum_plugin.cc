// test-sum: a trivial problem plugin built with the SDK, for the loader, isolation
// and CLI tests. The input is two integers "a b" (|a|, |b| <= 10^9); the answer is
// their sum on one line.
//   check: one integer token; exactly "<sum>\n" is AC, the right number with other
//          whitespace is PE when option strict=true (the default) else AC, a wrong
//          number is WA, or PARTIAL 0.5 when option partial=true and it is off by one.
//          An answer file that is not an integer is a checker failure.
//   generate: params max=N (default 100): both numbers in [-N, N], from the seed.
#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

#include "common/rng.h"
#include "judge_plugin_sdk.h"

namespace {

using judge::sdk::CheckResult;
using judge::sdk::InvalidInput;
using judge::sdk::Options;

std::vector<std::string> Tokens(std::string_view text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    size_t b = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > b) out.emplace_back(text.substr(b, i - b));
  }
  return out;
}

bool ParseInt(const std::string& s, int64_t* v) {
  if (s.empty() || s.size() > 19) return false;
  size_t i = s[0] == '-' ? 1 : 0;
  if (i == s.size()) return false;
  int64_t x = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    x = x * 10 + (s[i] - '0');
  }
  *v = s[0] == '-' ? -x : x;
  return true;
}


class Sum : public judge::sdk::Problem {
 public:
  std::string Solve(std::string_view input) const override {
    auto [a, b] = Parse(input);
    return std::to_string(a + b) + "\n";
  }

  CheckResult Check(std::string_view input, std::string_view output, std::string_view answer,
                    const Options& options) const override {
    options.RequireKnown({"strict", "partial"});
    int64_t expected = 0;
    if (answer.empty()) {
      expected = std::stoll(Solve(input));
    } else {
      auto t = Tokens(answer);
      if (t.size() != 1 || !ParseInt(t[0], &expected))
        return CheckResult::CheckerFailure("answer file: expected one integer");
    }
    auto t = Tokens(output);
    int64_t got = 0;
    if (t.size() != 1 || !ParseInt(t[0], &got))
      return CheckResult::WrongAnswer("expected one integer, found " + std::to_string(t.size()) + " tokens");
    if (got != expected) {
      if (options.GetBool("partial", false) && (got == expected + 1 || got == expected - 1))
        return CheckResult::Partial(0.5, "off by one: expected " + std::to_string(expected));
      return CheckResult::WrongAnswer("expected " + std::to_string(expected) + ", found " + t[0]);
    }
    if (options.GetBool("strict", true) && output != std::to_string(expected) + "\n")
      return CheckResult::PresentationError("right sum, but not exactly one line");
    return CheckResult::Accepted("sum " + std::to_string(expected));
  }

  std::string Validate(std::string_view input) const override {
    try {
      Parse(input);
    } catch (const InvalidInput& e) {
      return e.what();
    }
    return "";
  }

  std::string Generate(uint64_t seed, const Options& params) const override {
    params.RequireKnown({"max"});
    int64_t max = params.GetInt("max", 100, 0, 1000000000);
    common::Rng rng(seed);
    int64_t span = 2 * max + 1;
    int64_t a = static_cast<int64_t>(rng.Next() % static_cast<uint64_t>(span)) - max;
    int64_t b = static_cast<int64_t>(rng.Next() % static_cast<uint64_t>(span)) - max;
    return std::to_string(a) + " " + std::to_string(b) + "\n";
  }

 private:
  static std::pair<int64_t, int64_t> Parse(std::string_view input) {
    auto t = Tokens(input);
    if (t.size() != 2) throw InvalidInput("expected 2 integers, found " + std::to_string(t.size()) + " tokens");
    int64_t v[2];
    for (int i = 0; i < 2; ++i) {
      if (!ParseInt(t[i], &v[i]) || v[i] < -1000000000 || v[i] > 1000000000)
        throw InvalidInput("token " + std::to_string(i + 1) + ": expected an integer in [-10^9, 10^9], found '" +
                           t[i] + "'");
    }
    return {v[0], v[1]};
  }
};

}  // namespace

JUDGE_PLUGIN(Sum, "test-sum", "1.2.3")
