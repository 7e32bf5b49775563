// Sleeps for argv[1] milliseconds without using CPU, then exits 0: a program that is
// there long enough for the host to look at it (launcher_test).
#include <stdlib.h>
#include <time.h>
int main(int argc, char** argv) {
  long ms = argc > 1 ? atol(argv[1]) : 100;
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};
  while (nanosleep(&ts, &ts) != 0) {
  }
  return 0;
}
