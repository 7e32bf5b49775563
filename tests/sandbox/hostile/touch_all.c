// Allocates argv[1] MiB and writes every page of it, then prints one byte: needs all
// of it resident.
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char** argv) {
  size_t bytes = (argc > 1 ? (size_t)atol(argv[1]) : 1024) << 20;
  char* p = malloc(bytes);
  if (p == NULL) return 2;
  for (size_t i = 0; i < bytes; i += 4096) p[i] = 1;
  printf("%d\n", p[bytes / 2]);
  return 0;
}
