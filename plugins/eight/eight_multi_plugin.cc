// Plugin "eight-multi": the 8-puzzle, boards until end of input (HDU 1043). Same
// adapter as "eight" (problem.h), many cases per input.
#include "problem.h"

using EightMulti = eight_plugin::EightProblem<eight::CaseCount::kOneOrMore>;
JUDGE_PLUGIN(EightMulti, "eight-multi", "1.0.0")
