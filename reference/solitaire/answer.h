// The problem's output: one line per case, YES when the target can be reached from the
// start within kProblemMoveLimit moves, else NO.
#ifndef SOLITAIRE_ANSWER_H_
#define SOLITAIRE_ANSWER_H_

#include <string>
#include <string_view>
#include <vector>

#include "solitaire/input.h"
#include "solitaire/solver.h"

namespace solitaire {

inline constexpr std::string_view kYes = "YES";
inline constexpr std::string_view kNo = "NO";

// The expected output for cases: "YES\n" or "NO\n" per case, in order.
std::string Answer(const std::vector<Case>& cases, Solver& solver);

}  // namespace solitaire

#endif  // SOLITAIRE_ANSWER_H_
