// About 200 MB of recursion (stack): fine under 256 MiB with the default stack limit.
#include <stdio.h>
#include <string.h>
static int depth(int n) {
  volatile char frame[4000];
  memset((char*)frame, n & 0xff, sizeof frame);
  if (n == 0) return frame[7];
  return depth(n - 1) + frame[n % 4000];
}
int main(void) {
  printf("%d\n", depth(50 * 1000));  // 50,000 frames of ~4 KB
  return 0;
}
