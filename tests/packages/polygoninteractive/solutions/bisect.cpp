// Guesses by halving the range: at most 10 questions.
#include <cstdio>

int main() {
  long lo = 1, hi = 1000;
  for (;;) {
    const long mid = (lo + hi) / 2;
    std::printf("? %ld\n", mid);
    std::fflush(stdout);
    char reply[2];
    if (std::scanf("%1s", reply) != 1) return 1;
    if (reply[0] == '=') {
      std::printf("! %ld\n", mid);
      return 0;
    }
    if (reply[0] == '<') hi = mid - 1;
    else lo = mid + 1;
  }
}
