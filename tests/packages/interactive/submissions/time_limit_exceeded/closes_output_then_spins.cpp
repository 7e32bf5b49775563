// Closes its output without a guess, then spins. The interactor's end-of-file waits
// for the submission's end, so the submission's own TLE is the verdict (BAPCtools'
// rule; DOMjudge and problemtools pass the end-of-file on at once and say WA: see
// docs/problem-format.md).
#include <cstdio>
int main() {
  std::fclose(stdout);
  volatile unsigned long x = 0;
  for (unsigned long i = 0; i < 100000000000UL; ++i) x += i;
}
