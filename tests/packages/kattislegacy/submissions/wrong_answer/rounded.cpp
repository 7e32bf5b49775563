// Wrong answer: rounds the sum to two decimals (off by more than 1e-6 on big inputs).
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
  std::printf("%.1f %s\n", s, n % 2 ? "odd" : "even");
}
