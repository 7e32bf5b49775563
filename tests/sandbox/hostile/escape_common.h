// Shared by the escape programs: each attempt that succeeds is reported on stderr
// and makes the program exit 1; exit 0 means every attempt was refused.
#include <errno.h>
#include <stdio.h>
#include <string.h>
static int escaped = 0;
#define ATTEMPT(ok, what)                                       \
  do {                                                          \
    if (ok) {                                                   \
      fprintf(stderr, "ESCAPED: %s\n", what);                   \
      escaped = 1;                                              \
    } else {                                                    \
      fprintf(stderr, "refused: %s (%s)\n", what, strerror(errno)); \
    }                                                           \
  } while (0)
