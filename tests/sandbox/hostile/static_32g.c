// A 32 GiB static array: cannot even be loaded, or dies touching it.
#include <stdio.h>
static char a[32UL << 30];
int main(void) {
  for (unsigned long i = 0; i < sizeof a; i += 4096) a[i] = 1;
  printf("%d\n", a[12345]);
  return 0;
}
