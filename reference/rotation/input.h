// Parsing the problem's input: cases of 24 digits, ended by a single 0.
//
// The parser reads whitespace-separated tokens (any mix of spaces, tabs, CR and LF),
// so it accepts every input a contestant's scanf-based program would. Layout rules
// (one case per line, single spaces) belong to the package's validator, not here.
#ifndef ROTATION_INPUT_H_
#define ROTATION_INPUT_H_

#include <string>
#include <string_view>
#include <vector>

#include "rotation/board.h"

namespace rotation {

struct ParsedInput {
  std::vector<Board> boards;  // in input order; meaningful only when ok()
  // Empty on success; otherwise one line naming the case, the token (its index within
  // the case, line and column), what was expected and what was found, e.g.
  // "case 3, token 17 (line 3, column 33): expected a digit 1..3, found '7'".
  std::string error;

  bool ok() const { return error.empty(); }
};

// Parses a whole input. Rejects: a token other than 1, 2, 3 inside a case (or other
// than those and 0 where a case starts), a case cut short, a missing terminating 0,
// a digit occurring other than 8 times in a case, and anything after the 0.
// Linear time; never throws except std::bad_alloc.
ParsedInput ParseInput(std::string_view text);

// Quotes a token for an error message: at most 20 characters, non-printable bytes
// as \xNN, followed by "..." when cut.
std::string QuoteToken(std::string_view token);

}  // namespace rotation

#endif  // ROTATION_INPUT_H_
