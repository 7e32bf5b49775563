// The reference solver as a contestant-style program: reads cases from stdin, writes
// YES/NO lines to stdout. One of the two programs the benchmark times (process start,
// reading and parsing included).
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

#include "solitaire/answer.h"
#include "solitaire/input.h"
#include "solitaire/solver.h"

int main() {
  std::string input{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  solitaire::ParsedInput parsed = solitaire::ParseInput(input, solitaire::InputLayout::kTokens);
  if (!parsed.ok()) {
    std::fprintf(stderr, "solitaire_bench_reference: %s\n", parsed.error.c_str());
    return 1;
  }
  solitaire::Solver solver;
  const std::string answer = solitaire::Answer(parsed.cases, solver);
  std::fwrite(answer.data(), 1, answer.size(), stdout);
  return 0;
}
