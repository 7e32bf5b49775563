// Sends itself SIGXCPU at once, with next to no CPU time used: the signal of the
// kernel's CPU limit, from the program, not from a limit.
#include <signal.h>
int main(void) {
  raise(SIGXCPU);
  return 0;
}
