// Eight children touch 40 MiB each and wait: 320 MiB summed, MLE under 256 MiB.
#include <sys/wait.h>
#include <stdlib.h>
#include <unistd.h>
int main(void) {
  for (int i = 0; i < 8; ++i) {
    pid_t pid = fork();
    if (pid < 0) return 2;
    if (pid == 0) {
      unsigned long n = 40UL << 20;
      volatile char* p = malloc(n);
      for (unsigned long j = 0; j < n; j += 4096) p[j] = 1;
      sleep(5);
      _exit(0);
    }
  }
  while (wait(0) > 0) {
  }
  return 0;
}
