#include "checker.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "rotation/board.h"
#include "rotation/input.h"
#include "rotation/moves.h"
#include "rotation/solver.h"

namespace rotation::judging {
namespace {

using judge::sdk::CheckResult;
using judge::sdk::InvalidInput;
using judge::sdk::Options;

enum class TieBreak { kLexicographic, kAny };

bool IsLineSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }
bool IsSpace(char c) { return IsLineSpace(c) || c == '\n' || c == '\v' || c == '\f'; }

std::string_view TrimRight(std::string_view s) {
  size_t end = s.size();
  while (end > 0 && IsLineSpace(s[end - 1])) --end;
  return s.substr(0, end);
}

std::string_view TrimLeft(std::string_view s) {
  size_t begin = 0;
  while (begin < s.size() && (s[begin] == ' ' || s[begin] == '\t')) ++begin;
  return s.substr(begin);
}

// The lines of a text, each without its '\n' and trailing spaces, tabs and CR.
class Lines {
 public:
  explicit Lines(std::string_view text) : text_(text) {}

  // The next line and its 1-based number; false after the last line.
  bool Next(std::string_view& line, size_t& number) {
    if (pos_ > text_.size()) return false;
    size_t nl = text_.find('\n', pos_);
    if (nl == std::string_view::npos) nl = text_.size();
    line = TrimRight(text_.substr(pos_, nl - pos_));
    number = ++count_;
    pos_ = nl + 1;
    return true;
  }

