#include "checker.h"

#include <utility>

#include "solitaire/answer.h"
#include "solitaire/input.h"
#include "solitaire/solver.h"

namespace solitaire_plugin {
namespace {

using judge::sdk::CheckResult;

bool IsBlank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f'; }

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'a' && x <= 'z') x = static_cast<char>(x - 'a' + 'A');
    if (y >= 'a' && y <= 'z') y = static_cast<char>(y - 'a' + 'A');
    if (x != y) return false;
  }
  return true;
}

std::string Count(size_t n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

std::string Word(bool yes) { return std::string(yes ? solitaire::kYes : solitaire::kNo); }

struct Token {
  std::string_view text;
  size_t line = 0;
};

// One pass over the output: the first `keep` tokens with their lines, the totals, and
// the first layout problem (a presentation error if every answer turns out right).
struct Scan {
  std::vector<Token> tokens;
  size_t token_count = 0;
  size_t answer_lines = 0;  // lines holding at least one token
  size_t issue_line = 0;    // 0: no layout problem
  std::string issue;
};

Scan ScanOutput(std::string_view output, size_t keep) {
  Scan scan;
  scan.tokens.reserve(keep);
  size_t line_no = 0, first_blank = 0, pos = 0;
  while (pos < output.size()) {
    ++line_no;
    size_t end = output.find('\n', pos);
    if (end == std::string_view::npos) end = output.size();
    const std::string_view line = output.substr(pos, end - pos);
    pos = end + 1;
    size_t on_line = 0, k = 0;
    while (k < line.size()) {
      if (IsBlank(line[k])) {
        ++k;
        continue;
      }
      const size_t begin = k;
      while (k < line.size() && !IsBlank(line[k])) ++k;
      ++on_line;
      ++scan.token_count;
      if (scan.tokens.size() < keep) scan.tokens.push_back(Token{line.substr(begin, k - begin), line_no});
    }
    if (on_line == 0) {
      if (first_blank == 0) first_blank = line_no;
      continue;
    }
    if (scan.issue_line == 0) {
      if (first_blank != 0) {
        scan.issue_line = first_blank;
        scan.issue = "line " + std::to_string(first_blank) +
                     (scan.answer_lines == 0 ? ": blank line before the first answer"
                                             : ": blank line between answers");
      } else if (IsBlank(line[0])) {
        scan.issue_line = line_no;
        scan.issue = "line " + std::to_string(line_no) + ": whitespace before the answer";
      } else if (on_line > 1) {
        scan.issue_line = line_no;
        scan.issue = "line " + std::to_string(line_no) + ": " + Count(on_line, "answer") +
                     " on one line, expected one per line";
      }
    }
    first_blank = 0;
    ++scan.answer_lines;
  }
  return scan;
}

}  // namespace

std::string ParseJuryAnswer(std::string_view answer, size_t cases, std::vector<bool>* expected) {
  expected->clear();
  size_t count = 0, k = 0;
  while (k < answer.size()) {
    if (IsBlank(answer[k]) || answer[k] == '\n') {
      ++k;
      continue;
    }
    const size_t begin = k;
    while (k < answer.size() && !IsBlank(answer[k]) && answer[k] != '\n') ++k;
    const std::string_view token = answer.substr(begin, k - begin);
    ++count;
    if (token != solitaire::kYes && token != solitaire::kNo) {
      return "jury answer: answer " + std::to_string(count) + ": expected YES or NO, found " +
             solitaire::QuoteToken(token);
    }
    if (count <= cases) expected->push_back(token == solitaire::kYes);
  }
  if (count != cases) {
    return "jury answer: expected " + Count(cases, "answer") + " (one per case), found " +
           std::to_string(count);
  }
  return "";
}

CheckResult CheckOutput(std::string_view output, const std::vector<bool>& expected) {
  const size_t cases = expected.size();
  const Scan scan = ScanOutput(output, cases);

  if (scan.token_count != cases) {
    if (output.empty()) return CheckResult::WrongAnswer("empty output, expected " + Count(cases, "line"));
    if (scan.token_count == scan.answer_lines) {
      return CheckResult::WrongAnswer("expected " + Count(cases, "line") + ", found " +
                                      std::to_string(scan.answer_lines));
    }
    return CheckResult::WrongAnswer("expected " + Count(cases, "line") + " of one answer each, found " +
                                    Count(scan.token_count, "answer") + " on " +
                                    Count(scan.answer_lines, "line"));
  }

  size_t case_issue_line = 0;
  std::string case_issue;
  for (size_t i = 0; i < cases; ++i) {
    const Token& token = scan.tokens[i];
    const std::string where = "case " + std::to_string(i + 1);
    bool yes;
    if (EqualsIgnoringCase(token.text, solitaire::kYes)) {
      yes = true;
    } else if (EqualsIgnoringCase(token.text, solitaire::kNo)) {
      yes = false;
    } else {
      return CheckResult::WrongAnswer(where + ": expected YES or NO, found " +
                                      solitaire::QuoteToken(token.text));
    }
    if (yes != expected[i]) {
      return CheckResult::WrongAnswer(where + ": expected " + Word(expected[i]) + ", found " + Word(yes));
    }
    if (case_issue_line == 0 && token.text != Word(yes)) {
      case_issue_line = token.line;
      case_issue = where + " (line " + std::to_string(token.line) + "): expected '" + Word(yes) +
                   "' in upper case, found " + solitaire::QuoteToken(token.text);
    }
  }

  // Every answer is right: report the first layout problem in output order, if any.
  if (scan.issue_line != 0 && (case_issue_line == 0 || scan.issue_line <= case_issue_line))
    return CheckResult::PresentationError(scan.issue);
  if (case_issue_line != 0) return CheckResult::PresentationError(case_issue);
  return CheckResult::Accepted(Count(cases, "case") + " right");
}

judge::sdk::CheckResult JudgeOutput(std::string_view input, std::string_view output, std::string_view answer,
                                    const judge::sdk::Options& options) {
  using judge::sdk::CheckResult;
  options.RequireKnown({});
  solitaire::ParsedInput parsed = solitaire::ParseInput(input, solitaire::InputLayout::kTokens);
  if (!parsed.ok()) return CheckResult::CheckerFailure("jury input: " + parsed.error);
  std::vector<bool> expected;
  if (answer.empty()) {
    // No jury answer: the reference solver's is the truth.
    solitaire::Solver solver;
    expected.reserve(parsed.cases.size());
    for (const solitaire::Case& c : parsed.cases)
      expected.push_back(solver.Reachable(c.start, c.target, solitaire::kProblemMoveLimit));
  } else {
    std::string error = ParseJuryAnswer(answer, parsed.cases.size(), &expected);
    if (!error.empty()) return CheckResult::CheckerFailure(error);
  }
  return CheckOutput(output, expected);
}

}  // namespace solitaire_plugin
