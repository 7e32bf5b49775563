// Reads n, then spins without a word.
#include <cstdio>
int main() {
  int n;
  if (std::scanf("%d", &n) != 1) return 1;
  volatile unsigned long x = 0;
  for (unsigned long i = 0; i < 100000000000UL; ++i) x += i;
}
