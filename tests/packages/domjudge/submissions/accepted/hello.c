/* Accepted (C). */
#include <stdio.h>
int main(void) {
  int n;
  char name[256];
  if (scanf("%d", &n) != 1) return 1;
  while (n-- > 0 && scanf("%255s", name) == 1) printf("Hello %s!\n", name);
  return 0;
}
