// The well-behaved program run after every hostile one: OK, tiny, fast.
#include <stdio.h>
int main(void) {
  printf("hello\n");
  return 0;
}
