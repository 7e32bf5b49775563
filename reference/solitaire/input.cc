#include "solitaire/input.h"

#include <array>
#include <cstdio>

namespace solitaire {
namespace {

constexpr int kIntegersPerConfig = 2 * kPieceCount;  // 8
constexpr int kIntegersPerCase = 2 * kIntegersPerConfig;

bool IsBlank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f'; }

// A coordinate token as scanf("%d") would read it: optional sign, then digits. Returns
// the value when it is 1..kSide, else 0.
int LenientCoordinate(std::string_view token) {
  size_t i = 0;
  bool negative = false;
  if (i < token.size() && (token[i] == '+' || token[i] == '-')) negative = token[i++] == '-';
  if (i == token.size()) return 0;
  int value = 0;
  for (; i < token.size(); ++i) {
    char ch = token[i];
    if (ch < '0' || ch > '9') return 0;
    value = value * 10 + (ch - '0');
    if (value > kSide) return 0;  // also stops overflow on long digit strings
  }
  return !negative && value >= 1 ? value : 0;
}

// The validator's coordinate: exactly one digit 1..8.
int StrictCoordinate(std::string_view token) {
  return token.size() == 1 && token[0] >= '1' && token[0] <= '0' + kSide ? token[0] - '0' : 0;
}

struct Where {
  int line = 0;
  int token = 0;  // position within the line, 1-based
};

std::string Prefix(int case_no, int line) {
  return "case " + std::to_string(case_no) + ", line " + std::to_string(line);
}

std::string Prefix(int case_no, Where where) {
  return Prefix(case_no, where.line) + ", token " + std::to_string(where.token);
}

std::string BadCoordinate(int case_no, Where where, std::string_view token) {
  return Prefix(case_no, where) + ": expected an integer 1..8, found " + QuoteToken(token);
}

// Eight coordinates of one configuration, with where each came from.
struct ConfigTokens {
  std::array<int, kIntegersPerConfig> value{};
  std::array<Where, kIntegersPerConfig> where{};
};

// Builds the board, or returns the error for two pieces on one cell.
std::string ToBoard(const ConfigTokens& t, int case_no, bool is_target, Board* board) {
  std::array<Cell, kPieceCount> cells{};
  for (int p = 0; p < kPieceCount; ++p) {
    cells[p] = CellAt(t.value[2 * p], t.value[2 * p + 1]);
    for (int q = 0; q < p; ++q) {
      if (cells[q] != cells[p]) continue;
      const Where& first = t.where[2 * q];
      return Prefix(case_no, t.where[2 * p]) + ": second piece on cell (" +
             std::to_string(t.value[2 * p]) + ", " + std::to_string(t.value[2 * p + 1]) +
             ") of the " + (is_target ? "target" : "start") + " (first at line " +
             std::to_string(first.line) + ", token " + std::to_string(first.token) + ")";
    }
  }
  *board = BoardOf(cells);
  return "";
}

ParsedInput ParseTokens(std::string_view text) {
  ParsedInput out;
  std::array<ConfigTokens, 2> configs;
  int count = 0;  // integers read of the current case
  int case_no = 1;
  int line = 1, token_in_line = 0;
  size_t i = 0;
  const size_t n = text.size();
  while (i < n) {
    const char ch = text[i];
    if (ch == '\n') {
      ++line;
      token_in_line = 0;
      ++i;
      continue;
    }
    if (IsBlank(ch)) {
      ++i;
      continue;
    }
    const size_t begin = i;
    while (i < n && text[i] != '\n' && !IsBlank(text[i])) ++i;
    const std::string_view token = text.substr(begin, i - begin);
    const Where where{line, ++token_in_line};
    const int value = LenientCoordinate(token);
    if (value == 0) {
      out.error = BadCoordinate(case_no, where, token);
      return out;
    }
    ConfigTokens& config = configs[count / kIntegersPerConfig];
    config.value[count % kIntegersPerConfig] = value;
    config.where[count % kIntegersPerConfig] = where;
    if (++count < kIntegersPerCase) continue;
    Case c;
    c.line = configs[0].where[0].line;
    out.error = ToBoard(configs[0], case_no, false, &c.start);
    if (out.error.empty()) out.error = ToBoard(configs[1], case_no, true, &c.target);
    if (!out.error.empty()) return out;
    out.cases.push_back(c);
    count = 0;
    ++case_no;
  }
  if (count != 0) {
    const ConfigTokens& last = configs[(count - 1) / kIntegersPerConfig];
    out.error = Prefix(case_no, last.where[(count - 1) % kIntegersPerConfig].line) +
                ": input ends after " + std::to_string(count) + " of the case's " +
                std::to_string(kIntegersPerCase) + " integers";
  }
  return out;
}

// Checks one line of the strict layout and reads its 8 coordinates.
std::string ParseStrictLine(std::string_view text, int case_no, int line, ConfigTokens* config) {
  const std::string where_line = Prefix(case_no, line);
  if (text.empty()) return where_line + ": blank line, expected 8 integers";
  auto column = [&](size_t k) { return where_line + ", column " + std::to_string(k + 1); };
  int tokens = 0;
  size_t k = 0;
  while (k < text.size()) {
    const char ch = text[k];
    if (ch == ' ') {
      if (k == 0) return column(k) + ": expected a token, found a space";
      if (k + 1 == text.size()) return column(k) + ": trailing space";
      if (text[k + 1] == ' ') return column(k + 1) + ": expected one space between tokens, found two";
      ++k;
      continue;
    }
    if (IsBlank(ch)) {
      return column(k) + ": expected single spaces and LF line ends, found " +
             QuoteToken(text.substr(k, 1));
    }
    const size_t begin = k;
    while (k < text.size() && !IsBlank(text[k])) ++k;
    const std::string_view token = text.substr(begin, k - begin);
    if (++tokens > kIntegersPerConfig) continue;  // counted below
    const Where where{line, tokens};
    const int value = StrictCoordinate(token);
    if (value == 0) return BadCoordinate(case_no, where, token);
    config->value[tokens - 1] = value;
    config->where[tokens - 1] = where;
  }
  if (tokens != kIntegersPerConfig) {
    return where_line + ": expected " + std::to_string(kIntegersPerConfig) + " integers, found " +
           std::to_string(tokens);
  }
  return "";
}

ParsedInput ParseStrict(std::string_view text) {
  ParsedInput out;
  if (text.empty()) {
    out.error = "expected at least one case, found an empty input";
    return out;
  }
  std::array<ConfigTokens, 2> configs;
  int line = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    ++line;
    size_t end = text.find('\n', pos);
    const bool has_newline = end != std::string_view::npos;
    if (!has_newline) end = text.size();
    const int case_no = (line - 1) / 2 + 1;
    const bool is_target = (line - 1) % 2 == 1;
    ConfigTokens& config = configs[is_target];
    out.error = ParseStrictLine(text.substr(pos, end - pos), case_no, line, &config);
    if (out.error.empty() && is_target) {
      Case c;
      c.line = line - 1;
      out.error = ToBoard(configs[0], case_no, false, &c.start);
      if (out.error.empty()) out.error = ToBoard(configs[1], case_no, true, &c.target);
      if (out.error.empty()) out.cases.push_back(c);
    }
    if (out.error.empty() && !has_newline) {
      out.error = Prefix(case_no, line) + ": expected a newline at the end of the input";
    }
    if (!out.error.empty()) return out;
    pos = end + 1;
  }
  if (line % 2 == 1) {
    out.error = Prefix(line / 2 + 1, line) + ": input ends after the start configuration, " +
                "expected the target on line " + std::to_string(line + 1);
  }
  return out;
}

}  // namespace

ParsedInput ParseInput(std::string_view text, InputLayout layout) {
  return layout == InputLayout::kStrict ? ParseStrict(text) : ParseTokens(text);
}

std::string QuoteToken(std::string_view token) {
  constexpr size_t kShown = 20;
  std::string quoted = "'";
  for (size_t i = 0; i < token.size() && i < kShown; ++i) {
    const unsigned char ch = static_cast<unsigned char>(token[i]);
    if (ch >= 0x20 && ch < 0x7f && ch != '\\' && ch != '\'') {
      quoted += static_cast<char>(ch);
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", ch);
      quoted += hex;
    }
  }
  quoted += '\'';
  if (token.size() > kShown) quoted += "... (" + std::to_string(token.size()) + " bytes)";
  return quoted;
}

}  // namespace solitaire
