#include "rotation/input.h"

#include <cstdio>

namespace rotation {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// Splits text into tokens, tracking line and column (1-based) of each token's start.
class Tokenizer {
 public:
  explicit Tokenizer(std::string_view text) : text_(text) {}

  // The next token, or an empty view at the end of the input.
  std::string_view Next() {
    while (pos_ < text_.size() && IsSpace(text_[pos_])) Advance();
    line_ = cur_line_;
    column_ = pos_ - line_start_ + 1;
    const size_t begin = pos_;
    while (pos_ < text_.size() && !IsSpace(text_[pos_])) ++pos_;
    return text_.substr(begin, pos_ - begin);
  }

  // "line L, column C" of the token Next() returned last.
  std::string Where() const {
    return "line " + std::to_string(line_) + ", column " + std::to_string(column_);
  }

 private:
  void Advance() {
    if (text_[pos_] == '\n') {
      ++cur_line_;
      line_start_ = pos_ + 1;
    }
    ++pos_;
  }

  std::string_view text_;
  size_t pos_ = 0;
  size_t cur_line_ = 1;
  size_t line_start_ = 0;
  size_t line_ = 1;
  size_t column_ = 1;
};

}  // namespace

std::string QuoteToken(std::string_view token) {
  constexpr size_t kMax = 20;
  std::string out = "'";
  for (size_t i = 0; i < token.size() && i < kMax; ++i) {
    const unsigned char c = static_cast<unsigned char>(token[i]);
    if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'') {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  out += '\'';
  if (token.size() > kMax) out += "...";
  return out;
}

ParsedInput ParseInput(std::string_view text) {
  ParsedInput result;
  Tokenizer tokens(text);
  for (;;) {
    const size_t case_no = result.boards.size() + 1;
    std::string_view first = tokens.Next();
    if (first.empty()) {
      result.error = result.boards.empty()
                         ? "input ends before the terminating 0 (no cases and no 0)"
                         : "input ends after case " + std::to_string(case_no - 1) +
                               " without the terminating 0";
      return result;
    }
    if (first == "0") break;
    Board board;
    for (int i = 0; i < kCellCount; ++i) {
      std::string_view token = i == 0 ? first : tokens.Next();
      // Built only for an error: formatting it for every token would cost more than
      // the rest of the parse.
      const auto where = [&] {
        return "case " + std::to_string(case_no) + ", token " + std::to_string(i + 1) + " (" +
               tokens.Where() + ")";
      };
      if (token.empty()) {
        result.error = where() + ": input ends inside the case, expected 24 digits, found " +
                       std::to_string(i);
        return result;
      }
      if (token.size() != 1 || token[0] < '1' || token[0] > '3') {
        result.error = where() + ": expected a digit 1..3" +
                       (i == 0 ? std::string(" or the terminating 0") : std::string()) +
                       ", found " + QuoteToken(token);
        return result;
      }
      board.cells[i] = static_cast<uint8_t>(token[0] - '0');
    }
    for (int digit = 1; digit <= kDigitCount; ++digit) {
      const int count = CountDigit(board, digit);
      if (count != kCellsPerDigit) {
        result.error = "case " + std::to_string(case_no) + ": digit " + std::to_string(digit) +
                       " occurs " + std::to_string(count) + " times, expected 8";
        return result;
      }
    }
    result.boards.push_back(board);
  }
  std::string_view extra = tokens.Next();
  if (!extra.empty()) {
    result.error = "after the terminating 0 (" + tokens.Where() + "): expected the end of input, found " +
                   QuoteToken(extra);
  }
  return result;
}

}  // namespace rotation
