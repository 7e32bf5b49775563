#include "eight/parse.h"

#include <array>

namespace eight {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

std::string Where(size_t case_no, int token_no, size_t line_no) {
  return "case " + std::to_string(case_no) + ", token " + std::to_string(token_no) +
         " (line " + std::to_string(line_no) + ")";
}

// Checks one complete case; returns the error or "".
std::string CheckCase(const Board& b, size_t case_no) {
  std::array<int, kCells> first{};  // token index (1-based) of each value's first use
  std::string repeat;
  for (int i = 0; i < kCells; ++i) {
    uint8_t v = b.cells[i];
    if (first[v] == 0) {
      first[v] = i + 1;
    } else if (repeat.empty()) {
      std::string what = v == kBlank ? "blank 'x'" : "tile " + std::to_string(v);
      repeat = what + " appears twice (tokens " + std::to_string(first[v]) + " and " +
               std::to_string(i + 1) + ")";
    }
  }
  std::string where = "case " + std::to_string(case_no) + ": ";
  if (first[kBlank] == 0) return where + "no blank 'x' among the 9 tokens (" + repeat + ")";
  if (!repeat.empty()) return where + repeat;
  return "";
}

}  // namespace

std::string QuoteForMessage(std::string_view text, size_t max_chars) {
  static const char kHex[] = "0123456789abcdef";
  std::string out = "'";
  size_t n = text.size() < max_chars ? text.size() : max_chars;
  for (size_t i = 0; i < n; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'') {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  if (n < text.size()) out += "...";
  out += '\'';
  return out;
}

ParseResult ParseBoards(std::string_view text, CaseCount count) {
  ParseResult r;
  Board current;
  int token_in_case = 0;
  size_t line_no = 1;
  size_t pos = 0;
  const size_t n = text.size();
  while (true) {
    while (pos < n && IsSpace(text[pos])) {
      if (text[pos] == '\n') ++line_no;
      ++pos;
    }
    if (pos >= n) break;
    size_t start = pos;
    while (pos < n && !IsSpace(text[pos])) ++pos;
    std::string_view token = text.substr(start, pos - start);
    size_t case_no = r.boards.size() + 1;
    if (count == CaseCount::kExactlyOne && case_no > 1) {
      r.error = "expected exactly 9 tokens (one board), found more: extra token " +
                QuoteForMessage(token) + " at line " + std::to_string(line_no);
      return r;
    }
    ++token_in_case;
    char c = token[0];
    bool legal = token.size() == 1 && (c == 'x' || (c >= '1' && c <= '8'));
    if (!legal) {
      r.error = Where(case_no, token_in_case, line_no) +
                ": expected a tile 1-8 or the blank x, found " + QuoteForMessage(token);
      return r;
    }
    current.cells[token_in_case - 1] = c == 'x' ? kBlank : static_cast<uint8_t>(c - '0');
    if (token_in_case == kCells) {
      if (std::string e = CheckCase(current, case_no); !e.empty()) {
        r.error = e;
        return r;
      }
      r.boards.push_back(current);
      token_in_case = 0;
    }
  }
  if (token_in_case != 0) {
    r.error = "case " + std::to_string(r.boards.size() + 1) + ": expected 9 tokens, found " +
              std::to_string(token_in_case) + " before the end of the input";
  } else if (r.boards.empty()) {
    r.error = "empty input: expected 9 tokens (one board), found none";
  }
  return r;
}

}  // namespace eight
