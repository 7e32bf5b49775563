/* Relays stdin to stdout line by line ("got: <line>") until end of input, and writes a
   line to stderr: the borrowed-pipe tests check that stderr never joins a borrowed
   stdout and that end-of-file arrives once the judge closes its end. */
#include <stdio.h>
#include <string.h>

int main(void) {
  char line[4096];
  int n = 0;
  fputs("relay: on stderr\n", stderr);
  while (fgets(line, sizeof line, stdin)) {
    printf("got: %s", line);
    fflush(stdout);
    ++n;
  }
  printf("lines: %d\n", n);
  return 0;
}
