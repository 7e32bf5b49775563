#include "checker.h"

#include <cstring>
#include <optional>

#include "eight/moves.h"
#include "eight/parse.h"
#include "eight/solvability.h"
#include "eight/solver.h"

namespace eight {
namespace {

constexpr std::string_view kUnsolvable = "unsolvable";

bool IsLineSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

bool IsBlank(std::string_view line) {
  for (char c : line)
    if (!IsLineSpace(c)) return false;
  return true;
}

// Iterates over the lines of text; "a\n" is one line, "a\n\n" two, "" none.
class Lines {
 public:
  explicit Lines(std::string_view text) : text_(text) {}
  bool Next(std::string_view* line) {
    if (pos_ >= text_.size()) return false;
    const void* nl = std::memchr(text_.data() + pos_, '\n', text_.size() - pos_);
    size_t end = nl ? static_cast<size_t>(static_cast<const char*>(nl) - text_.data()) : text_.size();
    *line = text_.substr(pos_, end - pos_);
    pos_ = end + 1;
    return true;
  }

 private:
  std::string_view text_;
  size_t pos_ = 0;
};

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

std::string Plural(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

struct CaseOutcome {
  bool ok = false;
  std::string message;  // without the "case i: " prefix
  size_t moves = 0;     // when ok and solved
  bool unsolvable = false;
};

// Judges one answer that contains no whitespace.
CaseOutcome JudgeAnswer(const Board& board, std::string_view answer, bool require_shortest) {
  CaseOutcome o;
  if (answer == kUnsolvable) {
    if (IsSolvable(board)) {
      o.message = "'unsolvable' but the board is solvable (in " +
                  Plural(static_cast<size_t>(ShortestDistance(board)), "move") + ")";
      return o;
    }
    o.ok = true;
    o.unsolvable = true;
    return o;
  }
  if (EqualsIgnoreCase(answer, kUnsolvable)) {
    o.message = "found " + QuoteForMessage(answer) + ": the word is 'unsolvable', in lower case";
    return o;
  }
  if (answer.size() > kUnsolvable.size() && answer.substr(0, kUnsolvable.size()) == kUnsolvable) {
    o.message = "expected 'unsolvable' alone on its line, found " + QuoteForMessage(answer);
    return o;
  }
  ReplayResult r = Replay(board, answer);
  size_t move_no = r.move_index + 1;
  switch (r.stop) {
    case ReplayResult::Stop::kIllegalLetter:
      o.message = "move " + std::to_string(move_no) + ": illegal character " +
                  QuoteForMessage(answer.substr(r.move_index, 1)) +
                  " (expected u, d, l, r or the word 'unsolvable')";
      return o;
    case ReplayResult::Stop::kLeavesBoard:
      o.message = "move " + std::to_string(move_no) + " '" + answer[r.move_index] +
                  "' leaves the board";
      return o;
    case ReplayResult::Stop::kCompleted:
      break;
  }
  if (!IsGoal(r.board)) {
    bool solvable = IsSolvable(board);
    if (answer.empty()) {
      o.message = solvable ? "empty answer, but the board " + ToCompact(board) + " is not the goal"
                           : "empty answer, but the board is unsolvable: expected 'unsolvable'";
    } else if (!solvable) {
      o.message = "the board is unsolvable, expected 'unsolvable' (after " +
                  Plural(answer.size(), "move") + " the state is " + ToCompact(r.board) + ")";
    } else {
      o.message = "ends in state " + ToCompact(r.board) + ", not the goal (after " +
                  Plural(answer.size(), "move") + ")";
    }
    return o;
  }
  if (require_shortest) {
    size_t shortest = static_cast<size_t>(ShortestDistance(board));
    if (answer.size() > shortest) {
      o.message = Plural(answer.size(), "move") + ", shortest is " + std::to_string(shortest);
      return o;
    }
  }
  o.ok = true;
  o.moves = answer.size();
  return o;
}

// answers[i] is the line of case i, or nullopt when the output has no line for it
// (judged as an empty answer: right for the goal only).
AnswerCheck JudgeLines(const std::vector<Board>& boards,
                       const std::vector<std::optional<std::string_view>>& answers,
                       size_t effective_lines, const AnswerCheckOptions& options) {
  const size_t n = boards.size();
  AnswerCheck first_pe;
  bool has_pe = false;
  size_t solved = 0, unsolvable = 0, moves = 0;
  std::string compact;
  for (size_t i = 0; i < n; ++i) {
    std::string prefix = "case " + std::to_string(i + 1) + ": ";
    if (!answers[i]) {
      if (IsGoal(boards[i])) {
        ++solved;
        continue;
      }
      std::string what = effective_lines == 0
                             ? "empty output"
                             : "no line for this case (output has " + Plural(effective_lines, "line") +
                                   " for " + Plural(n, "case") + ")";
      return {AnswerVerdict::kWrongAnswer, prefix + what};
    }
    std::string_view line = *answers[i];
    while (!line.empty() && IsLineSpace(line.back())) line.remove_suffix(1);
    // Whitespace left inside the line: judge the answer without it, then call it PE.
    size_t first_space = std::string_view::npos;
    for (size_t k = 0; k < line.size(); ++k)
      if (IsLineSpace(line[k])) {
        first_space = k;
        break;
      }
    std::string_view answer = line;
    if (first_space != std::string_view::npos) {
      compact.clear();
      for (char c : line)
        if (!IsLineSpace(c)) compact.push_back(c);
      answer = compact;
    }
    CaseOutcome o = JudgeAnswer(boards[i], answer, options.require_shortest);
    if (!o.ok) return {AnswerVerdict::kWrongAnswer, prefix + o.message};
    if (first_space != std::string_view::npos && !has_pe) {
      has_pe = true;
      first_pe.verdict = AnswerVerdict::kPresentationError;
      first_pe.message = prefix + (first_space == 0
                                       ? "the line starts with whitespace; the answer must start "
                                         "at the beginning of the line"
                                       : "whitespace inside the answer at column " +
                                             std::to_string(first_space + 1) +
                                             "; write the moves without spaces");
    }
    if (o.unsolvable) {
      ++unsolvable;
    } else {
      ++solved;
      moves += o.moves;
    }
  }
  if (has_pe) return first_pe;
  if (n == 1)
    return {AnswerVerdict::kAccepted, unsolvable ? "'unsolvable', and the board is unsolvable"
                                                 : "solved in " + Plural(moves, "move")};
  return {AnswerVerdict::kAccepted, Plural(n, "case") + ": " + std::to_string(solved) +
                                        " solved in " + Plural(moves, "move") + ", " +
                                        std::to_string(unsolvable) + " unsolvable"};
}

}  // namespace

AnswerCheck CheckAnswers(const std::vector<Board>& boards, std::string_view output,
                         const AnswerCheckOptions& options) {
  const size_t n = boards.size();

  // Pass 1: shape. Effective lines end at the last non-blank one.
  size_t total = 0, effective = 0, nonblank = 0, first_blank = 0;
  {
    Lines lines(output);
    std::string_view line;
    while (lines.Next(&line)) {
      ++total;
      if (IsBlank(line)) {
        if (first_blank == 0) first_blank = total;
      } else {
        ++nonblank;
        effective = total;
      }
    }
  }

  // Pass 2: collect at most n answer lines (never more, whatever the output holds).
  std::vector<std::optional<std::string_view>> answers(n);
  Lines lines(output);
  std::string_view line;
  if (effective <= n) {
    for (size_t i = 0; i < effective && lines.Next(&line); ++i) answers[i] = line;
    return JudgeLines(boards, answers, effective, options);
  }

  // More lines than cases. If they are blank lines between right answers, that is a
  // presentation error; the non-blank lines are matched to all cases, or to the
  // cases that are not the goal (whose right answer is the empty line).
  std::string shape = "output has " + Plural(effective, "line") + " for " + Plural(n, "case");
  size_t not_goal = 0;
  for (const Board& b : boards) not_goal += !IsGoal(b);
  if (nonblank != n && nonblank != not_goal)
    return {AnswerVerdict::kWrongAnswer, shape + ", expected one line per case"};
  bool skip_goals = nonblank != n;
  for (size_t i = 0; i < n; ++i) {
    if (skip_goals && IsGoal(boards[i])) {
      answers[i] = std::string_view();
      continue;
    }
    while (lines.Next(&line) && IsBlank(line)) {
    }
    answers[i] = line;
  }
  AnswerCheck aligned = JudgeLines(boards, answers, effective, options);
  if (aligned.verdict == AnswerVerdict::kWrongAnswer)
    return {AnswerVerdict::kWrongAnswer, shape + ", expected one line per case"};
  return {AnswerVerdict::kPresentationError,
          "line " + std::to_string(first_blank) +
              " is blank: print one line per case, no blank lines between cases (" + shape + ")"};
}

JudgeTextResult JudgeText(std::string_view input, std::string_view output, std::string_view jury_answer,
                          const AnswerCheckOptions& options, CaseCount count) {
  ParseResult parsed = ParseBoards(input, count);
  if (!parsed.ok()) return {JudgeVerdict::kCheckerFailure, "input: " + parsed.error};
  if (!jury_answer.empty()) {
    AnswerCheck jury = CheckAnswers(parsed.boards, jury_answer, AnswerCheckOptions{});
    if (jury.verdict != AnswerVerdict::kAccepted)
      return {JudgeVerdict::kCheckerFailure, "jury answer: " + jury.message};
  }
  AnswerCheck c = CheckAnswers(parsed.boards, output, options);
  switch (c.verdict) {
    case AnswerVerdict::kAccepted: return {JudgeVerdict::kAccepted, c.message};
    case AnswerVerdict::kWrongAnswer: return {JudgeVerdict::kWrongAnswer, c.message};
    case AnswerVerdict::kPresentationError: return {JudgeVerdict::kPresentationError, c.message};
  }
  return {JudgeVerdict::kCheckerFailure, "unknown verdict"};
}

}  // namespace eight
