// execs /bin/sh: allowed, and still inside the sandbox (same limits, no privileges).
#include <unistd.h>
int main(void) {
  execl("/bin/sh", "sh", "-c", "echo from-sh; id -u", (char*)0);
  return 2;
}
