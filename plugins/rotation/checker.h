// The special judge of the Rotation Game: replays the contestant's moves with the
// reference rules and explains every rejection with the case number and position.
//
// Output policy (also in the statement):
//   tolerated: trailing spaces, tabs or CR at the end of a line (CRLF line endings),
//              a missing final newline, blank lines after the last case;
//   PE:        blank lines before or between cases, leading whitespace on a line,
//              spaces or tabs inside the move line, "No moves needed" with other
//              capitalisation or spacing (on a board that needs no moves);
//   WA:        anything else that is not the expected answer (wrong line count,
//              letters outside A..H, not ending in a goal, wrong centre digit, not
//              shortest, not the lexicographically smallest under tie_break).
// A wrong answer outranks a presentation error: PE only when the content is right.
//
// Plugin options: tie_break=lexicographic (default: the unique answer of the original)
// or tie_break=any (any shortest sequence). Unknown options or values are a checker
// failure naming them.
#ifndef ROTATION_PLUGIN_CHECKER_H_
#define ROTATION_PLUGIN_CHECKER_H_

#include <string_view>

#include "judge_plugin_sdk.h"

namespace rotation::judging {

// Judges output for input. answer (the jury's .ans) may be empty; when present it
// must agree with the reference solver, else CheckerFailure (stale or broken jury
// data). Linear time and constant extra memory in the size of output (a 10^7-move
// line or binary garbage included). Thread-safe.
judge::sdk::CheckResult CheckOutput(std::string_view input, std::string_view output,
                                    std::string_view answer, const judge::sdk::Options& options);

}  // namespace rotation::judging

#endif  // ROTATION_PLUGIN_CHECKER_H_
