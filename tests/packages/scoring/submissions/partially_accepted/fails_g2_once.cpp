// Full marks except on g2 (n = 50), whose first failure ends g2 (on_reject: break):
// 10 + 40 + 0 = 50.
#include <cstdio>
int main() {
  int n;
  if (std::scanf("%d", &n) != 1) return 1;
  std::printf("%d\n", n == 50 ? 0 : n);
}
