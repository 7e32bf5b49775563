// Time limit exceeded: correct, but spins for a long while on the big test.
#include <cstdio>
int main() {
  int n;
  if (std::scanf("%d", &n) != 1) return 1;
  double s = 0;
  for (int i = 0; i < n; ++i) {
    double x;
    std::scanf("%lf", &x);
    s += x;
  }
  volatile unsigned long spin = 0;
  if (n > 100)
    for (unsigned long i = 0; i < 40000000000UL; ++i) spin += i;
  std::printf("%.6f %s\n", s, n % 2 ? "odd" : "even");
}
