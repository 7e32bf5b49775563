// Reading boards from input text.
//
// Input is a sequence of tokens separated by any whitespace (space, tab, newline,
// carriage return, vertical tab, form feed), so CRLF files, grids, one board per line
// and ragged layouts all read the same. A token is one character: a tile '1'..'8' or
// the blank 'x'. Every nine tokens make one board ("case"), rows top to bottom.
//
// Errors are values: one line naming the case, the token index within the case
// (1-based), the line of the input and what was expected and found, e.g.
//   case 2, token 5 (line 3): expected a tile 1-8 or the blank x, found '12'
// Parsing stops at the first error, so hostile input costs at most one pass.
#ifndef EIGHT_PARSE_H_
#define EIGHT_PARSE_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "eight/board.h"

namespace eight {

enum class CaseCount {
  kExactlyOne,  // POJ 1077: the input is one board
  kOneOrMore,   // HDU 1043: boards until end of input
};

struct ParseResult {
  std::vector<Board> boards;  // complete only when error is empty
  std::string error;          // one line; empty on success

  bool ok() const { return error.empty(); }
};

// Parses text into boards. Each board is a permutation of 0..8 when ok().
ParseResult ParseBoards(std::string_view text, CaseCount count);

// A short printable rendering of untrusted text for messages: at most max_chars
// characters, non-printable bytes as \xNN, and "..." when cut.
std::string QuoteForMessage(std::string_view text, size_t max_chars = 20);

}  // namespace eight

#endif  // EIGHT_PARSE_H_
