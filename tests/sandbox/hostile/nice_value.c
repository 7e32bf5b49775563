// Prints its nice value, then whether it could lower it to 0 again ("lowered" or
// "kept"): a compile run at a lower priority must stay there.
#include <stdio.h>
#include <sys/resource.h>

int main(void) {
  int before = getpriority(PRIO_PROCESS, 0);
  int lowered = setpriority(PRIO_PROCESS, 0, 0) == 0 && getpriority(PRIO_PROCESS, 0) == 0 && before != 0;
  printf("%d %s\n", before, lowered ? "lowered" : "kept");
  return 0;
}
