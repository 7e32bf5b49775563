// Reserves 1 GiB of address space and touches 10 MiB: fine, about 10 MiB.
#include <stdio.h>
#include <sys/mman.h>
int main(void) {
  char* p = mmap(0, 1UL << 30, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return 2;
  for (unsigned long i = 0; i < (10UL << 20); i += 4096) p[i] = 1;
  printf("%d\n", p[4096]);
  return 0;
}
