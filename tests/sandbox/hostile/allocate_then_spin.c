// Allocates argv[1] MiB (malloc: private writable memory), touches 1 MiB of it and
// spins: a program that asked for a large table and is stopped by the time limit
// before it used it.
#include <stdlib.h>
#include <string.h>
int main(int argc, char** argv) {
  size_t mib = argc > 1 ? (size_t)atol(argv[1]) : 1024;
  char* p = malloc(mib << 20);
  if (p == NULL) return 2;
  memset(p, 1, 1 << 20);
  volatile unsigned long x = 0;
  for (;;) x += (unsigned char)p[x & 0xfffff];
}
