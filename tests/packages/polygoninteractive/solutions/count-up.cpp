// Asks 1, 2, 3, ... until told "=": right, but with more questions than the jury's
// answer allows when n is large.
#include <cstdio>

int main() {
  for (long x = 1;; ++x) {
    std::printf("? %ld\n", x);
    std::fflush(stdout);
    char reply[2];
    if (std::scanf("%1s", reply) != 1) return 1;
    if (reply[0] == '=') {
      std::printf("! %ld\n", x);
      return 0;
    }
  }
}