 private:
  std::string_view text_;
  size_t pos_ = 0;
  size_t count_ = 0;
};

// text without trailing whitespace (trailing blank lines and spaces are tolerated).
std::string_view TrimEnd(std::string_view text) {
  size_t end = text.size();
  while (end > 0 && IsSpace(text[end - 1])) --end;
  return text.substr(0, end);
}

std::string Case(size_t k) { return "case " + std::to_string(k) + ": "; }
std::string Moves(long long n) { return std::to_string(n) + (n == 1 ? " move" : " moves"); }
std::string LineCount(size_t n) { return std::to_string(n) + (n == 1 ? " line" : " lines"); }
std::string CaseCount(size_t n) { return std::to_string(n) + (n == 1 ? " case" : " cases"); }
std::string LineNo(size_t n) { return "line " + std::to_string(n); }

// "no moves needed" in any capitalisation and spacing (short lines only).
bool LooksLikeNoMovesNeeded(std::string_view s) {
  if (s.size() > 64) return false;
  std::string norm;
  bool space = false;
  for (char c : s) {
    if (c == ' ' || c == '\t') {
      space = true;
      continue;
    }
    if (space && !norm.empty()) norm += ' ';
    space = false;
    norm += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return norm == "no moves needed";
}

struct CaseLines {
  std::string_view moves, digit;
  size_t moves_line = 0, digit_line = 0;
};

// Judges one case. Returns a WA message, or nullopt; records the first PE in *pe.
std::optional<std::string> JudgeCase(size_t k, const Board& start, const Solution& best,
                                     const CaseLines& lines, TieBreak tie, std::string* pe) {
  auto note_pe = [pe](std::string message) {
    if (pe->empty()) *pe = std::move(message);
  };
  const int shortest = static_cast<int>(best.moves.size());

  // The move line.
  std::string_view content = TrimLeft(lines.moves);
  if (content.size() != lines.moves.size())
    note_pe(Case(k) + LineNo(lines.moves_line) + ": leading whitespace before the moves");
  if (content.empty())
    return Case(k) + "empty move line, expected " +
           (shortest == 0 ? std::string("'No moves needed'") : "the moves");
  Board board = start;
  long long count = 0;
  std::string prefix;  // the first `shortest` letters, for the tie-break message
  if (LooksLikeNoMovesNeeded(content)) {
    if (shortest != 0)
      return Case(k) + "'No moves needed', but the board needs " + Moves(shortest);
    if (content != kNoMovesNeeded)
      note_pe(Case(k) + "expected exactly 'No moves needed', found " + QuoteToken(content));
  } else {
    bool spaced = false;
    for (size_t i = 0; i < content.size(); ++i) {
      const char c = content[i];
      if (c == ' ' || c == '\t') {
        if (!spaced)
          note_pe(Case(k) + LineNo(lines.moves_line) + ", column " +
                  std::to_string(i + 1 + lines.moves.size() - content.size()) +
                  ": whitespace inside the move line");
        spaced = true;
        continue;
      }
      const int move = MoveFromLetter(c);
      if (move < 0)
        return Case(k) + "move " + std::to_string(count + 1) + " " +
               QuoteToken(std::string_view(&content[i], 1)) + " is not a move (A..H)";
      ApplyMove(board, move);
      if (count < shortest) prefix += c;
      ++count;
    }
    if (!IsGoal(board))
      return Case(k) + "ends in a board whose centre is not one digit (after " + Moves(count) +
             ")";
  }

  // The digit line.
  std::string_view digit = TrimLeft(lines.digit);
  if (digit.size() != lines.digit.size())
    note_pe(Case(k) + LineNo(lines.digit_line) + ": leading whitespace before the digit");
  if (digit.size() != 1 || digit[0] < '1' || digit[0] > '3')
    return Case(k) + LineNo(lines.digit_line) + ": expected the centre digit 1..3, found " +
           (digit.empty() ? std::string("an empty line") : QuoteToken(digit));
  const int centre = CentreDigit(board);
  if (digit[0] - '0' != centre)
    return Case(k) + "printed centre digit " + std::string(1, digit[0]) +
           ", but the centre holds " + std::to_string(centre) + " after the moves";

  // Optimality and the tie-break.
  if (count > shortest)
    return Case(k) + Moves(count) + ", shortest is " + std::to_string(shortest) +
           (shortest == 0 ? " (expected 'No moves needed')" : "");
  if (count < shortest)  // a goal reached faster than the reference: a solver bug
    throw std::logic_error(Case(k) + "reached the goal in " + std::to_string(count) +
                           " moves, fewer than the reference solver's " +
                           std::to_string(shortest));
  if (tie == TieBreak::kLexicographic && prefix != best.moves)
    return Case(k) + "shortest but not the smallest: expected " + best.moves + ", found " + prefix;
  return std::nullopt;
}

// Empty when the jury's answer says what the reference solver says (up to trailing
// whitespace); otherwise where they differ.
std::string CompareAnswer(std::string_view answer, const std::string& expected) {
  Lines got(TrimEnd(answer)), want(TrimEnd(expected));
  std::string_view a, b;
  size_t na = 0, nb = 0;
  for (;;) {
    const bool has_a = got.Next(a, na), has_b = want.Next(b, nb);
    if (!has_a && !has_b) return "";
    if (!has_a) return "ends before " + LineNo(nb) + ", expected " + QuoteToken(b);
    if (!has_b) return LineNo(na) + ": expected the end, found " + QuoteToken(a);
    if (a != b) return LineNo(na) + ": expected " + QuoteToken(b) + ", found " + QuoteToken(a);
  }
}

CheckResult JudgeOutput(const std::vector<Board>& boards, const std::vector<Solution>& best,
                        std::string_view output, TieBreak tie) {
  const size_t cases = boards.size();
  const size_t want_lines = 2 * cases;
  const std::string_view text = TrimEnd(output);
  if (text.empty()) {
    if (cases == 0) return CheckResult::Accepted("0 cases");
    return CheckResult::WrongAnswer("empty output, expected " + LineCount(want_lines) +
                                    " (2 per case, " + CaseCount(cases) + ")");
  }
  // Pass 1: count lines and blank lines, without storing them.
  size_t total = 0, blank = 0, first_blank = 0;
  {
    Lines lines(text);
    std::string_view line;
    size_t n;
    while (lines.Next(line, n)) {
      ++total;
      if (TrimLeft(line).empty() && ++blank == 1) first_blank = n;
    }
  }
  std::string pe;
  bool skip_blank = false;
  if (total != want_lines) {
    if (blank == 0 || total - blank != want_lines)
      return CheckResult::WrongAnswer(
          "output has " + LineCount(total) +
          (blank ? " (" + std::to_string(blank) + " blank)" : std::string()) + ", expected " +
          std::to_string(want_lines) + " (2 per case, " + CaseCount(cases) + ")");
    // Right once blank lines are dropped: judge the content, then report the layout.
    skip_blank = true;
    pe = LineNo(first_blank) + ": blank line (allowed only after the last case)";
  }
  // Pass 2: judge case by case.
  Lines lines(text);
  auto next = [&](std::string_view& line, size_t& n) {
    while (lines.Next(line, n))
      if (!skip_blank || !TrimLeft(line).empty()) return;
  };
  for (size_t k = 0; k < cases; ++k) {
    CaseLines c;
    next(c.moves, c.moves_line);
    next(c.digit, c.digit_line);
    if (auto wrong = JudgeCase(k + 1, boards[k], best[k], c, tie, &pe))
      return CheckResult::WrongAnswer(*wrong);
  }
  if (!pe.empty()) return CheckResult::PresentationError(pe);
  return CheckResult::Accepted(CaseCount(cases));
}

}  // namespace

CheckResult CheckOutput(std::string_view input, std::string_view output, std::string_view answer,
                        const Options& options) {
  TieBreak tie = TieBreak::kLexicographic;
  try {
    options.RequireKnown({"tie_break"});
    const std::string value = options.GetString("tie_break", "lexicographic");
    if (value == "any") {
      tie = TieBreak::kAny;
    } else if (value != "lexicographic") {
      return CheckResult::CheckerFailure(
          "plugin options: option 'tie_break': expected lexicographic or any, found '" + value +
          "'");
    }
  } catch (const InvalidInput& e) {
    return CheckResult::CheckerFailure(std::string("plugin options: ") + e.what());
  }
  const ParsedInput parsed = ParseInput(input);
  if (!parsed.ok()) return CheckResult::CheckerFailure("input: " + parsed.error);
  std::vector<Solution> best;
  best.reserve(parsed.boards.size());
  for (const Board& board : parsed.boards) best.push_back(Solve(board));
  if (!TrimEnd(answer).empty()) {
    const std::string disagreement = CompareAnswer(answer, FormatAnswer(best));
    if (!disagreement.empty())
      return CheckResult::CheckerFailure("answer file disagrees with the reference solver: " +
                                         disagreement);
  }
  try {
    return JudgeOutput(parsed.boards, best, output, tie);
  } catch (const std::logic_error& e) {
    return CheckResult::CheckerFailure(e.what());
  }
}

}  // namespace rotation::judging
