// Output validator: validate input answer feedback_dir < team_output. Any pair of
// positive integers summing to n is accepted; exactly two tokens.
#include <fstream>
#include <iostream>
#include <string>

#include "validate.h"

namespace {

bool ReadPositive(const std::string& token, long long* v) {
  if (token.empty() || token.size() > 12 || token[0] == '0') return false;
  for (char c : token)
    if (c < '0' || c > '9') return false;
  *v = std::stoll(token);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) return 1;
  check::feedback_dir = argv[3];
  std::ifstream in(argv[1]);
  long long n = 0;
  if (!(in >> n)) return 1;  // bad jury input: neither 42 nor 43, a judge error
  std::string a, b, extra;
  if (!(std::cin >> a >> b)) check::Wrong("expected two integers");
  long long x = 0, y = 0;
  if (!ReadPositive(a, &x) || !ReadPositive(b, &y)) check::Wrong("expected positive integers, got " + a + " " + b);
  if (std::cin >> extra) check::Wrong("trailing output: " + extra);
  if (x + y != n) check::Wrong(a + " + " + b + " is not " + std::to_string(n));
  check::Accept("ok");
}
