// Two children setsid (leaving the parent's session) and spin; the parent exits after
// argv[1] ms (default: at once). The daemons must be killed with the run and their
// CPU counted.
#include <stdlib.h>
#include <unistd.h>
int main(int argc, char** argv) {
  int wait_ms = argc > 1 ? atoi(argv[1]) : 0;
  for (int i = 0; i < 2; ++i) {
    pid_t pid = fork();
    if (pid < 0) return 2;
    if (pid == 0) {
      setsid();
      if (fork() > 0) _exit(0);  // double fork: orphaned, reparented to the init
      volatile unsigned long x = 0;
      for (;;) x++;
    }
  }
  if (wait_ms > 0) usleep(wait_ms * 1000);
  return 0;
}
