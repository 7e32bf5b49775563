// Plugin "eight": the 8-puzzle with one board per input (POJ 1077).
#include "problem.h"

using Eight = eight_plugin::EightProblem<eight::CaseCount::kExactlyOne>;
JUDGE_PLUGIN(Eight, "eight", "1.0.0")
