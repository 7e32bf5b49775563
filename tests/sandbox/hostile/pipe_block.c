// Blocks reading a pipe whose write end it holds itself: TLE by wall time.
#include <unistd.h>
int main(void) {
  int p[2];
  if (pipe(p) != 0) return 2;
  char c;
  return (int)read(p[0], &c, 1);
}
