// Busy-waits on clock_gettime (vDSO, no syscalls) for 60 s of wall time.
#include <time.h>
int main(void) {
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  do clock_gettime(CLOCK_MONOTONIC, &now);
  while (now.tv_sec - start.tv_sec < 60);
  return 0;
}
