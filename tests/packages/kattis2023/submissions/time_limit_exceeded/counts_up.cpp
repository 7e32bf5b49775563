// Too slow: counts up to n one by one (10^9 steps with a dependency chain).
#include <cstdio>
int main() {
  long long n;
  if (std::scanf("%lld", &n) != 1) return 1;
  volatile long long a = 1;
  for (long long i = 0; i < 40 * n; ++i) a = a * 3 % 1000003;
  std::printf("1 %lld\n", n - 1);
}
