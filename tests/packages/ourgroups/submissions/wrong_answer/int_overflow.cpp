// 32-bit arithmetic: wrong on the large group only: 50 points.
#include <cstdio>
int main() {
  long long n;
  if (std::scanf("%lld", &n) != 1) return 1;
  int x = static_cast<int>(n);
  std::printf("%d\n", 2 * x);
}
