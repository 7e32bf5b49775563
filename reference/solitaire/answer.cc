#include "solitaire/answer.h"

namespace solitaire {

std::string Answer(const std::vector<Case>& cases, Solver& solver) {
  std::string out;
  out.reserve(cases.size() * 4);
  for (const Case& c : cases) {
    out += solver.Reachable(c.start, c.target, kProblemMoveLimit) ? kYes : kNo;
    out += '\n';
  }
  return out;
}

}  // namespace solitaire
