/* Writes a line, closes stdout, then waits for the end of stdin: the reader of its
   stdout must see end-of-file while it still runs (nobody else may hold that pipe's
   write end), or both sides wait for ever. */
#include <stdio.h>
#include <unistd.h>

int main(void) {
  char buf[256];
  fputs("bye\n", stdout);
  fclose(stdout);
  while (read(0, buf, sizeof buf) > 0) {
  }
  return 0;
}
