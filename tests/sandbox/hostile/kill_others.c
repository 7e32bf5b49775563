// Signals its parent, the init (pid 1) and every process (-1). None of it may reach
// outside the run; the program itself survives kill(-1).
#include <signal.h>
#include <unistd.h>
#include "escape_common.h"
int main(void) {
  ATTEMPT(kill(getppid(), SIGKILL) == 0, "kill the parent");
  ATTEMPT(kill(1, SIGKILL) == 0, "kill pid 1");
  ATTEMPT(kill(1, SIGTERM) == 0, "SIGTERM pid 1");
  kill(-1, SIGKILL);  // only the caller's own processes could be hit
  usleep(10000);
  return escaped;
}
