/* float-x87.cpp in C. */
#include <stdio.h>

int main(void) {
  float n;
  if (scanf("%f", &n) != 1) return 1;
  printf("%.0f\n", n + 1.0f - 1.0f);
  return 0;
}
