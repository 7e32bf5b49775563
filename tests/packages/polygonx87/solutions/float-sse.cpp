// n + 1 - 1 in float, as float-x87.cpp, under a 64-bit type: SSE rounds 16777217
// to a float (16777216) and 16777215 comes back.
#include <cstdio>

int main() {
  float n;
  if (std::scanf("%f", &n) != 1) return 1;
  std::printf("%.0f\n", n + 1.0f - 1.0f);
}
