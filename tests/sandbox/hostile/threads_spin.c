// Four threads each burn argv[1] ms of their own CPU time (default: forever), then
// the program exits 0. Only a sandbox that sums the CPU of every thread sees more
// than argv[1] ms, whatever the machine's load.
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
static double limit_ms = -1;
static double thread_cpu_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}
static void* spin(void* arg) {
  volatile unsigned long x = 0;
  (void)arg;
  while (limit_ms < 0 || thread_cpu_ms() < limit_ms)
    for (int i = 0; i < 10000; ++i) x++;
  return 0;
}
int main(int argc, char** argv) {
  if (argc > 1) limit_ms = atof(argv[1]);
  pthread_t t[4];
  for (int i = 0; i < 4; ++i)
    if (pthread_create(&t[i], 0, spin, 0) != 0) return 2;
  for (int i = 0; i < 4; ++i) pthread_join(t[i], 0);
  return 0;
}
