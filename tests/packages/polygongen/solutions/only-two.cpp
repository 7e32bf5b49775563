// Wrong: only ever tries 2 (91 = 7 x 13 is called prime).
#include <cstdio>

int main() {
  long long n = 0;
  if (std::scanf("%lld", &n) != 1) return 1;
  std::printf("%d\n", n % 2 == 0 && n > 2 ? 2 : -1);
}
