// Sleeps forever without using CPU: TLE by wall time.
#include <unistd.h>
int main(void) {
  for (;;) pause();
}
