// Accepted: every pair, the closest sum (ties: the smaller).
#include <cstdio>
#include <cstdlib>
#include <vector>
int main() {
  int n;
  long long t;
  if (std::scanf("%d %lld", &n, &t) != 2) return 1;
  std::vector<long long> a(n);
  for (auto& x : a) std::scanf("%lld", &x);
  long long best = a[0] + a[1];
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      long long s = a[i] + a[j];
      if (std::llabs(s - t) < std::llabs(best - t) || (std::llabs(s - t) == std::llabs(best - t) && s < best)) best = s;
    }
  std::printf("%lld\n", best);
}
