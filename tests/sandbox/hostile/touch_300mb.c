// Touches 300 MB: MLE under 256 MiB.
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  unsigned long n = 300UL * 1000 * 1000;
  volatile char* p = malloc(n);
  if (!p) return 2;
  for (unsigned long i = 0; i < n; i += 4096) p[i] = 1;
  printf("%d\n", p[n / 2]);
  return 0;
}
