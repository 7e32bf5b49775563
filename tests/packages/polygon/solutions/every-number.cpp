// Too slow: tries every number below n (a 10^9 prime takes seconds).
#include <cstdio>

int main() {
  long long n = 0;
  if (std::scanf("%lld", &n) != 1) return 1;
  long long found = -1;
  for (long long d = n - 1; d > 1; --d)
    if (n % d == 0) found = d;
  std::printf("%lld\n", found);
}
