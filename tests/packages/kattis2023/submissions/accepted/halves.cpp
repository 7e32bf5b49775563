// Accepted: n/2 and the rest, with the package's include/cpp/split.h.
#include <cstdio>

#include "split.h"

int main() {
  long long n;
  if (std::scanf("%lld", &n) != 1) return 1;
  std::printf("%lld %lld\n", Half(n), n - Half(n));
}
