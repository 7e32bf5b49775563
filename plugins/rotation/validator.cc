#include "validator.h"

#include "rotation/board.h"
#include "rotation/input.h"

namespace rotation::judging {
namespace {

std::string Line(size_t line_no) { return "line " + std::to_string(line_no); }

// Checks one case line (without its '\n'); empty string when it is well formed.
std::string ValidateCaseLine(std::string_view line, size_t case_no, size_t line_no) {
  const std::string where = "case " + std::to_string(case_no) + " (" + Line(line_no) + ")";
  Board board;
  size_t pos = 0;
  for (int token = 1; token <= kCellCount; ++token) {
    const std::string at = where + ", token " + std::to_string(token) + " (column " +
                           std::to_string(pos + 1) + ")";
    if (pos >= line.size())
      return where + ": expected 24 tokens, found " + std::to_string(token - 1);
    size_t end = line.find(' ', pos);
    if (end == std::string_view::npos) end = line.size();
    const std::string_view text = line.substr(pos, end - pos);
    if (text.empty())
      return at + (token == 1 ? ": expected a digit, found a leading space"
                              : ": expected a single space between tokens, found another space");
    if (text.size() != 1 || text[0] < '1' || text[0] > '3')
      return at + ": expected a digit 1..3, found " + QuoteToken(text);
    board.cells[token - 1] = static_cast<uint8_t>(text[0] - '0');
    pos = end;
    if (token < kCellCount) {
      if (pos >= line.size())
        return where + ": expected 24 tokens, found " + std::to_string(token);
      ++pos;  // the single space
      if (pos >= line.size()) return at + ": trailing space after the token";
    }
  }
  if (pos < line.size()) {
    // Count what is left to report the token count honestly.
    size_t extra = 0;
    bool in_token = false;
    for (size_t i = pos; i < line.size(); ++i) {
      const bool space = line[i] == ' ';
      if (!space && !in_token) ++extra;
      in_token = !space;
    }
    if (extra == 0) return where + ": trailing space at column " + std::to_string(pos + 1);
    return where + ": expected 24 tokens, found " + std::to_string(kCellCount + extra);
  }
  for (int digit = 1; digit <= kDigitCount; ++digit) {
    const int count = CountDigit(board, digit);
    if (count != kCellsPerDigit)
      return where + ": digit " + std::to_string(digit) + " occurs " + std::to_string(count) +
             " times, expected 8";
  }
  return "";
}

}  // namespace

std::string ValidateInput(std::string_view input) {
  size_t pos = 0, line_no = 0, cases = 0;
  while (pos < input.size()) {
    ++line_no;
    const size_t nl = input.find('\n', pos);
    if (nl == std::string_view::npos)
      return Line(line_no) + ": expected the line to end with a newline, found the end of input";
    const std::string_view line = input.substr(pos, nl - pos);
    pos = nl + 1;
    const size_t cr = line.find('\r');
    if (cr != std::string_view::npos)
      return Line(line_no) + ", column " + std::to_string(cr + 1) +
             ": expected '\\n' line endings, found a carriage return";
    if (line == "0") {
      if (cases == 0) return Line(line_no) + ": expected at least one case before the terminating 0";
      if (pos < input.size()) {
        const std::string_view rest = input.substr(pos, input.find('\n', pos) - pos);
        return "after the terminating 0 (" + Line(line_no + 1) +
               "): expected the end of input, found " +
               (rest.empty() ? std::string("an empty line") : QuoteToken(rest));
      }
      return "";
    }
    ++cases;
    if (cases > static_cast<size_t>(kMaxCases))
      return "case " + std::to_string(cases) + " (" + Line(line_no) + "): expected at most " +
             std::to_string(kMaxCases) + " cases";
    std::string error = ValidateCaseLine(line, cases, line_no);
    if (!error.empty()) return error;
  }
  return cases == 0 ? std::string("empty input: expected cases and a terminating 0")
                    : "input ends after case " + std::to_string(cases) +
                          " without the terminating line '0'";
}

}  // namespace rotation::judging
