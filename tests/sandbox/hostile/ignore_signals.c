// Ignores or blocks every catchable signal the judge might use to stop it, then spins.
#include <signal.h>
int main(void) {
  for (int s = 1; s < 32; ++s)
    if (s != SIGKILL && s != SIGSTOP) signal(s, SIG_IGN);
  sigset_t all;
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, 0);
  volatile unsigned long x = 0;
  for (;;) x++;
}
