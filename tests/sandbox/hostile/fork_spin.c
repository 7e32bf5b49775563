// A forked child spins while the parent waits: the child's CPU is counted.
#include <sys/wait.h>
#include <unistd.h>
int main(void) {
  pid_t pid = fork();
  if (pid < 0) return 2;
  if (pid == 0) {
    volatile unsigned long x = 0;
    for (;;) x++;
  }
  waitpid(pid, 0, 0);
  return 0;
}
