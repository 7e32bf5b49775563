// A correct-looking answer, then 100 MB of spaces: OLE.
#include <stdio.h>
#include <string.h>
int main(void) {
  printf("42\n");
  static char buf[1 << 16];
  memset(buf, ' ', sizeof buf);
  for (int i = 0; i < 1600; ++i) fwrite(buf, 1, sizeof buf, stdout);
  return 0;
}
