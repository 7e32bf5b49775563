// eight-multi as a contestant program built on the reference solver: reads boards
// from stdin until EOF, prints one answer per line. Process start and the table
// build are part of every run, as in a real submission.
#include <cstdio>
#include <string>

#include "eight/solver.h"

int main() {
  std::string input;
  char buffer[1 << 16];
  for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, stdin)) > 0;) input.append(buffer, n);
  eight::SolveTextResult r = eight::SolveText(input, eight::CaseCount::kOneOrMore);
  if (!r.error.empty()) {
    std::fprintf(stderr, "%s\n", r.error.c_str());
    return 1;
  }
  std::fwrite(r.answer.data(), 1, r.answer.size(), stdout);
  return 0;
}
