// The smallest divisor above 1, by trial division up to the square root.
#include <cstdio>

int main() {
  long long n = 0;
  if (std::scanf("%lld", &n) != 1) return 1;
  for (long long d = 2; d * d <= n; ++d)
    if (n % d == 0) {
      std::printf("%lld\n", d);
      return 0;
    }
  std::printf("-1\n");
}
