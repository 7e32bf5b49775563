// A 40 MiB initialised table baked into the binary (.data, file-backed pages), read
// in full: its pages were charged to whoever copied the binary, not to the run, yet
// they are the program's memory.
#include <stdio.h>
#define N (40 * 1024 * 1024)
static unsigned char table[N] = {1, 2, 3, 4, 5, 6, 7, 8};
int main(void) {
  unsigned long sum = 0;
  for (unsigned long i = 0; i < N; i += 4096) sum += table[i] + table[i + 4095];
  printf("%lu\n", sum);
  return 0;
}
