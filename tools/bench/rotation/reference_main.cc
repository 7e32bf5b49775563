// rotation_bench_reference: the reference solver as a contestant-style program.
// Reads an input (stdin) and writes the answer (stdout); builds its distance table
// at start, like any process using the library would.
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "rotation/input.h"
#include "rotation/solver.h"

int main() {
  // Plain read(2) in large blocks: an istreambuf_iterator copy of the 10 KB input costs
  // about 0.3 ms, a sizeable share of the whole run.
  std::string input;
  char buffer[1 << 16];
  for (ssize_t n; (n = read(0, buffer, sizeof buffer)) > 0;) input.append(buffer, n);
  const rotation::ParsedInput parsed = rotation::ParseInput(input);
  if (!parsed.ok()) {
    std::fprintf(stderr, "rotation_bench_reference: %s\n", parsed.error.c_str());
    return 1;
  }
  std::vector<rotation::Solution> solutions;
  solutions.reserve(parsed.boards.size());
  for (const rotation::Board& board : parsed.boards) solutions.push_back(rotation::Solve(board));
  const std::string out = rotation::FormatAnswer(solutions);
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
