// Prints the size in bytes of the run's /tmp (the root tmpfs, sized from the memory
// limit): how a test tells which init built the run's root.
#include <stdio.h>
#include <sys/statvfs.h>
int main(void) {
  struct statvfs s;
  if (statvfs("/tmp", &s) != 0) return 1;
  printf("%llu\n", (unsigned long long)s.f_blocks * (unsigned long long)s.f_frsize);
  return 0;
}
