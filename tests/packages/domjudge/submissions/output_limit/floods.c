/* Writes far more than the 1 MiB output limit. */
#include <stdio.h>
int main(void) {
  for (long i = 0; i < 10000000; ++i) puts("Hello flood!");
  return 0;
}
