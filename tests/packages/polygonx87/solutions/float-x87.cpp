// n + 1 - 1 in float: 16777216 + 1 needs 25 bits. Kept in an x87 register (80 bits),
// the sum is exact and n comes back; rounded to a float (SSE), it is 16777216 again
// and 16777215 comes back.
#include <cstdio>

int main() {
  float n;
  if (std::scanf("%f", &n) != 1) return 1;
  std::printf("%.0f\n", n + 1.0f - 1.0f);
}
