// Old contest code: prints its answer, then system("pause") (a fork that the process
// limit refuses), then returns 0.
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  printf("42\n");
  fflush(stdout);
  system("pause");
  return 0;
}
