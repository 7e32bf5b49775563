// A 63 MB static array, fully touched: about 63 MB, fine under 64 MiB.
#include <stdio.h>
static char a[63 * 1000 * 1000];
int main(void) {
  for (unsigned long i = 0; i < sizeof a; i += 4096) a[i] = (char)i;
  printf("%d\n", a[4096 * 7]);
  return 0;
}
