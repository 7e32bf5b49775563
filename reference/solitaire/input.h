// Parsing the problem's input: cases until end of file, each two lines of 8 integers
// "r1 c1 r2 c2 r3 c3 r4 c4", the start configuration and the target configuration.
//
// Two layouts are accepted, chosen by the caller:
//  - kTokens reads whitespace-separated tokens (any mix of spaces, tabs, CR, LF) in
//    groups of 16, as a contestant's scanf-based program would; integers may carry a
//    sign or leading zeros. The reference solver and the checker use it.
//  - kStrict is the validator's layout: exactly two lines per case, 8 tokens per line,
//    each token one digit 1..8, single spaces, LF line ends, a final newline, no blank
//    lines, at least one case.
// Both reject a coordinate outside 1..8 and two pieces on one cell of a configuration.
// Errors are one line naming the case, the line and the token (1-based, the token's
// position within its line), what was expected and what was found. Linear time, any
// input size or bytes; never throws except std::bad_alloc.
#ifndef SOLITAIRE_INPUT_H_
#define SOLITAIRE_INPUT_H_

#include <string>
#include <string_view>
#include <vector>

#include "solitaire/board.h"

namespace solitaire {

struct Case {
  Board start;
  Board target;
  int line = 0;  // the line of the case's first token, 1-based
};

enum class InputLayout { kTokens, kStrict };

struct ParsedInput {
  std::vector<Case> cases;  // in input order; meaningful only when ok()
  // Empty on success; otherwise one line, e.g.
  // "case 2, line 4, token 5: expected an integer 1..8, found '9'".
  std::string error;

  bool ok() const { return error.empty(); }
};

ParsedInput ParseInput(std::string_view text, InputLayout layout = InputLayout::kTokens);

// Quotes a token for a message: at most 20 characters, bytes outside printable ASCII
// as \xNN, then "..." and the full length when cut, e.g. 'xxxx'... (10000000 bytes).
std::string QuoteToken(std::string_view token);

}  // namespace solitaire

#endif  // SOLITAIRE_INPUT_H_
