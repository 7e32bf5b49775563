// Prints its network namespace ("net:[4026532...]"): runs of one slot share it, across
// judge processes too.
#include <stdio.h>
#include <unistd.h>
int main(void) {
  char buf[64];
  ssize_t n = readlink("/proc/self/ns/net", buf, sizeof buf - 1);
  if (n <= 0) return 2;
  buf[n] = '\0';
  printf("%s\n", buf);
  return 0;
}
