// Accepted, as a folder: one multi-file submission (main.cpp + parity.cpp + parity.h).
#include <cstdio>

#include "parity.h"

int main() {
  int n;
  if (std::scanf("%d", &n) != 1) return 1;
  long double s = 0;
  for (int i = 0; i < n; ++i) {
    double x;
    std::scanf("%lf", &x);
    s += x;
  }
  std::printf("%.9Lf\n%s\n", s, ParityWord(n));
}
