// putchar forever: OLE quickly, never TLE.
#include <stdio.h>
int main(void) {
  for (;;) putchar('x');
}
