// Spins for argv[1] milliseconds of its own CPU time, then exits 0 (timing accuracy).
#include <stdlib.h>
#include <time.h>
static double cpu_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}
int main(int argc, char** argv) {
  double want = argc > 1 ? atof(argv[1]) : 100;
  volatile unsigned long x = 0;
  while (cpu_ms() < want)
    for (int i = 0; i < 10000; ++i) x++;
  return 0;
}
